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
    X(PAWN_MG, 69)                    \
    X(PAWN_EG, 101)                   \
    X(KNIGHT_MG, 281)                 \
    X(KNIGHT_EG, 356)                 \
    X(BISHOP_MG, 329)                 \
    X(BISHOP_EG, 389)                 \
    X(ROOK_MG, 438)                   \
    X(ROOK_EG, 692)                   \
    X(QUEEN_MG, 864)                  \
    X(QUEEN_EG, 1255)                 \
    X(PAWN_RANK_MG, 2)                \
    X(PAWN_CENTRE_MG, 13)             \
    X(PAWN_RANK_SQUARED_EG, 1)        \
    X(KNIGHT_CENTRE_MG, 7)            \
    X(KNIGHT_CENTRE_EG, 30)           \
    X(BISHOP_CENTRE_MG, 12)           \
    X(BISHOP_CENTRE_EG, 22)           \
    X(ROOK_SEVENTH_MG, 107)           \
    X(ROOK_SEVENTH_EG, 11)            \
    X(QUEEN_CENTRE_MG, 33)            \
    X(QUEEN_CENTRE_EG, 31)            \
    X(KING_CASTLED_MG, 24)            \
    X(KING_ADVANCED_MG, 23)           \
    X(KING_CENTRE_EG, 24)             \
    X(PAWN_THREAT_MG, 22)             \
    X(PAWN_THREAT_EG, 88)             \
    X(ROOK_OPEN_MG, 47)               \
    X(ROOK_OPEN_EG, -9)               \
    X(ROOK_HALF_OPEN_MG, 19)          \
    X(ROOK_HALF_OPEN_EG, 2)           \
    X(KNIGHT_OUTPOST_MG, 29)          \
    X(KNIGHT_OUTPOST_EG, 7)           \
    X(BISHOP_OUTPOST_MG, 17)          \
    X(BISHOP_OUTPOST_EG, 28)          \
    X(KNIGHT_KING_ATTACK, -2)         \
    X(BISHOP_KING_ATTACK, 2)          \
    X(ROOK_KING_ATTACK, -1)           \
    X(QUEEN_KING_ATTACK, 2)           \
    X(KNIGHT_SAFE_CHECK, 13)          \
    X(BISHOP_SAFE_CHECK, 10)          \
    X(ROOK_SAFE_CHECK, 13)            \
    X(QUEEN_SAFE_CHECK, 18)           \
    X(KING_DANGER_SCALE, 12)          \
    X(KING_DANGER_MAX, 343)           \
    X(ISOLATED_MG, 0)                 \
    X(ISOLATED_EG, 5)                 \
    X(DOUBLED_MG, 6)                  \
    X(DOUBLED_EG, 19)                 \
    X(DEFENDED_MG, 19)                \
    X(DEFENDED_RANK_MG, -2)           \
    X(DEFENDED_EG, -12)               \
    X(DEFENDED_RANK_EG, 10)           \
    X(PHALANX_MG, 1)                  \
    X(PHALANX_RANK_MG, 2)             \
    X(PHALANX_EG, -13)                \
    X(PHALANX_RANK_EG, 10)            \
    X(PASSED_2_MG, -5)                \
    X(PASSED_3_MG, -12)               \
    X(PASSED_4_MG, -11)               \
    X(PASSED_5_MG, 18)                \
    X(PASSED_6_MG, 27)                \
    X(PASSED_7_MG, 273)               \
    X(PASSED_2_EG, 11)                \
    X(PASSED_3_EG, 22)                \
    X(PASSED_4_EG, 19)                \
    X(PASSED_5_EG, 18)                \
    X(PASSED_6_EG, 24)                \
    X(PASSED_7_EG, 111)               \
    X(PASSED_THEIR_KING_EG, 15)       \
    X(PASSED_OUR_KING_EG, 6)          \
    X(BISHOP_PAIR_MG, 19)             \
    X(BISHOP_PAIR_EG, 78)             \
    X(KING_OFF_BACK_RANKS, 60)        \
    X(SHELTER_NEAR, 20)               \
    X(SHELTER_FAR, 4)                 \
    X(SHELTER_HALF_OPEN, 11)          \
    X(SHELTER_OPEN, 24)               \
    X(STORM_STOPPED, -5)              \
    X(STORM_FOURTH_RANK, 11)          \
    X(STORM_CLOSE, 22)                \
    X(MAJOR_THREAT_MG, 39)            \
    X(MAJOR_THREAT_EG, 32)            \
    X(HANGING_MG, 15)                 \
    X(HANGING_EG, 14)                 \
    X(BACKWARD_MG, 2)                 \
    X(BACKWARD_EG, -1)                \
    X(PASSED_FREE_EG, 6)              \
    X(PASSED_SAFE_EG, 29)             \
    X(UNSTOPPABLE_EG, 222)            \
    X(BISHOP_PAWNS_MG, 3)             \
    X(BISHOP_PAWNS_EG, 10)            \
    X(PUSH_THREAT_MG, 13)             \
    X(PUSH_THREAT_EG, 16)             \
    X(MINOR_BEHIND_PAWN_MG, 5)        \
    X(SPACE_MG, 2)                    \
    X(KING_RING_WEAK, 2)              \
    X(KING_FLANK_ATTACK_MG, 4)        \
    X(PINNED_MG, 33)                  \
    X(PINNED_EG, 37)                  \
    X(MINOR_THREAT_MG, 9)             \
    X(MINOR_THREAT_EG, 27)            \
    X(HANGING_PAWN_MG, 13)            \
    X(HANGING_PAWN_EG, 29)            \
    X(ROOK_TRAPPED_MG, 64)            \
    X(BISHOP_LONG_DIAGONAL_MG, 17)    \
    X(KING_PROTECTOR_MG, 5)           \
    X(KING_PROTECTOR_EG, 2)           \
    X(WEAK_UNOPPOSED_MG, 3)           \
    X(WEAK_UNOPPOSED_EG, 20)          \
    X(REACHABLE_OUTPOST_MG, 12)       \
    X(REACHABLE_OUTPOST_EG, 18)       \
    X(COMPLEXITY_PASSED, 5)           \
    X(COMPLEXITY_PAWNS, 9)            \
    X(COMPLEXITY_OUTFLANKING, 2)      \
    X(COMPLEXITY_BOTH_FLANKS, 54)     \
    X(COMPLEXITY_PAWN_ENDING, 116)    \
    X(COMPLEXITY_BASE, 123)           \
    X(SCALE_BASE, 16)                 \
    X(SCALE_PER_PAWN, 26)             \
    X(KNIGHT_KING_ATTACKER, 9)        \
    X(BISHOP_KING_ATTACKER, 3)        \
    X(ROOK_KING_ATTACKER, 8)          \
    X(QUEEN_KING_ATTACKER, -3)        \
    X(UNSAFE_CHECK, 2)                \
    X(KING_BLOCKERS, 4)               \
    X(KING_FLANK_DANGER, 5)           \
    X(KING_FLANK_DEFENCE, 1)          \
    X(KING_SHELTER_DANGER, -2)        \
    X(KING_DANGER_BASE, -16)          \
    X(KING_DANGER_NO_QUEEN, 9)        \
    X(KING_DANGER_EG, 68)             \
    X(ROOK_ON_KING_RING_MG, 5)        \
    X(BISHOP_ON_KING_RING_MG, 21)     \
    X(QUEEN_INFILTRATION_MG, 13)      \
    X(QUEEN_INFILTRATION_EG, -5)      \
    X(ROOK_ON_QUEEN_FILE_MG, 4)       \
    X(ROOK_ON_QUEEN_FILE_EG, 20)      \
    X(KNIGHT_ON_QUEEN_MG, 7)          \
    X(KNIGHT_ON_QUEEN_EG, 2)          \
    X(SLIDER_ON_QUEEN_MG, 13)         \
    X(SLIDER_ON_QUEEN_EG, -6)         \
    X(RESTRICTED_MG, 4)               \
    X(RESTRICTED_EG, 3)               \
    X(KING_THREAT_MG, 11)             \
    X(KING_THREAT_EG, 24)             \
    X(KING_PAWN_DISTANCE_EG, 10)      \
    X(WEAK_QUEEN_MG, 13)              \
    X(WEAK_QUEEN_EG, -22)             \
    X(PAWNLESS_FLANK_MG, 13)          \
    X(PAWNLESS_FLANK_EG, 64)          \
    X(ROOK_THREAT_MG, 9)              \
    X(ROOK_THREAT_EG, 15)             \
    X(SAFE_PAWN_THREAT_MG, 25)        \
    X(SAFE_PAWN_THREAT_EG, -51)       \
    X(ROOK_BEHIND_PASSER_EG, 17)      \
    X(TEMPO, 14)                      \
    CHIMERA_CHESS_MOBILITY_WEIGHTS(X) \
    CHIMERA_CHESS_SQUARE_WEIGHTS(X)

namespace chimera::chess {
CHIMERA_DEFINE_EVAL_WEIGHTS(CHIMERA_CHESS_EVAL_WEIGHTS)
}  // namespace chimera::chess
