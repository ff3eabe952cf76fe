// The games going on: the room map, reading games from the store, a start
// after a restart, creating and joining games.
#include "server/games.h"

#include <sys/random.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <random>

#include "core/text.h"
#include "game/record.h"
#include "players/names.h"
#include "server/review.h"
#include "server/room.h"
#include "variants/registry.h"

namespace chimera::server {

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

GameService::GameService(std::unique_ptr<Storage> storage, int computer_threads,
                         ComputerLimits limits, AbsenceRules rules)
    : storage_(std::move(storage)),
      shared_(storage_->shared()),
      instance_(random_token(8)),
      rules_(rules),
      started_ms_(now_ms()),
      computer_limits_(limits) {
    reviews_ = std::make_unique<ReviewService>(
        *storage_, static_cast<std::size_t>(std::max(1, computer_limits_.review_queue)),
        static_cast<std::uint64_t>(std::max(1, computer_limits_.review_nodes)));
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
    reviews_->shutdown();
    const std::vector<std::shared_ptr<Room>> all = live_rooms();
    for (auto& room : all) {  // lock order everywhere: a room, then the room map
        std::lock_guard rl(room->mutex);
        if (room->thinking) room->thinking->stop();
    }
    jobs_cv_.notify_all();
    {
        std::lock_guard lock(tick_mutex_);  // a thread between its test and its wait sees it
    }
    tick_cv_.notify_all();
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
    if (g.stored_plies < held || g.takebacks != room.data.takebacks) {
        // Moves were taken back on another server (and others may have been
        // played since): the game is read and replayed whole.
        if (Status s = storage_->load_game(room.data.id, g, &found, 0); !s) return s;
        if (!found) return Status::error("database: game " + room.data.id + " is gone");
        Status why = Status::ok();
        auto fresh = replay(StoredGame(g), &why);
        if (!fresh) return Status::error("database: game " + g.id + ": " + why.message());
        room.game = std::move(fresh->game);
        room.data = std::move(g);
        // The state's move list is written on as moves come: another line
        // of the same length is written again from the start.
        room.state.moves_written = 0;
        room.state.moves_text.clear();
        room.computer_queued = false;  // a job queued for the old line is dropped by its check
        if (room.thinking) room.thinking->stop();
        return taken(room);
    }
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
    return taken(room);
}

Status GameService::taken(Room& room) {
    ++room.version;
    publish(room);
    if (room.data.result != "*") {
        retire(room);
        return Status::ok();
    }
    schedule_computer(room);
    return Status::ok();
}

void GameService::retire(Room& room) {
    // A finished game changes no more but for its rematch offers: its views
    // are only told of those from now on.
    for (auto& [h, view] : room.subscribers)
        watch_after(room, view.first, h, std::move(view.second));
    room.subscribers.clear();
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
    if (req.rated && req.mode != "online")
        return refused(err, fail(400, "rated: only an online game between two accounts is rated"));
    if (req.rated && req.account.empty())
        return refused(err, fail(401, "rated: a rated game is between accounts: log in first"));
    if (req.rated && (!req.moves.empty() || !req.fen.empty()))
        return refused(err, fail(400, "rated: a rated game starts from the variant's start"));
    g.id = random_token(6);
    g.mode = req.mode;
    g.rated = req.rated;
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
        g.account[side] = req.account;  // the player's seat is their account's
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

SeatGrant GameService::join(const std::string& id, const std::string& invite, ApiError& err,
                            const std::string& account) {
    return with_room(id, err, [&](Room& room) -> SeatGrant {
        StoredGame& g = room.data;
        if (g.mode != "online") return refused(err, fail(409, "only online games can be joined"));
        if (invite.empty() || !same_secret(invite, g.invite))
            return refused(err, fail(403, "wrong invitation code"));
        if (g.result != "*") return refused(err, fail(409, "the game is over"));
        const int open = !g.seat_taken[0] ? 0 : !g.seat_taken[1] ? 1 : -1;
        if (open < 0) return refused(err, fail(409, "both seats are taken"));
        if (g.rated && account.empty())
            return refused(err, fail(401, "a rated game is between accounts: log in to join it"));
        if (g.rated && players::name_key(account) == players::name_key(g.account[1 - open]))
            return refused(err, fail(409, "a rated game is against someone else: you created it"));
        const std::int64_t started_before = g.turn_started_ms, away_before = g.away_ms[open];
        g.seat_taken[open] = true;
        g.account[open] = account;
        g.updated_ms = now_ms();
        g.away_ms[open] = g.updated_ms;
        // The clock of the side to move starts now, when it has an opponent, if a
        // move has been made here (moves given with the game are not: the clock
        // then starts with the next move).
        if (g.base_ms > 0 && g.turn_started_ms > 0) g.turn_started_ms = g.updated_ms;
        if (Status s = storage_->update_game(g); !s) {
            g.seat_taken[open] = false;
            g.account[open].clear();
            g.turn_started_ms = started_before;
            g.away_ms[open] = away_before;
            return refused(err, storage_failure(s));
        }
        ++room.version;
        room.players_read = false;
        publish(room);
        return SeatGrant{id, g.token[open], kSideName[open], ""};
    });
}

}  // namespace chimera::server
