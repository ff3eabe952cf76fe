// After an online game: rematch offers between its two players, the rematch
// game started when both want it, and the views of finished games that are
// told of them (docs/api.md, "Rematches").
#include "server/games.h"
#include "server/room.h"

namespace chimera::server {

namespace {

// The rematch of g: the same variant, start and time control, the colours
// swapped, both seats taken (each player asks for theirs with the finished
// game's token).
StoredGame rematch_of(const StoredGame& g, std::int64_t now) {
    StoredGame f;
    f.id = random_token(6);
    f.variant = g.variant;
    f.start_fen = g.start_fen;
    f.formation = g.formation;
    f.mode = g.mode;
    f.token[0] = random_token(16);
    f.token[1] = random_token(16);
    f.seat_taken[0] = f.seat_taken[1] = true;
    f.base_ms = g.base_ms;
    f.inc_ms = g.inc_ms;
    f.remaining_ms[0] = f.remaining_ms[1] = g.base_ms;
    f.created_ms = f.updated_ms = now;
    f.away_ms[0] = f.away_ms[1] = now;
    // Moves given with the game (a position reached by moves) are given again.
    f.lan.assign(g.lan.begin(), g.lan.begin() + static_cast<std::ptrdiff_t>(g.given_plies));
    f.san.assign(g.san.begin(), g.san.begin() + static_cast<std::ptrdiff_t>(g.given_plies));
    f.given_plies = g.given_plies;
    f.account[0] = g.account[1];
    f.account[1] = g.account[0];
    f.rated = g.rated;
    return f;
}

}  // namespace

RematchAck GameService::rematch(const std::string& id, const std::string& token,
                                const std::string& action, ApiError& err) {
    if (action != "offer" && action != "accept" && action != "decline")
        return refused(err, fail(400, "action must be offer, accept or decline"));
    return with_room(id, err, [&](Room& room) -> RematchAck {
        StoredGame& g = room.data;
        // A finished game held here may be older than the store (another
        // server took an offer): its offers are read from the store.
        if (g.result != "*")
            if (Status s = refresh(room); !s) return refused(err, storage_failure(s));
        const int seat = seat_of(room, token);
        if (seat == kSpectator)
            return refused(err, fail(403, "this token holds no seat in the game"));
        if (g.result == "*")
            return refused(err, fail(409, "the game is not over: a rematch comes after it"));
        if (g.result == kAborted)
            return refused(err, fail(409, "an aborted game has no rematch: start a new game"));
        if (g.mode != "online" || seat == kViewerBoth)
            return refused(err, fail(409,
                                     "a rematch is offered in an online game; against the "
                                     "computer or on one device, start the new game at once"));
        if (!g.rematch_id.empty()) {
            if (action == "decline")
                return refused(err, fail(409, "the rematch has started: nothing to decline"));
            // Both wanted it: the caller's seat, the other colour.
            return rematch_seat(g, seat, err);
        }
        const int other = 1 - seat;
        if (action == "decline") {
            // The opponent's offer declined, or one's own withdrawn.
            if (g.rematch_offer < 0)
                return refused(err, fail(409, "there is no rematch offer to decline"));
            if ((err = store_rematch_offer(room, -1))) return {};
            return RematchAck{};
        }
        if (g.rematch_offer == seat) return RematchAck{seat, {}};
        if (g.rematch_offer != other) {
            if (action == "accept")
                return refused(err, fail(409, "there is no rematch offer to accept"));
            if ((err = store_rematch_offer(room, seat))) return {};
            return RematchAck{seat, {}};
        }
        // The opponent offered: the rematch starts now.
        if (draining_)
            return refused(err, fail(503,
                                     "this server is stopping; try again (another one will "
                                     "answer)"));
        StoredGame fresh = rematch_of(g, now_ms());
        if (shared_) fresh.owner = instance_;
        Status why = Status::ok();
        auto next = replay(StoredGame(fresh), &why);
        if (!next) return refused(err, fail(500, "the rematch cannot start: " + why.message()));
        const StoredGame before = g;
        g.rematch_id = fresh.id;
        g.rematch_offer = -1;
        if (Status s = storage_->start_rematch(g, fresh); !s) {
            g = before;
            return refused(err, storage_failure(s));
        }
        next->owned = shared_;
        {
            std::lock_guard lock(rooms_mutex_);
            rooms_[fresh.id] = next;
        }
        ++room.version;
        tell_after(room);
        return rematch_seat(g, seat, err);
    });
}

// The caller's seat in the rematch: the colour it did not have.
RematchAck GameService::rematch_seat(const StoredGame& g, int seat, ApiError& err) {
    auto next = find(g.rematch_id, err);
    if (!next) return {};  // err says why
    std::lock_guard rl(next->mutex);
    const int side = 1 - seat;
    return RematchAck{-1, SeatGrant{g.rematch_id, next->data.token[side], kSideName[side], ""}};
}

ApiError GameService::store_rematch_offer(Room& room, int side) {
    StoredGame& g = room.data;
    const int before = g.rematch_offer;
    g.rematch_offer = side;
    if (Status s = storage_->update_game(g); !s) {
        g.rematch_offer = before;
        return storage_failure(s);
    }
    ++room.version;
    tell_after(room);
    return {};
}

void GameService::watch_after(Room& room, int viewer, std::uint64_t handle, Subscriber s) {
    if (room.data.mode != "online" || !seated(room.data)) return;
    std::lock_guard lock(after_mutex_);
    after_[room.data.id][handle] = {viewer, std::move(s)};
}

bool GameService::unwatch_after(const std::string& id, std::uint64_t handle) {
    std::lock_guard lock(after_mutex_);
    const auto it = after_.find(id);
    if (it == after_.end() || it->second.erase(handle) == 0) return false;
    if (it->second.empty()) after_.erase(it);
    return true;
}

void GameService::tell_after(Room& room) {
    std::lock_guard lock(after_mutex_);
    const auto it = after_.find(room.data.id);
    if (it == after_.end()) return;
    for (auto& [h, view] : it->second)
        view.second(Push{room.version,
                         std::make_shared<const std::string>(state_locked(room, view.first)), true,
                         true});
}

void GameService::finished_changed(const std::string& id, std::int64_t version) {
    auto room = finished_.get(id);
    bool watched = false;
    {
        std::lock_guard lock(after_mutex_);
        watched = after_.count(id) > 0;
    }
    if (!room && !watched) return;
    if (!room) {
        // Not held here: read now, it is already at the version told.
        ApiError err;
        room = find(id, err);
        if (!room) return;
        std::lock_guard rl(room->mutex);
        if (room->data.result != "*") tell_after(*room);
        return;
    }
    std::lock_guard rl(room->mutex);
    if (room->data.result == "*" || room->data.version >= version) return;
    bool changed = false;
    if (Status s = refresh(*room, &changed); !s || !changed) return;
    tell_after(*room);
}

}  // namespace chimera::server
