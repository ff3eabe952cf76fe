// The search's pass (do_null_move / undo_null_move, null-move pruning): over
// seeded random playouts in every variant, at each ply where the side to move
// is not in check, a pass gives the position that its own FEN describes (the
// same key and the same legal moves as a fresh position set from that FEN),
// keeps the incremental key and the consistency checks, sees no repetition
// across the pass, and undo restores the position exactly.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>
#include <string>

#include "variants/registry.h"

namespace chimera {
namespace {

template <class Pos>
class NullMove : public ::testing::Test {};

using Variants =
    ::testing::Types<chess::Position, chess4d::Position, wreckage::Position, wataku::Position>;
TYPED_TEST_SUITE(NullMove, Variants);

template <class Pos>
std::set<std::string> lans(const Pos& p) {
    typename Pos::Moves moves;
    p.legal_moves(moves);
    std::set<std::string> out;
    for (Move m : moves) out.insert(p.lan(m));
    return out;
}

TYPED_TEST(NullMove, APassIsThePositionItsFenDescribesAndUndoes) {
    using Pos = TypeParam;
    std::mt19937_64 rng(0x9A55);
#if defined(NDEBUG)
    const int games = 60;
#else
    const int games = 6;
#endif
    int passes = 0;
    for (int g = 0; g < games; ++g) {
        Pos p;
        for (int ply = 0; ply < 120; ++ply) {
            typename Pos::Moves moves;
            p.legal_moves(moves);
            if (moves.empty()) break;
            if (!p.in_check()) {
                const std::string before = p.fen();
                const std::uint64_t key = p.key();
                const Color side = p.side_to_move();
                p.do_null_move();
                ++passes;
                SCOPED_TRACE(before);
                ASSERT_NE(p.side_to_move(), side);
                ASSERT_EQ(p.key(), p.compute_key());
                ASSERT_TRUE(p.is_consistent());
                ASSERT_NE(p.key(), key);
                ASSERT_FALSE(p.in_check()) << "the side that passed was giving check";
                ASSERT_EQ(p.repetition_count(), 0);
                Pos fresh;
                ASSERT_TRUE(fresh.set_fen(p.fen())) << p.fen();
                ASSERT_EQ(fresh.key(), p.key()) << p.fen();
                ASSERT_EQ(lans(fresh), lans(p)) << p.fen();
                p.undo_null_move();
                ASSERT_EQ(p.fen(), before);
                ASSERT_EQ(p.key(), key);
                ASSERT_EQ(p.side_to_move(), side);
                ASSERT_TRUE(p.is_consistent());
            }
            p.do_move(moves[static_cast<std::size_t>(rng() % moves.size())]);
        }
    }
    EXPECT_GT(passes, games * 10);
}

// null_move_ok refuses a pass to a side with only Pawns and its King(s), where
// zugzwang is likely, and allows it with a piece on the board (or in hand).
TEST(NullMoveOk, PawnsAndKingOnlyAreRefused) {
    chess::Position c;
    ASSERT_TRUE(c.set_fen("4k3/4p3/8/8/8/8/4P3/4K3 w - - 0 1"));
    EXPECT_FALSE(c.null_move_ok());
    ASSERT_TRUE(c.set_fen("4k3/4p3/8/8/8/8/4P3/3NK3 w - - 0 1"));
    EXPECT_TRUE(c.null_move_ok());
    wataku::Position w;
    ASSERT_TRUE(w.set_fen("9/3k1k3/9/9/9/9/3P1P3/3K1K3/9 w - 1"));
    EXPECT_FALSE(w.null_move_ok());
    ASSERT_TRUE(w.set_fen("9/3k1k3/9/9/9/9/3P1P3/3K1K3/9 w R 1"));
    EXPECT_TRUE(w.null_move_ok()) << "a Rook in reserve can be deployed";
}

}  // namespace
}  // namespace chimera
