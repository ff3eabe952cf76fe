#include "loadgen_analysts.h"

// Boost 1.74's asio/awaitable.hpp uses std::exchange without including <utility>.
// clang-format off
#include <utility>
// clang-format on

#include <boost/asio.hpp>
#include <boost/beast.hpp>
#include <nlohmann/json.hpp>
#include <string>

namespace chimera::loadgen {

namespace {

namespace beast = boost::beast;
namespace websocket = beast::websocket;
namespace net = boost::asio;
using tcp = net::ip::tcp;
using Clock = std::chrono::steady_clock;

// The positions asked for, in turn: the start and a few openings' first plies.
const std::vector<std::vector<std::string>> kLines = {
    {},
    {"e2e4", "e7e5", "g1f3", "b8c6"},
    {"d2d4", "d7d5", "c2c4", "e7e6"},
    {"e2e4", "c7c5", "g1f3", "d7d6", "d2d4"},
    {"c2c4", "g8f6", "b1c3", "e7e5"},
    {"e2e4", "e7e6", "d2d4", "d7d5", "b1c3"},
};

}  // namespace

Analysts::Analysts(tcp::endpoint server, int n, std::chrono::milliseconds hold)
    : server_(server), hold_(hold) {
    for (int i = 0; i < n; ++i) threads_.emplace_back([this, i] { run(i); });
}

Analysts::~Analysts() {
    stop();
    for (auto& t : threads_) t.join();
}

void Analysts::stop() { stop_ = true; }

void Analysts::run(int index) {
    net::io_context ioc;
    websocket::stream<beast::tcp_stream> ws(ioc);
    try {
        beast::get_lowest_layer(ws).connect(server_);
        ws.handshake("127.0.0.1", "/api/analysis/ws");
    } catch (const std::exception&) {
        std::lock_guard lock(stats_.mutex);
        ++stats_.failures;
        return;
    }
    beast::flat_buffer buffer;
    std::int64_t id = 0;
    for (std::size_t turn = static_cast<std::size_t>(index); !stop_; ++turn) {
        ++id;
        nlohmann::json request{{"type", "analyse"},
                               {"id", id},
                               {"variant", "chess"},
                               {"moves", kLines[turn % kLines.size()]},
                               {"lines", 3}};
        const auto asked = Clock::now();
        bool reached = false;
        try {
            ws.write(net::buffer(request.dump()));
            {
                std::lock_guard lock(stats_.mutex);
                ++stats_.searches;
            }
            // Reads until the hold is over (reports come at least every depth).
            while (!stop_ && Clock::now() - asked < hold_) {
                beast::get_lowest_layer(ws).expires_after(std::chrono::seconds(30));
                ws.read(buffer);
                const auto msg =
                    nlohmann::json::parse(beast::buffers_to_string(buffer.data()), nullptr, false);
                buffer.consume(buffer.size());
                if (msg.is_discarded() || msg.value("type", "") == "error") {
                    std::lock_guard lock(stats_.mutex);
                    ++stats_.failures;
                    break;
                }
                if (msg.value("id", std::int64_t{-1}) != id) continue;
                if (!reached && msg.value("depth", 0) >= 10) {
                    reached = true;
                    std::lock_guard lock(stats_.mutex);
                    stats_.depth10_ms.push_back(
                        std::chrono::duration<double, std::milli>(Clock::now() - asked).count());
                }
                if (msg.value("type", "") == "done") break;
            }
        } catch (const std::exception&) {
            std::lock_guard lock(stats_.mutex);
            ++stats_.failures;
            return;
        }
        if (!reached && !stop_) {
            std::lock_guard lock(stats_.mutex);
            ++stats_.short_of_depth10;
        }
    }
    beast::error_code ec;
    beast::get_lowest_layer(ws).socket().close(ec);
}

}  // namespace chimera::loadgen
