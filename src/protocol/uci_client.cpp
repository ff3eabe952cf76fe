#include "protocol/uci_client.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstring>
#include <sstream>

#include "core/text.h"
#include "engine/score.h"

extern char** environ;

namespace chimera::protocol {

namespace {
constexpr int kHandshakeMs = 10000;
}

UciClient::~UciClient() { stop_process(); }

void UciClient::stop_process() {
    if (pid_ > 0) {
        (void)send("quit");
        for (int i = 0; i < 100; ++i) {  // up to 1 s to leave on its own
            if (waitpid(pid_, nullptr, WNOHANG) == pid_) {
                pid_ = -1;
                break;
            }
            usleep(10000);
        }
        if (pid_ > 0) {
            kill(pid_, SIGKILL);
            waitpid(pid_, nullptr, 0);
            pid_ = -1;
        }
    }
    if (to_engine_ >= 0) close(to_engine_);
    if (from_engine_ >= 0) close(from_engine_);
    to_engine_ = from_engine_ = -1;
}

Status UciClient::start(const std::string& path, const std::string& variant, int hash_mb, int skill,
                        const std::vector<std::pair<std::string, std::string>>& options) {
    path_ = path;
    int in_pipe[2], out_pipe[2];
    if (pipe2(in_pipe, O_CLOEXEC) != 0)
        return Status::error("engine " + path + ": pipe: " + std::strerror(errno));
    if (pipe2(out_pipe, O_CLOEXEC) != 0) {
        close(in_pipe[0]);
        close(in_pipe[1]);
        return Status::error("engine " + path + ": pipe: " + std::strerror(errno));
    }
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_adddup2(&fa, in_pipe[0], 0);
    posix_spawn_file_actions_adddup2(&fa, out_pipe[1], 1);
    posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
    std::vector<char*> argv{const_cast<char*>(path.c_str()), nullptr};
    const int rc = posix_spawn(&pid_, path.c_str(), &fa, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&fa);
    close(in_pipe[0]);
    close(out_pipe[1]);
    to_engine_ = in_pipe[1];
    from_engine_ = out_pipe[0];
    if (rc != 0) {
        pid_ = -1;
        stop_process();
        return Status::error("engine " + path + ": cannot start: " + std::strerror(rc));
    }
    signal(SIGPIPE, SIG_IGN);  // a dead engine must give an error, not kill us
    // A program that exits at once may be noticed on the write or on the
    // read, whichever comes first; either way the user learns the same thing.
    if (Status s = send("uci"); !s) return Status::error(s.message() + " (waiting for uciok)");
    std::vector<std::string> listed;
    if (Status s = expect("uciok", kHandshakeMs, &listed); !s) return s;
    auto has = [&](const std::string& name) {  // UCI's option names are case-insensitive
        return std::any_of(listed.begin(), listed.end(), [&](const std::string& l) {
            return std::equal(l.begin(), l.end(), name.begin(), name.end(), [](char x, char y) {
                return std::tolower(static_cast<unsigned char>(x)) ==
                       std::tolower(static_cast<unsigned char>(y));
            });
        });
    };
    std::vector<std::pair<std::string, std::string>> set;
    if (has("UCI_Variant")) set.emplace_back("UCI_Variant", variant);
    if (has("Hash")) set.emplace_back("Hash", std::to_string(hash_mb));
    if (skill >= 0) {
        if (!has("Skill Level"))
            return Status::error("engine " + path + " has no option 'Skill Level' (level=)");
        set.emplace_back("Skill Level", std::to_string(skill));
    }
    for (const auto& [name, value] : options) {
        if (!has(name))
            return Status::error("engine " + path + " has no option " + quoted(name) +
                                 " (it lists " + std::to_string(listed.size()) + ")");
        set.emplace_back(name, value);
    }
    for (const auto& [name, value] : set)
        if (Status s = send("setoption name " + name + " value " + value); !s) return s;
    if (Status s = send("isready"); !s) return s;
    return expect("readyok", kHandshakeMs);
}

Status UciClient::send(const std::string& line) {
    if (to_engine_ < 0) return Status::error("engine " + path_ + " is not running");
    const std::string text = line + "\n";
    std::size_t done = 0;
    while (done < text.size()) {
        const ssize_t n = write(to_engine_, text.data() + done, text.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return Status::error("engine " + path_ + ": write failed (it has exited?)");
        done += static_cast<std::size_t>(n);
    }
    return Status::ok();
}

Status UciClient::read_line(std::string& line, int timeout_ms) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
    while (true) {
        if (const auto nl = buffer_.find('\n'); nl != std::string::npos) {
            line = buffer_.substr(0, nl);
            if (!line.empty() && line.back() == '\r') line.pop_back();
            buffer_.erase(0, nl + 1);
            return Status::ok();
        }
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                              deadline - std::chrono::steady_clock::now())
                              .count();
        if (left <= 0)
            return Status::error("engine " + path_ + ": no answer within " +
                                 std::to_string(timeout_ms) + " ms");
        pollfd p{from_engine_, POLLIN, 0};
        const int r = poll(&p, 1, static_cast<int>(left));
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) continue;
        char chunk[4096];
        const ssize_t n = read(from_engine_, chunk, sizeof chunk);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return Status::error("engine " + path_ + " closed its output (it has exited)");
        buffer_.append(chunk, static_cast<std::size_t>(n));
        if (buffer_.size() > (1u << 20))
            return Status::error("engine " + path_ + ": a line longer than 1 MiB");
    }
}

Status UciClient::expect(const std::string& token, int timeout_ms,
                         std::vector<std::string>* options) {
    std::string line;
    while (true) {
        if (Status s = read_line(line, timeout_ms); !s)
            return Status::error(s.message() + " (waiting for " + token + ")");
        if (line == token) return Status::ok();
        // "option name <NAME, may have spaces> type ...": the name.
        if (options && line.rfind("option name ", 0) == 0)
            if (const std::size_t t = line.find(" type ", 12); t != std::string::npos)
                options->push_back(line.substr(12, t - 12));
    }
}

Status UciClient::go(const std::string& fen, const std::vector<std::string>& moves,
                     const engine::Limits& l, engine::Result& result) {
    std::string pos = fen.empty() ? "position startpos" : "position fen " + fen;
    if (!moves.empty()) {
        pos += " moves";
        for (const auto& m : moves) pos += " " + m;
    }
    if (Status s = send(pos); !s) return s;
    std::string go = "go";
    if (l.depth) go += " depth " + std::to_string(l.depth);
    if (l.nodes) go += " nodes " + std::to_string(l.nodes);
    if (l.movetime_ms) go += " movetime " + std::to_string(l.movetime_ms);
    int budget_ms = l.movetime_ms;
    if (l.time_ms[0] >= 0) {
        go += " wtime " + std::to_string(l.time_ms[0]) + " btime " + std::to_string(l.time_ms[1]) +
              " winc " + std::to_string(l.inc_ms[0]) + " binc " + std::to_string(l.inc_ms[1]);
        budget_ms = std::max(l.time_ms[0], l.time_ms[1]) + l.inc_ms[0];
    }
    if (go == "go") go += " depth 8";  // never an unbounded search
    if (Status s = send(go); !s) return s;
    result = {};
    std::string line;
    const int timeout = budget_ms + 60000;  // node and depth limits: generous but bounded
    while (true) {
        if (Status s = read_line(line, timeout); !s)
            return Status::error(s.message() + " (waiting for bestmove)");
        const auto words = split_fields(line);
        if (words.empty()) continue;
        if (words[0] == "bestmove") {
            if (words.size() < 2 || words[1] == "(none)" || words[1] == "0000")
                return Status::error("engine " + path_ + ": no best move in " +
                                     chimera::quoted(line));
            result.best = std::string(words[1]);
            return Status::ok();
        }
        if (words[0] != "info") continue;
        for (std::size_t i = 1; i + 1 < words.size(); ++i) {
            if (words[i] == "depth") {
                if (auto d = parse_uint(words[i + 1], 4)) result.depth = *d;
            } else if (words[i] == "nodes") {
                if (auto n = parse_uint(words[i + 1], 12))
                    result.nodes = static_cast<std::uint64_t>(*n);
            } else if (words[i] == "score" && i + 2 < words.size()) {
                const std::string_view v = words[i + 2];
                const bool negative = !v.empty() && v[0] == '-';
                if (auto n = parse_uint(negative ? v.substr(1) : v, 6)) {
                    const int x = negative ? -*n : *n;
                    if (words[i + 1] == "cp")
                        result.score = static_cast<engine::Value>(x);
                    else if (words[i + 1] == "mate")
                        result.score =
                            x > 0 ? engine::mate_in(2 * x - 1) : engine::mated_in(-2 * x);
                }
            }
        }
    }
}

}  // namespace chimera::protocol
