// The lobby's bookkeeping (lobby.h) on a simulated clock: challenges seen by
// everyone or one named player, accepted by someone else only, bounded per
// owner; quick pairing by pool, closest ratings first, the window widening
// with the wait; bots never quick-pair; everything of an owner goes when it leaves.
#include <gtest/gtest.h>

#include "server/lobby.h"

namespace chimera::server {
namespace {

constexpr std::int64_t kT0 = 1'000'000;

Challenge challenge(const std::string& owner, const std::string& name, double rating = 1500,
                    bool rated = false) {
    Challenge c;
    c.by = LobbyPlayer{owner, name, rating, false};
    c.variant = "chess";
    c.base_minutes = 3;
    c.increment_seconds = 2;
    c.rated = rated;
    return c;
}

TEST(Lobby, ChallengesAreSeenTakenAndBounded) {
    Lobby lobby;
    std::uint64_t open = 0, named = 0, id = 0;
    ASSERT_EQ(lobby.add(challenge("c1", "Alice"), kT0, &open), "");
    Challenge direct = challenge("c1", "Alice");
    direct.to = "bob";
    ASSERT_EQ(lobby.add(direct, kT0, &named), "");
    EXPECT_EQ(lobby.visible("").size(), 1u) << "a named challenge is for its player only";
    EXPECT_EQ(lobby.visible("BOB").size(), 2u);
    EXPECT_NE(lobby.add(challenge("c2", "", 1500, true), kT0, &id), "") << "rated needs an account";
    Challenge self = challenge("c1", "Alice");
    self.to = "alice";
    EXPECT_NE(lobby.add(self, kT0, &id), "");
    ASSERT_EQ(lobby.add(challenge("c1", "Alice"), kT0, &id), "");
    EXPECT_NE(lobby.add(challenge("c1", "Alice"), kT0, &id).find("at most 3"), std::string::npos);

    Pairing p;
    EXPECT_EQ(lobby.accept(open, LobbyPlayer{"c1", "Alice"}, &p), "that challenge is your own");
    EXPECT_EQ(lobby.accept(named, LobbyPlayer{"c3", "Carol"}, &p), "that challenge is for bob");
    ASSERT_EQ(lobby.accept(named, LobbyPlayer{"c2", "Bob"}, &p), "");
    EXPECT_EQ(p.challenge.by.name, "Alice");
    EXPECT_EQ(p.other.name, "Bob");
    EXPECT_NE(lobby.accept(named, LobbyPlayer{"c2", "Bob"}, &p), "") << "taken once";
    EXPECT_FALSE(lobby.cancel("c2", open)) << "only its owner cancels it";
    EXPECT_TRUE(lobby.cancel("c1", open));
    EXPECT_EQ(lobby.leave("c1").size(), 1u);
    EXPECT_EQ(lobby.open_count(), 0u);
}

TEST(Lobby, QuickPairingMatchesCloseRatingsAndWidensWithTheWait) {
    Lobby lobby;
    Pairing p;
    bool paired = false;
    ASSERT_EQ(lobby.seek(challenge("a", "A", 1500), kT0, &p, &paired), "");
    EXPECT_FALSE(paired);
    ASSERT_EQ(lobby.seek(challenge("b", "B", 1620), kT0, &p, &paired), "");
    EXPECT_FALSE(paired) << "120 apart: beyond the first window of 100";
    // A newcomer at 1580 goes with the closest: B (40 away), not A (80).
    ASSERT_EQ(lobby.seek(challenge("c", "C", 1580), kT0 + 100, &p, &paired), "");
    ASSERT_TRUE(paired);
    EXPECT_EQ(p.challenge.by.name, "B");
    EXPECT_EQ(p.other.name, "C");
    // Another pool (another clock) is not mixed in.
    Challenge blitz = challenge("d", "D", 1500);
    blitz.base_minutes = 5;
    ASSERT_EQ(lobby.seek(blitz, kT0, &p, &paired), "");
    EXPECT_FALSE(paired);
    // E at 1850 is 350 from A: too far at first; after 13 s both windows are 360.
    ASSERT_EQ(lobby.seek(challenge("e", "E", 1850), kT0, &p, &paired), "");
    EXPECT_FALSE(paired);
    EXPECT_TRUE(lobby.match_waiting(kT0 + 5'000).empty());
    const std::vector<Pairing> later = lobby.match_waiting(kT0 + 13'000);
    ASSERT_EQ(later.size(), 1u);
    EXPECT_EQ(later[0].challenge.by.name + later[0].other.name, "AE");
    EXPECT_EQ(lobby.seek_count(), 1u) << "D waits in its own pool";
}

TEST(Lobby, BotsDoNotQuickPairAndAnOwnerNeverMeetsItself) {
    Lobby lobby;
    Pairing p;
    bool paired = false;
    Challenge bot = challenge("b", "SomeBot");
    bot.by.bot = true;
    EXPECT_NE(lobby.seek(bot, kT0, &p, &paired), "");
    ASSERT_EQ(lobby.seek(challenge("a", "A"), kT0, &p, &paired), "");
    ASSERT_EQ(lobby.seek(challenge("a", "A"), kT0, &p, &paired), "");
    EXPECT_FALSE(paired);
    EXPECT_TRUE(lobby.match_waiting(kT0 + 60'000).empty());
    EXPECT_EQ(lobby.leave("a").size(), 2u);
    EXPECT_EQ(lobby.seek_count(), 0u);
}

TEST(Lobby, OneAddressIsBoundedAcrossItsConnections) {
    Lobby lobby;
    std::uint64_t id = 0;
    Pairing p;
    bool paired = false;
    // Three connections of one address: six between them, then no more (a
    // seek counts: each connection's seek is in a pool of its own clock).
    for (int i = 0; i < 6; ++i) {
        Challenge c = challenge("conn" + std::to_string(i / 2), "");
        c.by.address = "192.0.2.7";
        c.base_minutes = 1 + i;
        ASSERT_EQ(i % 2 ? lobby.seek(c, kT0, &p, &paired) : lobby.add(c, kT0, &id), "") << i;
        EXPECT_FALSE(paired);
    }
    Challenge more = challenge("conn9", "");
    more.by.address = "192.0.2.7";
    EXPECT_NE(lobby.add(more, kT0, &id).find("from one address"), std::string::npos);
    more.by.address = "192.0.2.8";
    EXPECT_EQ(lobby.add(more, kT0, &id), "") << "another address is not held to it";
}

TEST(Lobby, ANamedPlayerDeclinesAndOneAccountNeverMeetsItself) {
    Lobby lobby;
    std::uint64_t open = 0, named = 0, queued = 0;
    ASSERT_EQ(lobby.add(challenge("c1", "Alice"), kT0, &open), "");
    Challenge direct = challenge("c1", "Alice");
    direct.to = "Bob";
    ASSERT_EQ(lobby.add(direct, kT0, &named), "");
    EXPECT_FALSE(lobby.decline(open, "Bob")) << "an open challenge is not declined, only left";
    EXPECT_FALSE(lobby.decline(named, "Carol"));
    const auto declined = lobby.decline(named, "BOB");
    ASSERT_TRUE(declined);
    EXPECT_EQ(declined->by.owner, "c1");
    EXPECT_EQ(lobby.open_count(), 1u);
    // Alice in two tabs: her two seeks wait, never paired with each other.
    Pairing p;
    bool paired = false;
    ASSERT_EQ(lobby.seek(challenge("t1", "Alice"), kT0, &p, &paired, &queued), "");
    EXPECT_NE(queued, 0u);
    ASSERT_EQ(lobby.seek(challenge("t2", "alice"), kT0, &p, &paired), "");
    EXPECT_FALSE(paired);
    EXPECT_TRUE(lobby.match_waiting(kT0 + 60'000).empty());
    EXPECT_TRUE(lobby.cancel("t1", queued));
    EXPECT_EQ(lobby.seek_count(), 1u);
}

}  // namespace
}  // namespace chimera::server
