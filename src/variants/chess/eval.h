// Orthodox chess evaluation for the search: material, piece-square terms
// tapered between middlegame and endgame, mobility, and pawn structure.
#pragma once

#include <cstdint>

#include "core/order_threats.h"
#include "core/zobrist.h"
#include "variants/chess/position.h"
#include "variants/chess/weights.h"

namespace chimera::chess {

// Centipawns from the side to move's point of view.
int evaluate(const Position& pos);
// The same with other weights (the tuner's: tools/tune_eval.cpp).
int evaluate_with(const Position& pos, const EvalWeights& weights);
// Material the move wins (captured piece, promotion gain), for move ordering.
int move_gain(const Position& pos, Move m);
// Value of the moving piece (least valuable attacker first).
int mover_value(const Position& pos, Move m);
// Static exchange evaluation: whether the move gains at least threshold
// centipawns once the opponent's recaptures are counted (for move ordering
// and pruning). Exact but for pins (the swap algorithm of core/see.h).
bool see_ge(const Position& pos, Move m, int threshold);
// The move ordering's threats against the side to move, and a quiet move's
// place in the order by them (core/order_threats.h).
using OrderThreats = chimera::OrderThreats<Bitboard>;
OrderThreats order_threats(const Position& pos);
int threat_order_bonus(const Position& pos, const OrderThreats& t, Move m);
// The pawn structure as a 64-bit hash (both sides' pawns; nothing else): the
// search's correction history learns, per structure, how far the static
// evaluation tends to be from what the search finds.
inline std::uint64_t structure_key(const Position& pos) {
    return mix_pair(pos.pieces(WHITE, PAWN), pos.pieces(BLACK, PAWN));
}

}  // namespace chimera::chess
