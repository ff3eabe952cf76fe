// Search tests through the engine facade (chimera::engine::Engine): forced mates
// in 1, 2 and 3 for every variant, each built from the rules in
// ../shared/spec/*.md and proved by an exhaustive rules-only check inside the
// test before the engine is asked; a legal best move at every skill level over
// random positions; no best move in a position without legal moves; node and
// time limits; and the determinism the bench relies on.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <random>
#include <regex>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "binary_under_test.h"
#include "engine/engine.h"
#include "engine/tt.h"
#include "protocol/uci.h"
#include "variants/registry.h"

extern char** environ;

namespace chimera {
namespace {

using engine::Engine;
using engine::Limits;
using engine::Result;

// ---------------------------------------------------------------------------
// Exhaustive mate proofs, using only the rules API of a variant's Position.

template <class Pos>
bool can_mate_in(Pos& p, int n);

// After the attacker's move: the defender is mated now, or (n > 1) every legal
// reply still allows a mate in n - 1. A draw ends the line without a mate.
template <class Pos>
bool mated_within(Pos& p, int n) {
    const Outcome o = p.outcome();
    if (o == Outcome::CHECKMATE) return true;
    if (o != Outcome::ONGOING || n <= 1) return false;
    typename Pos::Moves replies;
    p.legal_moves(replies);
    for (Move r : replies) {
        p.do_move(r);
        const bool ok = can_mate_in(p, n - 1);
        p.undo_move(r);
        if (!ok) return false;
    }
    return true;
}

// The side to move has a move that forces mate within n of its moves.
template <class Pos>
bool can_mate_in(Pos& p, int n) {
    typename Pos::Moves moves;
    p.legal_moves(moves);
    for (Move m : moves) {
        p.do_move(m);
        const bool ok = mated_within(p, n);
        p.undo_move(m);
        if (ok) return true;
    }
    return false;
}

// Whether `lan` is a legal move of the position and forces mate within n moves.
template <class Pos>
bool is_mating_key(const Pos& root, const std::string& lan, int n) {
    Pos p = root;
    const Move m = p.parse_lan(lan);
    if (m.is_none()) return false;
    p.do_move(m);
    return mated_within(p, n);
}

bool legal_in(std::string_view variant, std::string_view fen, const std::string& lan) {
    bool legal = false;
    with_variant(variant, [&]<class Pos>() {
        Pos p;
        if (!fen.empty() && !p.set_fen(fen)) return;
        legal = !p.parse_lan(lan).is_none();
    });
    return legal;
}

// ---------------------------------------------------------------------------
// Mates in 1, 2, 3 per variant.

struct MateCase {
    const char* name;
    const char* variant;
    const char* fen;
    int moves;        // mate in this many moves of the side to move
    const char* key;  // the intended first move (the engine may find another key)
};

void PrintTo(const MateCase& c, std::ostream* os) { *os << c.name; }

const MateCase kMates[] = {
    // Back-rank mate: Ra8, the King's own pawns take f7 g7 h7 away.
    {"chess_m1_back_rank", "chess", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 1, "a1a8"},
    // The same for Black (scores are from the side to move).
    {"chess_m1_black", "chess", "r5k1/8/8/8/8/8/5PPP/6K1 b - - 0 1", 1, "a8a1"},
    // Kf7 leaves the King only h7, then Rh1 mates.
    {"chess_m2_rook", "chess", "7k/8/5K2/8/8/8/8/6R1 w - - 0 1", 2, "f6f7"},
    // Kg6 (the rook's file is now blocked, Kg8 forced), then the rook mates on the eighth rank.
    {"chess_m3_rook", "chess", "7k/8/8/5K2/8/8/8/6R1 w - - 0 1", 3, "f5g6"},
    // 4D (D-7, D-8): the Black King on a4[0,0] has 15 flights. The White King on
    // c4[0,0] takes all 8 b-file ones; the Queen to b3[0,1] (a diagonal move
    // over X and Y) checks along X/Y/W and touches all 7 a-file flights (each
    // differs from b3[0,1] by at most one unit per axis), and it is guarded by
    // the King (c4[0,0] to b3[0,1] is one King step).
    {"chess4d_m1_queen", "chess4d", "8/8/8/3Q4/k1K5/8/8/6R1 w 0 1", 1, "d1[0,1]b3[0,1]"},
    // Quiet key: the Queen to b2[0,1] seals the King in; every reply is mated.
    {"chess4d_m2_queen_rook", "chess4d", "3R4/8/8/4Q1K1/k7/8/8/8 w 0 1", 2, "a1[1,1]b2[0,1]"},
    {"chess4d_m3_queen_rooks", "chess4d", "8/8/3R4/Q7/k7/8/3K2R1/8 w 0 1", 3, "d2[0,0]c3[0,0]"},
    // X-18 (a) and X-19: the Guillotine slides a8-a10 and checks f10 by fly-over
    // (b10-e10 empty, g10 empty). e10 and g10 are attacked along the same line
    // once the King leaves f10; e9 f9 g9 hold its own pawns. Black's Ninja Pawns
    // in hand cannot reach rank 10, so nothing can interpose.
    {"wreckage_m1_flyover", "wreckage", "5k4/4ppp3/G9/10/10/10/10/10/10/9K w - - jj 0 1", 1,
     "a8a10"},
    // The commentary: the Rook on g10 blocks the fly-over from a10, but a
    // Guillotine on d10 attacks f10 at distance two whatever stands on g10
    // (X-18 c). Black's Guillotine drop on e10 would not help: with
    // e10 and f10 both enemy the double capture (X-18 d) still hits the King.
    {"wreckage_m1_distance_two", "wreckage", "G4kr3/4ppp3/10/10/10/10/10/10/10/9K w - - g 0 1", 1,
     "a10d10"},
    // The mate-in-two commentary: 1. Xe8 (quiet) makes f9 unavailable to the
    // King (adjacent to a Detonator, X-22); the Rook on g10 cannot leave (the
    // fly-over check from a10 would open), e9 and g9 are blocked, Black's only
    // spare moves are with the b-pawn; 2. Gd10 mates at distance two.
    {"wreckage_m2_commentary", "wreckage", "G4kr3/4p1p3/6R3/1p8/10/10/4X5/10/10/9K w - - - 0 1", 2,
     "e4e8"},
    // 1. Xg9+ (adjacency check by the Detonator, guarded by the Guillotine's
    // distance-two capture from e7) Ki10 2. Ra10+ Kj9 3. Gj7 mate.
    {"wreckage_m3_detonator", "wreckage", "4X2k2/R2p1p2p1/10/4G5/10/10/10/10/4K5/10 w - - - 0 1", 3,
     "e10g9"},
    // W-9, W-14, W-24: Rd9 checks the King on a9 along rank 9; the rook touches
    // the King c8 (active, W-7); a8 is attacked by the pawn b7; b8 and b9 touch
    // the White King (W-9). Black's other King on i1 is safe and free to move,
    // and mating one King is enough.
    {"wataku_m1_one_king", "wataku", "k8/2K6/1P7/9/9/9/9/3R5/4K3k w - 1", 1, "d2d9"},
    // The Rook on d3 is dormant (W-8); the King e1 wakes it by stepping next
    // to it, then Rd9 mates while Black's i1 King stands safe.
    {"wataku_m2_wake_rook", "wataku", "k8/2K6/1P7/9/9/9/3R5/9/4K3k w - 1", 2, "e1e2"},
    // The same, the King f1 needs two steps to reach the dormant Rook on d4.
    {"wataku_m3_wake_rook", "wataku", "k8/2K6/1P7/9/9/3R5/9/9/5K2k w - 1", 3, "f1e2"},
};

class MateSearch : public ::testing::TestWithParam<MateCase> {};

TEST_P(MateSearch, FindsTheMateWithTheExactMateScore) {
    const MateCase& c = GetParam();
    with_variant(c.variant, [&]<class Pos>() {
        Pos root;
        ASSERT_TRUE(root.set_fen(c.fen)) << c.fen;
        // The construction, checked by the rules alone.
        ASSERT_TRUE(is_mating_key(root, c.key, c.moves))
            << c.key << " is not a mate in " << c.moves;
        if (c.moves > 1) {
            Pos p = root;
            ASSERT_FALSE(can_mate_in(p, c.moves - 1)) << "a shorter mate exists";
        }

        Engine e;
        ASSERT_TRUE(e.set_variant(c.variant));
        ASSERT_TRUE(e.set_position(c.fen, {}));
        Limits l;
        l.depth = 2 * c.moves + 5;
        std::vector<engine::Info> infos;
        const Result r = e.search(l, [&](const engine::Info& i) { infos.push_back(i); });
        EXPECT_TRUE(is_mating_key(root, r.best, c.moves))
            << "bestmove " << r.best << " does not force mate in " << c.moves;
        EXPECT_EQ(r.score, engine::VALUE_MATE - (2 * c.moves - 1));
        EXPECT_EQ(protocol::uci_score(r.score), "mate " + std::to_string(c.moves));
        ASSERT_FALSE(infos.empty());
        EXPECT_EQ(infos.back().score, r.score);
        ASSERT_FALSE(infos.back().pv.empty());
        EXPECT_EQ(infos.back().pv[0], r.best);
        // The reported principal variation is a legal line ending in mate.
        Pos p = root;
        for (const std::string& lan : infos.back().pv) {
            const Move m = p.parse_lan(lan);
            ASSERT_FALSE(m.is_none()) << "illegal pv move " << lan;
            p.do_move(m);
        }
        EXPECT_EQ(infos.back().pv.size(), static_cast<std::size_t>(2 * c.moves - 1));
        EXPECT_EQ(p.outcome(), Outcome::CHECKMATE);
    });
}

INSTANTIATE_TEST_SUITE_P(AllVariants, MateSearch, ::testing::ValuesIn(kMates),
                         [](const auto& p) { return std::string(p.param.name); });

// The time plan keeps the move overhead back (UCI's Move Overhead): from a
// fixed move time, and from the clock before it is split; never below 1 ms.
TEST(TimePlan, TheMoveOverheadIsKeptBackFromEveryTimedSearch) {
    engine::SharedState shared;
    Limits fixed;
    fixed.movetime_ms = 500;
    engine::plan_time(fixed, 0, shared, 0);
    EXPECT_EQ(shared.optimum_ms, 500);
    engine::plan_time(fixed, 0, shared, 200);
    EXPECT_EQ(shared.optimum_ms, 300);
    EXPECT_EQ(shared.maximum_ms, 300);
    engine::plan_time(fixed, 0, shared, 900);
    EXPECT_EQ(shared.maximum_ms, 1) << "never a search of no time";
    // 200 ms left: the overhead of 180 leaves 20 to use, at most 2/5 of it.
    Limits clock;
    clock.time_ms[0] = 200;
    clock.inc_ms[0] = 0;
    engine::plan_time(clock, 0, shared, 0);
    const std::int64_t without = shared.maximum_ms;
    engine::plan_time(clock, 0, shared, 180);
    EXPECT_LT(shared.maximum_ms, without);
    EXPECT_LE(shared.maximum_ms, 20 * 2 / 5);
}

// A clock with no moves-to-go is split over the moves the variant expects a
// side still to play (VariantInfo::time): the fewer, the more each move gets;
// UCI's movestogo, when given, overrides the variant's guess.
TEST(TimePlan, FewerExpectedMovesGiveEachMoreOfTheClock) {
    engine::SharedState shared;
    Limits clock;
    clock.time_ms[0] = 10000;
    clock.inc_ms[0] = 100;
    std::int64_t previous = 0;
    for (int moves : {60, 30, 20, 12, 6}) {
        engine::plan_time(clock, 0, shared, 0, moves);
        EXPECT_GT(shared.optimum_ms, previous) << moves << " moves left";
        EXPECT_LE(shared.maximum_ms, 10000 * 2 / 5) << moves << " moves left";
        previous = shared.optimum_ms;
    }
    clock.movestogo = 40;
    engine::plan_time(clock, 0, shared, 0, 40);
    const std::int64_t forty = shared.optimum_ms;
    engine::plan_time(clock, 0, shared, 0, 6);
    EXPECT_EQ(shared.optimum_ms, forty) << "movestogo decides, not the variant's guess";
}

// Property: under every variant's time model, a game far longer than
// expected (500 moves a side, each search using its whole maximum and 5 ms
// more of lag than the search measures, against the 30 ms Move Overhead)
// never runs the clock out, from a one-second clock up.
TEST(TimePlan, NoVariantsModelRunsTheClockOutInAGameOfAnyLength) {
    for (const VariantInfo* v : kVariantInfos) {
        for (const auto& [base, inc] :
             {std::pair{1000, 10}, std::pair{10000, 100}, std::pair{60000, 600}}) {
            std::int64_t left = base;
            for (int move = 1; move <= 500; ++move) {
                Limits clock;
                clock.time_ms[0] = static_cast<int>(left);
                clock.inc_ms[0] = inc;
                engine::SharedState shared;
                engine::plan_time(clock, 0, shared, 30, v->time.moves_left);
                ASSERT_GE(shared.optimum_ms, 1) << v->id;
                ASSERT_LE(shared.optimum_ms, shared.maximum_ms) << v->id;
                left -= shared.maximum_ms + 5;
                ASSERT_GT(left, 0)
                    << v->id << " flagged at move " << move << ", " << base << "+" << inc;
                left += inc;
            }
        }
    }
}

// The mated side scores its own mate: negative, "mate -N" style.
TEST(Search, DefenderSeesTheMateAgainstIt) {
    // After 1. Kf7 in chess_m2_rook Black's only move is Kh7 and 2. Rh1 mates.
    Engine e;
    ASSERT_TRUE(e.set_position("7k/8/5K2/8/8/8/8/6R1 w - - 0 1", {"f6f7"}));
    Limits l;
    l.depth = 6;
    const Result r = e.search(l);
    EXPECT_EQ(r.best, "h8h7");
    EXPECT_EQ(r.score, -(engine::VALUE_MATE - 2));
    EXPECT_EQ(protocol::uci_score(r.score), "mate -1");
}

// ---------------------------------------------------------------------------
// No legal move at the root.

struct Terminal {
    const char* variant;
    const char* fen;
    std::vector<std::string> moves;
};

const std::vector<Terminal>& terminal_positions() {
    static const std::vector<Terminal> t = {
        {"chess", "", {"f2f3", "e7e5", "g2g4", "d8h4"}},  // fool's mate
        {"chess", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", {}},  // stalemate
        {"chess4d", "8/8/8/3Q4/k1K5/8/8/6R1 w 0 1", {"d1[0,1]b3[0,1]"}},
        {"wreckage", "5k4/4ppp3/G9/10/10/10/10/10/10/9K w - - jj 0 1", {"a8a10"}},
        {"wataku", "k8/2K6/1P7/9/9/9/9/3R5/4K3k w - 1", {"d2d9"}},
    };
    return t;
}

TEST(Search, NoLegalMoveGivesNoBestMove) {
    for (const Terminal& t : terminal_positions()) {
        Engine e;
        ASSERT_TRUE(e.set_variant(t.variant));
        ASSERT_TRUE(e.set_position(t.fen, t.moves)) << t.variant << " " << t.fen;
        ASSERT_TRUE(e.legal_moves().empty()) << t.variant << " " << t.fen;
        for (int skill : {1, 8}) {
            e.set_skill_level(skill);
            Limits l;
            l.depth = 4;
            const Result r = e.search(l);
            EXPECT_EQ(r.best, "") << t.variant << " " << t.fen << " skill " << skill;
            EXPECT_EQ(r.ponder, "");
        }
    }
}

// ---------------------------------------------------------------------------
// Random positions from random playouts: the best move is always legal.

template <class Pos>
std::vector<std::string> random_fens(std::uint64_t seed, int count) {
    std::mt19937_64 rng(seed);
    std::vector<std::string> out;
    while (static_cast<int>(out.size()) < count) {
        Pos p;
        if constexpr (Pos::kInfo.random_start())
            (void)p.set_fen(Pos::kInfo.start_fen(Pos::kInfo.draw_start(rng)));
        const int plies = static_cast<int>(rng() % 90);
        for (int i = 0; i < plies; ++i) {
            typename Pos::Moves moves;
            p.legal_moves(moves);
            if (moves.empty()) break;
            p.do_move(moves[rng() % moves.size()]);
        }
        out.push_back(p.fen());
    }
    return out;
}

class RandomPositions : public ::testing::TestWithParam<const char*> {};

TEST_P(RandomPositions, BestMoveIsLegalAtEverySkillLevel) {
    const std::string variant = GetParam();
    with_variant(variant, [&]<class Pos>() {
        const auto fens = random_fens<Pos>(0xC0FFEE + variant.size(), 200);
        Engine e;
        ASSERT_TRUE(e.set_variant(variant));
        e.set_hash_mb(1);
        e.set_seed(12345);
        int with_moves = 0;
        for (std::size_t i = 0; i < fens.size(); ++i) {
            const int skill = 1 + static_cast<int>(i % 8);
            e.set_skill_level(skill);
            ASSERT_TRUE(e.set_position(fens[i], {})) << fens[i];
            Limits l;
            l.depth = i % 4 == 0 ? 2 : 1;
            l.nodes = 2500;
            const Result r = e.search(l);
            Pos p;
            ASSERT_TRUE(p.set_fen(fens[i]));
            typename Pos::Moves moves;
            p.legal_moves(moves);
            if (moves.empty()) {
                EXPECT_EQ(r.best, "") << fens[i];
                continue;
            }
            ++with_moves;
            const Move m = p.parse_lan(r.best);
            EXPECT_FALSE(m.is_none())
                << "skill " << skill << ": bestmove '" << r.best << "' is not legal in " << fens[i];
            if (!m.is_none() && !r.ponder.empty()) {
                p.do_move(m);
                EXPECT_FALSE(p.parse_lan(r.ponder).is_none())
                    << "ponder " << r.ponder << " after " << r.best << " in " << fens[i];
            }
        }
        EXPECT_GT(with_moves, 150);
    });
}

INSTANTIATE_TEST_SUITE_P(AllVariants, RandomPositions,
                         ::testing::Values("chess", "chess4d", "wreckage", "wataku"),
                         [](const auto& p) { return std::string(p.param); });

// Weaker levels choose randomly among near-best moves; set_seed makes it repeatable.
TEST(Search, SeededSkillLevelsAreRepeatable) {
    for (const char* variant : {"chess", "wreckage"}) {
        Engine engines[2];
        for (Engine& e : engines) {
            ASSERT_TRUE(e.set_variant(variant));
            e.set_hash_mb(1);
        }
        with_variant(variant, [&]<class Pos>() {
            for (const std::string& fen : random_fens<Pos>(99, 6)) {
                for (int skill : {1, 3, 5}) {
                    std::string best[2];
                    for (int k = 0; k < 2; ++k) {
                        Engine& e = engines[k];
                        e.new_game();
                        e.set_skill_level(skill);
                        e.set_seed(777);
                        ASSERT_TRUE(e.set_position(fen, {}));
                        Limits l;
                        l.depth = 2;
                        best[k] = e.search(l).best;
                    }
                    EXPECT_EQ(best[0], best[1]) << variant << " skill " << skill << " " << fen;
                }
            }
        });
    }
}

// The table is mapped lazily and cleared only when written: whatever the
// path, a cleared or resized table holds nothing. What it holds is given
// back only for its own key.
TEST(TranspositionTable, ClearAndResizeForgetEverything) {
    engine::TranspositionTable tt(1);
    std::mt19937_64 rng(5);
    std::vector<std::uint64_t> keys(500);
    const auto eval_of = [](std::size_t i) {
        return i == 0 ? -engine::VALUE_INFINITE
                      : engine::Value(static_cast<int>(i * 61 % 4001) - 2000);
    };
    for (std::uint64_t& k : keys) k = rng() | 1;
    const auto hits = [&] {
        int n = 0;
        engine::TTHit h;
        for (std::uint64_t k : keys) n += tt.probe(k, h);
        return n;
    };
    EXPECT_EQ(hits(), 0);
    tt.clear();  // nothing written yet
    EXPECT_EQ(hits(), 0);
    const auto fill = [&] {
        tt.new_search();
        for (std::size_t i = 0; i < keys.size(); ++i)
            tt.store(keys[i], Move::from_raw(static_cast<std::uint32_t>(i + 1)), engine::Value(7),
                     eval_of(i), 3, engine::BOUND_EXACT);
    };
    fill();
    ASSERT_GT(hits(), 450);  // 4-entry buckets over 16384 entries: next to no evictions
    engine::TTHit h;
    ASSERT_TRUE(tt.probe(keys[0], h));
    EXPECT_EQ(h.move, Move::from_raw(1));
    EXPECT_EQ(h.depth, 3);
    // Every entry found gives back what was stored with its key, the static
    // evaluation too (kept beside the key, negative ones and the in-check
    // marker included).
    for (std::size_t i = 0; i < keys.size(); ++i) {
        if (!tt.probe(keys[i], h)) continue;
        EXPECT_EQ(h.move, Move::from_raw(static_cast<std::uint32_t>(i + 1))) << i;
        EXPECT_EQ(h.value, 7) << i;
        EXPECT_EQ(h.eval, eval_of(i)) << i;
        // A key one bit away (the same bucket) is another position.
        EXPECT_FALSE(tt.probe(keys[i] ^ 2, h)) << i;
    }
    tt.clear();
    EXPECT_EQ(hits(), 0);
    fill();
    ASSERT_GT(hits(), 450);
    tt.resize(2);
    EXPECT_EQ(hits(), 0);
    EXPECT_EQ(tt.megabytes(), 2u);
    fill();
    EXPECT_GT(hits(), 450);
}

// Threads storing one key at once (the same move and value, each depth with
// its own evaluation) while another reads it: a read that meets one store's
// data beside another's second word must miss, never give one entry's depth
// with another's evaluation.
TEST(TranspositionTable, ATornEntryIsAMiss) {
    engine::TranspositionTable tt(1);
    constexpr std::uint64_t kKey = 0x8badf00d12345677ULL;
    const auto eval_for = [](int depth) { return engine::Value(depth * 37 - 900); };
    std::atomic<bool> done{false};
    std::vector<std::thread> writers;
    for (int w = 0; w < 2; ++w)
        writers.emplace_back([&, w] {
            for (int i = 0; !done.load(std::memory_order_relaxed); ++i) {
                const int depth = (i * 7 + w * 13) % 40;
                tt.store(kKey, Move::from_raw(77), engine::Value(5), eval_for(depth), depth,
                         engine::BOUND_LOWER);
            }
        });
    // Read until 200,000 hits (the writers may start late on a loaded
    // machine) or 10 s; a failure stops the writers before it returns.
    int hits = 0;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    bool consistent = true;
    while (consistent && hits < 200000 && std::chrono::steady_clock::now() < deadline) {
        engine::TTHit h;
        if (!tt.probe(kKey, h)) continue;
        ++hits;
        consistent = h.move == Move::from_raw(77) && h.eval == eval_for(h.depth);
        EXPECT_TRUE(consistent) << "hit " << hits << ": depth " << h.depth << ", evaluation "
                                << h.eval << ", move " << h.move.raw();
    }
    done = true;
    for (std::thread& t : writers) t.join();
    if (consistent) {
        EXPECT_EQ(hits, 200000) << "the writers did not store within 10 s";
    }
}

// ---------------------------------------------------------------------------
// Determinism: the bench's node count is a behaviour signature.

struct BenchPosition {
    const char* variant;
    const char* fen;
    int depth;
};

const BenchPosition kBench[] = {
    {"chess", "", 6},
    {"chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4},
    {"chess4d", "", 5},
    {"wreckage", "", 4},
    {"wataku", "", 2},
};

TEST(Search, FreshEnginesSearchIdentically) {
    for (const BenchPosition& b : kBench) {
        Result r[3];
        {
            Engine e1, e2;
            for (Engine* e : {&e1, &e2}) {
                ASSERT_TRUE(e->set_variant(b.variant));
                ASSERT_TRUE(e->set_position(b.fen, {}));
            }
            Limits l;
            l.depth = b.depth;
            r[0] = e1.search(l);
            r[1] = e2.search(l);
            // A used engine after a new game (UCI ucinewgame) behaves like a fresh one.
            e1.new_game();
            r[2] = e1.search(l);
        }
        for (int i = 1; i < 3; ++i) {
            EXPECT_EQ(r[i].nodes, r[0].nodes) << b.variant << " " << b.fen << " run " << i;
            EXPECT_EQ(r[i].best, r[0].best) << b.variant << " " << b.fen << " run " << i;
            EXPECT_EQ(r[i].score, r[0].score) << b.variant << " " << b.fen << " run " << i;
        }
        EXPECT_GT(r[0].nodes, 0u);
        EXPECT_TRUE(legal_in(b.variant, b.fen, r[0].best)) << r[0].best;
    }
}

// Runs `chimera bench` and returns the total after "Nodes searched:" (0 on failure).
struct BenchRun {
    pid_t pid = -1;
    int fd = -1;
};

BenchRun start_bench(const char* binary) {
    BenchRun b;
    int p[2];
    if (pipe2(p, O_CLOEXEC) != 0) return b;
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&fa, p[1], 1);
    posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
    std::string bin = binary, arg = "bench";
    char* argv[] = {bin.data(), arg.data(), nullptr};
    if (posix_spawn(&b.pid, binary, &fa, nullptr, argv, environ) != 0) b.pid = -1;
    posix_spawn_file_actions_destroy(&fa);
    close(p[1]);
    b.fd = p[0];
    return b;
}

// Reads until EOF or the deadline; kills the process on timeout.
std::string finish_bench(BenchRun& b, std::chrono::steady_clock::time_point deadline, int* status) {
    std::string out;
    char buf[4096];
    while (true) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                              deadline - std::chrono::steady_clock::now())
                              .count();
        if (left <= 0) {
            kill(b.pid, SIGKILL);
            break;
        }
        pollfd pfd{b.fd, POLLIN, 0};
        if (poll(&pfd, 1, static_cast<int>(left)) <= 0) continue;
        const ssize_t n = read(b.fd, buf, sizeof buf);
        if (n <= 0) break;
        out.append(buf, static_cast<std::size_t>(n));
    }
    close(b.fd);
    int st = 0;
    waitpid(b.pid, &st, 0);
    *status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
    return out;
}

// Two fresh processes search the same nodes. In the sanitizer run the second
// one is the optimised binary (CHIMERA_REFERENCE_BINARY, set by `make
// ctest-debug`): the same count from GCC -O3 and from clang with the
// sanitizers, and one sanitized bench instead of two.
TEST(BenchSlow, BinaryBenchNodeCountIsDeterministic) {
    const char* reference = std::getenv("CHIMERA_REFERENCE_BINARY");
    const char* second = ::chimera::testing::binary_is_sanitized() && reference && *reference
                             ? reference
                             : ::chimera::testing::chimera_binary();
    BenchRun runs[2] = {start_bench(::chimera::testing::chimera_binary()), start_bench(second)};
    ASSERT_GT(runs[0].pid, 0);
    ASSERT_GT(runs[1].pid, 0);
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(240);
    std::string totals[2];
    for (int i = 0; i < 2; ++i) {
        int status = -1;
        const std::string out = finish_bench(runs[i], deadline, &status);
        EXPECT_EQ(status, 0) << out;
        std::smatch m;
        ASSERT_TRUE(std::regex_search(out, m, std::regex("Nodes searched: (\\d+)"))) << out;
        totals[i] = m[1];
    }
    EXPECT_EQ(totals[0], totals[1]);
    EXPECT_NE(totals[0], "0");
}

// ---------------------------------------------------------------------------
// Limits: nodes and time.

std::int64_t ms_since(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() -
                                                                 t0)
        .count();
}

TEST(Search, NodeLimitIsHonouredWithinOneCountingChunk) {
    // Nodes are counted in chunks of 1024 per thread.
    for (const char* variant : {"chess", "chess4d", "wreckage", "wataku"}) {
        for (std::uint64_t n : {5000ULL, 20000ULL}) {
            Engine e;
            ASSERT_TRUE(e.set_variant(variant));
            Limits l;
            l.nodes = n;
            const Result r = e.search(l);
            EXPECT_GE(r.nodes, n) << variant;  // the start position needs far more for full depth
            EXPECT_LE(r.nodes, n + 1024 + 64) << variant;
            EXPECT_TRUE(legal_in(variant, "", r.best)) << variant << " " << r.best;
        }
    }
    Engine e;
    e.set_threads(2);
    Limits l;
    l.nodes = 20000;
    const Result r = e.search(l);
    // Only the main thread checks the shared count (every 1024 of its own
    // nodes) while the helper keeps adding its chunks, so with threads the
    // limit is approximate and depends on scheduling: only gross overruns fail.
    EXPECT_GE(r.nodes, l.nodes);
    EXPECT_LE(r.nodes, 2 * l.nodes);
    EXPECT_TRUE(legal_in("chess", "", r.best)) << r.best;
}

// A search cut short inside its first iteration must still report a real
// score: the best move was not proved to be mated (nor mating).
TEST(Search, TinyNodeLimitReportsARealScore) {
    const char* fens[][2] = {
        {"chess", "rbb1k3/n4N1r/p2q3p/Pp2pp1n/1PppP1P1/R1PP1P1P/N1Q2K2/2B2BR1 w q - 0 24"},
        {"chess4d", "4r1bk/1R1p4/1p1P2P1/6NK/2n1r3/2p2Pqp/3B3P/R5Q1 w 4 6"},
        {"wreckage",
         "3b1kb1r1/p2p1j1pfd/wrjxj1p3/4p3pp/1pj2JP3/PPBj3P2/R1P1P3Bq/2JWJPJ1D1/3P1F2PJ/2Q1XK2R1 w "
         "Ii - "
         "Gg 0 39"},
    };
    for (const auto& [variant, fen] : fens) {
        Engine e;
        ASSERT_TRUE(e.set_variant(variant));
        ASSERT_TRUE(e.set_position(fen, {}));
        Limits l;
        l.nodes = 1;
        std::vector<engine::Info> infos;
        const Result r = e.search(l, [&](const engine::Info& i) { infos.push_back(i); });
        EXPECT_TRUE(legal_in(variant, fen, r.best)) << r.best;
        EXPECT_FALSE(engine::is_mate_score(r.score))
            << variant << ": score " << r.score << " (" << protocol::uci_score(r.score) << ")";
        for (const auto& i : infos)
            EXPECT_NE(protocol::uci_score(i.score), "mate 0") << variant << " depth " << i.depth;
    }
}

// A mate given on the move rule's last ply wins (the game looks for mate
// before the move rule: X-24, D-13 and chess alike); the search must not call
// it a draw. The same position a ply earlier in the count is no different.
TEST(Search, MateOnTheMoveRulesLastPlyWins) {
    for (const char* clock : {"99", "50"}) {
        Engine e;
        ASSERT_TRUE(e.set_variant("chess"));
        ASSERT_TRUE(
            e.set_position(std::string("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - ") + clock + " 80", {}));
        Limits l;
        l.depth = 3;
        const Result r = e.search(l);
        EXPECT_EQ(r.best, "d1d8") << clock;
        EXPECT_EQ(protocol::uci_score(r.score), "mate 1") << clock;
    }
    // The position after the mate is over by mate, not by the move rule.
    chess::Position p;
    ASSERT_TRUE(p.set_fen("3R2k1/5ppp/8/8/8/8/5PPP/6K1 b - - 100 80"));
    EXPECT_EQ(p.outcome(), Outcome::CHECKMATE);
}

// A Wreckage middlegame whose first iteration alone is expensive (hundreds of
// thousands of quiescence nodes): the limits must hold inside it too, with a
// legal move and a real score.
TEST(Search, LimitsHoldInsideAnExpensiveFirstIteration) {
    const char* fen =
        "2r1qk1fr1/4j4b/jb2P1x3/1j1g3p1d/1jpp2p1pp/p1PP1Pp2P/P2JJ3P1/1B5P1D/JPJ2BJ2F/G1R2K2R1 w i "
        "- - 1 60";
    Engine e;
    ASSERT_TRUE(e.set_variant("wreckage"));
    ASSERT_TRUE(e.set_position(fen, {}));
    auto check = [&](const Limits& l, const char* what, std::int64_t allowed_ms) {
        const auto t0 = std::chrono::steady_clock::now();
        const Result r = e.search(l);
        const auto spent = ms_since(t0);
        EXPECT_TRUE(legal_in("wreckage", fen, r.best)) << what << ": " << r.best;
        EXPECT_FALSE(engine::is_mate_score(r.score)) << what << ": score " << r.score;
        if (l.nodes) {
            EXPECT_LE(r.nodes, l.nodes + 1024 + 64) << what;
        }
        if (allowed_ms) {
            EXPECT_LT(spent, allowed_ms) << what;
        }
    };
    Limits nodes;
    nodes.nodes = 5000;
    check(nodes, "nodes 5000", 0);
    Limits clock;
    clock.time_ms[WHITE] = 100;  // White to move with 100 ms left
    clock.time_ms[BLACK] = 60000;
    check(clock, "wtime 100", 100);
    Limits fixed;
    fixed.movetime_ms = 100;
    check(fixed, "movetime 100", 100 + 400);
}

struct Clocked {
    const char* variant;
    const char* fen;
    std::vector<std::string> moves;
    int wtime, btime, winc, binc, movestogo;
    int allowed_ms;  // the clock of the side to move: running out of it loses
};

TEST(Search, ShortClocksReturnBeforeTheFlagFalls) {
    const std::vector<Clocked> cases = {
        {"chess", "", {}, 300, 300, 0, 0, 0, 300},
        {"chess4d", "", {}, 300, 300, 0, 0, 0, 300},
        {"wreckage", "", {}, 300, 300, 0, 0, 0, 300},
        {"wataku", "", {}, 300, 300, 0, 0, 0, 300},
        {"chess", "", {}, 1000, 1000, 100, 100, 0, 1000},
        {"wreckage", "", {}, 1000, 1000, 100, 100, 0, 1000},
        // Black to move: Black's clock is the one that counts.
        {"chess", "", {"e2e4"}, 60000, 300, 0, 0, 0, 300},
        {"wataku", "", {"Q@e5"}, 60000, 300, 0, 0, 0, 300},
        // The last move before the time control: still inside the clock.
        {"chess", "", {}, 500, 500, 0, 0, 1, 500},
        {"chess4d", "", {}, 150, 150, 0, 0, 0, 150},
    };
    for (const Clocked& c : cases) {
        Engine e;
        ASSERT_TRUE(e.set_variant(c.variant));
        ASSERT_TRUE(e.set_position(c.fen, c.moves));
        Limits l;
        l.time_ms[0] = c.wtime;
        l.time_ms[1] = c.btime;
        l.inc_ms[0] = c.winc;
        l.inc_ms[1] = c.binc;
        l.movestogo = c.movestogo;
        const auto t0 = std::chrono::steady_clock::now();
        const Result r = e.search(l);
        const auto spent = ms_since(t0);
        EXPECT_LT(spent, c.allowed_ms) << c.variant << " wtime " << c.wtime << " btime " << c.btime;
        with_variant(c.variant, [&]<class Pos>() {
            Pos p;
            for (const auto& m : c.moves) p.do_move(p.parse_lan(m));
            EXPECT_FALSE(p.parse_lan(r.best).is_none()) << c.variant << " bestmove " << r.best;
        });
    }
}

TEST(Search, MovetimeIsNotOverrun) {
    for (const char* variant : {"chess", "wreckage"}) {
        Engine e;
        ASSERT_TRUE(e.set_variant(variant));
        Limits l;
        l.movetime_ms = 100;
        const auto t0 = std::chrono::steady_clock::now();
        const Result r = e.search(l);
        // A generous bound for a loaded machine; the point is that it stops.
        EXPECT_LT(ms_since(t0), 100 + 400) << variant;
        EXPECT_TRUE(legal_in(variant, "", r.best)) << r.best;
    }
}

}  // namespace
}  // namespace chimera
