// The lobby WebSocket, /api/lobby/ws (docs/api.md, "The lobby"): the open
// challenges listed live to everyone connected, quick pairing, direct
// challenges to a named player, and the start of the game for both players
// once paired. The hub is one per server (the lobby is not shared between
// servers: docs/scaling.md); private to the HTTP layer (http_server.cpp),
// which upgrades the connection, reads its account and hands it over here.
#pragma once

// Boost 1.74's asio/awaitable.hpp uses std::exchange without including <utility>.
// clang-format off
#include <utility>
// clang-format on

#include <boost/asio.hpp>
#include <boost/beast.hpp>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "server/accounts.h"
#include "server/games.h"

namespace chimera::server {

struct ServerOptions;

class LobbyHub {
  public:
    // may_create_game: 0, or the status refusing one more new game from the
    // address (the per-address limit of POST /api/games, which a challenge
    // and a seek count against: each may start a game).
    LobbyHub(boost::asio::io_context& ioc, GameService& games,
             std::function<int(const std::string& address)> may_create_game);
    ~LobbyHub();
    LobbyHub(const LobbyHub&) = delete;
    LobbyHub& operator=(const LobbyHub&) = delete;

    // Starts pairing the waiting seeks every second; stop() ends it.
    void start();
    void stop();

    // Accepts the upgrade `req` on socket and serves it until it closes; hold
    // is kept as long as the connection lives, client is its address key and
    // account the session's (none: anonymous).
    void serve(boost::asio::ip::tcp::socket&& socket,
               boost::beast::http::request<boost::beast::http::string_body> req,
               std::shared_ptr<void> hold, const ServerOptions& options, std::string client,
               std::optional<Account> account);

    struct Impl;

  private:
    std::shared_ptr<Impl> impl_;
};

}  // namespace chimera::server
