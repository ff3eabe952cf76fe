// The Wataku Genesis evaluation's weights in centipawns (the shares in
// percent), by name (core/eval_weights.h), read by tools/tune_eval.cpp (a
// fit to drawn-out self-play games lost: docs/engine.md, TEWA); the static
// exchange, the move ordering and the threats against the side to move keep
// their own values.
#pragma once

#include "core/eval_weights.h"

// X(name, value), in the order the evaluation reads them.
//
// Material, measured: `chimera tune` on 243 self-play games (level 8 at 3000
// nodes, random formations) fitted on the board Q 56, N 34, B 18, R 9, P 2
// (+/- 2-5) and in reserve Q 45, R 39, B 30, P 8 (+/- 14-33) on the Elo
// curve; here in proportion, the Queen at 950. The Turtle (fit -5 +/- 30)
// keeps its earlier value: the games could not measure it. The fit found
// dormancy worth almost nothing (-2 +/- 3 cp per piece: a dormant piece is
// woken by one deployment or Traverse) and reserve pieces worth at least as
// much as pieces on the board (they go anywhere); a small discount keeps
// waking pieces and deploying them worthwhile for the search.
//
// MOPUP_*: a side at least 500 ahead in force closes in on the enemy King
// with the fewer flights (per step of that King from the centre, and per
// piece of its own within three steps of it, more the nearer): first
// guesses, doubled once on a conversion test (docs/engine.md, W4).
#define CHIMERA_WATAKU_EVAL_WEIGHTS(X) \
    X(QUEEN_VALUE, 950)                \
    X(ROOK_VALUE, 150)                 \
    X(BISHOP_VALUE, 300)               \
    X(KNIGHT_VALUE, 580)               \
    X(PAWN_VALUE, 40)                  \
    X(TURTLE_VALUE, 160)               \
    X(RESERVE_SHARE, 100)              \
    X(DORMANT_SHARE, 90)               \
    X(SLIDER_MOBILITY, 2)              \
    X(KING_FRIEND, 6)                  \
    X(KING_ALONE, 30)                  \
    X(KING_ENEMY_NEAR, 12)             \
    X(KING_ZONE_ATTACKED, 10)          \
    X(KING_NO_FLIGHT, 30)              \
    X(KING_ONE_FLIGHT, 15)             \
    X(KING_IN_CHECK, 20)               \
    X(MOPUP_EDGE, 20)                  \
    X(MOPUP_NEAR, 8)                   \
    X(TEMPO, 10)

namespace chimera::wataku {
CHIMERA_DEFINE_EVAL_WEIGHTS(CHIMERA_WATAKU_EVAL_WEIGHTS)
}  // namespace chimera::wataku
