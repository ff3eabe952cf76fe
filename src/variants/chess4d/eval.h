// 4D chess evaluation: material, mobility over all four axes, centralisation
// within each board, and pawn promotion races (the last rank is only two
// steps from the pawns' start).
#pragma once

#include <cstdint>

#include "core/order_threats.h"
#include "core/zobrist.h"
#include "variants/chess4d/position.h"
#include "variants/chess4d/weights.h"

namespace chimera::chess4d {

int evaluate(const Position& pos);
// The same with other weights (the tuner's: tools/tune_eval.cpp).
int evaluate_with(const Position& pos, const EvalWeights& weights);
int move_gain(const Position& pos, Move m);
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

}  // namespace chimera::chess4d
