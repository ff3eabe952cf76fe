// The review's model (server/review.h): White's expected score from an
// evaluation under each variant's fitted slope, and the names of a move's
// loss. Property checks over the whole range of scores.
#include <gtest/gtest.h>

#include "server/review.h"
#include "variants/registry.h"

namespace chimera {
namespace {

using server::expected_score;
using server::loss_name;

TEST(ReviewModel, ExpectedScoreIsALogisticOfTheScoreUnderEachVariantsSlope) {
    for (const VariantInfo* v : kVariantInfos) {
        SCOPED_TRACE(std::string(v->id));
        const WinModel& m = v->win;
        EXPECT_GT(m.slope, 0.01);  // fitted (docs/engine.md): a lead is worth something
        EXPECT_LT(m.slope, 5.0);
        EXPECT_DOUBLE_EQ(expected_score(m, 0, 0), 0.5);
        double previous = 0;
        for (int cp = -3000; cp <= 3000; cp += 25) {
            const double e = expected_score(m, cp, 0);
            EXPECT_GT(e, previous) << cp;                                  // strictly increasing
            EXPECT_NEAR(e + expected_score(m, -cp, 0), 1.0, 1e-12) << cp;  // symmetric
            previous = e;
        }
        // 400 / slope centipawns is a factor of ten in the odds.
        const double odds = expected_score(m, static_cast<int>(400 / m.slope), 0);
        EXPECT_NEAR(odds / (1 - odds), 10.0, 0.2);
    }
}

TEST(ReviewModel, AMateIsCertain) {
    const WinModel m{};
    EXPECT_EQ(expected_score(m, 0, 1), 1.0);
    EXPECT_EQ(expected_score(m, 5000, -3), 0.0);
}

TEST(ReviewModel, LossesAreNamedByTheirThresholds) {
    EXPECT_STREQ(loss_name(0.0), "");
    EXPECT_STREQ(loss_name(server::kInaccuracy - 1e-9), "");
    EXPECT_STREQ(loss_name(server::kInaccuracy), "inaccuracy");
    EXPECT_STREQ(loss_name(server::kMistake - 1e-9), "inaccuracy");
    EXPECT_STREQ(loss_name(server::kMistake), "mistake");
    EXPECT_STREQ(loss_name(server::kBlunder), "blunder");
    EXPECT_STREQ(loss_name(1.0), "blunder");
}

}  // namespace
}  // namespace chimera
