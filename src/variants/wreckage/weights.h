// The Wreckage evaluation's weights in centipawns, by name
// (core/eval_weights.h). Fitted by tools/tune_eval.cpp (docs/engine.md,
// "Evaluation"); the static exchange and move ordering keep their own values.
#pragma once

#include "core/eval_weights.h"

// X(name, value), in the order the evaluation reads them.
#define CHIMERA_WRECKAGE_EVAL_WEIGHTS(X) \
    X(PAWN_VALUE, 81)                    \
    X(NINJA_VALUE, 125)                  \
    X(FERZ_KNIGHT_VALUE, 271)            \
    X(WAZIR_KNIGHT_VALUE, 268)           \
    X(BISHOP_VALUE, 329)                 \
    X(ROOK_VALUE, 462)                   \
    X(QUEEN_VALUE, 1008)                 \
    X(DRAGON_VALUE, 451)                 \
    X(DETONATOR_VALUE, 409)              \
    X(GUILLOTINE_VALUE, 733)             \
    X(GUILLOTINE_IN_HAND, 656)           \
    X(NINJA_IN_HAND, 125)                \
    X(ADVANCE_2, 0)                      \
    X(ADVANCE_3, -3)                     \
    X(ADVANCE_4, 10)                     \
    X(ADVANCE_5, 20)                     \
    X(ADVANCE_6, 37)                     \
    X(ADVANCE_7, 56)                     \
    X(ADVANCE_8, 124)                    \
    X(ADVANCE_9, 206)                    \
    X(FERZ_KNIGHT_MOBILITY, 20)          \
    X(WAZIR_KNIGHT_MOBILITY, 12)         \
    X(BISHOP_MOBILITY, 3)                \
    X(ROOK_MOBILITY, 3)                  \
    X(QUEEN_MOBILITY, 2)                 \
    X(DRAGON_MOBILITY, 2)                \
    X(DETONATOR_MOBILITY, 2)             \
    X(GUILLOTINE_MOBILITY, 2)            \
    X(GUILLOTINE_LANDING, 30)            \
    X(DETONATOR_NEAR_KING, 11)           \
    X(KING_GUARD, 16)                    \
    X(TEMPO, 7)

namespace chimera::wreckage {
CHIMERA_DEFINE_EVAL_WEIGHTS(CHIMERA_WRECKAGE_EVAL_WEIGHTS)
}  // namespace chimera::wreckage
