// Several servers on one database (docs/scaling.md, "Several servers"):
// leases, takeovers, and the other servers' writes.
#include <algorithm>
#include <set>

#include "server/games.h"
#include "server/room.h"

namespace chimera::server {

bool GameService::on_duty(const Room& room) const {
    return !shared_ || (room.owned && now_ms() < leases_until_);
}

void GameService::drain() {
    if (draining_.exchange(true) || !shared_) return;
    std::lock_guard renewing(renew_mutex_);  // a renewal under way takes nothing more
    leases_until_ = 0;                       // no more duties here
    (void)storage_->release_leases(instance_, now_ms());
    for (auto& r : live_rooms()) {
        std::lock_guard rl(r->mutex);
        r->owned = false;
        if (r->thinking) r->thinking->stop();
    }
}

std::vector<std::shared_ptr<Room>> GameService::live_rooms() const {
    std::lock_guard lock(rooms_mutex_);
    std::vector<std::shared_ptr<Room>> all;
    all.reserve(rooms_.size());
    for (const auto& [id, r] : rooms_) all.push_back(r);
    return all;
}

void GameService::renew_leases() {
    if (!shared_) return;
    std::lock_guard renewing(renew_mutex_);
    const std::int64_t now = now_ms();
    // On a failure the leases held run out at the last renewal's end, and the
    // duties stop then (on_duty); another server takes the games after. A
    // server that drains stays alive (its players are still here) but holds
    // no games.
    bool fresh = false;
    if (Status s = storage_->keep_alive(instance_, now, now + kLeaseMs, &fresh); !s) return;
    if (fresh && renewed_) recheck_held_ = true;  // taken for gone meanwhile
    renewed_ = true;
    std::vector<std::shared_ptr<Room>> all = live_rooms();
    if (recheck_held_) {
        // Its games went to others, but for any it created while it was swept.
        std::vector<std::string> ids;
        if (!storage_->held_games(instance_, ids)) return;
        recheck_held_ = false;
        const std::set<std::string> held(ids.begin(), ids.end());
        for (auto& r : all) {
            std::lock_guard rl(r->mutex);
            r->owned = held.count(r->data.id) > 0;
            if (!r->owned && r->thinking) r->thinking->stop();
            r->presence_stored[0] = r->presence_stored[1] = false;  // dropped with it
        }
    }
    if (!draining_) leases_until_ = now + kLeaseMs;
    // The games of servers that are gone, and those nobody holds.
    std::vector<Lease> taken, released;
    (void)storage_->sweep(draining_ ? "" : instance_, now_ms(), taken);
    if (!draining_ && storage_->take_released(instance_, now_ms(), released))
        taken.insert(taken.end(), released.begin(), released.end());
    // The games taken that are not held here yet, read at once (a server
    // that died may have held thousands).
    std::vector<std::string> missing;
    for (const Lease& lease : taken)
        if (!find_live(lease.id)) missing.push_back(lease.id);
    std::vector<StoredGame> stored;
    if (!missing.empty()) (void)storage_->load_games(missing, stored);
    for (StoredGame& g : stored) {
        ApiError err;
        (void)adopt(std::move(g), err);
    }
    for (const Lease& lease : taken) {
        std::shared_ptr<Room> room = find_live(lease.id);
        ApiError err;
        if (!room) room = load_stored(lease.id, err);  // the batch failed: one at a time
        if (!room) continue;
        std::lock_guard rl(room->mutex);
        take_over(*room, lease);
    }
    for (auto& r : all) {
        std::lock_guard rl(r->mutex);
        // A computer move not scheduled while the leases had run out.
        schedule_computer(*r);
        // Presence not stored yet (the database was away), or dropped.
        for (int side = 0; side < 2; ++side) store_presence(*r, side);
    }
}

// The storage has credited the game with the time nobody held it, in the
// statement that moved the lease; a copy held from before reads that.
void GameService::take_over(Room& room, const Lease& lease) {
    room.owned = true;
    if (room.data.version < lease.version) (void)refresh(room);
    schedule_computer(room);
}

void GameService::changed(const std::string& id, std::int64_t version) {
    std::vector<std::shared_ptr<Room>> rooms;
    if (id.empty())
        rooms = live_rooms();
    else if (auto r = find_live(id))
        rooms.push_back(std::move(r));
    else
        finished_changed(id, version);
    for (auto& r : rooms) {
        std::lock_guard rl(r->mutex);
        if (id.empty() || r->data.version < version) (void)refresh(*r);
        if (!id.empty()) continue;
        // The database was away: what it lost of presence is stored again.
        for (int s = 0; s < 2; ++s) {
            r->presence_stored[s] = false;
            store_presence(*r, s);
        }
    }
}

}  // namespace chimera::server
