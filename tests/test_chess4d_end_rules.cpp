// 4D chess end of game, D-13 (shared/spec/chess4d.md): checkmate, stalemate,
// repetition, the 100-ply rule and bare Kings, and the order in which they apply.
// Positions are described cell by cell with the reasoning that makes them what
// they are; the slow model of chess4d_reference.h double-checks mates.
#include <gtest/gtest.h>

#include <string>

#include "chess4d_reference.h"
#include "chess4d_test_helpers.h"
#include "variants/chess4d/position.h"

namespace chimera {
namespace {

using chess4d::Position;
using ref4d::Board;
using ref4d::sq;
using test4d::find_move;
using test4d::load;

// ------------------------------------------------------------------ D-13

// Black Queen b4[1,1] -> b2[1,1] covers all 15 steps of a1[0,0] and checks it; the
// Black King c3[1,1] guards the Queen.
const Board kBeforeMate = ref4d::make_board({{'K', "a1[0,0]"}, {'q', "b4[1,1]"}, {'k', "c3[1,1]"}});

TEST(Chess4dRules, D13_CheckmateWins) {
    Position pos = load(kBeforeMate, false);
    EXPECT_EQ(pos.outcome(), Outcome::ONGOING);
    const Move m = pos.parse_lan("b4[1,1]b2[1,1]");
    ASSERT_FALSE(m.is_none());
    pos.do_move(m);
    EXPECT_TRUE(pos.in_check());
    EXPECT_EQ(pos.outcome(), Outcome::CHECKMATE);
    EXPECT_TRUE(ref4d::legal_moves(ref4d::board_of(pos), true).empty());
}

TEST(Chess4dRules, D13_CheckmateBeatsTheHundredPlyRule) {
    Position pos = load(kBeforeMate, false, 99, 60);
    pos.do_move(pos.parse_lan("b4[1,1]b2[1,1]"));
    EXPECT_EQ(pos.rule50(), 100);
    EXPECT_EQ(pos.outcome(), Outcome::CHECKMATE);
}

// White King a1[0,0], not in check; every one of its 15 steps is attacked:
// b1 and b2 on all four boards by the King c1[1,1], a2 on all four boards by the
// pawns a3[1,0] and a3[1,1] (Z and W captures), a1[1,0] and a1[0,1] by the Rooks on
// d1, a1[1,1] by the Bishop c3[1,1] through b2[1,1].
const Board kStalemate = ref4d::make_board({{'K', "a1[0,0]"},
                                            {'k', "c1[1,1]"},
                                            {'p', "a3[1,0]"},
                                            {'p', "a3[1,1]"},
                                            {'r', "d1[1,0]"},
                                            {'r', "d1[0,1]"},
                                            {'b', "c3[1,1]"}});

TEST(Chess4dRules, D13_StalemateIsADrawAndIsDecidedBeforeTheMoveRule) {
    Position pos = load(kStalemate, true);
    EXPECT_FALSE(pos.in_check());
    EXPECT_EQ(pos.outcome(), Outcome::STALEMATE);
    EXPECT_TRUE(ref4d::legal_moves(kStalemate, true).empty());
    pos = load(kStalemate, true, 150, 90);
    EXPECT_EQ(pos.outcome(), Outcome::STALEMATE);
}

TEST(Chess4dRules, D13_HundredPliesWithoutPawnMoveOrCaptureDraw) {
    Position pos = load(
        ref4d::make_board({{'K', "a1[0,0]"}, {'R', "d1[0,0]"}, {'k', "d4[1,1]"}, {'r', "a4[1,1]"}}),
        true);
    std::set<std::string> seen = {pos.fen().substr(0, pos.fen().find(' ') + 2)};
    for (int ply = 1; ply <= 100; ++ply) {
        Position::Moves ml;
        pos.legal_moves(ml);
        bool moved = false;
        for (Move m : ml) {  // a quiet move to a position not seen before
            if (pos.is_capture(m)) continue;
            pos.do_move(m);
            const std::string key = pos.fen().substr(0, pos.fen().find(' ') + 2);
            Position::Moves replies;
            pos.legal_moves(replies);
            if (!seen.count(key) && !replies.empty()) {
                seen.insert(key);
                moved = true;
                break;
            }
            pos.undo_move(m);
        }
        ASSERT_TRUE(moved) << "ply " << ply;
        EXPECT_EQ(pos.rule50(), ply);
        EXPECT_EQ(pos.outcome(), ply < 100 ? Outcome::ONGOING : Outcome::MOVE_RULE) << ply;
    }
}

TEST(Chess4dRules, D13_CounterResetByPawnMovesPromotionsAndCaptures) {
    // White pawn b2[0,0] (push), pawn c3[1,1] (promotes), Rook a1[0,0] with an
    // enemy knight on a3[0,0] to capture, and a quiet King step.
    const Position start = load(ref4d::make_board({{'K', "d1[1,1]"},
                                                   {'P', "b2[0,0]"},
                                                   {'P', "c3[1,1]"},
                                                   {'R', "a1[0,0]"},
                                                   {'n', "a3[0,0]"},
                                                   {'k', "d4[0,1]"}}),
                                true, 57, 40);
    EXPECT_EQ(start.rule50(), 57);
    auto after = [&](const char* from, const char* to) {
        Position pos = start;
        const Move m = find_move(pos, sq(from), sq(to));
        EXPECT_FALSE(m.is_none()) << from << to;
        if (!m.is_none()) pos.do_move(m);
        return pos;
    };
    EXPECT_EQ(after("b2[0,0]", "b3[0,0]").rule50(), 0);
    EXPECT_EQ(after("c3[1,1]", "c4[1,1]").rule50(), 0);
    EXPECT_EQ(after("a1[0,0]", "a3[0,0]").rule50(), 0);
    const Position quiet = after("d1[1,1]", "c1[1,1]");
    EXPECT_EQ(quiet.rule50(), 58);
    Board moved = ref4d::board_of(start);
    moved = ref4d::apply(moved, sq("d1[1,1]"), sq("c1[1,1]"));
    EXPECT_EQ(quiet.fen(), ref4d::fen(moved, false, 58, 40));
}

TEST(Chess4dRules, D13_NinetyNinePliesPlayOnAndTheHundredthDraws) {
    Position pos = load(ref4d::make_board({{'K', "a1[0,0]"}, {'N', "d1[0,0]"}, {'k', "d4[1,1]"}}),
                        true, 99, 70);
    EXPECT_EQ(pos.outcome(), Outcome::ONGOING);
    pos.do_move(pos.parse_lan("a1[0,0]a1[1,0]"));
    EXPECT_EQ(pos.outcome(), Outcome::MOVE_RULE);
}

TEST(Chess4dRules, D13_OnlyTwoKingsIsADrawButAnyOtherMaterialPlaysOn) {
    EXPECT_EQ(load(ref4d::make_board({{'K', "a1[0,0]"}, {'k', "d4[1,1]"}}), true).outcome(),
              Outcome::INSUFFICIENT);
    for (char extra : {'N', 'B', 'P', 'n', 'b', 'p', 'R', 'q'})
        EXPECT_EQ(
            load(ref4d::make_board({{'K', "a1[0,0]"}, {'k', "d4[1,1]"}, {extra, "c2[1,0]"}}), true)
                .outcome(),
            Outcome::ONGOING)
            << extra;
    // The King takes the last other piece: bare Kings.
    Position pos =
        load(ref4d::make_board({{'K', "a1[0,0]"}, {'r', "b2[0,0]"}, {'k', "d4[1,1]"}}), true);
    EXPECT_EQ(pos.outcome(), Outcome::ONGOING);
    pos.do_move(pos.parse_lan("a1[0,0]b2[0,0]"));
    EXPECT_EQ(pos.outcome(), Outcome::INSUFFICIENT);
}

TEST(Chess4dRules, D13_ThirdRepetitionByKnightShuffleFromTheStart) {
    Position pos;
    const char* cycle[] = {"c1[1,1]b3[1,1]", "c4[0,0]b2[0,0]", "b3[1,1]c1[1,1]", "b2[0,0]c4[0,0]"};
    for (int ply = 0; ply < 8; ++ply) {
        const Move m = pos.parse_lan(cycle[ply % 4]);
        ASSERT_FALSE(m.is_none()) << cycle[ply % 4];
        pos.do_move(m);
        // The start position occurs for the second time after ply 4, the third after 8.
        EXPECT_EQ(pos.outcome(), ply == 7 ? Outcome::REPETITION : Outcome::ONGOING) << ply;
    }
}

TEST(Chess4dRules, D13_ThirdRepetitionByKingShuffle) {
    Position pos =
        load(ref4d::make_board({{'K', "a1[0,0]"}, {'N', "d1[0,0]"}, {'k', "d4[1,1]"}}), true);
    const char* cycle[] = {"a1[0,0]a1[1,0]", "d4[1,1]d4[0,1]", "a1[1,0]a1[0,0]", "d4[0,1]d4[1,1]"};
    for (int ply = 0; ply < 8; ++ply) {
        pos.do_move(pos.parse_lan(cycle[ply % 4]));
        EXPECT_EQ(pos.outcome(), ply == 7 ? Outcome::REPETITION : Outcome::ONGOING) << ply;
    }
}

}  // namespace
}  // namespace chimera
