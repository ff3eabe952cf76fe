// The game service: every game in memory as a room (rules core position, seats,
// clocks, draw offer, result), the referee for every action, persistence of
// each accepted move before it is acknowledged, computer moves on a worker
// pool, and the state pushed to subscribers (WebSocket views) on every change.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <variant>
#include <vector>

#include "core/status.h"
#include "server/storage.h"
#include "variants/game.h"

namespace chimera::engine {
class Engine;
}

namespace chimera::server {

// An error with the HTTP status it maps to (400, 403, 404, 409).
struct ApiError {
    int status = 0;
    std::string message;
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
// After a resignation or a draw action: the result when the game ended, else
// the side whose draw offer stands (-1: none).
struct ActionAck {
    std::string result;
    int draw_offer = -1;
    bool ended() const { return !result.empty(); }
};
struct GameSummary {
    std::string id, variant, mode;
    int level = 0;
    std::size_t plies = 0;
    std::string result, termination;
    std::int64_t updated_ms = 0;
};
struct GameListing {
    std::vector<GameSummary> live, recent;  // newest first
};

struct Room;
// A message for a subscriber, with the game's version it brings the view to:
// the whole state (on subscribing, after a change of seats), or a delta from
// the version before (docs/api.md, "The WebSocket"). One text is shared by
// every subscriber it goes to.
struct Push {
    std::uint64_t version = 0;
    std::shared_ptr<const std::string> text;
    bool full = false;
};
using Subscriber = std::function<void(const Push& push)>;

class GameService {
  public:
    // The transposition table of each computer worker; the workers' tables are
    // all the memory the computer players use (workers x this).
    static constexpr std::size_t kComputerHashMb = 8;

    GameService(std::unique_ptr<Storage> storage, int computer_threads);
    ~GameService();

    // Stops the computer workers and the clock thread (idempotent). Called before
    // the network layer goes away, so no worker publishes into it afterwards.
    void shutdown();

    // Loads stored games and resumes them (clocks, computer moves). A stored game
    // that cannot be replayed is left out and described in *skipped.
    Status restore(std::vector<std::string>* skipped = nullptr);

    SeatGrant create(const CreateRequest& req, ApiError& err);
    SeatGrant join(const std::string& id, const std::string& invite, ApiError& err);
    MoveAck move(const std::string& id, const std::string& token, const std::string& text,
                 ApiError& err);
    ActionAck resign(const std::string& id, const std::string& token, ApiError& err);
    ActionAck draw(const std::string& id, const std::string& token, const std::string& action,
                   ApiError& err);
    // The state message (JSON text) as seen by the holder of token (may be empty:
    // spectator), and its version in *version.
    std::string state(const std::string& id, const std::string& token, ApiError& err,
                      std::uint64_t* version = nullptr);
    std::string record(const std::string& id, ApiError& err);
    // The game as it stood after ply n (0: its start), for reviewing.
    std::unique_ptr<Game> position_at(const std::string& id, std::size_t n, ApiError& err);
    GameListing list(std::size_t limit);

    // Registers a view; returns a handle for unsubscribe, 0 if the game does not exist.
    std::uint64_t subscribe(const std::string& id, const std::string& token, Subscriber s);
    void unsubscribe(const std::string& id, std::uint64_t handle);

    std::size_t game_count() const;

  private:
    std::shared_ptr<Room> find(const std::string& id) const;
    void publish(Room& room);  // room locked
    // Ends the game and stores it; on a storage error nothing changes. Room locked.
    Status end_game(Room& room, const std::string& result, const std::string& termination);
    Status flag(Room& room, int side);   // room locked
    void schedule_computer(Room& room);  // room locked
    void computer_loop(bool quick_only);
    void clock_loop();
    std::string state_locked(const Room& room, int viewer) const;
    // A move as the player typed it, or the computer's own for this position.
    using MoveInput = std::variant<std::string_view, Move>;
    ApiError apply_move(Room& room, const MoveInput& input);  // room locked

    std::unique_ptr<Storage> storage_;
    mutable std::mutex rooms_mutex_;
    std::map<std::string, std::shared_ptr<Room>> rooms_;

    struct Job {
        std::shared_ptr<Room> room;
        std::uint64_t version;
    };
    // Computer moves wait in two queues: quick ones (the capped levels, a few
    // milliseconds to a fraction of a second) and deep ones (full strength,
    // seconds). Every worker takes a quick job first, and one more worker takes
    // only quick jobs, so deep searches never hold up a quick reply.
    enum Lane { QUICK, DEEP };
    std::mutex jobs_mutex_;
    std::condition_variable jobs_cv_;
    std::deque<Job> jobs_[2];
    std::vector<std::thread> workers_;
    std::thread clock_thread_;
    std::atomic<bool> closing_{false};
    std::atomic<std::uint64_t> next_handle_{1};
};

std::int64_t now_ms();
std::string random_token(std::size_t bytes);

}  // namespace chimera::server
