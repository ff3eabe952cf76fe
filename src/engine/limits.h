// What a search is asked to do and what it reports.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/move.h"
#include "core/variant_info.h"
#include "engine/score.h"

namespace chimera::engine {

struct Limits {
    int depth = 0;              // 0: no depth limit
    std::uint64_t nodes = 0;    // 0: no node limit
    int movetime_ms = 0;        // 0: not fixed
    int time_ms[2] = {-1, -1};  // remaining clock per side, -1 when not given
    int inc_ms[2] = {0, 0};
    int movestogo = 0;
    bool infinite = false;
    int multipv = 1;
};

struct Info {
    int depth = 0;
    int seldepth = 0;
    int multipv = 1;
    Value score = 0;
    bool lowerbound = false, upperbound = false;
    std::uint64_t nodes = 0;
    std::uint64_t nps = 0;
    int hashfull = 0;
    std::int64_t time_ms = 0;
    std::vector<std::string> pv;  // LAN
};

struct Result {
    Move move;           // the best move, Move::none() when there is no legal move
    std::string best;    // its LAN, empty when there is no legal move
    std::string ponder;  // LAN or empty
    Value score = 0;
    int depth = 0;
    std::uint64_t nodes = 0;
};

using InfoCallback = std::function<void(const Info&)>;

using Clock = std::chrono::steady_clock;

inline std::int64_t elapsed_ms(Clock::time_point since) {
    return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - since).count();
}

// State shared by the threads of one search.
struct SharedState {
    std::atomic<bool> stop{false};
    std::atomic<std::uint64_t> nodes{0};
    Clock::time_point start = Clock::now();
    std::int64_t optimum_ms = 0;  // 0: no time limit
    std::int64_t maximum_ms = 0;
    std::uint64_t node_limit = 0;
    bool fixed_time = false;  // movetime: use all of it
};

// Splits the clock: an optimum to aim for and a hard maximum (never lose on time).
// moves_left: the moves the side is expected still to play when the limits
// name no movestogo (VariantInfo::time).
void plan_time(const Limits& limits, int side, SharedState& shared, int move_overhead_ms = 30,
               int moves_left = TimeModel{}.moves_left);

}  // namespace chimera::engine
