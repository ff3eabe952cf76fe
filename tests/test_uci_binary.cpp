// Black-box UCI conversations with the real binary (`chimera` with no
// arguments and `chimera uci`): the process is started with pipes for stdin
// and stdout, every read has a timeout (a hang fails, it does not block), and
// the exit status is checked.
#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "engine_process.h"
#include "uci_test_helpers.h"

namespace chimera {
namespace {

using namespace uci_test;
using Process = testing::EngineProcess;

// ---------------------------------------------------------------------------
// Black-box conversations with the binary.

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
