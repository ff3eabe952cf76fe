#include "server/analysis_ws.h"

#include <chrono>
#include <deque>
#include <utility>

#include "server/api.h"
#include "server/http_server.h"
#include "server/rate_limiter.h"
#include "server/ws_ops.h"

namespace chimera::server {

namespace {

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
namespace net = boost::asio;
using tcp = net::ip::tcp;

constexpr std::size_t kAnalysisFrameLimit = 16 * 1024;  // as the games' WebSockets
constexpr std::size_t kAnalysisQueue = 64;

std::string analysis_error(const ApiError& e) {
    return Json{{"type", "error"}, {"status", e.status}, {"message", e.message}}.dump();
}

// A reader that falls behind does not pile reports up: a report waiting to
// be written is replaced by a newer one of the same search; "done" reports,
// acks and errors are all sent, in order.
class AnalysisWs : public std::enable_shared_from_this<AnalysisWs> {
  public:
    AnalysisWs(tcp::socket&& socket, AnalysisService& analysis, std::shared_ptr<void> hold,
               const ServerOptions& options, std::string client)
        : ws_(std::move(socket)),
          analysis_(analysis),
          hold_(std::move(hold)),
          client_(std::move(client)) {
        websocket::stream_base::timeout t{};
        t.handshake_timeout = std::chrono::seconds(options.header_seconds);
        t.idle_timeout = std::chrono::seconds(options.ws_idle_seconds);
        t.keep_alive_pings = true;
        ws_.set_option(t);
    }

    void run(http::request<http::string_body> req) {
        ws_.read_message_max(kAnalysisFrameLimit);
        ws::accept(ws_, req,
                   [self = shared_from_this()](beast::error_code ec) { self->on_accept(ec); });
    }

  private:
    void on_accept(beast::error_code ec) {
        if (ec) return;
        std::weak_ptr<AnalysisWs> weak = shared_from_this();
        auto exec = ws_.get_executor();
        session_ = analysis_.open(client_, [weak, exec](const AnalysisReport& r) {
            auto text = std::make_shared<const std::string>(to_json_text(r));
            net::post(exec, [weak, text, done = r.done] {
                if (auto self = weak.lock()) self->enqueue(text, !done);
            });
        });
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
            reply(analysis_error({429, "too many messages; slow down"}));
            return do_read();
        }
        std::string type;
        AnalysisRequest request;
        ApiError err = parse_analysis_message(text, type, request);
        if (!err) {
            if (type == "analyse") {
                const std::int64_t id = request.id;
                err = session_->start(std::move(request));
                if (!err) reply(Json{{"type", "ack"}, {"of", type}, {"id", id}}.dump());
            } else if (type == "stop") {
                session_->stop();
                reply(Json{{"type", "ack"}, {"of", type}}.dump());
            } else {
                reply(Json{{"type", "ack"}, {"of", type}}.dump());
            }
        }
        if (err) reply(analysis_error(err));
        do_read();
    }

    void reply(std::string text) {
        enqueue(std::make_shared<const std::string>(std::move(text)), false);
    }

    void enqueue(std::shared_ptr<const std::string> text, bool report) {
        if (closed_) return;
        if (report && queue_.size() > 1 && queue_.back().second) {
            queue_.back().first = std::move(text);  // not being written: superseded
            return;
        }
        if (queue_.size() >= kAnalysisQueue) return finish();  // a client that does not read
        queue_.emplace_back(std::move(text), report);
        if (queue_.size() == 1) do_write();
    }

    void do_write() {
        ws::write_text(ws_, net::buffer(*queue_.front().first),
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
        session_.reset();  // stops its search
        beast::error_code ec;
        beast::get_lowest_layer(ws_).socket().close(ec);
    }

    ws::Stream ws_;
    AnalysisService& analysis_;
    std::shared_ptr<void> hold_;
    const std::string client_;
    std::unique_ptr<AnalysisService::Session> session_;
    beast::flat_buffer buffer_;
    // The front is being written; second: a report that a newer one may replace.
    std::deque<std::pair<std::shared_ptr<const std::string>, bool>> queue_;
    RateLimiter limiter_{20, 40};
    int violations_ = 0;
    bool closed_ = false;
};

}  // namespace

void serve_analysis_ws(tcp::socket&& socket, http::request<http::string_body> req,
                       AnalysisService& analysis, std::shared_ptr<void> hold,
                       const ServerOptions& options, std::string client) {
    std::make_shared<AnalysisWs>(std::move(socket), analysis, std::move(hold), options,
                                 std::move(client))
        ->run(std::move(req));
}

}  // namespace chimera::server
