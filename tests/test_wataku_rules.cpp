// Wataku Genesis rules W-1 ... W-17 (shared/spec/wataku.md): board, pieces, groups,
// activity, dormancy, every piece's actions and the Traverse. Each position is built
// by hand; the expected action lists are literal, worked out from the rule text (the
// reasoning is in the comments) and checked against both the engine and the slow
// model of wataku_reference.h. Deployment, check, legality and the end of the game
// (W-18 ... W-27) are in test_wataku_play.cpp; formations and notation (W-5, W-28,
// W-29) in test_wataku_notation.cpp.
#include <gtest/gtest.h>

#include <string>

#include "variants/wataku/position.h"
#include "wataku_reference.h"

namespace chimera {
namespace {

using refw::make_fen;
using wataku::Position;
using wtest::engine_active;
using wtest::expect_piece_actions;
using wtest::load;
using wtest::Names;
using wtest::play;
using wtest::ref_active;

// Activity of every square (W-7), engine and model against a literal list of squares.
void expect_active(const std::string& fen, const Names& expected) {
    EXPECT_EQ(ref_active(fen), expected) << "model, " << fen;
    Position pos;
    if (!wtest::loaded(pos, fen)) return;
    EXPECT_EQ(engine_active(pos), expected) << "engine, " << fen;
}

// ---------------------------------------------------------------- W-1 board

TEST(WatakuRules, W1_SquareNamesCoverFilesAToIAndRanks1To9) {
    EXPECT_EQ(Position::square_name(wataku::make_square(0, 0)), "a1");
    EXPECT_EQ(Position::square_name(wataku::make_square(8, 0)), "i1");
    EXPECT_EQ(Position::square_name(wataku::make_square(0, 8)), "a9");
    EXPECT_EQ(Position::square_name(wataku::make_square(8, 8)), "i9");
    EXPECT_EQ(Position::square_name(wataku::make_square(4, 4)), "e5");
}

// A Rook in the middle of an empty 9x9 board reaches 4 squares each way: the
// board runs to file i and rank 9. King d4 (touching, so the Rook is active)
// stands on no line of e5; the other Kings neither.
TEST(WatakuRules, W1_RookInTheCentreSeesFourSquaresEachWay) {
    expect_piece_actions(make_fen({"Kd4", "Ka9", "Re5", "ki1", "ki9"}), "e5",
                         {"e5e6", "e5e7", "e5e8", "e5e9", "e5e4", "e5e3", "e5e2", "e5e1", "e5f5",
                          "e5g5", "e5h5", "e5i5", "e5d5", "e5c5", "e5b5", "e5a5"});
}

// ---------------------------------------------------------------- W-2 letters

TEST(WatakuRules, W2_LettersNameKindAndColour) {
    const std::string fen = "kkqrbnpt1/9/9/9/9/9/9/9/KKQRBNPT1 w - 1";
    Position pos;
    load(pos, fen);
    const std::string letters = "KKQRBNPT";
    const wataku::PieceType types[] = {wataku::KING, wataku::KING,   wataku::QUEEN,
                                       wataku::ROOK, wataku::BISHOP, wataku::KNIGHT,
                                       wataku::PAWN, wataku::TURTLE};
    for (int f = 0; f < 8; ++f) {
        const wataku::Piece w = pos.piece_on(wataku::make_square(f, 0));
        const wataku::Piece b = pos.piece_on(wataku::make_square(f, 8));
        EXPECT_EQ(wataku::type_of(w), types[f]) << letters[static_cast<std::size_t>(f)];
        EXPECT_EQ(wataku::color_of(w), WHITE);
        EXPECT_EQ(wataku::type_of(b), types[f]);
        EXPECT_EQ(wataku::color_of(b), BLACK);
    }
    EXPECT_EQ(pos.fen(), fen);
    for (const char* bad : {"kk7/9/9/9/9/9/9/9/KKX6 w - 1", "kk7/9/9/9/9/9/9/9/KKA6 w - 1",
                            "kk7/9/9/9/9/9/9/9/KKx6 w - 1", "kk7/9/9/9/9/9/9/9/KK0P6 w - 1"})
        EXPECT_FALSE(pos.set_fen(bad).is_ok()) << bad;
}

// ---------------------------------------------------------------- W-3 army

TEST(WatakuRules, W3_ArmyLimitsCountTheBoardAndTheReserve) {
    Position pos;
    // Formation 1 holds each army exactly (8 placed + 9 in reserve).
    EXPECT_TRUE(
        pos.set_fen("9/3ktk3/2nptpn2/9/9/9/2NPTPN2/3KTK3/9 w QRRBBPPTTqrrbbpptt 1").is_ok());
    for (const char* bad : {
             // a second Queen in White's reserve
             "9/3ktk3/2nptpn2/9/9/9/2NPTPN2/3KTK3/9 w QQRRBBPPTTqrrbbpptt 1",
             // a third Knight on the board (a5)
             "9/3ktk3/2nptpn2/9/N8/9/2NPTPN2/3KTK3/9 w QRRBBPPTTqrrbbpptt 1",
             // a third Knight in reserve
             "9/3ktk3/2nptpn2/9/9/9/2NPTPN2/3KTK3/9 w QRRBBNPPTTqrrbbpptt 1",
             // five Pawns: two placed, three in reserve
             "9/3ktk3/2nptpn2/9/9/9/2NPTPN2/3KTK3/9 w QRRBBPPPTTqrrbbpptt 1",
             // five Turtles for Black
             "9/3ktk3/2nptpn2/9/9/9/2NPTPN2/3KTK3/9 w QRRBBPPTTqrrbbppttt 1",
             // three Rooks for Black, one of them on the board (a5)
             "9/3ktk3/2nptpn2/9/r8/9/2NPTPN2/3KTK3/9 w QRRBBPPTTqrrbbpptt 1",
         })
        EXPECT_FALSE(pos.set_fen(bad).is_ok()) << bad;
    // Fewer pieces than the army is fine.
    EXPECT_TRUE(pos.set_fen("9/3ktk3/2nptpn2/9/9/9/2NPTPN2/3KTK3/9 w - 1").is_ok());
    EXPECT_TRUE(pos.set_fen("9/3k1k3/9/9/9/9/9/3K1K3/9 b Qq 1").is_ok());
}

// ---------------------------------------------------------------- W-4, W-6, W-7 groups

// King e5 touches d6, f4 (diagonal) and e6 (orthogonal): active. Rook c3 and
// Bishop g7 are two steps from every White piece: dormant. King a5 is square 36;
// i3, i4, i5 are squares 26, 35, 44 (the wrap-around neighbours of a 9-wide
// numbering) but on the far edge: they touch only each other, dormant. The same
// on Black's side: King i2 touches h3 but not a2, a3, a4.
TEST(WatakuRules, W4_TouchIsTheEightNeighboursWithoutWrappingAroundTheEdge) {
    expect_active(make_fen({"Ke5", "Ka5", "Td6", "Tf4", "Pe6", "Rc3", "Bg7", "Pi3", "Pi4", "Bi5",
                            "ki2", "ki9", "nh3", "pa2", "pa3", "ta4"}),
                  {"e5", "a5", "d6", "f4", "e6", "i2", "i9", "h3"});
}

// The corners i9 and a9 are eight files apart: a piece on a9 touches only a8, b8
// and b9. White's Rook a9 is therefore dormant although a White King stands on i9,
// so it attacks nothing along rank 9: Black King e9 is not in check, the FEN is
// valid with either side to move, and the Rook has no action.
TEST(WatakuRules, W4_CornerI9DoesNotTouchCornerA9) {
    const std::string black = make_fen({"Ki9", "Ka1", "Ra9", "ke9", "kc5"}, 'b');
    expect_active(black, {"i9", "a1", "e9", "c5"});
    Position pos;
    load(pos, black);
    EXPECT_FALSE(pos.in_check());
    EXPECT_FALSE(refw::in_check(refw::parse_fen(black), false));
    const std::string white = make_fen({"Ki9", "Ka1", "Ra9", "ke9", "kc5"});
    expect_piece_actions(white, "a9", {});
}

// Turtle b2 links Knight c3 and Pawn d3 to King a1 (W-6: all kinds connect).
// Rook f3 is two files from d3; the Black Pawn e3 between touches both but enemy
// pieces never connect: f3 is dormant. Black Rook e7 is active through Turtle e8.
TEST(WatakuRules, W6_GroupsConnectThroughEveryKindButNeverThroughTheEnemy) {
    expect_active(
        make_fen({"Ka1", "Ki1", "Tb2", "Nc3", "Pd3", "Rf3", "ke9", "ka9", "te8", "re7", "pe3"}),
        {"a1", "i1", "b2", "c3", "d3", "e9", "a9", "e8", "e7"});
}

// W-7: activity follows the placement after every action. The Knight c3 leaps to
// e2; then d3, e2, f3 form a group without a King and fall dormant; the lone
// King i1 stays active. Undoing the move restores the old activity.
TEST(WatakuRules, W7_ActivityIsRecomputedAfterEveryAction) {
    const std::string fen =
        make_fen({"Ka1", "Ki1", "Tb2", "Nc3", "Pd3", "Rf3", "ke9", "ka9", "te8", "re7", "pe3"});
    Position pos;
    load(pos, fen);
    const Move m = wtest::find(pos, "c3e2");
    ASSERT_FALSE(m.is_none());
    pos.do_move(m);
    const Names after{"a1", "i1", "b2", "e9", "a9", "e8", "e7"};
    EXPECT_EQ(engine_active(pos), after);
    EXPECT_EQ(ref_active(pos.fen()), after);
    EXPECT_EQ(pos.fen(), make_fen({"Ka1", "Ki1", "Tb2", "Ne2", "Pd3", "Rf3", "ke9", "ka9", "te8",
                                   "re7", "pe3"},
                                  'b'));
    EXPECT_TRUE(pos.is_consistent());
    pos.undo_move(m);
    EXPECT_EQ(pos.fen(), fen);
    EXPECT_EQ(engine_active(pos), (Names{"a1", "i1", "b2", "c3", "d3", "e9", "a9", "e8", "e7"}));
}

// ---------------------------------------------------------------- W-8 dormancy

// Queen a2 touches King a1: active. Rook e5 and Turtle e2 touch no White piece:
// dormant, so they have no action at all, yet e2 stops the Queen on rank 2. The
// Black Knight a6 is dormant too and is captured. Queen: north a3 a4 a5 a6x,
// east b2 c2 d2 (e2 blocks), north-east b3 ... h9 (next to King g9/i9 is allowed
// for a Queen), south and south-east own Kings, the rest off the board; no
// Traverse (her only friendly neighbours are Kings).
TEST(WatakuRules, W8_DormantPiecesCannotMoveButStillBlock) {
    const std::string fen = make_fen({"Ka1", "Kb1", "Qa2", "Re5", "Te2", "ki9", "kg9", "na6"});
    expect_piece_actions(fen, "a2",
                         {"a2a3", "a2a4", "a2a5", "a2a6", "a2b2", "a2c2", "a2d2", "a2b3", "a2c4",
                          "a2d5", "a2e6", "a2f7", "a2g8", "a2h9"});
    expect_piece_actions(fen, "e5", {});
    expect_piece_actions(fen, "e2", {});
    expect_active(fen, {"a1", "b1", "a2", "i9", "g9"});
}

// The Black Rook e9 "protects" the Knight e6 down the file, but it touches no
// Black piece: dormant, so it attacks nothing and King e5 may take e6 (W-8). The
// dormant Knight itself attacks nothing either (d4, f4 are free). No square is
// next to a Black King (a9, i1): all 8 steps.
TEST(WatakuRules, W8_PieceProtectedOnlyByDormantPiecesCanBeTakenByAKing) {
    expect_piece_actions(make_fen({"Ke5", "Ka1", "ne6", "re9", "ka9", "ki1"}), "e5",
                         {"e5d4", "e5d5", "e5d6", "e5e4", "e5e6", "e5f4", "e5f5", "e5f6"});
}

// Same, with Black King f9 touching the Rook: now it is active and guards e6
// (e7, e8 empty), so e5e6 would leave the King in check (W-22). The Knight is
// still dormant (no Black neighbour), so d4 and f4 stay free.
TEST(WatakuRules, W8_PieceProtectedByAnActivePieceCannotBeTakenByAKing) {
    expect_piece_actions(make_fen({"Ke5", "Ka1", "ne6", "re9", "kf9", "ki1"}), "e5",
                         {"e5d4", "e5d5", "e5d6", "e5e4", "e5f4", "e5f5", "e5f6"});
}

// ---------------------------------------------------------------- W-9 King

// King e5 next to its own King d4 (allowed) and an own Turtle e4. d6 Turtle: no
// capture; d5 Pawn, e6 Knight: captures (both dormant, far from the Black Kings);
// f5, f6 touch Black King g6: banned; f4 free; d4, e4 own. e4 with e3 empty
// behind would be a Traverse for any other piece, never for a King.
TEST(WatakuRules, W9_KingStepsCapturesAndNeverTouchesAnEnemyKing) {
    expect_piece_actions(make_fen({"Ke5", "Kd4", "Te4", "kg6", "ka9", "td6", "ne6", "pd5"}), "e5",
                         {"e5d5", "e5e6", "e5f4"});
}

// Black to move. Black Kings c7 and b8 touch each other (allowed). c7's
// neighbours: b6 c6 d6 touch White King c5 (banned); b7 c8 d7 d8 are free; b8
// holds the own King.
TEST(WatakuRules, W9_KingsMayTouchEachOtherButNeverAnEnemyKing) {
    expect_piece_actions(make_fen({"Kc5", "Ki1", "kc7", "kb8"}, 'b'), "c7",
                         {"c7b7", "c7c8", "c7d7", "c7d8"});
}

// ---------------------------------------------------------------- W-10 ... W-12 sliders

// Queen e5, King d4 (touching). North e6 (own dormant Pawn e7 blocks); south e4
// ... e1; east f5 ... i5; west d5 (Black Turtle c5 is immune); north-east f6 g7x
// (dormant Knight); south-east f4 g3 h2x (Pawn h2, active through King h1);
// south-west own King; north-west d6 c7 b8 a9. No Traverse: no friendly non-King
// neighbour.
const std::string kSliderFen =
    make_fen({"Kd4", "Ka1", "Xe5", "Pe7", "kb9", "kh1", "ng7", "tc5", "ph2"});

std::string with_slider(char piece) {
    std::string fen = kSliderFen;
    fen[fen.find('X')] = piece;
    return fen;
}

TEST(WatakuRules, W10_QueenSlidesTheEightLinesAndCapturesTheFirstEnemy) {
    expect_piece_actions(
        with_slider('Q'), "e5",
        {"e5e6", "e5e4", "e5e3", "e5e2", "e5e1", "e5f5", "e5g5", "e5h5", "e5i5", "e5d5", "e5f6",
         "e5g7", "e5f4", "e5g3", "e5h2", "e5d6", "e5c7", "e5b8", "e5a9"});
}

TEST(WatakuRules, W11_RookSlidesTheFourOrthogonalLines) {
    expect_piece_actions(
        with_slider('R'), "e5",
        {"e5e6", "e5e4", "e5e3", "e5e2", "e5e1", "e5f5", "e5g5", "e5h5", "e5i5", "e5d5"});
}

TEST(WatakuRules, W12_BishopSlidesTheFourDiagonalsAndCannotJump) {
    expect_piece_actions(with_slider('B'), "e5",
                         {"e5f6", "e5g7", "e5f4", "e5g3", "e5h2", "e5d6", "e5c7", "e5b8", "e5a9"});
}

// ---------------------------------------------------------------- W-13 Knight

// Knight e5 (King d4 touching) jumps over Turtle e6 and Pawn f5: d7 empty, f7x,
// g6 Turtle (immune), g4 own Pawn, f3 empty, d3x, c4 empty, c6x. Plus the
// Traverse north over Turtle e6 to e7. All Black pieces here are dormant.
TEST(WatakuRules, W13_KnightLeapsOverPiecesAndCannotTakeTurtles) {
    expect_piece_actions(make_fen({"Kd4", "Ka1", "Ne5", "Te6", "Pg4", "ka9", "ki9", "nf7", "tg6",
                                   "pd3", "rc6", "pf5"}),
                         "e5", {"e5d7", "e5f7", "e5f3", "e5d3", "e5c4", "e5c6", "e5e7"});
}

// ---------------------------------------------------------------- W-14 Pawn

// Pawn e5 (King d4 touching): steps e6, e4, d5; f5 holds a Knight, and Pawns
// never capture straight. Captures f6 (Bishop) and f4 (Pawn) diagonally, not d6
// (Turtle). The Black group f4-f5-f6 has no King: dormant, so nothing attacks.
TEST(WatakuRules, W14_PawnStepsOrthogonallyAndCapturesDiagonally) {
    expect_piece_actions(make_fen({"Kd4", "Ka1", "Pe5", "ka9", "ki9", "nf5", "bf6", "td6", "pf4"}),
                         "e5", {"e5e6", "e5e4", "e5d5", "e5f6", "e5f4"});
}

// There is no forward: a Black Pawn steps all four ways and captures on all four
// diagonals; no promotion on rank 1, no double step. Black Pawn e2 (King d3
// touching): steps e3, e1, f2, not d2 (a White Knight: no straight capture);
// captures Bishop d1, Rook f1, Pawn f3; d3 is its own King. The White pieces
// touch no White King (a9, c9): dormant, nothing attacks.
TEST(WatakuRules, W14_PawnHasNoForwardDirectionAndNoPromotion) {
    expect_piece_actions(
        make_fen({"Ka9", "Kc9", "Nd2", "Bd1", "Rf1", "Pf3", "kd3", "ki9", "pe2"}, 'b'), "e2",
        {"e2e3", "e2e1", "e2f2", "e2d1", "e2f1", "e2f3"});
}

// ---------------------------------------------------------------- W-15 Turtle

// Turtle e5 (King d4): e6 and e4 free; f5 Black Pawn (Turtles never capture);
// d5 own Knight. Traverses: west over d5 to c5; north-east over f6, g7 to h8.
TEST(WatakuRules, W15_TurtleStepsOrthogonallyAndNeverCaptures) {
    expect_piece_actions(make_fen({"Kd4", "Ka1", "Te5", "Nd5", "Pf6", "Pg7", "ka9", "ki1", "pf5"}),
                         "e5", {"e5e6", "e5e4", "e5c5", "e5h8"});
}

// The White Turtle e5 (dormant or not, it does not matter) can never be taken.
// Black Queen e9 (active via King f8): e8 e7 e6 then the Turtle stops her; west
// d9 ... a9, east f9 ... i9, south-west d8 ... a5; south-east own King. Knight
// c4 (active via King c3): every leap but e5, plus the Traverse over d4 to e4.
// Pawn d4: d5, d3, e4 and the Traverse over c4 to b4; no capture of e5.
TEST(WatakuRules, W15_TurtleCanNeverBeCaptured) {
    const std::string fen = make_fen({"Ki1", "Kh1", "Te5", "kf8", "kc3", "qe9", "nc4", "pd4"}, 'b');
    expect_piece_actions(fen, "e9",
                         {"e9e8", "e9e7", "e9e6", "e9d9", "e9c9", "e9b9", "e9a9", "e9f9", "e9g9",
                          "e9h9", "e9i9", "e9d8", "e9c7", "e9b6", "e9a5"});
    expect_piece_actions(fen, "c4",
                         {"c4d6", "c4e3", "c4d2", "c4b2", "c4a3", "c4a5", "c4b6", "c4e4"});
    expect_piece_actions(fen, "d4", {"d4d5", "d4d3", "d4e4", "d4b4"});
}

// ---------------------------------------------------------------- W-16 Kings are never taken

// White King d7 holds Pawn e8 and Turtle d8 next to Black King e9. The Pawn does
// not take the King (straight, and a King) and the Turtle never captures; both
// may stand and step next to the enemy King. Pawn: e7, f8, Traverse over d8 to
// c8. Turtle: d9, c8, Traverse over e8 to f8.
TEST(WatakuRules, W16_NothingCapturesAKing) {
    const std::string fen = make_fen({"Kd7", "Ka1", "Pe8", "Td8", "ke9", "ki1"});
    expect_piece_actions(fen, "e8", {"e8e7", "e8f8", "e8c8"});
    expect_piece_actions(fen, "d8", {"d8d9", "d8c8", "d8f8"});
}

// ---------------------------------------------------------------- W-17 Traverse

// Turtle e5 in a crowd (Kings d4, e3). North: Pawn e6, Knight e7, then e8 empty:
// lands e8. North-east: Pawn f6, then g7: lands g7. East: Turtle f5 then a Black
// Pawn: no. South: Rook e4 then King e3: no. South-west: own King d4: no. West:
// Queen d5, Bishops c5 b5, Pawn a5, then the edge: no. North-west: Turtle d6,
// then Black King c7: no. No ordinary step (all four neighbours are occupied).
const std::string kCrowdFen = make_fen({"Kd4", "Ke3", "Te5", "Pe6", "Ne7", "Tf5", "Re4", "Qd5",
                                        "Bc5", "Bb5", "Pa5", "Pf6", "Td6", "kc7", "ki1", "pg5"});

TEST(WatakuRules, W17_TraverseStopsAtEnemyKingOrEdge) {
    expect_piece_actions(kCrowdFen, "e5", {"e5e8", "e5g7"});
}

// Queen d5 in the same crowd: slides only north-west (c6 b7 a8) and south-west
// (c4 b3 a2); Traverses north over d6 to d7, north-east over e6 to f7, south-east
// over e4 to f3; east (Turtles e5 f5, then an enemy) and west (to the edge) fail.
TEST(WatakuRules, W17_QueenTraversesInsteadOfItsOrdinaryMove) {
    expect_piece_actions(kCrowdFen, "d5",
                         {"d5c6", "d5b7", "d5a8", "d5c4", "d5b3", "d5a2", "d5d7", "d5f7", "d5f3"});
}

// Pawn f6: steps f7, g6; captures g5 (dormant Pawn); Traverses north-west over
// e7 to d8, west over e6, d6 to c6, south over f5 to f4; south-west runs into
// King d4 through e5.
TEST(WatakuRules, W17_PawnsTraverseInAnyOfTheEightDirections) {
    expect_piece_actions(kCrowdFen, "f6", {"f6f7", "f6g6", "f6g5", "f6d8", "f6c6", "f6f4"});
}

// No length limit: Turtle a5 over the seven pieces b5 ... h5 to i5.
TEST(WatakuRules, W17_TraverseHasNoLengthLimit) {
    expect_piece_actions(make_fen({"Ka4", "Ke1", "Ta5", "Qb5", "Rc5", "Rd5", "Be5", "Bf5", "Ng5",
                                   "Nh5", "kh1", "kg9"}),
                         "a5", {"a5a6", "a5i5"});
}

// Rook a5 behind its own Turtle b5 and Pawn c5, then Black King d5: no Traverse
// east (a King ends the chain) and no attack through the chain: Black, to move,
// is not in check, and with White to move the FEN is valid.
TEST(WatakuRules, W17_TraverseNeverCapturesOrAttacksThroughTheChain) {
    const std::string w = make_fen({"Ka4", "Ka1", "Ra5", "Tb5", "Pc5", "kd5", "ki9"});
    expect_piece_actions(w, "a5", {"a5a6", "a5a7", "a5a8", "a5a9"});
    const std::string b = make_fen({"Ka4", "Ka1", "Ra5", "Tb5", "Pc5", "kd5", "ki9"}, 'b');
    Position pos;
    load(pos, b);
    EXPECT_FALSE(pos.in_check());
    EXPECT_FALSE(refw::in_check(refw::parse_fen(b), false));
}

// Turtle d1 (King e1) Traverses north-east over Pawn e2 and lands on f3, which
// touches the dormant Knight g4 and through it the Bishop h5: both wake up.
// Turtle d1's other actions: steps d2 and c1 (e1 is a King).
TEST(WatakuRules, W17_TraverseLandingReconnectsADormantGroup) {
    const std::string fen = make_fen({"Ke1", "Ka9", "Td1", "Pe2", "Ng4", "Bh5", "ki9", "ke9"});
    expect_piece_actions(fen, "d1", {"d1d2", "d1c1", "d1f3"});
    Position pos;
    load(pos, fen);
    EXPECT_EQ(engine_active(pos), (Names{"e1", "a9", "d1", "e2", "i9", "e9"}));
    play(pos, "d1f3");
    const Names after{"e1", "a9", "e2", "f3", "g4", "h5", "i9", "e9"};
    EXPECT_EQ(engine_active(pos), after);
    EXPECT_EQ(ref_active(pos.fen()), after);
    EXPECT_FALSE(pos.in_check());  // the woken pieces reach no Black King
}

}  // namespace
}  // namespace chimera
