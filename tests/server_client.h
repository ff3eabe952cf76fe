// Helpers for the black-box server tests: start the real `chimera serve`
// binary on a free port with its own database, and talk to it over real
// sockets — plain HTTP/1.1 with Beast's synchronous client, WebSocket with
// Beast's client driven by a private io_context so that every wait is bounded.
#pragma once

#include <fcntl.h>
#include <gtest/gtest.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sqlite3.h>
#include <sys/wait.h>
#include <unistd.h>

#include <boost/asio.hpp>
#include <boost/beast.hpp>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <random>
#include <regex>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

extern char** environ;

namespace chimera::testing {

// Whether this build runs under AddressSanitizer (gcc and clang spell it differently).
#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool kAddressSanitizer = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
inline constexpr bool kAddressSanitizer = true;
#else
inline constexpr bool kAddressSanitizer = false;
#endif
#else
inline constexpr bool kAddressSanitizer = false;
#endif

using Json = nlohmann::json;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
namespace net = boost::asio;
using tcp = net::ip::tcp;
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
    bool start(const std::string& db, const std::vector<std::string>& extra = {}) {
        kill_hard();
        int out_pipe[2];
        if (pipe2(out_pipe, O_CLOEXEC) != 0) {
            ADD_FAILURE() << "pipe2 failed";
            return false;
        }
        log_path_ = db + ".server.log";
        posix_spawn_file_actions_t actions;
        posix_spawn_file_actions_init(&actions);
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
        posix_spawn_file_actions_adddup2(&actions, out_pipe[1], 1);
        posix_spawn_file_actions_addopen(&actions, 2, log_path_.c_str(),
                                         O_WRONLY | O_CREAT | O_APPEND, 0644);
        std::vector<std::string> args{
            CHIMERA_BINARY, "serve",          "--port", "0", "--db", db, "--threads", "2",
            "--static",     db + ".no-static"};
        args.insert(args.end(), extra.begin(), extra.end());
        std::vector<char*> argv;
        for (auto& s : args) argv.push_back(s.data());
        argv.push_back(nullptr);
        const int rc = posix_spawn(&pid_, CHIMERA_BINARY, &actions, nullptr, argv.data(), environ);
        posix_spawn_file_actions_destroy(&actions);
        close(out_pipe[1]);
        if (rc != 0) {
            close(out_pipe[0]);
            pid_ = -1;
            ADD_FAILURE() << "cannot start " << CHIMERA_BINARY;
            return false;
        }
        out_fd_ = out_pipe[0];
        std::string line;
        const auto deadline = std::chrono::steady_clock::now() + kStartTimeout;
        while (line.find('\n') == std::string::npos) {
            const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                deadline - std::chrono::steady_clock::now());
            if (left.count() <= 0) break;
            pollfd p{out_fd_, POLLIN, 0};
            if (poll(&p, 1, static_cast<int>(left.count())) <= 0) break;
            char buf[512];
            const ssize_t n = read(out_fd_, buf, sizeof buf);
            if (n <= 0) break;
            line.append(buf, static_cast<std::size_t>(n));
        }
        first_line_ = line;
        static const std::regex kServing(R"(serving on http://localhost:(\d+)/)");
        std::smatch m;
        if (!std::regex_search(line, m, kServing)) {
            ADD_FAILURE() << "the server did not announce its port within the timeout; stdout: "
                          << line << "\nstderr: " << log();
            kill_hard();
            return false;
        }
        port_ = static_cast<unsigned short>(std::stoi(m[1]));
        return true;
    }

    // SIGTERM and wait for a clean exit (status 0); false if it hangs or fails.
    bool stop() {
        if (pid_ <= 0) return true;
        ::kill(pid_, SIGTERM);
        int status = 0;
        const bool exited = wait_exit(kStartTimeout, &status);
        if (!exited) {
            ADD_FAILURE() << "the server did not exit within the timeout after SIGTERM";
            kill_hard();
            return false;
        }
        if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
            ADD_FAILURE() << "the server exited with status " << status << "; stderr: " << log();
            return false;
        }
        return true;
    }

    // kill -9, then reap.
    void kill_hard() {
        if (pid_ > 0) {
            ::kill(pid_, SIGKILL);
            int status = 0;
            waitpid(pid_, &status, 0);
            pid_ = -1;
        }
        if (out_fd_ >= 0) close(out_fd_);
        out_fd_ = -1;
    }

    // True while the process runs (reaps it if it has exited).
    bool alive() {
        if (pid_ <= 0) return false;
        int status = 0;
        if (waitpid(pid_, &status, WNOHANG) == pid_) {
            pid_ = -1;
            return false;
        }
        return true;
    }

    unsigned short port() const { return port_; }
    pid_t pid() const { return pid_; }
    const std::string& first_line() const { return first_line_; }
    std::string log() const {
        std::ifstream in(log_path_);
        std::ostringstream s;
        s << in.rdbuf();
        return s.str().substr(0, 4000);
    }

  private:
    bool wait_exit(std::chrono::milliseconds timeout, int* status) {
        const auto deadline = std::chrono::steady_clock::now() + timeout;
        while (std::chrono::steady_clock::now() < deadline) {
            const pid_t r = waitpid(pid_, status, WNOHANG);
            if (r == pid_) {
                pid_ = -1;
                if (out_fd_ >= 0) close(out_fd_);
                out_fd_ = -1;
                return true;
            }
            std::this_thread::sleep_for(20ms);
        }
        return false;
    }

    pid_t pid_ = -1;
    int out_fd_ = -1;
    unsigned short port_ = 0;
    std::string log_path_, first_line_;
};

struct HttpResult {
    int status = 0;  // 0: no response (connection error or timeout)
    std::string content_type;
    std::string body;
    std::string error;
    Json json() const { return Json::parse(body, nullptr, false); }
};

inline std::ostream& operator<<(std::ostream& os, const HttpResult& r) {
    return os << "HTTP " << r.status << " " << r.body.substr(0, 600)
              << (r.error.empty() ? "" : " [" + r.error + "]");
}

// One request on a fresh connection (the server rate-limits per connection).
inline HttpResult http_request(unsigned short port, const std::string& method,
                               const std::string& target, const std::string& body = "",
                               const std::string& content_type = "application/json") {
    HttpResult out;
    net::io_context ioc;
    beast::tcp_stream stream(ioc);
    http::request<http::string_body> req{http::string_to_verb(method), target, 11};
    req.set(http::field::host, "localhost");
    if (!body.empty() || method == "POST") {
        req.set(http::field::content_type, content_type);
        req.body() = body;
    }
    req.prepare_payload();
    beast::flat_buffer buffer;
    http::response_parser<http::string_body> parser;
    parser.body_limit(16 * 1024 * 1024);
    bool done = false;
    beast::error_code error;
    stream.expires_after(kIoTimeout);
    stream.async_connect(
        tcp::endpoint(net::ip::make_address("127.0.0.1"), port), [&](beast::error_code ec) {
            if (ec) return done = true, void(error = ec);
            http::async_write(stream, req, [&](beast::error_code ec2, std::size_t) {
                // A server may answer (413) before reading the whole body; still read the answer.
                (void)ec2;
                http::async_read(stream, buffer, parser, [&](beast::error_code ec3, std::size_t) {
                    error = ec3;
                    done = true;
                });
            });
        });
    ioc.run_for(kIoTimeout + 2s);
    if (!done) {
        out.error = "timed out";
        return out;
    }
    if (error && !parser.is_header_done()) {
        out.error = error.message();
        return out;
    }
    const auto& res = parser.get();
    out.status = static_cast<int>(res.result_int());
    out.content_type = std::string(res[http::field::content_type]);
    out.body = res.body();
    return out;
}

inline HttpResult get(unsigned short port, const std::string& target) {
    return http_request(port, "GET", target);
}
inline HttpResult post(unsigned short port, const std::string& target, const Json& body) {
    return http_request(port, "POST", target, body.dump());
}

// Sends raw bytes and returns whatever comes back before the server closes the
// connection or the timeout passes.
inline std::string raw_exchange(unsigned short port, const std::string& bytes,
                                std::chrono::milliseconds timeout = kIoTimeout) {
    net::io_context ioc;
    tcp::socket socket(ioc);
    std::string reply;
    std::array<char, 4096> buf{};
    std::function<void()> read_more;
    read_more = [&] {
        socket.async_read_some(net::buffer(buf), [&](beast::error_code ec, std::size_t n) {
            reply.append(buf.data(), n);
            if (!ec) read_more();
        });
    };
    socket.async_connect(
        tcp::endpoint(net::ip::make_address("127.0.0.1"), port), [&](beast::error_code ec) {
            if (ec) return;
            net::async_write(socket, net::buffer(bytes), [&](beast::error_code, std::size_t) {});
            read_more();
        });
    ioc.run_for(timeout);
    return reply;
}

// The status code of the first HTTP response in raw bytes, 0 if none.
inline int raw_status(const std::string& reply) {
    static const std::regex kStatus(R"(^HTTP/1\.[01] (\d{3}))");
    std::smatch m;
    return std::regex_search(reply, m, kStatus) ? std::stoi(m[1]) : 0;
}

// Runs a client's private io_context until flag is set or the timeout passes;
// returns the flag.
inline bool run_io_until(net::io_context& ioc, bool& flag, std::chrono::milliseconds timeout) {
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    if (ioc.stopped()) ioc.restart();
    while (!flag && std::chrono::steady_clock::now() < deadline) {
        ioc.run_one_for(deadline - std::chrono::steady_clock::now());
        if (ioc.stopped()) ioc.restart();
    }
    return flag;
}

// A WebSocket client whose every operation is bounded by a timeout.
class WsClient {
  public:
    WsClient() : ws_(ioc_) {}
    WsClient(const WsClient&) = delete;
    WsClient& operator=(const WsClient&) = delete;
    ~WsClient() {
        beast::error_code ec;
        beast::get_lowest_layer(ws_).socket().close(ec);
        ioc_.restart();
        ioc_.poll();
    }

    // Connects to target (e.g. "/api/games/<id>/ws?token=..."); false on failure.
    bool connect(unsigned short port, const std::string& target) {
        bool done = false;
        beast::error_code error;
        auto& layer = beast::get_lowest_layer(ws_);
        layer.async_connect(
            tcp::endpoint(net::ip::make_address("127.0.0.1"), port), [&](beast::error_code ec) {
                if (ec) return done = true, void(error = ec);
                ws_.async_handshake("localhost", target, [&](beast::error_code ec2) {
                    error = ec2;
                    done = true;
                });
            });
        if (!run_until(done) || error) {
            last_error_ = done ? error.message() : "timed out";
            return false;
        }
        ws_.read_message_max(8 * 1024 * 1024);
        open_ = true;
        return true;
    }

    bool send(const std::string& text, bool binary = false) {
        bool done = false;
        beast::error_code error;
        ws_.binary(binary);
        ws_.async_write(net::buffer(text), [&](beast::error_code ec, std::size_t) {
            error = ec;
            done = true;
        });
        if (!run_until(done) || error) {
            last_error_ = done ? error.message() : "timed out";
            return false;
        }
        return true;
    }
    bool send(const Json& j) { return send(j.dump()); }

    // The next message as text; nullopt on timeout, close or error (see last_error()).
    std::optional<std::string> next_text(std::chrono::milliseconds timeout = kIoTimeout) {
        if (!pending_) {
            buffer_.consume(buffer_.size());
            read_done_ = false;
            pending_ = true;
            ws_.async_read(buffer_, [this](beast::error_code ec, std::size_t) {
                read_error_ = ec;
                read_done_ = true;
            });
        }
        if (!run_until(read_done_, timeout)) {
            last_error_ = "timed out";
            return std::nullopt;  // the read stays pending; a later call continues it
        }
        pending_ = false;
        if (read_error_) {
            last_error_ = read_error_.message();
            open_ = false;
            return std::nullopt;
        }
        ++received_;
        return beast::buffers_to_string(buffer_.data());
    }

    std::optional<Json> next(std::chrono::milliseconds timeout = kIoTimeout) {
        auto t = next_text(timeout);
        if (!t) return std::nullopt;
        Json j = Json::parse(*t, nullptr, false);
        if (j.is_discarded()) {
            last_error_ = "not JSON: " + t->substr(0, 200);
            return std::nullopt;
        }
        return j;
    }

    // Reads messages until one satisfies pred; skipped messages are kept in skipped().
    std::optional<Json> wait_for(const std::function<bool(const Json&)>& pred,
                                 std::chrono::milliseconds timeout = kIoTimeout) {
        const auto deadline = std::chrono::steady_clock::now() + timeout;
        while (true) {
            const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                deadline - std::chrono::steady_clock::now());
            if (left.count() <= 0) {
                last_error_ = "timed out waiting for a matching message";
                return std::nullopt;
            }
            auto j = next(left);
            if (!j) return std::nullopt;
            if (pred(*j)) return j;
            skipped_.push_back(*j);
        }
    }

    // The next "state" push whose move list has `plies` entries.
    std::optional<Json> wait_state(std::size_t plies,
                                   std::chrono::milliseconds timeout = kIoTimeout) {
        return wait_for(
            [&](const Json& j) {
                return j.value("type", "") == "state" && j["moves"].size() == plies;
            },
            timeout);
    }

    // True if no message arrives within `quiet` (the connection stays open).
    bool silent_for(std::chrono::milliseconds quiet) {
        auto t = next_text(quiet);
        if (t) {
            skipped_.push_back(Json::parse(*t, nullptr, false));
            return false;
        }
        return last_error_ == "timed out";
    }

    void close() {
        if (!open_) return;
        bool done = false;
        ws_.async_close(websocket::close_code::normal, [&](beast::error_code) { done = true; });
        run_until(done, 2s);
        open_ = false;
    }

    // Writes bytes straight to the TCP connection, bypassing WebSocket framing.
    bool send_raw_tcp(const std::string& bytes) {
        bool done = false;
        beast::error_code error;
        net::async_write(beast::get_lowest_layer(ws_).socket(), net::buffer(bytes),
                         [&](beast::error_code ec, std::size_t) {
                             error = ec;
                             done = true;
                         });
        return run_until(done) && !error;
    }

    // Drops the TCP connection without a closing handshake.
    void drop() {
        beast::error_code ec;
        beast::get_lowest_layer(ws_).socket().close(ec);
        open_ = false;
    }

    const std::string& last_error() const { return last_error_; }
    const std::vector<Json>& skipped() const { return skipped_; }
    int received() const { return received_; }

  private:
    bool run_until(bool& flag, std::chrono::milliseconds timeout = kIoTimeout) {
        return run_io_until(ioc_, flag, timeout);
    }

    net::io_context ioc_;
    websocket::stream<beast::tcp_stream> ws_;
    beast::flat_buffer buffer_;
    bool pending_ = false, read_done_ = false, open_ = false;
    beast::error_code read_error_;
    std::string last_error_;
    std::vector<Json> skipped_;
    int received_ = 0;
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
    if (state.contains("legal_moves"))
        for (const auto& m : state["legal_moves"]) out.push_back(m.value("lan", ""));
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

// A test with its own `chimera serve` on a fresh database: started before each
// test and stopped cleanly (SIGTERM, exit status 0) after it, unless the test
// killed it.
class ServerFixture : public ::testing::Test {
  protected:
    void SetUp() override { ASSERT_TRUE(server_.start(db())); }
    void TearDown() override { EXPECT_TRUE(server_.stop()); }
    unsigned short port() const { return server_.port(); }
    std::string db() const { return dir_.file("chimera.db"); }

    // Runs SQL on the database (while the server is stopped); the rows changed.
    int edit_db(const std::string& sql) {
        sqlite3* handle = nullptr;
        EXPECT_EQ(sqlite3_open(db().c_str(), &handle), SQLITE_OK);
        char* msg = nullptr;
        const int rc = sqlite3_exec(handle, sql.c_str(), nullptr, nullptr, &msg);
        EXPECT_EQ(rc, SQLITE_OK) << sql << ": " << (msg ? msg : "");
        sqlite3_free(msg);
        const int changed = sqlite3_changes(handle);
        sqlite3_close(handle);
        return changed;
    }

    TempDir dir_;
    ServerProcess server_;
};

}  // namespace chimera::testing
