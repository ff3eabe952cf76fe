#include "variants/chess4d/eval.h"

#include "core/see.h"
#include "core/threats.h"

namespace chimera::chess4d {

namespace {

// Material in centipawns. A 4D Queen reaches up to 80 directions, a Rook and a
// Bishop far fewer; the figures follow average mobility on the 4x4x2x2 board.
constexpr int kValue[PIECE_TYPE_NB] = {0, 100, 320, 360, 420, 1100, 0};

// Inner cells of a 4x4 board (b2, c2, b3, c3) count as central; Z and W have
// only two values, so every cell is on their edge.
constexpr int centre(int sq) {
    const int x = x_of(sq), y = y_of(sq);
    return (x == 1 || x == 2) + (y == 1 || y == 2);
}

}  // namespace

int move_gain(const Position& pos, Move m) {
    int gain = kValue[type_of(pos.piece_on(m.to()))];
    if (m.kind() == MoveKind::PROMOTION) gain += kValue[QUEEN] - kValue[PAWN];
    return gain;
}

int mover_value(const Position& pos, Move m) { return kValue[type_of(pos.piece_on(m.from()))]; }

bool see_ge(const Position& pos, Move m, int threshold) {
    return see_ge_by_swap(pos, m, threshold, kValue);
}

namespace {

// What the side to move stands to lose to the threats against it
// (core/threats.h), of its pieces en prise: attacked and not defended, or
// attacked by a cheaper piece.
int threats_to_mover(const Position& pos, const Bitboard (&by)[COLOR_NB][PIECE_TYPE_NB],
                     const Bitboard (&attacked)[COLOR_NB]) {
    const Color us = pos.side_to_move(), them = Color(us ^ 1);
    ThreatLosses losses;
    for (Bitboard b = pos.pieces(us) & attacked[them] & ~pos.pieces(us, KING); b;) {
        const int sq = pop_lsb(b);
        const int value = kValue[type_of(pos.piece_on(sq))];
        int loss = 0;
        if (!(attacked[us] & bb(sq))) {
            loss = value;
        } else {
            for (int pt = PAWN; pt <= KING; ++pt)
                if (by[them][pt] & bb(sq)) {
                    loss = pt == KING ? 0 : value - kValue[pt];
                    break;
                }
        }
        losses.add(loss);
    }
    return losses.charge();
}

// The evaluation with the weights W: the engine's, with the defaults compiled
// in as constants, and the tuner's.
[[gnu::always_inline]] inline int evaluate_impl(const Position& pos, const EvalWeights& W) {
    using enum EvalWeights::Name;
    int score[COLOR_NB] = {0, 0};
    const Bitboard occ = pos.pieces();
    const int material = popcount(occ);
    // What each side attacks, by each kind of piece and in all.
    Bitboard by[COLOR_NB][PIECE_TYPE_NB] = {}, attacked[COLOR_NB] = {0, 0};
    for (Color c : {WHITE, BLACK}) {
        const Bitboard own = pos.pieces(c);
        for (Bitboard b = own; b;) {
            const int sq = pop_lsb(b);
            const PieceType pt = type_of(pos.piece_on(sq));
            const Bitboard att = pt == PAWN ? kPawnAttacks[c][sq] : attacks_of(pt, sq, occ);
            by[c][pt] |= att;
            attacked[c] |= att;
            if (pt == PAWN) {
                score[c] += W[PAWN_VALUE];
                // Relative rank 1 or 2 of the two steps to promotion.
                const int rr = c == WHITE ? y_of(sq) : 3 - y_of(sq);
                score[c] += rr == 2 ? W[PAWN_ONE_STEP_AWAY] : W[PAWN_TWO_STEPS_AWAY];
                if (!(occ & bb(sq + (c == WHITE ? 4 : -4)))) score[c] += W[PAWN_FREE_PATH];
            } else if (pt == KING) {
                // Shelter while many pieces remain, activity once they are gone.
                score[c] +=
                    material > 10 ? -W[KING_SHELTER] * centre(sq) : W[KING_ACTIVITY] * centre(sq);
            } else {
                // KNIGHT ... QUEEN: their values and mobility weights in the kinds' order.
                const int k = int(pt) - int(KNIGHT);
                score[c] += W.w[KNIGHT_VALUE + k] +
                            W.w[KNIGHT_MOBILITY + k] * popcount(att & ~own) +
                            W[PIECE_CENTRE] * centre(sq);
            }
        }
    }
    const int s = score[WHITE] - score[BLACK];
    return (pos.side_to_move() == WHITE ? s : -s) + W[TEMPO] - threats_to_mover(pos, by, attacked);
}

}  // namespace

using Threats = ChessLikeThreats<PAWN, KNIGHT, BISHOP, ROOK, QUEEN>;

OrderThreats order_threats(const Position& pos) {
    return Threats::threats(pos, kPawnAttacks, [](PieceType pt, int sq, Bitboard occ) {
        return attacks_of(pt, sq, occ);
    });
}

int threat_order_bonus(const Position& pos, const OrderThreats& t, Move m) {
    return Threats::bonus(pos, t, m);
}

int evaluate(const Position& pos) { return evaluate_impl(pos, kEvalWeights); }

int evaluate_with(const Position& pos, const EvalWeights& weights) {
    return evaluate_impl(pos, weights);
}

}  // namespace chimera::chess4d
