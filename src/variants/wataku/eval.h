// Wataku Genesis evaluation: material weighted by activity (active, dormant,
// in reserve), connectivity of each King's group, mobility of active pieces
// and pressure of active enemy pieces around the Kings.
#pragma once

#include "variants/wataku/position.h"

namespace chimera::wataku {

int evaluate(const Position& pos);
int move_gain(const Position& pos, Move m);
int mover_value(const Position& pos, Move m);

}  // namespace chimera::wataku
