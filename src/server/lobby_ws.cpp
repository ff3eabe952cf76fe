#include "server/lobby_ws.h"

#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <chrono>
#include <deque>
#include <map>
#include <mutex>

#include "players/names.h"
#include "server/api.h"
#include "server/http_server.h"
#include "server/lobby.h"
#include "server/rate_limiter.h"
#include "server/ratings_sql.h"
#include "server/ws_ops.h"

namespace chimera::server {

namespace {

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
namespace net = boost::asio;
using tcp = net::ip::tcp;

constexpr std::size_t kLobbyFrameLimit = 4 * 1024;
// Messages waiting for a reader that does not read: beyond this it is
// disconnected (its page reconnects and reads the list anew).
constexpr std::size_t kLobbyQueue = 1024;

using Text = std::shared_ptr<const std::string>;

Text text_of(const Json& j) { return std::make_shared<const std::string>(j.dump()); }

Text error_text(const ApiError& e) {
    return text_of({{"type", "error"}, {"status", e.status}, {"message", e.message}});
}

Json challenge_json(const Challenge& c) {
    Json j{{"id", c.id},
           {"by", c.by.name.empty() ? Json() : Json(c.by.name)},
           {"rating", c.by.name.empty() ? Json() : Json(std::lround(c.by.rating))},
           {"bot", c.by.bot},
           {"variant", c.variant},
           {"base_minutes", c.base_minutes},
           {"increment_seconds", c.increment_seconds},
           {"rated", c.rated},
           {"side", c.side}};
    if (!c.to.empty()) j["to"] = c.to;
    return j;
}

// The lobby's refusals (lobby.h) as statuses: too many (429), an account
// needed (401), what a bot may not do (403), anything else a conflict with
// what the lobby holds (409).
ApiError lobby_refusal(const std::string& why) {
    if (why.rfind("at most", 0) == 0) return {429, why};
    if (why.find("log in first") != std::string::npos) return {401, why};
    if (why.rfind("the lobby is full", 0) == 0) return {503, why};
    if (why.rfind("bots ", 0) == 0 || why.rfind("a bot ", 0) == 0) return {403, why};
    return {409, why};
}

}  // namespace

class LobbyWs;

struct LobbyHub::Impl {
    Impl(net::io_context& w, GameService& g, std::function<int(const std::string&)> may)
        : work(w), games(g), may_create_game(std::move(may)) {}

    net::io_context& work;  // the server's threads: the database, the games
    GameService& games;
    std::function<int(const std::string&)> may_create_game;
    Lobby lobby;
    net::steady_timer* timer = nullptr;  // on the lobby's thread
    bool stopped = false;                // under mutex

    // The connections by owner key, each with its account's name key ("" anonymous).
    struct Conn {
        std::weak_ptr<LobbyWs> ws;
        std::string name_key;
    };
    std::mutex mutex;
    std::map<std::string, Conn> conns;
    std::uint64_t next_conn = 1;

    std::string enter(std::weak_ptr<LobbyWs> ws, const std::string& name) {
        std::lock_guard lock(mutex);
        std::string owner = "c" + std::to_string(next_conn++);
        conns[owner] = Conn{std::move(ws), players::name_key(name)};
        return owner;
    }
    void leave(const std::string& owner) {
        {
            std::lock_guard lock(mutex);
            conns.erase(owner);
        }
        removed(lobby.leave(owner));
    }

    // Sends to the connections that pick(name key, owner) chooses.
    template <class Pick>
    void send_if(const Text& text, Pick pick);
    void send(const std::string& owner, const Text& text) {
        send_if(text, [&](const std::string&, const std::string& o) { return o == owner; });
    }
    void added(const Challenge& c) {
        const std::string to = players::name_key(c.to);
        send_if(text_of({{"type", "added"}, {"challenge", challenge_json(c)}}),
                [&](const std::string& key, const std::string& owner) {
                    return to.empty() || key == to || owner == c.by.owner;
                });
    }
    void removed(const std::vector<std::uint64_t>& ids) {
        for (const std::uint64_t id : ids)
            send_if(text_of({{"type", "removed"}, {"id", id}}),
                    [](const std::string&, const std::string&) { return true; });
    }

    // Starts the game of two players paired: the challenge's creator takes
    // the side it asked for, the other joins; each is sent its seat.
    void pair(const Pairing& p) {
        const Challenge& c = p.challenge;
        // Whatever else both had in the lobby goes: they are playing now.
        removed(lobby.leave(c.by.owner));
        removed(lobby.leave(p.other.owner));
        CreateRequest r;
        r.variant = c.variant;
        r.mode = "online";
        r.side = c.side;
        r.base_ms = std::int64_t{c.base_minutes} * 60000;
        r.inc_ms = std::int64_t{c.increment_seconds} * 1000;
        r.account = c.by.name;
        r.rated = c.rated;
        r.client = c.by.address;
        ApiError err;
        const SeatGrant first = games.create(r, err);
        SeatGrant second;
        if (!err) second = games.join(first.id, first.invite, err, p.other.name);
        if (err) {
            const Text e = error_text({err.status, "the game could not start: " + err.message});
            send(c.by.owner, e);
            send(p.other.owner, e);
            return;
        }
        auto seat = [&](const SeatGrant& s, const LobbyPlayer& opponent) {
            return text_of({{"type", "paired"},
                            {"game", s.id},
                            {"token", s.token},
                            {"side", s.side},
                            {"variant", c.variant},
                            {"rated", c.rated},
                            {"opponent", opponent.name.empty() ? Json() : Json(opponent.name)}});
        };
        send(c.by.owner, seat(first, p.other));
        send(p.other.owner, seat(second, c.by));
    }

    // Every second: the seeks whose windows have grown to meet (their games
    // started on the server's threads).
    void tick(const std::shared_ptr<Impl>& self) {
        {
            std::lock_guard lock(mutex);
            if (stopped) return;
        }
        std::vector<Pairing> met = lobby.match_waiting(now_ms());
        if (!met.empty())
            net::post(work, [self, met = std::move(met)] {
                for (const Pairing& p : met) self->pair(p);
            });
        timer->expires_after(std::chrono::seconds(1));
        timer->async_wait([self](beast::error_code ec) {
            if (!ec) self->tick(self);
        });
    }
};

// One connection: its reads, the lobby's messages to it through a bounded
// queue, and its challenges and seeks (which go when it closes).
class LobbyWs : public std::enable_shared_from_this<LobbyWs> {
  public:
    LobbyWs(tcp::socket&& socket, std::shared_ptr<LobbyHub::Impl> hub, std::shared_ptr<void> hold,
            const ServerOptions& options, std::string client, std::optional<Account> account)
        : ws_(std::move(socket)),
          hub_(std::move(hub)),
          hold_(std::move(hold)),
          client_(std::move(client)),
          account_(std::move(account)) {
        websocket::stream_base::timeout t{};
        t.handshake_timeout = std::chrono::seconds(options.header_seconds);
        t.idle_timeout = std::chrono::seconds(options.ws_idle_seconds);
        t.keep_alive_pings = true;
        ws_.set_option(t);
    }

    void run(http::request<http::string_body> req) {
        ws_.read_message_max(kLobbyFrameLimit);
        ws::accept(ws_, req,
                   [self = shared_from_this()](beast::error_code ec) { self->on_accept(ec); });
    }

    // From any thread: queued on this connection's executor.
    void deliver(Text text) {
        net::post(ws_.get_executor(),
                  [self = shared_from_this(), text = std::move(text)] { self->enqueue(text); });
    }

  private:
    std::string name() const { return account_ ? account_->name : std::string(); }

    void on_accept(beast::error_code ec) {
        if (ec) return;
        owner_ = hub_->enter(weak_from_this(), name());
        // Registered first, then the list read: a change in between comes
        // again as a delta after it, which the page applies idempotently.
        Json list = Json::array();
        for (const Challenge& c : hub_->lobby.visible(name())) list.push_back(challenge_json(c));
        Json you = account_ ? Json{{"name", account_->name}, {"bot", account_->bot}} : Json();
        enqueue(text_of({{"type", "lobby"}, {"you", you}, {"challenges", list}}));
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
            if (++violations_ > 100) return finish();
            enqueue(error_text({429, "too many messages; slow down"}));
            return do_read();
        }
        submit(text);
        do_read();
    }

    // A message is decided on the server's threads (it may read the database
    // or start a game), one of this connection's at a time, in order; the
    // answers come back through deliver(). (No strand of the server's
    // io_context is kept here: this connection may outlive that io_context.)
    void submit(std::string text) {
        {
            std::lock_guard lock(inbox_mutex_);
            inbox_.push_back(std::move(text));
            if (deciding_) return;
            deciding_ = true;
        }
        net::post(hub_->work, [self = shared_from_this()] { self->decide(); });
    }

    void decide() {
        for (;;) {
            std::string text;
            {
                std::lock_guard lock(inbox_mutex_);
                if (inbox_.empty()) {
                    deciding_ = false;
                    return;
                }
                text = std::move(inbox_.front());
                inbox_.pop_front();
            }
            if (ApiError err = handle(text)) deliver(error_text(err));
        }
    }

    ApiError handle(const std::string& text) {
        LobbyRequest q;
        if (ApiError e = parse_lobby_message(text, q)) return e;
        if (q.type == "challenge" || q.type == "seek") return offer(q.type == "seek", q.challenge);
        if (q.type == "ping") {
            deliver(text_of({{"type", "pong"}}));
            return {};
        }
        return answer(q.type, q.id);
    }

    // A new challenge or seek (its fields checked by parse_lobby_message).
    ApiError offer(bool seek, Challenge c) {
        if (account_ && account_->bot && !seek && c.to.empty())
            return {403, "a bot challenges named players only"};
        c.by = LobbyPlayer{owner_, name(), 1500, account_ && account_->bot, client_};
        if (account_ || !c.to.empty()) {
            // The challenger's rating in the variant, and whether the named player exists.
            const std::string me = account_ ? account_->id : std::string(),
                              to = players::name_key(c.to);
            std::vector<SqlRows> rows;
            if (Status s = hub_->games.storage().run_sql(
                    {{&sql::kRatingsOf, {c.variant, me.empty() ? to : me, to.empty() ? me : to}}},
                    &rows);
                !s)
                return {503, "the database is unavailable; try again shortly"};
            bool found = to.empty();
            for (const auto& r : rows.at(0)) {
                if (r.at(0) == me && !r.at(1).empty()) c.by.rating = std::stod(r.at(1));
                found = found || r.at(0) == to;
            }
            if (!found) return {404, "no player named " + chimera::quoted(c.to)};
        }
        if (const int refusal = hub_->may_create_game(client_))
            return {refusal, refusal == 429 ? "too many new games and challenges from your "
                                              "address; slow down"
                                            : "the server is creating too many games; try "
                                              "again in a minute"};
        const std::int64_t now = now_ms();
        std::uint64_t id = 0;
        if (!seek) {
            if (const std::string why = hub_->lobby.add(c, now, &id); !why.empty())
                return lobby_refusal(why);
            c.id = id;
            c.created_ms = now;
            deliver(text_of({{"type", "ack"}, {"of", "challenge"}, {"id", id}}));
            hub_->added(c);
            return {};
        }
        Pairing p;
        bool paired = false;
        if (const std::string why = hub_->lobby.seek(c, now, &p, &paired, &id); !why.empty())
            return lobby_refusal(why);
        if (paired) {
            hub_->pair(p);
        } else {
            deliver(text_of({{"type", "ack"}, {"of", "seek"}, {"id", id}}));
        }
        return {};
    }

    // cancel, accept or decline a challenge (cancel: a seek too).
    ApiError answer(const std::string& type, std::uint64_t id) {
        if (type == "cancel") {
            if (!hub_->lobby.cancel(owner_, id))
                return {404, "you have no challenge or seek " + std::to_string(id)};
            deliver(text_of({{"type", "ack"}, {"of", "cancel"}, {"id", id}}));
            hub_->removed({id});
            return {};
        }
        if (type == "decline") {
            const std::optional<Challenge> c = hub_->lobby.decline(id, name());
            if (!c) return {404, "no challenge " + std::to_string(id) + " names you"};
            hub_->send(c->by.owner, text_of({{"type", "declined"}, {"id", id}, {"by", name()}}));
            deliver(text_of({{"type", "ack"}, {"of", "decline"}, {"id", id}}));
            hub_->removed({id});
            return {};
        }
        Pairing p;
        const LobbyPlayer me{owner_, name(), 1500, account_ && account_->bot, client_};
        if (const std::string why = hub_->lobby.accept(id, me, &p); !why.empty())
            return lobby_refusal(why);
        hub_->removed({id});
        hub_->pair(p);
        return {};
    }

    void enqueue(const Text& text) {
        if (closed_) return;
        if (queue_.size() >= kLobbyQueue) return finish();  // a client that does not read
        queue_.push_back(text);
        if (queue_.size() == 1) do_write();
    }

    void do_write() {
        ws::write_text(ws_, net::buffer(*queue_.front()),
                       [self = shared_from_this()](beast::error_code ec, std::size_t n) {
                           self->on_write(ec, n);
                       });
    }

    void on_write(beast::error_code ec, std::size_t) {
        if (ec) return finish();
        queue_.pop_front();
        if (!closed_ && !queue_.empty()) do_write();
    }

    void finish() {
        if (closed_) return;
        closed_ = true;
        queue_.clear();
        if (!owner_.empty()) hub_->leave(owner_);
        beast::error_code ec;
        beast::get_lowest_layer(ws_).socket().close(ec);
    }

    ws::Stream ws_;
    std::shared_ptr<LobbyHub::Impl> hub_;
    // The messages read and not yet decided (submit, decide).
    std::mutex inbox_mutex_;
    std::deque<std::string> inbox_;
    bool deciding_ = false;
    std::shared_ptr<void> hold_;
    const std::string client_;
    const std::optional<Account> account_;
    std::string owner_;
    beast::flat_buffer buffer_;
    std::deque<Text> queue_;  // the front is being written
    RateLimiter limiter_{10, 20};
    int violations_ = 0;
    bool closed_ = false;
};

template <class Pick>
void LobbyHub::Impl::send_if(const Text& text, Pick pick) {
    std::vector<std::shared_ptr<LobbyWs>> to;
    {
        std::lock_guard lock(mutex);
        for (const auto& [owner, conn] : conns)
            if (pick(conn.name_key, owner))
                if (auto ws = conn.ws.lock()) to.push_back(std::move(ws));
    }
    for (const auto& ws : to) ws->deliver(text);
}

LobbyHub::LobbyHub(net::io_context& work, GameService& games,
                   std::function<int(const std::string&)> may_create_game)
    : impl_(std::make_shared<Impl>(work, games, std::move(may_create_game))),
      ioc_(std::make_unique<net::io_context>(1)),
      timer_(std::make_unique<net::steady_timer>(*ioc_)) {
    impl_->timer = timer_.get();
}

LobbyHub::~LobbyHub() {
    stop();
    timer_.reset();
    ioc_.reset();  // the connections still held go, with their sockets
    impl_.reset();
}

void LobbyHub::start() {
    if (thread_.joinable()) return;
    net::post(*ioc_, [i = impl_] { i->tick(i); });
    thread_ = std::thread([this] {
        // Below the games: a woken game thread runs before the fan-out goes on.
        setpriority(PRIO_PROCESS, static_cast<id_t>(syscall(SYS_gettid)), 10);
        auto guard = net::make_work_guard(*ioc_);
        ioc_->run();
    });
}

void LobbyHub::stop() {
    {
        std::lock_guard lock(impl_->mutex);
        impl_->stopped = true;
    }
    ioc_->stop();
    if (thread_.joinable()) thread_.join();
}

void LobbyHub::serve(tcp::socket&& socket, http::request<http::string_body> req,
                     std::shared_ptr<void> hold, const ServerOptions& options, std::string client,
                     std::optional<Account> account) {
    // The connection moves to the lobby's thread.
    beast::error_code ec;
    const auto protocol = socket.local_endpoint(ec).protocol();
    if (ec) return;
    const auto fd = socket.release(ec);
    if (ec) return;
    tcp::socket moved(net::make_strand(*ioc_), protocol, fd);
    std::make_shared<LobbyWs>(std::move(moved), impl_, std::move(hold), options, std::move(client),
                              std::move(account))
        ->run(std::move(req));
}

}  // namespace chimera::server
