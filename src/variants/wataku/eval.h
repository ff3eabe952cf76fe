// Wataku Genesis evaluation: material weighted by activity (active, dormant,
// in reserve), connectivity of each King's group, mobility of active pieces
// and pressure of active enemy pieces around the Kings.
#pragma once

#include "variants/wataku/position.h"
#include "variants/wataku/weights.h"

namespace chimera::wataku {

int evaluate(const Position& pos);
// The same with other weights (the tuner's: tools/tune_eval.cpp).
int evaluate_with(const Position& pos, const EvalWeights& weights);
int move_gain(const Position& pos, Move m);
int mover_value(const Position& pos, Move m);
// Static exchange evaluation: whether the move gains at least threshold
// centipawns once the opponent's recaptures are counted (for move ordering
// and pruning). An approximation: the opponent's active pieces may take back
// the mover where it then stands; what follows, and the dormancy a capture may
// cause, are not counted.
bool see_ge(const Position& pos, Move m, int threshold);

}  // namespace chimera::wataku
