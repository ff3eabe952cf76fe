// Who can still mate, which decides a flag (issue 13 item 7; docs/rules.md,
// "A flag against a side that cannot mate"): a side whose flag falls loses
// unless its opponent could not mate by any series of legal moves (FIDE 6.9),
// which the time-forfeit clauses "as usual" of D-13 (4D chess) and X-24
// (Wreckage) take over; Wataku's W-27 makes every flag a loss. Each variant
// answers only where it is sure; hands count as material.
#include <gtest/gtest.h>

#include "variants/game.h"
#include "variants/registry.h"

namespace chimera {
namespace {

template <class Pos>
Pos at(const char* fen) {
    Pos p;
    EXPECT_TRUE(p.set_fen(fen)) << fen;
    return p;
}

TEST(FlagMaterial, ChessFide69) {
    using P = chess::Position;
    // A bare King cannot mate; King and Queen can.
    EXPECT_FALSE(at<P>("k7/8/8/8/8/8/7q/K7 w - - 0 1").can_mate(WHITE));
    EXPECT_TRUE(at<P>("k7/8/8/8/8/8/7q/K7 w - - 0 1").can_mate(BLACK));
    // One minor piece against a bare King cannot; against any other piece it
    // can (that piece may block its own King's flight: a helpmate).
    EXPECT_FALSE(at<P>("k7/8/8/8/8/8/7n/K7 w - - 0 1").can_mate(BLACK));
    EXPECT_FALSE(at<P>("k7/8/8/8/8/8/7b/K7 w - - 0 1").can_mate(BLACK));
    EXPECT_TRUE(at<P>("k7/8/8/8/8/8/P6n/K7 w - - 0 1").can_mate(BLACK));
    EXPECT_TRUE(at<P>("k7/8/8/8/8/8/6pn/K7 w - - 0 1").can_mate(BLACK));
    EXPECT_TRUE(
        at<P>("k7/8/8/8/8/8/5n1n/K7 w - - 0 1").can_mate(BLACK));  // two Knights: a helpmate exists
    // Only Kings and bishops all on one colour (a2 and d1 are light squares): dead.
    EXPECT_FALSE(at<P>("k7/8/8/8/8/8/b7/K2B4 w - - 0 1").can_mate(WHITE));
    EXPECT_FALSE(at<P>("k7/8/8/8/8/8/b7/K2B4 w - - 0 1").can_mate(BLACK));
    // Bishops on both colours (c1 is dark): a mate exists.
    EXPECT_TRUE(at<P>("k7/8/8/8/8/8/b7/K1B5 w - - 0 1").can_mate(WHITE));
}

TEST(FlagMaterial, Chess4dD13) {
    using P = chess4d::Position;
    EXPECT_FALSE(at<P>("K7/8/8/8/8/8/8/6qk w 0 1").can_mate(WHITE));
    EXPECT_TRUE(at<P>("K7/8/8/8/8/8/8/6qk w 0 1").can_mate(BLACK));
    // D-13: "any other material, even a lone minor piece, plays on".
    EXPECT_TRUE(at<P>("K7/8/8/8/8/8/8/6nk w 0 1").can_mate(BLACK));
}

TEST(FlagMaterial, WreckageX24CountsTheHand) {
    using P = wreckage::Position;
    EXPECT_FALSE(at<P>("k9/10/10/10/10/10/10/10/8q1/K9 w - - - 0 1").can_mate(WHITE));
    EXPECT_TRUE(at<P>("k9/10/10/10/10/10/10/10/8q1/K9 w - - - 0 1").can_mate(BLACK));
    // A bare King with a Ninja Pawn or the Flying Guillotine in hand still has material.
    EXPECT_TRUE(at<P>("k9/10/10/10/10/10/10/10/8q1/K9 w - - J 0 1").can_mate(WHITE));
    EXPECT_TRUE(at<P>("k9/10/10/10/10/10/10/10/8q1/K9 w - - G 0 1").can_mate(WHITE));
}

// W-27: in Wataku every flag loses, whatever is left on the board.
TEST(FlagMaterial, WatakuW27EveryFlagLoses) {
    auto g = make_game(wataku::Position::kId);
    ASSERT_TRUE(g->set_fen("k1k6/9/9/9/9/9/9/8q/K1K6 w - 1"));
    EXPECT_TRUE(g->can_mate(WHITE));
    EXPECT_TRUE(g->can_mate(BLACK));
}

// Through the erased game, which the server asks.
TEST(FlagMaterial, TheGameAnswersAsItsPosition) {
    auto g = make_game(chess::Position::kId);
    EXPECT_TRUE(g->can_mate(WHITE));
    ASSERT_TRUE(g->set_fen("k7/8/8/8/8/8/7q/K7 w - - 0 1"));
    EXPECT_FALSE(g->can_mate(WHITE));
    EXPECT_TRUE(g->can_mate(BLACK));
}

}  // namespace
}  // namespace chimera
