// HTTP and WebSocket server on Boost.Beast/Asio: the JSON API under /api, a
// WebSocket per game view at /api/games/<id>/ws, and the built front end as
// static files. Bodies, headers and WebSocket frames are size-limited, each
// connection is rate-limited, and idle or slow connections time out.
#pragma once

#include <memory>
#include <string>

#include "server/games.h"

namespace chimera::server {

struct ServerOptions {
    std::string address = "0.0.0.0";
    unsigned short port = 8080;
    std::string static_dir;  // empty: no static files
    int threads = 2;
    // Flood limits across connections: open connections in all and per client
    // address, and new games per address (a token bucket: per minute, with a
    // burst of the same size).
    int max_connections = 20000;
    int max_connections_per_address = 1000;
    int games_per_minute_per_address = 120;
    int idle_seconds = 60;  // an HTTP connection silent this long is closed
    // Requests per HTTP connection: a token bucket of this rate and burst.
    int requests_per_second = 50;
    int request_burst = 100;
};

class HttpServer {
  public:
    HttpServer(GameService& games, ServerOptions options);
    ~HttpServer();
    // Binds and listens; the port actually bound (useful with port 0).
    Status start(unsigned short* bound_port = nullptr);
    // From now on SIGINT and SIGTERM stop the server cleanly (call it before
    // announcing the server, so a signal right after the announcement is not lost).
    void handle_signals();
    // Runs until stop() or SIGINT/SIGTERM (when handle_signals).
    void run(bool handle_signals);
    void stop();

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace chimera::server
