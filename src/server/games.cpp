#include "server/games.h"

#include <sys/random.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <random>
#include <set>

#include "core/text.h"
#include "engine/engine.h"
#include "game/record.h"
#include "server/state_json.h"
#include "variants/registry.h"

namespace chimera::server {

std::int64_t now_ms() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
}

// Tokens and ids come from the kernel's cryptographic generator, so seeing
// many of them tells nothing about the next one.
std::string random_token(std::size_t bytes) {
    unsigned char buf[64];
    bytes = std::min(bytes, sizeof buf);
    std::size_t got = 0;
    while (got < bytes) {
        const ssize_t n = getrandom(buf + got, bytes - got, 0);
        if (n > 0)
            got += static_cast<std::size_t>(n);
        else if (errno != EINTR)
            std::abort();  // no randomness: refuse to hand out guessable seats
    }
    static constexpr char hex[] = "0123456789abcdef";
    std::string s;
    for (std::size_t i = 0; i < bytes; ++i) {
        s += hex[buf[i] >> 4];
        s += hex[buf[i] & 15];
    }
    return s;
}

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
};

namespace {

constexpr const char* kSideName[2] = {"white", "black"};
constexpr int kViewerBoth = 2, kSpectator = -1;

ApiError fail(int status, std::string message) { return ApiError{status, std::move(message)}; }

// A storage call that failed, as the API answers it: 503 while the database is
// away (the same request can succeed later; what happened is on the server's
// stderr), 500 for any other failure.
ApiError storage_failure(const Status& s) {
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
Refused refused(ApiError& err, ApiError e) {
    err = std::move(e);
    return {};
}

// Compares a secret in time that depends only on the lengths.
bool same_secret(const std::string& a, const std::string& b) {
    if (a.size() != b.size()) return false;
    unsigned char diff = 0;
    for (std::size_t i = 0; i < a.size(); ++i) diff |= static_cast<unsigned char>(a[i] ^ b[i]);
    return diff == 0;
}

// Which seat a token holds: 0, 1, both (one device), or none.
int seat_of(const Room& r, const std::string& token) {
    if (token.empty()) return kSpectator;
    const bool w = same_secret(token, r.data.token[0]), b = same_secret(token, r.data.token[1]);
    if (w && b) return kViewerBoth;
    if (w && r.data.seat_taken[0] && r.data.computer_side != 0) return 0;
    if (b && r.data.seat_taken[1] && r.data.computer_side != 1) return 1;
    return kSpectator;
}

// Both seats are taken: an online game waiting for its invited player has no
// opponent whose time could run.
bool seated(const StoredGame& g) { return g.seat_taken[0] && g.seat_taken[1]; }

// Time runs once both seats are taken and a move has been made on the server
// (moves given with the game, as in an import, do not start it).
bool clock_running(const Room& r) {
    return r.data.base_ms > 0 && r.data.result == "*" && !r.data.lan.empty() &&
           r.data.turn_started_ms > 0 && seated(r.data);
}

// Abort is allowed until both sides have made a move on the server (moves
// given with the game do not count).
bool abortable(const StoredGame& g) { return g.result == "*" && g.lan.size() < g.given_plies + 2; }

// Whether a player of an untimed online game whose opponent is away may come
// to claim the win (viewer 0 or 1: one seat).
bool may_claim(const StoredGame& g, int viewer) {
    return g.mode == "online" && g.base_ms == 0 && (viewer == 0 || viewer == 1);
}

// The seat has had no WebSocket open for `limit` ms (on any server).
bool away_for(const Room& r, int side, std::int64_t now, std::int64_t limit) {
    return r.data.away_ms[side] != 0 && now - r.data.away_ms[side] >= limit;
}

std::string abandoned(int side) { return std::string(kSideName[side]) + " abandoned the game"; }

std::int64_t live_remaining(const Room& r, int side) {
    std::int64_t left = r.data.remaining_ms[side];
    if (clock_running(r) && side == r.game->side_to_move())
        left -= now_ms() - r.data.turn_started_ms;
    return left;
}

ClockView clock_view(const Room& r) {
    ClockView c;
    c.on = r.data.base_ms > 0;
    c.base_ms = r.data.base_ms;
    c.inc_ms = r.data.inc_ms;
    for (int s = 0; s < 2; ++s) c.remaining_ms[s] = std::max<std::int64_t>(0, live_remaining(r, s));
    c.running = clock_running(r) ? r.game->side_to_move() : -1;
    return c;
}

RoomView room_view(const Room& r) {
    RoomView v;
    for (int s = 0; s < 2; ++s) v.present[s] = r.data.computer_side == s || r.data.away_ms[s] == 0;
    v.abortable = abortable(r.data);
    return v;
}

// For a player of an untimed online game whose opponent is away, after both
// sides have moved: the ms until the win can be claimed (0: now); else -1.
std::int64_t claim_in_ms(const Room& r, int viewer, std::int64_t absence_ms) {
    const StoredGame& g = r.data;
    if (!may_claim(g, viewer) || g.result != "*" || abortable(g) || g.away_ms[1 - viewer] == 0)
        return -1;
    return std::max<std::int64_t>(0, g.away_ms[1 - viewer] + absence_ms - now_ms());
}

// A stored game as a room: its position replayed from the start; null (and
// why in *why) if it cannot be.
std::shared_ptr<Room> replay(StoredGame&& g, Status* why) {
    auto room = std::make_shared<Room>();
    room->game = make_game(g.variant);
    Status replayed = room->game ? room->game->set_fen(g.start_fen)
                                 : Status::error("unknown variant " + chimera::quoted(g.variant));
    for (std::size_t i = 0; replayed && i < g.lan.size(); ++i)
        if (Status s = room->game->play(g.lan[i]); !s)
            replayed = Status::error("move " + std::to_string(i + 1) + " " + g.lan[i] + ": " +
                                     s.message());
    if (!replayed) {
        *why = replayed;
        return nullptr;
    }
    room->data = std::move(g);
    return room;
}

// Newest first: by the last change, then by id, as the list of finished games
// is ordered in storage.
bool newer(const GameSummary& a, const GameSummary& b) {
    return a.updated_ms != b.updated_ms ? a.updated_ms > b.updated_ms : a.id > b.id;
}

}  // namespace

GameService::GameService(std::unique_ptr<Storage> storage, int computer_threads,
                         ComputerLimits limits, AbsenceRules rules)
    : storage_(std::move(storage)),
      shared_(storage_->shared()),
      instance_(random_token(8)),
      rules_(rules),
      started_ms_(now_ms()),
      computer_limits_(limits) {
    for (int i = 0; i < std::max(1, computer_threads); ++i)
        workers_.emplace_back([this] { computer_loop(false); });
    workers_.emplace_back([this] { computer_loop(true); });
    clock_thread_ = std::thread([this] { clock_loop(); });
    renew_thread_ = std::thread([this] { renew_loop(); });
}

GameService::~GameService() { shutdown(); }

void GameService::shutdown() {
    if (closing_.exchange(true)) return;
    storage_->watch(nullptr);  // no more refreshes from other servers' writes
    const std::vector<std::shared_ptr<Room>> all = live_rooms();
    for (auto& room : all) {  // lock order everywhere: a room, then the room map
        std::lock_guard rl(room->mutex);
        if (room->thinking) room->thinking->stop();
    }
    jobs_cv_.notify_all();
    for (auto& w : workers_) w.join();
    clock_thread_.join();
    renew_thread_.join();
    // A clean stop hands its games over at once (drain() may have already),
    // and its players are away from now (they come back through another server).
    if (shared_) (void)storage_->leave(instance_, now_ms());
}

std::shared_ptr<Room> GameService::find_live(const std::string& id) const {
    std::lock_guard lock(rooms_mutex_);
    const auto it = rooms_.find(id);
    return it == rooms_.end() ? nullptr : it->second;
}

std::shared_ptr<Room> GameService::find(const std::string& id, ApiError& err) {
    if (auto room = find_live(id)) return room;
    if (auto room = finished_.get(id)) return room;
    return load_stored(id, err);
}

// A game leaves the room map only after its end is stored, so a game missing
// from the map is finished in the database, unknown, or going on there:
// created or resumed by another server on the same database, or left out at
// start because it cannot be replayed (then it is not found here either).
std::shared_ptr<Room> GameService::load_stored(const std::string& id, ApiError& err) {
    StoredGame g;
    bool found = false;
    if (Status s = storage_->load_game(id, g, &found); !s) return refused(err, storage_failure(s));
    if (!found) return refused(err, fail(404, "no game " + chimera::quoted(id)));
    return adopt(std::move(g), err);
}

std::shared_ptr<Room> GameService::adopt(StoredGame&& g, ApiError& err) {
    const std::string id = g.id;
    Status why = Status::ok();
    auto room = replay(std::move(g), &why);
    if (!room) return refused(err, fail(404, "no game " + chimera::quoted(id)));
    if (room->data.result != "*") {
        finished_.put(id, room);
        return room;
    }
    std::lock_guard rl(room->mutex);
    // With one server nobody is connected to a game it had not held; with
    // several the database says who is.
    if (!shared_) room->data.away_ms[0] = room->data.away_ms[1] = now_ms();
    {
        std::lock_guard lock(rooms_mutex_);
        // Another request may have brought it in meanwhile: one room per game.
        const auto [it, fresh] = rooms_.try_emplace(id, room);
        if (!fresh) return it->second;
    }
    schedule_computer(*room);
    return room;
}

Status GameService::refresh(Room& room, bool* changed) {
    if (changed) *changed = false;
    // Only the moves after those held are read: a stored move never changes,
    // and every move held here is stored.
    StoredGame g;
    bool found = false;
    const std::size_t held = room.data.lan.size();
    if (Status s = storage_->load_game(room.data.id, g, &found, held); !s) return s;
    if (!found) return Status::error("database: game " + room.data.id + " is gone");
    if (g.version == room.data.version) return Status::ok();
    if (changed) *changed = true;
    for (std::size_t i = 0; i < g.lan.size(); ++i) {
        if (Status s = room.game->play(g.lan[i]); !s) {
            for (std::size_t j = 0; j < i; ++j) (void)room.game->undo();
            return Status::error("database: game " + g.id + " move " +
                                 std::to_string(held + i + 1) + " " + g.lan[i] + ": " +
                                 s.message());
        }
    }
    const bool moved = !g.lan.empty();
    g.lan.insert(g.lan.begin(), std::make_move_iterator(room.data.lan.begin()),
                 std::make_move_iterator(room.data.lan.end()));
    g.san.insert(g.san.begin(), std::make_move_iterator(room.data.san.begin()),
                 std::make_move_iterator(room.data.san.end()));
    room.data = std::move(g);
    if (moved && room.thinking) room.thinking->stop();
    ++room.version;
    publish(room);
    if (room.data.result != "*") {
        retire(room);
        return Status::ok();
    }
    schedule_computer(room);
    return Status::ok();
}

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

void GameService::retire(Room& room) {
    room.subscribers.clear();  // a finished game changes no more: nothing more to push
    {
        std::lock_guard lock(rooms_mutex_);
        const auto it = rooms_.find(room.data.id);
        if (it == rooms_.end() || it->second.get() != &room) return;
        rooms_.erase(it);
    }
    ++finished_count_;
}

GameCounts GameService::counts() const {
    GameCounts c;
    {
        std::lock_guard lock(rooms_mutex_);
        c.live = rooms_.size();
    }
    c.finished = finished_count_;
    c.cached = finished_.size();
    return c;
}

Status GameService::restore(std::vector<std::string>* skipped) {
    // Other servers' writes to the games held here, from before they are read:
    // one that commits after a game is read and before it is held here goes
    // untold, and is read with the next write of that game.
    storage_->watch([this](const std::string& id, std::int64_t version) { changed(id, version); });
    std::int64_t finished = 0;
    if (Status s = storage_->count_finished(finished); !s) return s;
    finished_count_ += static_cast<std::size_t>(finished);
    if (shared_) {
        // With several servers a server holds the games whose lease it takes
        // (those of servers that stopped, with their clocks credited); the
        // others are read when asked for.
        renew_leases();
        return storage_->heartbeat(now_ms());
    }
    std::vector<StoredGame> games;
    if (Status s = storage_->load_unfinished(games); !s) return s;
    std::int64_t last_alive = 0;
    if (Status s = storage_->last_heartbeat(last_alive); !s) return s;
    const std::int64_t now = now_ms();
    for (StoredGame& g : games) {
        // A game that cannot be replayed is reported and left out; the others still resume.
        const std::string id = g.id;
        Status why = Status::ok();
        auto room = replay(std::move(g), &why);
        if (!room) {
            if (skipped) skipped->push_back("stored game " + id + ": " + why.message());
            continue;
        }
        StoredGame& d = room->data;
        std::lock_guard rl(room->mutex);
        // Nobody is connected yet: every seat's absence counts from now.
        d.away_ms[0] = d.away_ms[1] = now;
        {
            std::lock_guard lock(rooms_mutex_);
            rooms_[d.id] = room;
        }
        // With several servers the heartbeat is anyone's, and a game's clock
        // is credited when its lease is taken over (take_over).
        if (!shared_ && d.base_ms > 0 && d.result == "*" && !d.lan.empty() && seated(d) &&
            d.turn_started_ms > 0) {
            // The running clock is charged up to the server's last sign of life,
            // not for the downtime after it.
            const int stm = room->game->side_to_move();
            if (d.turn_started_ms > 0 && last_alive > d.turn_started_ms)
                d.remaining_ms[stm] -= std::min(last_alive, now) - d.turn_started_ms;
            d.turn_started_ms = now;
            if (d.remaining_ms[stm] <= 0) {
                d.remaining_ms[stm] = 0;
                (void)flag(*room, stm);
                continue;
            }
            (void)storage_->update_game(d);
        }
        schedule_computer(*room);
    }
    renew_leases();
    return storage_->heartbeat(now);
}

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
    (void)storage_->sweep(draining_ ? "" : instance_, now, taken);
    if (!draining_ && storage_->take_released(instance_, now, released))
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
        take_over(*room, lease, now_ms());  // nobody held it until this moment
    }
    for (auto& r : all) {
        std::lock_guard rl(r->mutex);
        // A computer move not scheduled while the leases had run out.
        schedule_computer(*r);
        // Presence not stored yet (the database was away), or dropped.
        for (int side = 0; side < 2; ++side) store_presence(*r, side);
    }
}

void GameService::take_over(Room& room, const Lease& lease, std::int64_t now) {
    room.owned = true;
    StoredGame& d = room.data;
    const std::int64_t last_duty = lease.last_duty_ms;
    if (last_duty > 0 && d.result == "*") {
        // Nobody's time runs while no server holds the game: from the former
        // holder's last renewal, or when it gave the game up, until now. Nor
        // does a seat's absence (after all servers stopped, nobody could
        // come back). An invitation waits from the holder's start at least.
        const StoredGame before = d;
        if (clock_running(room)) {
            const std::int64_t from = std::max(last_duty, d.turn_started_ms);
            if (now > from) d.turn_started_ms += now - from;
        }
        for (std::int64_t& away : d.away_ms)
            if (away != 0 && last_duty < now) away = std::min(now, away + (now - last_duty));
        if (d.turn_started_ms != before.turn_started_ms || d.away_ms[0] != before.away_ms[0] ||
            d.away_ms[1] != before.away_ms[1]) {
            if (Status s = storage_->update_game(d); !s) {
                d = before;
                if (s.is_conflict()) (void)refresh(room);
            } else {
                ++room.version;
                publish(room);
            }
        }
    }
    schedule_computer(room);
}

void GameService::changed(const std::string& id, std::int64_t version) {
    std::vector<std::shared_ptr<Room>> rooms;
    if (id.empty())
        rooms = live_rooms();
    else if (auto r = find_live(id))
        rooms.push_back(std::move(r));
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

SeatGrant GameService::create(const CreateRequest& req, ApiError& err) {
    if (draining_)
        return refused(err, fail(503,
                                 "this server is stopping; try again (another one will "
                                 "answer)"));
    auto room = std::make_shared<Room>();
    room->game = make_game(req.variant);
    if (!room->game) {
        err = fail(400, "unknown variant " + chimera::quoted(req.variant));
        return {};
    }
    StoredGame& g = room->data;
    g.variant = req.variant;
    static thread_local std::mt19937_64 rng{std::random_device{}()};
    const VariantInfo& info = room->game->info();
    if (req.formation != 0 && !info.random_start()) {
        err = fail(400, "formation is only for variants with several start positions");
        return {};
    }
    if (req.formation < 0 || req.formation > info.start_count()) {
        err = fail(400, "formation must be 1-" + std::to_string(info.start_count()) +
                            " (or 0 for a random one)");
        return {};
    }
    if (!req.fen.empty()) {
        if (Status s = room->game->set_fen(req.fen); !s) {
            err = fail(400, "fen: " + s.message());
            return {};
        }
        if (req.formation != 0) {
            // Both given (an exported record): they must agree.
            auto formation_game = make_game(req.variant);
            (void)formation_game->set_fen(info.start_fen(req.formation));
            if (formation_game->fen() != room->game->fen()) {
                err = fail(400, "fen is not the start position of formation " +
                                    std::to_string(req.formation));
                return {};
            }
            g.formation = req.formation;
        }
    } else if (info.random_start()) {
        // A random start unless one is chosen.
        g.formation = req.formation ? req.formation : info.draw_start(rng);
        (void)room->game->set_fen(info.start_fen(g.formation));
    }
    g.start_fen = room->game->fen();
    for (std::size_t i = 0; i < req.moves.size(); ++i) {
        std::string san, lan;
        if (room->game->outcome() != Outcome::ONGOING) {
            err = fail(400,
                       "moves: move " + std::to_string(i + 1) + " comes after the end of the game");
            return {};
        }
        if (Status s = room->game->play(req.moves[i], &san, &lan); !s) {
            err = fail(400, "moves: move " + std::to_string(i + 1) + ": " + s.message());
            return {};
        }
        g.lan.push_back(lan);
        g.san.push_back(san);
    }
    g.given_plies = g.lan.size();
    if (req.mode != "computer" && req.mode != "online" && req.mode != "local") {
        err = fail(400, "mode must be computer, online or local");
        return {};
    }
    if (req.level < 1 || req.level > 8) {
        err = fail(400, "level must be 1-8");
        return {};
    }
    // "to_move": the side to move after the moves given (an imported game continued).
    int side = req.side == "white"     ? 0
               : req.side == "black"   ? 1
               : req.side == "random"  ? static_cast<int>(rng() & 1)
               : req.side == "to_move" ? static_cast<int>(room->game->side_to_move())
                                       : -1;
    if (side < 0) {
        err = fail(400, "side must be white, black, random or to_move");
        return {};
    }
    if (req.base_ms == 0 && req.inc_ms > 0) {
        err = fail(400,
                   "time control: an increment needs a base time; set base_minutes or "
                   "base_seconds above 0, or increment_seconds to 0 for no clock");
        return {};
    }
    if (req.base_ms < 0 || req.base_ms > 3LL * 3600 * 1000 || req.inc_ms < 0 ||
        req.inc_ms > 180 * 1000) {
        err = fail(400,
                   "time control: base 0 (none) or up to 180 minutes, increment up to 180 seconds");
        return {};
    }
    g.id = random_token(6);
    g.mode = req.mode;
    g.level = req.mode == "computer" ? req.level : 0;
    g.base_ms = req.base_ms;
    g.inc_ms = req.inc_ms;
    g.remaining_ms[0] = g.remaining_ms[1] = req.base_ms;
    g.created_ms = g.updated_ms = now_ms();
    g.away_ms[0] = g.away_ms[1] = g.created_ms;
    SeatGrant out{g.id, "", "", ""};
    if (req.mode == "local") {
        g.token[0] = g.token[1] = random_token(16);
        g.seat_taken[0] = g.seat_taken[1] = true;
        out.token = g.token[0];
        out.side = "both";
    } else {
        g.token[0] = random_token(16);
        g.token[1] = random_token(16);
        g.seat_taken[side] = true;
        if (req.mode == "computer") {
            g.computer_side = 1 - side;
            g.seat_taken[1 - side] = true;
        } else {
            g.invite = random_token(8);
            out.invite = g.invite;
        }
        out.token = g.token[side];
        out.side = kSideName[side];
    }
    if (const Outcome o = room->game->outcome(); o != Outcome::ONGOING) {
        g.result = game::result_text(static_cast<int>(o), room->game->side_to_move());
        g.termination = outcome_name(o);
        if (!req.result.empty() && req.result != "*" && req.result != g.result) {
            err = fail(400, "result " + req.result + " contradicts the position, which ends " +
                                g.result + " (" + g.termination + ")");
            return {};
        }
    } else if (!req.result.empty() && req.result != "*") {
        // An imported game that ended off the board (resignation, time, agreement).
        if (req.result != "1-0" && req.result != "0-1" && req.result != "1/2-1/2") {
            err = fail(400, "result must be 1-0, 0-1, 1/2-1/2 or *");
            return {};
        }
        g.result = req.result;
        g.termination = req.termination.empty() ? "result recorded in the imported game"
                                                : req.termination.substr(0, 100);
    } else if (req.termination == "aborted") {
        // An exported aborted game ("*", Termination "aborted") comes back aborted.
        g.result = kAborted;
        g.termination = req.termination;
    }
    room->owner = req.client;
    if (shared_) {  // the server a game is created on holds it first
        g.owner = instance_;
        room->owned = true;
    }
    if (g.result == "*" && g.computer_side == room->game->side_to_move())
        if ((err = computer_has_room(*room))) return {};
    // The game and any imported moves are stored in one transaction.
    if (Status s = storage_->create_game(g); !s) {
        err = storage_failure(s);
        return {};
    }
    if (g.result != "*") {  // an imported game that is over: read from the database
        ++finished_count_;
        return out;
    }
    std::lock_guard rl(room->mutex);
    {
        std::lock_guard lock(rooms_mutex_);
        rooms_[g.id] = room;
    }
    schedule_computer(*room);
    return out;
}

SeatGrant GameService::join(const std::string& id, const std::string& invite, ApiError& err) {
    return with_room(id, err, [&](Room& room) -> SeatGrant {
        StoredGame& g = room.data;
        if (g.mode != "online") return refused(err, fail(409, "only online games can be joined"));
        if (invite.empty() || !same_secret(invite, g.invite))
            return refused(err, fail(403, "wrong invitation code"));
        if (g.result != "*") return refused(err, fail(409, "the game is over"));
        const int open = !g.seat_taken[0] ? 0 : !g.seat_taken[1] ? 1 : -1;
        if (open < 0) return refused(err, fail(409, "both seats are taken"));
        const std::int64_t started_before = g.turn_started_ms, away_before = g.away_ms[open];
        g.seat_taken[open] = true;
        g.updated_ms = now_ms();
        g.away_ms[open] = g.updated_ms;
        // The clock of the side to move starts now, when it has an opponent, if a
        // move has been made here (moves given with the game are not: the clock
        // then starts with the next move).
        if (g.base_ms > 0 && g.turn_started_ms > 0) g.turn_started_ms = g.updated_ms;
        if (Status s = storage_->update_game(g); !s) {
            g.seat_taken[open] = false;
            g.turn_started_ms = started_before;
            g.away_ms[open] = away_before;
            return refused(err, storage_failure(s));
        }
        ++room.version;
        publish(room);
        return SeatGrant{id, g.token[open], kSideName[open], ""};
    });
}

ApiError GameService::apply_move(Room& room, const MoveInput& input) {
    StoredGame& g = room.data;
    if (g.result != "*") return fail(409, "the game is over");
    const int mover = room.game->side_to_move();
    std::int64_t remaining = g.remaining_ms[mover];
    const std::int64_t now = now_ms();
    // Only a timed move earns the increment (not a game's first move, nor the
    // first after moves given with it).
    const bool timed = clock_running(room);
    if (timed) {
        remaining -= now - room.data.turn_started_ms;
        if (remaining < 0) {
            if (Status s = flag(room, mover); !s) return storage_failure(s);
            return fail(409, "time is up: the game was lost on time");
        }
    }
    std::string san, lan;
    const Status played = std::holds_alternative<Move>(input)
                              ? room.game->play(std::get<Move>(input), &san, &lan)
                              : room.game->play(std::get<std::string_view>(input), &san, &lan);
    if (!played) return fail(400, played.message());
    const std::int64_t saved_remaining = g.remaining_ms[mover];
    const std::int64_t saved_started = room.data.turn_started_ms;
    const int saved_offer = g.draw_offer;
    if (g.base_ms > 0) {
        g.remaining_ms[mover] = timed ? remaining + g.inc_ms : remaining;
        room.data.turn_started_ms = now;
    }
    if (g.draw_offer == 1 - mover) g.draw_offer = -1;  // moving declines the opponent's offer
    g.lan.push_back(lan);
    g.san.push_back(san);
    g.updated_ms = now;
    const Outcome o = room.game->outcome();
    if (o != Outcome::ONGOING) {
        g.result = game::result_text(static_cast<int>(o), room.game->side_to_move());
        g.termination = outcome_name(o);
        g.draw_offer = -1;
    }
    if (Status s = storage_->append_move(g, lan, san); !s) {
        // Not stored, so not accepted: put everything back.
        (void)room.game->undo();
        g.lan.pop_back();
        g.san.pop_back();
        g.remaining_ms[mover] = saved_remaining;
        room.data.turn_started_ms = saved_started;
        g.draw_offer = saved_offer;
        g.result = "*";
        g.termination.clear();
        return storage_failure(s);
    }
    ++room.version;
    if (g.result != "*" && room.thinking) room.thinking->stop();
    schedule_computer(room);
    publish(room);
    if (g.result != "*") retire(room);
    return {};
}

MoveAck GameService::move(const std::string& id, const std::string& token, const std::string& text,
                          ApiError& err) {
    return with_room(id, err, [&](Room& room) -> MoveAck {
        const int seat = seat_of(room, token);
        if (seat == kSpectator)
            return refused(err, fail(403, "this token holds no seat in the game"));
        if (room.data.result != "*") return refused(err, fail(409, "the game is over"));
        const int stm = room.game->side_to_move();
        if (seat != kViewerBoth && seat != stm)
            return refused(err, fail(409, "it is not your turn"));
        if (room.data.computer_side == stm)
            return refused(err, fail(409, "it is the computer's turn"));
        if ((err = computer_has_room(room))) return {};
        if ((err = apply_move(room, MoveInput{std::string_view(text)}))) return {};
        return MoveAck{room.data.lan.size(), room.data.san.back()};
    });
}

// The flag of `side` has fallen: the other side wins, unless it cannot mate (FIDE 6.9).
Status GameService::flag(Room& room, int side) {
    if (!room.game->can_mate(Color(1 - side)))
        return end_game(room, "1/2-1/2", "time forfeit, no mating material");
    return end_game(room, side == 0 ? "0-1" : "1-0", "time forfeit");
}

Status GameService::end_game(Room& room, const std::string& result,
                             const std::string& termination) {
    StoredGame& g = room.data;
    if (g.result != "*") return Status::ok();
    const StoredGame before = g;
    if (g.base_ms > 0 && clock_running(room)) {
        const int stm = room.game->side_to_move();
        g.remaining_ms[stm] = std::max<std::int64_t>(0, live_remaining(room, stm));
    }
    g.result = result;
    g.termination = termination;
    g.draw_offer = -1;
    g.updated_ms = now_ms();
    if (Status s = storage_->update_game(g); !s) {
        // Not stored, so not decided: the game goes on as it was.
        g = before;
        return s;
    }
    if (room.thinking) room.thinking->stop();
    ++room.version;
    publish(room);
    retire(room);
    return Status::ok();
}

ActionAck GameService::resign(const std::string& id, const std::string& token, ApiError& err) {
    return with_room(id, err, [&](Room& room) -> ActionAck {
        int seat = seat_of(room, token);
        if (seat == kSpectator)
            return refused(err, fail(403, "this token holds no seat in the game"));
        if (room.data.result != "*") return refused(err, fail(409, "the game is over"));
        if (seat == kViewerBoth)
            seat = room.game->side_to_move();  // one device: the side to move resigns
        if (Status s = end_game(room, seat == 0 ? "0-1" : "1-0",
                                std::string(kSideName[seat]) + " resigned");
            !s)
            return refused(err, storage_failure(s));
        return ActionAck{room.data.result, -1};
    });
}

ActionAck GameService::draw(const std::string& id, const std::string& token,
                            const std::string& action, ApiError& err) {
    return with_room(id, err, [&](Room& room) -> ActionAck {
        StoredGame& g = room.data;
        int seat = seat_of(room, token);
        if (seat == kSpectator)
            return refused(err, fail(403, "this token holds no seat in the game"));
        if (g.result != "*") return refused(err, fail(409, "the game is over"));
        if (g.mode == "computer")
            return refused(err,
                           fail(409, "draws are agreed between people, not with the computer"));
        if (seat == kViewerBoth)
            seat = action == "offer" ? room.game->side_to_move() : 1 - g.draw_offer;
        const int offer_before = g.draw_offer;
        const std::int64_t updated_before = g.updated_ms;
        if (action == "offer") {
            if (g.draw_offer == 1 - seat) {
                if (Status s = end_game(room, "1/2-1/2", "draw agreed"); !s)
                    return refused(err, storage_failure(s));
                return ActionAck{g.result, -1};
            }
            g.draw_offer = seat;
        } else if (action == "accept") {
            if (g.draw_offer < 0 || g.draw_offer == seat)
                return refused(err, fail(409, "there is no draw offer to accept"));
            if (Status s = end_game(room, "1/2-1/2", "draw agreed"); !s)
                return refused(err, storage_failure(s));
            return ActionAck{g.result, -1};
        } else if (action == "decline") {
            if (g.draw_offer < 0 || g.draw_offer == seat)
                return refused(err, fail(409, "there is no draw offer to decline"));
            g.draw_offer = -1;
        } else {
            return refused(err, fail(400, "action must be offer, accept or decline"));
        }
        g.updated_ms = now_ms();
        if (Status s = storage_->update_game(g); !s) {
            g.draw_offer = offer_before;
            g.updated_ms = updated_before;
            return refused(err, storage_failure(s));
        }
        ++room.version;
        publish(room);
        return ActionAck{"", g.draw_offer};
    });
}

ActionAck GameService::abort(const std::string& id, const std::string& token, ApiError& err) {
    return with_room(id, err, [&](Room& room) -> ActionAck {
        if (seat_of(room, token) == kSpectator)
            return refused(err, fail(403, "this token holds no seat in the game"));
        if (room.data.result != "*") return refused(err, fail(409, "the game is over"));
        if (!abortable(room.data))
            return refused(err,
                           fail(409, "both sides have moved: the game can no longer be aborted"));
        if (Status s = end_game(room, std::string(kAborted), "aborted"); !s)
            return refused(err, storage_failure(s));
        return ActionAck{room.data.result, -1};
    });
}

ActionAck GameService::claim(const std::string& id, const std::string& token, ApiError& err) {
    return with_room(id, err, [&](Room& room) -> ActionAck {
        const StoredGame& g = room.data;
        const int seat = seat_of(room, token);
        if (seat == kSpectator)
            return refused(err, fail(403, "this token holds no seat in the game"));
        if (g.result != "*") return refused(err, fail(409, "the game is over"));
        if (g.mode != "online")
            return refused(err,
                           fail(409, "only an online game is claimed when the opponent leaves"));
        if (abortable(g))
            return refused(err, fail(409, "not both sides have moved: abort the game instead"));
        if (g.base_ms > 0)
            return refused(err, fail(409, "the clock decides a timed game: there is no claim"));
        const int other = 1 - seat;
        if (g.away_ms[other] == 0) return refused(err, fail(409, "your opponent is connected"));
        if (!away_for(room, other, now_ms(), rules_.absence_ms))
            return refused(err,
                           fail(409, "your opponent has been away for less than " +
                                         std::to_string((rules_.absence_ms + 999) / 1000) + " s"));
        if (Status s = end_game(room, seat == 0 ? "1-0" : "0-1", abandoned(other)); !s)
            return refused(err, storage_failure(s));
        return ActionAck{g.result, -1};
    });
}

// Games nobody will finish (docs/api.md, "Aborting and leaving a game"): an
// invitation nobody took; a game its players left before both sides moved
// (aborted); an untimed computer game its human left after (lost). An online game left after
// both moved waits for a claim; a timed one for the flag; a local one goes on.
// On a storage error the game is tried again at the next tick.
void GameService::end_abandoned(Room& r, std::int64_t now) {
    const StoredGame& g = r.data;
    // With several servers the holder of the game's lease decides, on the
    // presence all of them store.
    if (g.result != "*" || !on_duty(r)) return;
    Status ended = Status::ok();
    if (g.mode == "online" && !seated(g)) {
        if (now - std::max(g.created_ms, started_ms_) >= rules_.invite_ms)
            ended = end_game(r, std::string(kAborted), "aborted");
    } else {
        const std::int64_t limit = g.mode == "online" ? rules_.absence_ms : rules_.abandon_ms;
        for (int side = 0; side < 2; ++side) {
            if (g.computer_side == side || !away_for(r, side, now, limit)) continue;
            if (abortable(g)) {
                ended = end_game(r, std::string(kAborted), "aborted");
            } else if (g.mode == "computer" && g.base_ms == 0) {
                ended = end_game(r, side == 0 ? "0-1" : "1-0", abandoned(side));
            }
            break;
        }
    }
    if (ended.is_conflict()) (void)refresh(r);
}

std::string GameService::state(const std::string& id, const std::string& token, ApiError& err,
                               std::uint64_t* version) {
    auto room = find(id, err);
    if (!room) return {};  // err says why
    std::lock_guard rl(room->mutex);
    if (version) *version = room->version;
    return state_locked(*room, seat_of(*room, token));
}

// The state message for one viewer (encoded at the API edge, state_json.cpp):
// the shared part once per version, then this viewer's clocks, seats and invitation.
std::string GameService::state_locked(const Room& r, int viewer) const {
    const StoredGame& g = r.data;
    encode_shared_state(g, r.version, *r.game, room_view(r), r.state);
    ViewerState v;
    v.clock = clock_view(r);
    for (int s = 0; s < 2; ++s)
        v.seat[s] = g.computer_side == s                   ? "computer"
                    : viewer == s || viewer == kViewerBoth ? "you"
                    : g.seat_taken[s]                      ? "human"
                                                           : "open";
    v.you = viewer == kViewerBoth ? 2 : viewer;
    v.claim_in_ms = claim_in_ms(r, viewer, rules_.absence_ms);
    if (viewer != kSpectator && g.mode == "online" && !(g.seat_taken[0] && g.seat_taken[1]))
        v.invite = g.invite;
    return encode_state(r.state, v);
}

std::unique_ptr<Game> GameService::position_at(const std::string& id, std::size_t n,
                                               ApiError& err) {
    auto room = find(id, err);
    if (!room) return {};  // err says why
    std::unique_ptr<Game> g;
    {
        std::lock_guard rl(room->mutex);
        if (n > room->game->ply_count())
            return err = fail(400, "n is beyond the last ply"), nullptr;
        g = room->game->clone();
    }
    while (g->ply_count() > n) (void)g->undo();
    return g;
}

std::string GameService::record(const std::string& id, ApiError& err) {
    auto room = find(id, err);
    if (!room) return {};  // err says why
    std::lock_guard rl(room->mutex);
    const StoredGame& g = room->data;
    game::Record rec;
    rec.set_tag("Event", "Chimera game");
    rec.set_tag("Site", "Chimera");
    rec.set_tag("Variant", g.variant);
    rec.set_tag("FEN", g.start_fen);
    if (g.formation) rec.set_tag("Formation", std::to_string(g.formation));
    auto name = [&](int s) {
        return g.computer_side == s ? "Chimera level " + std::to_string(g.level)
                                    : std::string("Player");
    };
    rec.set_tag("White", name(0));
    rec.set_tag("Black", name(1));
    rec.set_tag("Result", std::string(public_result(g.result)));
    if (!g.termination.empty()) rec.set_tag("Termination", g.termination);
    if (g.base_ms > 0)
        rec.set_tag("TimeControl",
                    std::to_string(g.base_ms / 1000) + "+" + std::to_string(g.inc_ms / 1000));
    rec.moves = g.san;
    rec.result = public_result(g.result);
    return game::write_record(rec);
}

GameListing GameService::list(std::size_t limit, const std::optional<ListCursor>& before,
                              ApiError& err) {
    GameListing out;
    if (!before) {
        std::vector<std::shared_ptr<Room>> all;
        {
            std::lock_guard lock(rooms_mutex_);
            all.reserve(rooms_.size());
            for (auto& [id, r] : rooms_) all.push_back(r);
        }
        for (auto& r : all) {
            std::lock_guard rl(r->mutex);
            const StoredGame& g = r->data;
            if (g.result == "*")
                out.live.push_back({g.id, g.variant, g.mode, g.level, g.lan.size(), g.result,
                                    g.termination, g.updated_ms});
        }
        const std::size_t shown = std::min(limit, out.live.size());
        std::partial_sort(out.live.begin(), out.live.begin() + static_cast<std::ptrdiff_t>(shown),
                          out.live.end(), newer);
        out.live.resize(shown);
    }
    // One more than a page tells whether there is a next one.
    if (Status s = storage_->list_finished(before ? &*before : nullptr, limit + 1, out.recent); !s)
        return refused(err, storage_failure(s));
    if (out.recent.size() > limit) {
        out.recent.resize(limit);
        out.next = ListCursor{out.recent.back().updated_ms, out.recent.back().id};
    }
    // A game that ended after the live games were read is listed as finished only.
    std::erase_if(out.live, [&](const GameSummary& l) {
        return std::any_of(out.recent.begin(), out.recent.end(),
                           [&](const GameSummary& r) { return r.id == l.id; });
    });
    return out;
}

std::uint64_t GameService::subscribe(const std::string& id, const std::string& token,
                                     Subscriber s) {
    ApiError err;
    auto room = find(id, err);
    if (!room) return 0;
    std::lock_guard rl(room->mutex);
    const std::uint64_t h = next_handle_++;
    const int viewer = seat_of(*room, token);
    const bool going = room->data.result == "*";
    // Tells the others before this view is added; a finished game is only shown.
    if (going) count_presence(*room, viewer, +1);
    s(Push{room->version, std::make_shared<const std::string>(state_locked(*room, viewer)), true});
    if (going) room->subscribers[h] = {viewer, std::move(s)};
    return h;
}

void GameService::unsubscribe(const std::string& id, std::uint64_t handle) {
    auto room = find_live(id);
    if (!room) return;
    std::lock_guard rl(room->mutex);
    const auto it = room->subscribers.find(handle);
    if (it == room->subscribers.end()) return;
    const int viewer = it->second.first;
    room->subscribers.erase(it);
    count_presence(*room, viewer, -1);
}

void GameService::count_presence(Room& room, int viewer, int delta) {
    bool changed = false;
    const std::int64_t now = now_ms();
    for (int s = 0; s < 2; ++s) {
        if (viewer != s && viewer != kViewerBoth) continue;
        const bool was_present = room.present[s] > 0;
        room.present[s] += delta;
        if (was_present == (room.present[s] > 0)) continue;
        if (shared_) {
            store_presence(room, s);
            continue;
        }
        room.data.away_ms[s] = room.present[s] > 0 ? 0 : now;
        changed = true;
    }
    // A seat's arrival or departure is a change of the game others see
    // (`present`, `claim_in_ms`), while it goes on.
    if (!changed || room.data.result != "*") return;
    ++room.version;
    publish(room);
}

void GameService::store_presence(Room& room, int side) {
    const bool here = room.present[side] > 0;
    if (here == room.presence_stored[side] || room.data.result != "*") return;
    Presence p;
    if (Status s = storage_->set_presence(room.data.id, side, instance_, here, now_ms(), p); !s)
        return;  // tried again at the next renewal
    room.presence_stored[side] = here;
    if (!p.changed) return;
    if (p.version != room.data.version + 1) {  // other writes came first: read them all
        (void)refresh(room);
        return;
    }
    room.data.away_ms[side] = p.away_ms;
    room.data.version = p.version;
    ++room.version;
    publish(room);
}

// After a change: one delta for every subscriber (a player who may claim the
// win gets it with claim_in_ms), or the whole state per kind of viewer when the
// change is not a delta's (seats taken, no previous version).
void GameService::publish(Room& room) {
    if (room.subscribers.empty()) return;
    encode_shared_state(room.data, room.version, *room.game, room_view(room), room.state);
    std::string delta = encode_delta(room.data, room.state, clock_view(room));
    const bool touches_claim = !delta.empty() && delta_touches_claim(room.state);
    room.state.previous = SharedParts{};  // only this push needed it
    if (!delta.empty()) {
        const Push push{room.version, std::make_shared<const std::string>(std::move(delta)), false};
        Push for_seat[2];
        for (auto& [h, sub] : room.subscribers) {
            const int viewer = sub.first;
            const std::int64_t claim = claim_in_ms(room, viewer, rules_.absence_ms);
            if (claim < 0 && !(touches_claim && may_claim(room.data, viewer))) {
                sub.second(push);
                continue;
            }
            if (!for_seat[viewer].text)
                for_seat[viewer] =
                    Push{room.version,
                         std::make_shared<const std::string>(with_claim(*push.text, claim)), false};
            sub.second(for_seat[viewer]);
        }
        return;
    }
    std::map<int, std::shared_ptr<const std::string>> by_viewer;
    for (auto& [h, sub] : room.subscribers) {
        auto it = by_viewer.find(sub.first);
        if (it == by_viewer.end())
            it = by_viewer
                     .emplace(sub.first,
                              std::make_shared<const std::string>(state_locked(room, sub.first)))
                     .first;
        sub.second(Push{room.version, it->second, true});
    }
}

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
        jobs_[lane].push_back(Job{self, room.data.lan.size(), room.owner});
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
            if (closing_ || room.data.lan.size() != job.plies || room.data.result != "*" ||
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
        if (closing_ || room.data.lan.size() != job.plies || room.data.result != "*" ||
            r.move.is_none() || !on_duty(room))
            continue;
        // Another server may have moved first: its move stands, read it.
        if (apply_move(room, r.move).conflict) (void)refresh(room);
    }
}

// Flags fall on the server: a running clock that reaches zero loses the game.
void GameService::clock_loop() {
    while (!closing_) {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
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
    while (!closing_) {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        if (std::chrono::steady_clock::now() - last < std::chrono::milliseconds(kRenewMs)) continue;
        last = std::chrono::steady_clock::now();
        (void)storage_->heartbeat(now_ms());
        renew_leases();
    }
    (void)storage_->heartbeat(now_ms());  // a clean stop: the clocks ran until now
}

}  // namespace chimera::server
