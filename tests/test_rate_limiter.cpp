// The token bucket behind every rate limit of the server, on a simulated
// clock: the documented per-connection HTTP limit (docs/api.md, "Common
// rules": 50 requests a second with bursts of 100, then 429) holds exactly,
// whatever the speed of the machine running the test.
#include <gtest/gtest.h>

#include "server/http_server.h"
#include "server/rate_limiter.h"

namespace chimera::server {
namespace {

using namespace std::chrono_literals;

TEST(RateLimiter, TheDefaultHttpLimitIs50ASecondWithBurstsOf100) {
    const ServerOptions defaults;
    const auto t0 = RateLimiter::Clock::now();
    RateLimiter bucket(defaults.requests_per_second, defaults.request_burst, t0);
    int served = 0;
    while (bucket.allow(t0)) ++served;
    EXPECT_EQ(served, 100);                 // the burst, all at one instant
    EXPECT_FALSE(bucket.allow(t0 + 19ms));  // less than one token back (50 a second: one per 20 ms)
    EXPECT_TRUE(bucket.allow(t0 + 20ms));
    EXPECT_FALSE(bucket.allow(t0 + 21ms));
    // One second later: 50 more, not 51.
    served = 0;
    while (bucket.allow(t0 + 1020ms)) ++served;
    EXPECT_EQ(served, 50);
    // A long pause refills to the burst, never beyond.
    served = 0;
    while (bucket.allow(t0 + 1h)) ++served;
    EXPECT_EQ(served, 100);
}

TEST(RateLimiter, IsFullOnlyAfterRefillingCompletely) {
    const auto t0 = RateLimiter::Clock::now();
    RateLimiter bucket(60.0 / 60, 60, t0);  // the game-creation bucket: a minute's worth
    EXPECT_TRUE(bucket.full(t0));
    ASSERT_TRUE(bucket.allow(t0));
    EXPECT_FALSE(bucket.full(t0 + 500ms));
    EXPECT_TRUE(bucket.full(t0 + 1s));
}

TEST(RateLimiter, TimeGoingBackwardsGivesNothing) {
    const auto t0 = RateLimiter::Clock::now();
    RateLimiter bucket(10, 1, t0);
    ASSERT_TRUE(bucket.allow(t0));
    EXPECT_FALSE(bucket.allow(t0 - 10s));
    EXPECT_FALSE(bucket.allow(t0 + 50ms));
    EXPECT_TRUE(bucket.allow(t0 + 100ms));
}

}  // namespace
}  // namespace chimera::server
