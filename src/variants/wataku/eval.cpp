#include "variants/wataku/eval.h"

#include <algorithm>
#include <cstdlib>

#include "core/threats.h"

namespace chimera::wataku {

namespace {

// The values of the static exchange, the move ordering and the threats
// (the evaluation's material is its list's, weights.h).
//                                       .   Q    R    B    N    P    T    K
constexpr int kValue[PIECE_TYPE_NB] = {0, 950, 150, 300, 580, 40, 160, 0};

// The lead in force (evaluation values) from which a side plays to mate.
constexpr int kMopUpForce = 500;

// King steps from a to b.
int steps(int a, int b) {
    return std::max(std::abs(file_of(a) - file_of(b)), std::abs(rank_of(a) - rank_of(b)));
}

}  // namespace

int move_gain(const Position& pos, Move m) {
    return m.kind() == MoveKind::NORMAL ? kValue[type_of(pos.piece_on(m.to()))] : 0;
}

int mover_value(const Position& pos, Move m) {
    return m.kind() == MoveKind::DROP ? kValue[m.extra()] : kValue[type_of(pos.piece_on(m.from()))];
}

bool see_ge(const Position& pos, Move m, int threshold) {
    const int gain = move_gain(pos, m);
    if (gain < threshold) return false;
    const PieceType mover =
        m.kind() == MoveKind::DROP ? PieceType(m.extra()) : type_of(pos.piece_on(m.from()));
    if (mover == KING || mover == TURTLE) return true;  // W-9, W-16: never captured
    if (gain - kValue[mover] >= threshold) return true;
    const Color us = pos.side_to_move(), them = ~us;
    const int to = m.to();
    Bitboard occ = pos.pieces() | bb(to);
    if (m.kind() != MoveKind::DROP) occ &= ~bb(m.from());
    if (pos.attacked_by(pos.active(them) & ~bb(to), to, occ)) return false;
    // W-9: an enemy King beside it takes it unless that would put the King
    // in check or beside a King of ours (W-20: Kings attack nothing, so the
    // attack above never counts them). Our guards are our pieces that are
    // active once the King has taken the mover (W-7: the mover may have been
    // what linked them to a King of ours).
    if (!(pos.pieces(them, KING) & kNeighbours[to])) return true;
    if (pos.pieces(us, KING) & kNeighbours[to]) return true;
    const Bitboard own = pos.pieces(us) & occ & ~bb(to);
    const Bitboard guards = Position::group_of(pos.pieces(us, KING), own) & ~pos.pieces(KING);
    return pos.attacked_by(guards, to, occ);
}

namespace {

// What the side to move stands to lose to the threats against it:
// of its pieces en prise -- attacked and not defended, or attacked by a
// cheaper piece; beside an enemy King and not defended, where that King may
// take it (W-9) -- it saves one by its move (core/threats.h).
int threats_to_mover(const Position& pos, const Bitboard (&by)[COLOR_NB][PIECE_TYPE_NB],
                     const Bitboard (&attacked)[COLOR_NB], const Bitboard (&near_king)[COLOR_NB]) {
    const Color us = pos.side_to_move(), them = ~us;
    const Bitboard king_takes = near_king[them] & ~near_king[us] & ~attacked[us];
    ThreatLosses losses;
    const Bitboard targets = pos.pieces(us) & ~pos.pieces(KING) & ~pos.pieces(TURTLE);
    for (Bitboard b = targets & (attacked[them] | king_takes); b;) {
        const int sq = pop_lsb(b);
        const int value = kValue[type_of(pos.piece_on(sq))];
        int loss = 0;
        if (!(attacked[us] & bb(sq))) {
            loss = value;
        } else {
            int cheapest = value;  // the values do not follow the kinds' order
            for (int pt = QUEEN; pt <= PAWN; ++pt)
                if (by[them][pt] & bb(sq)) cheapest = std::min(cheapest, kValue[pt]);
            loss = value - cheapest;
        }
        losses.add(loss);
    }
    return losses.charge();
}

// The evaluation with the weights W: the engine's, with the defaults compiled
// in as constants, and the tuner's.
[[gnu::always_inline]] inline int evaluate_impl(const Position& pos, const EvalWeights& W) {
    using enum EvalWeights::Name;
    // The values run QUEEN ... TURTLE in the kinds' order.
    const auto value = [&](int pt) { return W.w[QUEEN_VALUE + pt - int(QUEEN)]; };
    int score[COLOR_NB] = {0, 0};
    const Bitboard occ = pos.pieces();
    // What each side's active pieces attack (W-20), by kind and in all; the
    // squares beside each side's Kings.
    Bitboard by[COLOR_NB][PIECE_TYPE_NB] = {}, attacked[COLOR_NB] = {0, 0};
    Bitboard near_king[COLOR_NB] = {0, 0};
    // Each side's force: what it has that may capture or give check (not
    // Kings or Turtles), on the board, dormant or not, and in reserve.
    int force[COLOR_NB] = {0, 0};
    for (Color c : {WHITE, BLACK}) {
        const Bitboard active = pos.active(c);
        for (int pt = QUEEN; pt <= TURTLE; ++pt) {
            score[c] += pos.reserve(c, PieceType(pt)) * value(pt) * W[RESERVE_SHARE] / 100;
            if (pt != TURTLE) force[c] += pos.reserve(c, PieceType(pt)) * value(pt);
        }
        for (Bitboard b = pos.pieces(c) & ~pos.pieces(KING); b;) {
            const int sq = pop_lsb(b);
            const PieceType pt = type_of(pos.piece_on(sq));
            if (pt != TURTLE) force[c] += value(pt);
            if (!(active & bb(sq))) {
                score[c] += value(pt) * W[DORMANT_SHARE] / 100;
                continue;
            }
            score[c] += value(pt);
            Bitboard a = 0;
            switch (pt) {
                case QUEEN:
                    a = rook_attacks(sq, occ) | bishop_attacks(sq, occ);
                    break;
                case ROOK:
                    a = rook_attacks(sq, occ);
                    break;
                case BISHOP:
                    a = bishop_attacks(sq, occ);
                    break;
                case KNIGHT:
                    a = kKnight[sq];
                    break;
                case PAWN:
                    a = kDiagSteps[sq];
                    break;
                default:
                    break;
            }
            by[c][pt] |= a;
            attacked[c] |= a;
            if (pt == QUEEN || pt == ROOK || pt == BISHOP)
                score[c] += W[SLIDER_MOBILITY] * popcount(a & ~pos.pieces(c));
        }
        // Each King wants company (its group) and few active enemies nearby.
        for (Bitboard k = pos.pieces(c, KING); k;) {
            const int ksq = pop_lsb(k);
            near_king[c] |= kNeighbours[ksq];
            const int friends = popcount(kNeighbours[ksq] & pos.pieces(c));
            score[c] += friends ? W[KING_FRIEND] * friends : -W[KING_ALONE];
            const Bitboard near = dilate(kNeighbours[ksq]);
            score[c] -= W[KING_ENEMY_NEAR] *
                        popcount(near & pos.active(~c) & ~pos.pieces(KING) & ~pos.pieces(TURTLE));
        }
    }
    // A King is mated where it stands (W-24: one King is enough): the
    // squares around it the enemy attacks, and its flights -- neighbours it
    // may step to (W-9: empty or an enemy it may take, not beside an enemy
    // King) that are not attacked. The weaker King is what the enemy plays
    // for, so each side pays for its worse King only.
    Bitboard targets[COLOR_NB] = {0, 0};  // each side's Kings with the fewest flights
    for (Color c : {WHITE, BLACK}) {
        const Bitboard blocked =
            pos.pieces(c) | pos.pieces(KING) | pos.pieces(TURTLE) | near_king[~c];
        int worst = 0, fewest = 9;
        for (Bitboard k = pos.pieces(c, KING); k;) {
            const int ksq = pop_lsb(k);
            const Bitboard zone = kNeighbours[ksq];
            const int hit = popcount(zone & attacked[~c]);
            const int flights = popcount(zone & ~blocked & ~attacked[~c]);
            if (flights < fewest) {
                fewest = flights;
                targets[c] = 0;
            }
            if (flights == fewest) targets[c] |= bb(ksq);
            int danger = W[KING_ZONE_ATTACKED] * hit + (flights == 0   ? W[KING_NO_FLIGHT]
                                                        : flights == 1 ? W[KING_ONE_FLIGHT]
                                                                       : 0);
            if (attacked[~c] & bb(ksq)) danger += W[KING_IN_CHECK];
            worst = std::max(worst, danger);
        }
        score[c] -= worst;
    }
    // A side far ahead in force mates by walling a King in: its King two
    // steps away (W-9 keeps the enemy King off every square beside it), its
    // pieces and Turtles around, on a King near the edge, which has fewer
    // squares to go to. Without this the search has no way to tell progress
    // from shuffling, and won games end drawn at the move limit. The King
    // played for is the one with the fewer flights (of two alike, the
    // better for the side ahead).
    for (Color c : {WHITE, BLACK}) {
        if (force[c] - force[~c] < kMopUpForce) continue;
        int best = 0;
        for (Bitboard k = targets[~c]; k;) {
            const int t = pop_lsb(k);
            const int edge = steps(t, make_square(4, 4));
            int near = 0;
            for (Bitboard b = pos.active(c); b;) near += std::max(0, 4 - steps(pop_lsb(b), t));
            best = std::max(best, W[MOPUP_EDGE] * edge + W[MOPUP_NEAR] * near);
        }
        score[c] += best;
    }
    const int s = score[WHITE] - score[BLACK];
    return (pos.side_to_move() == WHITE ? s : -s) + W[TEMPO] -
           threats_to_mover(pos, by, attacked, near_king);
}

}  // namespace

int evaluate(const Position& pos) { return evaluate_impl(pos, kEvalWeights); }

int evaluate_with(const Position& pos, const EvalWeights& weights) {
    return evaluate_impl(pos, weights);
}

}  // namespace chimera::wataku
