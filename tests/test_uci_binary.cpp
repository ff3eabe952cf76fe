// Black-box UCI conversations with the real binary (`chimera` with no
// arguments and `chimera uci`): the process is started with pipes for stdin
// and stdout, every read has a timeout (a hang fails, it does not block), and
// the exit status is checked.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "binary_under_test.h"
#include "uci_test_helpers.h"

extern char** environ;

namespace chimera {
namespace {

using namespace uci_test;

// ---------------------------------------------------------------------------
// Black-box conversations with the binary.

class Process {
  public:
    explicit Process(const Lines& args) {
        signal(SIGPIPE, SIG_IGN);
        int in[2], out[2];
        if (pipe2(in, O_CLOEXEC) != 0 || pipe2(out, O_CLOEXEC) != 0) return;
        posix_spawn_file_actions_t fa;
        posix_spawn_file_actions_init(&fa);
        posix_spawn_file_actions_adddup2(&fa, in[0], 0);
        posix_spawn_file_actions_adddup2(&fa, out[1], 1);
        posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
        Lines storage{::chimera::testing::chimera_binary()};
        storage.insert(storage.end(), args.begin(), args.end());
        std::vector<char*> argv;
        for (auto& a : storage) argv.push_back(a.data());
        argv.push_back(nullptr);
        if (posix_spawn(&pid_, ::chimera::testing::chimera_binary(), &fa, nullptr, argv.data(),
                        environ) != 0)
            pid_ = -1;
        posix_spawn_file_actions_destroy(&fa);
        close(in[0]);
        close(out[1]);
        to_ = in[1];
        from_ = out[0];
        fcntl(to_, F_SETFL, O_NONBLOCK);
    }
    ~Process() {
        if (to_ >= 0) close(to_);
        if (pid_ > 0 && !exited_) {
            kill(pid_, SIGKILL);
            waitpid(pid_, nullptr, 0);
        }
        if (from_ >= 0) close(from_);
    }
    bool started() const { return pid_ > 0; }

    // Writes bytes within the timeout.
    bool write_raw(std::string_view bytes, int timeout_ms = 5000) {
        const auto t0 = Clock::now();
        while (!bytes.empty()) {
            if (ms_since(t0) > timeout_ms) return false;
            const ssize_t n = write(to_, bytes.data(), bytes.size());
            if (n > 0) {
                bytes.remove_prefix(static_cast<std::size_t>(n));
                continue;
            }
            if (n < 0 && errno != EAGAIN) return false;
            drain(10);  // the engine may block on a full stdout pipe
        }
        return true;
    }
    bool send(std::string_view line) { return write_raw(std::string(line) + "\n"); }
    void close_stdin() {
        close(to_);
        to_ = -1;
    }
    // Reads lines until one starts with prefix; false on timeout or EOF.
    bool read_until(std::string_view prefix, int timeout_ms) {
        const auto t0 = Clock::now();
        while (true) {
            for (; scanned_ < lines.size(); ++scanned_)
                if (starts_with(lines[scanned_], prefix)) {
                    ++scanned_;
                    return true;
                }
            const auto left = timeout_ms - ms_since(t0);
            if (left <= 0 || !drain(static_cast<int>(left))) return false;
        }
    }
    // Exit status, or -1 if it had to be killed (or died by a signal).
    int wait_exit(int timeout_ms) {
        const auto t0 = Clock::now();
        int st = 0;
        while (ms_since(t0) < timeout_ms) {
            drain(10);
            if (waitpid(pid_, &st, WNOHANG) == pid_) {
                exited_ = true;
                return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
            }
        }
        return -1;
    }

    Lines lines;

  private:
    // Reads what is available within timeout_ms; false at EOF or timeout.
    bool drain(int timeout_ms) {
        pollfd p{from_, POLLIN, 0};
        if (poll(&p, 1, timeout_ms) <= 0) return false;
        char buf[65536];
        const ssize_t n = read(from_, buf, sizeof buf);
        if (n <= 0) return false;
        partial_.append(buf, static_cast<std::size_t>(n));
        std::size_t nl;
        while ((nl = partial_.find('\n')) != std::string::npos) {
            lines.push_back(partial_.substr(0, nl));
            partial_.erase(0, nl + 1);
        }
        return true;
    }
    pid_t pid_ = -1;
    int to_ = -1, from_ = -1;
    bool exited_ = false;
    std::size_t scanned_ = 0;
    std::string partial_;
};

// The engine marks a search finished just after printing bestmove; a command
// sent in that instant is refused (see BestmoveThenNextCommandIsAccepted), so
// conversations that are about something else pause briefly.
void settle() { std::this_thread::sleep_for(std::chrono::milliseconds(20)); }

Lines since(const Process& p, std::size_t from) {
    return Lines(p.lines.begin() + static_cast<std::ptrdiff_t>(from), p.lines.end());
}

TEST(UciBinary, PlainBinarySpeaksUciAndQuitsWithZero) {
    Process p({});
    ASSERT_TRUE(p.started());
    ASSERT_TRUE(p.send("uci"));
    ASSERT_TRUE(p.read_until("uciok", 10000)) << joined(p.lines);
    EXPECT_TRUE(starts_with(p.lines.front(), "id name "));
    for (const char* name : {"UCI_Variant", "Hash", "Threads", "Skill Level", "MultiPV"})
        EXPECT_EQ(count_prefix(p.lines, std::string("option name ") + name + " type "), 1) << name;
    ASSERT_TRUE(p.send("isready"));
    ASSERT_TRUE(p.read_until("readyok", 10000));
    ASSERT_TRUE(p.send("quit"));
    EXPECT_EQ(p.wait_exit(10000), 0);
}

TEST(UciBinary, UciSubcommandIdentifiesItselfUnasked) {
    Process p({"uci"});
    ASSERT_TRUE(p.started());
    ASSERT_TRUE(p.read_until("uciok", 10000)) << joined(p.lines);
    EXPECT_TRUE(starts_with(p.lines.front(), "id name "));
    ASSERT_TRUE(p.send("quit"));
    EXPECT_EQ(p.wait_exit(10000), 0);
}

TEST(UciBinary, GamesWithClocksInEveryVariant) {
    Process p({});
    ASSERT_TRUE(p.started());
    ASSERT_TRUE(p.send("ucinewgame"));
    ASSERT_TRUE(p.send("position startpos moves e2e4"));
    ASSERT_TRUE(p.send("isready"));  // the clock starts once the engine is ready
    ASSERT_TRUE(p.read_until("readyok", 10000));
    std::size_t mark = p.lines.size();
    const auto t0 = Clock::now();
    ASSERT_TRUE(p.send("go wtime 100000 btime 300 winc 0 binc 0"));  // Black's clock counts
    ASSERT_TRUE(p.read_until("bestmove", 5000)) << joined(p.lines);
    EXPECT_LT(ms_since(t0), 300) << "Black's 300 ms ran out";
    check_search_output(since(p, mark), "chess", "", {"e2e4"});
    settle();
    for (const auto& v : variants()) {
        SCOPED_TRACE(v.id);
        ASSERT_TRUE(p.send(std::string("setoption name UCI_Variant value ") + v.id));
        std::string moves;
        for (const auto& m : v.moves) moves += " " + m;
        ASSERT_TRUE(p.send("position startpos moves" + moves));
        for (const char* go : {"go movetime 100", "go wtime 300 btime 300", "go depth 3"}) {
            mark = p.lines.size();
            const auto t1 = Clock::now();
            ASSERT_TRUE(p.send(go));
            ASSERT_TRUE(p.read_until("bestmove", 10000)) << go << "\n" << joined(since(p, mark));
            if (std::string_view(go) == "go wtime 300 btime 300") {
                EXPECT_LT(ms_since(t1), 300);
            }
            ASSERT_TRUE(p.send("isready"));  // nothing else arrives before readyok
            ASSERT_TRUE(p.read_until("readyok", 5000));
            check_search_output(since(p, mark), v.id, "", v.moves);
            settle();
        }
    }
    ASSERT_TRUE(p.send("quit"));
    EXPECT_EQ(p.wait_exit(10000), 0);
}

TEST(UciBinary, InfiniteUntilStop) {
    Process p({});
    ASSERT_TRUE(p.started());
    ASSERT_TRUE(p.send("position startpos moves e2e4 e7e5"));
    ASSERT_TRUE(p.send("isready"));  // started and ready: the search gets its 300 ms
    ASSERT_TRUE(p.read_until("readyok", 30000));
    const std::size_t mark = p.lines.size();
    ASSERT_TRUE(p.send("go infinite"));
    EXPECT_FALSE(p.read_until("bestmove", 300)) << "bestmove before stop";
    ASSERT_TRUE(p.send("stop"));
    ASSERT_TRUE(p.read_until("bestmove", 5000));
    ASSERT_TRUE(p.send("isready"));
    ASSERT_TRUE(p.read_until("readyok", 5000));
    check_search_output(since(p, mark), "chess", "", {"e2e4", "e7e5"});
    ASSERT_TRUE(p.send("go infinite"));
    ASSERT_TRUE(p.send("quit"));  // quit during a search
    EXPECT_EQ(p.wait_exit(10000), 0);
}

TEST(UciBinary, GarbageNeverCrashes) {
    Process p({});
    ASSERT_TRUE(p.started());
    static const char kBytes[] = "\x00\x01\x02\xff\xfe garbage\n";
    static const char kNulOption[] = "setoption name \x00 value \x01\n";
    ASSERT_TRUE(p.write_raw(std::string(kBytes, sizeof kBytes - 1)));
    ASSERT_TRUE(p.write_raw(std::string(200000, 'x') + "\n"));
    ASSERT_TRUE(p.write_raw("position fen \xff\xfe\n"));
    ASSERT_TRUE(p.write_raw("go depth \x80\n"));
    ASSERT_TRUE(p.write_raw(std::string(kNulOption, sizeof kNulOption - 1)));
    ASSERT_TRUE(p.write_raw("\n\n\r\n   \n"));
    ASSERT_TRUE(p.write_raw("isready\r\n"));
    ASSERT_TRUE(p.read_until("readyok", 10000)) << joined(p.lines);
    EXPECT_GE(count_prefix(p.lines, "info string error: "), 5);
    EXPECT_EQ(count_prefix(p.lines, "bestmove"), 0);
    const std::size_t mark = p.lines.size();
    ASSERT_TRUE(p.send("go depth 2"));
    ASSERT_TRUE(p.read_until("bestmove", 10000));
    check_search_output(since(p, mark), "chess", "", {});
    ASSERT_TRUE(p.send("quit"));
    EXPECT_EQ(p.wait_exit(10000), 0);
}

TEST(UciBinary, EndOfInputFinishesTheSearchAndExitsWithZero) {
    Process p({});
    ASSERT_TRUE(p.started());
    ASSERT_TRUE(p.send("setoption name UCI_Variant value wreckage"));
    ASSERT_TRUE(p.send("position startpos"));
    ASSERT_TRUE(p.send("go depth 3"));
    p.close_stdin();
    ASSERT_TRUE(p.read_until("bestmove", 20000)) << joined(p.lines);
    EXPECT_EQ(p.wait_exit(10000), 0);
    check_search_output(p.lines, "wreckage", "", {});
}

}  // namespace
}  // namespace chimera
