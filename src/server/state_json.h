// The game-state message on the wire (docs/api.md, "The state message"): the
// one place that writes it. The game service hands over typed values; the
// viewer-independent part is written once per version into a cache (the move
// list only extended by the new plies), and each viewer adds its clocks,
// seats and invitation.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "server/storage.h"
#include "variants/game.h"

namespace chimera::server {

struct StateCache {
    std::string shared, moves_text;
    std::size_t capacity = 0, moves_written = 0;
    std::uint64_t version = ~std::uint64_t{0};
};

// What differs between viewers of one version, or with the time.
struct ViewerState {
    bool clock = false;  // the game has a time control
    std::int64_t base_ms = 0, inc_ms = 0, remaining_ms[2] = {0, 0};
    int running = -1;          // the side whose clock runs, -1 for none
    std::string_view seat[2];  // "computer", "you", "human" or "open"
    int you = -1;              // 0, 1, 2 (both seats), -1 (spectator)
    std::string_view invite;   // the invitation, shown to a seated player while a seat is open
    bool present[2] = {false, false};  // a seat with a WebSocket open (the computer's: always)
    bool abortable = false;            // the game may still be aborted
    std::int64_t claim_in_ms = -1;     // for a player whose opponent is away: when the win
                                       // can be claimed (0: now); -1: no claim
};

// Brings cache up to version: g's stored data and position's board and legal moves.
void encode_shared_state(const StoredGame& g, std::uint64_t version, const Game& position,
                         StateCache& cache);

// The whole message for one viewer, from an up-to-date cache.
std::string encode_state(const StateCache& cache, const ViewerState& viewer);

}  // namespace chimera::server
