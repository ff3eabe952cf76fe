// Search scores: centipawns from the side to move's point of view, with mate
// scores counting plies from the root (MATE - ply for a mate we give).
#pragma once

#include <cstdint>

namespace chimera::engine {

using Value = int;

inline constexpr Value VALUE_DRAW = 0;
inline constexpr Value VALUE_MATE = 32000;
inline constexpr Value VALUE_INFINITE = 32001;
inline constexpr Value VALUE_NONE = 32002;
inline constexpr int MAX_PLY = 128;
inline constexpr Value VALUE_MATE_IN_MAX_PLY = VALUE_MATE - MAX_PLY;

constexpr Value mate_in(int ply) { return VALUE_MATE - ply; }
constexpr Value mated_in(int ply) { return -VALUE_MATE + ply; }
constexpr bool is_mate_score(Value v) {
    return v >= VALUE_MATE_IN_MAX_PLY || v <= -VALUE_MATE_IN_MAX_PLY;
}

// Mate scores in the table are stored relative to the node, not the root.
constexpr Value to_tt(Value v, int ply) {
    return v >= VALUE_MATE_IN_MAX_PLY ? v + ply : v <= -VALUE_MATE_IN_MAX_PLY ? v - ply : v;
}
constexpr Value from_tt(Value v, int ply) {
    return v >= VALUE_MATE_IN_MAX_PLY ? v - ply : v <= -VALUE_MATE_IN_MAX_PLY ? v + ply : v;
}

}  // namespace chimera::engine
