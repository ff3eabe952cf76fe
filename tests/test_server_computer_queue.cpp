// The computer's work is shared fairly (issue 13 item 5): full-strength
// searches (level 8, 2 s a move without a clock) queued by many games used
// to delay a new level-1 game's first reply by ~30 s; quick levels now have a
// lane of their own, so that reply comes within a second however many deep
// searches wait. The work one client address can queue, and the deep lane in
// all, are bounded too, with a 429 or 503 that says why.
#include "server_client.h"

namespace chimera {
namespace {

using namespace chimera::testing;

class ServerComputerQueue : public ServerFixture {
  protected:
    // This test queues eight deep searches from one address: above the default bound.
    void SetUp() override {
        ASSERT_TRUE(server_.start(
            db(), {"--computer-threads", "2", "--computer-games-per-address", "100"}));
    }
};

// A computer game where the computer has White, so it moves at once.
Created computer_opens(unsigned short port, int level) {
    return create_game(
        port, {{"variant", "chess"}, {"mode", "computer"}, {"side", "black"}, {"level", level}});
}

TEST_F(ServerComputerQueue, AQuickLevelIsAnsweredWhileDeepSearchesWait) {
    // Eight level-8 searches of 2 s on two workers: 8 s of queued work.
    std::vector<Created> deep;
    for (int i = 0; i < 8; ++i) {
        deep.push_back(computer_opens(port(), 8));
        ASSERT_EQ(deep.back().raw.status, 201) << deep.back().raw;
    }
    std::this_thread::sleep_for(200ms);
    const auto t0 = std::chrono::steady_clock::now();
    const Created quick = computer_opens(port(), 1);
    ASSERT_EQ(quick.raw.status, 201) << quick.raw;
    const Json s = poll_state(
        port(), quick.id, quick.token, [](const Json& j) { return !j["moves"].empty(); }, 20s);
    const double waited =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    ASSERT_FALSE(s["moves"].empty()) << "no reply within 20 s";
    // Behind the deep searches it would wait about 8 s; the sanitizer build is slower.
    EXPECT_LT(waited, kAddressSanitizer ? 3.0 : 1.0)
        << "the level-1 reply waited " << waited << " s behind the deep searches";
    // The deep searches are still served: the first ones have moved meanwhile or soon.
    const Json first = poll_state(
        port(), deep[0].id, deep[0].token, [](const Json& j) { return !j["moves"].empty(); }, 20s);
    EXPECT_FALSE(first["moves"].empty());
}

class ServerComputerLimits : public ServerFixture {
  protected:
    void SetUp() override {}  // each test starts the server with its options
};

// A level-8 game the computer opens, created for the client a trusted proxy names.
int computer_opens_for(unsigned short port, const std::string& client,
                       std::string* body = nullptr) {
    const std::string json = R"({"variant":"chess","mode":"computer","side":"black","level":8})";
    const std::string reply = raw_exchange(
        port,
        "POST /api/games HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
        "X-Forwarded-For: " +
            client + "\r\nConnection: close\r\nContent-Length: " + std::to_string(json.size()) +
            "\r\n\r\n" + json);
    if (body) *body = reply.substr(std::min(reply.size(), reply.find("\r\n\r\n") + 4));
    return raw_status(reply);
}

TEST_F(ServerComputerLimits, OneAddressMayKeepTheComputerBusyWithFourMovesAtOnce) {
    ASSERT_TRUE(server_.start(db(), {"--computer-threads", "1"}));
    std::vector<Created> games;
    for (int i = 0; i < 4; ++i) {
        games.push_back(computer_opens(port(), 8));
        ASSERT_EQ(games.back().raw.status, 201) << games.back().raw;
    }
    const Created fifth = computer_opens(port(), 8);
    EXPECT_EQ(fifth.raw.status, 429) << fifth.raw;
    EXPECT_NE(fifth.raw.body.find("still busy with 4 of your games"), std::string::npos)
        << fifth.raw;
    // Once the computer has answered one of them, there is room again.
    const Json s = poll_state(
        port(), games[0].id, games[0].token, [](const Json& j) { return !j["moves"].empty(); },
        kComputerTimeout);
    ASSERT_FALSE(s["moves"].empty());
    const Created later = computer_opens(port(), 8);
    EXPECT_EQ(later.raw.status, 201) << later.raw;
}

TEST_F(ServerComputerLimits, TheDeepLaneIsBoundedForEveryone) {
    // One worker searches; two moves may wait; each game from its own client.
    ASSERT_TRUE(server_.start(db(), {"--computer-threads", "1", "--computer-queue", "2",
                                     "--trusted-proxy", "127.0.0.1"}));
    int accepted = 0, refused = 0;
    std::string body;
    for (int i = 0; i < 6; ++i) {
        const int status = computer_opens_for(port(), "203.0.113." + std::to_string(10 + i), &body);
        if (status == 201) ++accepted;
        if (status == 503) {
            ++refused;
            EXPECT_NE(body.find("the computer is busy with other games"), std::string::npos)
                << body;
        }
    }
    // Two waiting, and one being searched if the worker had taken the first
    // before the others came: the rest are refused.
    EXPECT_GE(accepted, 2);
    EXPECT_LE(accepted, 3);
    EXPECT_EQ(accepted + refused, 6);
}

}  // namespace
}  // namespace chimera
