// Wataku Genesis rules W-18 ... W-27 (shared/spec/wataku.md): deployment, the
// reserve, attacks, check, legality and the end of the game. Positions are built by
// hand; expected action lists and verdicts are literal, reasoned out from the rule
// text in the comments, and checked against the engine and the slow model of
// wataku_reference.h.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "variants/wataku/position.h"
#include "wataku_reference.h"

namespace chimera {
namespace {

using refw::make_fen;
using wataku::Position;
using wtest::engine_active;
using wtest::engine_lans;
using wtest::expect_all_actions;
using wtest::expect_piece_actions;
using wtest::load;
using wtest::Names;
using wtest::play;
using wtest::ref_active;

// ---------------------------------------------------------------- W-18 deployment

// White holds Q, R, R, T, T: three kinds. 4 Kings on the board leave 77 empty
// squares: 3 * 77 = 231 deployments, one per kind and square however many Rooks
// or Turtles wait (no attacker anywhere, so all are legal). Next to the enemy
// Kings too (h9 touches g9 and i9).
TEST(WatakuPlay, W18_OneDeploymentPerKindAndEmptySquare) {
    Position pos;
    load(pos, make_fen({"Ka1", "Kb1", "ki9", "kg9"}, 'w', "QRRTTq"));
    Position::Moves ml;
    pos.legal_moves(ml);
    std::vector<std::string> drops;
    for (Move m : ml)
        if (m.kind() == MoveKind::DROP) drops.push_back(pos.lan(m));
    EXPECT_EQ(drops.size(), 231u);
    const Names unique(drops.begin(), drops.end());
    EXPECT_EQ(unique.size(), 231u);
    for (const std::string& d : drops) {
        ASSERT_EQ(d.size(), 4u) << d;
        EXPECT_NE(std::string("QRT").find(d[0]), std::string::npos) << d;
        EXPECT_EQ(d[1], '@') << d;
    }
    for (const char* d : {"T@h9", "Q@h8", "R@i8", "Q@e5", "T@a2"})
        EXPECT_TRUE(unique.count(d)) << d;
    for (const char* d : {"B@e5", "P@e5", "N@e5", "K@e5", "Q@a1"})
        EXPECT_FALSE(unique.count(d)) << d;
}

// Queen deployed on e5 touches nothing: dormant. On a2 it touches King a1: active.
TEST(WatakuPlay, W18_DeploymentFarFromTheKingsArrivesDormant) {
    const std::string fen = make_fen({"Ka1", "Kb1", "ki9", "kg9"}, 'w', "QRRTTq");
    Position pos;
    load(pos, fen);
    play(pos, "Q@e5");
    EXPECT_FALSE(pos.is_active(refw::sq("e5")));
    EXPECT_EQ(ref_active(pos.fen()), (Names{"a1", "b1", "i9", "g9"}));
    EXPECT_EQ(pos.fen(), make_fen({"Ka1", "Kb1", "Qe5", "ki9", "kg9"}, 'b', "RRTTq"));
    load(pos, fen);
    play(pos, "Q@a2");
    EXPECT_TRUE(pos.is_active(refw::sq("a2")));
    EXPECT_EQ(ref_active(pos.fen()), (Names{"a1", "b1", "a2", "i9", "g9"}));
}

// Rook c3 is dormant (nothing touches it), so it does not check King c9 on its
// file. T@b2 touches King a1 and the Rook: the group wakes, the Rook now checks
// (c4 ... c8 empty). Black answers with King c9 to b8, b9, d8 or d9 (c8 stays on
// the file; King g9 cannot help). T@e5 instead arrives dormant and wakes nothing.
TEST(WatakuPlay, W18_DeploymentReconnectsADormantGroupWhichChecksAtOnce) {
    const std::string fen = make_fen({"Ka1", "Ki1", "Rc3", "kc9", "kg9"}, 'w', "T");
    Position pos;
    load(pos, fen);
    EXPECT_FALSE(pos.is_active(refw::sq("c3")));
    const Move m = wtest::find(pos, "T@b2");
    ASSERT_FALSE(m.is_none());
    EXPECT_EQ(pos.san(m), "T@b2+");
    pos.do_move(m);
    EXPECT_EQ(engine_active(pos), (Names{"a1", "i1", "b2", "c3", "c9", "g9"}));
    EXPECT_EQ(ref_active(pos.fen()), (Names{"a1", "i1", "b2", "c3", "c9", "g9"}));
    EXPECT_TRUE(pos.in_check());
    expect_all_actions(pos.fen(), {"c9b8", "c9b9", "c9d8", "c9d9"});

    load(pos, fen);
    play(pos, "T@e5");
    EXPECT_EQ(engine_active(pos), (Names{"a1", "i1", "c9", "g9"}));
    EXPECT_FALSE(pos.in_check());
}

// King e1 is checked down the file by Rook e9 (active through King d9). A Turtle
// deployment is legal only between them, e2 ... e8; King e1 may go to d1, d2, f1,
// f2 (e2 stays on the file); King a1 cannot move while e1 is in check.
TEST(WatakuPlay, W18_DeploymentMustNotLeaveAKingInCheck) {
    expect_all_actions(
        make_fen({"Ke1", "Ka1", "kd9", "re9", "ki5"}, 'w', "T"),
        {"T@e2", "T@e3", "T@e4", "T@e5", "T@e6", "T@e7", "T@e8", "e1d1", "e1d2", "e1f1", "e1f2"});
}

// ---------------------------------------------------------------- W-19 reserve

// Knight e5 takes the Rook c6: the Rook leaves the game, White's reserve does not
// grow, Black's keeps its Bishop. Black then deploys it: the reserve shrinks, and
// the fullmove number grows after Black's action.
TEST(WatakuPlay, W19_CapturedPiecesLeaveTheGameAndTheReserveOnlyShrinks) {
    Position pos;
    load(pos, make_fen({"Kd4", "Ka1", "Ne5", "Te6", "Pg4", "ka9", "ki9", "nf7", "tg6", "pd3", "rc6",
                        "pf5"},
                       'w', "Qb"));
    play(pos, "e5c6");
    EXPECT_EQ(pos.fen(), make_fen({"Kd4", "Ka1", "Nc6", "Te6", "Pg4", "ka9", "ki9", "nf7", "tg6",
                                   "pd3", "pf5"},
                                  'b', "Qb"));
    EXPECT_EQ(pos.reserve(WHITE, wataku::ROOK), 0);
    EXPECT_EQ(pos.reserve(BLACK, wataku::ROOK), 0);
    play(pos, "B@e1");
    EXPECT_EQ(pos.fen(), make_fen({"Kd4", "Ka1", "Nc6", "Te6", "Pg4", "ka9", "ki9", "nf7", "tg6",
                                   "pd3", "pf5", "be1"},
                                  'w', "Q", 2));
    EXPECT_EQ(pos.reserve(BLACK, wataku::BISHOP), 0);
}

// ---------------------------------------------------------------- W-20, W-21 attacks and check

// Black to move, King e9 (and h9); in_check() against the rule, case by case.
TEST(WatakuPlay, W20_WhatAttacks) {
    struct Case {
        std::string fen;
        bool check;
        const char* why;
    };
    const std::vector<Case> cases{
        {make_fen({"Kd1", "Ka1", "Re2", "ke9", "kh9"}, 'b'), true, "active Rook, open file"},
        {make_fen({"Kd1", "Ka1", "Re2", "Te5", "ke9", "kh9"}, 'b'), false, "a Turtle blocks"},
        {make_fen({"Kd1", "Ka1", "Re2", "pe5", "ke9", "kh9"}, 'b'), false,
         "a dormant enemy piece blocks"},
        {make_fen({"Kd1", "Ka1", "Re2", "Pe3", "ke9", "kh9"}, 'b'), false,
         "own piece blocks; a Traverse attacks nothing"},
        {make_fen({"Kd1", "Ka1", "Re3", "ke9", "kh9"}, 'b'), false, "dormant Rook"},
        {make_fen({"Kc6", "Ka1", "Nd7", "te8", "td8", "ke9", "kh9"}, 'b'), true,
         "Knight leaps over pieces"},
        {make_fen({"Kd7", "Ka1", "Pe8", "ke9", "kh9"}, 'b'), false, "Pawn straight below"},
        {make_fen({"Kc7", "Ka1", "Pd8", "ke9", "kh9"}, 'b'), true, "Pawn diagonal"},
        {make_fen({"Kd7", "Ka1", "Te8", "ke9", "kh9"}, 'b'), false, "Turtles attack nothing"},
        {make_fen({"Ka4", "Ka1", "Ba5", "ke9", "kh9"}, 'b'), true, "Bishop diagonal a5-e9"},
        {make_fen({"Ka4", "Ka1", "Ba5", "Nc7", "ke9", "kh9"}, 'b'), false,
         "a dormant own Knight blocks the Bishop"},
        {make_fen({"Ka1", "Kc1", "Tb2", "Tc3", "Td4", "Qe5", "ke9", "kh9"}, 'b'), true,
         "Queen active through a chain of Turtles"},
        {make_fen({"Ka1", "Kc1", "Tb2", "Td4", "Qe5", "ke9", "kh9"}, 'b'), false,
         "the chain is broken: Queen dormant"},
    };
    for (const Case& c : cases) {
        Position pos;
        load(pos, c.fen);
        EXPECT_EQ(pos.in_check(), c.check) << c.why << ": " << c.fen;
        EXPECT_EQ(refw::in_check(refw::parse_fen(c.fen), false), c.check)
            << "model, " << c.why << ": " << c.fen;
    }
}

// King c6 and Turtle d7 stand by the White Pawn e8, but Kings and Turtles attack
// nothing: Black King e9 may take it. The Pawn attacks d9 and f9 (and would
// attack d7, f7). So: e9d8, e9e8 (capture), e9f8.
TEST(WatakuPlay, W20_KingsAndTurtlesProtectNothing) {
    expect_piece_actions(make_fen({"Kc6", "Ka1", "Td7", "Pe8", "ke9", "kh1"}, 'b'), "e9",
                         {"e9d8", "e9e8", "e9f8"});
}

// The Rook e3 touches no White piece: dormant, no check on e9, and Black King e9
// may step onto e8 in its line. With King d2 touching it, the Rook is active:
// check, e8 is attacked and King i9 may not move.
TEST(WatakuPlay, W21_DormantAttackerGivesNoCheck) {
    const std::string dormant = make_fen({"Ka1", "Kb1", "Re3", "ke9", "ki9"}, 'b');
    Position pos;
    load(pos, dormant);
    EXPECT_FALSE(pos.in_check());
    expect_all_actions(dormant, {"e9d8", "e9d9", "e9e8", "e9f8", "e9f9", "i9h8", "i9h9", "i9i8"});
    const std::string active = make_fen({"Ka1", "Kd2", "Re3", "ke9", "ki9"}, 'b');
    load(pos, active);
    EXPECT_TRUE(pos.in_check());
    expect_all_actions(active, {"e9d8", "e9d9", "e9f8", "e9f9"});
}

// ---------------------------------------------------------------- W-22 legality

// Rook e4 (active through King d3) shields King e1 from Rook e8 (active through
// King d9): it may only move along the file, up to the capture on e8.
TEST(WatakuPlay, W22_PinnedPieceMovesOnlyAlongThePin) {
    expect_piece_actions(make_fen({"Ke1", "Kd3", "Re4", "kd9", "re8", "ki9"}), "e4",
                         {"e4e5", "e4e6", "e4e7", "e4e8", "e4e3", "e4e2"});
}

// King e1 is checked by Rook e8, which is active only through Pawn f8 (touching
// King g8). Answers: King e1 to d1, d2, f1, f2; Knight g6 blocks on e5 or e7, or
// takes f8, cutting the Rook off from its King so it falls dormant. King h5 has
// no legal step (e1 would stay in check). Knight g6's other leaps do not help.
TEST(WatakuPlay, W22_CaptureThatCutsTheAttackerOffAnswersCheck) {
    const std::string fen = make_fen({"Ke1", "Kh5", "Ng6", "kg8", "pf8", "re8", "ka9"});
    expect_all_actions(fen, {"e1d1", "e1d2", "e1f1", "e1f2", "g6e5", "g6e7", "g6f8"});
    Position pos;
    load(pos, fen);
    EXPECT_TRUE(pos.in_check());
    EXPECT_TRUE(pos.is_active(refw::sq("e8")));
    play(pos, "g6f8");
    EXPECT_FALSE(pos.is_active(refw::sq("e8")));  // W-7: recomputed for Black after a capture
    // The Knight on f8 touches no White piece: dormant itself, so Black is not in check.
    EXPECT_EQ(ref_active(pos.fen()), (Names{"e1", "h5", "g8", "a9"}));
    EXPECT_EQ(engine_active(pos), (Names{"e1", "h5", "g8", "a9"}));
    EXPECT_FALSE(pos.in_check());
}

// Black King e8 is checked by Rook e2. e7 is on the file; e9 is behind the King
// but attacked as soon as the King leaves e8. Legal: d7 d8 d9 f7 f8 f9.
TEST(WatakuPlay, W22_KingCannotStepAlongTheCheckingLine) {
    expect_all_actions(make_fen({"Kd1", "Ka1", "Re2", "ke8", "kh9"}, 'b'),
                       {"e8d7", "e8d8", "e8d9", "e8f7", "e8f8", "e8f9"});
}

// ---------------------------------------------------------------- W-23 separating Kings

// Kings d2 and f2 share a group through Knight e2. The Knight may leap away
// (e2g3 leaves d2 alone) and King f2 may walk off (f2g2): both are legal and the
// game goes on; every piece stays active (each group keeps a King).
TEST(WatakuPlay, W23_SeparatingOnesOwnKingsIsAllowed) {
    const std::string fen = make_fen({"Kd2", "Ne2", "Kf2", "kd8", "kf8"});
    expect_piece_actions(fen, "e2", {"e2c1", "e2c3", "e2d4", "e2f4", "e2g3", "e2g1"});
    expect_piece_actions(fen, "f2", {"f2e1", "f2e3", "f2f1", "f2f3", "f2g1", "f2g2", "f2g3"});
    for (const char* lan : {"e2g3", "f2g2"}) {
        Position pos;
        load(pos, fen);
        play(pos, lan);
        EXPECT_EQ(pos.outcome(), Outcome::ONGOING) << lan;
        const refw::Pos p = refw::parse_fen(pos.fen());
        const auto g = refw::group_of(p, refw::sq("d2"));
        EXPECT_EQ(std::count(g.begin(), g.end(), refw::sq(lan[0] == 'e' ? "f2" : "g2")), 0) << lan;
        for (int s = 0; s < 81; ++s) {
            if (pos.piece_on(s) != wataku::NO_PIECE && wataku::color_of(pos.piece_on(s)) == WHITE) {
                EXPECT_TRUE(pos.is_active(s)) << lan << " " << refw::name(s);
            }
        }
    }
}

// ---------------------------------------------------------------- W-24, W-25 end of the game

// R@d9 (touching Rook e8, hence active) checks King a9 along rank 9; a8 and b8
// are covered by Rook e8, b9 by d9. Black's King i1 is not attacked and has free
// squares, but moving it leaves a9 in check: mate of one King is enough.
TEST(WatakuPlay, W24_MatingOneKingIsEnough) {
    Position pos;
    load(pos, make_fen({"Kf8", "Ka1", "Re8", "ka9", "ki1"}, 'w', "R"));
    const Move m = wtest::find(pos, "R@d9");
    ASSERT_FALSE(m.is_none());
    EXPECT_EQ(pos.san(m), "R@d9#");
    pos.do_move(m);
    EXPECT_TRUE(pos.in_check());
    EXPECT_TRUE(engine_lans(pos).empty());
    EXPECT_EQ(pos.outcome(), Outcome::CHECKMATE);
    const refw::Pos p = refw::parse_fen(pos.fen());
    EXPECT_TRUE(refw::legal_actions(p).empty());
    EXPECT_TRUE(refw::attacks(p, refw::sq("d9"), refw::sq("a9")));
    for (const char* w : {"d9", "e8"}) EXPECT_FALSE(refw::attacks(p, refw::sq(w), refw::sq("i1")));
}

// Both Black Kings are in check (a9 by Rook d9, i1 by Rook f1). Each could escape
// alone (a9 to a8/b8, i1 to h2/i2), but no single action saves both: mate. Without
// Rook f1, only a9's escapes are legal.
TEST(WatakuPlay, W24_MateWithBothKingsInCheck) {
    const std::string both = make_fen({"Ke8", "Rd9", "Ke2", "Rf1", "ka9", "ki1"}, 'b');
    expect_all_actions(both, {});
    Position pos;
    load(pos, both);
    EXPECT_TRUE(pos.in_check());
    EXPECT_EQ(pos.outcome(), Outcome::CHECKMATE);
    expect_all_actions(make_fen({"Ke8", "Rd9", "Ke2", "ka9", "ki1"}, 'b'), {"a9a8", "a9b8"});
}

// Black Kings a9 and i1 are not attacked but every step is: a8, b8 by Rook h8
// (rank 8), b9 by Rook b2 (file b), h1 and h2 by Rook h8 (file h), i2 by Rook b2
// (rank 2). No reserve: stalemate. With a Turtle in reserve Black can deploy it.
TEST(WatakuPlay, W25_NoLegalActionWithoutCheckIsStalemate) {
    const std::string fen = make_fen({"Kc1", "Rb2", "Kg7", "Rh8", "ka9", "ki1"}, 'b');
    expect_all_actions(fen, {});
    Position pos;
    load(pos, fen);
    EXPECT_FALSE(pos.in_check());
    EXPECT_EQ(pos.outcome(), Outcome::STALEMATE);
    load(pos, make_fen({"Kc1", "Rb2", "Kg7", "Rh8", "ka9", "ki1"}, 'b', "t"));
    EXPECT_EQ(engine_lans(pos).size(), 75u);  // T@ on each of the 75 empty squares
    EXPECT_EQ(pos.outcome(), Outcome::ONGOING);
}

// ---------------------------------------------------------------- W-26 repetition

// The start counts: after a1a2 i9i8 a2a1 i8i9 twice the start position stands for
// the third time: draw at once, though moves remain.
TEST(WatakuPlay, W26_ThirdOccurrenceIsADrawAtOnce) {
    Position pos;
    load(pos, make_fen({"Ka1", "Kc1", "ki9", "kg9"}));
    const char* cycle[] = {"a1a2", "i9i8", "a2a1", "i8i9"};
    for (int ply = 0; ply < 8; ++ply) {
        play(pos, cycle[ply % 4]);
        EXPECT_EQ(pos.outcome(), ply == 7 ? Outcome::REPETITION : Outcome::ONGOING) << ply;
    }
}

// White deploys a Pawn on g8, King g9 takes it and walks g8-h8-g9 while White's
// King goes a1-a2-a1: after 6 plies the placement and side of the start are back,
// but White's reserve lost its Pawn. With the a1a2 i9i8 a2a1 i8i9 cycle, the
// placement and side appear a third time at ply 10 (not a repetition: the start
// had another reserve) and a third time with equal reserves at ply 14.
TEST(WatakuPlay, W26_RepetitionNeedsEqualReserves) {
    Position pos;
    load(pos, make_fen({"Ka1", "Kc1", "kg9", "ki9"}, 'w', "P"));
    const char* line[] = {"P@g8", "g9g8", "a1a2", "g8h8", "a2a1", "h8g9", "a1a2",
                          "i9i8", "a2a1", "i8i9", "a1a2", "i9i8", "a2a1", "i8i9"};
    for (int ply = 0; ply < 14; ++ply) {
        play(pos, line[ply]);
        EXPECT_EQ(pos.outcome(), ply == 13 ? Outcome::REPETITION : Outcome::ONGOING) << ply + 1;
    }
    EXPECT_EQ(pos.fen(), make_fen({"Ka1", "Kc1", "kg9", "ki9"}, 'w', "-", 8));
}

// Position identity for repetition: placement, side and both reserves, not the
// move number.
TEST(WatakuPlay, W26_PositionIdentityIsPlacementSideAndReserves) {
    Position a, b;
    load(a, make_fen({"Ka1", "Kc1", "ki9", "kg9"}, 'w', "Q", 1));
    load(b, make_fen({"Ka1", "Kc1", "ki9", "kg9"}, 'w', "Q", 37));
    EXPECT_EQ(a.key(), b.key());
    load(b, make_fen({"Ka1", "Kc1", "ki9", "kg9"}, 'w', "R", 1));
    EXPECT_NE(a.key(), b.key());
    load(b, make_fen({"Ka1", "Kc1", "ki9", "kg9"}, 'w', "Qq", 1));
    EXPECT_NE(a.key(), b.key());
    load(b, make_fen({"Ka1", "Kc1", "ki9", "kg9"}, 'b', "Q", 1));
    EXPECT_NE(a.key(), b.key());
}

// ---------------------------------------------------------------- W-27 no other endings

// Only W-24 ... W-26 end a game on the board (W-27's other endings are outside
// it): no move-count rule and no bare-Kings draw. Four bare Kings walk 200 plies
// without any position repeating; the game stays ONGOING throughout.
TEST(WatakuPlay, W27_NoMoveCountRuleAndNoBareKingsDraw) {
    Position pos;
    load(pos, make_fen({"Ka1", "Kc1", "ki9", "kg9"}));
    std::set<std::string> seen;
    auto identity = [](const std::string& fen) { return fen.substr(0, fen.rfind(' ')); };
    seen.insert(identity(pos.fen()));
    for (int ply = 0; ply < 200; ++ply) {
        ASSERT_EQ(pos.outcome(), Outcome::ONGOING) << ply;
        Position::Moves ml;
        pos.legal_moves(ml);
        bool moved = false;
        for (Move m : ml) {
            pos.do_move(m);
            if (seen.insert(identity(pos.fen())).second) {
                moved = true;
                break;
            }
            pos.undo_move(m);
        }
        ASSERT_TRUE(moved) << "walk stuck at ply " << ply;
    }
    EXPECT_EQ(pos.outcome(), Outcome::ONGOING);
}

}  // namespace
}  // namespace chimera
