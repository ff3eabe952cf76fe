#include "variants/wreckage/eval.h"

namespace chimera::wreckage {

namespace {

// Material, measured: `chimera tune` on 387 self-play games (level 8 at 3000
// nodes, 10 random plies) fitted P 54, J 60, F 135, W 125, B 169, R 237,
// Q 513, D 227, X 222, G 380, G in hand 324, J in hand 60 (+/- 3-24) on the
// Elo curve; here in proportion, the Queen at 1000. The Dragon and the
// Detonator are worth far less than their reach suggests (the Dragon cannot
// take Pawns; the Detonator destroys itself), the Guillotine about 3/4 Queen.
//                                       .   P    J    F    W    B    R    Q     D    X    G    K
constexpr int kValue[PIECE_TYPE_NB] = {0, 105, 117, 263, 244, 329, 462, 1000, 443, 433, 741, 0};
constexpr int kHandG = 632, kHandJ = 117;
// Bonus of a Pawn or Ninja Pawn by relative rank: four moves can promote it.
constexpr int kAdvance[11] = {0, 0, 0, 5, 10, 20, 45, 80, 140, 230, 0};

}  // namespace

int piece_value(PieceType pt) { return kValue[pt]; }

int move_gain(const Position& pos, Move m) {
    int gain = 0;
    for (Bitboard c = pos.captures_of(m); c;) gain += kValue[type_of(pos.piece_on(pop_lsb(c)))];
    if (m.kind() == MoveKind::PROMOTION)
        gain += kValue[m.extra()] - kValue[type_of(pos.piece_on(m.from()))];
    return gain;
}

int mover_value(const Position& pos, Move m) {
    if (m.kind() == MoveKind::DROP) return kValue[m.extra()];
    return kValue[type_of(pos.piece_on(m.from()))];
}

bool see_ge(const Position& pos, Move m, int threshold) {
    if (m.kind() == MoveKind::CASTLING) return 0 >= threshold;
    const int gain = move_gain(pos, m);
    if (gain < threshold) return false;
    const int mover = m.kind() == MoveKind::PROMOTION ? kValue[m.extra()] : mover_value(pos, m);
    if (gain - mover >= threshold) return true;  // even if the mover is lost
    // Where the mover stands after the move: a detonating Detonator stays.
    const int at = m.kind() == MoveKind::DETONATION ? m.from() : m.to();
    const Bitboard taken = pos.captures_of(m);
    Bitboard occ = pos.pieces() & ~taken;
    if (m.kind() != MoveKind::DROP) occ &= ~bb(m.from());
    occ |= bb(at);
    return !pos.attacked_by(~pos.side_to_move(), at, occ, taken);
}

int evaluate(const Position& pos) {
    int score[COLOR_NB] = {0, 0};
    const Bitboard occ = pos.pieces();
    for (Color c : {WHITE, BLACK}) {
        const Color them = ~c;
        const Bitboard own = pos.pieces(c);
        score[c] += pos.hand(c, HAND_G) * kHandG + pos.hand(c, HAND_J) * kHandJ;
        for (Bitboard b = own; b;) {
            const int sq = pop_lsb(b);
            const PieceType pt = type_of(pos.piece_on(sq));
            score[c] += kValue[pt];
            switch (pt) {
                case PAWN:
                case NINJA:
                    score[c] += kAdvance[relative_rank(c, sq)];
                    break;
                case QUEEN:
                case DRAGON:
                case DETONATOR:
                case GUILLOTINE:
                    score[c] +=
                        2 * popcount((rook_attacks(sq, occ) | bishop_attacks(sq, occ)) & ~own);
                    break;
                case ROOK:
                    score[c] += 3 * popcount(rook_attacks(sq, occ) & ~own);
                    break;
                case BISHOP:
                    score[c] += 3 * popcount(bishop_attacks(sq, occ) & ~own);
                    break;
                case FERZ_KNIGHT:
                case WAZIR_KNIGHT:
                    score[c] += 4 * popcount(kKnight[sq] & ~own);
                    break;
                default:
                    break;
            }
        }
        // King exposure: open landing squares two steps away while the enemy has a
        // Guillotine (on the board or in hand), and enemy Detonators close by.
        const int ksq = pos.king_square(c);
        if (pos.pieces(them, GUILLOTINE) || pos.hand(them, HAND_G))
            score[c] -= 6 * popcount(kDistanceTwo[ksq] & ~occ);
        score[c] -=
            35 * popcount((kKingSteps[ksq] | kDistanceTwo[ksq]) & pos.pieces(them, DETONATOR));
        score[c] += 8 * popcount(kKingSteps[ksq] & own);
    }
    const int s = score[WHITE] - score[BLACK];
    return (pos.side_to_move() == WHITE ? s : -s) + 15;
}

}  // namespace chimera::wreckage
