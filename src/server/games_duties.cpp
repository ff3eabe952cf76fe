// The computer's moves, the clocks, and the renewals.
#include <algorithm>
#include <chrono>
#include <thread>

#include "engine/engine.h"
#include "server/games.h"
#include "server/room.h"

namespace chimera::server {

namespace {

// Whether the room's game is where the job was queued: as many plies, the same last one.
template <class Job>
bool same_line(const Room& room, const Job& job) {
    const std::vector<std::string>& lan = room.data.lan;
    return lan.size() == job.plies &&
           (lan.empty() ? job.last_lan.empty() : lan.back() == job.last_lan);
}

}  // namespace

ApiError GameService::computer_has_room(const Room& room) {
    const StoredGame& g = room.data;
    if (g.mode != "computer" || room.computer_queued) return {};
    std::lock_guard lock(jobs_mutex_);
    if (!room.owner.empty()) {
        const auto it = computer_jobs_by_owner_.find(room.owner);
        if (it != computer_jobs_by_owner_.end() && it->second >= computer_limits_.per_address)
            return fail(429, "the computer is still busy with " + std::to_string(it->second) +
                                 " of your games; wait for its replies there first");
    }
    const bool deep = engine::skill_level(g.level).max_nodes == 0;
    if (deep && static_cast<int>(jobs_[DEEP].size()) >= computer_limits_.queue)
        return fail(503, "the computer is busy with other games; try again in a minute");
    return {};
}

void GameService::schedule_computer(Room& room) {
    const StoredGame& g = room.data;
    if (g.mode != "computer" || g.result != "*" || room.computer_queued) return;
    if (!on_duty(room)) return;  // the lease holder's workers search it
    if (room.game->side_to_move() != g.computer_side) return;
    std::shared_ptr<Room> self;
    {
        std::lock_guard lock(rooms_mutex_);
        auto it = rooms_.find(g.id);
        if (it == rooms_.end()) return;
        self = it->second;
    }
    room.computer_queued = true;
    const Lane lane = engine::skill_level(g.level).max_nodes > 0 ? QUICK : DEEP;
    {
        std::lock_guard lock(jobs_mutex_);
        jobs_[lane].push_back(Job{self, room.data.lan.size(),
                                  room.data.lan.empty() ? std::string() : room.data.lan.back(),
                                  room.owner});
        if (!room.owner.empty()) ++computer_jobs_by_owner_[room.owner];
    }
    jobs_cv_.notify_all();  // the quick-only worker may be the one that is free
}

// One engine per worker, with its own transposition table (kComputerHashMb),
// kept while the worker plays moves of the same game and cleared when it takes
// another. Each job copies the room's position into the engine (no replay from
// text), searches it with the level's budget unlocked, and plays the move if
// the game has not changed meanwhile. A quick_only worker takes quick jobs only.
void GameService::computer_loop(bool quick_only) {
    engine::Engine engine;
    engine.set_hash_mb(kComputerHashMb);
    std::string last_game;
    while (true) {
        Job job;
        {
            std::unique_lock lock(jobs_mutex_);
            jobs_cv_.wait(lock, [&] {
                return closing_ || !jobs_[QUICK].empty() || (!quick_only && !jobs_[DEEP].empty());
            });
            if (closing_) return;
            std::deque<Job>& queue = !jobs_[QUICK].empty() ? jobs_[QUICK] : jobs_[DEEP];
            job = std::move(queue.front());
            queue.pop_front();
        }
        // The job counts against its owner until its move is played or dropped.
        struct Done {
            GameService* self;
            const std::string& owner;
            ~Done() {
                if (owner.empty()) return;
                std::lock_guard lock(self->jobs_mutex_);
                const auto it = self->computer_jobs_by_owner_.find(owner);
                if (it != self->computer_jobs_by_owner_.end() && --it->second <= 0)
                    self->computer_jobs_by_owner_.erase(it);
            }
        } done{this, job.owner};
        Room& room = *job.room;
        engine::Limits limits;
        {
            std::lock_guard rl(room.mutex);
            room.computer_queued = false;
            if (closing_ || !same_line(room, job) || room.data.result != "*" ||
                room.game->side_to_move() != room.data.computer_side)
                continue;
            if (room.data.id != last_game) {
                engine.new_game();
                last_game = room.data.id;
            }
            engine.set_position(*room.game);
            engine.set_skill_level(room.data.level);
            if (room.data.base_ms > 0 && clock_running(room)) {
                const int side = room.game->side_to_move();
                limits.time_ms[side] =
                    static_cast<int>(std::max<std::int64_t>(1, live_remaining(room, side)));
                limits.inc_ms[side] = static_cast<int>(room.data.inc_ms);
            } else {
                limits.movetime_ms = room.data.level >= 8 ? 2000 : 1000;
            }
            engine.arm();  // a stop from end_game from here on is kept
            room.thinking = &engine;
        }
        const engine::Result r = engine.search_armed(limits);
        std::lock_guard rl(room.mutex);
        room.thinking = nullptr;
        if (closing_ || !same_line(room, job) || room.data.result != "*" || r.move.is_none() ||
            !on_duty(room))
            continue;
        // Another server may have moved first: its move stands, read it.
        if (apply_move(room, r.move).conflict) (void)refresh(room);
    }
}

bool GameService::tick(std::chrono::milliseconds period) {
    std::unique_lock lock(tick_mutex_);
    return !tick_cv_.wait_for(lock, period, [&] { return closing_.load(); });
}

// Flags fall on the server: a running clock that reaches zero loses the game.
void GameService::clock_loop() {
    while (tick(std::chrono::milliseconds(50))) {
        const std::vector<std::shared_ptr<Room>> all = live_rooms();
        const std::int64_t now = now_ms();
        for (auto& r : all) {
            std::lock_guard rl(r->mutex);
            end_abandoned(*r, now);
            if (!clock_running(*r) || !on_duty(*r)) continue;
            const int stm = r->game->side_to_move();
            // On a storage error the flag is tried again at the next tick; if
            // another server changed the game first, on what it stored.
            if (live_remaining(*r, stm) <= 0)
                if (flag(*r, stm).is_conflict()) (void)refresh(*r);
        }
    }
}

// The heartbeat and the leases, every kRenewMs, on a thread of their own: a
// slow commit, or a takeover reading thousands of games, holds up no flag.
void GameService::renew_loop() {
    auto last = std::chrono::steady_clock::now();
    while (tick(std::chrono::milliseconds(50))) {
        if (std::chrono::steady_clock::now() - last < std::chrono::milliseconds(kRenewMs)) continue;
        last = std::chrono::steady_clock::now();
        (void)storage_->heartbeat(now_ms());
        renew_leases();
    }
    (void)storage_->heartbeat(now_ms());  // a clean stop: the clocks ran until now
}

}  // namespace chimera::server
