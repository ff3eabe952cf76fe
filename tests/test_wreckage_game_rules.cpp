// Wreckage castling, check, drops and the end of the game: X-20 ... X-24
// (shared/spec/wreckage.md). Expected lists and FENs are worked out by hand
// from the rule text (reasoning in the comments) and also compared with the
// slow model of wreckage_reference.h.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "wreckage_reference.h"

namespace chimera {
namespace {

using wreckage::Position;
using wref::fen_after;
using wref::load;
using wref::make_fen;

using Set = std::set<std::string>;

Set castlings_of(const Set& lans) {
    Set out;
    for (const auto& m : lans)
        if (m.back() == 'c') out.insert(m);
    return out;
}

// The castling moves of the side to move, engine and model both.
#define EXPECT_CASTLINGS(fen_text, ...)                                                      \
    do {                                                                                     \
        const Position p_ = load(fen_text);                                                  \
        const Set want_{__VA_ARGS__};                                                        \
        EXPECT_EQ(castlings_of(wref::engine_lans(p_)), want_) << "engine: " << p_.fen();     \
        EXPECT_EQ(castlings_of(wref::lans(wref::legal_moves(wref::from_engine(p_)))), want_) \
            << "model: " << p_.fen();                                                        \
    } while (0)

const Set kAllWhite{"f1g1c", "f1h1c", "f1i1c", "f1e1c", "f1d1c", "f1c1c", "f1b1c"};
const Set kWhiteI{"f1g1c", "f1h1c", "f1i1c"};
const Set kWhiteB{"f1e1c", "f1d1c", "f1c1c", "f1b1c"};

// White K f1, Rooks b1 and i1 with both rights; Black King j10 plus `extra`.
std::string castle_fen(std::initializer_list<std::pair<const char*, char>> extra) {
    wref::Ref r;
    wref::parse_fen(
        make_fen({{"f1", 'K'}, {"b1", 'R'}, {"i1", 'R'}, {"j10", 'k'}}, true, "-", "BI"), r);
    for (const auto& [s, c] : extra) r.b[static_cast<std::size_t>(wref::parse_sq(s))] = c;
    return wref::to_fen(r);
}

// ------------------------------------------------------------------

// Both back ranks with their Rooks on b and i, the files closed by Pawns.
constexpr const char* kCastleStart =
    "xr3k2rd/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/XR3K2RD w BIbi - - 0 1";

TEST(WreckageGameRules, X20_AllSevenCastlingsOfWhite) {
    const Position pos = load(kCastleStart);
    // a1 and j1 are occupied, which does not matter; the plain King steps remain.
    EXPECT_PIECE_MOVES(pos, "f1", "f1e1", "f1g1", "f1g1c", "f1h1c", "f1i1c", "f1e1c", "f1d1c",
                       "f1c1c", "f1b1c");
    const std::string rest = "xr3k2rd/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/";
    EXPECT_EQ(fen_after(pos, "f1g1c"), rest + "XR3RK2D b bi - - 1 1");
    EXPECT_EQ(fen_after(pos, "f1h1c"), rest + "XR4RK1D b bi - - 1 1");
    EXPECT_EQ(fen_after(pos, "f1i1c"), rest + "XR5RKD b bi - - 1 1");
    EXPECT_EQ(fen_after(pos, "f1e1c"), rest + "X3KR2RD b bi - - 1 1");
    EXPECT_EQ(fen_after(pos, "f1d1c"), rest + "X2KR3RD b bi - - 1 1");
    EXPECT_EQ(fen_after(pos, "f1c1c"), rest + "X1KR4RD b bi - - 1 1");
    EXPECT_EQ(fen_after(pos, "f1b1c"), rest + "XKR5RD b bi - - 1 1");
    EXPECT_EQ(fen_after(pos, "f1g1"), rest + "XR4K1RD b bi - - 1 1");  // a plain step
}

TEST(WreckageGameRules, X20_AllSevenCastlingsOfBlack) {
    const Position pos =
        load("xr3k2rd/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/XR3K2RD b BIbi - - 0 1");
    EXPECT_PIECE_MOVES(pos, "f10", "f10e10", "f10g10", "f10g10c", "f10h10c", "f10i10c", "f10e10c",
                       "f10d10c", "f10c10c", "f10b10c");
    const std::string rest = "/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/XR3K2RD w BI - - 1 2";
    EXPECT_EQ(fen_after(pos, "f10g10c"), "xr3rk2d" + rest);
    EXPECT_EQ(fen_after(pos, "f10h10c"), "xr4rk1d" + rest);
    EXPECT_EQ(fen_after(pos, "f10i10c"), "xr5rkd" + rest);
    EXPECT_EQ(fen_after(pos, "f10e10c"), "x3kr2rd" + rest);
    EXPECT_EQ(fen_after(pos, "f10d10c"), "x2kr3rd" + rest);
    EXPECT_EQ(fen_after(pos, "f10c10c"), "x1kr4rd" + rest);
    EXPECT_EQ(fen_after(pos, "f10b10c"), "xkr5rd" + rest);
}

TEST(WreckageGameRules, X20_EverySquareBetweenKingAndRookEmpty) {
    EXPECT_CASTLINGS(castle_fen({}), kAllWhite.begin(), kAllWhite.end());
    EXPECT_CASTLINGS(castle_fen({{"h1", 'B'}}), kWhiteB.begin(), kWhiteB.end());
    EXPECT_CASTLINGS(castle_fen({{"c1", 'W'}}), kWhiteI.begin(), kWhiteI.end());
    EXPECT_CASTLINGS(castle_fen({{"g1", 'b'}}), kWhiteB.begin(), kWhiteB.end());
}

TEST(WreckageGameRules, X20_NotOutOfCheck) {
    EXPECT_CASTLINGS(castle_fen({{"f5", 'r'}}));
    EXPECT_CASTLINGS(castle_fen({{"e2", 'x'}}));  // Detonator adjacency
    EXPECT_CASTLINGS(castle_fen({{"f3", 'g'}}));  // Guillotine at distance two
}

TEST(WreckageGameRules, X20_PassedAndLandingSquaresBySliderPawnNinjaAndKnights) {
    // Rook d5 attacks d1: only e1 on the b-side.
    EXPECT_CASTLINGS(castle_fen({{"d5", 'r'}}), "f1g1c", "f1h1c", "f1i1c", "f1e1c");
    // Rook c5 attacks c1: the King may still go to d1 although its Rook crosses c1.
    EXPECT_CASTLINGS(castle_fen({{"c5", 'r'}}), "f1g1c", "f1h1c", "f1i1c", "f1e1c", "f1d1c");
    // Pawn c2 attacks b1 and d1.
    EXPECT_CASTLINGS(castle_fen({{"c2", 'p'}}), "f1g1c", "f1h1c", "f1i1c", "f1e1c");
    // Ninja h2 attacks g1 and i1.
    EXPECT_CASTLINGS(castle_fen({{"h2", 'j'}}), kWhiteB.begin(), kWhiteB.end());
    // Wazir-Knight c3 leaps to b1 and d1.
    EXPECT_CASTLINGS(castle_fen({{"c3", 'w'}}), "f1g1c", "f1h1c", "f1i1c", "f1e1c");
    // Ferz-Knight j3 leaps to i1, the Rook's own square, where the King would land.
    EXPECT_CASTLINGS(castle_fen({{"j3", 'f'}}), "f1g1c", "f1h1c", "f1e1c", "f1d1c", "f1c1c",
                     "f1b1c");
}

TEST(WreckageGameRules, X20_PassedAndLandingSquaresByDragonDetonatorGuillotine) {
    // Dragon j3 approaches h1 by sliding to i2 (SW is forward for Black).
    EXPECT_CASTLINGS(castle_fen({{"j3", 'd'}}), "f1g1c", "f1e1c", "f1d1c", "f1c1c", "f1b1c");
    // Dragon d2 withdraws from c1 (to e3), d1 (to d3), e1 (to c3): no b-side castling.
    EXPECT_CASTLINGS(castle_fen({{"d2", 'd'}}), kWhiteI.begin(), kWhiteI.end());
    // Detonator h2 is next to g1, h1, i1.
    EXPECT_CASTLINGS(castle_fen({{"h2", 'x'}}), kWhiteB.begin(), kWhiteB.end());
    // Guillotine j3 attacks h1 at distance two, over White's Pawn i2 (double capture).
    EXPECT_CASTLINGS(castle_fen({{"j3", 'g'}, {"i2", 'P'}}), "f1g1c", "f1e1c", "f1d1c", "f1c1c",
                     "f1b1c");
    // Guillotine a1 with the Rook b1 left in place: a King on b1 is jumped to c1
    // (fly-over), a King on c1 is taken with the Rook (double capture), but d1 and
    // e1 are not attacked: the Rook stands in the way of a fly-over.
    EXPECT_CASTLINGS(castle_fen({{"a1", 'g'}}), "f1g1c", "f1h1c", "f1i1c", "f1e1c", "f1d1c");
}

TEST(WreckageGameRules, X20_PositionAfterCastlingMustBeLegal) {
    // Black Rook j1: with the i-Rook in place g1 and h1 are shielded, but once it
    // has moved next to the King they are open; i1 itself is next to j1.
    EXPECT_CASTLINGS(castle_fen({{"j1", 'r'}}), kWhiteB.begin(), kWhiteB.end());
}

// ------------------------------------------------------------------

TEST(WreckageGameRules, X21_RightsLostByKingOrRookMoves) {
    const Position pos =
        load("xr3k2rd/pppppppppp/10/10/10/10/10/10/PPPPPPPP1P/XR3K2RD w BIbi - - 0 1");
    EXPECT_EQ(fen_after(pos, "f1e1"),
              "xr3k2rd/pppppppppp/10/10/10/10/10/10/PPPPPPPP1P/XR2K3RD b bi - - 1 1");
    Position p = pos;
    for (const char* m : {"i1i5", "a10b8", "i5i1", "b8a10"}) {
        const Move mv = wref::find(p, m);
        ASSERT_FALSE(mv.is_none()) << m;
        p.do_move(mv);
    }
    // The Rook is back on i1 but the right is gone for good.
    EXPECT_EQ(p.fen(), "xr3k2rd/pppppppppp/10/10/10/10/10/10/PPPPPPPP1P/XR3K2RD w Bbi - - 4 3");
    EXPECT_EQ(castlings_of(wref::engine_lans(p)), kWhiteB);
}

TEST(WreckageGameRules, X21_RightsLostWhenTheRookIsCapturedInAnyWay) {
    // Dragon approach: i5i2 stops next to the Rook i1.
    EXPECT_EQ(fen_after(load("5k4/10/10/10/10/8d1/10/10/10/1R3K2R1 b BI - - 0 1"), "i5i2"),
              "5k4/10/10/10/10/10/10/10/8d1/1R3K4 w B - - 0 2");
    // Guillotine replacement at distance two.
    EXPECT_EQ(fen_after(load("5k4/10/10/10/10/10/10/1g8/10/1R3K2R1 b BI - - 0 1"), "b3b1"),
              "5k4/10/10/10/10/10/10/10/10/1g3K2R1 w I - - 0 2");
    // Detonation.
    EXPECT_EQ(fen_after(load("5k4/10/10/10/10/10/10/10/2x7/1R3K2R1 b BI - - 0 1"), "c2x"),
              "5k4/10/10/10/10/10/10/10/2x7/5K2R1 w I - - 0 2");
    // Plain replacement.
    EXPECT_EQ(fen_after(load("5k4/10/10/10/10/1r8/10/10/10/1R3K2R1 b BI - - 0 1"), "b5b1"),
              "5k4/10/10/10/10/10/10/10/10/1r3K2R1 w I - - 0 2");
}

// ------------------------------------------------------------------

bool white_checked(std::initializer_list<std::pair<const char*, char>> pieces) {
    const Position pos = load(make_fen(pieces, true));
    EXPECT_EQ(pos.in_check(), wref::in_check(wref::from_engine(pos))) << pos.fen();
    return pos.in_check();
}
bool black_checked(std::initializer_list<std::pair<const char*, char>> pieces) {
    const Position pos = load(make_fen(pieces, false));
    EXPECT_EQ(pos.in_check(), wref::in_check(wref::from_engine(pos))) << pos.fen();
    return pos.in_check();
}

TEST(WreckageGameRules, X22_CheckByReplacementPieces) {
    EXPECT_TRUE(black_checked({{"e6", 'k'}, {"e2", 'Q'}, {"a1", 'K'}}));
    EXPECT_TRUE(black_checked({{"e6", 'k'}, {"a6", 'R'}, {"a1", 'K'}}));
    EXPECT_FALSE(black_checked({{"e6", 'k'}, {"a6", 'R'}, {"c6", 'p'}, {"a1", 'K'}}));
    EXPECT_TRUE(black_checked({{"e6", 'k'}, {"c4", 'B'}, {"a1", 'K'}}));
    EXPECT_TRUE(black_checked({{"e6", 'k'}, {"d4", 'F'}, {"a1", 'K'}}));   // leap
    EXPECT_TRUE(black_checked({{"e6", 'k'}, {"d5", 'F'}, {"a1", 'K'}}));   // diagonal step
    EXPECT_FALSE(black_checked({{"e6", 'k'}, {"e5", 'F'}, {"a1", 'K'}}));  // no orthogonal step
    EXPECT_TRUE(black_checked({{"e6", 'k'}, {"d4", 'W'}, {"a1", 'K'}}));   // leap
    EXPECT_TRUE(black_checked({{"e6", 'k'}, {"e5", 'W'}, {"a1", 'K'}}));   // orthogonal step
    EXPECT_FALSE(black_checked({{"e6", 'k'}, {"d5", 'W'}, {"a1", 'K'}}));  // no diagonal step
}

TEST(WreckageGameRules, X22_CheckByPawnsAndNinjas) {
    EXPECT_TRUE(black_checked({{"e6", 'k'}, {"d5", 'P'}, {"a1", 'K'}}));
    EXPECT_TRUE(black_checked({{"e6", 'k'}, {"f5", 'P'}, {"a1", 'K'}}));
    EXPECT_FALSE(black_checked({{"e6", 'k'}, {"e5", 'P'}, {"a1", 'K'}}));
    EXPECT_FALSE(black_checked({{"e6", 'k'}, {"d6", 'P'}, {"a1", 'K'}}));  // a Pawn never sideways
    EXPECT_TRUE(black_checked({{"e6", 'k'}, {"d5", 'J'}, {"a1", 'K'}}));
    EXPECT_TRUE(black_checked({{"e6", 'k'}, {"d6", 'J'}, {"a1", 'K'}}));  // r 6: sideways
    EXPECT_TRUE(black_checked({{"e6", 'k'}, {"f6", 'J'}, {"a1", 'K'}}));
    EXPECT_FALSE(black_checked({{"e5", 'k'}, {"d5", 'J'}, {"a1", 'K'}}));  // r 5: not sideways
    EXPECT_FALSE(black_checked({{"e6", 'k'}, {"e5", 'J'}, {"a1", 'K'}}));
    // Black's Ninja e5 is on its r 6 and takes sideways; on e6 (r 5) it does not.
    EXPECT_TRUE(white_checked({{"d5", 'K'}, {"e5", 'j'}, {"j10", 'k'}}));
    EXPECT_FALSE(white_checked({{"d6", 'K'}, {"e6", 'j'}, {"j10", 'k'}}));
    EXPECT_TRUE(white_checked({{"d4", 'K'}, {"e5", 'j'}, {"j10", 'k'}}));
}

TEST(WreckageGameRules, X22_CheckByDragonApproachAndWithdrawal) {
    EXPECT_TRUE(black_checked({{"e6", 'k'}, {"e2", 'D'}, {"a1", 'K'}}));  // approach N to e5
    EXPECT_TRUE(black_checked({{"e6", 'k'}, {"c4", 'D'}, {"a1", 'K'}}));  // approach NE to d5
    EXPECT_FALSE(
        black_checked({{"e6", 'k'}, {"e2", 'D'}, {"e4", 'p'}, {"a1", 'K'}}));  // path blocked
    EXPECT_TRUE(black_checked({{"e6", 'k'}, {"e5", 'D'}, {"a1", 'K'}}));       // withdrawal S to e4
    EXPECT_FALSE(black_checked({{"e6", 'k'}, {"e5", 'D'}, {"e4", 'P'}, {"a1", 'K'}}));  // no room
    EXPECT_TRUE(black_checked({{"e6", 'k'}, {"f6", 'D'}, {"a1", 'K'}}));   // withdrawal E
    EXPECT_TRUE(black_checked({{"e6", 'k'}, {"f5", 'D'}, {"a1", 'K'}}));   // withdrawal SE
    EXPECT_FALSE(black_checked({{"e6", 'k'}, {"e7", 'D'}, {"a1", 'K'}}));  // N is an approach
    EXPECT_FALSE(black_checked({{"e6", 'k'}, {"f7", 'D'}, {"a1", 'K'}}));  // NE is an approach
    EXPECT_FALSE(black_checked({{"e6", 'k'}, {"e9", 'D'}, {"a1", 'K'}}));  // no backward approach
    // Black's Dragon: forward is toward rank 1.
    EXPECT_TRUE(white_checked({{"e4", 'K'}, {"e8", 'd'}, {"j10", 'k'}}));  // approach to e5
    EXPECT_TRUE(white_checked({{"e4", 'K'}, {"e5", 'd'}, {"j10", 'k'}}));  // withdrawal to e6
    EXPECT_FALSE(
        white_checked({{"e4", 'K'}, {"e3", 'd'}, {"j10", 'k'}}));  // moving to e2 approaches
}

TEST(WreckageGameRules, X22_CheckByDetonatorAndGuillotine) {
    EXPECT_TRUE(black_checked({{"e6", 'k'}, {"d5", 'X'}, {"a1", 'K'}}));
    EXPECT_TRUE(black_checked({{"e6", 'k'}, {"e7", 'X'}, {"a1", 'K'}}));
    EXPECT_FALSE(black_checked({{"e6", 'k'}, {"e4", 'X'}, {"a1", 'K'}}));
    EXPECT_TRUE(black_checked({{"e6", 'k'}, {"e4", 'G'}, {"a1", 'K'}}));
    EXPECT_TRUE(black_checked({{"e6", 'k'}, {"e4", 'G'}, {"e5", 'P'}, {"e7", 'r'}, {"a1", 'K'}}));
}

TEST(WreckageGameRules, X22_KingMayNotStepOntoAttackedSquares) {
    // Black k e6 (Pawn e7 its own). White Detonator c6 is next to d5, d6, d7;
    // Dragon f2 approaches f5, f6, f7 (stopping on f4, f5, f6); Guillotine h5
    // reaches e5 by fly-over (g5, f5 clear, d5 empty beyond). Nothing attacks e6.
    const Position boxed = load(make_fen(
        {{"e6", 'k'}, {"e7", 'p'}, {"c6", 'X'}, {"f2", 'D'}, {"h5", 'G'}, {"a1", 'K'}}, false));
    EXPECT_FALSE(boxed.in_check());
    EXPECT_EQ(wref::engine_lans(boxed), Set{});
    EXPECT_MODEL_AGREES(boxed);
    EXPECT_EQ(boxed.outcome(), Outcome::STALEMATE);
    // Without the Guillotine, e5 is free.
    const Position open =
        load(make_fen({{"e6", 'k'}, {"e7", 'p'}, {"c6", 'X'}, {"f2", 'D'}, {"a1", 'K'}}, false));
    EXPECT_EQ(wref::engine_lans(open), Set{"e6e5"});
    EXPECT_MODEL_AGREES(open);
}

// ------------------------------------------------------------------

TEST(WreckageGameRules, X23_GuillotineDropsOnEmptyBackRankSquares) {
    const Position white = load("9k/10/10/10/10/10/10/10/10/R4K4 w - - G 0 1");
    EXPECT_EQ(wref::drops(wref::engine_lans(white), 'G'),
              (Set{"G@b1", "G@c1", "G@d1", "G@e1", "G@g1", "G@h1", "G@i1", "G@j1"}));
    EXPECT_EQ(fen_after(white, "G@b1"), "9k/10/10/10/10/10/10/10/10/RG3K4 b - - - 0 1");
    const Position black = load("r4k4/10/10/10/10/10/10/10/10/9K b - - g 5 9");
    EXPECT_EQ(wref::drops(wref::engine_lans(black), 'G'),
              (Set{"G@b10", "G@c10", "G@d10", "G@e10", "G@g10", "G@h10", "G@i10", "G@j10"}));
    EXPECT_EQ(fen_after(black, "G@j10"), "r4k3g/10/10/10/10/10/10/10/10/9K w - - - 0 10");
    // Not in hand: no drop; a second one never comes.
    EXPECT_EQ(
        wref::drops(wref::engine_lans(load("9k/10/10/10/10/10/10/10/10/R4K4 w - - J 0 1")), 'G'),
        Set{});
    EXPECT_EQ(wref::drops(
                  wref::engine_lans(load(fen_after(load(fen_after(white, "G@b1")), "j10j9"))), 'G'),
              Set{});
}

TEST(WreckageGameRules, X23_NinjaDropWithPushOverEmptySquares) {
    // File c: c3 taken; d: d4 taken; e: e5 taken (push reaches e4); f: f2-f5 free.
    const Position pos = load("9k/10/10/10/10/4R5/3w6/2f7/PP4PPPP/9K w - - J 7 20");
    EXPECT_EQ(
        wref::drops(wref::engine_lans(pos), 'J'),
        (Set{"J@c2", "J@d2", "J@d3", "J@e2", "J@e3", "J@e4", "J@f2", "J@f3", "J@f4", "J@f5"}));
    EXPECT_MODEL_AGREES(pos);
    EXPECT_EQ(fen_after(pos, "J@e4"), "9k/10/10/10/10/4R5/3wJ5/2f7/PP4PPPP/9K b - - - 0 20");
    EXPECT_EQ(fen_after(pos, "J@c2"), "9k/10/10/10/10/4R5/3w6/2f7/PPJ3PPPP/9K b - - - 0 20");
    // Black drops on its rank 9 and pushes toward rank 6.
    const Position black = load("k9/pppppppp1p/10/10/10/10/10/10/10/9K b - - j 0 1");
    EXPECT_EQ(wref::drops(wref::engine_lans(black), 'J'), (Set{"J@i9", "J@i8", "J@i7", "J@i6"}));
    EXPECT_EQ(fen_after(black, "J@i7"), "k9/pppppppp1p/10/8j1/10/10/10/10/10/9K w - - - 0 2");
}

TEST(WreckageGameRules, X23_DropsGivingCheck) {
    const Position pos = load("K9/10/10/10/10/10/10/4k5/10/10 w - - GJ 0 1");
    for (const auto& [drop, check] :
         std::initializer_list<std::pair<const char*, bool>>{{"G@e1", true},
                                                             {"G@c1", true},
                                                             {"G@g1", true},
                                                             {"G@h1", false},
                                                             {"G@a1", false},
                                                             {"J@d2", true},
                                                             {"J@f2", true},
                                                             {"J@e2", false},
                                                             {"J@d4", false}}) {
        Position p = pos;
        const Move m = wref::find(p, drop);
        ASSERT_FALSE(m.is_none()) << drop;
        p.do_move(m);
        EXPECT_EQ(p.in_check(), check) << drop;
        EXPECT_EQ(wref::in_check(wref::from_engine(p)), check) << drop;
    }
}

TEST(WreckageGameRules, X23_DropsBlockingCheck) {
    // Rook f7 checks f1 down the file: King steps off it, or a Ninja dropped on f2
    // and pushed up to f5 at most; a Guillotine drop on rank 1 cannot block.
    const Position pos = load("9k/10/10/5r4/10/10/10/10/10/5K4 w - - GJ 0 1");
    EXPECT_EQ(wref::engine_lans(pos),
              (Set{"f1e1", "f1e2", "f1g1", "f1g2", "J@f2", "J@f3", "J@f4", "J@f5"}));
    EXPECT_MODEL_AGREES(pos);
}

// ------------------------------------------------------------------

TEST(WreckageGameRules, X24_CheckmateUnlessADropHelps) {
    // Rook a10 checks j10 along rank 10; King j8 guards i9 and j9.
    const Position mate = load("R8k/10/9K/10/10/10/10/10/10/10 b - - - 0 1");
    EXPECT_TRUE(mate.in_check());
    EXPECT_EQ(wref::engine_lans(mate), Set{});
    EXPECT_EQ(mate.outcome(), Outcome::CHECKMATE);
    // Ninja drops land on ranks 9 to 6 and cannot block rank 10.
    EXPECT_EQ(load("R8k/10/9K/10/10/10/10/10/10/10 b - - j 0 1").outcome(), Outcome::CHECKMATE);
    // A Guillotine drop on rank 10 blocks.
    const Position saved = load("R8k/10/9K/10/10/10/10/10/10/10 b - - g 0 1");
    EXPECT_EQ(wref::engine_lans(saved),
              (Set{"G@b10", "G@c10", "G@d10", "G@e10", "G@f10", "G@g10", "G@h10", "G@i10"}));
    EXPECT_EQ(saved.outcome(), Outcome::ONGOING);
    // Mate comes before the 100-ply rule.
    EXPECT_EQ(load("R8k/10/9K/10/10/10/10/10/10/10 b - - - 130 90").outcome(), Outcome::CHECKMATE);
}

TEST(WreckageGameRules, X24_Stalemate) {
    // Queen h9 covers i10, i9, j9 but does not attack j10.
    const Position pos = load("9k/7Q2/10/10/10/10/10/10/10/K9 b - - - 0 1");
    EXPECT_FALSE(pos.in_check());
    EXPECT_EQ(wref::engine_lans(pos), Set{});
    EXPECT_EQ(pos.outcome(), Outcome::STALEMATE);
    EXPECT_EQ(load("9k/7Q2/10/10/10/10/10/10/10/K9 b - - j 0 1").outcome(), Outcome::ONGOING);
}

TEST(WreckageGameRules, X24_ThreefoldRepetition) {
    Position pos = load("9k/10/10/4r5/10/10/4R5/10/10/K9 w - - - 0 1");
    const char* cycle[] = {"a1b1", "j10i10", "b1a1", "i10j10"};
    for (int ply = 0; ply < 8; ++ply) {
        EXPECT_EQ(pos.outcome(), Outcome::ONGOING) << "ply " << ply;
        const Move m = wref::find(pos, cycle[ply % 4]);
        ASSERT_FALSE(m.is_none());
        pos.do_move(m);
    }
    EXPECT_EQ(pos.outcome(), Outcome::REPETITION);  // the start position a third time
}

TEST(WreckageGameRules, X24_HundredPlyRuleAndWhatResetsIt) {
    const Position pos = load("1r3k2r1/10/10/1p8/4p5/4X5/10/7J2/2P7/1R3K2R1 w BIbi - GJgj 99 80");
    EXPECT_EQ(pos.outcome(), Outcome::ONGOING);
    auto after = [&](const char* lan) {
        Position p = pos;
        const Move m = wref::find(p, lan);
        EXPECT_FALSE(m.is_none()) << lan;
        if (!m.is_none()) p.do_move(m);
        return p;
    };
    for (const char* quiet : {"i1i2", "f1g1c", "f1b1c", "e5f4", "f1e1"}) {
        const Position p = after(quiet);
        EXPECT_EQ(p.rule50(), 100) << quiet;
        EXPECT_EQ(p.outcome(), Outcome::MOVE_RULE) << quiet;
    }
    for (const char* reset : {"b1b7", "e5x", "c2c3", "h3h4", "h3g3", "J@e2", "J@e4", "G@a1"}) {
        const Position p = after(reset);
        EXPECT_EQ(p.rule50(), 0) << reset;
        EXPECT_EQ(p.outcome(), Outcome::ONGOING) << reset;
    }
}

TEST(WreckageGameRules, X24_BareKingsWithEmptyHands) {
    EXPECT_EQ(load("9k/10/10/10/10/10/10/10/10/K9 w - - - 0 1").outcome(), Outcome::INSUFFICIENT);
    EXPECT_EQ(load("9k/10/10/10/10/10/10/10/10/K9 w - - J 0 1").outcome(), Outcome::ONGOING);
    EXPECT_EQ(load("9k/10/10/10/10/10/10/10/10/K9 b - - g 0 1").outcome(), Outcome::ONGOING);
    EXPECT_EQ(load("9k/10/10/10/10/10/10/10/1P8/K9 w - - - 0 1").outcome(), Outcome::ONGOING);
    // A capture that leaves the two Kings alone.
    Position p = load("k9/10/10/10/3b6/4K5/10/10/10/10 w - - - 0 1");
    p.do_move(wref::find(p, "e5d6"));
    EXPECT_EQ(p.outcome(), Outcome::INSUFFICIENT);
}

}  // namespace
}  // namespace chimera
