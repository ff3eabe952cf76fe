#include "loadgen_lobby.h"

#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

// Boost 1.74's asio/awaitable.hpp uses std::exchange without including <utility>.
// clang-format off
#include <utility>
// clang-format on

#include <algorithm>
#include <boost/asio.hpp>
#include <boost/beast.hpp>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>

namespace chimera::loadgen {

namespace {

namespace beast = boost::beast;
namespace websocket = beast::websocket;
namespace net = boost::asio;
using tcp = net::ip::tcp;
using Clock = std::chrono::steady_clock;

// A viewer: reads forever, noting when each challenge's `added` arrived.
struct Viewer : std::enable_shared_from_this<Viewer> {
    explicit Viewer(net::io_context& ioc) : ws(net::make_strand(ioc)) {}
    websocket::stream<beast::tcp_stream> ws;
    beast::flat_buffer buffer;
    std::vector<std::pair<std::uint64_t, Clock::time_point>> added;
    long messages = 0;
    bool failed = false, closing = false;

    void read() {
        ws.async_read(buffer, [self = shared_from_this()](beast::error_code ec, std::size_t) {
            if (ec) {
                self->failed = !self->closing;
                return;
            }
            const auto now = Clock::now();
            ++self->messages;
            const std::string text = beast::buffers_to_string(self->buffer.data());
            self->buffer.consume(self->buffer.size());
            if (text.find(R"("type":"added")") != std::string::npos) {
                const auto j = nlohmann::json::parse(text, nullptr, false);
                if (!j.is_discarded() && j.contains("challenge"))
                    self->added.emplace_back(j["challenge"].value("id", std::uint64_t{0}), now);
            }
            self->read();
        });
    }
};

}  // namespace

struct LobbyViewers::Impl {
    tcp::endpoint server;
    int viewers = 0;
    double churn = 0;
    net::io_context ioc;
    std::vector<std::shared_ptr<Viewer>> all;
    std::thread io;
    std::vector<std::thread> posters;
    std::atomic<bool> stopping{false};
    std::mutex mutex;
    std::map<std::uint64_t, Clock::time_point> sent;  // challenge id -> its sending
    long posted = 0, poster_failures = 0;

    void post_loop(int index) {
        net::io_context own;
        websocket::stream<beast::tcp_stream> ws(own);
        try {
            beast::get_lowest_layer(ws).connect(server);
            ws.handshake("127.0.0.1", "/api/lobby/ws");
            beast::flat_buffer b;
            ws.read(b);  // the list
            const auto period = std::chrono::duration_cast<Clock::duration>(
                std::chrono::duration<double>(2.0 / churn));
            auto next = Clock::now() + period * index / 2;
            // Reads until a message of the type, from this poster's own stream.
            auto until = [&](const std::string& type) {
                for (;;) {
                    b.consume(b.size());
                    ws.read(b);
                    const auto j =
                        nlohmann::json::parse(beast::buffers_to_string(b.data()), nullptr, false);
                    if (j.is_discarded()) continue;
                    if (j.value("type", "") == "error")
                        throw std::runtime_error(j.value("message", "error"));
                    if (j.value("type", "") == type && j.value("of", "") != "") return j;
                }
            };
            while (!stopping) {
                std::this_thread::sleep_until(next);
                next += period;
                const auto at = Clock::now();
                ws.write(net::buffer(nlohmann::json{
                    {"type", "challenge"},
                    {"variant", "chess"},
                    {"base_minutes", 5},
                    {"increment_seconds",
                     3}}.dump()));
                const auto id = until("ack").value("id", std::uint64_t{0});
                {
                    std::lock_guard lock(mutex);
                    sent[id] = at;
                    ++posted;
                }
                ws.write(net::buffer(nlohmann::json{{"type", "cancel"}, {"id", id}}.dump()));
                until("ack");
            }
        } catch (const std::exception&) {
            std::lock_guard lock(mutex);
            ++poster_failures;
        }
        beast::error_code ec;
        beast::get_lowest_layer(ws).socket().close(ec);
    }
};

LobbyViewers::LobbyViewers(tcp::endpoint server, int viewers, double churn)
    : impl_(std::make_unique<Impl>()) {
    impl_->server = server;
    impl_->viewers = viewers;
    impl_->churn = churn;
}

LobbyViewers::~LobbyViewers() { stop(); }

bool LobbyViewers::start() {
    Impl& s = *impl_;
    int in = 0;
    for (int i = 0; i < s.viewers; ++i) {
        auto v = std::make_shared<Viewer>(s.ioc);
        try {
            beast::get_lowest_layer(v->ws).connect(s.server);
            v->ws.handshake("127.0.0.1", "/api/lobby/ws");
            ++in;
        } catch (const std::exception&) {
            v->failed = true;
        }
        s.all.push_back(v);
    }
    for (auto& v : s.all)
        if (!v->failed) v->read();
    // The viewers' reading is the load generator's own work, not the server's:
    // at the lowest priority it does not delay the games' clients it measures.
    s.io = std::thread([&s] {
        setpriority(PRIO_PROCESS, static_cast<id_t>(syscall(SYS_gettid)), 19);
        s.ioc.run();
    });
    if (s.churn > 0)
        for (int i = 0; i < 2; ++i) s.posters.emplace_back([&s, i] { s.post_loop(i); });
    return in == s.viewers;
}

LobbyStats LobbyViewers::stop() {
    Impl& s = *impl_;
    LobbyStats out;
    if (s.stopping.exchange(true)) return out;
    for (auto& p : s.posters) p.join();
    std::this_thread::sleep_for(std::chrono::milliseconds(300));  // the last fan-out
    for (auto& v : s.all)
        net::post(v->ws.get_executor(), [v] {
            v->closing = true;
            beast::error_code ec;
            beast::get_lowest_layer(v->ws).socket().close(ec);
        });
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    s.ioc.stop();
    if (s.io.joinable()) s.io.join();
    std::lock_guard lock(s.mutex);
    for (const auto& v : s.all) {
        out.connected += !v->failed || v->messages > 0;
        out.messages += v->messages;
        out.failures += v->failed;
        for (const auto& [id, at] : v->added)
            if (const auto it = s.sent.find(id); it != s.sent.end())
                out.added_us.push_back(static_cast<std::uint32_t>(
                    std::chrono::duration_cast<std::chrono::microseconds>(at - it->second)
                        .count()));
    }
    out.failures += s.poster_failures;
    out.posted = s.posted;
    std::sort(out.added_us.begin(), out.added_us.end());
    return out;
}

}  // namespace chimera::loadgen
