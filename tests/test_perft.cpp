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

// Every registered variant has its file, tests/perft/<id>.perft: the published
// tables for chess, the start positions of D-4 (4D chess), X-4 (Wreckage) and
// the four formations of W-5 (Wataku), and the positions each variant's rules
// tests rely on.
TEST(Perft, EveryVariantMatchesItsFileD4X4W5) {
    for_each_variant([]<class Pos>() {
        SCOPED_TRACE(std::string(Pos::kId));
        check_file<Pos>(std::string(Pos::kId) + ".perft");
    });
}

TEST(Perft, DivideSumsToTotal) {
    chess::Position pos;
    std::uint64_t sum = 0;
    for (const auto& [lan, n] : perft_divide(pos, 3)) sum += n;
    EXPECT_EQ(sum, perft(pos, 3));
}

}  // namespace
}  // namespace chimera
