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

// The index in EvalWeights of the middlegame piece-square weight
// (square_weights.h) a piece of kind pt and colour c reads on sq; the
// endgame weight follows it. Pawns have six ranks of four squares, the other
// kinds eight; a square of the King's side reads the one its file mirrors.
inline int square_weight(PieceType pt, Color c, int sq) {
    constexpr int kBase[PIECE_TYPE_NB] = {0, 0, 24, 56, 88, 120, 152};
    static_assert(EvalWeights::PSQ_K_D8_EG == EvalWeights::PSQ_P_A2_MG + 2 * (152 + 31) + 1 &&
                      EvalWeights::PSQ_K_D8_EG + 1 == EvalWeights::COUNT,
                  "the piece-square weights are last, in square_weight's order");
    const int rr = relative_rank(c, sq);
    const int wing_file = file_of(sq) < 4 ? file_of(sq) : 7 - file_of(sq);
    return EvalWeights::PSQ_P_A2_MG + 2 * (kBase[pt] + (pt == PAWN ? rr - 1 : rr) * 4 + wing_file);
}

// The index in EvalWeights of the middlegame mobility weight
// (mobility_weights.h) a Knight, Bishop, Rook or Queen reaching `count`
// squares reads; the endgame weight follows it.
inline int mobility_weight(PieceType pt, int count) {
    constexpr int kBase[PIECE_TYPE_NB] = {0, 0, 0, 9, 23, 38, 0};
    static_assert(EvalWeights::MOB_Q_27_EG == EvalWeights::MOB_N_0_MG + 2 * (38 + 27) + 1 &&
                      EvalWeights::MOB_Q_27_EG + 1 == EvalWeights::PSQ_P_A2_MG,
                  "the mobility weights come before the piece-square weights, in "
                  "mobility_weight's order");
    return EvalWeights::MOB_N_0_MG + 2 * (kBase[pt] + count);
}

// The sparse weights (below) a position reads, into out (room for 128):
// each piece's two piece-square weights and each Knight's, Bishop's, Rook's
// and Queen's two mobility weights. Returns how many.
int sparse_weights(const Position& pos, int* out);

// The weights of the list that only some positions read, calling f with
// each this one reads (its pieces' piece-square and mobility weights): the tuner
// (tools/tune_eval.cpp) measures only those of a position.
template <class F>
void for_each_sparse_weight(const Position& pos, F f) {
    int read[4 * 32];
    const int n = sparse_weights(pos, read);
    for (int i = 0; i < n; ++i) f(read[i]);
}

}  // namespace chimera::chess
