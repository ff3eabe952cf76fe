// Wreckage evaluation: material on the board and in hand (drops still to
// come), pawn races to the 10th rank, mobility, and King exposure to
// Guillotine distance-two checks and Detonator adjacency.
#pragma once

#include "variants/wreckage/position.h"

namespace chimera::wreckage {

int evaluate(const Position& pos);
int move_gain(const Position& pos, Move m);
int mover_value(const Position& pos, Move m);
int piece_value(PieceType pt);

}  // namespace chimera::wreckage
