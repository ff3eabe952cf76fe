// Persistence of games behind an interface, so a shared store (PostgreSQL, see
// docs/scaling.md) can be added without touching game logic. Every accepted
// move is committed before it is acknowledged.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/status.h"

namespace chimera::server {

// Everything needed to rebuild a game after a restart.
struct StoredGame {
    std::string id;
    std::string variant;
    std::string start_fen;
    int formation = 0;       // start position number for variants with several, 0 otherwise
    std::string mode;        // computer | online | local
    int level = 0;           // computer level 1-8
    int computer_side = -1;  // 0 White, 1 Black, -1 none
    std::string token[2];    // seat tokens
    bool seat_taken[2] = {false, false};
    std::string invite;  // invitation code for online games
    std::int64_t base_ms = 0, inc_ms = 0;
    std::int64_t remaining_ms[2] = {0, 0};
    std::string result = "*";
    std::string termination;
    int draw_offer = -1;  // side offering a draw, -1 none
    std::int64_t created_ms = 0, updated_ms = 0;
    std::int64_t turn_started_ms =
        0;                         // wall-clock ms when the running clock's turn began, 0 if none
    std::vector<std::string> lan;  // moves played
    std::vector<std::string> san;
    // How many of them were given with the game (moves at creation, an import):
    // only the moves after them count as played on the server.
    std::size_t given_plies = 0;
};

// An aborted game is over without a result. It is stored as kAborted, so that
// "over" is `result != "*"` everywhere, and shown as the record writes it:
// result "*" with the termination "aborted" (public_result, status_name).
inline constexpr std::string_view kAborted = "aborted";
inline std::string_view public_result(std::string_view result) {
    return result == kAborted ? "*" : result;
}
// "playing", "over" (with a result) or "aborted".
inline std::string_view status_name(std::string_view result) {
    return result == "*" ? "playing" : result == kAborted ? "aborted" : "over";
}

class Storage {
  public:
    virtual ~Storage() = default;
    // Stores a new game with the moves it already has (an import), in one transaction.
    virtual Status create_game(const StoredGame& g) = 0;
    // Appends one move and the game's new state in one transaction.
    virtual Status append_move(const StoredGame& g, const std::string& lan,
                               const std::string& san) = 0;
    // Saves the game row (seats, clocks, result, draw offer).
    virtual Status update_game(const StoredGame& g) = 0;
    virtual Status load_all(std::vector<StoredGame>& out) = 0;
    // The server's last sign of life, written every second: after a crash, the
    // running clocks are charged up to it and the downtime after it is not.
    virtual Status heartbeat(std::int64_t at_ms) = 0;
    virtual Status last_heartbeat(std::int64_t& at_ms) = 0;
};

// SQLite in WAL mode with versioned migrations (schema_version table).
std::unique_ptr<Storage> open_sqlite(const std::string& path, Status* status);

}  // namespace chimera::server
