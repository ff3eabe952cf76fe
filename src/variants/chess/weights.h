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
    X(PAWN_MG, 72)                    \
    X(PAWN_EG, 97)                    \
    X(KNIGHT_MG, 303)                 \
    X(KNIGHT_EG, 353)                 \
    X(BISHOP_MG, 331)                 \
    X(BISHOP_EG, 390)                 \
    X(ROOK_MG, 446)                   \
    X(ROOK_EG, 705)                   \
    X(QUEEN_MG, 1033)                 \
    X(QUEEN_EG, 1180)                 \
    X(PAWN_RANK_MG, 4)                \
    X(PAWN_CENTRE_MG, 12)             \
    X(PAWN_RANK_SQUARED_EG, 1)        \
    X(KNIGHT_CENTRE_MG, 8)            \
    X(KNIGHT_CENTRE_EG, 29)           \
    X(BISHOP_CENTRE_MG, 14)           \
    X(BISHOP_CENTRE_EG, 19)           \
    X(ROOK_SEVENTH_MG, 138)           \
    X(ROOK_SEVENTH_EG, 14)            \
    X(QUEEN_CENTRE_MG, 37)            \
    X(QUEEN_CENTRE_EG, 29)            \
    X(KING_CASTLED_MG, 21)            \
    X(KING_ADVANCED_MG, 11)           \
    X(KING_CENTRE_EG, 24)             \
    X(PAWN_THREAT_MG, 35)             \
    X(PAWN_THREAT_EG, 89)             \
    X(ROOK_OPEN_MG, 50)               \
    X(ROOK_OPEN_EG, -14)              \
    X(ROOK_HALF_OPEN_MG, 18)          \
    X(ROOK_HALF_OPEN_EG, -2)          \
    X(KNIGHT_OUTPOST_MG, 26)          \
    X(KNIGHT_OUTPOST_EG, 15)          \
    X(BISHOP_OUTPOST_MG, 13)          \
    X(BISHOP_OUTPOST_EG, 34)          \
    X(KNIGHT_KING_ATTACK, -2)         \
    X(BISHOP_KING_ATTACK, 2)          \
    X(ROOK_KING_ATTACK, -1)           \
    X(QUEEN_KING_ATTACK, 3)           \
    X(KNIGHT_SAFE_CHECK, 11)          \
    X(BISHOP_SAFE_CHECK, 13)          \
    X(ROOK_SAFE_CHECK, 11)            \
    X(QUEEN_SAFE_CHECK, 16)           \
    X(KING_DANGER_SCALE, 14)          \
    X(KING_DANGER_MAX, 257)           \
    X(ISOLATED_MG, -2)                \
    X(ISOLATED_EG, 6)                 \
    X(DOUBLED_MG, 6)                  \
    X(DOUBLED_EG, 22)                 \
    X(DEFENDED_MG, 17)                \
    X(DEFENDED_RANK_MG, -1)           \
    X(DEFENDED_EG, -14)               \
    X(DEFENDED_RANK_EG, 10)           \
    X(PHALANX_MG, 0)                  \
    X(PHALANX_RANK_MG, 3)             \
    X(PHALANX_EG, -12)                \
    X(PHALANX_RANK_EG, 9)             \
    X(PASSED_2_MG, -5)                \
    X(PASSED_3_MG, -17)               \
    X(PASSED_4_MG, -11)               \
    X(PASSED_5_MG, 14)                \
    X(PASSED_6_MG, 57)                \
    X(PASSED_7_MG, 294)               \
    X(PASSED_2_EG, 21)                \
    X(PASSED_3_EG, 29)                \
    X(PASSED_4_EG, 19)                \
    X(PASSED_5_EG, 19)                \
    X(PASSED_6_EG, 19)                \
    X(PASSED_7_EG, 105)               \
    X(PASSED_THEIR_KING_EG, 15)       \
    X(PASSED_OUR_KING_EG, 6)          \
    X(BISHOP_PAIR_MG, 13)             \
    X(BISHOP_PAIR_EG, 67)             \
    X(KING_OFF_BACK_RANKS, 65)        \
    X(SHELTER_NEAR, 20)               \
    X(SHELTER_FAR, 2)                 \
    X(SHELTER_HALF_OPEN, 10)          \
    X(SHELTER_OPEN, 20)               \
    X(STORM_STOPPED, -10)             \
    X(STORM_FOURTH_RANK, 4)           \
    X(STORM_CLOSE, 20)                \
    X(MAJOR_THREAT_MG, 42)            \
    X(MAJOR_THREAT_EG, 31)            \
    X(HANGING_MG, 14)                 \
    X(HANGING_EG, 21)                 \
    X(BACKWARD_MG, -1)                \
    X(BACKWARD_EG, -2)                \
    X(PASSED_FREE_EG, 4)              \
    X(PASSED_SAFE_EG, 32)             \
    X(UNSTOPPABLE_EG, 149)            \
    X(BISHOP_PAWNS_MG, 1)             \
    X(BISHOP_PAWNS_EG, 12)            \
    X(PUSH_THREAT_MG, 16)             \
    X(PUSH_THREAT_EG, 18)             \
    X(MINOR_BEHIND_PAWN_MG, 6)        \
    X(SPACE_MG, -2)                   \
    X(KING_RING_WEAK, 2)              \
    X(KING_FLANK_ATTACK_MG, 4)        \
    X(PINNED_MG, 29)                  \
    X(PINNED_EG, 42)                  \
    X(MINOR_THREAT_MG, 13)            \
    X(MINOR_THREAT_EG, 27)            \
    X(HANGING_PAWN_MG, 14)            \
    X(HANGING_PAWN_EG, 31)            \
    X(ROOK_TRAPPED_MG, 75)            \
    X(BISHOP_LONG_DIAGONAL_MG, 14)    \
    X(KING_PROTECTOR_MG, 6)           \
    X(KING_PROTECTOR_EG, 2)           \
    X(WEAK_UNOPPOSED_MG, 6)           \
    X(WEAK_UNOPPOSED_EG, 20)          \
    X(REACHABLE_OUTPOST_MG, 12)       \
    X(REACHABLE_OUTPOST_EG, 20)       \
    X(COMPLEXITY_PASSED, 15)          \
    X(COMPLEXITY_PAWNS, 11)           \
    X(COMPLEXITY_OUTFLANKING, 1)      \
    X(COMPLEXITY_BOTH_FLANKS, 57)     \
    X(COMPLEXITY_PAWN_ENDING, 97)     \
    X(COMPLEXITY_BASE, 137)           \
    X(SCALE_BASE, 14)                 \
    X(SCALE_PER_PAWN, 15)             \
    X(KNIGHT_KING_ATTACKER, 9)        \
    X(BISHOP_KING_ATTACKER, 2)        \
    X(ROOK_KING_ATTACKER, 9)          \
    X(QUEEN_KING_ATTACKER, -5)        \
    X(UNSAFE_CHECK, 2)                \
    X(KING_BLOCKERS, 5)               \
    X(KING_FLANK_DANGER, 4)           \
    X(KING_FLANK_DEFENCE, 1)          \
    X(KING_SHELTER_DANGER, -3)        \
    X(KING_DANGER_BASE, -15)          \
    X(KING_DANGER_NO_QUEEN, 8)        \
    X(KING_DANGER_EG, 67)             \
    X(ROOK_ON_KING_RING_MG, 10)       \
    X(BISHOP_ON_KING_RING_MG, 14)     \
    X(QUEEN_INFILTRATION_MG, 22)      \
    X(QUEEN_INFILTRATION_EG, -14)     \
    X(ROOK_ON_QUEEN_FILE_MG, 5)       \
    X(ROOK_ON_QUEEN_FILE_EG, 19)      \
    X(KNIGHT_ON_QUEEN_MG, 8)          \
    X(KNIGHT_ON_QUEEN_EG, 3)          \
    X(SLIDER_ON_QUEEN_MG, 12)         \
    X(SLIDER_ON_QUEEN_EG, -11)        \
    X(RESTRICTED_MG, 4)               \
    X(RESTRICTED_EG, 2)               \
    X(KING_THREAT_MG, 8)              \
    X(KING_THREAT_EG, 28)             \
    X(KING_PAWN_DISTANCE_EG, 11)      \
    X(WEAK_QUEEN_MG, 21)              \
    X(WEAK_QUEEN_EG, -32)             \
    X(PAWNLESS_FLANK_MG, -16)         \
    X(PAWNLESS_FLANK_EG, 71)          \
    X(ROOK_THREAT_MG, 9)              \
    X(ROOK_THREAT_EG, 16)             \
    X(SAFE_PAWN_THREAT_MG, 20)        \
    X(SAFE_PAWN_THREAT_EG, -50)       \
    X(ROOK_BEHIND_PASSER_EG, 9)       \
    X(TEMPO, 15)                      \
    CHIMERA_CHESS_MOBILITY_WEIGHTS(X) \
    CHIMERA_CHESS_SQUARE_WEIGHTS(X)

namespace chimera::chess {
CHIMERA_DEFINE_EVAL_WEIGHTS(CHIMERA_CHESS_EVAL_WEIGHTS)
}  // namespace chimera::chess
