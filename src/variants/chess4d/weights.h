// The 4D chess evaluation's weights in centipawns, by name
// (core/eval_weights.h). Fitted by tools/tune_eval.cpp (docs/engine.md,
// "Evaluation"); the static exchange, the move ordering and the threats
// against the side to move keep their own values.
#pragma once

#include "core/eval_weights.h"

// X(name, value), in the order the evaluation reads them.
#define CHIMERA_CHESS4D_EVAL_WEIGHTS(X) \
    X(PAWN_VALUE, 100)                  \
    X(KNIGHT_VALUE, 320)                \
    X(BISHOP_VALUE, 360)                \
    X(ROOK_VALUE, 420)                  \
    X(QUEEN_VALUE, 1100)                \
    X(PAWN_ONE_STEP_AWAY, 60)           \
    X(PAWN_TWO_STEPS_AWAY, 10)          \
    X(PAWN_FREE_PATH, 10)               \
    X(KING_SHELTER, 8)                  \
    X(KING_ACTIVITY, 10)                \
    X(KNIGHT_MOBILITY, 4)               \
    X(BISHOP_MOBILITY, 4)               \
    X(ROOK_MOBILITY, 4)                 \
    X(QUEEN_MOBILITY, 4)                \
    X(PIECE_CENTRE, 6)                  \
    X(TEMPO, 10)

namespace chimera::chess4d {
CHIMERA_DEFINE_EVAL_WEIGHTS(CHIMERA_CHESS4D_EVAL_WEIGHTS)
}  // namespace chimera::chess4d
