#include "server/http_server.h"

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <boost/asio.hpp>
#include <boost/beast.hpp>
#include <chrono>
#include <climits>
#include <deque>
#include <fstream>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <sstream>
#include <thread>
#include <utility>

#include "server/accounts.h"
#include "server/analysis_ws.h"
#include "server/api.h"
#include "server/lobby_ws.h"
#include "server/rate_limiter.h"
#include "server/static_files.h"
#include "server/ws_ops.h"

namespace chimera::server {

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
namespace net = boost::asio;
using tcp = net::ip::tcp;

namespace {

constexpr std::size_t kBodyLimit = 64 * 1024;
constexpr std::size_t kHeaderLimit = 16 * 1024;
constexpr std::size_t kFrameLimit = 16 * 1024;
constexpr std::size_t kMaxQueuedMessages = 512;  // replies and pushes
// Beyond: the waiting pushes give way to one full state of the game as it is.
constexpr std::size_t kMaxQueuedPushes = 8;
constexpr auto kStaleWrite = std::chrono::seconds(30);
// The kernel's send buffer of a WebSocket, fixed (Linux grows it to 4 MB for a
// reader that does not keep up): dozens of pushes, and then the queue's rule
// for a reader that falls behind applies instead of the kernel holding more.
constexpr int kWsSendBuffer = 64 * 1024;
// Descriptors kept back from connections: the database and its journal, static
// files being read, the event loop's own, the spare one below.
constexpr int kReservedDescriptors = 96;
// How far past the cap connections may go while idle ones they displaced close.
constexpr int kEvictionSlack = 32;

// Raises the soft limit on open descriptors to the hard limit; the limit now.
int raise_descriptor_limit() {
    rlimit r{};
    if (getrlimit(RLIMIT_NOFILE, &r) != 0) return 1024;
    if (r.rlim_cur < r.rlim_max) {
        rlimit want = r;
        want.rlim_cur = r.rlim_max;
        if (setrlimit(RLIMIT_NOFILE, &want) == 0) r = want;
    }
    if (r.rlim_cur == RLIM_INFINITY || r.rlim_cur > static_cast<rlim_t>(INT_MAX)) return INT_MAX;
    return static_cast<int>(r.rlim_cur);
}

// A 503 written straight to a socket that is closed right after.
std::string refusal(const std::string& why) {
    const std::string body = error_json(503, why);
    return "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\nConnection: "
           "close\r\nContent-Length: " +
           std::to_string(body.size()) + "\r\n\r\n" + body;
}

// Limits shared by every connection: open connections in all and per client
// address, and a game-creation bucket per address. A Guard holds one
// connection's place and gives it back when the connection's last handler is
// gone. HTTP connections waiting for a request are registered as idle: at the
// cap, a newcomer closes the one idle longest instead of being refused, so
// connections that only sit there cannot lock out anyone.
class Admission {
  public:
    explicit Admission(const ServerOptions& o) : options_(o), cap_(o.max_connections) {}

    class Guard {
      public:
        Guard(Admission* a, std::string address) : a_(a), address_(std::move(address)) {}
        Guard(Guard&& o) noexcept
            : a_(std::exchange(o.a_, nullptr)), address_(std::move(o.address_)) {}
        Guard& operator=(Guard&&) = delete;
        ~Guard() {
            if (a_) a_->release(address_);
        }
        const std::string& address() const { return address_; }
        Admission* admission() const { return a_; }

      private:
        Admission* a_;
        std::string address_;
    };

    void set_cap(int cap) { cap_ = cap; }
    int cap() const { return cap_; }
    // More than 3/4 of the connections are taken: idle connections get less time.
    bool busy() const { return total_.load(std::memory_order_relaxed) * 4 > cap_ * 3; }

    // A place for a new connection from address, or nullopt with the reason.
    // A trusted proxy's connections are not held to the per-address cap.
    std::optional<Guard> admit(const std::string& address, bool proxy, std::string& why) {
        std::function<void()> evict;
        {
            std::lock_guard lock(mutex_);
            PerAddress& p = by_address_[address];
            if (!proxy && p.connections >= options_.max_connections_per_address) {
                if (p.connections == 0) by_address_.erase(address);
                why = "too many connections from your address";
                return std::nullopt;
            }
            if (total_ >= cap_) {
                if (idle_.empty() || total_ >= cap_ + kEvictionSlack) {
                    if (p.connections == 0) by_address_.erase(address);
                    why = "the server is full; try again later";
                    return std::nullopt;
                }
                evict = std::move(idle_.begin()->second);
                idle_.erase(idle_.begin());
            }
            ++p.connections;
            ++total_;
        }
        if (evict) evict();  // outside the lock: it only posts to the session's strand
        return Guard(this, address);
    }

    // Registers an idle connection and how to close it; the handle unregisters it.
    std::uint64_t idle(std::function<void()> close) {
        std::lock_guard lock(mutex_);
        const std::uint64_t handle = ++next_idle_;
        idle_.emplace(handle, std::move(close));
        return handle;
    }
    void not_idle(std::uint64_t handle) {
        if (handle == 0) return;
        std::lock_guard lock(mutex_);
        idle_.erase(handle);
    }

    // 0 if the client may create a game now, else the status to refuse with.
    int may_create_game(const std::string& address) {
        std::lock_guard lock(mutex_);
        const auto now = std::chrono::steady_clock::now();
        if (game_buckets_.size() > 100000 && now - last_prune_ > std::chrono::minutes(1)) {
            last_prune_ =
                now;  // at most once a minute, so a flood of addresses costs no scan per request
            // Forget addresses whose buckets have refilled: they are as if new.
            for (auto it = game_buckets_.begin(); it != game_buckets_.end();)
                it = it->second.full() ? game_buckets_.erase(it) : std::next(it);
        }
        const double per_minute = options_.games_per_minute_per_address;
        auto it = game_buckets_.try_emplace(address, per_minute / 60.0, per_minute).first;
        // The address's own bucket first: its refused requests cost the others nothing.
        if (!it->second.allow()) return 429;
        return all_games_.allow() ? 0 : 503;
    }

  private:
    struct PerAddress {
        int connections = 0;
    };
    void release(const std::string& address) {
        std::lock_guard lock(mutex_);
        --total_;
        auto it = by_address_.find(address);
        if (it != by_address_.end() && --it->second.connections == 0) by_address_.erase(it);
    }

    const ServerOptions& options_;
    int cap_;
    std::mutex mutex_;
    std::atomic<int> total_{0};
    std::map<std::string, PerAddress> by_address_;     // addresses with open connections
    std::map<std::string, RateLimiter> game_buckets_;  // kept after the connections close
    RateLimiter all_games_{options_.games_per_minute_total / 60.0,
                           static_cast<double>(options_.games_per_minute_total)};
    std::map<std::uint64_t, std::function<void()>> idle_;  // oldest first
    std::uint64_t next_idle_ = 0;
    std::chrono::steady_clock::time_point last_prune_{};
};

// The body of a static file resolved by resolve_static; false if it cannot be read.
bool read_static(const std::string& root, std::string_view path, std::string& body,
                 std::string& type) {
    StaticFile file;
    if (!resolve_static(root, path, file)) return false;
    std::ifstream in(file.path, std::ios::binary);
    if (!in) return false;
    std::ostringstream ss;
    ss << in.rdbuf();
    body = ss.str();
    type = file.type;
    return true;
}

// A message waiting to be written to a WebSocket; pushes can be superseded.
struct Outgoing {
    std::shared_ptr<const std::string> text;
    bool push = false;
};

class WsSession : public std::enable_shared_from_this<WsSession> {
  public:
    WsSession(tcp::socket&& socket, GameService& games, Admission::Guard guard,
              const ServerOptions& options)
        : ws_(std::move(socket)), games_(games), guard_(std::move(guard)) {
        websocket::stream_base::timeout t{};
        t.handshake_timeout = std::chrono::seconds(options.header_seconds);
        t.idle_timeout = std::chrono::seconds(options.ws_idle_seconds);
        t.keep_alive_pings = true;  // a ping after half the idle time; no answer: closed
        ws_.set_option(t);
    }

    void run(http::request<http::string_body> req, std::string id, std::string token) {
        id_ = std::move(id);
        token_ = std::move(token);
        beast::error_code ignored;
        beast::get_lowest_layer(ws_).socket().set_option(
            net::socket_base::send_buffer_size(kWsSendBuffer), ignored);
        ws_.read_message_max(kFrameLimit);
        ws::accept(ws_, req,
                   [self = shared_from_this()](beast::error_code ec) { self->on_accept(ec); });
    }

  private:
    void on_accept(beast::error_code ec) {
        if (ec) return;
        std::weak_ptr<WsSession> weak = shared_from_this();
        auto exec = ws_.get_executor();
        handle_ = games_.subscribe(id_, token_, [weak, exec](const Push& push) {
            net::post(exec, [weak, push] {
                if (auto self = weak.lock()) self->send_push(push);
            });
        });
        if (!handle_) {
            send(std::make_shared<const std::string>(
                Json{{"type", "error"}, {"status", 404}, {"message", "no game " + id_}}.dump()));
            closing_ = true;
            return;
        }
        do_read();
    }

    void do_read() {
        ws::read(ws_, buffer_, [self = shared_from_this()](beast::error_code ec, std::size_t n) {
            self->on_read(ec, n);
        });
    }

    void on_read(beast::error_code ec, std::size_t) {
        if (ec || closed_) return finish();
        const std::string text = beast::buffers_to_string(buffer_.data());
        buffer_.consume(buffer_.size());
        if (!limiter_.allow()) {
            if (++violations_ > 200) return finish();
            send(std::make_shared<const std::string>(Json{
                {"type", "error"}, {"status", 429}, {"message", "too many messages; slow down"}}
                                                         .dump()));
        } else {
            send(std::make_shared<const std::string>(handle_ws_message(games_, id_, token_, text)));
        }
        do_read();
    }

    // A reply to this client (ack, error): every one is sent, in order.
    void send(std::shared_ptr<const std::string> msg) { enqueue({std::move(msg), false}); }

    // A push (a full state or a delta). A reader that keeps up gets every one;
    // for one that falls more than kMaxQueuedPushes behind, the waiting pushes
    // (not the one being written) are replaced by the full state as it is now,
    // so every delta it gets follows what it has; one that has not taken the
    // message being written for kStaleWrite is closed: it stays behind. A push
    // of a version the queue already covers is left out.
    void send_push(Push push) {
        if (closed_ || (push.version < next_version_ && !push.anew)) return;
        if (!queue_.empty() && std::chrono::steady_clock::now() - write_started_ > kStaleWrite)
            return finish();
        if (queued_pushes_ >= kMaxQueuedPushes) {
            drop_waiting_pushes();
            ApiError err;
            auto full =
                std::make_shared<const std::string>(games_.state(id_, token_, err, &push.version));
            if (err) return finish();
            push = Push{push.version, std::move(full), true};
        }
        next_version_ = push.version + 1;
        ++queued_pushes_;
        enqueue({std::move(push.text), true});
    }

    void drop_waiting_pushes() {
        if (queue_.empty()) return;
        const auto kept = std::remove_if(std::next(queue_.begin()), queue_.end(),
                                         [](const Outgoing& o) { return o.push; });
        queue_.erase(kept, queue_.end());
        queued_pushes_ = queue_.front().push ? 1 : 0;
    }

    void enqueue(Outgoing out) {
        if (closed_) return;
        if (queue_.size() >= kMaxQueuedMessages) return finish();  // a client that does not read
        queue_.push_back(std::move(out));
        if (queue_.size() == 1) do_write();
    }

    void do_write() {
        write_started_ = std::chrono::steady_clock::now();
        ws::write_text(ws_, net::buffer(*queue_.front().text),
                       [self = shared_from_this()](beast::error_code ec, std::size_t n) {
                           self->on_write(ec, n);
                       });
    }

    void on_write(beast::error_code ec, std::size_t) {
        if (ec) return finish();
        if (queue_.front().push) --queued_pushes_;
        queue_.pop_front();
        if (closed_) return;
        if (!queue_.empty()) return do_write();
        if (closing_) ws::close(ws_, [self = shared_from_this()](beast::error_code) {});
    }

    // Closes the connection. The queue is kept: a write in flight still refers to
    // its message until its handler runs (with operation_aborted).
    void finish() {
        if (closed_) return;
        closed_ = true;
        if (handle_) games_.unsubscribe(id_, handle_);
        handle_ = 0;
        beast::error_code ec;
        beast::get_lowest_layer(ws_).socket().close(ec);
    }

    ws::Stream ws_;
    GameService& games_;
    Admission::Guard guard_;
    beast::flat_buffer buffer_;
    std::deque<Outgoing> queue_;      // the front is being written
    std::size_t queued_pushes_ = 0;   // pushes in queue_
    std::uint64_t next_version_ = 0;  // pushes of older versions are covered by one queued
    std::chrono::steady_clock::time_point write_started_{};
    std::string id_, token_;
    std::uint64_t handle_ = 0;
    RateLimiter limiter_{20, 40};
    int violations_ = 0;
    bool closing_ = false;
    bool closed_ = false;

  public:
    ~WsSession() {
        if (handle_) games_.unsubscribe(id_, handle_);
    }
};

class HttpSession : public std::enable_shared_from_this<HttpSession> {
  public:
    HttpSession(tcp::socket&& socket, GameService& games, AnalysisService* analysis,
                AccountService* accounts, LobbyHub& lobby, const ServerOptions& options,
                Admission::Guard guard, net::ip::address peer)
        : stream_(std::move(socket)),
          peer_(std::move(peer)),
          games_(games),
          analysis_(analysis),
          accounts_(accounts),
          lobby_(lobby),
          options_(options),
          limiter_(options.requests_per_second, options.request_burst),
          guard_(std::move(guard)) {}

    void run() {
        net::dispatch(stream_.get_executor(),
                      beast::bind_front_handler(&HttpSession::do_read, shared_from_this()));
    }

  private:
    void do_read() {
        parser_.emplace();
        parser_->body_limit(kBodyLimit);
        parser_->header_limit(kHeaderLimit);
        Admission& admission = *guard_->admission();
        const bool short_wait = requests_ == 0 || admission.busy();
        stream_.expires_after(
            std::chrono::seconds(short_wait ? options_.header_seconds : options_.idle_seconds));
        // Idle until the request is read: a newcomer at the cap may close it.
        // The closer holds no executor: it may outlive the io_context (the
        // admission does), and an executor must not.
        idle_handle_ = admission.idle([weak = weak_from_this()] {
            if (auto self = weak.lock())
                net::post(self->stream_.get_executor(), [self] {
                    beast::error_code ec;
                    self->stream_.socket().close(ec);  // the read ends with operation_aborted
                });
        });
        http::async_read(stream_, buffer_, *parser_,
                         beast::bind_front_handler(&HttpSession::on_read, shared_from_this()));
    }

    void on_read(beast::error_code ec, std::size_t) {
        guard_->admission()->not_idle(std::exchange(idle_handle_, 0));
        ++requests_;
        if (ec == http::error::end_of_stream) return close();
        if (ec == http::error::body_limit || ec == http::error::header_limit) {
            keep_alive_ = false;
            return reply(413, "application/json", error_json(413, "request too large"));
        }
        if (ec) {
            if (ec == beast::error::timeout || ec == net::error::operation_aborted) return close();
            keep_alive_ = false;
            return reply(400, "application/json", error_json(400, "malformed HTTP request"));
        }
        http::request<http::string_body> req = parser_->release();
        keep_alive_ = req.keep_alive();
        const std::string_view target(req.target().data(), req.target().size());
        if (target.empty() || target[0] != '/') {
            keep_alive_ = false;
            return reply(
                400, "application/json",
                error_json(400,
                           "the request target must be a path starting with '/' (origin form)"));
        }
        const auto qpos = target.find('?');
        const std::string_view path = target.substr(0, qpos);
        const std::string_view query =
            qpos == std::string_view::npos ? "" : target.substr(qpos + 1);

        if (!limiter_.allow())
            return reply(429, "application/json", error_json(429, "too many requests; slow down"));

        if (websocket::is_upgrade(req)) {
            // /api/games/<id>/ws?token=...
            const std::string p(path);
            const std::string prefix = "/api/games/";
            if (p.rfind(prefix, 0) == 0 && p.size() > prefix.size() + 3 &&
                p.substr(p.size() - 3) == "/ws") {
                const std::string id = p.substr(prefix.size(), p.size() - prefix.size() - 3);
                const auto params = parse_query(query);
                const auto it = params.find("token");
                stream_.expires_never();
                std::make_shared<WsSession>(stream_.release_socket(), games_, std::move(*guard_),
                                            options_)
                    ->run(std::move(req), id, it == params.end() ? "" : it->second);
                return;
            }
            if (p == "/api/analysis/ws") {
                if (!analysis_) {
                    keep_alive_ = false;
                    return reply(503, "application/json",
                                 error_json(503, "this server does not analyse"));
                }
                std::string client = client_key(req);
                stream_.expires_never();
                serve_analysis_ws(stream_.release_socket(), std::move(req), *analysis_,
                                  std::make_shared<Admission::Guard>(std::move(*guard_)), options_,
                                  std::move(client));
                return;
            }
            if (p == "/api/lobby/ws") return lobby_ws(std::move(req));
            keep_alive_ = false;
            return reply(404, "application/json", error_json(404, "no WebSocket endpoint here"));
        }
        const std::string_view method(req.method_string().data(), req.method_string().size());
        if (accounts_ && (path == "/api/account" || path.rfind("/api/account/", 0) == 0)) {
            // A sign-up costs a password's hashing: it counts as a new game
            // for the per-address limit (docs/api.md, "Common rules").
            if (path == "/api/account/signup" && req.method() == http::verb::post)
                if (const int refusal = guard_->admission()->may_create_game(client_key(req)))
                    return reply(refusal, "application/json",
                                 error_json(refusal,
                                            "too many sign-ups and new games from your "
                                            "address; slow down"));
            if (!req[http::field::authorization].empty()) {  // a bot's token must hold
                std::optional<Account> a;
                if (account_of(req, false, a)) return;
            }
            return account_request(req, path);
        }
        if (path.rfind("/api/", 0) == 0 || path == "/api") {
            const std::string client = client_key(req);
            if (req.method() == http::verb::post &&
                (path == "/api/games" || path == "/api/import")) {
                if (const int refusal = guard_->admission()->may_create_game(client))
                    return reply(
                        refusal, "application/json",
                        error_json(refusal, refusal == 429 ? "too many new games from your "
                                                             "address; slow down"
                                                           : "the server is creating too many "
                                                             "games; try again in a minute"));
            }
            // The account of the session, if any: who creates or joins a game. A
            // request that changes something on its behalf must come from this site.
            std::string account;
            if (accounts_) {
                std::optional<Account> a;
                if (account_of(req, req.method() == http::verb::post, a)) return;
                if (a) account = a->name;
            }
            ApiResponse r = handle_api(games_, method, path, query, req.body(), client, account);
            return reply(r.status, r.content_type, std::move(r.body), std::move(r.headers));
        }
        if (req.method() != http::verb::get && req.method() != http::verb::head)
            return reply(405, "application/json", error_json(405, "use GET for pages"));
        std::string body, type;
        if (!read_static(options_.static_dir, path, body, type))
            return reply(404, "application/json", error_json(404, "not found"));
        return reply(200, type, req.method() == http::verb::head ? "" : body);
    }

    // The account of the request's session or bot token, if any, in *a; a
    // request that changes something on its behalf must come from this site.
    // Nonzero once it has been refused (answered here).
    int account_of(const http::request<http::string_body>& req, bool changes,
                   std::optional<Account>& a) {
        const auto cookie = req[http::field::cookie];
        const auto authorization = req[http::field::authorization];
        bool unavailable = false;
        a = accounts_->account_of(std::string(cookie.data(), cookie.size()), &unavailable,
                                  std::string(authorization.data(), authorization.size()));
        if (unavailable) {  // not anonymous by mistake: the session could not be read
            reply(503, "application/json",
                  error_json(503,
                             "the database is unavailable: your session could not be read; "
                             "try again shortly"));
            return 503;
        }
        if (!a && !authorization.empty()) {  // a bot's token that does not (or no longer) hold
            reply(401, "application/json",
                  error_json(401,
                             "the Authorization header holds no valid bot token (Bearer and "
                             "the token of POST /api/account/bot; its bot may be disabled)"));
            return 401;
        }
        if (a && changes) {
            AccountRequest site;
            site.origin = std::string(req[http::field::origin]);
            site.host = std::string(req[http::field::host]);
            site.fetch_site = std::string(req["Sec-Fetch-Site"]);
            if (const std::string why = AccountService::cross_site(site); !why.empty()) {
                reply(403, "application/json", error_json(403, why));
                return 403;
            }
        }
        return 0;
    }

    // The lobby's WebSocket, with the account of the session: one opened
    // from another site is refused (it would act for the player).
    void lobby_ws(http::request<http::string_body> req) {
        std::optional<Account> a;
        if (accounts_) {
            keep_alive_ = false;
            if (account_of(req, true, a)) return;
        }
        std::string client = client_key(req);
        stream_.expires_never();
        lobby_.serve(stream_.release_socket(), std::move(req),
                     std::make_shared<Admission::Guard>(std::move(*guard_)), options_,
                     std::move(client), std::move(a));
    }

    // The account endpoints answer on their own threads (hashing a password
    // takes a while): the reply comes back to this session's executor.
    void account_request(const http::request<http::string_body>& req, std::string_view path) {
        auto header = [&](auto field) {
            const auto v = req[field];
            return std::string(v.data(), v.size());
        };
        AccountRequest a;
        a.method = std::string(req.method_string());
        a.path = std::string(path);
        a.body = req.body();
        a.cookie = header(http::field::cookie);
        a.authorization = header(http::field::authorization);
        a.origin = header(http::field::origin);
        a.host = header(http::field::host);
        a.fetch_site = header("Sec-Fetch-Site");
        a.client = client_key(req);
        a.https =
            is_trusted(options_.trusted_proxies, peer_) && header("X-Forwarded-Proto") == "https";
        accounts_->handle(std::move(a), [self = shared_from_this()](ApiResponse r) {
            net::post(self->stream_.get_executor(), [self, r = std::move(r)]() mutable {
                self->reply(r.status, r.content_type, std::move(r.body), std::move(r.headers));
            });
        });
    }

    // Who asks, for the per-address limits: the peer, or the client a trusted
    // load balancer names.
    std::string client_key(const http::request<http::string_body>& req) const {
        const auto forwarded = req["X-Forwarded-For"];
        return address_key(client_address(
            peer_, std::string_view(forwarded.data(), forwarded.size()), options_.trusted_proxies));
    }

    void reply(int status, const std::string& type, std::string body,
               std::vector<std::pair<std::string, std::string>> headers = {}) {
        auto res = std::make_shared<http::response<http::string_body>>(
            static_cast<http::status>(status), 11);
        for (auto& [name, value] : headers) res->insert(name, value);
        res->set(http::field::server, "Chimera");
        res->set(http::field::content_type, type);
        res->set(http::field::cache_control, "no-store");
        res->set("X-Content-Type-Options", "nosniff");
        res->keep_alive(keep_alive_);
        res->body() = std::move(body);
        res->prepare_payload();
        // The read's deadline may have run while the answer was made (a
        // password hashed on the accounts' thread): the write has its own.
        stream_.expires_after(std::chrono::seconds(options_.idle_seconds));
        http::async_write(stream_, *res,
                          [self = shared_from_this(), res](beast::error_code ec, std::size_t) {
                              if (ec || !self->keep_alive_) return self->close();
                              self->do_read();
                          });
    }

    void close() {
        beast::error_code ec;
        stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
    }

    beast::tcp_stream stream_;
    net::ip::address peer_;
    GameService& games_;
    AnalysisService* analysis_;
    AccountService* accounts_;
    LobbyHub& lobby_;
    const ServerOptions& options_;
    RateLimiter limiter_;
    std::optional<Admission::Guard> guard_;  // moved to the WebSocket session on an upgrade
    beast::flat_buffer buffer_;
    std::optional<http::request_parser<http::string_body>> parser_;
    bool keep_alive_ = true;
    std::uint64_t idle_handle_ = 0;
    std::uint64_t requests_ = 0;
};

}  // namespace

struct HttpServer::Impl {
    GameService& games;
    AnalysisService* analysis;
    AccountService* accounts;
    ServerOptions options;
    // Before the io_context: sessions still queued in it give their places back
    // when it is destroyed.
    Admission admission{options};
    // Before the io_context too: a lobby message still queued there holds its
    // connection, which lives on the lobby's own io_context (lobby_ws.h).
    LobbyHub lobby{ioc, games, [this](const std::string& address) {
                       return admission.may_create_game(address);
                   }};
    net::io_context ioc;
    tcp::acceptor acceptor{ioc};
    std::vector<std::thread> threads;
    std::optional<net::signal_set> signals;
    std::optional<net::steady_timer> drain_timer;
    net::steady_timer accept_pause{ioc};

    Impl(GameService& g, AnalysisService* a, AccountService* acc, ServerOptions o)
        : games(g),
          analysis(a),
          accounts(acc),
          options(std::move(o)),
          ioc(std::max(1, options.threads)) {}

    int descriptor_limit = 0;
    // Held open so that, with every other descriptor in use, one more can be
    // freed to accept a connection and tell it "503" instead of leaving it unanswered.
    int spare_fd = -1;

    ~Impl() {
        if (spare_fd >= 0) ::close(spare_fd);
    }

    void accept() {
        acceptor.async_accept(net::make_strand(ioc), [this](beast::error_code ec,
                                                            tcp::socket socket) {
            if (ec) {
                if (!acceptor.is_open()) return;
                if ((ec == net::error::no_descriptors || ec.value() == ENFILE) && refuse_one()) {
                    return accept();
                }
                // Something else, or no spare: wait a little instead of spinning.
                accept_pause.expires_after(std::chrono::milliseconds(100));
                accept_pause.async_wait([this](beast::error_code) {
                    if (acceptor.is_open()) accept();
                });
                return;
            }
            beast::error_code ignored;
            // Small JSON messages must not wait for Nagle's algorithm.
            socket.set_option(tcp::no_delay(true), ignored);
            const auto peer = socket.remote_endpoint(ignored).address();
            std::string why;
            if (auto guard =
                    admission.admit(ignored ? std::string("?") : address_key(peer),
                                    !ignored && is_trusted(options.trusted_proxies, peer), why)) {
                std::make_shared<HttpSession>(std::move(socket), games, analysis, accounts, lobby,
                                              options, std::move(*guard), peer)
                    ->run();
            } else {
                // Refused before reading anything: a short 503 and close.
                auto text = std::make_shared<std::string>(refusal(why));
                auto sock = std::make_shared<tcp::socket>(std::move(socket));
                net::async_write(*sock, net::buffer(*text),
                                 [sock, text](beast::error_code, std::size_t) {
                                     beast::error_code e;
                                     sock->shutdown(tcp::socket::shutdown_both, e);
                                     sock->close(e);
                                 });
            }
            accept();
        });
    }

    // Out of descriptors: frees the spare, accepts one waiting connection,
    // answers it 503 (a few bytes, which fit its socket buffer) and closes it.
    bool refuse_one() {
        if (spare_fd < 0) return false;
        ::close(spare_fd);
        spare_fd = -1;
        const int fd = ::accept4(acceptor.native_handle(), nullptr, nullptr, SOCK_CLOEXEC);
        if (fd >= 0) {
            const std::string text = refusal("the server is full; try again later");
            [[maybe_unused]] const ssize_t n = ::send(fd, text.data(), text.size(), MSG_NOSIGNAL);
            ::close(fd);
        }
        spare_fd = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
        return fd >= 0;
    }
};

HttpServer::HttpServer(GameService& games, ServerOptions options, AnalysisService* analysis,
                       AccountService* accounts)
    : impl_(std::make_unique<Impl>(games, analysis, accounts, std::move(options))) {}

HttpServer::~HttpServer() { stop(); }

Status HttpServer::start(unsigned short* bound_port) {
    impl_->descriptor_limit = raise_descriptor_limit();
    impl_->admission.set_cap(std::min(impl_->options.max_connections,
                                      std::max(8, impl_->descriptor_limit - kReservedDescriptors)));
    if (impl_->spare_fd < 0) impl_->spare_fd = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
    beast::error_code ec;
    const auto address = net::ip::make_address(impl_->options.address, ec);
    if (ec) return Status::error("bad address " + impl_->options.address);
    const tcp::endpoint endpoint{address, impl_->options.port};
    impl_->acceptor.open(endpoint.protocol(), ec);
    if (!ec) impl_->acceptor.set_option(net::socket_base::reuse_address(true), ec);
    if (!ec) impl_->acceptor.bind(endpoint, ec);
    if (!ec) impl_->acceptor.listen(net::socket_base::max_listen_connections, ec);
    if (ec)
        return Status::error("cannot listen on port " + std::to_string(impl_->options.port) + ": " +
                             ec.message());
    if (bound_port) *bound_port = impl_->acceptor.local_endpoint().port();
    impl_->accept();
    impl_->lobby.start();
    return Status::ok();
}

int HttpServer::connection_cap() const { return impl_->admission.cap(); }
int HttpServer::descriptor_limit() const { return impl_->descriptor_limit; }

void HttpServer::handle_signals() {
    if (impl_->signals) return;
    impl_->signals.emplace(impl_->ioc, SIGINT, SIGTERM);
    impl_->signals->async_wait([this](beast::error_code ec, int) {
        if (ec) return;
        if (impl_->options.drain_ms <= 0) return stop();
        impl_->games.drain();
        impl_->drain_timer.emplace(impl_->ioc);
        impl_->drain_timer->expires_after(std::chrono::milliseconds(impl_->options.drain_ms));
        impl_->drain_timer->async_wait([this](beast::error_code) { stop(); });
    });
}

void HttpServer::run(bool with_signals) {
    if (with_signals) handle_signals();
    for (int i = 1; i < impl_->options.threads; ++i)
        impl_->threads.emplace_back([this] { impl_->ioc.run(); });
    impl_->ioc.run();
    for (auto& t : impl_->threads) t.join();
    impl_->threads.clear();
}

void HttpServer::stop() {
    net::post(impl_->ioc, [this] {
        beast::error_code ec;
        impl_->acceptor.close(ec);
        impl_->accept_pause.cancel();
        impl_->lobby.stop();
        impl_->ioc.stop();
    });
}

}  // namespace chimera::server
