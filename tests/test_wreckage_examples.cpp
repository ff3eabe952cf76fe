// The worked examples of shared/spec/wreckage.md, rebuilt on the 10x10 board:
// the mate-in-2 commentary and the Flying Guillotine diagram commentary. The
// source diagrams are not available, so each position below is a construction
// that contains every fact the commentary states; expectations are by hand.
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

using Set = std::set<std::string>;

int square_at(const char* name) { return wref::parse_sq(name); }

Position play(const std::string& fen, std::initializer_list<const char*> moves) {
    Position pos = load(fen);
    for (const char* m : moves) {
        const Move mv = wref::find(pos, m);
        EXPECT_FALSE(mv.is_none()) << m << " in " << pos.fen();
        if (mv.is_none()) break;
        pos.do_move(mv);
    }
    return pos;
}

// White: K a1, R f1, Dragon c7, Detonator e8, Guillotine a9.
// Black: K f10, Rook j10, Pawns e9 g9, Bishop f8; no hand.
constexpr const char* kMateInTwo = "5k3r/G3p1p3/4Xb4/2D7/10/10/10/10/10/K4R4 w - - - 0 1";

TEST(WreckageExamples, MateInTwo_GuillotineOnA10ChecksByFlyOverToG10) {
    const Position before = load(kMateInTwo);
    EXPECT_FALSE(wref::in_check(wref::from_engine(before)));
    const Position pos = play(kMateInTwo, {"a9a10"});
    // b10-e10 empty, g10 empty: the Guillotine would fly over f10 to g10.
    EXPECT_TRUE(pos.in_check());
    EXPECT_TRUE(pos.attacked_by(WHITE, square_at("f10"), pos.pieces()));
    // e10 and g10 stay on the Guillotine's line with an empty square beyond, f9 is
    // next to the Detonator, e9/g9 are Black's own: the only defence closes g10.
    EXPECT_EQ(wref::engine_lans(pos), Set{"j10g10"});
    EXPECT_MODEL_AGREES(pos);
}

TEST(WreckageExamples, MateInTwo_RookOnG10BlocksTheFlyOver) {
    const Position pos = play(kMateInTwo, {"a9a10", "j10g10"});
    EXPECT_FALSE(pos.attacked_by(WHITE, square_at("f10"), pos.pieces()));
    EXPECT_FALSE(wref::attacked(wref::from_engine(pos), true, square_at("f10")));
}

TEST(WreckageExamples, MateInTwo_DetonationOpensRookAndDragon) {
    const Position before = play(kMateInTwo, {"a9a10", "j10g10"});
    EXPECT_EQ(engine_captures(before, "e8x"), (Set{"e9", "f8"}));
    const Position pos = play(kMateInTwo, {"a9a10", "j10g10", "e8x"});
    EXPECT_EQ(pos.fen(), "G4kr3/6p3/4X5/2D7/10/10/10/10/10/K4R4 b - - - 0 2");
    // Double check: Rook f1 up the f-file, Dragon c7 approaching to e9.
    EXPECT_TRUE(pos.in_check());
    EXPECT_EQ(wref::engine_lans(pos), Set{});
    EXPECT_EQ(pos.outcome(), Outcome::CHECKMATE);
    EXPECT_MODEL_AGREES(pos);
    // Either attacker alone is enough.
    EXPECT_TRUE(load("G4kr3/6p3/4X5/10/10/10/10/10/10/K4R4 b - - - 0 2").in_check());
    EXPECT_TRUE(load("G4kr3/6p3/4X5/2D7/10/10/10/10/10/K9 b - - - 0 2").in_check());
}

TEST(WreckageExamples, MateInTwo_GuillotineOnD10MatesWhateverStandsOnG10) {
    const Position pos = play(kMateInTwo, {"a9a10", "j10g10", "a10d10"});
    EXPECT_TRUE(pos.in_check());  // distance two, g10 taken
    EXPECT_EQ(pos.outcome(), Outcome::CHECKMATE);
    EXPECT_MODEL_AGREES(pos);
    // e10 would be next to the Guillotine with the empty f10 beyond it.
    EXPECT_TRUE(
        pos.attacked_by(WHITE, square_at("e10"), pos.pieces() & ~wreckage::bb(square_at("f10"))));
}

TEST(WreckageExamples, MateInTwo_KingMayNotStepNextToTheDetonator) {
    const Position pos = load("5k3r/G3p1p3/4Xb4/2D7/10/10/10/10/10/K4R4 b - - - 0 1");
    EXPECT_PIECE_MOVES(pos, "f10", "f10e10", "f10g10");  // not f9
}

// The Guillotine diagram: White G f4 and Pawn e4; Black Ferz-Knight c7, Bishops
// f7 and d4, Pawns g4 and d2, Rook h4, Wazir-Knight f1. The Kings are moved to
// a10 / j10, away from every line of the Guillotine.
constexpr const char* kDiagram = "K8k/10/10/2f2b4/10/10/3bPGpr2/10/3p6/5w4 w - - - 0 1";

TEST(WreckageExamples, GuillotineDiagram_MovesFromF4) {
    const Position pos = load(kDiagram);
    // N: f5 f6, over f7 to f8.  NE: g5 h6 i7 j8.  E: g4+h4 on h4, not beyond.
    // SE: g3 h2 i1.  S: f3 f2 (f1 not attacked: no square beyond, distance 3).
    // SW: e3, d2 by replacement, over d2 to c1.  W: over its own e4 onto d4, not beyond.
    // NW: e5 d6, over c7 to b8.
    EXPECT_PIECE_MOVES(pos, "f4", "f4f5", "f4f6", "f4f8", "f4g5", "f4h6", "f4i7", "f4j8", "f4h4",
                       "f4g3", "f4h2", "f4i1", "f4f3", "f4f2", "f4e3", "f4d2", "f4c1", "f4d4",
                       "f4e5", "f4d6", "f4b8");
    EXPECT_EQ(engine_captures(pos, "f4b8"), Set{"c7"});
    EXPECT_EQ(engine_captures(pos, "f4f8"), Set{"f7"});
    EXPECT_EQ(engine_captures(pos, "f4d4"), Set{"d4"});
    EXPECT_EQ(engine_captures(pos, "f4h4"), (Set{"g4", "h4"}));
    EXPECT_EQ(engine_captures(pos, "f4d2"), Set{"d2"});
    EXPECT_EQ(engine_captures(pos, "f4c1"), Set{"d2"});
    for (const char* quiet : {"f4f6", "f4e3", "f4f2", "f4e5", "f4d6", "f4i1", "f4j8"}) {
        EXPECT_EQ(engine_captures(pos, quiet), Set{}) << quiet;
    }
    EXPECT_EQ(fen_after(pos, "f4b8"), "K8k/10/1G8/5b4/10/10/3bP1pr2/10/3p6/5w4 b - - - 0 1");
    EXPECT_EQ(fen_after(pos, "f4f8"), "K8k/10/5G4/2f7/10/10/3bP1pr2/10/3p6/5w4 b - - - 0 1");
    EXPECT_EQ(fen_after(pos, "f4d4"), "K8k/10/10/2f2b4/10/10/3GP1pr2/10/3p6/5w4 b - - - 0 1");
    EXPECT_EQ(fen_after(pos, "f4h4"), "K8k/10/10/2f2b4/10/10/3bP2G2/10/3p6/5w4 b - - - 0 1");
    EXPECT_EQ(fen_after(pos, "f4d2"), "K8k/10/10/2f2b4/10/10/3bP1pr2/10/3G6/5w4 b - - - 0 1");
    EXPECT_EQ(fen_after(pos, "f4c1"), "K8k/10/10/2f2b4/10/10/3bP1pr2/10/10/2G2w4 b - - - 0 1");
}

TEST(WreckageExamples, GuillotineDiagram_ChecksTheKingOnF2Uncatchably) {
    // The Black King on f2, two squares below the Guillotine: in check, and no
    // piece can interpose on f3 or take the Guillotine. e3 (beyond it Black's own
    // Pawn d2), f3 and g3 are attacked too; e1, e2, g1, g2 are free.
    const Position pos = load("K9/10/10/2f2b4/10/10/3bPGpr2/10/3p1k4/5w4 b - - - 0 1");
    EXPECT_TRUE(pos.in_check());
    EXPECT_EQ(wref::engine_lans(pos), (Set{"f2e1", "f2e2", "f2g1", "f2g2"}));
    EXPECT_MODEL_AGREES(pos);
    // Once the King has gone, the Wazir-Knight f1 is not attacked: three squares
    // away with no square beyond it.
    const Position after = play("K9/10/10/2f2b4/10/10/3bPGpr2/10/3p1k4/5w4 b - - - 0 1", {"f2g2"});
    EXPECT_FALSE(after.attacked_by(WHITE, square_at("f1"), after.pieces()));
    for (const auto& m : wref::engine_lans_from(after, "f4")) {
        EXPECT_EQ(engine_captures(after, m).count("f1"), 0u) << m;
    }
}

}  // namespace
}  // namespace chimera
