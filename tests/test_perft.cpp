// Perft of every variant against its data file (published tables for chess,
// the spec's values for 4D, D-4). Depths are capped so the suite stays fast;
// deeper runs belong to `chimera bench perft`.
#include <gtest/gtest.h>

#include "core/perft.h"
#include "perft_data.h"
#include "variants/registry.h"

namespace chimera {
namespace {

constexpr std::uint64_t kMaxNodesInSuite = 5'000'000;  // deeper: chimera bench perft

template <class Pos>
void check_file(const std::string& file) {
    const auto cases = test::load_perft(file);
    ASSERT_FALSE(cases.empty());
    for (const auto& c : cases) {
        Pos pos;
        ASSERT_TRUE(pos.set_fen(c.fen)) << c.id;
        for (auto [depth, count] : c.counts) {
            if (count > kMaxNodesInSuite) continue;
            EXPECT_EQ(perft(pos, depth), count) << c.id << " depth " << depth;
            EXPECT_EQ(pos.fen(), Pos().set_fen(c.fen) ? pos.fen() : "");
        }
    }
}

TEST(Perft, ChessPublishedTables) { check_file<chess::Position>("chess.perft"); }

TEST(Perft, Chess4dStartPositionD4) { check_file<chess4d::Position>("chess4d.perft"); }

TEST(Perft, WreckageStartPositionX4) { check_file<wreckage::Position>("wreckage.perft"); }

TEST(Perft, WatakuFormationsW5) { check_file<wataku::Position>("wataku.perft"); }

TEST(Perft, DivideSumsToTotal) {
    chess::Position pos;
    std::uint64_t sum = 0;
    for (const auto& [lan, n] : perft_divide(pos, 3)) sum += n;
    EXPECT_EQ(sum, perft(pos, 3));
}

}  // namespace
}  // namespace chimera
