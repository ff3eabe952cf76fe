// The computer's work is shared fairly (issue 13 item 5): full-strength
// searches (level 8, 2 s a move without a clock) queued by many games used
// to delay a new level-1 game's first reply by ~30 s; quick levels now have a
// lane of their own, so that reply comes within a second however many deep
// searches wait.
#include "server_client.h"

namespace chimera {
namespace {

using namespace chimera::testing;

class ServerComputerQueue : public ServerFixture {
  protected:
    void SetUp() override { ASSERT_TRUE(server_.start(db(), {"--computer-threads", "2"})); }
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

}  // namespace
}  // namespace chimera
