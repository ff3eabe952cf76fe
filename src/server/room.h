// The room of a game going on or read lately, and what the GameService files
// (games*.cpp) share about it. Private to them: nothing else includes it.
#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <utility>

#include "engine/engine.h"
#include "server/games.h"
#include "server/state_json.h"
#include "server/storage.h"

namespace chimera::server {

// A game held in memory, with its position, its subscribers and what this
// server knows of its presence and lease; locked by its mutex.
struct Room {
    std::mutex mutex;
    StoredGame data;
    std::unique_ptr<Game> game;
    std::uint64_t version = 0;
    std::map<std::uint64_t, std::pair<int, Subscriber>> subscribers;
    engine::Engine* thinking = nullptr;  // the computer's running search, if any
    bool computer_queued = false;
    std::string owner;  // the creator's address key, for the computer's bounds
    // Several servers: this server holds the game's lease (on_duty).
    bool owned = false;
    // Presence: the open WebSockets holding each seat here. Since when a seat
    // is away is data.away_ms; with several servers it is their common view,
    // and presence_stored says whether the database has this server holding
    // the seat.
    int present[2] = {0, 0};
    bool presence_stored[2] = {false, false};
    // The state message's viewer-independent parts, rebuilt once per version.
    mutable StateCache state;
    // The players with accounts as the state shows them (games_ratings.cpp):
    // JSON, read when first needed and after each change of seats or ratings.
    mutable std::string players = "null";
    mutable bool players_read = false;
};

// A stored game as a room: its position replayed from the start; null (and
// why in *why) if it cannot be (games.cpp).
std::shared_ptr<Room> replay(StoredGame&& g, Status* why);

inline constexpr const char* kSideName[2] = {"white", "black"};
inline constexpr int kViewerBoth = 2, kSpectator = -1;

inline ApiError fail(int status, std::string message) {
    return ApiError{status, std::move(message)};
}

// A storage call that failed, as the API answers it: 503 while the database is
// away (the same request can succeed later; what happened is on the server's
// stderr), 500 for any other failure.
inline ApiError storage_failure(const Status& s) {
    if (s.is_unavailable())
        return fail(503, "the database is unavailable: nothing was stored; try again shortly");
    if (s.is_conflict()) {
        ApiError e = fail(409, "the game changed on another server meanwhile; nothing was stored");
        e.conflict = true;
        return e;
    }
    return fail(500, s.message());
}

// Sets the caller's error and answers an empty value of whatever type it returns.
struct Refused {
    template <class T>
    operator T() const {
        return T{};
    }
};
inline Refused refused(ApiError& err, ApiError e) {
    err = std::move(e);
    return {};
}

// Compares a secret in time that depends only on the lengths.
inline bool same_secret(const std::string& a, const std::string& b) {
    if (a.size() != b.size()) return false;
    unsigned char diff = 0;
    for (std::size_t i = 0; i < a.size(); ++i) diff |= static_cast<unsigned char>(a[i] ^ b[i]);
    return diff == 0;
}

// Which seat a token holds: 0, 1, both (one device), or none.
inline int seat_of(const Room& r, const std::string& token) {
    if (token.empty()) return kSpectator;
    const bool w = same_secret(token, r.data.token[0]), b = same_secret(token, r.data.token[1]);
    if (w && b) return kViewerBoth;
    if (w && r.data.seat_taken[0] && r.data.computer_side != 0) return 0;
    if (b && r.data.seat_taken[1] && r.data.computer_side != 1) return 1;
    return kSpectator;
}

// Both seats are taken: an online game waiting for its invited player has no
// opponent whose time could run.
inline bool seated(const StoredGame& g) { return g.seat_taken[0] && g.seat_taken[1]; }

// Time runs once both seats are taken and a move has been made on the server
// (moves given with the game, as in an import, do not start it).
inline bool clock_running(const Room& r) {
    return r.data.base_ms > 0 && r.data.result == "*" && !r.data.lan.empty() &&
           r.data.turn_started_ms > 0 && seated(r.data);
}

// Abort is allowed until both sides have made a move on the server (moves
// given with the game do not count).
inline bool abortable(const StoredGame& g) {
    return g.result == "*" && g.lan.size() < g.given_plies + 2;
}

// Whether a player of an untimed online game whose opponent is away may come
// to claim the win (viewer 0 or 1: one seat).
inline bool may_claim(const StoredGame& g, int viewer) {
    return g.mode == "online" && g.base_ms == 0 && (viewer == 0 || viewer == 1);
}

// The seat has had no WebSocket open for `limit` ms (on any server).
inline bool away_for(const Room& r, int side, std::int64_t now, std::int64_t limit) {
    return r.data.away_ms[side] != 0 && now - r.data.away_ms[side] >= limit;
}

inline std::string abandoned(int side) {
    return std::string(kSideName[side]) + " abandoned the game";
}

inline std::int64_t live_remaining(const Room& r, int side) {
    std::int64_t left = r.data.remaining_ms[side];
    if (clock_running(r) && side == r.game->side_to_move())
        left -= now_ms() - r.data.turn_started_ms;
    return left;
}

inline ClockView clock_view(const Room& r) {
    ClockView c;
    c.on = r.data.base_ms > 0;
    c.base_ms = r.data.base_ms;
    c.inc_ms = r.data.inc_ms;
    for (int s = 0; s < 2; ++s) c.remaining_ms[s] = std::max<std::int64_t>(0, live_remaining(r, s));
    c.running = clock_running(r) ? r.game->side_to_move() : -1;
    return c;
}

inline RoomView room_view(const Room& r) {
    RoomView v;
    for (int s = 0; s < 2; ++s) v.present[s] = r.data.computer_side == s || r.data.away_ms[s] == 0;
    v.abortable = abortable(r.data);
    v.players = r.players;
    return v;
}

// For a player of an untimed online game whose opponent is away, after both
// sides have moved: the ms until the win can be claimed (0: now); else -1.
inline std::int64_t claim_in_ms(const Room& r, int viewer, std::int64_t absence_ms) {
    const StoredGame& g = r.data;
    if (!may_claim(g, viewer) || g.result != "*" || abortable(g) || g.away_ms[1 - viewer] == 0)
        return -1;
    return std::max<std::int64_t>(0, g.away_ms[1 - viewer] + absence_ms - now_ms());
}

// Runs act(room) with the game's room locked, deciding again on what is
// stored when it was refused on a stale copy (games.h).
template <class Act>
auto GameService::with_room(const std::string& id, ApiError& err, Act act) {
    using Out = decltype(act(std::declval<Room&>()));
    auto room = find(id, err);
    if (!room) return Out{};  // err says why
    std::lock_guard rl(room->mutex);
    for (int attempt = 1;; ++attempt) {
        err = {};
        Out out = act(*room);
        // Refused on what this server holds (an illegal move, not the turn, a
        // seat not taken): another server may have changed the game since.
        const bool maybe_stale = err.status == 400 || err.status == 403 || err.status == 409;
        if (!maybe_stale || attempt == kAttempts) return out;
        bool changed = false;
        if (Status s = refresh(*room, &changed); !s) {
            // The game cannot be read again: a refusal on what is held stands,
            // and a conflict is answered as the database's failure.
            if (!err.conflict) return out;
            return Out(refused(err, storage_failure(s)));
        }
        if (!changed && !err.conflict) return out;
    }
}

}  // namespace chimera::server
