// chimera_loadgen: a load generator for `chimera serve` (a tool, not a test).
//
// It creates N local-mode games (one token moves both sides), opens a
// WebSocket per game and plays random legal moves, taken from the pushed
// state's legal moves, in all games at once on loopback. It measures the move
// round trip (move sent → the state with the new ply received), the moves per
// second, and the server's resident memory (VmRSS in /proc/<pid>/status)
// before the games, after creating them, after connecting and after playing.
// A game that ends, or reaches --max-plies (then resigned), is replaced by a
// new one, so N games stay in play. Bounded by --seconds and --max-moves.
// By default every client moves as soon as it sees the state (a closed loop:
// it measures the server's capacity, and latency is then N / throughput);
// with --think-ms MS each client pauses 0.5-1.5 x MS before each move, like a
// player, and the latency is that of a server under that offered load.
//
//   chimera_loadgen --server build/chimera --games 1000 [--seconds 20]
//   chimera_loadgen --port 8080 --pid <server pid> --games 100
//
// With --server it starts `chimera serve --port 0` itself on a fresh database
// in a temporary directory (and stops it at the end), or on --db FILE (kept),
// and reports how long the start took (until the server announced its port).
// --list-pollers N --list-rate R add N clients that read the game list
// (GET /api/games?limit=--list-limit, default 200) R times a second in all,
// on keep-alive connections, during play; their latency is reported too.
//
// --analysts N keeps N analysis searches running during play (three lines of
// chess each, a new position every --analyst-hold-ms, default 10 s) and
// reports how long each took to reach depth 10 (tools/loadgen_analysts.h).
// --lobby-viewers N keeps N lobby WebSockets open during play, each reading
// every change of the list, while --lobby-churn R challenges a second (default
// 5) are posted and cancelled; it reports how long a challenge took to reach
// every viewer (tools/loadgen_lobby.h).
//
//   tools/fill-finished-games /tmp/f.db 100000 build/chimera
//   chimera_loadgen --server build/chimera --db /tmp/f.db --games 100 --think-ms 1000
//       --list-pollers 4 --list-rate 10
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

// Boost 1.74's asio/awaitable.hpp uses std::exchange without including <utility>.
// clang-format off
#include <utility>
// clang-format on

#include <algorithm>
#include <atomic>
#include <boost/asio.hpp>
#include <boost/beast.hpp>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "loadgen_analysts.h"
#include "loadgen_lobby.h"

extern char** environ;

namespace chimera::loadgen {

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
namespace net = boost::asio;
using tcp = net::ip::tcp;
using Json = nlohmann::json;
using Clock = std::chrono::steady_clock;
using namespace std::chrono_literals;

struct Options {
    std::string server;  // chimera binary to start, or empty
    unsigned short port = 0;
    pid_t pid = 0;
    int games = 100;
    double seconds = 20;
    long max_moves = 2'000'000;
    int max_plies = 200;
    int threads = 2;
    int server_threads = 2;
    int parallel = 64;  // setup requests and handshakes in flight
    // POST /api/games requires a variant (it had a default when this tool was written).
    std::string variant = "chess";
    unsigned seed = 1;
    int think_ms = 0;  // mean pause before each move (uniform in [0.5, 1.5] x); 0 = closed loop
    std::string db;    // with --server: the database to serve (kept), else a fresh one
    int list_pollers = 0;
    double list_rate = 10;  // game list requests per second, all pollers together
    int list_limit = 200;
    int analysts = 0;  // analysis searches kept running during play (loadgen_analysts.h)
    int analyst_hold_ms = 10000;
    int lobby_viewers = 0;   // lobby WebSockets open during play (loadgen_lobby.h)
    double lobby_churn = 5;  // challenges posted and cancelled a second
};

// The LANs of a state's compact legal moves (docs/api.md, "Legal moves"): under
// each key, a destination string ("x" before a capture's) makes key + square;
// an object gives its own lan or the same default.
std::vector<std::string> legal_lans(const Json& legal) {
    std::vector<std::string> out;
    for (const auto& [key, moves] : legal.items())
        for (const Json& m : moves) {
            if (m.is_object()) {
                out.push_back(m.value("lan", key + m.value("to", "")));
                continue;
            }
            const std::string to = m.get<std::string>();
            out.push_back(key + (to.rfind('x', 0) == 0 ? to.substr(1) : to));
        }
    return out;
}

long rss_kb(pid_t pid) {
    std::ifstream in("/proc/" + std::to_string(pid) + "/status");
    std::string line;
    while (std::getline(in, line))
        if (line.rfind("VmRSS:", 0) == 0) return std::atol(line.c_str() + 6);
    return -1;
}

// utime + stime of a process, in seconds.
double cpu_seconds(pid_t pid) {
    std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
    std::string s((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const auto close = s.rfind(')');
    if (close == std::string::npos) return 0;
    std::istringstream fields(s.substr(close + 2));
    std::string f;
    double ut = 0, st = 0;
    for (int i = 3; fields >> f; ++i) {
        if (i == 14) ut = std::atof(f.c_str());
        if (i == 15) {
            st = std::atof(f.c_str());
            break;
        }
    }
    return (ut + st) / static_cast<double>(sysconf(_SC_CLK_TCK));
}

struct Shared {
    Shared(net::io_context& c, Options o, tcp::endpoint e)
        : ioc(c), opt(std::move(o)), endpoint(std::move(e)) {}
    net::io_context& ioc;
    Options opt;
    tcp::endpoint endpoint;
    std::atomic<int> created{0}, connected{0}, setup_failed{0};
    std::atomic<bool> playing{false}, stopping{false};
    std::atomic<long> moves{0}, throttled{0}, errors{0}, finished{0}, replaced{0}, in_flight{0},
        disconnects{0};
    std::mutex log_mutex;
    int logged = 0;
    void log(const std::string& s) {
        std::lock_guard lock(log_mutex);
        if (++logged <= 10) std::cerr << "loadgen: " << s << '\n';
    }
};

class Client : public std::enable_shared_from_this<Client> {
  public:
    Client(Shared& shared, int index)
        : sh_(shared),
          strand_(net::make_strand(shared.ioc)),
          rng_(shared.opt.seed * 7919u + static_cast<unsigned>(index)) {}

    // Setup: create a game (then `on_created` is called on the strand).
    void create(std::function<void(bool)> done) {
        net::post(strand_, [self = shared_from_this(), done = std::move(done)]() mutable {
            self->after_create_ = std::move(done);
            self->do_create();
        });
    }
    // Setup: connect the WebSocket (then `done` once the first state arrived).
    void connect(std::function<void(bool)> done) {
        net::post(strand_, [self = shared_from_this(), done = std::move(done)]() mutable {
            self->after_connect_ = std::move(done);
            self->do_connect();
        });
    }
    void go() {
        net::post(strand_, [self = shared_from_this()] { self->think_then_move(); });
    }
    void close() {
        net::post(strand_, [self = shared_from_this()] {
            self->closed_ = true;
            if (self->conn_) {
                beast::error_code ec;
                beast::get_lowest_layer(self->conn_->ws).socket().close(ec);
            }
        });
    }
    const std::vector<std::uint32_t>& latencies() const { return latencies_us_; }

  private:
    // --- HTTP: POST /api/games -------------------------------------------------
    void do_create() {
        http_.emplace(strand_);
        req_ = {http::verb::post, "/api/games", 11};
        req_.set(http::field::host, "localhost");
        req_.set(http::field::content_type, "application/json");
        req_.keep_alive(false);
        Json body{{"mode", "local"}};
        body["variant"] = sh_.opt.variant;
        req_.body() = body.dump();
        req_.prepare_payload();
        res_ = {};
        hbuf_.clear();
        http_->expires_after(60s);
        http_->async_connect(sh_.endpoint, [self = shared_from_this()](beast::error_code ec) {
            if (ec) return self->created(false, "connect: " + ec.message());
            http::async_write(*self->http_, self->req_, [self](beast::error_code ec2, std::size_t) {
                if (ec2) return self->created(false, "write: " + ec2.message());
                http::async_read(*self->http_, self->hbuf_, self->res_,
                                 [self](beast::error_code ec3, std::size_t) {
                                     if (ec3) return self->created(false, "read: " + ec3.message());
                                     const Json j = Json::parse(self->res_.body(), nullptr, false);
                                     if (self->res_.result_int() != 201 || !j.is_object())
                                         return self->created(
                                             false, "create: HTTP " +
                                                        std::to_string(self->res_.result_int()) +
                                                        " " + self->res_.body().substr(0, 200));
                                     self->id_ = j.value("id", "");
                                     self->token_ = j.value("token", "");
                                     self->created(true, "");
                                 });
            });
        });
    }

    void created(bool ok, const std::string& why) {
        beast::error_code ec;
        if (http_) http_->socket().close(ec);
        http_.reset();
        if (!ok) sh_.log(why);
        if (after_create_) {
            auto f = std::move(after_create_);
            after_create_ = nullptr;
            return f(ok);
        }
        // A replacement game during play.
        if (!ok) return sh_.errors++, void();
        do_connect();
    }

    // --- WebSocket -------------------------------------------------------------
    // One connection per game played; handlers of a replaced connection find
    // that it is no longer the current one and do nothing.
    struct Conn {
        explicit Conn(net::strand<net::io_context::executor_type> s) : ws(s) {}
        websocket::stream<beast::tcp_stream> ws;
        beast::flat_buffer buf;
        std::deque<std::string> outq;
        bool writing = false;
    };

    void do_connect() {
        auto c = std::make_shared<Conn>(strand_);
        conn_ = c;
        ready_ = waiting_ = over_ = resigning_ = false;
        beast::get_lowest_layer(c->ws).expires_after(60s);
        beast::get_lowest_layer(c->ws).async_connect(sh_.endpoint, [self = shared_from_this(),
                                                                    c](beast::error_code ec) {
            if (c != self->conn_) return;
            if (ec) return self->connected(false, "ws connect: " + ec.message());
            beast::get_lowest_layer(c->ws).expires_never();
            c->ws.set_option(websocket::stream_base::timeout::suggested(beast::role_type::client));
            c->ws.read_message_max(4 * 1024 * 1024);
            c->ws.async_handshake(
                "localhost", "/api/games/" + self->id_ + "/ws?token=" + self->token_,
                [self, c](beast::error_code ec2) {
                    if (c != self->conn_) return;
                    if (ec2) return self->connected(false, "handshake: " + ec2.message());
                    self->do_read(c);
                });
        });
    }

    void connected(bool ok, const std::string& why) {
        if (!ok) sh_.log(why);
        if (after_connect_) {
            auto f = std::move(after_connect_);
            after_connect_ = nullptr;
            return f(ok);
        }
        if (!ok) sh_.errors++;
    }

    void do_read(const std::shared_ptr<Conn>& c) {
        c->ws.async_read(c->buf, [self = shared_from_this(), c](beast::error_code ec, std::size_t) {
            if (c != self->conn_) return;
            if (ec) {
                if (!self->closed_ && !self->sh_.stopping) {
                    self->sh_.disconnects++;
                    self->sh_.log("read: " + ec.message());
                }
                if (self->waiting_) self->sh_.in_flight--, self->waiting_ = false;
                if (!self->ready_) self->connected(false, "closed before the first state");
                self->conn_.reset();
                return;
            }
            const std::string text = beast::buffers_to_string(c->buf.data());
            c->buf.consume(c->buf.size());
            self->handle(text);
            if (c == self->conn_) self->do_read(c);
        });
    }

    void handle(const std::string& text) {
        const Json j = Json::parse(text, nullptr, false);
        if (!j.is_object()) return sh_.log("not JSON: " + text.substr(0, 100));
        const std::string type = j.value("type", "");
        if (type == "state" || type == "move" || type == "update") {
            // Each push follows the one before on this socket (the server
            // replaces what a slow reader missed with a full state).
            if (type == "state") plies_ = j["moves"].size();
            if (type == "move") plies_ = j.value("ply", plies_);
            // "status" says whether the game goes on (an aborted game's result is "*").
            if (j.contains("status")) over_ = j.value("status", "playing") != "playing";
            if (j.contains("legal")) legal_ = legal_lans(j["legal"]);
            if (waiting_ && plies_ == expect_) {
                const auto us =
                    std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - sent_)
                        .count();
                latencies_us_.push_back(
                    static_cast<std::uint32_t>(std::min<long long>(us, UINT32_MAX)));
                waiting_ = false;
                sh_.in_flight--;
                sh_.moves++;
            }
            if (!ready_) {
                ready_ = true;
                connected(true, "");
            }
            if (sh_.playing) think_then_move();
        } else if (type == "error") {
            if (waiting_) sh_.in_flight--, waiting_ = false;
            if (j.value("status", 0) == 429) {
                // Rate-limited: wait, then play again.
                sh_.throttled++;
                auto timer = std::make_shared<net::steady_timer>(strand_, 100ms);
                timer->async_wait(
                    [self = shared_from_this(), timer](beast::error_code) { self->maybe_move(); });
            } else {
                sh_.errors++;
                sh_.log("error message: " + text.substr(0, 200));
                if (j.value("status", 0) == 409) replace();
            }
        }
    }

    // Closed loop: move at once. Paced: move after a random pause, like a player.
    void think_then_move() {
        if (sh_.opt.think_ms <= 0) return maybe_move();
        if (thinking_ || waiting_) return;
        thinking_ = true;
        const int ms = std::uniform_int_distribution<int>(sh_.opt.think_ms / 2,
                                                          sh_.opt.think_ms * 3 / 2)(rng_);
        auto timer = std::make_shared<net::steady_timer>(strand_, std::chrono::milliseconds(ms));
        timer->async_wait([self = shared_from_this(), timer](beast::error_code) {
            self->thinking_ = false;
            self->maybe_move();
        });
    }

    void maybe_move() {
        if (closed_ || sh_.stopping || !sh_.playing || waiting_ || !conn_ || !ready_) return;
        if (sh_.moves.load() + sh_.in_flight.load() >= sh_.opt.max_moves) return;
        if (over_) {
            sh_.finished++;
            return replace();
        }
        if (static_cast<int>(plies_) >= sh_.opt.max_plies) {
            if (!resigning_) {
                resigning_ = true;
                send(R"({"type":"resign"})");
            }
            return;  // the state with the result triggers the replacement
        }
        if (legal_.empty()) return;
        const std::string& mv =
            legal_[std::uniform_int_distribution<std::size_t>(0, legal_.size() - 1)(rng_)];
        waiting_ = true;
        expect_ = plies_ + 1;
        sh_.in_flight++;
        sent_ = Clock::now();
        send(Json{{"type", "move"}, {"move", mv}}.dump());
    }

    void send(std::string msg) {
        conn_->outq.push_back(std::move(msg));
        if (!conn_->writing) do_write(conn_);
    }
    void do_write(const std::shared_ptr<Conn>& c) {
        c->writing = true;
        c->ws.text(true);
        c->ws.async_write(net::buffer(c->outq.front()),
                          [self = shared_from_this(), c](beast::error_code ec, std::size_t) {
                              c->writing = false;
                              if (ec) return;
                              c->outq.pop_front();
                              if (!c->outq.empty()) self->do_write(c);
                          });
    }

    // The game is over: drop this connection and play a new game.
    void replace() {
        if (!conn_ || sh_.stopping) return;
        sh_.replaced++;
        beast::error_code ec;
        beast::get_lowest_layer(conn_->ws).socket().close(ec);
        conn_.reset();
        net::post(strand_, [self = shared_from_this()] { self->do_create(); });
    }

    Shared& sh_;
    net::strand<net::io_context::executor_type> strand_;
    std::mt19937 rng_;
    std::optional<beast::tcp_stream> http_;
    http::request<http::string_body> req_;
    http::response<http::string_body> res_;
    beast::flat_buffer hbuf_;
    std::shared_ptr<Conn> conn_;
    std::function<void(bool)> after_create_, after_connect_;
    std::string id_, token_;
    std::vector<std::string> legal_;
    std::size_t plies_ = 0, expect_ = 0;
    bool ready_ = false, waiting_ = false, over_ = false, resigning_ = false, closed_ = false,
         thinking_ = false;
    Clock::time_point sent_;
    std::vector<std::uint32_t> latencies_us_;
};

// One client reading the game list on a keep-alive connection every `period`
// (from a random phase) until stop; each request's round trip in microseconds.
void poll_list(const Options& opt, tcp::endpoint endpoint, Clock::duration period, unsigned seed,
               const std::atomic<bool>& stop, std::vector<std::uint32_t>& out,
               std::atomic<long>& failures) {
    net::io_context ioc;
    std::optional<beast::tcp_stream> stream;
    beast::flat_buffer buf;
    std::mt19937 rng(seed);
    auto next = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                   period * std::uniform_real_distribution<double>(0, 1)(rng));
    const std::string target = "/api/games?limit=" + std::to_string(opt.list_limit);
    while (!stop) {
        std::this_thread::sleep_until(next);
        next += period;
        try {
            if (!stream) {
                stream.emplace(ioc);
                stream->connect(endpoint);
            }
            http::request<http::empty_body> req{http::verb::get, target, 11};
            req.set(http::field::host, "localhost");
            req.keep_alive(true);
            http::response<http::string_body> res;
            const auto sent = Clock::now();
            http::write(*stream, req);
            http::read(*stream, buf, res);
            const auto us =
                std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - sent).count();
            if (res.result_int() != 200) ++failures;
            out.push_back(static_cast<std::uint32_t>(std::min<long long>(us, UINT32_MAX)));
            if (!res.keep_alive()) stream.reset();
        } catch (const std::exception&) {
            ++failures;
            stream.reset();
        }
    }
}

// The p-th quantile (0-1) of sorted microseconds, in milliseconds.
double quantile_ms(const std::vector<std::uint32_t>& sorted, double p) {
    if (sorted.empty()) return 0.0;
    return sorted[static_cast<std::size_t>(p * static_cast<double>(sorted.size() - 1))] / 1000.0;
}

// Runs `step(i, done)` for i in [0, n) with at most `parallel` in flight; waits
// (bounded) until all have called done. Returns the number that succeeded.
int run_phase(int n, int parallel, std::chrono::seconds timeout,
              std::function<void(int, std::function<void(bool)>)> step) {
    struct State : std::enable_shared_from_this<State> {
        std::mutex m;
        std::condition_variable cv;
        int n = 0, next = 0, done = 0, ok = 0;
        std::function<void(int, std::function<void(bool)>)> step;
        void launch() {
            int i;
            {
                std::lock_guard lock(m);
                if (next >= n) return;
                i = next++;
            }
            step(i, [self = shared_from_this()](bool success) {
                {
                    std::lock_guard lock(self->m);
                    ++self->done;
                    self->ok += success;
                }
                self->cv.notify_all();
                self->launch();
            });
        }
    };
    auto st = std::make_shared<State>();
    st->n = n;
    st->step = std::move(step);
    for (int i = 0; i < std::min(n, parallel); ++i) st->launch();
    std::unique_lock lock(st->m);
    st->cv.wait_for(lock, timeout, [&] { return st->done >= n; });
    return st->ok;
}

pid_t start_server(const Options& opt, const std::string& db, unsigned short& port,
                   std::string& first_line) {
    int out_pipe[2];
    if (pipe(out_pipe) != 0) return -1;
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&actions, out_pipe[1], 1);
    posix_spawn_file_actions_addclose(&actions, out_pipe[0]);
    std::vector<std::string> args{opt.server, "serve", "--port", "0", "--db", db, "--threads",
                                  std::to_string(opt.server_threads), "--static", db + ".none",
                                  // every client is on loopback: lift the per-address flood limits
                                  "--max-connections-per-address", "999999", "--games-per-minute",
                                  "999999", "--analysis-per-address",
                                  std::to_string(std::max(1, opt.analysts)), "--analysis-searches",
                                  std::to_string(std::max(32, opt.analysts))};
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    pid_t pid = -1;
    const int rc = posix_spawn(&pid, opt.server.c_str(), &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    ::close(out_pipe[1]);
    if (rc != 0) return -1;
    std::string line;
    char c;
    const auto deadline = Clock::now() + 30s;
    while (Clock::now() < deadline && read(out_pipe[0], &c, 1) == 1 && c != '\n') line += c;
    const auto at = line.find("localhost:");
    if (at == std::string::npos) {
        kill(pid, SIGKILL);
        waitpid(pid, nullptr, 0);
        return -1;
    }
    port = static_cast<unsigned short>(std::atoi(line.c_str() + at + 10));
    first_line = line;
    // Keep draining stdout so the server never blocks on it.
    std::thread([fd = out_pipe[0]] {
        char b[256];
        while (read(fd, b, sizeof b) > 0) {
        }
        ::close(fd);
    }).detach();
    return pid;
}

int usage() {
    std::cerr << "usage: chimera_loadgen (--server PATH | --port N [--pid PID]) [--games N] "
                 "[--seconds S]\n"
                 "         [--max-moves N] [--max-plies N] [--threads N] [--server-threads N]\n"
                 "         [--parallel N] [--variant ID] [--seed N] [--think-ms MS] [--db FILE]\n"
                 "         [--list-pollers N] [--list-rate R] [--list-limit N]\n"
                 "         [--analysts N] [--analyst-hold-ms MS]\n"
                 "         [--lobby-viewers N] [--lobby-churn R]\n";
    return 2;
}

int run(int argc, char** argv) {
    Options opt;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (i + 1 >= argc) return usage();
        const std::string v = argv[++i];
        if (a == "--server")
            opt.server = v;
        else if (a == "--port")
            opt.port = static_cast<unsigned short>(std::stoi(v));
        else if (a == "--pid")
            opt.pid = std::stoi(v);
        else if (a == "--games")
            opt.games = std::max(1, std::stoi(v));
        else if (a == "--seconds")
            opt.seconds = std::max(0.1, std::stod(v));
        else if (a == "--max-moves")
            opt.max_moves = std::max(1L, std::stol(v));
        else if (a == "--max-plies")
            opt.max_plies = std::max(1, std::stoi(v));
        else if (a == "--threads")
            opt.threads = std::clamp(std::stoi(v), 1, 64);
        else if (a == "--server-threads")
            opt.server_threads = std::clamp(std::stoi(v), 1, 64);
        else if (a == "--parallel")
            opt.parallel = std::clamp(std::stoi(v), 1, 4096);
        else if (a == "--variant")
            opt.variant = v;
        else if (a == "--think-ms")
            opt.think_ms = std::clamp(std::stoi(v), 0, 600000);
        else if (a == "--seed")
            opt.seed = static_cast<unsigned>(std::stoul(v));
        else if (a == "--db")
            opt.db = v;
        else if (a == "--list-pollers")
            opt.list_pollers = std::clamp(std::stoi(v), 0, 256);
        else if (a == "--list-rate")
            opt.list_rate = std::clamp(std::stod(v), 0.1, 10000.0);
        else if (a == "--list-limit")
            opt.list_limit = std::clamp(std::stoi(v), 1, 200);
        else if (a == "--analysts")
            opt.analysts = std::clamp(std::stoi(v), 0, 1000);
        else if (a == "--analyst-hold-ms")
            opt.analyst_hold_ms = std::clamp(std::stoi(v), 100, 600000);
        else if (a == "--lobby-viewers")
            opt.lobby_viewers = std::clamp(std::stoi(v), 0, 20000);
        else if (a == "--lobby-churn")
            opt.lobby_churn = std::clamp(std::stod(v), 0.0, 100.0);
        else
            return usage();
    }
    if (opt.server.empty() && opt.port == 0) return usage();

    // Two descriptors per game here, one per game in the server (a child inherits this).
    rlimit lim{};
    if (getrlimit(RLIMIT_NOFILE, &lim) == 0) {
        lim.rlim_cur = lim.rlim_max;
        setrlimit(RLIMIT_NOFILE, &lim);
        if (lim.rlim_cur < static_cast<rlim_t>(opt.games) * 2 + 64)
            std::cerr << "loadgen: warning: the descriptor limit " << lim.rlim_cur << " is low for "
                      << opt.games << " games (ulimit -n)\n";
    }

    std::string tmpdir, first_line;
    double start_ms = 0;
    if (!opt.server.empty()) {
        char templ[] = "/tmp/chimera-loadgen-XXXXXX";
        if (!mkdtemp(templ)) return std::cerr << "loadgen: mkdtemp failed\n", 1;
        tmpdir = templ;
        const auto spawned = Clock::now();
        opt.pid =
            start_server(opt, opt.db.empty() ? tmpdir + "/load.db" : opt.db, opt.port, first_line);
        start_ms = std::chrono::duration<double, std::milli>(Clock::now() - spawned).count();
        if (opt.pid <= 0) return std::cerr << "loadgen: cannot start " << opt.server << '\n', 1;
    }

    net::io_context ioc;
    Shared sh(ioc, opt,
              tcp::endpoint(net::ip::make_address("127.0.0.1"), opt.port));  // loopback only
    auto guard = net::make_work_guard(ioc);
    std::vector<std::thread> threads;
    for (int i = 0; i < opt.threads; ++i) threads.emplace_back([&] { ioc.run(); });

    std::vector<std::shared_ptr<Client>> clients;
    for (int i = 0; i < opt.games; ++i) clients.push_back(std::make_shared<Client>(sh, i));

    const long rss0 = opt.pid ? rss_kb(opt.pid) : -1;
    auto t = Clock::now();
    const int created =
        run_phase(opt.games, opt.parallel, 600s, [&](int i, std::function<void(bool)> done) {
            clients[static_cast<std::size_t>(i)]->create(std::move(done));
        });
    const double create_s = std::chrono::duration<double>(Clock::now() - t).count();
    std::this_thread::sleep_for(200ms);
    const long rss1 = opt.pid ? rss_kb(opt.pid) : -1;
    t = Clock::now();
    const int connected =
        run_phase(opt.games, opt.parallel, 600s, [&](int i, std::function<void(bool)> done) {
            clients[static_cast<std::size_t>(i)]->connect(std::move(done));
        });
    const double connect_s = std::chrono::duration<double>(Clock::now() - t).count();
    std::this_thread::sleep_for(200ms);
    const long rss2 = opt.pid ? rss_kb(opt.pid) : -1;

    std::optional<Analysts> analysts;
    if (opt.analysts > 0) {
        analysts.emplace(sh.endpoint, opt.analysts, std::chrono::milliseconds(opt.analyst_hold_ms));
        std::this_thread::sleep_for(1s);  // their searches under way before the games move
    }
    std::optional<LobbyViewers> lobby;
    bool lobby_in = true;
    if (opt.lobby_viewers > 0) {
        lobby.emplace(sh.endpoint, opt.lobby_viewers, opt.lobby_churn);
        lobby_in = lobby->start();
        std::this_thread::sleep_for(1s);  // the posting under way before the games move
    }
    rusage ru0{};
    getrusage(RUSAGE_SELF, &ru0);
    const double server_cpu0 = opt.pid ? cpu_seconds(opt.pid) : 0;
    const auto start = Clock::now();
    std::atomic<bool> pollers_stop{false};
    std::atomic<long> list_failures{0};
    std::vector<std::vector<std::uint32_t>> list_lat(static_cast<std::size_t>(opt.list_pollers));
    std::vector<std::thread> pollers;
    const auto period = std::chrono::duration_cast<Clock::duration>(
        std::chrono::duration<double>(opt.list_pollers / opt.list_rate));
    for (int i = 0; i < opt.list_pollers; ++i)
        pollers.emplace_back([&, i] {
            poll_list(opt, sh.endpoint, period, opt.seed + static_cast<unsigned>(i), pollers_stop,
                      list_lat[static_cast<std::size_t>(i)], list_failures);
        });
    sh.playing = true;
    for (auto& c : clients) c->go();
    const auto deadline = start + std::chrono::duration_cast<Clock::duration>(
                                      std::chrono::duration<double>(opt.seconds));
    while (Clock::now() < deadline && sh.moves < opt.max_moves) std::this_thread::sleep_for(10ms);
    sh.stopping = true;
    const auto drain_deadline = Clock::now() + 5s;
    while (sh.in_flight > 0 && Clock::now() < drain_deadline) std::this_thread::sleep_for(5ms);
    const double play_s = std::chrono::duration<double>(Clock::now() - start).count();
    pollers_stop = true;
    for (auto& p : pollers) p.join();
    if (analysts) analysts->stop();
    std::optional<LobbyStats> lobby_stats;
    if (lobby) lobby_stats = lobby->stop();
    const double server_cpu = opt.pid ? cpu_seconds(opt.pid) - server_cpu0 : 0;
    rusage ru1{};
    getrusage(RUSAGE_SELF, &ru1);
    const long rss3 = opt.pid ? rss_kb(opt.pid) : -1;

    for (auto& c : clients) c->close();
    std::this_thread::sleep_for(300ms);
    guard.reset();
    ioc.stop();
    for (auto& th : threads) th.join();

    std::vector<std::uint32_t> lat;
    for (auto& c : clients) lat.insert(lat.end(), c->latencies().begin(), c->latencies().end());
    std::sort(lat.begin(), lat.end());
    auto pct = [&](double p) {
        if (lat.empty()) return 0.0;
        const auto i = static_cast<std::size_t>(p * static_cast<double>(lat.size() - 1));
        return lat[i] / 1000.0;
    };
    auto cpu = [](const rusage& r) {
        return static_cast<double>(r.ru_utime.tv_sec + r.ru_stime.tv_sec) +
               static_cast<double>(r.ru_utime.tv_usec + r.ru_stime.tv_usec) / 1e6;
    };

    std::printf("chimera_loadgen: %d %s games, %d client threads, loopback port %u, %s\n",
                opt.games, opt.variant.c_str(), opt.threads, opt.port,
                opt.think_ms > 0
                    ? ("think " + std::to_string(opt.think_ms) + " ms per move (paced)").c_str()
                    : "no think time (closed loop)");
    if (!opt.server.empty())
        std::printf("start:    %.0f ms until the server announced its port: %s\n", start_ms,
                    first_line.c_str());
    std::printf("setup:    %d games created in %.2f s, %d WebSockets connected in %.2f s\n",
                created, create_s, connected, connect_s);
    std::printf(
        "play:     %.2f s, %ld moves, %.0f moves/s; %ld games ended and %ld replaced; %ld "
        "rate-limited (429), "
        "%ld errors, %ld disconnects\n",
        play_s, sh.moves.load(), static_cast<double>(sh.moves.load()) / play_s, sh.finished.load(),
        sh.replaced.load(), sh.throttled.load(), sh.errors.load(), sh.disconnects.load());
    std::printf(
        "latency:  move sent -> state with the move received: p50 %.2f ms, p90 %.2f ms, p99 %.2f "
        "ms, max %.2f ms "
        "(%zu samples)\n",
        pct(0.5), pct(0.9), pct(0.99), pct(1.0), lat.size());
    if (opt.list_pollers > 0) {
        std::vector<std::uint32_t> all;
        for (const auto& l : list_lat) all.insert(all.end(), l.begin(), l.end());
        std::sort(all.begin(), all.end());
        std::printf(
            "list:     %d pollers, GET /api/games?limit=%d %.1f times/s in all: p50 %.2f ms, p99 "
            "%.2f ms, max %.2f ms (%zu samples, %ld failed)\n",
            opt.list_pollers, opt.list_limit, opt.list_rate, quantile_ms(all, 0.5),
            quantile_ms(all, 0.99), quantile_ms(all, 1.0), all.size(), list_failures.load());
    }
    if (analysts) {
        AnalystStats& a = analysts->stats();
        std::lock_guard lock(a.mutex);
        std::sort(a.depth10_ms.begin(), a.depth10_ms.end());
        std::vector<std::uint32_t> us;
        for (double ms : a.depth10_ms) us.push_back(static_cast<std::uint32_t>(ms * 1000));
        std::printf(
            "analysis: %d analysts (3 lines of chess), %ld searches: depth 10 in p50 %.0f ms, p90 "
            "%.0f ms, max %.0f ms (%zu reached it, %ld did not within %d ms), %ld failures\n",
            opt.analysts, a.searches, quantile_ms(us, 0.5), quantile_ms(us, 0.9),
            quantile_ms(us, 1.0), a.depth10_ms.size(), a.short_of_depth10, opt.analyst_hold_ms,
            a.failures);
    }
    if (lobby_stats) {
        const LobbyStats& l = *lobby_stats;
        std::printf(
            "lobby:    %d viewers (%ld connected), %ld challenges posted and cancelled (%.1f/s): "
            "each reached every viewer in p50 %.2f ms, p99 %.2f ms, max %.2f ms (%zu samples); "
            "%ld messages read, %ld failures\n",
            opt.lobby_viewers, l.connected, l.posted, static_cast<double>(l.posted) / play_s,
            quantile_ms(l.added_us, 0.5), quantile_ms(l.added_us, 0.99),
            quantile_ms(l.added_us, 1.0), l.added_us.size(), l.messages, l.failures);
    }
    std::printf(
        "cpu:      server %.1f s (%.0f%% of one core), load generator %.1f s, during play\n",
        server_cpu, 100 * server_cpu / play_s, cpu(ru1) - cpu(ru0));
    auto mb = [](long kb) { return static_cast<double>(kb) / 1024.0; };
    auto per_game = [&](long kb) {
        return static_cast<double>(kb) / static_cast<double>(opt.games);
    };
    if (opt.pid) {
        std::printf(
            "memory:   server RSS %.1f MB idle, %.1f MB with the games (%.1f KB per game), %.1f MB "
            "connected "
            "(%.1f KB per WebSocket), %.1f MB after play (%.1f KB per game in all)\n",
            mb(rss0), mb(rss1), per_game(rss1 - rss0), mb(rss2), per_game(rss2 - rss1), mb(rss3),
            per_game(rss3 - rss0));
    }
    if (!opt.server.empty()) {
        kill(opt.pid, SIGTERM);
        int status = 0;
        for (int i = 0; i < 200 && waitpid(opt.pid, &status, WNOHANG) == 0; ++i)
            std::this_thread::sleep_for(50ms);
        if (waitpid(opt.pid, &status, WNOHANG) == 0) {
            kill(opt.pid, SIGKILL);
            waitpid(opt.pid, &status, 0);
        }
        std::error_code ec;
        std::filesystem::remove_all(tmpdir, ec);
    }
    return created == opt.games && connected == opt.games && lobby_in ? 0 : 1;
}

}  // namespace chimera::loadgen

int main(int argc, char** argv) {
    try {
        return chimera::loadgen::run(argc, argv);
    } catch (const std::exception& e) {
        std::cerr << "chimera_loadgen: " << e.what() << '\n';
        return 1;
    }
}
