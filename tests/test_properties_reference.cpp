// Checks of the reference rules (property_reference.h) that the property tests use
// as their oracle, and exhaustive engine-versus-reference comparisons on small trees:
//  * the reference reproduces the published chess perft values and the 4D values of
//    D-4, so a disagreement in the playouts is the engine's fault, not the oracle's;
//  * every node of depth-2 trees from the tactical FENs agrees with the reference;
//  * the 4D start position is the one D-4 lists, square by square.
#include <gtest/gtest.h>

#include "perft_data.h"
#include "property_checker.h"

namespace chimera::test::props {
namespace {

template <class Pos>
class PropertyReference : public ::testing::Test {};

using Variants = ::testing::Types<chess::Position, chess4d::Position>;
TYPED_TEST_SUITE(PropertyReference, Variants);

// Full workload in optimised builds; smaller trees in debug and sanitizer builds.
bool full_workload() { return property_scale() >= 0.5; }

// The reference rules themselves reproduce the published / specified perft values
// (so a disagreement in the playouts is the engine's fault, not the oracle's).
std::uint64_t ref_perft(const RefGame& g, int depth) {
    const std::vector<Move> moves = ref_legal(g);
    if (depth == 1) return moves.size();
    std::uint64_t n = 0;
    for (Move m : moves) n += ref_perft(ref_apply(g, m), depth - 1);
    return n;
}

TYPED_TEST(PropertyReference, ReferenceRulesReproducePerft) {
    const std::string file =
        std::is_same_v<TypeParam, chess::Position> ? "chess.perft" : "chess4d.perft";
    int checked = 0;
    for (const auto& c : load_perft(file)) {
        TypeParam pos;
        ASSERT_TRUE(pos.set_fen(c.fen)) << c.id;
        const RefGame ref = ref_from_fen(pos, c.fen);
        ASSERT_EQ(ref_placement(ref), std::string(split_fields(c.fen)[0])) << c.id;
        for (auto [depth, count] : c.counts) {
            if (count > (full_workload() ? 160'000u : 3'000u)) continue;
            EXPECT_EQ(ref_perft(ref, depth), count) << c.id << " depth " << depth;
            ++checked;
        }
    }
    EXPECT_GE(checked, 2);
}

// Exhaustive agreement of engine and reference over every node of small trees
// from the tactical positions (not only along random lines).
template <class Pos>
void compare_tree(Pos& pos, const RefGame& ref, int depth, Checker<Pos>& ck, std::string path) {
    const std::vector<Move> ref_moves = ref_legal(ref);
    if (!ck.check_ply(pos, ref, ref_moves, path, false) || depth == 0) return;
    for (Move m : ref_moves) {
        pos.do_move(m);
        compare_tree(pos, ref_apply(ref, m), depth - 1, ck, path + " " + ref_lan(ref, m));
        pos.undo_move(m);
    }
}

TYPED_TEST(PropertyReference, EveryNodeOfSmallTreesAgreesWithReference) {
    Checker<TypeParam> ck;
    for (const std::string& fen : Variant<TypeParam>::fens()) {
        TypeParam pos;
        ASSERT_TRUE(pos.set_fen(fen)) << fen;
        compare_tree(pos, ref_from_fen(pos, fen), full_workload() ? 2 : 1, ck,
                     fen + "\n  after moves:");
    }
    ck.report();
}

// D-4: the start position, read square by square through the reference coordinates
// (cell = x + 4y + 16z + 32w), is the one the spec lists, and the reference FEN
// writer (D-14) spells it as the spec's FEN; the tutorial move is legal.
TEST(PropertyReference4d, StartPositionIsTheOneListedInD4) {
    struct Placed {
        int color;
        char piece;
        const char* square;
    };
    const int W = kWhite, B = kBlack;
    const Placed listed[] = {
        {W, 'R', "a1[0,0]"}, {W, 'B', "c1[0,0]"}, {W, 'P', "b2[1,0]"}, {W, 'P', "d2[1,0]"},
        {W, 'R', "c1[0,1]"}, {W, 'P', "d2[0,1]"}, {W, 'Q', "b1[1,1]"}, {W, 'N', "c1[1,1]"},
        {W, 'K', "d1[1,1]"}, {W, 'P', "c2[1,1]"}, {B, 'R', "a4[1,1]"}, {B, 'B', "c4[1,1]"},
        {B, 'P', "b3[0,1]"}, {B, 'P', "d3[0,1]"}, {B, 'Q', "b4[0,0]"}, {B, 'N', "c4[0,0]"},
        {B, 'K', "d4[0,0]"}, {B, 'P', "c3[0,0]"}, {B, 'R', "c4[1,0]"}, {B, 'P', "d3[1,0]"}};
    chess4d::Position pos;
    RefGame expected = make_ref_game(RefRules::FourD);
    const std::string types = " PNBRQK";
    for (const Placed& p : listed) {
        const int x = p.square[0] - 'a', y = p.square[1] - '1', z = p.square[3] - '0',
                  w = p.square[5] - '0';
        const int type = static_cast<int>(types.find(p.piece));
        expected.board[expected.index(RefCoord{{x, y, z, w}})] = piece_code(p.color, type);
    }
    for (int sq = 0; sq < 64; ++sq)
        EXPECT_EQ(static_cast<int>(pos.piece_on(sq)), expected.board[sq])
            << ref_square_name(expected, sq);
    EXPECT_EQ(ref_fen(expected), "4r1b1/1p1p4/3P2P1/2R2QNK/1qnk2r1/2p4p/5P1P/R1B5 w 0 1");
    EXPECT_EQ(pos.fen(), ref_fen(expected));
    EXPECT_FALSE(pos.parse_lan("a1[0,0]a1[0,1]").is_none());
}

}  // namespace
}  // namespace chimera::test::props
