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
#include <string_view>
#include <thread>

#include "server/accounts.h"
#include "server/games.h"
#include "server/lobby.h"
#include "server/lobby_messages.h"

namespace chimera::server {

struct ServerOptions;

// The lobby's connections live on a thread of their own, at a lower
// priority (niceness 10): sending each change to every viewer (a thousand
// writes for one new challenge) gives way to the games' moves. What reads
// the database or starts a game runs on the server's threads (`work`), at
// their priority, so the lobby's thread never holds what a game waits for.
class LobbyHub {
  public:
    // work: the server's io_context. may_create_game: 0, or the status
    // refusing one more new game from the address (the per-address limit of
    // POST /api/games, which a challenge and a seek count against: each may
    // start a game).
    LobbyHub(boost::asio::io_context& work, GameService& games,
             std::function<int(const std::string& address)> may_create_game);
    ~LobbyHub();
    LobbyHub(const LobbyHub&) = delete;
    LobbyHub& operator=(const LobbyHub&) = delete;

    // Starts the lobby's thread, and the pairing of the waiting seeks every
    // second; stop() ends both (idempotent).
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
    // Destroyed in this order: the timer, the connections (with the
    // io_context), the hub's state they shared.
    std::shared_ptr<Impl> impl_;
    std::unique_ptr<boost::asio::io_context> ioc_;
    std::unique_ptr<boost::asio::steady_timer> timer_;
    std::thread thread_;
};

}  // namespace chimera::server
