// The chess evaluation's weights in centipawns, by name: one list read by the
// evaluation (eval.cpp), which compiles the defaults in as constants, and by
// the tuner (tools/tune_eval.cpp), which fits them to game results and prints
// the list again. _MG and _EG are the middlegame and endgame halves of a term.
#pragma once

#include <array>
#include <string_view>

// X(name, value), in the order the evaluation reads them.
#define CHIMERA_CHESS_EVAL_WEIGHTS(X) \
    X(PAWN_MG, 100)                   \
    X(PAWN_EG, 100)                   \
    X(KNIGHT_MG, 320)                 \
    X(KNIGHT_EG, 320)                 \
    X(BISHOP_MG, 330)                 \
    X(BISHOP_EG, 330)                 \
    X(ROOK_MG, 500)                   \
    X(ROOK_EG, 500)                   \
    X(QUEEN_MG, 950)                  \
    X(QUEEN_EG, 950)                  \
    X(PAWN_RANK_MG, 6)                \
    X(PAWN_CENTRE_MG, 10)             \
    X(PAWN_RANK_SQUARED_EG, 2)        \
    X(KNIGHT_CENTRE_MG, 12)           \
    X(KNIGHT_CENTRE_EG, 8)            \
    X(BISHOP_CENTRE_MG, 6)            \
    X(BISHOP_CENTRE_EG, 4)            \
    X(ROOK_SEVENTH_MG, 20)            \
    X(ROOK_SEVENTH_EG, 0)             \
    X(QUEEN_CENTRE_MG, 3)             \
    X(QUEEN_CENTRE_EG, 6)             \
    X(KING_CASTLED_MG, 30)            \
    X(KING_ADVANCED_MG, 20)           \
    X(KING_CENTRE_EG, 12)             \
    X(KNIGHT_MOBILITY_MG, 4)          \
    X(KNIGHT_MOBILITY_EG, 4)          \
    X(BISHOP_MOBILITY_MG, 5)          \
    X(BISHOP_MOBILITY_EG, 5)          \
    X(ROOK_MOBILITY_MG, 2)            \
    X(ROOK_MOBILITY_EG, 4)            \
    X(QUEEN_MOBILITY_MG, 1)           \
    X(QUEEN_MOBILITY_EG, 2)           \
    X(PAWN_THREAT_MG, 35)             \
    X(PAWN_THREAT_EG, 25)             \
    X(ROOK_OPEN_MG, 25)               \
    X(ROOK_OPEN_EG, 12)               \
    X(ROOK_HALF_OPEN_MG, 12)          \
    X(ROOK_HALF_OPEN_EG, 6)           \
    X(KNIGHT_OUTPOST_MG, 25)          \
    X(KNIGHT_OUTPOST_EG, 12)          \
    X(BISHOP_OUTPOST_MG, 12)          \
    X(BISHOP_OUTPOST_EG, 6)           \
    X(KNIGHT_KING_ATTACK, 2)          \
    X(BISHOP_KING_ATTACK, 2)          \
    X(ROOK_KING_ATTACK, 3)            \
    X(QUEEN_KING_ATTACK, 5)           \
    X(KNIGHT_SAFE_CHECK, 4)           \
    X(BISHOP_SAFE_CHECK, 3)           \
    X(ROOK_SAFE_CHECK, 5)             \
    X(QUEEN_SAFE_CHECK, 6)            \
    X(KING_DANGER_SCALE, 16)          \
    X(KING_DANGER_MAX, 500)           \
    X(ISOLATED_MG, 10)                \
    X(ISOLATED_EG, 15)                \
    X(DOUBLED_MG, 12)                 \
    X(DOUBLED_EG, 20)                 \
    X(DEFENDED_MG, 8)                 \
    X(DEFENDED_RANK_MG, 2)            \
    X(DEFENDED_EG, 6)                 \
    X(DEFENDED_RANK_EG, 1)            \
    X(PHALANX_MG, 5)                  \
    X(PHALANX_RANK_MG, 1)             \
    X(PHALANX_EG, 3)                  \
    X(PHALANX_RANK_EG, 1)             \
    X(PASSED_2_MG, 0)                 \
    X(PASSED_3_MG, 5)                 \
    X(PASSED_4_MG, 10)                \
    X(PASSED_5_MG, 20)                \
    X(PASSED_6_MG, 35)                \
    X(PASSED_7_MG, 55)                \
    X(PASSED_2_EG, 5)                 \
    X(PASSED_3_EG, 10)                \
    X(PASSED_4_EG, 20)                \
    X(PASSED_5_EG, 35)                \
    X(PASSED_6_EG, 60)                \
    X(PASSED_7_EG, 100)               \
    X(PASSED_THEIR_KING_EG, 5)        \
    X(PASSED_OUR_KING_EG, 2)          \
    X(BISHOP_PAIR_MG, 30)             \
    X(BISHOP_PAIR_EG, 40)             \
    X(KING_OFF_BACK_RANKS, 20)        \
    X(SHELTER_NEAR, 12)               \
    X(SHELTER_FAR, 6)                 \
    X(SHELTER_HALF_OPEN, 10)          \
    X(SHELTER_OPEN, 20)               \
    X(STORM_STOPPED, 5)               \
    X(STORM_FOURTH_RANK, 10)          \
    X(STORM_CLOSE, 20)                \
    X(MAJOR_THREAT_MG, 40)            \
    X(MAJOR_THREAT_EG, 30)            \
    X(HANGING_MG, 30)                 \
    X(HANGING_EG, 20)                 \
    X(TEMPO, 10)

namespace chimera::chess {

struct EvalWeights {
#define CHIMERA_WEIGHT_NAME(name, value) name,
    enum Name : int { CHIMERA_CHESS_EVAL_WEIGHTS(CHIMERA_WEIGHT_NAME) COUNT };
#undef CHIMERA_WEIGHT_NAME
    std::array<int, COUNT> w;
    constexpr int operator[](Name n) const { return w[n]; }
};

#define CHIMERA_WEIGHT_STRING(name, value) #name,
inline constexpr std::array<std::string_view, EvalWeights::COUNT> kEvalWeightNames = {
    CHIMERA_CHESS_EVAL_WEIGHTS(CHIMERA_WEIGHT_STRING)};
#undef CHIMERA_WEIGHT_STRING

#define CHIMERA_WEIGHT_VALUE(name, value) value,
inline constexpr EvalWeights kEvalWeights{{CHIMERA_CHESS_EVAL_WEIGHTS(CHIMERA_WEIGHT_VALUE)}};
#undef CHIMERA_WEIGHT_VALUE

}  // namespace chimera::chess
