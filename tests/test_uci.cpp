// UCI conversations in process, through chimera::protocol::UciSession writing
// to a thread-safe string stream. Every bestmove and every pv is checked for
// legality with the variant's own rules; malformed input must give
// `info string error:` and leave the session working. Black-box conversations
// with the real binary are in test_uci_binary.cpp.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <memory>
#include <mutex>
#include <ostream>
#include <streambuf>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "protocol/uci.h"
#include "uci_test_helpers.h"

namespace chimera {
namespace {

using namespace uci_test;

// ---------------------------------------------------------------------------
// In-process sessions.

class SyncBuf : public std::streambuf {
  public:
    std::string text() const {
        std::lock_guard lock(m_);
        return s_;
    }
    // Holds the writing thread this long after it flushes a bestmove line.
    void stall_after_bestmove(int ms) { stall_ms_ = ms; }

  protected:
    int sync() override {
        bool bestmove = false;
        {
            std::lock_guard lock(m_);
            if (s_.size() >= 2 && s_.back() == '\n') {
                const std::size_t nl = s_.rfind('\n', s_.size() - 2);
                bestmove = s_.compare(nl == std::string::npos ? 0 : nl + 1, 8, "bestmove") == 0;
            }
        }
        if (bestmove && stall_ms_ > 0)
            std::this_thread::sleep_for(std::chrono::milliseconds(stall_ms_.load()));
        return 0;
    }
    int_type overflow(int_type c) override {
        if (c != traits_type::eof()) {
            std::lock_guard lock(m_);
            s_ += static_cast<char>(c);
        }
        return traits_type::not_eof(c);
    }
    std::streamsize xsputn(const char* p, std::streamsize n) override {
        std::lock_guard lock(m_);
        s_.append(p, static_cast<std::size_t>(n));
        return n;
    }

  private:
    mutable std::mutex m_;
    std::string s_;
    std::atomic<int> stall_ms_{0};
};

class Session {
  public:
    Session() : os_(&buf_), uci_(std::make_unique<protocol::UciSession>(os_)) {}

    // Handles one line; returns the complete output lines written since the last call.
    Lines send(std::string_view line) {
        alive_ = uci_->handle(line);
        return take();
    }
    Lines take() {
        const std::string t = buf_.text();
        Lines out;
        std::size_t nl;
        while ((nl = t.find('\n', used_)) != std::string::npos) {
            out.push_back(t.substr(used_, nl - used_));
            used_ = nl + 1;
        }
        return out;
    }
    // Waits until a complete line starting with prefix arrives; all lines read so
    // far. `spin` polls without sleeping, like a client that answers at once.
    Lines wait_for(std::string_view prefix, int timeout_ms, Lines got = {}, bool spin = false) {
        const auto t0 = Clock::now();
        while (count_prefix(got, prefix) == 0 && ms_since(t0) < timeout_ms) {
            if (!spin) std::this_thread::sleep_for(std::chrono::milliseconds(1));
            for (auto& l : take()) got.push_back(std::move(l));
        }
        return got;
    }
    // `go ...` to completion (a hang fails after the timeout).
    Lines search(std::string_view go, int timeout_ms = 30000) {
        Lines out = wait_for("bestmove", timeout_ms, send(go));
        EXPECT_EQ(count_prefix(out, "bestmove"), 1) << go << " gave no bestmove in time";
        // Give the engine a moment to mark the search finished (see BestmoveThenNextCommand).
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
        for (auto& l : take()) out.push_back(std::move(l));
        return out;
    }
    std::string fen() {
        for (const auto& l : send("d"))
            if (starts_with(l, "Fen: ")) return l.substr(5);
        ADD_FAILURE() << "d printed no Fen: line";
        return "";
    }
    bool alive() const { return alive_; }
    void stall_after_bestmove(int ms) { buf_.stall_after_bestmove(ms); }

  private:
    SyncBuf buf_;
    std::ostream os_;
    std::unique_ptr<protocol::UciSession> uci_;
    std::size_t used_ = 0;
    bool alive_ = true;
};

void expect_one_error(Session& s, std::string_view line) {
    const Lines out = s.send(line);
    ASSERT_EQ(out.size(), 1u) << "input: " << line << "\n" << joined(out);
    EXPECT_TRUE(starts_with(out[0], "info string error: ")) << "input: " << line << "\n" << out[0];
}

TEST(UciSession, HandshakeListsEveryOption) {
    Session s;
    const Lines out = s.send("uci");
    ASSERT_FALSE(out.empty());
    EXPECT_TRUE(starts_with(out.front(), "id name "));
    EXPECT_EQ(count_prefix(out, "id author "), 1);
    EXPECT_EQ(out.back(), "uciok");
    auto option = [&](std::string_view name) -> std::string {
        for (const auto& l : out)
            if (starts_with(l, "option name " + std::string(name) + " type ")) return l;
        return "";
    };
    const Lines variant = words(option("UCI_Variant"));
    for (const char* id : {"chess", "chess4d", "wreckage", "wataku"})
        EXPECT_NE(std::find(variant.begin(), variant.end(), id), variant.end()) << id;
    EXPECT_NE(option("UCI_Variant").find("type combo default chess"), std::string::npos);
    EXPECT_NE(option("Hash").find("type spin"), std::string::npos);
    EXPECT_NE(option("Threads").find("type spin"), std::string::npos);
    EXPECT_NE(option("Skill Level").find("type spin default 8 min 1 max 8"), std::string::npos);
    EXPECT_NE(option("MultiPV").find("type spin default 1 min 1"), std::string::npos);
    EXPECT_NE(option("Move Overhead").find("type spin default 30 min 0 max 5000"),
              std::string::npos);
    EXPECT_EQ(s.send("isready"), Lines{"readyok"});
    EXPECT_EQ(s.send("ucinewgame"), Lines{});
    EXPECT_EQ(s.send("isready"), Lines{"readyok"});
}

TEST(UciSession, SetoptionAcceptsEveryOption) {
    Session s;
    for (const char* line :
         {"setoption name Hash value 1", "setoption name Hash value 32",
          "setoption name Threads value 2", "setoption name Threads value 1",
          "setoption name Skill Level value 3", "setoption name Skill Level value 8",
          "setoption name MultiPV value 1", "setoption name Clear Hash",
          "setoption name Move Overhead value 100", "setoption name move overhead value 30",
          "setoption name hash value 8"})  // option names are case-insensitive
        EXPECT_EQ(s.send(line), Lines{}) << line;
    for (const auto& v : variants()) {
        EXPECT_EQ(s.send(std::string("setoption name UCI_Variant value ") + v.id), Lines{});
        EXPECT_EQ(s.fen(), v.start_fen) << v.id;
    }
    // MultiPV 3: three distinct legal lines per depth.
    ASSERT_EQ(s.send("setoption name UCI_Variant value chess"), Lines{});
    ASSERT_EQ(s.send("setoption name MultiPV value 3"), Lines{});
    ASSERT_EQ(s.send("position startpos"), Lines{});
    const Lines out = s.search("go depth 3");
    check_search_output(out, "chess", "", {});
    Lines firsts;
    for (const auto& l : out)
        if (starts_with(l, "info depth 3 "))
            firsts.push_back(words(l.substr(l.find(" pv ") + 4))[0]);
    ASSERT_EQ(firsts.size(), 3u) << joined(out);
    EXPECT_NE(firsts[0], firsts[1]);
    EXPECT_NE(firsts[1], firsts[2]);
    EXPECT_NE(firsts[0], firsts[2]);
    // Two threads and a weak level still give one legal move.
    ASSERT_EQ(s.send("setoption name MultiPV value 1"), Lines{});
    ASSERT_EQ(s.send("setoption name Threads value 2"), Lines{});
    check_search_output(s.search("go depth 4"), "chess", "", {});
    ASSERT_EQ(s.send("setoption name Threads value 1"), Lines{});
    ASSERT_EQ(s.send("setoption name Skill Level value 1"), Lines{});
    check_search_output(s.search("go depth 4"), "chess", "", {});
}

TEST(UciSession, SetoptionRejectsBadNamesAndValues) {
    Session s;
    ASSERT_EQ(s.send("position startpos moves e2e4"), Lines{});
    const std::string before = s.fen();
    for (const char* line : {"setoption",
                             "setoption foo",
                             "setoption name",
                             "setoption name Hash",
                             "setoption name Hash value",
                             "setoption name Hash value abc",
                             "setoption name Hash value 0",
                             "setoption name Hash value 65537",
                             "setoption name Hash value -5",
                             "setoption name Hash value 1.5",
                             "setoption name Hash value 99999999999999999999",
                             "setoption name Threads value 0",
                             "setoption name Threads value 257",
                             "setoption name Skill Level value 0",
                             "setoption name Skill Level value 9",
                             "setoption name MultiPV value 0",
                             "setoption name MultiPV value x",
                             "setoption name UCI_Variant value shogi",
                             "setoption name UCI_Variant value",
                             "setoption name Ponder value true",
                             "setoption name NoSuchOption value 1"})
        expect_one_error(s, line);
    EXPECT_EQ(s.fen(), before);  // still chess, same position
    EXPECT_EQ(s.send("isready"), Lines{"readyok"});
    check_search_output(s.search("go depth 3"), "chess", "", {"e2e4"});
}

class UciVariant : public ::testing::TestWithParam<VariantCase> {};

TEST_P(UciVariant, PositionCommandsAndErrorsKeepThePosition) {
    const VariantCase& v = GetParam();
    Session s;
    ASSERT_EQ(s.send(std::string("setoption name UCI_Variant value ") + v.id), Lines{});
    EXPECT_EQ(s.send("position startpos"), Lines{});
    EXPECT_EQ(s.fen(), v.start_fen);
    std::string moves;
    for (const auto& m : v.moves) moves += " " + m;
    EXPECT_EQ(s.send("position startpos moves" + moves), Lines{});
    const std::string after_moves = rules_fen(v.id, "", v.moves);
    EXPECT_EQ(s.fen(), after_moves);
    EXPECT_EQ(s.send(std::string("position fen ") + v.fen), Lines{});
    EXPECT_EQ(s.fen(), rules_fen(v.id, v.fen, {}));
    EXPECT_EQ(s.send(std::string("position fen ") + v.start_fen + " moves" + moves), Lines{});
    EXPECT_EQ(s.fen(), after_moves);

    // Every bad command is reported and leaves the last good position.
    for (const auto& m : v.illegal) expect_one_error(s, "position startpos moves " + m);
    EXPECT_EQ(s.fen(), after_moves);
    expect_one_error(s, "position startpos moves" + moves + " " + v.illegal[0] + " " + v.moves[0]);
    for (const auto& f : v.bad_fens) expect_one_error(s, "position fen " + f);
    expect_one_error(
        s, "position fen " + std::string(v.start_fen) + " moves " + v.moves[0] + " " + v.moves[0]);
    EXPECT_EQ(s.fen(), after_moves);

    // The kept position is the one searched.
    check_search_output(s.search("go depth 2"), v.id, "", v.moves);
}

TEST_P(UciVariant, EveryGoFormGivesInfoAndOneLegalBestmove) {
    const VariantCase& v = GetParam();
    Session s;
    ASSERT_EQ(s.send(std::string("setoption name UCI_Variant value ") + v.id), Lines{});
    for (std::size_t k : {std::size_t{0}, std::size_t{1}}) {  // White, then Black to move
        const Lines moves(v.moves.begin(), v.moves.begin() + static_cast<std::ptrdiff_t>(k));
        std::string cmd = "position startpos";
        if (k) cmd += " moves " + v.moves[0];
        ASSERT_EQ(s.send(cmd), Lines{});
        for (const char* go :
             {"go depth 3", "go nodes 3000", "go movetime 50",
              "go wtime 2000 btime 2000 winc 20 binc 20", "go wtime 1000 btime 1000 movestogo 3",
              "go depth 2 nodes 100000 movetime 5000"}) {
            SCOPED_TRACE(go);
            check_search_output(s.search(go), v.id, "", moves);
        }
    }
}

// go perft follows the perft contract: "<lan>: <count>" per root move, an
// empty line, "Nodes searched: N"; counts from the specs.
TEST_P(UciVariant, GoPerftFollowsTheContract) {
    const VariantCase& v = GetParam();
    const std::string id = v.id;
    const std::uint64_t expected[2] = {id == "chess"      ? 20u
                                       : id == "chess4d"  ? 53u
                                       : id == "wreckage" ? 36u
                                                          : 365u,
                                       id == "chess"      ? 400u
                                       : id == "chess4d"  ? 2801u
                                       : id == "wreckage" ? 1296u
                                                          : 131484u};
    Session s;
    ASSERT_EQ(s.send("setoption name UCI_Variant value " + id), Lines{});
    for (int depth : {1, 2}) {
        const Lines out = s.send("go perft " + std::to_string(depth));
        ASSERT_GE(out.size(), 3u);
        EXPECT_EQ(out[out.size() - 2], "");
        EXPECT_EQ(out.back(), "Nodes searched: " + std::to_string(expected[depth - 1]));
        std::uint64_t sum = 0;
        Lines seen;
        for (std::size_t i = 0; i + 2 < out.size(); ++i) {
            const auto colon = out[i].find(": ");
            ASSERT_NE(colon, std::string::npos) << out[i];
            const std::string lan = out[i].substr(0, colon);
            EXPECT_EQ(check_line(id, "", {}, {lan}), "");
            seen.push_back(lan);
            sum += std::stoull(out[i].substr(colon + 2));
        }
        EXPECT_EQ(seen.size(), expected[0]);
        EXPECT_EQ(sum, expected[depth - 1]);
        std::sort(seen.begin(), seen.end());
        EXPECT_EQ(std::adjacent_find(seen.begin(), seen.end()), seen.end()) << "a root move twice";
    }
    for (const char* bad : {"go perft", "go perft -1", "go perft x", "go perft 21"})
        expect_one_error(s, bad);
}

// The contract: "Depth 0 prints only `Nodes searched: 1`".
TEST(UciSession, GoPerftZeroPrintsOnlyTheTotal) {
    Session s;
    EXPECT_EQ(s.send("go perft 0"), Lines{"Nodes searched: 1"});
}

INSTANTIATE_TEST_SUITE_P(AllVariants, UciVariant, ::testing::ValuesIn(variants()),
                         [](const auto& p) { return std::string(p.param.id); });

TEST(UciSession, InfiniteSearchAnswersOnlyAfterStop) {
    Session s;
    // Mate in one: the search itself ends at once, the answer still waits for
    // stop. Stop comes once the first iteration is reported: on a loaded
    // machine the search's thread may not have run 200 ms after go.
    ASSERT_EQ(s.send("position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"), Lines{});
    Lines out = s.wait_for("info depth 1 ", 5000, s.send("go infinite"));
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    for (auto& l : s.take()) out.push_back(l);
    EXPECT_EQ(count_prefix(out, "bestmove"), 0) << joined(out);
    // isready is answered during a search.
    const Lines ready = s.send("isready");
    EXPECT_EQ(count_prefix(ready, "readyok"), 1);
    out.insert(out.end(), ready.begin(), ready.end());
    for (auto& l : s.send("stop")) out.push_back(l);
    out = s.wait_for("bestmove", 5000, out);
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    for (auto& l : s.take()) out.push_back(l);
    check_search_output(out, "chess", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", {});
    EXPECT_EQ(count_prefix(out, "bestmove a1a8"), 1);
    EXPECT_NE(joined(out).find("score mate 1 "), std::string::npos);

    // A long infinite search, stopped.
    ASSERT_EQ(s.send("position startpos moves e2e4"), Lines{});
    s.send("go infinite");
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    out = s.wait_for("bestmove", 5000, s.send("stop"));
    check_search_output(out, "chess", "", {"e2e4"});
    // quit during a search ends the session.
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    s.send("go infinite");
    s.send("quit");
    EXPECT_FALSE(s.alive());
}

TEST(UciSession, NoLegalMoveGivesBestmoveNone) {
    struct Case {
        const char* variant;
        const char* position;
    };
    const Case cases[] = {
        {"chess", "position startpos moves f2f3 e7e5 g2g4 d8h4"},
        {"chess", "position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"},
        {"chess4d", "position fen 8/8/8/3Q4/k1K5/8/8/6R1 w 0 1 moves d1[0,1]b3[0,1]"},
        {"wreckage", "position fen 5k4/4ppp3/G9/10/10/10/10/10/10/9K w - - jj 0 1 moves a8a10"},
        {"wataku", "position fen k8/2K6/1P7/9/9/9/9/3R5/4K3k w - 1 moves d2d9"},
    };
    Session s;
    for (const Case& c : cases) {
        SCOPED_TRACE(c.position);
        ASSERT_EQ(s.send(std::string("setoption name UCI_Variant value ") + c.variant), Lines{});
        ASSERT_EQ(s.send(c.position), Lines{});
        for (const char* go : {"go depth 3", "go movetime 50", "go wtime 1000 btime 1000"})
            check_search_output(s.search(go), c.variant, "", {}, true);
        s.send("go infinite");
        check_search_output(s.wait_for("bestmove", 5000, s.send("stop")), c.variant, "", {}, true);
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
}

TEST(UciSession, MalformedInputIsReportedAndIgnored) {
    Session s;
    ASSERT_EQ(s.send("position startpos moves d2d4"), Lines{});
    const std::string before = s.fen();
    for (std::string_view quiet : {"", " ", "\t", "\r", "   \t  "})
        EXPECT_EQ(s.send(quiet), Lines{});
    const std::string nul("go\0depth 3", 10);
    const std::string long_line(100000, 'a');
    const std::string long_spaces = "isready" + std::string(70000, ' ');
    for (std::string_view bad : {std::string_view("foo"),
                                 std::string_view("Go depth 3"),
                                 std::string_view("\x01\x02\xff\xfe"),
                                 std::string_view(nul),
                                 std::string_view(long_line),
                                 std::string_view(long_spaces),
                                 std::string_view("position"),
                                 std::string_view("position foo"),
                                 std::string_view("position fen"),
                                 std::string_view("position startpos garbage"),
                                 std::string_view("position startpos moves e2e4 zzz"),
                                 std::string_view("go depth"),
                                 std::string_view("go depth x"),
                                 std::string_view("go depth 0"),
                                 std::string_view("go depth -3"),
                                 std::string_view("go depth 99999999999999999"),
                                 std::string_view("go nodes 0"),
                                 std::string_view("go nodes -1"),
                                 std::string_view("go movetime"),
                                 std::string_view("go movetime abc"),
                                 std::string_view("go wtime abc"),
                                 std::string_view("go movestogo 0"),
                                 std::string_view("go searchmoves e2e4"),
                                 std::string_view("go mate 2"),
                                 std::string_view("go foo"),
                                 std::string_view("go depth 3 foo"),
                                 std::string_view("position fen \xff\xfe\x80 w - - 0 1")})
        expect_one_error(s, bad);
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    EXPECT_EQ(count_prefix(s.take(), "bestmove"), 0);  // no bad go started a search
    EXPECT_EQ(s.fen(), before);
    EXPECT_EQ(s.send("isready"), Lines{"readyok"});
    EXPECT_EQ(s.send("isready\r"), Lines{"readyok"});  // CRLF line ends

    // A long but valid line: 100 knight tours back and forth.
    Lines shuffle;
    std::string cmd = "position startpos moves";
    for (int i = 0; i < 100; ++i)
        for (const char* m : {"g1f3", "g8f6", "f3g1", "f6g8"}) {
            cmd += std::string(" ") + m;
            shuffle.emplace_back(m);
        }
    EXPECT_EQ(s.send(cmd), Lines{});
    EXPECT_EQ(s.fen(), rules_fen("chess", "", shuffle));
    check_search_output(s.search("go depth 3"), "chess", "", shuffle);
}

// A search cut inside its first iteration must not claim "mate 0" (that is
// "the side to move is checkmated").
TEST(UciSession, TinyNodeBudgetDoesNotReportMateZero) {
    const char* fen = "rbb1k3/n4N1r/p2q3p/Pp2pp1n/1PppP1P1/R1PP1P1P/N1Q2K2/2B2BR1 w q - 0 24";
    Session s;
    ASSERT_EQ(s.send(std::string("position fen ") + fen), Lines{});
    check_search_output(s.search("go nodes 1"), "chess", fen, {});
}

// After bestmove the engine accepts the next command: a GUI may send setoption
// or go as soon as it reads the answer. The answer is visible the moment it is
// flushed; here the engine's thread is held for 100 ms right after flushing
// bestmove (as a busy machine may deschedule it) while the client answers at once.
TEST(UciSession, BestmoveThenNextCommandIsAccepted) {
    Session s;
    ASSERT_EQ(s.send("position startpos"), Lines{});
    s.stall_after_bestmove(100);
    const Lines out = s.wait_for("bestmove", 5000, s.send("go depth 1"), true);
    ASSERT_EQ(count_prefix(out, "bestmove"), 1) << joined(out);
    EXPECT_EQ(s.send("setoption name MultiPV value 1"), Lines{});
    const Lines again = s.send("go depth 1");
    EXPECT_EQ(count_prefix(again, "info string error"), 0) << joined(again);
    s.stall_after_bestmove(0);
    const Lines last = s.wait_for("bestmove", 5000, again);
    EXPECT_EQ(count_prefix(last, "bestmove"), 1) << "the second go was not searched";
}

}  // namespace
}  // namespace chimera
