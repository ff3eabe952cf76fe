// Failed logins slow down, never lock (login_throttle.h), on a simulated clock.
#include <gtest/gtest.h>

#include "server/login_throttle.h"

namespace chimera::server {
namespace {

constexpr std::int64_t kStart = 1'000'000;

TEST(LoginThrottle, OneAddressOnOneAccountWaitsLongerAfterEachFailure) {
    LoginThrottle t;
    std::int64_t now = kStart;
    for (int i = 0; i < LoginThrottle::kFreePair; ++i) {
        EXPECT_EQ(t.wait_ms("alice", "a", now), 0) << i;
        t.failed("alice", "a", now);
    }
    EXPECT_EQ(t.wait_ms("alice", "a", now), 0);
    std::int64_t expected = 1000;
    for (int i = 0; i < 12; ++i) {
        t.failed("alice", "a", now);
        EXPECT_EQ(t.wait_ms("alice", "a", now), std::min(expected, LoginThrottle::kMaxDelayMs))
            << i;
        now += t.wait_ms("alice", "a", now);  // waited: allowed again, never locked
        EXPECT_EQ(t.wait_ms("alice", "a", now), 0);
        expected *= 2;
    }
    // Another address is not held back by this one's failures (the account's
    // own count has not reached its free ones).
    EXPECT_EQ(t.wait_ms("alice", "b", now - 1), 0);
}

TEST(LoginThrottle, ASuccessClearsTheAddresssBackOffOnThatAccountOnly) {
    LoginThrottle t;
    for (int i = 0; i <= LoginThrottle::kFreePair; ++i) t.failed("alice", "a", kStart);
    ASSERT_EQ(t.wait_ms("alice", "a", kStart), 1000);
    t.succeeded("alice", "a", kStart + 1000);
    EXPECT_EQ(t.wait_ms("alice", "a", kStart + 1000), 0);
    t.failed("alice", "a", kStart + 1000);
    EXPECT_EQ(t.wait_ms("alice", "a", kStart + 1000), 0) << "counted from the success on";
    // The address's own count (any account) is not cleared by logging in to
    // one: an address guessing many accounts cannot reset it with its own.
    LoginThrottle u;
    for (int i = 0; i <= LoginThrottle::kFreeAddress; ++i)
        u.failed("user" + std::to_string(i), "a", kStart);
    u.succeeded("mine", "a", kStart);
    EXPECT_EQ(u.wait_ms("mine", "a", kStart), 1000);
}

TEST(LoginThrottle, OneAddressGuessingManyAccountsIsSlowedForAll) {
    LoginThrottle t;
    for (int i = 0; i < LoginThrottle::kFreeAddress; ++i)
        t.failed("user" + std::to_string(i), "a", kStart);
    EXPECT_EQ(t.wait_ms("someone", "a", kStart), 0);
    t.failed("another", "a", kStart);
    EXPECT_EQ(t.wait_ms("someone", "a", kStart), 1000);
    EXPECT_EQ(t.wait_ms("someone", "b", kStart), 0) << "other addresses go on";
}

TEST(LoginThrottle, ManyAddressesGuessingOneAccountNeverKeepItsOwnerOut) {
    LoginThrottle t;
    t.succeeded("alice", "home", kStart);  // the owner logs in from home
    for (int i = 0; i <= LoginThrottle::kFreeAccount; ++i)
        t.failed("alice", "attacker" + std::to_string(i), kStart + 1);
    // A new address waits the account's back-off; the owner at home does not.
    EXPECT_EQ(t.wait_ms("alice", "somewhere-new", kStart + 1), 1000);
    EXPECT_EQ(t.wait_ms("alice", "home", kStart + 1), 0);
    // Other accounts are not touched.
    EXPECT_EQ(t.wait_ms("bob", "somewhere-new", kStart + 1), 0);
}

TEST(LoginThrottle, IdleEntriesAreForgotten) {
    LoginThrottle t;
    t.failed("alice", "a", kStart);
    ASSERT_GT(t.entries(), 0u);
    t.failed("bob", "b", kStart + LoginThrottle::kForgetMs + 2 * 60 * 1000);
    EXPECT_EQ(t.entries(), 3u) << "only bob's three entries are left";
}

}  // namespace
}  // namespace chimera::server
