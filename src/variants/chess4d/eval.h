// 4D chess evaluation: material, mobility over all four axes, centralisation
// within each board, and pawn promotion races (the last rank is only two
// steps from the pawns' start).
#pragma once

#include "variants/chess4d/position.h"

namespace chimera::chess4d {

int evaluate(const Position& pos);
int move_gain(const Position& pos, Move m);
int mover_value(const Position& pos, Move m);

}  // namespace chimera::chess4d
