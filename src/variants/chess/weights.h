// The chess evaluation's weights in centipawns, by name (core/eval_weights.h):
// _MG and _EG are the middlegame and endgame halves of a term. Fitted by
// tools/tune_eval.cpp (docs/engine.md, "Evaluation").
#pragma once

#include "core/eval_weights.h"

// X(name, value), in the order the evaluation reads them.
#define CHIMERA_CHESS_EVAL_WEIGHTS(X) \
    X(PAWN_MG, 63)                    \
    X(PAWN_EG, 81)                    \
    X(KNIGHT_MG, 303)                 \
    X(KNIGHT_EG, 338)                 \
    X(BISHOP_MG, 348)                 \
    X(BISHOP_EG, 366)                 \
    X(ROOK_MG, 417)                   \
    X(ROOK_EG, 629)                   \
    X(QUEEN_MG, 1055)                 \
    X(QUEEN_EG, 1071)                 \
    X(PAWN_RANK_MG, -4)               \
    X(PAWN_CENTRE_MG, 7)              \
    X(PAWN_RANK_SQUARED_EG, 2)        \
    X(KNIGHT_CENTRE_MG, 12)           \
    X(KNIGHT_CENTRE_EG, 10)           \
    X(BISHOP_CENTRE_MG, 8)            \
    X(BISHOP_CENTRE_EG, 3)            \
    X(ROOK_SEVENTH_MG, 6)             \
    X(ROOK_SEVENTH_EG, 22)            \
    X(QUEEN_CENTRE_MG, 0)             \
    X(QUEEN_CENTRE_EG, 20)            \
    X(KING_CASTLED_MG, 24)            \
    X(KING_ADVANCED_MG, 3)            \
    X(KING_CENTRE_EG, 10)             \
    X(KNIGHT_MOBILITY_MG, 6)          \
    X(KNIGHT_MOBILITY_EG, 6)          \
    X(BISHOP_MOBILITY_MG, 5)          \
    X(BISHOP_MOBILITY_EG, 5)          \
    X(ROOK_MOBILITY_MG, 4)            \
    X(ROOK_MOBILITY_EG, 7)            \
    X(QUEEN_MOBILITY_MG, 3)           \
    X(QUEEN_MOBILITY_EG, 6)           \
    X(PAWN_THREAT_MG, 56)             \
    X(PAWN_THREAT_EG, 29)             \
    X(ROOK_OPEN_MG, 44)               \
    X(ROOK_OPEN_EG, -8)               \
    X(ROOK_HALF_OPEN_MG, 15)          \
    X(ROOK_HALF_OPEN_EG, 23)          \
    X(KNIGHT_OUTPOST_MG, 33)          \
    X(KNIGHT_OUTPOST_EG, 16)          \
    X(BISHOP_OUTPOST_MG, 38)          \
    X(BISHOP_OUTPOST_EG, -2)          \
    X(KNIGHT_KING_ATTACK, 4)          \
    X(BISHOP_KING_ATTACK, 3)          \
    X(ROOK_KING_ATTACK, 3)            \
    X(QUEEN_KING_ATTACK, 5)           \
    X(KNIGHT_SAFE_CHECK, 11)          \
    X(BISHOP_SAFE_CHECK, 10)          \
    X(ROOK_SAFE_CHECK, 10)            \
    X(QUEEN_SAFE_CHECK, 10)           \
    X(KING_DANGER_SCALE, 12)          \
    X(KING_DANGER_MAX, 469)           \
    X(ISOLATED_MG, 11)                \
    X(ISOLATED_EG, 14)                \
    X(DOUBLED_MG, -2)                 \
    X(DOUBLED_EG, 16)                 \
    X(DEFENDED_MG, 6)                 \
    X(DEFENDED_RANK_MG, 2)            \
    X(DEFENDED_EG, 18)                \
    X(DEFENDED_RANK_EG, -2)           \
    X(PHALANX_MG, 4)                  \
    X(PHALANX_RANK_MG, 1)             \
    X(PHALANX_EG, 5)                  \
    X(PHALANX_RANK_EG, 1)             \
    X(PASSED_2_MG, -1)                \
    X(PASSED_3_MG, 7)                 \
    X(PASSED_4_MG, 10)                \
    X(PASSED_5_MG, 42)                \
    X(PASSED_6_MG, 72)                \
    X(PASSED_7_MG, 177)               \
    X(PASSED_2_EG, 34)                \
    X(PASSED_3_EG, 40)                \
    X(PASSED_4_EG, 24)                \
    X(PASSED_5_EG, 26)                \
    X(PASSED_6_EG, 64)                \
    X(PASSED_7_EG, 115)               \
    X(PASSED_THEIR_KING_EG, 13)       \
    X(PASSED_OUR_KING_EG, 6)          \
    X(BISHOP_PAIR_MG, 1)              \
    X(BISHOP_PAIR_EG, 59)             \
    X(KING_OFF_BACK_RANKS, 16)        \
    X(SHELTER_NEAR, 14)               \
    X(SHELTER_FAR, -1)                \
    X(SHELTER_HALF_OPEN, 12)          \
    X(SHELTER_OPEN, 22)               \
    X(STORM_STOPPED, -5)              \
    X(STORM_FOURTH_RANK, -1)          \
    X(STORM_CLOSE, 25)                \
    X(MAJOR_THREAT_MG, 47)            \
    X(MAJOR_THREAT_EG, 22)            \
    X(HANGING_MG, 15)                 \
    X(HANGING_EG, 29)                 \
    X(BACKWARD_MG, 3)                 \
    X(BACKWARD_EG, 14)                \
    X(PASSED_FREE_EG, 7)              \
    X(PASSED_SAFE_EG, 17)             \
    X(UNSTOPPABLE_EG, 164)            \
    X(BISHOP_PAWNS_MG, 3)             \
    X(BISHOP_PAWNS_EG, 7)             \
    X(PUSH_THREAT_MG, 16)             \
    X(PUSH_THREAT_EG, 10)             \
    X(MINOR_BEHIND_PAWN_MG, 4)        \
    X(SPACE_MG, 3)                    \
    X(TEMPO, 10)

namespace chimera::chess {
CHIMERA_DEFINE_EVAL_WEIGHTS(CHIMERA_CHESS_EVAL_WEIGHTS)
}  // namespace chimera::chess
