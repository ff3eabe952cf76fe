#include "engine/limits.h"

#include <algorithm>

namespace chimera::engine {

void plan_time(const Limits& limits, int side, SharedState& shared, int overhead,
               int expected_moves) {
    shared.optimum_ms = shared.maximum_ms = 0;
    shared.node_limit = limits.nodes;
    shared.fixed_time = false;
    if (limits.infinite) return;
    if (limits.movetime_ms > 0) {
        shared.fixed_time = true;
        shared.optimum_ms = shared.maximum_ms =
            std::max<std::int64_t>(1, limits.movetime_ms - overhead);
        return;
    }
    const int time = limits.time_ms[side];
    if (time < 0) return;
    const int inc = limits.inc_ms[side];
    const int moves_left =
        limits.movestogo > 0 ? std::min(limits.movestogo, 40) : std::max(1, expected_moves);
    const std::int64_t usable = std::max(1, time - overhead);
    std::int64_t optimum = time / moves_left + inc * 3 / 4;
    std::int64_t maximum = std::min<std::int64_t>(usable * 2 / 5, optimum * 3);
    if (limits.movestogo == 1) maximum = std::max<std::int64_t>(maximum, usable * 4 / 5);
    optimum = std::clamp<std::int64_t>(optimum, 1, usable);
    maximum = std::clamp<std::int64_t>(maximum, optimum, usable);
    shared.optimum_ms = optimum;
    shared.maximum_ms = maximum;
}

}  // namespace chimera::engine
