// Black-box tests of the command-line contract (../shared/spec/README.md, "The
// command-line contract"): the real `chimera` binary is started with an argument
// vector (no shell), and its stdout, stderr and exit status are checked.
//
//   chimera perft <variant> <depth> [--fen "<FEN>"] [--moves <lan> ...]
//
// Success: `<lan>: <count>` per root move, an empty line, `Nodes searched: N`
// (depth 0: only `Nodes searched: 1`). Bad input: exit status 2, exactly one
// line on stderr starting with `error:`, nothing on stdout.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <initializer_list>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "binary_under_test.h"

extern char** environ;

namespace chimera {
namespace {

struct Result {
    int status = -1;  // exit status, or -1 when the process did not exit normally
    int signal = 0;   // the terminating signal, if any
    bool timed_out = false;
    std::string out, err;
};

std::string describe(const Result& r) {
    std::ostringstream s;
    s << "status " << r.status;
    if (r.signal) s << " (killed by signal " << r.signal << ")";
    if (r.timed_out) s << " (timed out)";
    s << "\n--- stdout ---\n"
      << r.out.substr(0, 2000) << "\n--- stderr ---\n"
      << r.err.substr(0, 2000);
    return s.str();
}

// Runs CHIMERA_BINARY with args, stdin from /dev/null; kills it after timeout.
Result run_chimera(const std::vector<std::string>& args, int timeout_seconds = 60) {
    Result r;
    int out_pipe[2], err_pipe[2];
    if (pipe2(out_pipe, O_CLOEXEC) != 0 || pipe2(err_pipe, O_CLOEXEC) != 0) {
        ADD_FAILURE() << "pipe2 failed";
        return r;
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&actions, out_pipe[1], 1);
    posix_spawn_file_actions_adddup2(&actions, err_pipe[1], 2);

    std::vector<std::string> storage{::chimera::testing::chimera_binary()};
    storage.insert(storage.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (auto& s : storage) argv.push_back(s.data());
    argv.push_back(nullptr);

    pid_t pid = -1;
    const int rc = posix_spawn(&pid, ::chimera::testing::chimera_binary(), &actions, nullptr,
                               argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    close(out_pipe[1]);
    close(err_pipe[1]);
    if (rc != 0) {
        close(out_pipe[0]);
        close(err_pipe[0]);
        ADD_FAILURE() << "cannot start " << ::chimera::testing::chimera_binary() << ": " << rc;
        return r;
    }

    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(timeout_seconds);
    pollfd fds[2] = {{out_pipe[0], POLLIN, 0}, {err_pipe[0], POLLIN, 0}};
    std::string* sinks[2] = {&r.out, &r.err};
    int open_fds = 2;
    while (open_fds > 0) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
            deadline - std::chrono::steady_clock::now());
        if (left.count() <= 0) {
            r.timed_out = true;
            kill(pid, SIGKILL);
            break;
        }
        if (poll(fds, 2, static_cast<int>(left.count())) < 0) break;
        for (int i = 0; i < 2; ++i) {
            if (fds[i].fd < 0 || !(fds[i].revents & (POLLIN | POLLHUP | POLLERR))) continue;
            char buf[4096];
            const ssize_t n = read(fds[i].fd, buf, sizeof buf);
            if (n > 0) {
                sinks[i]->append(buf, static_cast<std::size_t>(n));
            } else {
                close(fds[i].fd);
                fds[i].fd = -1;
                --open_fds;
            }
        }
    }
    for (auto& f : fds)
        if (f.fd >= 0) close(f.fd);
    int wstatus = 0;
    waitpid(pid, &wstatus, 0);
    if (WIFEXITED(wstatus)) r.status = WEXITSTATUS(wstatus);
    if (WIFSIGNALED(wstatus)) r.signal = WTERMSIG(wstatus);
    return r;
}

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> lines;
    std::size_t start = 0;
    while (start < text.size()) {
        const std::size_t nl = text.find('\n', start);
        if (nl == std::string::npos) {
            lines.push_back(text.substr(start));
            break;
        }
        lines.push_back(text.substr(start, nl - start));
        start = nl + 1;
    }
    return lines;
}

// The contract for bad input; `parts` are words the message must contain.
void expect_usage_error(const std::vector<std::string>& args,
                        std::initializer_list<std::string_view> parts = {}) {
    std::string cmd = "chimera";
    for (const auto& a : args) cmd += " [" + a + "]";
    SCOPED_TRACE(cmd);
    const Result r = run_chimera(args);
    EXPECT_EQ(r.status, 2) << describe(r);
    EXPECT_EQ(r.out, "") << "stdout must stay empty on error\n" << describe(r);
    EXPECT_EQ(r.err.rfind("error:", 0), 0u) << describe(r);
    ASSERT_FALSE(r.err.empty());
    EXPECT_EQ(r.err.back(), '\n') << describe(r);
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1)
        << "stderr must be exactly one line\n"
        << describe(r);
    for (char c : r.err)
        if (c != '\n' && (static_cast<unsigned char>(c) < 0x20 || c == 0x7f)) {
            ADD_FAILURE() << "control byte in the error line\n" << describe(r);
            break;
        }
    for (std::string_view p : parts)
        EXPECT_NE(r.err.find(p), std::string::npos)
            << "error line does not mention \"" << p << "\"\n"
            << describe(r);
}

struct Divide {
    std::map<std::string, std::uint64_t> moves;
    std::uint64_t total = 0;
};

// Parses and checks the divide format; `lan` is the pattern of one move.
Divide parse_divide(const Result& r, const std::string& lan) {
    Divide d;
    EXPECT_EQ(r.status, 0) << describe(r);
    EXPECT_EQ(r.err, "") << describe(r);
    EXPECT_FALSE(r.out.empty());
    if (r.out.empty()) return d;
    EXPECT_EQ(r.out.back(), '\n') << "output must end with a newline";
    const auto lines = lines_of(r.out);
    EXPECT_GE(lines.size(), 3u) << describe(r);
    if (lines.size() < 3) return d;
    const std::regex move_line("(" + lan + "): ([0-9]+)");
    const std::regex total_line("Nodes searched: ([0-9]+)");
    std::uint64_t sum = 0;
    for (std::size_t i = 0; i + 2 < lines.size(); ++i) {
        std::smatch m;
        if (!std::regex_match(lines[i], m, move_line)) {
            ADD_FAILURE() << "line " << i + 1 << " is not '<lan>: <count>': '" << lines[i] << "'";
            continue;
        }
        const std::uint64_t n = std::stoull(m[2]);
        EXPECT_TRUE(d.moves.emplace(m[1], n).second) << "move listed twice: " << m[1];
        sum += n;
    }
    EXPECT_EQ(lines[lines.size() - 2], "") << "an empty line must precede the total";
    std::smatch m;
    if (std::regex_match(lines.back(), m, total_line)) {
        d.total = std::stoull(m[1]);
        EXPECT_EQ(d.total, sum) << "the divide lines do not add up to the total";
    } else {
        ADD_FAILURE() << "last line is not 'Nodes searched: N': '" << lines.back() << "'";
    }
    return d;
}

const std::string kChessLan = "[a-h][1-8][a-h][1-8][qrbn]?";
const std::string k4dSquare = "[a-d][1-4]\\[[01],[01]\\]";
const std::string k4dLan = k4dSquare + k4dSquare;
const std::string kKiwipete =
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

// ------------------------------------------------------------ success paths

TEST(CliPerft, ChessDepth2DivideFormat) {
    const Divide d = parse_divide(run_chimera({"perft", "chess", "2"}), kChessLan);
    EXPECT_EQ(d.moves.size(), 20u);
    EXPECT_EQ(d.total, 400u);
    for (const auto& [lan, n] : d.moves) EXPECT_EQ(n, 20u) << lan;
    EXPECT_TRUE(d.moves.count("e2e4"));
    EXPECT_TRUE(d.moves.count("g1f3"));
}

TEST(CliPerft, Chess4dDepth1DivideFormat) {
    const Divide d = parse_divide(run_chimera({"perft", "chess4d", "1"}), k4dLan);
    EXPECT_EQ(d.moves.size(), 53u);  // D-4
    EXPECT_EQ(d.total, 53u);
    for (const auto& [lan, n] : d.moves) EXPECT_EQ(n, 1u) << lan;
    EXPECT_TRUE(d.moves.count("a1[0,0]a1[0,1]"));  // the tutorial move of D-4
}

TEST(CliPerft, Chess4dDepth2) {
    const Divide d = parse_divide(run_chimera({"perft", "chess4d", "2"}), k4dLan);
    EXPECT_EQ(d.moves.size(), 53u);
    EXPECT_EQ(d.total, 2801u);  // D-4
}

TEST(CliPerft, DepthZeroPrintsOnlyTheTotal) {
    for (const char* variant : {"chess", "chess4d"}) {
        const Result r = run_chimera({"perft", variant, "0"});
        EXPECT_EQ(r.status, 0) << describe(r);
        EXPECT_EQ(r.out, "Nodes searched: 1\n") << variant;
        EXPECT_EQ(r.err, "");
    }
    const Result r = run_chimera({"perft", "chess", "0", "--fen", kKiwipete, "--moves", "e1g1"});
    EXPECT_EQ(r.out, "Nodes searched: 1\n") << describe(r);
}

TEST(CliPerft, FenIsApplied) {
    const Divide d =
        parse_divide(run_chimera({"perft", "chess", "1", "--fen", kKiwipete}), kChessLan);
    EXPECT_EQ(d.total, 48u);
    EXPECT_TRUE(d.moves.count("e1g1"));  // castling in UCI form
    EXPECT_TRUE(d.moves.count("e1c1"));
    const Divide d2 =
        parse_divide(run_chimera({"perft", "chess", "2", "--fen=" + kKiwipete}), kChessLan);
    EXPECT_EQ(d2.total, 2039u);
    // The option may come before the positional arguments.
    const Divide d3 =
        parse_divide(run_chimera({"perft", "--fen", kKiwipete, "chess", "1"}), kChessLan);
    EXPECT_EQ(d3.total, 48u);
}

TEST(CliPerft, Chess4dFenIsApplied) {
    // Black to move in the start placement: Black's 53 mirrored moves.
    const Divide d =
        parse_divide(run_chimera({"perft", "chess4d", "1", "--fen",
                                  "4r1b1/1p1p4/3P2P1/2R2QNK/1qnk2r1/2p4p/5P1P/R1B5 b 0 1"}),
                     k4dLan);
    EXPECT_EQ(d.total, 53u);
    EXPECT_TRUE(d.moves.count("a4[1,1]a4[1,0]"));  // mirror of a1[0,0]a1[0,1]
}

TEST(CliPerft, MovesAreApplied) {
    const Divide root = parse_divide(run_chimera({"perft", "chess", "3"}), kChessLan);
    ASSERT_TRUE(root.moves.count("e2e4"));
    const Divide after =
        parse_divide(run_chimera({"perft", "chess", "2", "--moves", "e2e4"}), kChessLan);
    EXPECT_EQ(after.total, root.moves.at("e2e4"));
    EXPECT_EQ(after.total, 600u);
    EXPECT_TRUE(after.moves.count("e7e5"));  // Black's moves now
    EXPECT_FALSE(after.moves.count("e2e4"));

    // --moves and --fen together, --moves first.
    const Divide ep = parse_divide(
        run_chimera({"perft", "chess", "1", "--moves", "e2e4", "a7a6", "e4e5", "d7d5", "--fen",
                     std::string("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")}),
        kChessLan);
    EXPECT_TRUE(ep.moves.count("e5d6")) << "en passant after d7d5 missing";
    EXPECT_EQ(ep.total, 31u);

    const Divide d4 =
        parse_divide(run_chimera({"perft", "chess4d", "1", "--moves", "a1[0,0]a1[0,1]"}), k4dLan);
    const Divide d4root = parse_divide(run_chimera({"perft", "chess4d", "2"}), k4dLan);
    EXPECT_EQ(d4.total, d4root.moves.at("a1[0,0]a1[0,1]"));
}

TEST(CliHelp, HelpExitsZero) {
    for (std::vector<std::string> args :
         {std::vector<std::string>{"help"}, std::vector<std::string>{"--help"}}) {
        const Result r = run_chimera(args);
        EXPECT_EQ(r.status, 0) << describe(r);
        EXPECT_NE(r.out.find("perft"), std::string::npos) << describe(r);
        EXPECT_EQ(r.err, "");
    }
}

// ------------------------------------------------------------ error paths

TEST(CliErrors, UnknownCommand) {
    expect_usage_error({"frobnicate"}, {"frobnicate"});
    expect_usage_error({"Perft", "chess", "1"}, {"Perft"});
    expect_usage_error({""});
}

TEST(CliErrors, UnknownVariant) {
    expect_usage_error({"perft", "xiangqi", "1"}, {"xiangqi", "variant"});
    expect_usage_error({"perft", "Chess", "1"}, {"Chess"});
    expect_usage_error({"perft", "", "1"}, {"variant"});
}

TEST(CliErrors, MissingArguments) {
    expect_usage_error({"perft"}, {"variant"});
    expect_usage_error({"perft", "chess"}, {"depth"});
    expect_usage_error({"perft", "chess4d", "--moves", "a1[0,0]a1[0,1]"}, {"depth"});
}

TEST(CliErrors, BadDepth) {
    for (std::string depth : {"-1", "abc", "1.5", "+2", "", " 1", "1x", "0x2", "21", "999",
                              "99999999999999999999", "18446744073709551617"})
        expect_usage_error({"perft", "chess", depth}, {"depth"});
    expect_usage_error({"perft", "chess4d", "-3"}, {"depth", "-3"});
}

TEST(CliErrors, ExtraPositionalArgument) {
    expect_usage_error({"perft", "chess", "1", "2"}, {"'2'"});
}

TEST(CliErrors, BadFen) {
    expect_usage_error({"perft", "chess", "1", "--fen", "garbage"}, {"FEN"});
    expect_usage_error({"perft", "chess", "1", "--fen", ""}, {"FEN"});
    expect_usage_error({"perft", "chess", "1", "--fen=rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"},
                       {"FEN"});
    expect_usage_error({"perft", "chess", "1", "--fen",
                        "rnbqkbnr/ppppXppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
                       {"placement", "character 14"});
    expect_usage_error({"perft", "chess", "1", "--fen",
                        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1"},
                       {"side to move"});
    expect_usage_error({"perft", "chess", "1", "--fen",
                        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0"},
                       {"fullmove"});
    expect_usage_error({"perft", "chess", "2", "--fen", "k6R/8/8/8/8/8/8/K7 w - - 0 1"}, {"check"});
    expect_usage_error({"perft", "chess4d", "1", "--fen", kKiwipete}, {"FEN"});
    expect_usage_error(
        {"perft", "chess4d", "1", "--fen", "44/1p1p4/3P2P1/2R2QNK/1qnk2r1/2p4p/5P1P/R1B5 w 0 1"},
        {"adjacent digits", "character 2"});
}

TEST(CliErrors, FenWithControlOrNonAsciiBytesStaysOneLine) {
    // A newline inside --fen must not split the single error line.
    expect_usage_error({"perft", "chess", "1", "--fen",
                        "rnbq\nkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
                       {"placement", "character 5"});
    expect_usage_error({"perft", "chess4d", "1", "--fen",
                        "4r1\r1/1p1p4/3P2P1/2R2QNK/1qnk2r1/2p4p/5P1P/R1B5 w 0 1"},
                       {"placement", "character 4"});
    expect_usage_error({"perft", "chess", "1", "--fen",
                        "rnbqkbnr/pppp\xc3\xa9pp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
                       {"placement", "character 14"});
}

TEST(CliErrors, FenOptionProblems) {
    expect_usage_error({"perft", "chess", "1", "--fen"}, {"--fen"});
    expect_usage_error({"perft", "chess", "--fen"}, {"--fen"});
    expect_usage_error({"perft", "chess", "1", "--fen", kKiwipete, "--fen", kKiwipete}, {"--fen"});
}

TEST(CliErrors, BadMoves) {
    expect_usage_error({"perft", "chess", "1", "--moves", "e2e5"}, {"e2e5"});
    expect_usage_error({"perft", "chess", "1", "--moves", "e2e4", "e2e4"}, {"e2e4", "2"});
    expect_usage_error({"perft", "chess", "1", "--moves", "e2e4", "garbage", "e7e5"}, {"garbage"});
    expect_usage_error({"perft", "chess", "1", "--moves", ""}, {"move"});
    expect_usage_error({"perft", "chess", "1", "--moves", "e7e8q"}, {"e7e8q"});
    expect_usage_error({"perft", "chess4d", "1", "--moves", "a1[0,0]a1[0,"}, {"a1[0,0]a1[0,"});
    expect_usage_error({"perft", "chess4d", "1", "--moves", "e1[0,2]a1[0,1]"}, {"e1[0,2]"});
    expect_usage_error({"perft", "chess4d", "1", "--moves", "a1[0,0]b2[0,0]"}, {"a1[0,0]b2[0,0]"});
    expect_usage_error({"perft", "chess4d", "1", "--moves", "e2e4"}, {"e2e4"});
    // A move containing a control byte is quoted with an escape, not printed raw.
    expect_usage_error({"perft", "chess", "1", "--moves", "e2e4\n"});
}

TEST(CliErrors, UnknownOption) {
    expect_usage_error({"perft", "chess", "1", "--depth", "2"}, {"--depth"});
    expect_usage_error({"perft", "chess", "1", "--move", "e2e4"}, {"--move"});
    expect_usage_error({"perft", "chess", "1", "--"}, {"'--'"});
    expect_usage_error({"perft", "chess", "1", "--FEN", kKiwipete}, {"--FEN"});
}

TEST(CliErrors, ErrorChecksDoNotDependOnOrder) {
    // A bad depth is reported even when the variant is fine and the FEN is bad, and
    // nothing is printed on stdout in any combination.
    expect_usage_error({"perft", "chess", "x", "--fen", "garbage"});
    expect_usage_error({"perft", "nope", "x"});
    expect_usage_error({"perft", "chess4d", "2", "--moves", "a1[0,0]a1[0,1]", "zz"}, {"zz"});
}

}  // namespace
}  // namespace chimera
