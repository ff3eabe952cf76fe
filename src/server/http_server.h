// HTTP and WebSocket server on Boost.Beast/Asio: the JSON API under /api, a
// WebSocket per game view at /api/games/<id>/ws, the analysis WebSocket, and the built front end as
// static files. Bodies, headers and WebSocket frames are size-limited, each
// connection is rate-limited, and idle or slow connections time out.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "server/client_address.h"
#include "server/games.h"

namespace chimera::server {
class AnalysisService;
class AccountService;
}  // namespace chimera::server

namespace chimera::server {

struct ServerOptions {
    std::string address = "0.0.0.0";
    unsigned short port = 8080;
    std::string static_dir;  // empty: no static files
    int threads = 2;
    // Flood limits across connections: open connections in all and per client
    // address, and new games per address (a token bucket: per minute, with a
    // burst of the same size).
    // The total is also held below the file descriptors the process may open
    // (the soft limit is raised to the hard one at start), with a reserve for
    // the database and static files. At the total, a new connection closes the
    // HTTP connection that has been idle longest; if none is idle it gets a 503.
    int max_connections = 20000;
    int max_connections_per_address = 256;
    int games_per_minute_per_address = 120;
    int idle_seconds = 60;  // an HTTP keep-alive connection silent this long is closed
    // A new connection's first request must arrive within this; so must every
    // request while the server holds more than 3/4 of its connections.
    int header_seconds = 10;
    // A WebSocket is pinged after half of this without traffic and closed after
    // all of it (a dead peer): well within the absence time after which an
    // opponent may claim the game (docs/api.md, "Presence"), so a seat whose
    // connection died without closing stops counting as present in time. The
    // opening handshake has header_seconds.
    int ws_idle_seconds = 30;
    // New games from all addresses together, per minute (bursts of as many).
    int games_per_minute_total = 3000;
    // Load balancers whose X-Forwarded-For names the client: their connections
    // are not held to the per-address cap, and the limits count per client.
    std::vector<Network> trusted_proxies;
    // Requests per HTTP connection: a token bucket of this rate and burst.
    int requests_per_second = 50;
    int request_burst = 100;
    // Behind a load balancer: on SIGTERM/SIGINT the server first drains for
    // this long (GameService::drain: /api/ready answers 503, no new games, its
    // games handed over), then stops. 0: it stops at once.
    int drain_ms = 0;
};

class HttpServer {
  public:
    // analysis: the engine of the analysis WebSocket (/api/analysis/ws); null:
    // that endpoint answers 503. accounts: /api/account... (null: 404).
    HttpServer(GameService& games, ServerOptions options, AnalysisService* analysis = nullptr,
               AccountService* accounts = nullptr);
    ~HttpServer();
    // Raises the descriptor limit, binds and listens; the port actually bound
    // (useful with port 0).
    Status start(unsigned short* bound_port = nullptr);
    // After start: the connections held at most, and the descriptor limit.
    int connection_cap() const;
    int descriptor_limit() const;
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
