// Wreckage evaluation: material on the board and in hand (drops still to
// come), pawn races to the 10th rank, mobility, and King exposure to
// Guillotine distance-two checks and Detonator adjacency.
#pragma once

#include "core/order_threats.h"
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
// The move ordering's threats against the side to move, and a quiet move's
// place in the order by them (core/order_threats.h): what the opponent's
// Pawns and Ninja Pawns attack; with those, its two knights and Bishops; and
// with those and its Rooks. A Queen or Guillotine is threatened by the
// third set, a Rook, Dragon or Detonator by the second, a knight or Bishop
// by the first; the Dragon's, Detonator's and Guillotine's own capture
// modes are left out (costly to find, and worth as much as what they
// would threaten but for the Queen and Guillotine).
using OrderThreats = chimera::OrderThreats<Bitboard>;
OrderThreats order_threats(const Position& pos);
int threat_order_bonus(const Position& pos, const OrderThreats& t, Move m);

}  // namespace chimera::wreckage
