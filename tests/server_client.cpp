// The Beast and Asio side of server_client.h (see there).
#include "server_client.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <boost/asio.hpp>
#include <boost/beast.hpp>
#include <cstdio>
#include <fstream>
#include <functional>
#include <regex>
#include <sstream>

#include "binary_under_test.h"

extern char** environ;

namespace chimera::testing {

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
namespace net = boost::asio;
using tcp = net::ip::tcp;

namespace {

// Runs a client's private io_context until flag is set or the timeout passes;
// returns the flag.
bool run_io_until(net::io_context& ioc, bool& flag, std::chrono::milliseconds timeout) {
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    if (ioc.stopped()) ioc.restart();
    while (!flag && std::chrono::steady_clock::now() < deadline) {
        ioc.run_one_for(deadline - std::chrono::steady_clock::now());
        if (ioc.stopped()) ioc.restart();
    }
    return flag;
}

// The HTTP exchanges' Beast operations, each instantiated once for every
// client here (type-erased handlers; Beast's operations are templates on them).
using Done = std::function<void(beast::error_code)>;

void connect_local(beast::tcp_stream& stream, unsigned short port, Done done) {
    stream.async_connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port), std::move(done));
}

// Writes req, then reads the answer into parser. A write error ends the
// exchange unless read_after_write_error: a server may answer (413) before
// reading the whole body.
void write_then_read(beast::tcp_stream& stream, const http::request<http::string_body>& req,
                     beast::flat_buffer& buffer, http::response_parser<http::string_body>& parser,
                     bool read_after_write_error, Done done) {
    http::async_write(stream, req,
                      std::function<void(beast::error_code, std::size_t)>(
                          [&stream, &buffer, &parser, read_after_write_error, done](
                              beast::error_code ec, std::size_t) {
                              if (ec && !read_after_write_error) return done(ec);
                              http::async_read(
                                  stream, buffer, parser,
                                  std::function<void(beast::error_code, std::size_t)>(
                                      [done](beast::error_code ec2, std::size_t) { done(ec2); }));
                          }));
}

}  // namespace

bool ServerProcess::start(const std::string& db, const std::vector<std::string>& extra) {
    kill_hard();
    const bool on_postgres = db.starts_with("postgresql://") || db.starts_with("postgres://");
    if (on_postgres && chosen_log_path_.empty()) {
        ADD_FAILURE() << "a server on " << db << " needs set_log_path()";
        return false;
    }
    log_path_ = chosen_log_path_.empty() ? db + ".server.log" : chosen_log_path_;
    int out_pipe[2];
    if (pipe2(out_pipe, O_CLOEXEC) != 0) {
        ADD_FAILURE() << "pipe2 failed";
        return false;
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&actions, out_pipe[1], 1);
    posix_spawn_file_actions_addopen(&actions, 2, log_path_.c_str(), O_WRONLY | O_CREAT | O_APPEND,
                                     0644);
    std::vector<std::string> args{::chimera::testing::chimera_binary(),
                                  "serve",
                                  "--port",
                                  "0",
                                  "--db",
                                  db,
                                  "--threads",
                                  "2",
                                  "--static",
                                  log_path_ + ".no-static"};
    args.insert(args.end(), extra.begin(), extra.end());
    args.insert(args.begin(), wrapper_.begin(), wrapper_.end());
    std::vector<char*> argv;
    for (auto& s : args) argv.push_back(s.data());
    argv.push_back(nullptr);
    const int rc = posix_spawn(&pid_, args[0].c_str(), &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    close(out_pipe[1]);
    if (rc != 0) {
        close(out_pipe[0]);
        pid_ = -1;
        ADD_FAILURE() << "cannot start " << ::chimera::testing::chimera_binary();
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
        ADD_FAILURE() << "the server did not announce its port within the timeout; stdout: " << line
                      << "\nstderr: " << log();
        kill_hard();
        return false;
    }
    port_ = static_cast<unsigned short>(std::stoi(m[1]));
    return true;
}

bool ServerProcess::stop() {
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

void ServerProcess::kill_hard() {
    if (pid_ > 0) {
        ::kill(pid_, SIGKILL);
        int status = 0;
        waitpid(pid_, &status, 0);
        pid_ = -1;
    }
    if (out_fd_ >= 0) close(out_fd_);
    out_fd_ = -1;
}

bool ServerProcess::alive() {
    if (pid_ <= 0) return false;
    int status = 0;
    if (waitpid(pid_, &status, WNOHANG) == pid_) {
        pid_ = -1;
        return false;
    }
    return true;
}

std::string ServerProcess::log() const {
    std::ifstream in(log_path_);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str().substr(0, 4000);
}

bool ServerProcess::wait_exit(std::chrono::milliseconds timeout, int* status) {
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

std::ostream& operator<<(std::ostream& os, const HttpResult& r) {
    return os << "HTTP " << r.status << " " << r.body.substr(0, 600)
              << (r.error.empty() ? "" : " [" + r.error + "]");
}

std::string HttpResult::header(std::string_view name) const {
    for (const auto& [k, v] : headers)
        if (beast::iequals(k, beast::string_view(name.data(), name.size()))) return v;
    return "";
}

HttpResult http_request(unsigned short port, const std::string& method, const std::string& target,
                        const std::string& body, const std::string& content_type,
                        const Headers& headers) {
    HttpResult out;
    net::io_context ioc;
    beast::tcp_stream stream(ioc);
    http::request<http::string_body> req{http::string_to_verb(method), target, 11};
    req.set(http::field::host, "localhost");
    for (const auto& [k, v] : headers) req.set(k, v);
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
    connect_local(stream, port, [&](beast::error_code ec) {
        if (ec) return done = true, void(error = ec);
        write_then_read(stream, req, buffer, parser, true, [&](beast::error_code ec2) {
            error = ec2;
            done = true;
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
    for (const auto& f : res)
        out.headers.emplace_back(std::string(f.name_string()), std::string(f.value()));
    return out;
}

std::string raw_exchange(unsigned short port, const std::string& bytes,
                         std::chrono::milliseconds timeout) {
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

int raw_status(const std::string& reply) {
    static const std::regex kStatus(R"(^HTTP/1\.[01] (\d{3}))");
    std::smatch m;
    return std::regex_search(reply, m, kStatus) ? std::stoi(m[1]) : 0;
}

struct WsClient::Io {
    Io() : ws(ioc) {}
    bool run_until(bool& flag, std::chrono::milliseconds timeout = kIoTimeout) {
        return run_io_until(ioc, flag, timeout);
    }
    net::io_context ioc;
    websocket::stream<beast::tcp_stream> ws;
    beast::flat_buffer buffer;
    bool pending = false, read_done = false;
    beast::error_code read_error;
};

WsClient::WsClient() : io_(std::make_unique<Io>()) {}

WsClient::~WsClient() {
    beast::error_code ec;
    beast::get_lowest_layer(io_->ws).socket().close(ec);
    io_->ioc.restart();
    io_->ioc.poll();
}

bool WsClient::connect(unsigned short port, const std::string& target, int receive_buffer,
                       const Headers& headers) {
    if (beast::get_lowest_layer(io_->ws).socket().is_open()) {
        // Used before: a new connection, whose first state starts the view anew.
        beast::error_code ec;
        beast::get_lowest_layer(io_->ws).socket().close(ec);
        io_->ioc.restart();
        io_->ioc.poll();
        io_ = std::make_unique<Io>();
        open_ = false;
        view_ = Json::object();
    }
    bool done = false;
    beast::error_code error;
    if (!headers.empty())
        io_->ws.set_option(websocket::stream_base::decorator([headers](websocket::request_type& r) {
            for (const auto& [name, value] : headers) r.set(name, value);
        }));
    auto& layer = beast::get_lowest_layer(io_->ws);
    if (receive_buffer > 0) {
        layer.socket().open(tcp::v4(), error);
        if (!error)
            layer.socket().set_option(net::socket_base::receive_buffer_size(receive_buffer), error);
        if (error) return last_error_ = error.message(), false;
    }
    connect_local(layer, port, [&](beast::error_code ec) {
        if (ec) return done = true, void(error = ec);
        io_->ws.async_handshake("localhost", target, [&](beast::error_code ec2) {
            error = ec2;
            done = true;
        });
    });
    if (!io_->run_until(done) || error) {
        last_error_ = done ? error.message() : "timed out";
        return false;
    }
    io_->ws.read_message_max(8 * 1024 * 1024);
    open_ = true;
    return true;
}

bool WsClient::send(const std::string& text, bool binary) {
    bool done = false;
    beast::error_code error;
    io_->ws.binary(binary);
    io_->ws.async_write(net::buffer(text), [&](beast::error_code ec, std::size_t) {
        error = ec;
        done = true;
    });
    if (!io_->run_until(done) || error) {
        last_error_ = done ? error.message() : "timed out";
        return false;
    }
    return true;
}

std::optional<std::string> WsClient::next_text(std::chrono::milliseconds timeout) {
    if (!io_->pending) {
        io_->buffer.consume(io_->buffer.size());
        io_->read_done = false;
        io_->pending = true;
        io_->ws.async_read(io_->buffer, [this](beast::error_code ec, std::size_t) {
            io_->read_error = ec;
            io_->read_done = true;
        });
    }
    if (!io_->run_until(io_->read_done, timeout)) {
        last_error_ = "timed out";
        return std::nullopt;  // the read stays pending; a later call continues it
    }
    io_->pending = false;
    if (io_->read_error) {
        last_error_ = io_->read_error.message();
        open_ = false;
        return std::nullopt;
    }
    ++received_;
    return beast::buffers_to_string(io_->buffer.data());
}

std::optional<Json> WsClient::next(std::chrono::milliseconds timeout) {
    auto t = next_text(timeout);
    if (!t) return std::nullopt;
    Json j = Json::parse(*t, nullptr, false);
    if (j.is_discarded()) {
        last_error_ = "not JSON: " + t->substr(0, 200);
        return std::nullopt;
    }
    const Applied a = apply_push(view_, j);
    gaps_ += a == Applied::GAP;
    stale_ += a == Applied::STALE;
    states_ += j.value("type", "") == "state";
    return j;
}

std::optional<Json> WsClient::wait_view(const std::function<bool(const Json&)>& pred,
                                        std::chrono::milliseconds timeout) {
    const auto found = wait_for(
        [&](const Json& j) {
            const std::string type = j.value("type", "");
            return (type == "state" || type == "move" || type == "update") && pred(view_);
        },
        timeout);
    if (!found) return std::nullopt;
    return view_;
}

std::optional<Json> WsClient::wait_for(const std::function<bool(const Json&)>& pred,
                                       std::chrono::milliseconds timeout) {
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

std::optional<Json> WsClient::wait_state(std::size_t plies, std::chrono::milliseconds timeout) {
    return wait_view([&](const Json& v) { return v["moves"].size() == plies; }, timeout);
}

bool WsClient::silent_for(std::chrono::milliseconds quiet) {
    auto t = next_text(quiet);
    if (t) {
        skipped_.push_back(Json::parse(*t, nullptr, false));
        return false;
    }
    return last_error_ == "timed out";
}

void WsClient::close() {
    if (!open_) return;
    bool done = false;
    io_->ws.async_close(websocket::close_code::normal, [&](beast::error_code) { done = true; });
    io_->run_until(done, 2s);
    open_ = false;
}

bool WsClient::send_raw_tcp(const std::string& bytes) {
    bool done = false;
    beast::error_code error;
    net::async_write(beast::get_lowest_layer(io_->ws).socket(), net::buffer(bytes),
                     [&](beast::error_code ec, std::size_t) {
                         error = ec;
                         done = true;
                     });
    return io_->run_until(done) && !error;
}

void WsClient::drop() {
    beast::error_code ec;
    beast::get_lowest_layer(io_->ws).socket().close(ec);
    open_ = false;
}

struct KeepAliveClient::Io {
    Io() : stream(ioc) {}
    bool run_until(bool& flag, std::chrono::milliseconds timeout = kIoTimeout + 2s) {
        return run_io_until(ioc, flag, timeout);
    }
    net::io_context ioc;
    beast::tcp_stream stream;
    beast::flat_buffer buffer;
};

KeepAliveClient::KeepAliveClient() : io_(std::make_unique<Io>()) {}
KeepAliveClient::~KeepAliveClient() = default;

bool KeepAliveClient::connect(unsigned short port) {
    bool done = false;
    beast::error_code error;
    io_->stream.expires_after(kIoTimeout);
    connect_local(io_->stream, port, [&](beast::error_code ec) {
        error = ec;
        done = true;
    });
    return io_->run_until(done) && !error;
}

HttpResult KeepAliveClient::request(const std::string& method, const std::string& target,
                                    const std::string& body) {
    HttpResult out;
    http::request<http::string_body> req{http::string_to_verb(method), target, 11};
    req.set(http::field::host, "localhost");
    req.keep_alive(true);
    if (method == "POST") {
        req.set(http::field::content_type, "application/json");
        req.body() = body;
    }
    req.prepare_payload();
    http::response_parser<http::string_body> parser;
    bool done = false;
    beast::error_code error;
    io_->stream.expires_after(kIoTimeout);
    write_then_read(io_->stream, req, io_->buffer, parser, false, [&](beast::error_code ec) {
        error = ec;
        done = true;
    });
    if (!io_->run_until(done)) {
        out.error = "timed out";
        return out;
    }
    if (error) {
        out.error = error.message();
        return out;
    }
    out.status = static_cast<int>(parser.get().result_int());
    out.content_type = std::string(parser.get()[http::field::content_type]);
    out.body = parser.get().body();
    return out;
}

bool KeepAliveClient::closed_by_server_within(std::chrono::milliseconds timeout) {
    bool done = false;
    beast::error_code error;
    std::array<char, 64> buf{};
    io_->stream.expires_after(timeout + 5s);
    io_->stream.async_read_some(net::buffer(buf), [&](beast::error_code ec, std::size_t) {
        error = ec;
        done = true;
    });
    return io_->run_until(done, timeout) &&
           (error == net::error::eof || error == net::error::connection_reset);
}

struct RawConnection::Io {
    net::io_context ioc;
    tcp::socket socket{ioc};
};

RawConnection::RawConnection() : io_(std::make_unique<Io>()) {}
RawConnection::~RawConnection() = default;

bool RawConnection::open(unsigned short port, const std::string& from) {
    beast::error_code ec;
    io_->socket.open(tcp::v4(), ec);
    if (!ec) io_->socket.bind(tcp::endpoint(net::ip::make_address(from), 0), ec);
    if (!ec) io_->socket.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port), ec);
    return !ec;
}

int RawConnection::get(const std::string& target) {
    const std::string request = "GET " + target + " HTTP/1.1\r\nHost: localhost\r\n\r\n";
    beast::error_code ec;
    net::write(io_->socket, net::buffer(request), ec);
    if (ec) return 0;
    return read_status();
}

int RawConnection::read_status() {
    pollfd p{io_->socket.native_handle(), POLLIN, 0};
    if (poll(&p, 1, static_cast<int>(std::chrono::milliseconds(kIoTimeout).count())) <= 0) return 0;
    std::array<char, 4096> buf{};
    beast::error_code ec;
    const std::size_t n = io_->socket.read_some(net::buffer(buf), ec);
    return raw_status(std::string(buf.data(), n));
}

}  // namespace chimera::testing
