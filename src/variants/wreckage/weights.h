// The Wreckage evaluation's weights in centipawns, by name
// (core/eval_weights.h). Fitted by tools/tune_eval.cpp (docs/engine.md,
// "Evaluation"); the static exchange and move ordering keep their own values.
#pragma once

#include "core/eval_weights.h"

// X(name, value), in the order the evaluation reads them.
#define CHIMERA_WRECKAGE_EVAL_WEIGHTS(X) \
    X(PAWN_VALUE, 105)                   \
    X(NINJA_VALUE, 117)                  \
    X(FERZ_KNIGHT_VALUE, 263)            \
    X(WAZIR_KNIGHT_VALUE, 244)           \
    X(BISHOP_VALUE, 329)                 \
    X(ROOK_VALUE, 462)                   \
    X(QUEEN_VALUE, 1000)                 \
    X(DRAGON_VALUE, 443)                 \
    X(DETONATOR_VALUE, 433)              \
    X(GUILLOTINE_VALUE, 741)             \
    X(GUILLOTINE_IN_HAND, 632)           \
    X(NINJA_IN_HAND, 117)                \
    X(ADVANCE_2, 0)                      \
    X(ADVANCE_3, 5)                      \
    X(ADVANCE_4, 10)                     \
    X(ADVANCE_5, 20)                     \
    X(ADVANCE_6, 45)                     \
    X(ADVANCE_7, 80)                     \
    X(ADVANCE_8, 140)                    \
    X(ADVANCE_9, 230)                    \
    X(FERZ_KNIGHT_MOBILITY, 4)           \
    X(WAZIR_KNIGHT_MOBILITY, 4)          \
    X(BISHOP_MOBILITY, 3)                \
    X(ROOK_MOBILITY, 3)                  \
    X(QUEEN_MOBILITY, 2)                 \
    X(DRAGON_MOBILITY, 2)                \
    X(DETONATOR_MOBILITY, 2)             \
    X(GUILLOTINE_MOBILITY, 2)            \
    X(GUILLOTINE_LANDING, 6)             \
    X(DETONATOR_NEAR_KING, 35)           \
    X(KING_GUARD, 8)                     \
    X(TEMPO, 15)

namespace chimera::wreckage {
CHIMERA_DEFINE_EVAL_WEIGHTS(CHIMERA_WRECKAGE_EVAL_WEIGHTS)
}  // namespace chimera::wreckage
