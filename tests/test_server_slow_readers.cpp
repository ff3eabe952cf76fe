// Spectators that never read (issue 13 item 3): every state push used to be
// queued per socket (512 copies of a 33 KB Wataku state), so 50 such sockets
// took the server from 25 MB to 831 MB. Now a socket holds at most 8 pushes
// (beyond, the waiting ones give way to one full state), so the server's
// memory stays flat however many moves are pushed, a reader that connects
// meanwhile is served at once, and one that falls behind catches up with no
// gap in its deltas.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <fstream>

#include "server_client.h"

namespace chimera {
namespace {

using namespace chimera::testing;

// The server's resident memory in KB (VmRSS).
long rss_kb(pid_t pid) {
    std::ifstream in("/proc/" + std::to_string(pid) + "/status");
    std::string key;
    long value = 0;
    while (in >> key) {
        if (key == "VmRSS:") {
            in >> value;
            return value;
        }
        in.ignore(1 << 12, '\n');
    }
    return -1;
}

// A WebSocket view of game id whose client never reads after the handshake, with
// a tiny receive window so that the server's writes stall at once.
int silent_viewer(unsigned short port, const std::string& id) {
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0) return -1;
    const int small = 2048;
    ::setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &small, sizeof small);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(port);
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) return ::close(fd), -1;
    const std::string hello =
        "GET /api/games/" + id +
        "/ws HTTP/1.1\r\nHost: localhost\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n";
    if (::write(fd, hello.data(), hello.size()) != static_cast<ssize_t>(hello.size()))
        return ::close(fd), -1;
    return fd;
}

class ServerSlowReaders : public ServerFixture {};

TEST_F(ServerSlowReaders, SpectatorsThatNeverReadCostAtMostEightStatesEach) {
    // AddressSanitizer keeps freed memory in quarantine (up to 256 MB), so the
    // server's resident memory says nothing about what it still holds there.
    if (kAddressSanitizer) GTEST_SKIP() << "memory is measured in the optimised build";
    // The Wataku start: the largest state message (every deployment is a legal move).
    const Created g =
        create_game(port(), {{"variant", "wataku"}, {"mode", "local"}, {"formation", 1}});
    ASSERT_EQ(g.raw.status, 201) << g.raw;
    constexpr int kViewers = 20;
    std::vector<int> viewers;
    for (int i = 0; i < kViewers; ++i) {
        const int fd = silent_viewer(port(), g.id);
        ASSERT_GE(fd, 0);
        viewers.push_back(fd);
    }
    // A few pushes first, so that what the server touches at its first pushes is
    // in "before" (and its computer workers have started).
    const std::string draw = "/api/games/" + g.id + "/draw";
    for (int i = 0; i < 10; ++i) {
        ASSERT_EQ(post(port(), draw, {{"token", g.token}, {"action", "offer"}}).status, 200);
        ASSERT_EQ(post(port(), draw, {{"token", g.token}, {"action", "decline"}}).status, 200);
    }
    std::this_thread::sleep_for(500ms);
    const long before = rss_kb(server_.pid());
    ASSERT_GT(before, 0);

    // 600 pushes: a draw offered and declined, again and again. (They were full
    // states of 33 KB; as deltas they are small, and a socket that does not read
    // has its waiting ones replaced by one full state every 8.)
    constexpr int kPushes = 600;
    for (int i = 0; i < kPushes / 2; ++i) {
        ASSERT_EQ(post(port(), draw, {{"token", g.token}, {"action", "offer"}}).status, 200);
        ASSERT_EQ(post(port(), draw, {{"token", g.token}, {"action", "decline"}}).status, 200);
    }
    std::this_thread::sleep_for(300ms);
    const long after = rss_kb(server_.pid());
    const std::size_t state_bytes = game_state(port(), g.id).dump().size();
    std::cout << "server memory " << before / 1024 << " MB -> " << after / 1024 << " MB with "
              << kViewers << " non-reading viewers, " << kPushes << " pushes of "
              << state_bytes / 1024 << " KB\n";
    // Queued per viewer, the pushes beyond what the kernel buffers are more than
    // 10 MB per viewer (260 MB in all, measured); 9 states per viewer are 6 MB.
    EXPECT_LT(after - before, 48 * 1024)
        << "server memory grew from " << before << " KB to " << after << " KB";

    // A reader that connects now gets the latest state at once.
    WsClient fresh;
    ASSERT_TRUE(fresh.connect(port(), ws_target(g.id, "")));
    const auto first = fresh.next();
    ASSERT_TRUE(first) << fresh.last_error();
    EXPECT_EQ((*first)["version"], game_state(port(), g.id)["version"]);
    for (int fd : viewers) ::close(fd);
}

// A reader that falls behind gets no delta it cannot apply: the pushes waiting
// for it beyond 8 give way to one full state, and it ends where the game is.
TEST_F(ServerSlowReaders, AReaderThatFallsBehindCatchesUpWithoutAGap) {
    const Created g =
        create_game(port(), {{"variant", "wataku"}, {"mode", "local"}, {"formation", 1}});
    ASSERT_EQ(g.raw.status, 201) << g.raw;
    WsClient slow;
    ASSERT_TRUE(slow.connect(port(), ws_target(g.id, ""), 2048)) << slow.last_error();
    ASSERT_TRUE(slow.next()) << slow.last_error();
    int plies = 0;
    for (; plies < 120; ++plies) {
        const Json s = game_state(port(), g.id);
        const std::vector<std::string> legal = legal_lans(s);
        if (s["result"] != "*" || legal.empty()) break;
        const std::string lan = legal[static_cast<std::size_t>(7 * plies + 3) % legal.size()];
        ASSERT_EQ(http_move(port(), g.id, g.token, lan).status, 200);
    }
    const Json now = game_state(port(), g.id);
    const auto caught_up =
        slow.wait_view([&](const Json& v) { return v["version"] == now["version"]; });
    ASSERT_TRUE(caught_up) << slow.last_error();
    EXPECT_EQ(slow.gaps(), 0);
    EXPECT_EQ(lans_of(*caught_up), lans_of(now));
    EXPECT_EQ((*caught_up)["legal"], now["legal"]);
    EXPECT_EQ((*caught_up)["board"], now["board"]);
    // The full states after the first; the last message read, the one that
    // caught up, may be one of them.
    const int full_states = slow.states() - 1;
    std::cout << plies << " plies; the slow reader got " << slow.received() << " messages, "
              << full_states << " of them full states after the first\n";
    EXPECT_GE(full_states, 1) << "the reader never fell behind: the test proves nothing";
    EXPECT_LT(slow.received(), plies) << "every push was kept for a reader that did not read";
}

}  // namespace
}  // namespace chimera
