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

OrderThreats order_threats(const Position& pos) {
    const Color them = ~pos.side_to_move();
    const Bitboard occ = pos.pieces();
    OrderThreats t;
    for (Bitboard b = pos.pieces(them, PAWN) | pos.pieces(them, NINJA); b;)
        t.pawn |= kPawnCaptures[them][pop_lsb(b)];
    // a Ninja Pawn in the enemy's half also takes sideways.
    for (Bitboard b = pos.pieces(them, NINJA) & kTerritory[them]; b;)
        t.pawn |= kSideSteps[pop_lsb(b)];
    t.minor = t.pawn;
    for (Bitboard b = pos.pieces(them, FERZ_KNIGHT); b;) {
        const int sq = pop_lsb(b);
        t.minor |= kKnight[sq] | kDiagSteps[sq];
    }
    for (Bitboard b = pos.pieces(them, WAZIR_KNIGHT); b;) {
        const int sq = pop_lsb(b);
        t.minor |= kKnight[sq] | kOrthSteps[sq];
    }
    for (Bitboard b = pos.pieces(them, BISHOP); b;) t.minor |= bishop_attacks(pop_lsb(b), occ);
    t.rook = t.minor;
    for (Bitboard b = pos.pieces(them, ROOK); b;) t.rook |= rook_attacks(pop_lsb(b), occ);
    return t;
}

int threat_order_bonus(const Position& pos, const OrderThreats& t, Move m) {
    const bool drop = m.kind() == MoveKind::DROP;
    if (!drop && m.kind() != MoveKind::NORMAL) return 0;
    const PieceType pt = drop ? PieceType(m.extra()) : type_of(pos.piece_on(m.from()));
    ThreatenedKind kind = ThreatenedKind::OTHER;
    switch (pt) {
        case QUEEN:
        case GUILLOTINE:
            kind = ThreatenedKind::QUEEN;
            break;
        case ROOK:
        case DRAGON:
        case DETONATOR:
            kind = ThreatenedKind::ROOK;
            break;
        case FERZ_KNIGHT:
        case WAZIR_KNIGHT:
        case BISHOP:
            kind = ThreatenedKind::MINOR;
            break;
        default:
            break;
    }
    // A dropped piece comes from the hand: no attack to leave.
    return t.bonus(kind, drop ? Bitboard{} : bb(m.from()), bb(m.to()));
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

namespace {

// The evaluation with the weights W: the engine's, with the defaults compiled
// in as constants, and the tuner's.
[[gnu::always_inline]] inline int evaluate_impl(const Position& pos, const EvalWeights& W) {
    using enum EvalWeights::Name;
    int score[COLOR_NB] = {0, 0};
    const Bitboard occ = pos.pieces();
    for (Color c : {WHITE, BLACK}) {
        const Color them = ~c;
        const Bitboard own = pos.pieces(c);
        score[c] +=
            pos.hand(c, HAND_G) * W[GUILLOTINE_IN_HAND] + pos.hand(c, HAND_J) * W[NINJA_IN_HAND];
        for (Bitboard b = own; b;) {
            const int sq = pop_lsb(b);
            const PieceType pt = type_of(pos.piece_on(sq));
            if (pt == KING) continue;
            // The values run PAWN ... GUILLOTINE in the kinds' order.
            score[c] += W.w[PAWN_VALUE + int(pt) - int(wreckage::PAWN)];
            switch (pt) {
                case wreckage::PAWN:
                case wreckage::NINJA: {
                    // By relative rank: four moves can promote it.
                    const int rr = relative_rank(c, sq);
                    if (rr >= 2 && rr <= 9) score[c] += W.w[ADVANCE_2 + rr - 2];
                    break;
                }
                case wreckage::QUEEN:
                case wreckage::DRAGON:
                case wreckage::DETONATOR:
                case wreckage::GUILLOTINE:
                    score[c] += W.w[QUEEN_MOBILITY + int(pt) - int(wreckage::QUEEN)] *
                                popcount((rook_attacks(sq, occ) | bishop_attacks(sq, occ)) & ~own);
                    break;
                case wreckage::ROOK:
                    score[c] += W[ROOK_MOBILITY] * popcount(rook_attacks(sq, occ) & ~own);
                    break;
                case wreckage::BISHOP:
                    score[c] += W[BISHOP_MOBILITY] * popcount(bishop_attacks(sq, occ) & ~own);
                    break;
                case wreckage::FERZ_KNIGHT:
                case wreckage::WAZIR_KNIGHT:
                    score[c] += W.w[FERZ_KNIGHT_MOBILITY + int(pt) - int(wreckage::FERZ_KNIGHT)] *
                                popcount(kKnight[sq] & ~own);
                    break;
                default:
                    break;
            }
        }
        // King exposure: open landing squares two steps away while the enemy has a
        // Guillotine (on the board or in hand), and enemy Detonators close by.
        const int ksq = pos.king_square(c);
        if (pos.pieces(them, GUILLOTINE) || pos.hand(them, HAND_G))
            score[c] -= W[GUILLOTINE_LANDING] * popcount(kDistanceTwo[ksq] & ~occ);
        score[c] -= W[DETONATOR_NEAR_KING] * popcount((kKingSteps[ksq] | kDistanceTwo[ksq]) &
                                                      pos.pieces(them, wreckage::DETONATOR));
        score[c] += W[KING_GUARD] * popcount(kKingSteps[ksq] & own);
    }
    const int s = score[WHITE] - score[BLACK];
    return (pos.side_to_move() == WHITE ? s : -s) + W[TEMPO];
}

}  // namespace

int evaluate(const Position& pos) { return evaluate_impl(pos, kEvalWeights); }

int evaluate_with(const Position& pos, const EvalWeights& weights) {
    return evaluate_impl(pos, weights);
}

}  // namespace chimera::wreckage
