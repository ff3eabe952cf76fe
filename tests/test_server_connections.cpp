// Connection limits that hold (issue 13, item 2), against `chimera serve` over
// real sockets: the server raises its descriptor limit, keeps its connections
// below it, lets a newcomer close the connection idle longest instead of
// leaving it unanswered, gives a connection that sends nothing only the header
// time, and closes a WebSocket whose peer stops answering pings.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <sstream>

#include "binary_under_test.h"
#include "server_client.h"

namespace chimera {
namespace {

using namespace chimera::testing;

// A TCP connection from a chosen loopback address that sends nothing by itself.
class Socket {
  public:
    Socket() = default;
    Socket(const Socket&) = delete;
    Socket& operator=(const Socket&) = delete;
    Socket(Socket&& o) noexcept : fd_(std::exchange(o.fd_, -1)) {}
    ~Socket() {
        if (fd_ >= 0) ::close(fd_);
    }

    bool connect(unsigned short port, const char* from = "127.0.0.1") {
        fd_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
        if (fd_ < 0) return false;
        sockaddr_in local{};
        local.sin_family = AF_INET;
        ::inet_pton(AF_INET, from, &local.sin_addr);
        if (::bind(fd_, reinterpret_cast<sockaddr*>(&local), sizeof local) != 0) return false;
        sockaddr_in remote{};
        remote.sin_family = AF_INET;
        remote.sin_port = htons(port);
        ::inet_pton(AF_INET, "127.0.0.1", &remote.sin_addr);
        return ::connect(fd_, reinterpret_cast<sockaddr*>(&remote), sizeof remote) == 0;
    }

    bool send(const std::string& bytes) {
        return ::send(fd_, bytes.data(), bytes.size(), MSG_NOSIGNAL) ==
               static_cast<ssize_t>(bytes.size());
    }

    // Everything received until the peer closes or `timeout` passes; *closed
    // tells which.
    std::string read_until_closed(std::chrono::milliseconds timeout, bool* closed) {
        std::string got;
        *closed = false;
        const auto deadline = std::chrono::steady_clock::now() + timeout;
        while (true) {
            const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                deadline - std::chrono::steady_clock::now());
            if (left.count() <= 0) return got;
            pollfd p{fd_, POLLIN, 0};
            if (::poll(&p, 1, static_cast<int>(left.count())) <= 0) return got;
            char buf[4096];
            const ssize_t n = ::recv(fd_, buf, sizeof buf, 0);
            if (n <= 0) {
                *closed = true;
                return got;
            }
            got.append(buf, static_cast<std::size_t>(n));
        }
    }

    // Reads until `marker` has arrived (or the timeout passes).
    std::string read_until(const std::string& marker, std::chrono::milliseconds timeout) {
        std::string got;
        const auto deadline = std::chrono::steady_clock::now() + timeout;
        while (got.find(marker) == std::string::npos) {
            const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                deadline - std::chrono::steady_clock::now());
            if (left.count() <= 0) break;
            pollfd p{fd_, POLLIN, 0};
            if (::poll(&p, 1, static_cast<int>(left.count())) <= 0) break;
            char buf[4096];
            const ssize_t n = ::recv(fd_, buf, sizeof buf, 0);
            if (n <= 0) break;
            got.append(buf, static_cast<std::size_t>(n));
        }
        return got;
    }

  private:
    int fd_ = -1;
};

// The soft and hard "Max open files" of a running process, from /proc.
std::pair<long, long> open_file_limits(pid_t pid) {
    std::ifstream in("/proc/" + std::to_string(pid) + "/limits");
    std::string line;
    while (std::getline(in, line)) {
        if (line.rfind("Max open files", 0) != 0) continue;
        std::istringstream fields(line.substr(std::string("Max open files").size()));
        std::string soft, hard;
        fields >> soft >> hard;
        auto number = [](const std::string& s) { return s == "unlimited" ? -1L : std::stol(s); };
        return {number(soft), number(hard)};
    }
    return {0, 0};
}

// Lets this test process open as many sockets as its hard limit allows.
long raise_own_descriptor_limit() {
    rlimit r{};
    getrlimit(RLIMIT_NOFILE, &r);
    r.rlim_cur = r.rlim_max;
    setrlimit(RLIMIT_NOFILE, &r);
    getrlimit(RLIMIT_NOFILE, &r);
    return r.rlim_cur == RLIM_INFINITY ? 1L << 20 : static_cast<long>(r.rlim_cur);
}

constexpr const char* kPrlimit = "/usr/bin/prlimit";

class ServerConnections : public ::testing::Test {
  protected:
    void SetUp() override {
        if (::access(kPrlimit, X_OK) != 0) GTEST_SKIP() << kPrlimit << " (util-linux) is missing";
    }
    void TearDown() override { EXPECT_TRUE(server_.stop()); }
    std::string db() const { return dir_.file("chimera.db"); }

    TempDir dir_;
    ServerProcess server_;
};

TEST_F(ServerConnections, TheSoftDescriptorLimitIsRaisedToTheHardOne) {
    // A hard limit this process may set (not above its own).
    const long hard_limit = std::min(4096L, raise_own_descriptor_limit());
    if (hard_limit <= 256) GTEST_SKIP() << "the hard descriptor limit here is " << hard_limit;
    const std::string limits = "--nofile=256:" + std::to_string(hard_limit);
    server_.set_wrapper({kPrlimit, limits, "--"});
    ASSERT_TRUE(server_.start(db()));
    const auto [soft, hard] = open_file_limits(server_.pid());
    EXPECT_EQ(hard, hard_limit);
    EXPECT_EQ(soft, hard_limit) << "the server kept the soft limit it was started with";
    EXPECT_NE(server_.log().find("descriptor limit " + std::to_string(hard_limit)),
              std::string::npos)
        << server_.log();
}

// 300 descriptors: the server holds at most 300 - 96 connections. Twice that
// many idle connections from four addresses (each under its per-address cap)
// must not keep another client from an answer.
TEST_F(ServerConnections, IdleConnectionsCannotLockAnotherClientOut) {
    if (raise_own_descriptor_limit() < 1000)
        GTEST_SKIP() << "this test needs 1000 descriptors itself";
    server_.set_wrapper({kPrlimit, "--nofile=300:300", "--"});
    ASSERT_TRUE(server_.start(db()));
    EXPECT_NE(server_.log().find("connections: at most 204 at once"), std::string::npos)
        << server_.log();
    std::vector<Socket> idle(400);
    for (std::size_t i = 0; i < idle.size(); ++i) {
        const std::string from = "127.0.0." + std::to_string(2 + i % 4);
        ASSERT_TRUE(idle[i].connect(server_.port(), from.c_str())) << "connection " << i;
    }
    std::this_thread::sleep_for(300ms);  // the server has accepted what it will
    KeepAliveClient other;
    ASSERT_TRUE(other.connect(server_.port()));
    const HttpResult r = other.request("GET", "/api/health");
    EXPECT_EQ(r.status, 200) << r;
    EXPECT_TRUE(server_.alive());
}

// With every place taken by connections that are not idle (WebSockets), a
// newcomer is told so at once.
TEST_F(ServerConnections, AtTheCapWithNothingIdleANewcomerGetsA503) {
    ASSERT_TRUE(server_.start(db(), {"--max-connections", "4"}));
    const Created g = create_game(server_.port(), {{"variant", "chess"}, {"mode", "local"}});
    ASSERT_EQ(g.raw.status, 201) << g.raw;
    std::vector<std::unique_ptr<WsClient>> views;
    for (int i = 0; i < 4; ++i) {
        views.push_back(std::make_unique<WsClient>());
        // The creating request's connection may still hold a place for a
        // moment after it closed: a view declined meanwhile tries again.
        bool connected = false;
        for (int attempt = 0; attempt < 40 && !connected; ++attempt) {
            connected = views.back()->connect(server_.port(), ws_target(g.id, ""));
            if (!connected) std::this_thread::sleep_for(25ms);
        }
        ASSERT_TRUE(connected) << views.back()->last_error();
        ASSERT_TRUE(views.back()->wait_for([](const Json& j) { return j["type"] == "state"; }));
    }
    Socket late;
    ASSERT_TRUE(late.connect(server_.port()));
    bool closed = false;
    const std::string reply = late.read_until_closed(kIoTimeout, &closed);
    EXPECT_EQ(raw_status(reply), 503) << reply;
    EXPECT_NE(reply.find("the server is full"), std::string::npos) << reply;
    EXPECT_TRUE(closed);
    for (auto& v : views) EXPECT_TRUE(v->silent_for(200ms)) << "a WebSocket was closed for it";
}

TEST_F(ServerConnections, AConnectionThatSendsNothingGetsOnlyTheHeaderTime) {
    ASSERT_TRUE(server_.start(db(), {"--header-seconds", "1"}));
    Socket silent;
    ASSERT_TRUE(silent.connect(server_.port()));
    // A keep-alive connection that has made a request waits the idle time (60 s).
    KeepAliveClient used;
    ASSERT_TRUE(used.connect(server_.port()));
    ASSERT_EQ(used.request("GET", "/api/health").status, 200);
    const auto start = std::chrono::steady_clock::now();
    bool closed = false;
    silent.read_until_closed(8s, &closed);
    EXPECT_TRUE(closed) << "a connection that sent nothing was kept";
    EXPECT_LT(std::chrono::steady_clock::now() - start, 6s);
    EXPECT_EQ(used.request("GET", "/api/health").status, 200)
        << "a keep-alive connection got only the header time";
}

TEST_F(ServerConnections, AWebSocketPeerThatStopsAnsweringPingsIsClosed) {
    ASSERT_TRUE(server_.start(db(), {"--ws-idle-seconds", "2"}));
    const Created g = create_game(server_.port(), {{"variant", "chess"}, {"mode", "local"}});
    ASSERT_EQ(g.raw.status, 201) << g.raw;
    // A peer that completes the handshake and then never reads or answers.
    Socket dead;
    ASSERT_TRUE(dead.connect(server_.port()));
    ASSERT_TRUE(dead.send("GET " + ws_target(g.id, "") +
                          " HTTP/1.1\r\nHost: localhost\r\nUpgrade: websocket\r\n"
                          "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                          "Sec-WebSocket-Version: 13\r\n\r\n"));
    ASSERT_NE(dead.read_until("\r\n\r\n", kIoTimeout).find("101"), std::string::npos);
    // A live peer (Beast answers pings while it reads) on the same game.
    WsClient live;
    ASSERT_TRUE(live.connect(server_.port(), ws_target(g.id, ""))) << live.last_error();
    ASSERT_TRUE(live.wait_for([](const Json& j) { return j["type"] == "state"; }));
    // The dead peer is watched from another thread while this one keeps the
    // live client reading (its pongs are sent only while it runs).
    bool closed = false;
    std::string frames;
    std::chrono::steady_clock::duration took{};
    std::thread watch([&] {
        const auto start = std::chrono::steady_clock::now();
        frames = dead.read_until_closed(10s, &closed);
        took = std::chrono::steady_clock::now() - start;
    });
    const bool live_kept = live.silent_for(6s);
    watch.join();
    EXPECT_TRUE(closed) << "a peer that answers no ping was kept";
    EXPECT_LT(took, 8s);
    EXPECT_NE(frames.find('\x89'), std::string::npos) << "no ping frame was sent";
    EXPECT_TRUE(live_kept) << "a peer that answers pings was closed: " << live.last_error();
}

// POST /api/games on a fresh connection from `from`, with an X-Forwarded-For header.
int create_from(unsigned short port, const char* from, const std::string& forwarded_for) {
    Socket s;
    if (!s.connect(port, from)) return 0;
    const std::string body = R"({"variant":"chess","mode":"local"})";
    s.send(
        "POST /api/games HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
        "X-Forwarded-For: " +
        forwarded_for + "\r\nContent-Length: " + std::to_string(body.size()) +
        "\r\nConnection: close\r\n\r\n" + body);
    bool closed = false;
    return raw_status(s.read_until_closed(kIoTimeout, &closed));
}

// Behind a trusted proxy the game limit counts per forwarded client; from
// anyone else X-Forwarded-For is ignored, so it cannot be used to dodge it.
TEST_F(ServerConnections, TheGameLimitCountsTheClientATrustedProxyNames) {
    ASSERT_TRUE(server_.start(db(), {"--trusted-proxy", "127.0.0.2", "--games-per-minute", "2"}));
    const unsigned short port = server_.port();
    EXPECT_EQ(create_from(port, "127.0.0.2", "203.0.113.7"), 201);
    EXPECT_EQ(create_from(port, "127.0.0.2", "203.0.113.7"), 201);
    EXPECT_EQ(create_from(port, "127.0.0.2", "203.0.113.7"), 429);
    EXPECT_EQ(create_from(port, "127.0.0.2", "9.9.9.9, 203.0.113.7"), 429)
        << "the client's own claim (left of the proxy's entry) was believed";
    EXPECT_EQ(create_from(port, "127.0.0.2", "203.0.113.8"), 201) << "another client behind it";
    // Not a proxy: the header is ignored, the connection's address counts.
    EXPECT_EQ(create_from(port, "127.0.0.3", "198.51.100.1"), 201);
    EXPECT_EQ(create_from(port, "127.0.0.3", "198.51.100.2"), 201);
    EXPECT_EQ(create_from(port, "127.0.0.3", "198.51.100.3"), 429);
}

// A load balancer's connections are all from one address: the per-address cap
// must not apply to it (the total still does).
TEST_F(ServerConnections, ATrustedProxyIsNotHeldToThePerAddressCap) {
    ASSERT_TRUE(server_.start(
        db(), {"--trusted-proxy", "127.0.0.2", "--max-connections-per-address", "3"}));
    std::vector<Socket> held(6);
    for (auto& h : held) ASSERT_TRUE(h.connect(server_.port(), "127.0.0.2"));
    RawConnection through;
    ASSERT_TRUE(through.open(server_.port(), "127.0.0.2"));
    EXPECT_EQ(through.get("/api/health"), 200);
    std::vector<Socket> direct(3);
    for (auto& d : direct) ASSERT_TRUE(d.connect(server_.port(), "127.0.0.3"));
    std::this_thread::sleep_for(200ms);
    RawConnection fourth;
    ASSERT_TRUE(fourth.open(server_.port(), "127.0.0.3"));
    EXPECT_EQ(fourth.read_status(), 503) << "the cap of an ordinary address";
}

TEST_F(ServerConnections, ABadTrustedProxyIsRefusedAtStart) {
    TempDir dir;
    // Started by hand: start() would record the expected failure as a test failure.
    const std::string cmd = std::string(::chimera::testing::chimera_binary()) +
                            " serve --port 0 --db " + dir.file("x.db") +
                            " --trusted-proxy 10.0.0.0/40 2>&1";
    FILE* f = ::popen(cmd.c_str(), "r");
    ASSERT_NE(f, nullptr);
    std::string out;
    char buf[256];
    while (std::fgets(buf, sizeof buf, f)) out += buf;
    const int status = ::pclose(f);
    EXPECT_NE(status, 0);
    EXPECT_NE(out.find("--trusted-proxy: \"10.0.0.0/40\": the prefix after '/' must be 0-32"),
              std::string::npos)
        << out;
}

}  // namespace
}  // namespace chimera
