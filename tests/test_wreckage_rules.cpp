// Wreckage piece rules X-1 ... X-19 (shared/spec/wreckage.md). Every expected
// move list and every FEN after a capture below was worked out by hand from the
// rule text (the reasoning is in the comments); each list is also checked
// against the slow model of wreckage_reference.h. Castling, check, drops and the
// end rules are in test_wreckage_game_rules.cpp, FEN/LAN/SAN in
// test_wreckage_notation.cpp, the spec's worked examples in test_wreckage_examples.cpp.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "wreckage_reference.h"

namespace chimera {
namespace {

using wreckage::Position;
using wref::engine_captures;
using wref::fen_after;
using wref::load;
using wref::make_fen;

using Set = std::set<std::string>;

// "e9e10" plus each of the eight promotion letters.
Set promotions(const std::string& move) {
    Set out;
    for (char c : std::string("qrbfwdgx")) out.insert(move + c);
    return out;
}
Set join(Set a, const Set& b) {
    a.insert(b.begin(), b.end());
    return a;
}

// ------------------------------------------------------------------ X-1 ... X-4

TEST(WreckageRules, X1_BoardIsTenByTen) {
    // A lone Rook on a1 reaches every square of file a and rank 1: 9 + 9 squares.
    const Position pos = load(make_fen({{"a1", 'R'}, {"c3", 'K'}, {"h8", 'k'}}));
    Set want;
    for (int r = 2; r <= 10; ++r) want.insert("a1a" + std::to_string(r));
    for (char f = 'b'; f <= 'j'; ++f) want.insert(std::string("a1") + f + "1");
    EXPECT_PIECE_MOVES(pos, "a1", want);
    EXPECT_EQ(want.size(), 18u);
}

TEST(WreckageRules, X2_PieceLettersAndColours) {
    // Every letter of X-2 in both cases reads back as the same piece and colour.
    const std::string letters = "KQRBFWDXG";
    const wreckage::PieceType types[] = {
        wreckage::KING,   wreckage::QUEEN,       wreckage::ROOK,
        wreckage::BISHOP, wreckage::FERZ_KNIGHT, wreckage::WAZIR_KNIGHT,
        wreckage::DRAGON, wreckage::DETONATOR,   wreckage::GUILLOTINE};
    const Position pos = load("kqrbfwdxg1/9j/10/10/10/10/10/10/PJ8/KQRBFWDXG1 w - - - 0 1");
    for (std::size_t i = 0; i < 9; ++i) {
        const auto w = pos.piece_on(wreckage::make_square(static_cast<int>(i), 0));
        const auto b = pos.piece_on(wreckage::make_square(static_cast<int>(i), 9));
        EXPECT_EQ(wreckage::color_of(w), WHITE) << letters[i];
        EXPECT_EQ(wreckage::color_of(b), BLACK) << letters[i];
        EXPECT_EQ(wreckage::type_of(w), types[i]) << letters[i];
        EXPECT_EQ(wreckage::type_of(b), types[i]) << letters[i];
    }
    EXPECT_EQ(wreckage::type_of(pos.piece_on(wreckage::make_square(0, 1))), wreckage::PAWN);
    EXPECT_EQ(wreckage::type_of(pos.piece_on(wreckage::make_square(1, 1))), wreckage::NINJA);
    EXPECT_EQ(wreckage::type_of(pos.piece_on(wreckage::make_square(9, 8))), wreckage::NINJA);
    EXPECT_EQ(wreckage::color_of(pos.piece_on(wreckage::make_square(9, 8))), BLACK);
    EXPECT_EQ(pos.fen(), "kqrbfwdxg1/9j/10/10/10/10/10/10/PJ8/KQRBFWDXG1 w - - - 0 1");
}

TEST(WreckageRules, X3_DirectionsAndRelativeRanksBelongToTheOwner) {
    // Black's forward is toward rank 1: a Black Pawn on e9 (its r 2) reaches e6.
    EXPECT_PIECE_MOVES(load(make_fen({{"e9", 'p'}, {"a1", 'K'}, {"j10", 'k'}}, false)), "e9",
                       "e9e8", "e9e7", "e9e6");
    // Black's Ninja on e5 stands on its r 6 (enemy territory): it takes d5 sideways.
    EXPECT_PIECE_MOVES(load(make_fen({{"e5", 'j'}, {"d5", 'B'}, {"a1", 'K'}, {"j10", 'k'}}, false)),
                       "e5", "e5e4", "e5e3", "e5d5", "e5f5");
    // On e6 it stands on its r 5 (the middle): one step forward, no sideways capture.
    EXPECT_PIECE_MOVES(load(make_fen({{"e6", 'j'}, {"d6", 'B'}, {"a1", 'K'}, {"j10", 'k'}}, false)),
                       "e6", "e6e5", "e6f6");
}

TEST(WreckageRules, X4_StartPositionMoves) {
    const Position start;
    EXPECT_EQ(start.fen(), Position::kStartFen);
    EXPECT_EQ(start.hand(WHITE, wreckage::HAND_G), 1);
    EXPECT_EQ(start.hand(WHITE, wreckage::HAND_J), 5);
    EXPECT_EQ(start.hand(BLACK, wreckage::HAND_G), 1);
    EXPECT_EQ(start.hand(BLACK, wreckage::HAND_J), 5);
    // Each Pawn 1, 2 or 3 squares, W c1 and F h1 two leaps each, D j1 and
    // X a1 one leap each; no drop fits (ranks 1 and 2 are full): 36.
    Set want{"c1b3", "c1d3", "h1g3", "h1i3", "j1i3", "a1b3"};
    for (char f = 'a'; f <= 'j'; ++f)
        for (int r = 3; r <= 5; ++r) want.insert(std::string(1, f) + "2" + f + std::to_string(r));
    EXPECT_EQ(wref::engine_lans(start), want);
    EXPECT_EQ(want.size(), 36u);
    // Black's replies mirror them.
    Position pos = start;
    pos.do_move(wref::find(pos, "e2e5"));
    Set black{"c10b8", "c10d8", "h10g8", "h10i8", "j10i8", "a10b8"};
    for (char f = 'a'; f <= 'j'; ++f)
        for (int r = 6; r <= 8; ++r) black.insert(std::string(1, f) + "9" + f + std::to_string(r));
    EXPECT_EQ(wref::engine_lans(pos), black);
}

// ------------------------------------------------------------------ X-5 ... X-7

TEST(WreckageRules, X5_KingStepsAndCapturesByReplacement) {
    // Black Bishop d6 checks e5; f4 stays on its diagonal once the King leaves e5.
    const Position pos = load("k9/10/10/10/3b6/4K5/10/10/10/10 w - - - 0 1");
    EXPECT_PIECE_MOVES(pos, "e5", "e5d4", "e5d5", "e5d6", "e5e4", "e5e6", "e5f5", "e5f6");
    EXPECT_EQ(fen_after(pos, "e5d6"), "k9/10/10/10/3K6/10/10/10/10/10 b - - - 0 1");
}

TEST(WreckageRules, X6_QueenSlidesStopAtPieces) {
    // Own Pawn d6 stops it short, the Ferz-Knight on g7 is captured.
    const Position pos = load("k7K1/10/10/6f3/3P6/10/3Q6/10/10/10 w - - - 0 1");
    EXPECT_PIECE_MOVES(pos, "d4", "d4d5", "d4d3", "d4d2", "d4d1", "d4e4", "d4f4", "d4g4", "d4h4",
                       "d4i4", "d4j4", "d4c4", "d4b4", "d4a4", "d4e5", "d4f6", "d4g7", "d4c5",
                       "d4b6", "d4a7", "d4e3", "d4f2", "d4g1", "d4c3", "d4b2", "d4a1");
    EXPECT_EQ(fen_after(pos, "d4g7"), "k7K1/10/10/6Q3/3P6/10/10/10/10/10 b - - - 0 1");
}

TEST(WreckageRules, X7_FerzKnightLeapsOrStepsDiagonally) {
    // Own pieces on f6 (diagonal) and c4 (leap); enemies on d4 (diagonal), g6 (leap).
    const Position pos = load("9k/10/10/10/5Pw3/4F5/2Pb6/10/K9/10 w - - - 0 1");
    EXPECT_PIECE_MOVES(pos, "e5", "e5f7", "e5f3", "e5d7", "e5d3", "e5g6", "e5g4", "e5c6", "e5f4",
                       "e5d6", "e5d4");
    EXPECT_EQ(fen_after(pos, "e5g6"), "9k/10/10/10/5PF3/10/2Pb6/10/K9/10 b - - - 0 1");
    EXPECT_EQ(fen_after(pos, "e5d4"), "9k/10/10/10/5Pw3/10/2PF6/10/K9/10 b - - - 0 1");
}

TEST(WreckageRules, X7_WazirKnightLeapsOrStepsOrthogonally) {
    // Own pieces on e6 (step) and c6 (leap); enemies on f5 (step), g4 (leap).
    const Position pos = load("9k/10/10/10/2P1P5/4Wb4/6f3/10/10/K9 w - - - 0 1");
    EXPECT_PIECE_MOVES(pos, "e5", "e5f7", "e5f3", "e5d7", "e5d3", "e5g6", "e5g4", "e5c4", "e5e4",
                       "e5d5", "e5f5");
    EXPECT_EQ(fen_after(pos, "e5f5"), "9k/10/10/10/2P1P5/5W4/6f3/10/10/K9 b - - - 0 1");
}

// ------------------------------------------------------------------ X-8 ... X-10

struct PawnCase {
    int rel;  // relative rank of the pawn
    Set forward;
};

// X-8 for a pawn on file e by relative rank, White and Black; the forward
// squares are written as absolute ranks for White and mirrored for Black.
const PawnCase kPawnCases[] = {
    {2, {"3", "4", "5"}}, {3, {"4", "5"}}, {4, {"5"}},       {5, {"6"}},
    {6, {"7", "8"}},      {7, {"8", "9"}}, {8, {"9", "10"}}, {9, {"10"}},
};

Set forward_moves(bool white, int rel, const Set& targets, bool ninja) {
    const auto abs_rank = [&](int r) { return std::to_string(white ? r : 11 - r); };
    const std::string from = "e" + abs_rank(rel);
    Set out;
    for (const auto& t : targets) {
        const int r = std::stoi(t);
        const std::string mv = from + "e" + abs_rank(r);
        if (r == 10)
            out = join(out, promotions(mv));
        else
            out.insert(mv);
    }
    if (ninja)
        out.insert({from + "d" + abs_rank(rel), from + "f" + abs_rank(rel)});  // X-9 sideways
    return out;
}

TEST(WreckageRules, X8_PawnForwardRangeByRelativeRankBothColours) {
    for (bool white : {true, false})
        for (const auto& c : kPawnCases) {
            const std::string from = "e" + std::to_string(white ? c.rel : 11 - c.rel);
            const Position pos = load(
                make_fen({{from.c_str(), white ? 'P' : 'p'}, {"a1", 'K'}, {"j10", 'k'}}, white));
            EXPECT_PIECE_MOVES(pos, from, forward_moves(white, c.rel, c.forward, false));
        }
}

TEST(WreckageRules, X9_NinjaForwardRangeAndSidewaysStepsBothColours) {
    for (bool white : {true, false})
        for (const auto& c : kPawnCases) {
            const std::string from = "e" + std::to_string(white ? c.rel : 11 - c.rel);
            const Position pos = load(
                make_fen({{from.c_str(), white ? 'J' : 'j'}, {"a1", 'K'}, {"j10", 'k'}}, white));
            EXPECT_PIECE_MOVES(pos, from, forward_moves(white, c.rel, c.forward, true));
        }
}

TEST(WreckageRules, X8_PawnNeverJumpsAndCapturesOnlyDiagonallyForward) {
    // e2 with a piece on e4: only e3.
    const Position blocked = load(make_fen({{"e2", 'P'}, {"e4", 'f'}, {"a1", 'K'}, {"j10", 'k'}}));
    EXPECT_PIECE_MOVES(blocked, "e2", "e2e3");
    // e5: enemy d6 captured, enemy e6 blocks, own f6 not capturable, nothing sideways.
    const Position pos = load(make_fen({{"e5", 'P'},
                                        {"d6", 'r'},
                                        {"e6", 'b'},
                                        {"f6", 'W'},
                                        {"d5", 'q'},
                                        {"a1", 'K'},
                                        {"j10", 'k'}}));
    EXPECT_PIECE_MOVES(pos, "e5", "e5d6");
    EXPECT_EQ(fen_after(pos, "e5d6"), "9k/10/10/10/3PbW4/3q6/10/10/10/K9 b - - - 0 1");
    // r >= 6: still no sideways capture for a Pawn.
    const Position high =
        load(make_fen({{"e7", 'P'}, {"d7", 'r'}, {"f7", 'f'}, {"a1", 'K'}, {"j10", 'k'}}));
    EXPECT_PIECE_MOVES(high, "e7", "e7e8", "e7e9");
}

TEST(WreckageRules, X9_NinjaSidewaysCapturesOnlyInEnemyTerritory) {
    // White J e3 (r 3): the enemy on d3 is not capturable, f4 diagonally is.
    const Position own_half =
        load(make_fen({{"e3", 'J'}, {"d3", 'b'}, {"f4", 'b'}, {"a1", 'K'}, {"j10", 'k'}}));
    EXPECT_PIECE_MOVES(own_half, "e3", "e3e4", "e3e5", "e3f3", "e3f4");
    // White J e4 (r 4) between two enemies: only forward.
    const Position r4 =
        load(make_fen({{"e4", 'J'}, {"d4", 'f'}, {"f4", 'w'}, {"a1", 'K'}, {"j10", 'k'}}));
    EXPECT_PIECE_MOVES(r4, "e4", "e4e5");
    // White J e6 (r 6): captures d6 sideways and f7 diagonally, steps to f6; e8 blocks 2.
    const Position enemy = load(
        make_fen({{"e6", 'J'}, {"d6", 'r'}, {"f7", 'b'}, {"e8", 'p'}, {"a1", 'K'}, {"j10", 'k'}}));
    EXPECT_PIECE_MOVES(enemy, "e6", "e6e7", "e6d6", "e6f6", "e6f7");
    EXPECT_EQ(fen_after(enemy, "e6d6"), "9k/10/4p5/5b4/3J6/10/10/10/10/K9 b - - - 0 1");
    // Black j e5 is on its r 6: the mirror image.
    const Position black = load(make_fen(
        {{"e5", 'j'}, {"d5", 'R'}, {"f4", 'B'}, {"e3", 'P'}, {"a1", 'K'}, {"j10", 'k'}}, false));
    EXPECT_PIECE_MOVES(black, "e5", "e5e4", "e5d5", "e5f5", "e5f4");
    // Black j e7 is on its r 4: no sideways capture.
    const Position black_own =
        load(make_fen({{"e7", 'j'}, {"d7", 'R'}, {"f7", 'B'}, {"a1", 'K'}, {"j10", 'k'}}, false));
    EXPECT_PIECE_MOVES(black_own, "e7", "e7e6");
}

TEST(WreckageRules, X10_PromotionOffersEightPiecesAndGDoesNotTouchTheHand) {
    const Position pos = load("9k/4P5/10/10/10/10/10/10/10/K9 w - - G 0 1");
    EXPECT_PIECE_MOVES(pos, "e9", promotions("e9e10"));
    EXPECT_EQ(fen_after(pos, "e9e10g"), "4G4k/10/10/10/10/10/10/10/10/K9 b - - G 0 1");
    EXPECT_EQ(fen_after(pos, "e9e10x"), "4X4k/10/10/10/10/10/10/10/10/K9 b - - G 0 1");
    // A Ninja promotes the same way; its sideways steps on r 9 do not promote.
    const Position ninja = load("9k/4J5/10/10/10/10/10/10/10/K9 w - - - 0 1");
    EXPECT_PIECE_MOVES(ninja, "e9", join(promotions("e9e10"), {"e9d9", "e9f9"}));
}

TEST(WreckageRules, X10_PromotionByCapture) {
    // e10 is blocked; d10 is captured with any of the eight pieces; f10 is empty.
    const Position pos = load("3rf4k/4P5/10/10/10/10/10/10/10/K9 w - - - 0 1");
    EXPECT_PIECE_MOVES(pos, "e9", promotions("e9d10"));
    EXPECT_EQ(fen_after(pos, "e9d10d"), "3Df4k/10/10/10/10/10/10/10/10/K9 b - - - 0 1");
    // Black, by a Ninja on e2 capturing f1 sideways-forward.
    const Position black = load("9k/10/10/10/10/10/10/10/4j5/K3RB4 b - - - 0 1");
    EXPECT_PIECE_MOVES(black, "e2", join(promotions("e2f1"), {"e2d2", "e2f2"}));
    EXPECT_EQ(fen_after(black, "e2f1q"), "9k/10/10/10/10/10/10/10/10/K3Rq4 w - - - 0 2");
}

// ------------------------------------------------------------------

TEST(WreckageRules, X11_EnPassantOverEveryPassedSquareOfAThreeStep) {
    // e2e5 passes e3 (attacked by d4) and e4 (attacked by f5).
    const Position pos = load("9k/10/10/10/10/5p4/3p6/10/4P5/K9 w - - - 0 1");
    const std::string after = fen_after(pos, "e2e5");
    EXPECT_EQ(after, "9k/10/10/10/10/4Pp4/3p6/10/10/K9 b - e3,e4 - 0 1");
    const Position black = load(after);
    EXPECT_PIECE_MOVES(black, "d4", "d4d3", "d4d2", "d4e3");
    EXPECT_PIECE_MOVES(black, "f5", "f5f4", "f5f3", "f5e4");
    EXPECT_EQ(engine_captures(black, "d4e3"), Set{"e5"});
    EXPECT_EQ(engine_captures(black, "f5e4"), Set{"e5"});
    EXPECT_EQ(fen_after(black, "d4e3"), "9k/10/10/10/10/5p4/10/4p5/10/K9 w - - - 0 2");
    EXPECT_EQ(fen_after(black, "f5e4"), "9k/10/10/10/10/10/3pp5/10/10/K9 w - - - 0 2");
}

TEST(WreckageRules, X11_EnPassantForTheNextTurnOnly) {
    Position pos = load("9k/10/10/10/10/5p4/3p6/10/4P5/K9 w - - - 0 1");
    for (const char* m : {"e2e5", "j10i10", "a1a2"}) {
        const Move mv = wref::find(pos, m);
        ASSERT_FALSE(mv.is_none()) << m;
        pos.do_move(mv);
    }
    EXPECT_PIECE_MOVES(pos, "d4", "d4d3", "d4d2");
    EXPECT_PIECE_MOVES(pos, "f5", "f5f4", "f5f3");
    EXPECT_EQ(pos.ep_targets(), wreckage::Bitboard(0));
}

TEST(WreckageRules, X11_TwoStepsAndBlackPawnsToo) {
    // White e3e5 passes e4 only; a 2-step from r 6 (e6e8) passes e7.
    const Position two = load("9k/10/10/10/10/5p4/10/4P5/10/K9 w - - - 0 1");
    EXPECT_EQ(fen_after(two, "e3e5"), "9k/10/10/10/10/4Pp4/10/10/10/K9 b - e4 - 0 1");
    const Position high = load("9k/10/3p6/10/4P5/10/10/10/10/K9 w - - - 0 1");
    const std::string after = fen_after(high, "e6e8");
    EXPECT_EQ(after, "9k/10/3pP5/10/10/10/10/10/10/K9 b - e7 - 0 1");
    EXPECT_PIECE_MOVES(load(after), "d8", "d8d7", "d8d6", "d8e7");
    // Black d9d6 passes d8 (taken from c7) and d7 (taken from e6).
    const Position black = load("k9/3p6/10/2P7/4P5/10/10/10/10/9K b - - - 0 1");
    const std::string b = fen_after(black, "d9d6");
    EXPECT_EQ(b, "k9/10/10/2P7/3pP5/10/10/10/10/9K w - d7,d8 - 0 2");
    const Position w = load(b);
    EXPECT_PIECE_MOVES(w, "c7", "c7c8", "c7c9", "c7d8");
    EXPECT_PIECE_MOVES(w, "e6", "e6e7", "e6e8", "e6d7");
    EXPECT_EQ(fen_after(w, "c7d8"), "k9/10/3P6/10/4P5/10/10/10/10/9K b - - - 0 2");
}

TEST(WreckageRules, X11_NinjaPawnsNeitherTakeNorAreTakenEnPassant) {
    // A Ninja on d4 cannot take onto e3; f5 can take onto e4, so the passed
    // squares are kept, both of them (project decision on X-25, docs/rules.md).
    const Position ninja_taker = load("9k/10/10/10/10/5p4/3j6/10/4P5/K9 w - - - 0 1");
    const std::string after = fen_after(ninja_taker, "e2e5");
    EXPECT_EQ(after, "9k/10/10/10/10/4Pp4/3j6/10/10/K9 b - e3,e4 - 0 1");
    EXPECT_PIECE_MOVES(load(after), "d4", "d4d3", "d4d2", "d4c4", "d4e4");
    // A Ninja's 3-step creates no targets.
    const Position ninja_mover = load("9k/10/10/10/10/5p4/3p6/10/4J5/K9 w - - - 0 1");
    const std::string n = fen_after(ninja_mover, "e2e5");
    EXPECT_EQ(n, "9k/10/10/10/10/4Jp4/3p6/10/10/K9 b - - - 0 1");
    EXPECT_PIECE_MOVES(load(n), "d4", "d4d3", "d4d2");
    EXPECT_PIECE_MOVES(load(n), "f5", "f5f4", "f5f3");
}

// ------------------------------------------------------------------ X-12 ... X-15

TEST(WreckageRules, X12_DragonNeverLandsOnOccupiedSquaresNorCapturesWhenLeaping) {
    // Enemies on the leap squares f5 and g2 are neither entered nor captured.
    const Position pos = load("9k/10/10/10/10/5f4/10/4D5/6r3/K9 w - - - 0 1");
    EXPECT_PIECE_MOVES(pos, "e3", "e3e4", "e3e5", "e3e6", "e3e7", "e3e8", "e3e9", "e3e10", "e3f4",
                       "e3g5", "e3h6", "e3i7", "e3j8", "e3d4", "e3c5", "e3b6", "e3a7", "e3f3",
                       "e3g3", "e3h3", "e3i3", "e3j3", "e3d3", "e3c3", "e3b3", "e3a3", "e3e2",
                       "e3e1", "e3f2", "e3g1", "e3d2", "e3c1", "e3g4", "e3f1", "e3d1", "e3c2",
                       "e3c4", "e3d5");
    for (const auto& m : wref::engine_lans_from(pos, "e3"))
        EXPECT_EQ(engine_captures(pos, m), Set{}) << m;
}

TEST(WreckageRules, X13_DragonApproachCapturesOnlyNonPawnEnemy) {
    // N: e3e5 stops next to the Rook e6 and takes it; NE: e3g5 stops next to the
    // Pawn h6, which is immune; NW: d4 stops next to its own Bishop c5.
    const Position pos = load("9k/10/10/10/4r2p2/2B7/10/4D5/10/K9 w - - - 0 1");
    EXPECT_PIECE_MOVES(pos, "e3", "e3e4", "e3e5", "e3f4", "e3g5", "e3d4", "e3f3", "e3g3", "e3h3",
                       "e3i3", "e3j3", "e3d3", "e3c3", "e3b3", "e3a3", "e3e2", "e3e1", "e3f2",
                       "e3g1", "e3d2", "e3c1", "e3f5", "e3g4", "e3g2", "e3f1", "e3d1", "e3c2",
                       "e3c4", "e3d5");
    EXPECT_EQ(engine_captures(pos, "e3e5"), Set{"e6"});
    EXPECT_EQ(engine_captures(pos, "e3e4"), Set{});
    EXPECT_EQ(engine_captures(pos, "e3g5"), Set{});
    EXPECT_EQ(fen_after(pos, "e3e5"), "9k/10/10/10/7p2/2B1D5/10/10/10/K9 b - - - 0 1");
    EXPECT_EQ(fen_after(pos, "e3g5"), "9k/10/10/10/4r2p2/2B3D3/10/10/10/K9 b - - - 1 1");
}

TEST(WreckageRules, X14_DragonWithdrawalCapturesTheSquareItLeaves) {
    // Enemies around e5: Rook e6 (N), Ferz-Knight d5 (W), Pawn f6 (NE), Bishop f4 (SE).
    // S slides take e6, E slides take d5, SW slides leave the Pawn, NW slides are
    // approaches (forward) and never take f4.
    const Position pos = load("9k/10/10/10/4rp4/3fD5/5b4/10/10/K9 w - - - 0 1");
    EXPECT_PIECE_MOVES(pos, "e5", "e5f5", "e5g5", "e5h5", "e5i5", "e5j5", "e5e4", "e5e3", "e5e2",
                       "e5e1", "e5d4", "e5c3", "e5b2", "e5d6", "e5c7", "e5b8", "e5a9", "e5f7",
                       "e5g6", "e5g4", "e5f3", "e5d3", "e5c4", "e5c6", "e5d7");
    for (const char* m : {"e5f5", "e5g5", "e5h5", "e5i5", "e5j5"})
        EXPECT_EQ(engine_captures(pos, m), Set{"d5"}) << m;
    for (const char* m : {"e5e4", "e5e3", "e5e2", "e5e1"})
        EXPECT_EQ(engine_captures(pos, m), Set{"e6"}) << m;
    for (const char* m : {"e5d4", "e5b2", "e5d6", "e5a9", "e5f7"})
        EXPECT_EQ(engine_captures(pos, m), Set{}) << m;
    EXPECT_EQ(fen_after(pos, "e5j5"), "9k/10/10/10/4rp4/9D/5b4/10/10/K9 b - - - 0 1");
    EXPECT_EQ(fen_after(pos, "e5e1"), "9k/10/10/10/5p4/3f6/5b4/10/10/K3D5 b - - - 0 1");
    EXPECT_EQ(fen_after(pos, "e5b2"), "9k/10/10/10/4rp4/3f6/5b4/10/1D8/K9 b - - - 1 1");
    EXPECT_EQ(fen_after(pos, "e5a9"), "9k/D9/10/10/4rp4/3f6/5b4/10/10/K9 b - - - 1 1");
}

TEST(WreckageRules, X15_BlackDragonDirectionsAreRelativeAndCapturesCompulsory) {
    // Black d e6: its forward is toward rank 1, so e6e4 approaches the Rook e3;
    // E slides withdraw from the Wazir-Knight d6. No slide exists without its capture.
    const Position pos = load("9k/10/10/10/3Wd5/10/10/4R5/10/K9 b - - - 0 1");
    EXPECT_PIECE_MOVES(pos, "e6", "e6e5", "e6e4", "e6f5", "e6g4", "e6h3", "e6i2", "e6j1", "e6d5",
                       "e6c4", "e6b3", "e6a2", "e6e7", "e6e8", "e6e9", "e6e10", "e6f7", "e6g8",
                       "e6h9", "e6i10", "e6d7", "e6c8", "e6b9", "e6a10", "e6f6", "e6g6", "e6h6",
                       "e6i6", "e6j6", "e6f8", "e6g7", "e6g5", "e6f4", "e6d4", "e6c5", "e6c7",
                       "e6d8");
    EXPECT_EQ(engine_captures(pos, "e6e4"), Set{"e3"});
    EXPECT_EQ(engine_captures(pos, "e6e5"), Set{});
    EXPECT_EQ(engine_captures(pos, "e6e10"), Set{});  // withdrawal from the empty e5
    for (const char* m : {"e6f6", "e6g6", "e6h6", "e6i6", "e6j6"})
        EXPECT_EQ(engine_captures(pos, m), Set{"d6"}) << m;
    EXPECT_EQ(fen_after(pos, "e6e4"), "9k/10/10/10/3W6/10/4d5/10/10/K9 w - - - 0 2");
    EXPECT_EQ(fen_after(pos, "e6j6"), "9k/10/10/10/9d/10/10/4R5/10/K9 w - - - 0 2");
}

// ------------------------------------------------------------------

TEST(WreckageRules, X16_DetonatorMovesOnlyOntoEmptySquares) {
    // Enemies on e6, g5, c5 and the leap square d5 are never entered; nothing adjacent.
    const Position pos = load("9k/10/10/10/4r5/2pw2b3/10/4X5/10/K9 w - - - 0 1");
    EXPECT_PIECE_MOVES(pos, "e3", "e3e4", "e3e5", "e3f4", "e3d4", "e3f3", "e3g3", "e3h3", "e3i3",
                       "e3j3", "e3d3", "e3c3", "e3b3", "e3a3", "e3e2", "e3e1", "e3f2", "e3g1",
                       "e3d2", "e3c1", "e3f5", "e3g4", "e3g2", "e3f1", "e3d1", "e3c2", "e3c4");
}

TEST(WreckageRules, X17_DetonationRemovesEveryAdjacentEnemyButNinjas) {
    // Around e5: Rook d6, Pawn e6, Ninja f6, Bishop f4 (enemies), Bishop d4 (own).
    const Position pos = load("9k/10/10/10/3rpj4/4X5/3B1b4/10/10/K9 w - - - 0 1");
    EXPECT_PIECE_MOVES(pos, "e5", "e5x", "e5f5", "e5g5", "e5h5", "e5i5", "e5j5", "e5e4", "e5e3",
                       "e5e2", "e5e1", "e5d5", "e5c5", "e5b5", "e5a5", "e5f7", "e5g6", "e5g4",
                       "e5f3", "e5d3", "e5c4", "e5c6", "e5d7");
    EXPECT_EQ(engine_captures(pos, "e5x"), (Set{"d6", "e6", "f4"}));
    EXPECT_EQ(fen_after(pos, "e5x"), "9k/10/10/10/5j4/4X5/3B6/10/10/K9 b - - - 0 1");
    // Moving never captures.
    for (const auto& m : wref::engine_lans_from(pos, "e5"))
        if (m != "e5x") {
            EXPECT_EQ(engine_captures(pos, m), Set{}) << m;
        }
}

TEST(WreckageRules, X17_NoDetonationWhenOnlyNinjasAreAdjacent) {
    const Position pos = load("9k/10/10/10/3j1j4/4X5/3B6/10/10/K9 w - - - 0 1");
    EXPECT_EQ(wref::engine_lans(pos).count("e5x"), 0u);
    EXPECT_EQ(wref::ref_lans_from(pos, "e5").count("e5x"), 0u);
    EXPECT_MODEL_AGREES(pos);
    // A Black Detonator on d3: the Pawn c4 and the Rook d2 go; not the Ninja e2,
    // not its own Rook d4.
    const Position black = load("9k/10/10/10/10/10/2Pr6/3x1J4/3RJ5/K9 b - - - 0 1");
    EXPECT_EQ(engine_captures(black, "d3x"), (Set{"c4", "d2"}));
    EXPECT_EQ(fen_after(black, "d3x"), "9k/10/10/10/10/10/3r6/3x1J4/4J5/K9 w - - - 0 2");
}

// ------------------------------------------------------------------

TEST(WreckageRules, X18_GuillotineEveryMode) {
    // From e5: N  e6 empty, Rook e7, e8 empty -> slide e6, (c) e7, (b) e8: both modes.
    //          NE f6 g7 empty, Bishop h8, i9 empty -> slides, (b) fly-over to i9.
    //          E  Pawn f5 + Wazir-Knight g5 -> (d) double capture on g5, no further.
    //          SE own Pawn f4, g3 empty -> (e) friendly jump to g3, no further.
    //          S  own Pawn e4, Queen e3 -> (c) over a friend.
    //          SW Pawn d4, c3 empty -> (b) with k = 1, no further.
    //          W  all empty -> slides to a5.
    //          NW d6 empty, Rook c7, Bishop b8 -> slide d6, (c) c7; no fly-over (b8 taken).
    const Position pos = load("k9/10/1b5b2/2r1r5/10/4Gpw3/3pPP4/4q5/10/9K w - - - 0 1");
    EXPECT_PIECE_MOVES(pos, "e5", "e5e6", "e5e7", "e5e8", "e5f6", "e5g7", "e5i9", "e5g5", "e5g3",
                       "e5e3", "e5c3", "e5d5", "e5c5", "e5b5", "e5a5", "e5d6", "e5c7");
    EXPECT_EQ(engine_captures(pos, "e5e7"), Set{"e7"});
    EXPECT_EQ(engine_captures(pos, "e5e8"), Set{"e7"});
    EXPECT_EQ(engine_captures(pos, "e5i9"), Set{"h8"});
    EXPECT_EQ(engine_captures(pos, "e5g5"), (Set{"f5", "g5"}));
    EXPECT_EQ(engine_captures(pos, "e5e3"), Set{"e3"});
    EXPECT_EQ(engine_captures(pos, "e5c3"), Set{"d4"});
    EXPECT_EQ(engine_captures(pos, "e5c7"), Set{"c7"});
    for (const char* m : {"e5e6", "e5g7", "e5g3", "e5a5", "e5d6"})
        EXPECT_EQ(engine_captures(pos, m), Set{}) << m;
    EXPECT_EQ(fen_after(pos, "e5g5"), "k9/10/1b5b2/2r1r5/10/6G3/3pPP4/4q5/10/9K b - - - 0 1");
    EXPECT_EQ(fen_after(pos, "e5e8"), "k9/10/1b2G2b2/2r7/10/5pw3/3pPP4/4q5/10/9K b - - - 0 1");
    EXPECT_EQ(fen_after(pos, "e5e7"), "k9/10/1b5b2/2r1G5/10/5pw3/3pPP4/4q5/10/9K b - - - 0 1");
    EXPECT_EQ(fen_after(pos, "e5e3"), "k9/10/1b5b2/2r1r5/10/5pw3/3pPP4/4G5/10/9K b - - - 0 1");
    EXPECT_EQ(fen_after(pos, "e5c3"), "k9/10/1b5b2/2r1r5/10/5pw3/4PP4/2G1q5/10/9K b - - - 0 1");
    EXPECT_EQ(fen_after(pos, "e5g3"), "k9/10/1b5b2/2r1r5/10/5pw3/3pPP4/4q1G3/10/9K b - - - 1 1");
}

TEST(WreckageRules, X18_GuillotineBlockedCases) {
    // From e5: N  enemy e6 then own e7: no move at all;
    //          E  own f5 then own g5: no move at all;
    //          S  enemy e4 then enemy e3: only the double capture on e3;
    //          W  enemy d5 then empty c5: only the jump to c5;
    //          NE empty up to the black King on j10, nothing beyond it: slides only.
    const Position pos = load(make_fen({{"e5", 'G'},
                                        {"e6", 'r'},
                                        {"e7", 'B'},
                                        {"f5", 'P'},
                                        {"g5", 'W'},
                                        {"e4", 'p'},
                                        {"e3", 'f'},
                                        {"d5", 'b'},
                                        {"a1", 'K'},
                                        {"j10", 'k'}}));
    EXPECT_PIECE_MOVES(pos, "e5", "e5e3", "e5c5", "e5f6", "e5g7", "e5h8", "e5i9", "e5f4", "e5g3",
                       "e5h2", "e5i1", "e5d4", "e5c3", "e5b2", "e5d6", "e5c7", "e5b8", "e5a9");
    EXPECT_EQ(engine_captures(pos, "e5e3"), (Set{"e3", "e4"}));
    EXPECT_EQ(engine_captures(pos, "e5c5"), Set{"d5"});
}

// a King and a Guillotine, Black to move; is Black in check?
bool checked(std::initializer_list<std::pair<const char*, char>> pieces) {
    const Position pos = load(make_fen(pieces, false));
    const bool model = wref::in_check(wref::from_engine(pos));
    EXPECT_EQ(pos.in_check(), model) << pos.fen();
    return pos.in_check();
}

TEST(WreckageRules, X19_GuillotineCheckAdjacentKing) {
    EXPECT_TRUE(checked({{"e5", 'G'}, {"e6", 'k'}, {"j1", 'K'}}));  // beyond empty
    EXPECT_TRUE(
        checked({{"e5", 'G'}, {"e6", 'k'}, {"e7", 'b'}, {"j1", 'K'}}));  // King's own side beyond
    EXPECT_FALSE(
        checked({{"e5", 'G'}, {"e6", 'k'}, {"e7", 'B'}, {"j1", 'K'}}));  // Guillotine's side beyond
    EXPECT_FALSE(checked({{"e9", 'G'}, {"e10", 'k'}, {"j1", 'K'}}));     // off the board beyond
    EXPECT_FALSE(checked({{"i9", 'G'}, {"j10", 'k'}, {"a1", 'K'}}));     // diagonal, off the board
    EXPECT_TRUE(checked(
        {{"d6", 'G'}, {"e7", 'k'}, {"f8", 'p'}, {"j1", 'K'}}));  // diagonal, own pawn beyond
}

TEST(WreckageRules, X19_GuillotineCheckAtDistanceTwoAndBeyond) {
    EXPECT_TRUE(checked({{"e5", 'G'}, {"e7", 'k'}, {"j1", 'K'}}));
    EXPECT_TRUE(checked({{"e5", 'G'},
                         {"e6", 'r'},
                         {"e7", 'k'},
                         {"e8", 'B'},
                         {"j1", 'K'}}));  // whatever stands around
    EXPECT_TRUE(checked({{"e5", 'G'}, {"e6", 'P'}, {"e7", 'k'}, {"j1", 'K'}}));
    EXPECT_TRUE(checked({{"e2", 'G'}, {"e7", 'k'}, {"j1", 'K'}}));  // far, clear, beyond empty
    EXPECT_FALSE(checked({{"e2", 'G'}, {"e7", 'k'}, {"e8", 'p'}, {"j1", 'K'}}));  // beyond occupied
    EXPECT_FALSE(checked({{"e2", 'G'}, {"e7", 'k'}, {"e8", 'B'}, {"j1", 'K'}}));
    EXPECT_FALSE(checked({{"e2", 'G'}, {"e4", 'p'}, {"e7", 'k'}, {"j1", 'K'}}));  // line blocked
    EXPECT_FALSE(checked({{"e1", 'G'}, {"e10", 'k'}, {"j1", 'K'}}));  // far, beyond off board
    EXPECT_TRUE(checked({{"a2", 'G'}, {"g8", 'k'}, {"j1", 'K'}}));    // far diagonal
}

TEST(WreckageRules, X19_DistanceTwoCheckCannotBeBlocked) {
    // Black k f2, White G f4: e3, f3, g3 are adjacent with empty squares beyond;
    // e1, e2, f1, g1, g2 are on no line through f4 (f1: beyond is off the board).
    // The Rook a3 could reach f3, which would not help.
    const Position pos = load("9K/10/10/10/10/10/5G4/r9/5k4/10 b - - - 0 1");
    EXPECT_TRUE(pos.in_check());
    EXPECT_EQ(wref::engine_lans(pos), (Set{"f2e1", "f2e2", "f2f1", "f2g1", "f2g2"}));
    EXPECT_MODEL_AGREES(pos);
}

}  // namespace
}  // namespace chimera
