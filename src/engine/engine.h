// The engine facade: owns a game (the position to search), the transposition
// table, the options and the search threads, and reports through callbacks.
// Protocols (UCI) and the game server talk only to this class; the game is the
// one type-erased Game (variants/game.h), and the search runs fully typed code
// on the position inside it. No global state: several engines can live in one
// process.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <random>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "core/status.h"
#include "engine/history.h"
#include "engine/limits.h"
#include "engine/tt.h"
#include "variants/game.h"

namespace chimera::engine {

// Skill levels 1-8 (8 is full strength): caps on depth and nodes, and how far
// below the best score (centipawns) a chosen move may be.
struct SkillLevel {
    int max_depth;
    std::uint64_t max_nodes;
    int multipv;
    int spread;
};
SkillLevel skill_level(int level);

class Engine {
  public:
    Engine();
    ~Engine();
    Engine(const Engine&) = delete;
    Engine& operator=(const Engine&) = delete;

    // Switches to the start position of variant id and clears the table.
    Status set_variant(std::string_view id);
    std::string_view variant() const;
    // fen empty: the variant's start position. Moves in LAN, applied in order.
    Status set_position(std::string_view fen, const std::vector<std::string>& moves);
    // Searches from a copy of game's position (with its history, for
    // repetitions) from now on. The table is kept within a variant (the caller
    // clears it with new_game() for another game) and cleared across variants.
    void set_position(const Game& game);
    const Game& game() const { return *game_; }
    std::string fen() const;
    std::string diagram() const;
    std::vector<std::string> legal_moves() const;

    void set_hash_mb(std::size_t mb);
    void set_threads(int n);
    void set_skill_level(int level);  // 1..8
    void set_multipv(int n);
    // Milliseconds kept back from every timed search for what the search
    // does not see (the GUI's or the network's lag): UCI's Move Overhead.
    void set_move_overhead(int ms);
    void set_seed(std::uint64_t seed);  // random spread of the lower levels
    void new_game();

    // Searches in a background thread; on_info per iteration, on_done once.
    void go(const Limits& limits, InfoCallback on_info, std::function<void(const Result&)> on_done);
    void stop();
    void wait();
    bool searching() const;
    // Blocking search.
    Result search(const Limits& limits, InfoCallback on_info = {});
    // Clears a previous stop, so that a stop() from another thread between this
    // call and search_armed() is not lost (search() clears it on entry).
    void arm();
    Result search_armed(const Limits& limits, InfoCallback on_info = {});

    // Perft split by root move (LAN, count).
    std::vector<std::pair<std::string, std::uint64_t>> perft_divide(int depth) const;

  private:
    Result run(Limits limits, const InfoCallback& info);

    std::unique_ptr<Game> game_;
    TranspositionTable tt_;
    // The search threads' move statistics, kept between the searches of a
    // game like the table (cleared by new_game() and set_variant()).
    std::unique_ptr<HistoryStore> histories_;
    SharedState shared_;
    int threads_ = 1;
    int skill_ = 8;
    int multipv_ = 1;
    int move_overhead_ms_ = 30;
    std::mt19937_64 rng_{std::random_device{}()};
    std::thread worker_;
    mutable std::mutex mutex_;
    bool running_ = false;
    std::atomic<bool> stop_requested_{false};
};

}  // namespace chimera::engine
