#include "variants/wataku/eval.h"

namespace chimera::wataku {

namespace {

//                                       .   Q    R    B    N    P    T    K
constexpr int kValue[PIECE_TYPE_NB] = {0, 950, 520, 340, 330, 110, 160, 0};
// Share of a piece's value by state, in percent: a dormant piece can be woken
// by a deployment or a Traverse, a reserve piece can go anywhere but arrives
// needing a link.
constexpr int kDormantShare = 55, kReserveShare = 90;

}  // namespace

int move_gain(const Position& pos, Move m) {
    return m.kind() == MoveKind::NORMAL ? kValue[type_of(pos.piece_on(m.to()))] : 0;
}

int mover_value(const Position& pos, Move m) {
    return m.kind() == MoveKind::DROP ? kValue[m.extra()] : kValue[type_of(pos.piece_on(m.from()))];
}

int evaluate(const Position& pos) {
    int score[COLOR_NB] = {0, 0};
    const Bitboard occ = pos.pieces();
    for (Color c : {WHITE, BLACK}) {
        const Bitboard active = pos.active(c);
        for (int pt = QUEEN; pt <= TURTLE; ++pt)
            score[c] += pos.reserve(c, PieceType(pt)) * kValue[pt] * kReserveShare / 100;
        for (Bitboard b = pos.pieces(c) & ~pos.pieces(KING); b;) {
            const int sq = pop_lsb(b);
            const PieceType pt = type_of(pos.piece_on(sq));
            if (!(active & bb(sq))) {
                score[c] += kValue[pt] * kDormantShare / 100;
                continue;
            }
            score[c] += kValue[pt];
            if (pt == QUEEN || pt == ROOK || pt == BISHOP) {
                const Bitboard a = pt == ROOK ? rook_attacks(sq, occ)
                                   : pt == BISHOP ? bishop_attacks(sq, occ)
                                                  : rook_attacks(sq, occ) | bishop_attacks(sq, occ);
                score[c] += 2 * popcount(a & ~pos.pieces(c));
            }
        }
        // Each King wants company (its group) and few active enemies nearby.
        for (Bitboard k = pos.pieces(c, KING); k;) {
            const int ksq = pop_lsb(k);
            const int friends = popcount(kNeighbours[ksq] & pos.pieces(c));
            score[c] += friends ? 6 * friends : -30;
            const Bitboard near = dilate(kNeighbours[ksq]);
            score[c] -= 12 * popcount(near & pos.active(~c) & ~pos.pieces(KING) & ~pos.pieces(TURTLE));
        }
    }
    const int s = score[WHITE] - score[BLACK];
    return (pos.side_to_move() == WHITE ? s : -s) + 10;
}

}  // namespace chimera::wataku
