// The game service: every game going on in memory as a room (rules core
// position, seats, clocks, draw offer, result), the referee for every action,
// persistence of each accepted move before it is acknowledged, computer moves
// on a worker pool, and what changed pushed to subscribers (WebSocket views)
// on every change, as a delta from the version before. A game that ends
// leaves memory once its subscribers have been sent the final push: it is
// only read from then on, from the database on demand (a few recently read
// ones are cached), and listed from an index.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <variant>
#include <vector>

#include "core/status.h"
#include "server/lru_cache.h"
#include "server/storage.h"
#include "variants/game.h"

namespace chimera::engine {
class Engine;
}

namespace chimera::server {

class ReviewService;

// An error with the HTTP status it maps to (400, 403, 404, 409).
struct ApiError {
    int status = 0;
    std::string message;
    // A 409 because another server changed the game first (Status::conflict):
    // the game is read again and the request decided anew on what it holds.
    bool conflict = false;
    explicit operator bool() const { return status != 0; }
};

struct CreateRequest {
    std::string variant{kDefaultVariant};
    std::string fen;    // optional start position
    int formation = 0;  // the start position (1-based), for variants with several; 0 = random
    std::string mode;   // computer | online | local
    int level = 4;
    std::string side = "white";  // the creator's side: white | black | random
    std::int64_t base_ms = 0, inc_ms = 0;
    std::vector<std::string> moves;  // imported game: moves (SAN or LAN) to replay
    // Imported game: its recorded result ("*" or empty: still going) and how it ended.
    std::string result, termination;
    // Who asks (the address key the per-address limits count), if known.
    std::string client;
    // The account of who asks ("" anonymous), holding the creator's seat;
    // rated: an online game between two accounts (docs/ratings.md).
    std::string account;
    bool rated = false;
};

// Bounds on the computer's work: each game has at most one move waiting; the
// games of one client address may have at most per_address moves waiting or
// being searched, and the deep lane (full-strength levels) at most queue
// moves waiting in all. Beyond them a move or a new game that would need the
// computer is refused (429 for the address's bound, 503 for the server's).
struct ComputerLimits {
    int per_address = 4;
    int queue = 32;
    int review_queue = 16;      // finished games waiting for their review (review.h)
    int review_nodes = 50'000;  // a review's search of each position
};

// What the service answers: typed values, turned into JSON by the API (api.cpp).
// A seat: the game, the token that holds it, its side ("white", "black" or
// "both" on one device) and the invitation for the open seat, if any.
struct SeatGrant {
    std::string id, token, side, invite;
};
struct MoveAck {
    std::size_t ply = 0;
    std::string san;
};
// After a resignation, a draw action, an abort or a claim: the result when the
// game ended (kAborted for an abort), else the side whose draw offer stands (-1: none).
struct ActionAck {
    std::string result;
    int draw_offer = -1;
    int takeback_offer = -1;  // the side whose takeback offer stands (-1: none)
    bool ended() const { return !result.empty(); }
};
// After a rematch request: the side whose offer stands (-1 none), or the
// caller's seat in the rematch once it has started.
struct RematchAck {
    int offer = -1;
    SeatGrant seat;
};
// Live games from memory and a page of finished ones from the database, each
// newest first; next: where the following page of finished games starts, if
// there are more.
struct GameListing {
    std::vector<GameSummary> live, recent;
    std::optional<ListCursor> next;
};
// Games held: going on (in memory), finished (stored; those read lately also
// cached in memory), and the finished games in that cache.
struct GameCounts {
    std::size_t live = 0, finished = 0, cached = 0;
};

// How long the server waits for people who are not there (docs/api.md,
// "Aborting and leaving a game"). A seat is present while a WebSocket with its token is
// open; absence counts from the seat's last WebSocket closing, its joining or
// the game's creation, and never from before the server started.
struct AbsenceRules {
    std::int64_t invite_ms = 30 * 60 * 1000;  // an online game nobody joins is aborted
    // An online game: before both sides have moved, a player away this long
    // aborts it; after, the opponent may claim the win (untimed games).
    std::int64_t absence_ms = 120 * 1000;
    // A computer or local game: before both sides have moved, its players away
    // this long abort it; after, a computer game's human loses it (untimed games).
    std::int64_t abandon_ms = 10 * 60 * 1000;
};

struct Room;
// A message for a subscriber, with the game's version it brings the view to:
// the whole state (on subscribing, after a change of seats), or a delta from
// the version before (docs/api.md, "The WebSocket"). One text is shared by
// every subscriber it goes to: a delta's by all of them, but for the players
// whose claim it carries.
struct Push {
    std::uint64_t version = 0;
    std::shared_ptr<const std::string> text;
    bool full = false;
    // A finished game's whole state after a rematch offer changed, read anew
    // (its version counts from its reading, not from the pushes before it):
    // sent whatever version a view has had.
    bool anew = false;
};
using Subscriber = std::function<void(const Push& push)>;

class GameService {
  public:
    // The transposition table of each computer worker; the workers' tables are
    // all the memory the computer players use (workers x this).
    static constexpr std::size_t kComputerHashMb = 8;
    // Finished games read lately and kept in memory.
    static constexpr std::size_t kFinishedCacheSize = 64;
    // With several servers: a server holds its games' leases for kLeaseMs
    // after each renewal of its own row, every kRenewMs, so the games of a
    // server that stops are taken over by another within kLeaseMs + kRenewMs.
    static constexpr std::int64_t kLeaseMs = 4000, kRenewMs = 1000;

    GameService(std::unique_ptr<Storage> storage, int computer_threads, ComputerLimits limits = {},
                AbsenceRules rules = {});
    ~GameService();

    // Stops the computer workers and the clock thread (idempotent). Called before
    // the network layer goes away, so no worker publishes into it afterwards.
    void shutdown();

    // Loads the stored games still going and resumes them (clocks, computer
    // moves); finished ones stay in the database. A stored game that cannot be
    // replayed is left out and described in *skipped.
    Status restore(std::vector<std::string>* skipped = nullptr);

    SeatGrant create(const CreateRequest& req, ApiError& err);
    // account: the joining player's ("" anonymous; a rated game needs one).
    SeatGrant join(const std::string& id, const std::string& invite, ApiError& err,
                   const std::string& account = "");
    MoveAck move(const std::string& id, const std::string& token, const std::string& text,
                 ApiError& err);
    ActionAck resign(const std::string& id, const std::string& token, ApiError& err);
    ActionAck draw(const std::string& id, const std::string& token, const std::string& action,
                   ApiError& err);
    // Ends the game without a result, while not both sides have moved on the server.
    ActionAck abort(const std::string& id, const std::string& token, ApiError& err);
    // Takes back the player's last move of a computer game, with the
    // computer's reply, or the last move of a local game; in an online game
    // action offer asks the opponent, who may accept or decline (docs/api.md,
    // "Takebacks").
    ActionAck take_back(const std::string& id, const std::string& token, const std::string& action,
                        ApiError& err);
    // After an online game: offers a rematch with the colours swapped, accepts
    // the opponent's (the game starts at once) or declines it (docs/api.md,
    // "Rematches"). Once it has started, answers the caller's seat in it.
    RematchAck rematch(const std::string& id, const std::string& token, const std::string& action,
                       ApiError& err);
    // The win of an untimed online game whose opponent has been away absence_ms.
    ActionAck claim(const std::string& id, const std::string& token, ApiError& err);
    // The state message (JSON text) as seen by the holder of token (may be empty:
    // spectator), and its version in *version.
    std::string state(const std::string& id, const std::string& token, ApiError& err,
                      std::uint64_t* version = nullptr);
    std::string record(const std::string& id, ApiError& err);
    // The game as it stood after ply n (0: its start), for reviewing.
    std::unique_ptr<Game> position_at(const std::string& id, std::size_t n, ApiError& err);
    // A finished game's review (review.h): its JSON with status 200, or 202
    // and where it stands (queued or computing; asked for when `start`).
    std::string review(const std::string& id, bool start, int& status, ApiError& err);
    // The live games and the finished ones after `before` (the first page
    // without it), at most limit of each; with `before`, only finished games.
    GameListing list(std::size_t limit, const std::optional<ListCursor>& before, ApiError& err);

    // Sends the state to a view and, while the game goes on, registers it for
    // every change; returns a handle for unsubscribe, 0 if the game does not exist.
    std::uint64_t subscribe(const std::string& id, const std::string& token, Subscriber s);
    void unsubscribe(const std::string& id, std::uint64_t handle);

    GameCounts counts() const;

    // Before the server stops behind a load balancer: it is no longer ready
    // (ready()), refuses new games (503), and with several servers gives up
    // its leases at once, so others take its games over without waiting for
    // them to run out. Moves and views go on until it stops.
    void drain();
    bool ready() const { return !draining_; }
    // Whether an account (by name) is disabled (accounts.h): its seats can no
    // longer move, offer, accept or claim; set once before the server starts.
    std::function<bool(const std::string& name)> account_disabled;
    // An account deleted (accounts.h): the games held here no longer carry
    // its name (the database's rows were cleared with it), and the finished
    // games cached are read again.
    void forget_account(const std::string& name);
    // The store the games are kept in, for the services beside them (accounts).
    Storage& storage() { return *storage_; }
    // This server's name in the leases ("" with one server).
    std::string instance() const { return shared_ ? instance_ : std::string(); }

  private:
    // A game's room: a live one, else a finished one from the cache or the
    // database; null with err 404 (no such game) or 500 (the database failed).
    std::shared_ptr<Room> find(const std::string& id, ApiError& err);
    std::shared_ptr<Room> find_live(const std::string& id) const;
    // A game that is not in memory, from the database: a finished one into the
    // cache, one going on (another server's, docs/scaling.md) into the room map.
    std::shared_ptr<Room> load_stored(const std::string& id, ApiError& err);
    // A stored game as a room: a finished one into the cache, one going on
    // into the room map (or the room already there); null if it cannot be
    // replayed (404).
    std::shared_ptr<Room> adopt(StoredGame&& g, ApiError& err);
    // A game stored at `version` (Storage::watch): held here at an older one,
    // it is read again; id "" reads every game held again.
    void changed(const std::string& id, std::int64_t version);
    // Reads the game again from the database and, if another server changed it
    // (a newer version), takes that and pushes what changed. Room locked.
    Status refresh(Room& room, bool* changed = nullptr);
    // After refresh took a newer stored game: pushed, retired if it is over,
    // else the computer's move scheduled. Room locked.
    Status taken(Room& room);
    // Runs act(room) with the game's room locked. When it is refused (a write
    // met a conflict, or a check failed on what this server holds) and the
    // stored game is newer, takes that and runs it again (at most kAttempts).
    template <class Act>
    auto with_room(const std::string& id, ApiError& err, Act act);
    static constexpr int kAttempts = 3;
    // A finished game leaves memory (after publish). Room locked.
    void retire(Room& room);
    void publish(Room& room);  // room locked
    // Ends the game and stores it; on a storage error nothing changes. Room locked.
    Status end_game(Room& room, const std::string& result, const std::string& termination);
    Status flag(Room& room, int side);  // room locked
    // Ends a game whose players are not coming back (AbsenceRules). Room locked.
    void end_abandoned(Room& room, std::int64_t now);
    // Counts a view of `viewer` opening (+1) or closing (-1); publishes a seat's
    // arrival or departure. Room locked.
    void count_presence(Room& room, int viewer, int delta);
    // Several servers: stores whether this server holds a WebSocket of the
    // seat, when that differs from what is stored, and takes the presence over
    // all servers that results. On a storage error it is tried again at the
    // next renewal. Room locked.
    void store_presence(Room& room, int side);
    void schedule_computer(Room& room);  // room locked
    // Whether the computer may take one more move of this game now. Room locked.
    ApiError computer_has_room(const Room& room);
    void computer_loop(bool quick_only);
    void clock_loop();
    void renew_loop();
    // Waits a tick of the clock and lease threads; false once the service
    // closes (at once: a stop does not wait out the tick).
    bool tick(std::chrono::milliseconds period);
    // Several servers: keeps this server alive (which renews its leases),
    // sweeps the servers that are gone (their seats are away) and takes their
    // games and those given up; a game taken over has its running clock and
    // its seats' absence credited with the time nobody held it.
    void renew_leases();
    std::vector<std::shared_ptr<Room>> live_rooms() const;
    void take_over(Room& room, const Lease& lease);  // room locked
    // Whether this server does the room's timed duties now (flags, computer
    // moves, absence): always with one server; with several, while it holds
    // the game's lease. Room locked.
    bool on_duty(const Room& room) const;
    std::string state_locked(const Room& room, int viewer) const;
    // The viewer a token is (a seat, both, or a spectator). A token that holds
    // no seat in the copy held here may hold one taken on another server an
    // instant ago, its change not heard yet (the player connects as soon as
    // the join answers): the game is read again before the token is taken for
    // a spectator's. Room locked.
    int viewer_of(Room& room, const std::string& token);
    // Rated games (games_ratings.cpp): the ratings' writes after g's result,
    // put in g.with_write (nothing for a game that is not rated), and the
    // players as the state shows them, read once per change (room locked).
    Status rate_result(StoredGame& g, std::int64_t now);
    void read_players(const Room& room) const;
    // Rematches (games_rematch.cpp). Room locked.
    RematchAck rematch_seat(const StoredGame& g, int seat, ApiError& err);
    ApiError store_rematch_offer(Room& room, int side);
    ApiError undo_plies(Room& room, std::size_t n);            // a takeback of n plies; room locked
    ApiError disabled_seat(const Room& room, int seat) const;  // room locked
    // The views of finished online games (told of rematch offers): added on
    // subscribing (room locked), removed on unsubscribing, pushed the whole
    // state after a rematch change (room locked).
    void watch_after(Room& room, int viewer, std::uint64_t handle, Subscriber s);
    bool unwatch_after(const std::string& id, std::uint64_t handle);
    void tell_after(Room& room);
    // Another server changed a finished game (a rematch offer): the copy held
    // here is read again and its views told.
    void finished_changed(const std::string& id, std::int64_t version);
    // A move as the player typed it, or the computer's own for this position.
    using MoveInput = std::variant<std::string_view, Move>;
    ApiError apply_move(Room& room, const MoveInput& input);  // room locked

    std::unique_ptr<Storage> storage_;
    std::unique_ptr<ReviewService> reviews_;  // after storage_: it uses it
    // Several servers on the store (Storage::shared): this one's name in the
    // leases, and until when (wall-clock ms) its last renewal holds them.
    const bool shared_;
    const std::string instance_;
    std::atomic<std::int64_t> leases_until_{0};
    std::mutex renew_mutex_;     // one renewal at a time (the start's and the clock's)
    bool renewed_ = false;       // under renew_mutex_: kept alive once already
    bool recheck_held_ = false;  // under renew_mutex_: taken for gone, held games to read
    std::atomic<bool> draining_{false};
    const AbsenceRules rules_;
    const std::int64_t started_ms_;  // absence is never counted from before this
    mutable std::mutex rooms_mutex_;
    std::map<std::string, std::shared_ptr<Room>> rooms_;  // the games going on
    LruCache<std::shared_ptr<Room>> finished_{kFinishedCacheSize};
    std::atomic<std::size_t> finished_count_{0};  // finished games stored
    std::mutex after_mutex_;                      // taken after a room's mutex, never before
    std::map<std::string, std::map<std::uint64_t, std::pair<int, Subscriber>>> after_;

    struct Job {
        std::shared_ptr<Room> room;
        // The plies played when it was queued: a job for another position is
        // dropped (the room's version also counts presence, which changes no move).
        std::size_t plies;
        // And the last move then: after a takeback the same number of plies
        // can be another position (a job searched for the old one is dropped).
        std::string last_lan;
        std::string owner;  // the creator's address key ("" after a restart: not counted)
    };
    // Computer moves wait in two queues: quick ones (the capped levels, a few
    // milliseconds to a fraction of a second) and deep ones (full strength,
    // seconds). Every worker takes a quick job first, and one more worker takes
    // only quick jobs, so deep searches never hold up a quick reply.
    enum Lane { QUICK, DEEP };
    std::mutex jobs_mutex_;
    std::condition_variable jobs_cv_;
    std::deque<Job> jobs_[2];
    ComputerLimits computer_limits_;
    std::map<std::string, int> computer_jobs_by_owner_;  // waiting or being searched
    std::vector<std::thread> workers_;
    std::thread clock_thread_;
    std::thread renew_thread_;
    std::mutex tick_mutex_;
    std::condition_variable tick_cv_;
    std::atomic<bool> closing_{false};
    std::atomic<std::uint64_t> next_handle_{1};
};

std::int64_t now_ms();
std::string random_token(std::size_t bytes);

}  // namespace chimera::server
