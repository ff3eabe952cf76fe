// The game-state messages on the wire (docs/api.md, "The state" and "The
// WebSocket"): the one place that writes them. The game service hands over
// typed values. The viewer-independent parts of a version are written once
// into a cache (the move list only extended by the new plies); the full state
// adds each viewer's clocks, seats and invitation, and the push after a change
// is a delta from the previous version's parts, the same for every viewer.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "server/json_text.h"
#include "server/storage.h"
#include "variants/game.h"

namespace chimera::server {

inline constexpr std::uint64_t kNoVersion = ~std::uint64_t{0};

// What the game service knows of a version beyond the stored game and the
// position, the same for every viewer.
struct RoomView {
    bool present[2] = {false, false};  // a seat with a WebSocket open (the computer's: always)
    bool abortable = false;            // the game may still be aborted
    // The seats' accounts: {"white": {"name", "rating", "provisional", and
    // after a rated game "before"}|null, "black": ...}, or null (none).
    std::string players = "null";
};

// The viewer-independent parts of one version: plain values (fen, turn, the
// board's strings, status, result, termination, presence) and JSON texts
// (hands, checked, legal, the offers), so that two versions compare part by part.
struct SharedParts {
    std::uint64_t version = kNoVersion;
    std::size_t plies = 0;
    std::string fen, turn, pieces, dormant, groups, hands, checked, legal;
    std::string status, result, termination, draw_offer, takeback_offer, rematch;
    RoomView room;
    std::string seats;  // who may hold each seat: a change is pushed as a full state
};

struct StateCache {
    SharedParts parts;     // this version's
    SharedParts previous;  // the version before's, when it was built (for the delta)
    std::string shared, moves_text;
    std::size_t capacity = 0, moves_written = 0;
};

// The clocks as they stand now (the same for every viewer).
struct ClockView {
    bool on = false;  // the game has a time control
    std::int64_t base_ms = 0, inc_ms = 0, remaining_ms[2] = {0, 0};
    int running = -1;  // the side whose clock runs, -1 for none
};

// What differs between viewers of one version, or with the time.
struct ViewerState {
    ClockView clock;
    std::string_view seat[2];       // "computer", "you", "human" or "open"
    int you = -1;                   // 0, 1, 2 (both seats), -1 (spectator)
    std::string_view invite;        // the invitation, shown to a seated player while a seat is open
    std::int64_t claim_in_ms = -1;  // for a player whose opponent is away: when the win
                                    // can be claimed (0: now); -1: no claim
};

// The legal moves in their compact form (docs/api.md, "Legal moves"): an
// object of origin squares ("<letter>@" for drops), each with its moves'
// destinations — "<to>" for a quiet move whose LAN is origin + to, "x<to>" for
// a capture of what stands on to, else an object with to and what differs.
void write_compact_legal(JsonText& j, const std::vector<MoveDetail>& moves);

// Brings cache up to version: g's stored data, position's board and legal
// moves, and the room's view. The parts of the version before are kept if they
// were this version's.
void encode_shared_state(const StoredGame& g, std::uint64_t version, const Game& position,
                         const RoomView& room, StateCache& cache);

// The whole message for one viewer, from an up-to-date cache.
std::string encode_state(const StateCache& cache, const ViewerState& viewer);

// The push for every viewer from the previous version to the cache's ("move"
// after a ply, "update" after any other change), or an empty string when a
// full state is due instead: the previous version was not built, the seats
// changed, or the plies did not grow by one or stay.
std::string encode_delta(const StoredGame& g, const StateCache& cache, const ClockView& clock);

// Whether the delta's change touches what a claim depends on (presence,
// abortable, status): each player who might claim then gets claim_in_ms with it.
bool delta_touches_claim(const StateCache& cache);

// A delta as one player gets it: with claim_in_ms (see ViewerState), null for no claim.
std::string with_claim(std::string_view delta, std::int64_t claim_in_ms);

}  // namespace chimera::server
