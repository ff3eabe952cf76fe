// Orthodox chess evaluation for the search: material, piece-square terms
// tapered between middlegame and endgame, mobility, and pawn structure.
#pragma once

#include "variants/chess/position.h"

namespace chimera::chess {

// Centipawns from the side to move's point of view.
int evaluate(const Position& pos);
// Material the move wins (captured piece, promotion gain), for move ordering.
int move_gain(const Position& pos, Move m);
// Value of the moving piece (least valuable attacker first).
int mover_value(const Position& pos, Move m);

}  // namespace chimera::chess
