// 4D chess rules D-4 ... D-12 (shared/spec/chess4d.md), checked against expectations
// derived from the rule text: the slow model in chess4d_reference.h, and counts made
// by hand in the comments. The end rules (D-13) are in test_chess4d_end_rules.cpp,
// notation (D-1 ... D-3, D-14 ... D-16) in test_chess4d_notation.cpp.
#include <gtest/gtest.h>

#include <algorithm>
#include <iterator>
#include <random>
#include <set>
#include <string>

#include "chess4d_reference.h"
#include "chess4d_test_helpers.h"
#include "variants/chess4d/position.h"

namespace chimera {
namespace {

using chess4d::Position;
using ref4d::Board;
using ref4d::sq;
using test4d::destinations;
using test4d::engine_moves;
using test4d::find_move;
using test4d::from_names;
using test4d::load;
using test4d::names;

// Cells a lone piece reaches on an otherwise empty board, straight from the rule
// text (every intermediate cell is empty, so D-11 never intervenes).
std::set<int> lone_reach(char piece, int from) {
    std::set<int> out;
    for (int to = 0; to < 64; ++to) {
        if (to == from) continue;
        const auto d = ref4d::delta(from, to);
        bool ok = false;
        switch (ref4d::kind(piece)) {
            case 'R':
                ok = ref4d::rook_vector(d);
                break;
            case 'B':
                ok = ref4d::bishop_vector(d);
                break;
            case 'Q':
                ok = ref4d::queen_vector(d);
                break;
            case 'N':
                ok = ref4d::knight_vector(d);
                break;
            case 'P':
                ok = ref4d::pawn_push_vector(d, ref4d::is_white(piece));
                break;
            default:
                break;
        }
        if (ok) out.insert(to);
    }
    return out;
}

// For every start cell (and both colours) the piece's destinations equal its
// rule-text reach; the two Kings stand on cells the piece cannot reach.
void check_lone_piece(char white_letter, bool pawn) {
    for (bool white : {true, false}) {
        const char piece = white ? white_letter : static_cast<char>(white_letter + 32);
        for (int from = 0; from < 64; ++from) {
            const int y = ref4d::coord(from).y;
            if (pawn && (y == 0 || y == 3)) continue;  // pawns never stand there (spec README)
            const std::set<int> expected = lone_reach(piece, from);
            bool placed = false;
            for (int wk = 0; wk < 64 && !placed; ++wk)
                for (int bk = 63; bk >= 0 && !placed; --bk) {
                    if (wk == bk || wk == from || bk == from || expected.count(wk) ||
                        expected.count(bk))
                        continue;
                    Board b = ref4d::empty_board();
                    b[from] = piece;
                    b[wk] = 'K';
                    b[bk] = 'k';
                    if (ref4d::in_check(b, true) || ref4d::in_check(b, false)) continue;
                    placed = true;
                    const Position pos = load(b, white);
                    EXPECT_EQ(destinations(pos, from), expected)
                        << piece << " on " << ref4d::name(from) << " expected " << names(expected)
                        << "got " << names(destinations(pos, from));
                }
            EXPECT_TRUE(placed) << "no King placement for " << piece << ref4d::name(from);
        }
    }
}

// ------------------------------------------------------------------ D-4

const std::vector<std::pair<char, const char*>> kWhiteStart = {
    {'R', "a1[0,0]"}, {'B', "c1[0,0]"}, {'P', "b2[1,0]"}, {'P', "d2[1,0]"}, {'R', "c1[0,1]"},
    {'P', "d2[0,1]"}, {'Q', "b1[1,1]"}, {'N', "c1[1,1]"}, {'K', "d1[1,1]"}, {'P', "c2[1,1]"}};

TEST(Chess4dRules, D4_StartPlacementAsListed) {
    const Position pos;
    Board expected = ref4d::empty_board();
    for (const auto& [p, n] : kWhiteStart) {
        const ref4d::Coord c = ref4d::coord(sq(n));
        expected[sq(n)] = p;
        // Black mirrors White: file f, rank 5-y, board [1-z,1-w].
        expected[ref4d::cell(c.x, 3 - c.y, 1 - c.z, 1 - c.w)] = static_cast<char>(p + 32);
    }
    // The Black list as the spec spells it out.
    EXPECT_EQ(expected[sq("a4[1,1]")], 'r');
    EXPECT_EQ(expected[sq("c4[1,1]")], 'b');
    EXPECT_EQ(expected[sq("b3[0,1]")], 'p');
    EXPECT_EQ(expected[sq("d3[0,1]")], 'p');
    EXPECT_EQ(expected[sq("b4[0,0]")], 'q');
    EXPECT_EQ(expected[sq("c4[0,0]")], 'n');
    EXPECT_EQ(expected[sq("d4[0,0]")], 'k');
    EXPECT_EQ(expected[sq("c3[0,0]")], 'p');
    EXPECT_EQ(expected[sq("c4[1,0]")], 'r');
    EXPECT_EQ(expected[sq("d3[1,0]")], 'p');
    EXPECT_EQ(ref4d::board_of(pos), expected);
    EXPECT_EQ(popcount(pos.pieces()), 20);
    EXPECT_EQ(pos.side_to_move(), WHITE);
    EXPECT_EQ(pos.fen(), "4r1b1/1p1p4/3P2P1/2R2QNK/1qnk2r1/2p4p/5P1P/R1B5 w 0 1");
    EXPECT_EQ(ref4d::fen(expected, true), pos.fen());
}

TEST(Chess4dRules, D4_NoCaptureOrCheckOnTheFirstMove) {
    Position pos;
    EXPECT_FALSE(pos.in_check());
    const Board b = ref4d::board_of(pos);
    for (int from = 0; from < 64; ++from) {  // no pawn attacks an enemy pawn
        for (int to = 0; to < 64; ++to) {
            if (ref4d::kind(b[from]) == 'P' && ref4d::kind(b[to]) == 'P' &&
                ref4d::is_white(b[from]) != ref4d::is_white(b[to])) {
                EXPECT_FALSE(ref4d::attacks(b, from, to)) << ref4d::name(from) << ref4d::name(to);
            }
        }
    }
    Position::Moves ml;
    pos.legal_moves(ml);
    EXPECT_EQ(ml.size(), 53u);  // perft 1 from the spec
    for (Move m : ml) {
        EXPECT_FALSE(pos.is_capture(m)) << pos.lan(m);
        pos.do_move(m);
        EXPECT_FALSE(pos.in_check()) << pos.lan(m);
        pos.undo_move(m);
    }
}

TEST(Chess4dRules, D4_TutorialRookMoveIsLegal) {
    Position pos;
    const Move m = pos.parse_lan("a1[0,0]a1[0,1]");
    ASSERT_FALSE(m.is_none());
    EXPECT_EQ(m.from(), sq("a1[0,0]"));
    EXPECT_EQ(m.to(), sq("a1[0,1]"));
    pos.do_move(m);
    EXPECT_EQ(ref4d::board_of(pos)[sq("a1[0,1]")], 'R');
    EXPECT_EQ(ref4d::board_of(pos)[sq("a1[0,0]")], '.');
}

// The model agrees with the spec's perft numbers, so comparisons against it mean something.
TEST(Chess4dRules, D4_SpecModelReproducesSpecPerft) {
    const Board start = ref4d::board_of(Position());
    EXPECT_EQ(ref4d::perft(start, true, 1), 53u);
    EXPECT_EQ(ref4d::perft(start, true, 2), 2801u);
    EXPECT_EQ(ref4d::perft(start, true, 3), 153118u);
}

TEST(Chess4dRules, D4_D12_RandomGamesAgreeWithSpecModel) {
    std::mt19937 rng(4242);
    for (int game = 0; game < 30; ++game) {
        Position pos;
        Board b = ref4d::board_of(pos);
        bool white = true;
        for (int ply = 0; ply < 60; ++ply) {
            const ref4d::MoveSet expected = ref4d::legal_moves(b, white);
            ASSERT_EQ(engine_moves(pos), expected) << pos.fen();
            EXPECT_EQ(pos.in_check(), ref4d::in_check(b, white)) << pos.fen();
            if (expected.empty()) break;
            auto it = expected.begin();
            std::advance(it, static_cast<long>(rng() % expected.size()));
            const Move m = find_move(pos, it->first, it->second);
            pos.do_move(m);
            b = ref4d::apply(b, it->first, it->second);
            white = !white;
            ASSERT_EQ(ref4d::board_of(pos), b)
                << "after " << ref4d::name(it->first) << ref4d::name(it->second);
        }
    }
}

// ------------------------------------------------------------------ D-5 ... D-9

TEST(Chess4dRules, D5_RookMovesAlongExactlyOneAxis) { check_lone_piece('R', false); }
TEST(Chess4dRules, D6_BishopSameDistanceAlongExactlyTwoAxes) { check_lone_piece('B', false); }
TEST(Chess4dRules, D7_QueenSameDistanceAlongOneToFourAxes) { check_lone_piece('Q', false); }
TEST(Chess4dRules, D9_KnightTwoAlongXOrYPlusOneAlongAnother) { check_lone_piece('N', false); }
TEST(Chess4dRules, D10_LonePawnStepsOneRankForward) { check_lone_piece('P', true); }

// Counted by hand on an otherwise empty board (Kings on cells the piece cannot reach).
TEST(Chess4dRules, D5_D9_HandCountedCornerMoves) {
    // Rook a1[0,0]: b1 c1 d1, a2 a3 a4, a1[1,0], a1[0,1].
    EXPECT_EQ(
        destinations(
            load(ref4d::make_board({{'R', "a1[0,0]"}, {'K', "d4[1,1]"}, {'k', "b3[0,1]"}}), true),
            sq("a1[0,0]")),
        from_names({"b1[0,0]", "c1[0,0]", "d1[0,0]", "a2[0,0]", "a3[0,0]", "a4[0,0]", "a1[1,0]",
                    "a1[0,1]"}));
    // Bishop a1[0,0]: b2 c3 d4 on its board, then one each for XZ XW YZ YW ZW.
    EXPECT_EQ(
        destinations(
            load(ref4d::make_board({{'B', "a1[0,0]"}, {'K', "d1[1,1]"}, {'k', "a4[1,1]"}}), true),
            sq("a1[0,0]")),
        from_names({"b2[0,0]", "c3[0,0]", "d4[0,0]", "b1[1,0]", "b1[0,1]", "a2[1,0]", "a2[0,1]",
                    "a1[1,1]"}));
    // Queen a1[0,0]: 3 + 3 + 3 in-board, plus the 12 axis sets touching Z or W.
    EXPECT_EQ(
        destinations(
            load(ref4d::make_board({{'Q', "a1[0,0]"}, {'K', "d4[1,1]"}, {'k', "b3[0,1]"}}), true),
            sq("a1[0,0]"))
            .size(),
        21u);
    // Knight a1[0,0]: c2 c1[1,0] c1[0,1] b3 a3[1,0] a3[0,1].
    EXPECT_EQ(
        destinations(
            load(ref4d::make_board({{'N', "a1[0,0]"}, {'K', "d4[1,1]"}, {'k', "b4[0,1]"}}), true),
            sq("a1[0,0]")),
        from_names({"c2[0,0]", "c1[1,0]", "c1[0,1]", "b3[0,0]", "a3[1,0]", "a3[0,1]"}));
    // A Rook anywhere on an empty board: 3 files + 3 ranks + the other Z + the other W.
    EXPECT_EQ(
        destinations(
            load(ref4d::make_board({{'r', "c3[1,0]"}, {'K', "a1[1,1]"}, {'k', "d1[0,1]"}}), false),
            sq("c3[1,0]"))
            .size(),
        8u);
}

// ------------------------------------------------------------------ D-8

TEST(Chess4dRules, D8_KingOneStepAnyCombinationNotOntoAttackedCells) {
    for (bool white : {true, false})
        for (int from = 0; from < 64; ++from)
            for (int other = 0; other < 64; ++other) {
                if (other == from || ref4d::king_vector(ref4d::delta(from, other))) continue;
                Board b = ref4d::empty_board();
                b[from] = white ? 'K' : 'k';
                b[other] = white ? 'k' : 'K';
                std::set<int> expected;  // a step, and not next to the enemy King
                for (int to = 0; to < 64; ++to)
                    if (ref4d::king_vector(ref4d::delta(from, to)) &&
                        !ref4d::king_vector(ref4d::delta(other, to)))
                        expected.insert(to);
                ASSERT_EQ(destinations(load(b, white), from), expected)
                    << ref4d::name(from) << " vs " << ref4d::name(other);
            }
}

TEST(Chess4dRules, D8_HandCountedKingMoves) {
    // a1[0,0]: x, y, z, w each 0 or +1, not all 0: 2^4 - 1.
    EXPECT_EQ(destinations(load(ref4d::make_board({{'K', "a1[0,0]"}, {'k', "d4[1,1]"}}), true),
                           sq("a1[0,0]"))
                  .size(),
              15u);
    // b2[0,0]: 3*3*2*2 - 1 = 35 steps, minus c3 on all four boards next to d4[1,1].
    EXPECT_EQ(destinations(load(ref4d::make_board({{'K', "b2[0,0]"}, {'k', "d4[1,1]"}}), true),
                           sq("b2[0,0]"))
                  .size(),
              31u);
    // Crossing Z and W at once is allowed.
    const Position pos = load(ref4d::make_board({{'K', "a1[0,0]"}, {'k', "d4[1,1]"}}), true);
    EXPECT_FALSE(find_move(pos, sq("a1[0,0]"), sq("a1[1,1]")).is_none());
    EXPECT_FALSE(find_move(pos, sq("a1[0,0]"), sq("b2[1,1]")).is_none());
}

TEST(Chess4dRules, D8_KingMayNotStepOntoAttackedCellsNorAlongTheCheckingLine) {
    // King b1[0,0] in check from the Rook d1[0,0]. Its 3*2*2*2 - 1 = 23 steps lose
    // a1[0,0] (still on the Rook's line), c1[0,0] (next to the Rook) and the cells the
    // knight a2[1,1] attacks (2 along X plus one along Y, Z or W): c1[1,1], c2[0,1],
    // c2[1,0]. Taking the unguarded knight is fine.
    const Position pos = load(
        ref4d::make_board({{'K', "b1[0,0]"}, {'r', "d1[0,0]"}, {'k', "d4[1,1]"}, {'n', "a2[1,1]"}}),
        true);
    EXPECT_TRUE(pos.in_check());
    std::set<int> expected;
    for (int to = 0; to < 64; ++to)
        if (ref4d::king_vector(ref4d::delta(sq("b1[0,0]"), to))) expected.insert(to);
    ASSERT_EQ(expected.size(), 23u);
    for (const char* n : {"a1[0,0]", "c1[0,0]", "c1[1,1]", "c2[0,1]", "c2[1,0]"})
        expected.erase(sq(n));
    const std::set<int> d = destinations(pos, sq("b1[0,0]"));
    EXPECT_EQ(d, expected) << names(d);
    EXPECT_TRUE(d.count(sq("a2[1,1]")));
    EXPECT_EQ(d.size(), 18u);
}

// ------------------------------------------------------------------ D-10

TEST(Chess4dRules, D10_PawnCapturesAlongXZAndWForBothColours) {
    for (bool white : {true, false})
        for (int axis : {0, 2, 3})
            for (int sign : {-1, 1}) {
                // White pawn on b2, Black pawn on c3; the board coordinate chosen so
                // that the side step stays on the board.
                const int x = white ? 1 : 2, y = white ? 1 : 2, fwd = white ? 1 : -1;
                const int z = axis == 2 ? (sign > 0 ? 0 : 1) : 0;
                const int w = axis == 3 ? (sign > 0 ? 0 : 1) : 0;
                int tx = x, tz = z, tw = w;
                (axis == 0 ? tx : axis == 2 ? tz : tw) += sign;
                const int from = ref4d::cell(x, y, z, w);
                const int target = ref4d::cell(tx, y + fwd, tz, tw);
                Board b = ref4d::empty_board();
                b[from] = white ? 'P' : 'p';
                b[target] = white ? 'n' : 'N';
                b[sq("d4[1,1]")] = 'K';
                b[sq("a1[1,1]")] = 'k';
                const Position pos = load(b, white);
                const std::set<int> expected = {ref4d::cell(x, y + fwd, z, w), target};
                EXPECT_EQ(destinations(pos, from), expected)
                    << (white ? "White" : "Black") << " axis " << axis << " sign " << sign;
            }
}

TEST(Chess4dRules, D10_PawnCannotCaptureSidewaysBackwardStraightOrOnTwoSideAxes) {
    // b2[0,0]: enemies beside it (a2), on the other Z board (b2[1,0]), behind it
    // (c1), forward with two side steps (c3[1,0]) and straight ahead (b3).
    const Position pos = load(ref4d::make_board({{'P', "b2[0,0]"},
                                                 {'K', "d4[1,1]"},
                                                 {'k', "d1[1,1]"},
                                                 {'n', "a2[0,0]"},
                                                 {'b', "b2[1,0]"},
                                                 {'r', "c1[0,0]"},
                                                 {'r', "c3[1,0]"},
                                                 {'q', "b3[0,0]"}}),
                              true);
    EXPECT_TRUE(destinations(pos, sq("b2[0,0]")).empty())
        << names(destinations(pos, sq("b2[0,0]")));
}

TEST(Chess4dRules, D10_PawnPushOntoEmptyOnlyAndNoDoubleStep) {
    Position pos =
        load(ref4d::make_board({{'P', "b2[0,0]"}, {'K', "d1[1,1]"}, {'k', "d4[1,1]"}}), true);
    EXPECT_EQ(destinations(pos, sq("b2[0,0]")), from_names({"b3[0,0]"}));  // not b4
    // A friendly piece in front blocks, and is of course not captured.
    pos = load(
        ref4d::make_board({{'P', "b2[0,0]"}, {'N', "b3[0,0]"}, {'K', "d1[1,1]"}, {'k', "d4[1,1]"}}),
        true);
    EXPECT_TRUE(destinations(pos, sq("b2[0,0]")).empty());
}

TEST(Chess4dRules, D10_AutomaticQueenPromotionByPushAndByCapture) {
    const Position start = load(ref4d::make_board({{'P', "c3[1,1]"},
                                                   {'r', "d4[1,1]"},
                                                   {'n', "c4[0,1]"},
                                                   {'K', "a1[0,0]"},
                                                   {'k', "a4[0,0]"}}),
                                true);
    // Push, capture along X, capture along Z: one move each, no choice of piece.
    EXPECT_EQ(destinations(start, sq("c3[1,1]")), from_names({"c4[1,1]", "d4[1,1]", "c4[0,1]"}));
    Position::Moves ml;
    start.legal_moves(ml);
    int from_pawn = 0;
    for (Move m : ml) {
        if (m.from() != sq("c3[1,1]")) continue;
        ++from_pawn;
        EXPECT_EQ(m.kind(), MoveKind::PROMOTION);
        Position pos = start;
        pos.do_move(m);
        EXPECT_EQ(ref4d::board_of(pos)[m.to()], 'Q') << pos.lan(m);
        EXPECT_EQ(pos.rule50(), 0);
        pos.undo_move(m);
        EXPECT_EQ(pos.fen(), start.fen());
    }
    EXPECT_EQ(from_pawn, 3);
    // Black promotes on rank 1.
    Position black =
        load(ref4d::make_board({{'p', "b2[0,0]"}, {'K', "d4[1,1]"}, {'k', "d1[1,1]"}}), false);
    const Move m = find_move(black, sq("b2[0,0]"), sq("b1[0,0]"));
    ASSERT_FALSE(m.is_none());
    black.do_move(m);
    EXPECT_EQ(ref4d::board_of(black)[sq("b1[0,0]")], 'q');
}

// ------------------------------------------------------------------ D-11

TEST(Chess4dRules, D11_SlidersBlockedInsideOneBoard) {
    // Friendly knight a3[0,0]: the Rook reaches a2 only along Y.
    Position pos = load(
        ref4d::make_board({{'R', "a1[0,0]"}, {'N', "a3[0,0]"}, {'K', "d4[1,1]"}, {'k', "b4[0,1]"}}),
        true);
    std::set<int> d = destinations(pos, sq("a1[0,0]"));
    EXPECT_TRUE(d.count(sq("a2[0,0]")));
    EXPECT_FALSE(d.count(sq("a3[0,0]")));
    EXPECT_FALSE(d.count(sq("a4[0,0]")));
    // Enemy knight instead: captured, nothing behind it.
    pos = load(
        ref4d::make_board({{'R', "a1[0,0]"}, {'n', "a3[0,0]"}, {'K', "d4[1,1]"}, {'k', "b4[0,1]"}}),
        true);
    d = destinations(pos, sq("a1[0,0]"));
    EXPECT_TRUE(d.count(sq("a3[0,0]")));
    EXPECT_FALSE(d.count(sq("a4[0,0]")));
    // Bishop behind a piece on b2: c3 and d4 are out of reach.
    pos = load(
        ref4d::make_board({{'B', "a1[0,0]"}, {'n', "b2[0,0]"}, {'K', "d1[1,1]"}, {'k', "a4[1,1]"}}),
        true);
    d = destinations(pos, sq("a1[0,0]"));
    EXPECT_TRUE(d.count(sq("b2[0,0]")));
    EXPECT_FALSE(d.count(sq("c3[0,0]")));
    EXPECT_FALSE(d.count(sq("d4[0,0]")));
}

TEST(Chess4dRules, D11_MovesChangingZOrWAreNeverBlocked) {
    // Queen b2[0,0] walled in on its board by its own army: it still reaches every
    // distance-1 vector that changes Z or W: 9 (X,Y) choices * 3 (Z,W) choices = 27.
    const Position pos = load(ref4d::make_board({{'Q', "b2[0,0]"},
                                                 {'R', "a1[0,0]"},
                                                 {'K', "b1[0,0]"},
                                                 {'R', "c1[0,0]"},
                                                 {'B', "a2[0,0]"},
                                                 {'N', "c2[0,0]"},
                                                 {'P', "a3[0,0]"},
                                                 {'P', "b3[0,0]"},
                                                 {'P', "c3[0,0]"},
                                                 {'k', "d4[1,1]"}}),
                              true);
    const std::set<int> d = destinations(pos, sq("b2[0,0]"));
    EXPECT_EQ(d.size(), 27u) << names(d);
    for (int to : d) EXPECT_NE(ref4d::coord(to).z + ref4d::coord(to).w, 0);
    // The walled-in Rook a1[0,0] still has its Z and W steps.
    EXPECT_EQ(destinations(pos, sq("a1[0,0]")), from_names({"a1[1,0]", "a1[0,1]"}));
}

TEST(Chess4dRules, D5toD12_RandomPositionsAgreeWithSpecModel) {
    std::mt19937 rng(20240611);
    const std::string pool = "QRRBNPPPPqrrbnpppp";
    int compared = 0;
    while (compared < 1500) {
        Board b = ref4d::empty_board();
        const int wk = static_cast<int>(rng() % 64);
        const int bk = static_cast<int>(rng() % 64);
        if (wk == bk) continue;
        b[wk] = 'K';
        b[bk] = 'k';
        std::string army = pool;
        std::shuffle(army.begin(), army.end(), rng);
        const int extra = static_cast<int>(rng() % 11);
        for (int i = 0; i < extra; ++i) {
            for (int tries = 0; tries < 100; ++tries) {
                const int c = static_cast<int>(rng() % 64);
                const int y = ref4d::coord(c).y;
                if (b[c] != '.' || (ref4d::kind(army[i]) == 'P' && (y == 0 || y == 3))) continue;
                b[c] = army[i];
                break;
            }
        }
        const bool white = rng() % 2 == 0;
        if (ref4d::in_check(b, !white)) continue;  // not a valid position
        ++compared;
        Position pos = load(b, white);
        const ref4d::MoveSet expected = ref4d::legal_moves(b, white);
        ASSERT_EQ(engine_moves(pos), expected) << ref4d::fen(b, white);
        ASSERT_EQ(pos.in_check(), ref4d::in_check(b, white)) << ref4d::fen(b, white);
        for (const auto& [from, to] : expected) {
            const Move m = find_move(pos, from, to);
            pos.do_move(m);
            ASSERT_EQ(ref4d::board_of(pos), ref4d::apply(b, from, to)) << ref4d::fen(b, white);
            pos.undo_move(m);
        }
        ASSERT_EQ(ref4d::board_of(pos), b);
    }
}

// ------------------------------------------------------------------ D-12

TEST(Chess4dRules, D12_PinnedPieceMayNotLeaveThePinLineToAnotherBoard) {
    // Rook a2[0,0] pinned by the Rook a4[0,0] against the King a1[0,0].
    Position pos = load(
        ref4d::make_board({{'K', "a1[0,0]"}, {'R', "a2[0,0]"}, {'r', "a4[0,0]"}, {'k', "d4[1,1]"}}),
        true);
    EXPECT_EQ(destinations(pos, sq("a2[0,0]")), from_names({"a3[0,0]", "a4[0,0]"}));
    // Bishop b2[0,0] pinned on the diagonal by the Queen d4[0,0].
    pos = load(
        ref4d::make_board({{'K', "a1[0,0]"}, {'B', "b2[0,0]"}, {'q', "d4[0,0]"}, {'k', "d1[1,1]"}}),
        true);
    EXPECT_EQ(destinations(pos, sq("b2[0,0]")), from_names({"c3[0,0]", "d4[0,0]"}));
    // Pawn b2[0,0] pinned by the Bishop c3[0,0]: it may take the pinner (forward plus
    // X, on the line) but neither push nor take the knight b3[1,0] on another board.
    pos = load(ref4d::make_board({{'K', "a1[0,0]"},
                                  {'P', "b2[0,0]"},
                                  {'b', "c3[0,0]"},
                                  {'n', "b3[1,0]"},
                                  {'k', "d4[1,1]"}}),
               true);
    EXPECT_EQ(destinations(pos, sq("b2[0,0]")), from_names({"c3[0,0]"}));
    // A pinned knight has no move at all.
    pos = load(
        ref4d::make_board({{'K', "a1[0,0]"}, {'N', "b1[0,0]"}, {'r', "d1[0,0]"}, {'k', "d4[1,1]"}}),
        true);
    EXPECT_TRUE(destinations(pos, sq("b1[0,0]")).empty());
}

TEST(Chess4dRules, D12_CheckMustBeAnswered) {
    // Rook a4[0,0] checks a1[0,0] down the file. The Rook d3[0,0] can only block on a3;
    // the King has its 15 steps minus a2[0,0] (still on the file): 14 + 1 moves.
    Position pos = load(
        ref4d::make_board({{'K', "a1[0,0]"}, {'R', "d3[0,0]"}, {'r', "a4[0,0]"}, {'k', "d4[1,1]"}}),
        true);
    EXPECT_TRUE(pos.in_check());
    EXPECT_EQ(destinations(pos, sq("d3[0,0]")), from_names({"a3[0,0]"}));
    EXPECT_EQ(engine_moves(pos).size(), 15u);
    EXPECT_FALSE(destinations(pos, sq("a1[0,0]")).count(sq("a2[0,0]")));
    // A check from another board has no cell between: capture or step away only.
    // Queen b2[1,1] covers every step of a1[0,0]; the King or the Rook b4[1,1] takes it.
    pos = load(
        ref4d::make_board({{'K', "a1[0,0]"}, {'R', "b4[1,1]"}, {'q', "b2[1,1]"}, {'k', "d4[0,0]"}}),
        true);
    EXPECT_TRUE(pos.in_check());
    EXPECT_EQ(engine_moves(pos),
              (ref4d::MoveSet{{sq("a1[0,0]"), sq("b2[1,1]")}, {sq("b4[1,1]"), sq("b2[1,1]")}}));
}

}  // namespace
}  // namespace chimera
