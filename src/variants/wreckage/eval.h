// Wreckage evaluation: material on the board and in hand (drops still to
// come), pawn races to the 10th rank, mobility, and King exposure to
// Guillotine distance-two checks and Detonator adjacency.
#pragma once

#include "variants/wreckage/position.h"
#include "variants/wreckage/weights.h"

namespace chimera::wreckage {

int evaluate(const Position& pos);
// The same with other weights (the tuner's: tools/tune_eval.cpp).
int evaluate_with(const Position& pos, const EvalWeights& weights);
int move_gain(const Position& pos, Move m);
int mover_value(const Position& pos, Move m);
// Static exchange evaluation: whether the move gains at least threshold
// centipawns once the opponent's recaptures are counted (for move ordering
// and pruning). An approximation: the opponent may take back the
// mover where it then stands, by any capture mode but en passant; what
// follows is not counted.
bool see_ge(const Position& pos, Move m, int threshold);
int piece_value(PieceType pt);

}  // namespace chimera::wreckage
