#include "server/ws_ops.h"

namespace chimera::server::ws {

void accept(Stream& ws, const Request& req, Done done) { ws.async_accept(req, std::move(done)); }

void read(Stream& ws, boost::beast::flat_buffer& buffer, Transferred done) {
    ws.async_read(buffer, std::move(done));
}

void write_text(Stream& ws, boost::asio::const_buffer text, Transferred done) {
    ws.text(true);
    ws.async_write(text, std::move(done));
}

void close(Stream& ws, Done done) {
    ws.async_close(boost::beast::websocket::close_code::normal, std::move(done));
}

}  // namespace chimera::server::ws
