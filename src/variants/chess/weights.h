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
    X(PAWN_MG, 63)                    \
    X(PAWN_EG, 90)                    \
    X(KNIGHT_MG, 252)                 \
    X(KNIGHT_EG, 329)                 \
    X(BISHOP_MG, 287)                 \
    X(BISHOP_EG, 359)                 \
    X(ROOK_MG, 435)                   \
    X(ROOK_EG, 604)                   \
    X(QUEEN_MG, 939)                  \
    X(QUEEN_EG, 972)                  \
    X(PAWN_RANK_MG, 2)                \
    X(PAWN_CENTRE_MG, 16)             \
    X(PAWN_RANK_SQUARED_EG, 1)        \
    X(KNIGHT_CENTRE_MG, 11)           \
    X(KNIGHT_CENTRE_EG, 32)           \
    X(BISHOP_CENTRE_MG, 19)           \
    X(BISHOP_CENTRE_EG, 20)           \
    X(ROOK_SEVENTH_MG, 104)           \
    X(ROOK_SEVENTH_EG, 5)             \
    X(QUEEN_CENTRE_MG, 32)            \
    X(QUEEN_CENTRE_EG, 34)            \
    X(KING_CASTLED_MG, 19)            \
    X(KING_ADVANCED_MG, 17)           \
    X(KING_CENTRE_EG, 24)             \
    X(PAWN_THREAT_MG, 19)             \
    X(PAWN_THREAT_EG, 95)             \
    X(ROOK_OPEN_MG, 45)               \
    X(ROOK_OPEN_EG, -6)               \
    X(ROOK_HALF_OPEN_MG, 19)          \
    X(ROOK_HALF_OPEN_EG, 5)           \
    X(KNIGHT_OUTPOST_MG, 23)          \
    X(KNIGHT_OUTPOST_EG, 8)           \
    X(BISHOP_OUTPOST_MG, 20)          \
    X(BISHOP_OUTPOST_EG, 10)          \
    X(KNIGHT_KING_ATTACK, -2)         \
    X(BISHOP_KING_ATTACK, 3)          \
    X(ROOK_KING_ATTACK, -1)           \
    X(QUEEN_KING_ATTACK, 1)           \
    X(KNIGHT_SAFE_CHECK, 13)          \
    X(BISHOP_SAFE_CHECK, 10)          \
    X(ROOK_SAFE_CHECK, 13)            \
    X(QUEEN_SAFE_CHECK, 18)           \
    X(KING_DANGER_SCALE, 8)           \
    X(KING_DANGER_MAX, 345)           \
    X(ISOLATED_MG, 1)                 \
    X(ISOLATED_EG, 1)                 \
    X(DOUBLED_MG, 7)                  \
    X(DOUBLED_EG, 29)                 \
    X(DEFENDED_MG, 18)                \
    X(DEFENDED_RANK_MG, -2)           \
    X(DEFENDED_EG, -15)               \
    X(DEFENDED_RANK_EG, 10)           \
    X(PHALANX_MG, 3)                  \
    X(PHALANX_RANK_MG, 2)             \
    X(PHALANX_EG, -16)                \
    X(PHALANX_RANK_EG, 11)            \
    X(PASSED_2_MG, -9)                \
    X(PASSED_3_MG, -21)               \
    X(PASSED_4_MG, -21)               \
    X(PASSED_5_MG, 3)                 \
    X(PASSED_6_MG, 37)                \
    X(PASSED_7_MG, 222)               \
    X(PASSED_2_EG, 11)                \
    X(PASSED_3_EG, 17)                \
    X(PASSED_4_EG, 18)                \
    X(PASSED_5_EG, 32)                \
    X(PASSED_6_EG, 52)                \
    X(PASSED_7_EG, 125)               \
    X(PASSED_THEIR_KING_EG, 14)       \
    X(PASSED_OUR_KING_EG, 7)          \
    X(BISHOP_PAIR_MG, 21)             \
    X(BISHOP_PAIR_EG, 76)             \
    X(KING_OFF_BACK_RANKS, 64)        \
    X(SHELTER_NEAR, 19)               \
    X(SHELTER_FAR, 5)                 \
    X(SHELTER_HALF_OPEN, 11)          \
    X(SHELTER_OPEN, 20)               \
    X(STORM_STOPPED, -5)              \
    X(STORM_FOURTH_RANK, 6)           \
    X(STORM_CLOSE, 24)                \
    X(MAJOR_THREAT_MG, 43)            \
    X(MAJOR_THREAT_EG, 27)            \
    X(HANGING_MG, 16)                 \
    X(HANGING_EG, 19)                 \
    X(BACKWARD_MG, 3)                 \
    X(BACKWARD_EG, 1)                 \
    X(PASSED_FREE_EG, 1)              \
    X(PASSED_SAFE_EG, 29)             \
    X(UNSTOPPABLE_EG, 193)            \
    X(BISHOP_PAWNS_MG, -1)            \
    X(BISHOP_PAWNS_EG, 11)            \
    X(PUSH_THREAT_MG, 17)             \
    X(PUSH_THREAT_EG, 16)             \
    X(MINOR_BEHIND_PAWN_MG, 8)        \
    X(SPACE_MG, 1)                    \
    X(KING_RING_WEAK, 1)              \
    X(KING_FLANK_ATTACK_MG, 4)        \
    X(PINNED_MG, 29)                  \
    X(PINNED_EG, 47)                  \
    X(MINOR_THREAT_MG, 14)            \
    X(MINOR_THREAT_EG, 29)            \
    X(HANGING_PAWN_MG, 11)            \
    X(HANGING_PAWN_EG, 28)            \
    X(ROOK_TRAPPED_MG, 39)            \
    X(BISHOP_LONG_DIAGONAL_MG, 21)    \
    X(KING_PROTECTOR_MG, 4)           \
    X(KING_PROTECTOR_EG, 5)           \
    X(WEAK_UNOPPOSED_MG, 5)           \
    X(WEAK_UNOPPOSED_EG, 14)          \
    X(REACHABLE_OUTPOST_MG, 13)       \
    X(REACHABLE_OUTPOST_EG, 13)       \
    X(COMPLEXITY_PASSED, 11)          \
    X(COMPLEXITY_PAWNS, 12)           \
    X(COMPLEXITY_OUTFLANKING, 5)      \
    X(COMPLEXITY_BOTH_FLANKS, 54)     \
    X(COMPLEXITY_PAWN_ENDING, 153)    \
    X(COMPLEXITY_BASE, 150)           \
    X(SCALE_BASE, 23)                 \
    X(SCALE_PER_PAWN, 27)             \
    X(OPPOSITE_BISHOPS_SCALE, 32)     \
    X(OPPOSITE_BISHOPS_PER_PASSED, 0) \
    X(KNIGHT_KING_ATTACKER, 8)        \
    X(BISHOP_KING_ATTACKER, 3)        \
    X(ROOK_KING_ATTACKER, 8)          \
    X(QUEEN_KING_ATTACKER, -2)        \
    X(UNSAFE_CHECK, 2)                \
    X(KING_BLOCKERS, 4)               \
    X(KING_FLANK_DANGER, 6)           \
    X(KING_FLANK_DEFENCE, -1)         \
    X(KING_SHELTER_DANGER, -2)        \
    X(KING_DANGER_BASE, -16)          \
    X(KING_DANGER_NO_QUEEN, 14)       \
    X(KING_DANGER_EG, 58)             \
    X(ROOK_ON_KING_RING_MG, 7)        \
    X(BISHOP_ON_KING_RING_MG, 23)     \
    X(QUEEN_INFILTRATION_MG, 17)      \
    X(QUEEN_INFILTRATION_EG, -15)     \
    X(ROOK_ON_QUEEN_FILE_MG, 7)       \
    X(ROOK_ON_QUEEN_FILE_EG, 20)      \
    X(KNIGHT_ON_QUEEN_MG, 9)          \
    X(KNIGHT_ON_QUEEN_EG, -5)         \
    X(SLIDER_ON_QUEEN_MG, 15)         \
    X(SLIDER_ON_QUEEN_EG, -6)         \
    X(RESTRICTED_MG, 4)               \
    X(RESTRICTED_EG, 4)               \
    X(KING_THREAT_MG, 3)              \
    X(KING_THREAT_EG, 26)             \
    X(KING_PAWN_DISTANCE_EG, 6)       \
    X(WEAK_QUEEN_MG, 17)              \
    X(WEAK_QUEEN_EG, -26)             \
    X(PAWNLESS_FLANK_MG, -37)         \
    X(PAWNLESS_FLANK_EG, 93)          \
    X(ROOK_THREAT_MG, 10)             \
    X(ROOK_THREAT_EG, 12)             \
    X(SAFE_PAWN_THREAT_MG, 40)        \
    X(SAFE_PAWN_THREAT_EG, -58)       \
    X(ROOK_BEHIND_PASSER_EG, 31)      \
    X(TEMPO, 23)                      \
    CHIMERA_CHESS_MOBILITY_WEIGHTS(X) \
    CHIMERA_CHESS_SQUARE_WEIGHTS(X)

namespace chimera::chess {
CHIMERA_DEFINE_EVAL_WEIGHTS(CHIMERA_CHESS_EVAL_WEIGHTS)
}  // namespace chimera::chess
