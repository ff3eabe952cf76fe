// The chess evaluation's weights in centipawns, by name (core/eval_weights.h):
// _MG and _EG are the middlegame and endgame halves of a term. Fitted by
// tools/tune_eval.cpp (docs/engine.md, "Evaluation").
#pragma once

#include "core/eval_weights.h"

// X(name, value), in the order the evaluation reads them.
#define CHIMERA_CHESS_EVAL_WEIGHTS(X) \
    X(PAWN_MG, 58)                    \
    X(PAWN_EG, 89)                    \
    X(KNIGHT_MG, 311)                 \
    X(KNIGHT_EG, 311)                 \
    X(BISHOP_MG, 340)                 \
    X(BISHOP_EG, 339)                 \
    X(ROOK_MG, 473)                   \
    X(ROOK_EG, 543)                   \
    X(QUEEN_MG, 993)                  \
    X(QUEEN_EG, 993)                  \
    X(PAWN_RANK_MG, -2)               \
    X(PAWN_CENTRE_MG, 11)             \
    X(PAWN_RANK_SQUARED_EG, 2)        \
    X(KNIGHT_CENTRE_MG, 9)            \
    X(KNIGHT_CENTRE_EG, 10)           \
    X(BISHOP_CENTRE_MG, 8)            \
    X(BISHOP_CENTRE_EG, 2)            \
    X(ROOK_SEVENTH_MG, 3)             \
    X(ROOK_SEVENTH_EG, 14)            \
    X(QUEEN_CENTRE_MG, 1)             \
    X(QUEEN_CENTRE_EG, 30)            \
    X(KING_CASTLED_MG, 26)            \
    X(KING_ADVANCED_MG, 3)            \
    X(KING_CENTRE_EG, 4)              \
    X(KNIGHT_MOBILITY_MG, 8)          \
    X(KNIGHT_MOBILITY_EG, 4)          \
    X(BISHOP_MOBILITY_MG, 5)          \
    X(BISHOP_MOBILITY_EG, 5)          \
    X(ROOK_MOBILITY_MG, 3)            \
    X(ROOK_MOBILITY_EG, 9)            \
    X(QUEEN_MOBILITY_MG, 3)           \
    X(QUEEN_MOBILITY_EG, 7)           \
    X(PAWN_THREAT_MG, 58)             \
    X(PAWN_THREAT_EG, 22)             \
    X(ROOK_OPEN_MG, 39)               \
    X(ROOK_OPEN_EG, 6)                \
    X(ROOK_HALF_OPEN_MG, 13)          \
    X(ROOK_HALF_OPEN_EG, 39)          \
    X(KNIGHT_OUTPOST_MG, 37)          \
    X(KNIGHT_OUTPOST_EG, 16)          \
    X(BISHOP_OUTPOST_MG, 34)          \
    X(BISHOP_OUTPOST_EG, -13)         \
    X(KNIGHT_KING_ATTACK, 3)          \
    X(BISHOP_KING_ATTACK, 4)          \
    X(ROOK_KING_ATTACK, 3)            \
    X(QUEEN_KING_ATTACK, 5)           \
    X(KNIGHT_SAFE_CHECK, 13)          \
    X(BISHOP_SAFE_CHECK, 9)           \
    X(ROOK_SAFE_CHECK, 8)             \
    X(QUEEN_SAFE_CHECK, 10)           \
    X(KING_DANGER_SCALE, 12)          \
    X(KING_DANGER_MAX, 457)           \
    X(ISOLATED_MG, 14)                \
    X(ISOLATED_EG, 12)                \
    X(DOUBLED_MG, 6)                  \
    X(DOUBLED_EG, 34)                 \
    X(DEFENDED_MG, 4)                 \
    X(DEFENDED_RANK_MG, 2)            \
    X(DEFENDED_EG, 1)                 \
    X(DEFENDED_RANK_EG, -1)           \
    X(PHALANX_MG, 5)                  \
    X(PHALANX_RANK_MG, 1)             \
    X(PHALANX_EG, 7)                  \
    X(PHALANX_RANK_EG, 1)             \
    X(PASSED_2_MG, 4)                 \
    X(PASSED_3_MG, 16)                \
    X(PASSED_4_MG, 21)                \
    X(PASSED_5_MG, 46)                \
    X(PASSED_6_MG, 78)                \
    X(PASSED_7_MG, 98)                \
    X(PASSED_2_EG, 18)                \
    X(PASSED_3_EG, 32)                \
    X(PASSED_4_EG, 18)                \
    X(PASSED_5_EG, 35)                \
    X(PASSED_6_EG, 76)                \
    X(PASSED_7_EG, 143)               \
    X(PASSED_THEIR_KING_EG, 13)       \
    X(PASSED_OUR_KING_EG, 6)          \
    X(BISHOP_PAIR_MG, 21)             \
    X(BISHOP_PAIR_EG, 41)             \
    X(KING_OFF_BACK_RANKS, 27)        \
    X(SHELTER_NEAR, 8)                \
    X(SHELTER_FAR, -5)                \
    X(SHELTER_HALF_OPEN, 12)          \
    X(SHELTER_OPEN, 22)               \
    X(STORM_STOPPED, -1)              \
    X(STORM_FOURTH_RANK, -3)          \
    X(STORM_CLOSE, 15)                \
    X(MAJOR_THREAT_MG, 52)            \
    X(MAJOR_THREAT_EG, 4)             \
    X(HANGING_MG, 10)                 \
    X(HANGING_EG, 32)                 \
    X(TEMPO, 11)

namespace chimera::chess {
CHIMERA_DEFINE_EVAL_WEIGHTS(CHIMERA_CHESS_EVAL_WEIGHTS)
}  // namespace chimera::chess
