// 4D chess evaluation: material, mobility over all four axes, centralisation
// within each board, and pawn promotion races (the last rank is only two
// steps from the pawns' start).
#pragma once

#include "variants/chess4d/position.h"

namespace chimera::chess4d {

int evaluate(const Position& pos);
int move_gain(const Position& pos, Move m);
int mover_value(const Position& pos, Move m);
// Static exchange evaluation: whether the move gains at least threshold
// centipawns once the opponent's recaptures are counted (for move ordering
// and pruning). Exact but for pins (the swap algorithm of core/see.h).
bool see_ge(const Position& pos, Move m, int threshold);

}  // namespace chimera::chess4d
