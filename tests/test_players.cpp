// Glicko-2 against the worked example of its paper (Glickman, "Example of the
// Glicko-2 system", 2013) and properties any rating update must have; the
// rules for usernames and passwords (docs/ratings.md, docs/api.md "Accounts").
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "players/glicko2.h"
#include "players/names.h"

namespace chimera::players {
namespace {

TEST(Glicko2, ThePapersWorkedExample) {
    // A player at 1500 (RD 200, volatility 0.06) beats a 1400 (RD 30), loses
    // to a 1550 (RD 100) and to a 1700 (RD 300); tau 0.5.
    const std::vector<Result> games = {{1400, 30, 1}, {1550, 100, 0}, {1700, 300, 0}};
    Glicko2 sys;
    sys.tau = 0.5;
    const Rating r = rate({1500, 200, 0.06}, games, sys);
    EXPECT_NEAR(r.rating, 1464.06, 0.01);
    EXPECT_NEAR(r.deviation, 151.52, 0.01);
    EXPECT_NEAR(r.volatility, 0.05999, 0.00001);
}

TEST(Glicko2, ANewPlayerStartsProvisionalAndSettlesWithGames) {
    Rating r;  // 1500, 350, 0.06
    EXPECT_TRUE(provisional(r));
    std::mt19937 rng(7);
    for (int i = 0; i < 40; ++i) {
        const Result game{1500, 60, static_cast<double>(rng() % 3) / 2};
        const Rating next = rate(r, std::span(&game, 1));
        EXPECT_LT(next.deviation, r.deviation + 1e-9) << "game " << i;
        r = next;
    }
    EXPECT_FALSE(provisional(r)) << r.deviation;
}

// Property: a better score than expected raises the rating and a worse one
// lowers it; a win never lowers it and a loss never raises it; the change
// shrinks as the deviation does; the deviation never exceeds its cap.
TEST(Glicko2, ChangesFollowTheScoreOverRandomGames) {
    std::mt19937 rng(2026);
    std::uniform_real_distribution<double> rating(800, 2800), deviation(40, 350), vol(0.04, 0.09);
    for (int i = 0; i < 2000; ++i) {
        const Rating before{rating(rng), deviation(rng), vol(rng)};
        const Result game{rating(rng), deviation(rng), static_cast<double>(rng() % 3) / 2};
        const Rating after = rate(before, std::span(&game, 1));
        if (game.score == 1) {
            EXPECT_GT(after.rating, before.rating);
        }
        if (game.score == 0) {
            EXPECT_LT(after.rating, before.rating);
        }
        // Against an equal opponent a draw changes nothing much; a win and a
        // loss move it by the same amount, in opposite directions.
        const Result win{before.rating, before.deviation, 1},
            loss{before.rating, before.deviation, 0};
        const double up = rate(before, std::span(&win, 1)).rating - before.rating;
        const double down = before.rating - rate(before, std::span(&loss, 1)).rating;
        EXPECT_NEAR(up, down, 1e-6);
        const Result draw{before.rating, before.deviation, 0.5};
        EXPECT_NEAR(rate(before, std::span(&draw, 1)).rating, before.rating, 1e-6);
        EXPECT_LE(after.deviation, 350);
        EXPECT_GT(after.deviation, 0);
        // A surer rating moves less for the same game.
        Rating surer = before;
        surer.deviation = before.deviation / 2;
        EXPECT_LE(std::abs(rate(surer, std::span(&win, 1)).rating - surer.rating), up + 1e-9);
    }
}

TEST(Glicko2, TheDeviationGrowsWithDaysWithoutAGameUpToItsCap) {
    const Rating settled{1800, 60, 0.06};
    double last = settled.deviation;
    for (double days : {1.0, 10.0, 100.0, 365.0}) {
        const Rating r = after_inactivity(settled, days);
        EXPECT_GT(r.deviation, last) << days;
        EXPECT_EQ(r.rating, settled.rating);
        last = r.deviation;
    }
    EXPECT_EQ(after_inactivity(settled, 0).deviation, settled.deviation);
    EXPECT_EQ(after_inactivity(settled, 1e7).deviation, 350);
    // A period without games is one period of inactivity.
    Glicko2 sys;
    EXPECT_NEAR(rate(settled, {}, sys).deviation,
                after_inactivity(settled, sys.days_per_period, sys).deviation, 1e-9);
}

TEST(Names, UsernamesFollowTheRules) {
    for (const char* ok : {"abc", "Magnus_C", "a-b-c", "x1234567890123456789", "9lives"})
        EXPECT_EQ(name_problem(ok), "") << ok;
    EXPECT_NE(name_problem("ab").find("3 to 20"), std::string::npos);
    EXPECT_NE(name_problem("x12345678901234567890").find("3 to 20"), std::string::npos);
    EXPECT_NE(name_problem("no spaces").find("character 3"), std::string::npos);
    EXPECT_NE(name_problem("_lead").find("starts"), std::string::npos);
    EXPECT_NE(name_problem("trail-").find("ends"), std::string::npos);
    EXPECT_NE(name_problem("caf\xc3\xa9").find("character 4"), std::string::npos);
    // Nobody passes for the computer, the site or its staff.
    for (const char* taken : {"Chimera", "ChimeraBot", "the-computer", "Admin", "guest", "BOT"})
        EXPECT_NE(name_problem(taken), "") << taken;
    EXPECT_EQ(name_key("MaGnUs"), name_key("magnus"));
    EXPECT_NE(name_key("magnus1"), name_key("magnus"));
}

TEST(Names, PasswordsHaveALengthInBounds) {
    EXPECT_NE(password_problem("short"), "");
    EXPECT_EQ(password_problem("long enough"), "");
    EXPECT_NE(password_problem(std::string(257, 'x')), "");
}

}  // namespace
}  // namespace chimera::players
