// The chess evaluation's weights in centipawns, by name (core/eval_weights.h):
// _MG and _EG are the middlegame and endgame halves of a term. Fitted by
// tools/tune_eval.cpp (docs/engine.md, "Evaluation").
#pragma once

#include "core/eval_weights.h"
#include "variants/chess/mobility_weights.h"
#include "variants/chess/square_weights.h"

// X(name, value), in the order the evaluation reads them; the mobility
// tables (mobility_weights.h) and the piece-square weights (square_weights.h)
// last.
#define CHIMERA_CHESS_EVAL_WEIGHTS(X) \
    X(PAWN_MG, 66)                    \
    X(PAWN_EG, 86)                    \
    X(KNIGHT_MG, 244)                 \
    X(KNIGHT_EG, 325)                 \
    X(BISHOP_MG, 278)                 \
    X(BISHOP_EG, 360)                 \
    X(ROOK_MG, 440)                   \
    X(ROOK_EG, 599)                   \
    X(QUEEN_MG, 900)                  \
    X(QUEEN_EG, 1002)                 \
    X(PAWN_RANK_MG, 0)                \
    X(PAWN_CENTRE_MG, 15)             \
    X(PAWN_RANK_SQUARED_EG, 2)        \
    X(KNIGHT_CENTRE_MG, 11)           \
    X(KNIGHT_CENTRE_EG, 34)           \
    X(BISHOP_CENTRE_MG, 20)           \
    X(BISHOP_CENTRE_EG, 22)           \
    X(ROOK_SEVENTH_MG, 108)           \
    X(ROOK_SEVENTH_EG, 6)             \
    X(QUEEN_CENTRE_MG, 34)            \
    X(QUEEN_CENTRE_EG, 34)            \
    X(KING_CASTLED_MG, 19)            \
    X(KING_ADVANCED_MG, 28)           \
    X(KING_CENTRE_EG, 27)             \
    X(PAWN_THREAT_MG, 17)             \
    X(PAWN_THREAT_EG, 99)             \
    X(ROOK_OPEN_MG, 44)               \
    X(ROOK_OPEN_EG, -5)               \
    X(ROOK_HALF_OPEN_MG, 19)          \
    X(ROOK_HALF_OPEN_EG, 6)           \
    X(KNIGHT_OUTPOST_MG, 23)          \
    X(KNIGHT_OUTPOST_EG, 6)           \
    X(BISHOP_OUTPOST_MG, 22)          \
    X(BISHOP_OUTPOST_EG, 6)           \
    X(KNIGHT_KING_ATTACK, -2)         \
    X(BISHOP_KING_ATTACK, 3)          \
    X(ROOK_KING_ATTACK, -1)           \
    X(QUEEN_KING_ATTACK, 1)           \
    X(KNIGHT_SAFE_CHECK, 15)          \
    X(BISHOP_SAFE_CHECK, 11)          \
    X(ROOK_SAFE_CHECK, 15)            \
    X(QUEEN_SAFE_CHECK, 19)           \
    X(KING_DANGER_SCALE, 9)           \
    X(KING_DANGER_MAX, 342)           \
    X(ISOLATED_MG, 2)                 \
    X(ISOLATED_EG, 1)                 \
    X(DOUBLED_MG, 6)                  \
    X(DOUBLED_EG, 29)                 \
    X(DEFENDED_MG, 18)                \
    X(DEFENDED_RANK_MG, -2)           \
    X(DEFENDED_EG, -15)               \
    X(DEFENDED_RANK_EG, 10)           \
    X(PHALANX_MG, 3)                  \
    X(PHALANX_RANK_MG, 2)             \
    X(PHALANX_EG, -17)                \
    X(PHALANX_RANK_EG, 11)            \
    X(PASSED_2_MG, -9)                \
    X(PASSED_3_MG, -19)               \
    X(PASSED_4_MG, -16)               \
    X(PASSED_5_MG, 6)                 \
    X(PASSED_6_MG, 31)                \
    X(PASSED_7_MG, 188)               \
    X(PASSED_2_EG, 8)                 \
    X(PASSED_3_EG, 17)                \
    X(PASSED_4_EG, 21)                \
    X(PASSED_5_EG, 35)                \
    X(PASSED_6_EG, 61)                \
    X(PASSED_7_EG, 121)               \
    X(PASSED_THEIR_KING_EG, 13)       \
    X(PASSED_OUR_KING_EG, 7)          \
    X(BISHOP_PAIR_MG, 28)             \
    X(BISHOP_PAIR_EG, 65)             \
    X(KING_OFF_BACK_RANKS, 62)        \
    X(SHELTER_NEAR, 18)               \
    X(SHELTER_FAR, 4)                 \
    X(SHELTER_HALF_OPEN, 11)          \
    X(SHELTER_OPEN, 21)               \
    X(STORM_STOPPED, -5)              \
    X(STORM_FOURTH_RANK, 7)           \
    X(STORM_CLOSE, 21)                \
    X(MAJOR_THREAT_MG, 44)            \
    X(MAJOR_THREAT_EG, 24)            \
    X(HANGING_MG, 15)                 \
    X(HANGING_EG, 20)                 \
    X(BACKWARD_MG, 2)                 \
    X(BACKWARD_EG, 1)                 \
    X(PASSED_FREE_EG, 3)              \
    X(PASSED_SAFE_EG, 26)             \
    X(UNSTOPPABLE_EG, 207)            \
    X(BISHOP_PAWNS_MG, -1)            \
    X(BISHOP_PAWNS_EG, 12)            \
    X(PUSH_THREAT_MG, 16)             \
    X(PUSH_THREAT_EG, 15)             \
    X(MINOR_BEHIND_PAWN_MG, 8)        \
    X(SPACE_MG, 1)                    \
    X(KING_RING_WEAK, 1)              \
    X(KING_FLANK_ATTACK_MG, 4)        \
    X(PINNED_MG, 30)                  \
    X(PINNED_EG, 45)                  \
    X(MINOR_THREAT_MG, 14)            \
    X(MINOR_THREAT_EG, 29)            \
    X(HANGING_PAWN_MG, 11)            \
    X(HANGING_PAWN_EG, 28)            \
    X(ROOK_TRAPPED_MG, 39)            \
    X(BISHOP_LONG_DIAGONAL_MG, 21)    \
    X(KING_PROTECTOR_MG, 4)           \
    X(KING_PROTECTOR_EG, 4)           \
    X(WEAK_UNOPPOSED_MG, 6)           \
    X(WEAK_UNOPPOSED_EG, 13)          \
    X(REACHABLE_OUTPOST_MG, 14)       \
    X(REACHABLE_OUTPOST_EG, 10)       \
    X(COMPLEXITY_PASSED, 10)          \
    X(COMPLEXITY_PAWNS, 11)           \
    X(COMPLEXITY_OUTFLANKING, 4)      \
    X(COMPLEXITY_BOTH_FLANKS, 47)     \
    X(COMPLEXITY_PAWN_ENDING, 120)    \
    X(COMPLEXITY_BASE, 144)           \
    X(SCALE_BASE, 33)                 \
    X(SCALE_PER_PAWN, 26)             \
    X(OPPOSITE_BISHOPS_SCALE, 32)     \
    X(OPPOSITE_BISHOPS_PER_PASSED, 0) \
    X(KNIGHT_KING_ATTACKER, 8)        \
    X(BISHOP_KING_ATTACKER, 3)        \
    X(ROOK_KING_ATTACKER, 7)          \
    X(QUEEN_KING_ATTACKER, -3)        \
    X(UNSAFE_CHECK, 2)                \
    X(KING_BLOCKERS, 5)               \
    X(KING_FLANK_DANGER, 6)           \
    X(KING_FLANK_DEFENCE, -1)         \
    X(KING_SHELTER_DANGER, -2)        \
    X(KING_DANGER_BASE, -18)          \
    X(KING_DANGER_NO_QUEEN, 14)       \
    X(KING_DANGER_EG, 55)             \
    X(ROOK_ON_KING_RING_MG, 7)        \
    X(BISHOP_ON_KING_RING_MG, 23)     \
    X(QUEEN_INFILTRATION_MG, 18)      \
    X(QUEEN_INFILTRATION_EG, -15)     \
    X(ROOK_ON_QUEEN_FILE_MG, 5)       \
    X(ROOK_ON_QUEEN_FILE_EG, 22)      \
    X(KNIGHT_ON_QUEEN_MG, 8)          \
    X(KNIGHT_ON_QUEEN_EG, -4)         \
    X(SLIDER_ON_QUEEN_MG, 15)         \
    X(SLIDER_ON_QUEEN_EG, -5)         \
    X(RESTRICTED_MG, 4)               \
    X(RESTRICTED_EG, 4)               \
    X(KING_THREAT_MG, 16)             \
    X(KING_THREAT_EG, 17)             \
    X(KING_PAWN_DISTANCE_EG, 5)       \
    X(WEAK_QUEEN_MG, 17)              \
    X(WEAK_QUEEN_EG, -25)             \
    X(PAWNLESS_FLANK_MG, -27)         \
    X(PAWNLESS_FLANK_EG, 86)          \
    X(ROOK_THREAT_MG, 8)              \
    X(ROOK_THREAT_EG, 13)             \
    X(SAFE_PAWN_THREAT_MG, 39)        \
    X(SAFE_PAWN_THREAT_EG, -61)       \
    X(ROOK_BEHIND_PASSER_EG, 29)      \
    X(TEMPO, 23)                      \
    CHIMERA_CHESS_MOBILITY_WEIGHTS(X) \
    CHIMERA_CHESS_SQUARE_WEIGHTS(X)

namespace chimera::chess {
CHIMERA_DEFINE_EVAL_WEIGHTS(CHIMERA_CHESS_EVAL_WEIGHTS)
}  // namespace chimera::chess
