// The WebSocket operations of the server's three kinds of connection (a
// game's, the analysis board's, the lobby's), each a plain function whose
// completion handler is type-erased (std::function). Beast's composed
// operations are templates on their handler: with each connection's own
// handler types, every one of them was instantiated and compiled once per
// kind of connection. Private to the HTTP layer (http_server.cpp,
// analysis_ws.cpp, lobby_ws.cpp).
#pragma once

// Boost 1.74's asio/awaitable.hpp uses std::exchange without including <utility>.
// clang-format off
#include <utility>
// clang-format on

#include <boost/asio.hpp>
#include <boost/beast.hpp>
#include <cstddef>
#include <functional>

namespace chimera::server::ws {

using Stream = boost::beast::websocket::stream<boost::beast::tcp_stream>;
using Request = boost::beast::http::request<boost::beast::http::string_body>;
// Called on the stream's executor once the operation is done, as Beast's own
// handlers are: what they capture (the connection's shared_ptr) keeps it alive.
using Done = std::function<void(boost::beast::error_code)>;
using Transferred = std::function<void(boost::beast::error_code, std::size_t)>;

// Answers the upgrade `req` (not used once this returns).
void accept(Stream& ws, const Request& req, Done done);
// Reads one message into buffer.
void read(Stream& ws, boost::beast::flat_buffer& buffer, Transferred done);
// Writes `text` as one text message; text must live until done is called.
void write_text(Stream& ws, boost::asio::const_buffer text, Transferred done);
// Sends a close frame (normal closure) and waits for the peer's.
void close(Stream& ws, Done done);

}  // namespace chimera::server::ws
