// Helpers for the black-box server tests: start the real `chimera serve`
// binary on a free port with its own database, and talk to it over real
// sockets — plain HTTP/1.1 and WebSocket with Beast's clients, every wait
// bounded. The Beast and Asio code lives in server_client.cpp, compiled once:
// in the header it was most of the sanitizer build's time (each test file
// instantiated the clients again, 2-5 minutes of CPU per unity batch).
#pragma once

#include <gtest/gtest.h>
#include <sqlite3.h>
#include <sys/types.h>

#include <chrono>
#include <filesystem>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "binary_under_test.h"
#include "postgres_server.h"
#include "push_view.h"

namespace chimera::testing {

// Whether the server under test runs under AddressSanitizer (binary_under_test.h).
inline const bool kAddressSanitizer = binary_is_sanitized();

using namespace std::chrono_literals;

// Upper bounds for every wait (never expected durations).
constexpr auto kStartTimeout = 20s;
constexpr auto kIoTimeout = 10s;
constexpr auto kComputerTimeout = 40s;

// A fresh directory under the system temp dir, removed on destruction.
class TempDir {
  public:
    TempDir() {
        std::random_device rd;
        path_ = std::filesystem::temp_directory_path() /
                ("chimera-test-" + std::to_string(::getpid()) + "-" + std::to_string(rd()));
        std::filesystem::create_directories(path_);
    }
    ~TempDir() {
        std::error_code ec;
        std::filesystem::remove_all(path_, ec);
    }
    std::string file(const std::string& name) const { return (path_ / name).string(); }

  private:
    std::filesystem::path path_;
};

// The `chimera serve` process. The port is read from its first stdout line.
class ServerProcess {
  public:
    ServerProcess() = default;
    ServerProcess(const ServerProcess&) = delete;
    ServerProcess& operator=(const ServerProcess&) = delete;
    ~ServerProcess() { kill_hard(); }

    // Starts `chimera serve --port 0 --db <db> --threads 2 [extra]`; false (with a
    // test failure recorded) if it does not announce its port within the timeout.
    bool start(const std::string& db, const std::vector<std::string>& extra = {});
    // SIGTERM and wait for a clean exit (status 0); false if it hangs or fails.
    bool stop();
    // kill -9, then reap.
    void kill_hard();
    // True while the process runs (reaps it if it has exited).
    bool alive();

    // A command the server is started under (e.g. prlimit with its options and "--").
    void set_wrapper(std::vector<std::string> wrapper) { wrapper_ = std::move(wrapper); }
    // Where its stderr goes (default: beside an SQLite database, <db>.server.log;
    // a server on a PostgreSQL URI needs one).
    void set_log_path(std::string path) { chosen_log_path_ = std::move(path); }

    unsigned short port() const { return port_; }
    pid_t pid() const { return pid_; }
    const std::string& first_line() const { return first_line_; }
    std::string log() const;

  private:
    bool wait_exit(std::chrono::milliseconds timeout, int* status);

    pid_t pid_ = -1;
    int out_fd_ = -1;
    unsigned short port_ = 0;
    std::string log_path_, chosen_log_path_, first_line_;
    std::vector<std::string> wrapper_;
};

using Headers = std::vector<std::pair<std::string, std::string>>;

struct HttpResult {
    int status = 0;  // 0: no response (connection error or timeout)
    std::string content_type;
    std::string body;
    std::string error;
    Headers headers;  // all of the response's
    Json json() const { return Json::parse(body, nullptr, false); }
    // The first header of that name (any case), "" if none.
    std::string header(std::string_view name) const;
};

std::ostream& operator<<(std::ostream& os, const HttpResult& r);

// One request on a fresh connection (the server rate-limits per connection).
HttpResult http_request(unsigned short port, const std::string& method, const std::string& target,
                        const std::string& body = "",
                        const std::string& content_type = "application/json",
                        const Headers& headers = {});

inline HttpResult get(unsigned short port, const std::string& target) {
    return http_request(port, "GET", target);
}
inline HttpResult post(unsigned short port, const std::string& target, const Json& body) {
    return http_request(port, "POST", target, body.dump());
}

// Sends raw bytes and returns whatever comes back before the server closes the
// connection or the timeout passes.
std::string raw_exchange(unsigned short port, const std::string& bytes,
                         std::chrono::milliseconds timeout = kIoTimeout);

// The status code of the first HTTP response in raw bytes, 0 if none.
int raw_status(const std::string& reply);

// A WebSocket client whose every operation is bounded by a timeout. Every
// push it reads is applied to its view of the game (view()), as a client's.
class WsClient {
  public:
    WsClient();
    WsClient(const WsClient&) = delete;
    WsClient& operator=(const WsClient&) = delete;
    ~WsClient();

    // Connects to target (e.g. "/api/games/<id>/ws?token=..."); false on failure.
    // A client used before drops its connection and makes a new one.
    // A receive_buffer (bytes) makes the socket's receive window that small, so
    // that a client that does not read holds the server's writes up at once.
    // headers: more for the handshake (Cookie, Authorization, Origin).
    bool connect(unsigned short port, const std::string& target, int receive_buffer = 0,
                 const Headers& headers = {});
    bool send(const std::string& text, bool binary = false);
    bool send(const Json& j) { return send(j.dump()); }

    // The next message as text; nullopt on timeout, close or error (see last_error()).
    std::optional<std::string> next_text(std::chrono::milliseconds timeout = kIoTimeout);
    std::optional<Json> next(std::chrono::milliseconds timeout = kIoTimeout);

    // Reads messages until one satisfies pred; skipped messages are kept in skipped().
    std::optional<Json> wait_for(const std::function<bool(const Json&)>& pred,
                                 std::chrono::milliseconds timeout = kIoTimeout);

    // Reads messages until the view satisfies pred after a push; returns the view.
    std::optional<Json> wait_view(const std::function<bool(const Json&)>& pred,
                                  std::chrono::milliseconds timeout = kIoTimeout);

    // The view once its move list has `plies` entries.
    std::optional<Json> wait_state(std::size_t plies,
                                   std::chrono::milliseconds timeout = kIoTimeout);

    // The game as the pushes read so far have it (a state with "legal" compact).
    const Json& view() const { return view_; }
    // Pushes that did not follow the view (a missed push) and stale ones.
    int gaps() const { return gaps_; }
    int stale() const { return stale_; }
    // Full states received (type "state"), the first one included.
    int states() const { return states_; }

    // True if no message arrives within `quiet` (the connection stays open).
    bool silent_for(std::chrono::milliseconds quiet);

    void close();
    // Writes bytes straight to the TCP connection, bypassing WebSocket framing.
    bool send_raw_tcp(const std::string& bytes);
    // Drops the TCP connection without a closing handshake.
    void drop();

    const std::string& last_error() const { return last_error_; }
    // Whether the connection is open, as far as the reads so far tell.
    bool is_open() const { return open_; }
    const std::vector<Json>& skipped() const { return skipped_; }
    int received() const { return received_; }

  private:
    struct Io;
    std::unique_ptr<Io> io_;
    bool open_ = false;
    std::string last_error_;
    std::vector<Json> skipped_;
    int received_ = 0;
    Json view_ = Json::object();
    int gaps_ = 0, stale_ = 0, states_ = 0;
};

// One keep-alive HTTP/1.1 connection that sends requests one after another.
class KeepAliveClient {
  public:
    KeepAliveClient();
    ~KeepAliveClient();
    KeepAliveClient(const KeepAliveClient&) = delete;
    KeepAliveClient& operator=(const KeepAliveClient&) = delete;

    bool connect(unsigned short port);
    // One request on this connection; status 0 if the connection failed or closed.
    HttpResult request(const std::string& method, const std::string& target,
                       const std::string& body = "");
    // True if the server closes the connection within `timeout` without sending anything.
    bool closed_by_server_within(std::chrono::milliseconds timeout);

  private:
    struct Io;
    std::unique_ptr<Io> io_;
};

// An HTTP/1.1 keep-alive connection from a chosen loopback address (127.0.0.x),
// so a test can play several clients on one machine.
class RawConnection {
  public:
    RawConnection();
    ~RawConnection();
    RawConnection(const RawConnection&) = delete;
    RawConnection& operator=(const RawConnection&) = delete;

    bool open(unsigned short port, const std::string& from);
    // Sends a GET and returns the status of the reply (0 if none within the timeout).
    int get(const std::string& target);
    // The status of a reply the server sends on its own (a refusal), 0 if none.
    int read_status();

  private:
    struct Io;
    std::unique_ptr<Io> io_;
};

// --- Small conveniences over the API -------------------------------------------

struct Created {
    std::string id, token, side, invite;
    HttpResult raw;
};

inline Created create_game(unsigned short port, const Json& body) {
    Created c;
    c.raw = post(port, "/api/games", body);
    const Json j = c.raw.json();
    if (c.raw.status == 201 && j.is_object()) {
        c.id = j.value("id", "");
        c.token = j.value("token", "");
        c.side = j.value("side", "");
        c.invite = j.value("invite", "");
    }
    return c;
}

inline Json game_state(unsigned short port, const std::string& id, const std::string& token = "") {
    const HttpResult r = get(port, "/api/games/" + id + (token.empty() ? "" : "?token=" + token));
    Json j = r.json();
    if (r.status != 200 || !j.is_object()) {
        ADD_FAILURE() << "GET state of " << id << ": " << r;
        return Json::object();
    }
    return j;
}

inline HttpResult http_move(unsigned short port, const std::string& id, const std::string& token,
                            const std::string& move) {
    return post(port, "/api/games/" + id + "/move", Json{{"token", token}, {"move", move}});
}

inline std::vector<std::string> lans_of(const Json& state) {
    std::vector<std::string> out;
    if (state.contains("moves"))
        for (const auto& m : state["moves"]) out.push_back(m.value("lan", ""));
    return out;
}

inline std::vector<std::string> legal_lans(const Json& state) {
    std::vector<std::string> out;
    if (state.contains("legal"))
        for (const auto& m : decode_legal(state["legal"])) out.push_back(m.value("lan", ""));
    return out;
}

// Polls the state until pred holds (bounded).
inline Json poll_state(unsigned short port, const std::string& id, const std::string& token,
                       const std::function<bool(const Json&)>& pred,
                       std::chrono::milliseconds timeout) {
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    Json s;
    do {
        s = game_state(port, id, token);
        if (pred(s)) return s;
        std::this_thread::sleep_for(50ms);
    } while (std::chrono::steady_clock::now() < deadline);
    return s;
}

inline std::string ws_target(const std::string& id, const std::string& token) {
    return "/api/games/" + id + "/ws" + (token.empty() ? "" : "?token=" + token);
}

// A test with its own `chimera serve` on a fresh database (SQLite unless
// backend() says otherwise): started before each test and stopped cleanly
// (SIGTERM, exit status 0) after it, unless the test killed it.
class ServerFixture : public ::testing::Test {
  protected:
    ServerFixture() { server_.set_log_path(dir_.file("server.log")); }
    void SetUp() override {
        ASSERT_FALSE(db().empty());
        ASSERT_TRUE(server_.start(db()));
        ASSERT_NE(server_.first_line().find("(database " + db() + ","), std::string::npos)
            << "not serving from " << db() << ": " << server_.first_line();
    }
    void TearDown() override { EXPECT_TRUE(server_.stop()); }
    virtual Backend backend() const { return Backend::SQLITE; }
    unsigned short port() const { return server_.port(); }
    // The database as --db takes it: a file or a PostgreSQL URI (made on first use).
    const std::string& db() {
        if (db_.empty()) db_ = new_database(backend(), dir_.file("chimera.db"));
        return db_;
    }

    // Runs SQL on the database (while the server is stopped); the rows changed.
    int edit_db(const std::string& sql) {
        int changed = -1;
        query_database(db(), sql, &changed);
        return changed;
    }

    TempDir dir_;
    ServerProcess server_;
    std::string db_;
};

// ServerFixture on each backend: TEST_P tests of a fixture derived from it run
// on SQLite and on PostgreSQL (CHIMERA_ON_EACH_BACKEND).
class BackendServerFixture : public ServerFixture, public ::testing::WithParamInterface<Backend> {
  protected:
    Backend backend() const override { return GetParam(); }
};

#define CHIMERA_ON_EACH_BACKEND(Fixture)                                               \
    INSTANTIATE_TEST_SUITE_P(Backends, Fixture,                                        \
                             ::testing::Values(::chimera::testing::Backend::SQLITE,    \
                                               ::chimera::testing::Backend::POSTGRES), \
                             ::chimera::testing::backend_test_name)

}  // namespace chimera::testing
