// A variant evaluation's weights as one named list, read by the evaluation,
// which compiles the defaults in as constants, and by the tuner
// (tools/tune_eval.cpp), which fits them to game results and prints the list
// again. A variant's weights.h writes its list as X(NAME, value) entries and
// expands it here, in its own namespace:
//
//   #define CHIMERA_MY_WEIGHTS(X) X(PAWN, 100) X(TEMPO, 10)
//   namespace chimera::my { CHIMERA_DEFINE_EVAL_WEIGHTS(CHIMERA_MY_WEIGHTS) }
//
// which defines EvalWeights (an enum of the names and their values, read as
// weights[NAME]), kEvalWeightNames and kEvalWeights, the defaults.
#pragma once

#include <array>
#include <string_view>

#define CHIMERA_WEIGHT_NAME_(name, value) name,
#define CHIMERA_WEIGHT_STRING_(name, value) #name,
#define CHIMERA_WEIGHT_VALUE_(name, value) value,

#define CHIMERA_DEFINE_EVAL_WEIGHTS(LIST)                                                  \
    struct EvalWeights {                                                                   \
        enum Name : int { LIST(CHIMERA_WEIGHT_NAME_) COUNT };                              \
        std::array<int, COUNT> w;                                                          \
        constexpr int operator[](Name n) const { return w[n]; }                            \
    };                                                                                     \
    inline constexpr std::array<std::string_view, EvalWeights::COUNT> kEvalWeightNames = { \
        LIST(CHIMERA_WEIGHT_STRING_)};                                                     \
    inline constexpr EvalWeights kEvalWeights{{LIST(CHIMERA_WEIGHT_VALUE_)}};
