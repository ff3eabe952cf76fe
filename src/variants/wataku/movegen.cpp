// Wataku Genesis action generation (W-9 ... W-18) and the legality filter of W-22.
//
// Only active pieces act. After an action the opponent's attacks can grow only
// through a line the action opened (the square it left), because enemy groups
// change only when the action captures, and a capture only removes attackers.
// So when the mover is not in check, deployments and moves from squares off
// every line between one of its Kings and an enemy active slider are legal as
// generated; King moves, evasions and the rest are tested (is_legal). With
// Captures set the same code gives only the captures (the quiescence
// search's moves).
#include "variants/wataku/position.h"

namespace chimera::wataku {

namespace {

// Targets of an ordinary move by a piece of type pt from sq (W-9 ... W-15), before
// excluding what it may not capture.
Bitboard ordinary_targets(PieceType pt, int sq, Bitboard occ, Bitboard empty) {
    switch (pt) {
        case KING:
            return kNeighbours[sq];
        case QUEEN:
            return rook_attacks(sq, occ) | bishop_attacks(sq, occ);
        case ROOK:
            return rook_attacks(sq, occ);
        case BISHOP:
            return bishop_attacks(sq, occ);
        case KNIGHT:
            return kKnight[sq];
        case PAWN:
            return (kOrthSteps[sq] & empty) | (kDiagSteps[sq] & ~empty);
        case TURTLE:
            return kOrthSteps[sq] & empty;
        default:
            return 0;
    }
}

}  // namespace

void Position::pseudo_legal_moves(Moves& out) const { generate<false>(out); }

template <bool Captures>
void Position::generate(Moves& out) const {
    out.clear();
    const Color us = stm_, them = ~us;
    const Bitboard occ = pieces(), empty = ~occ & kBoard;
    const Bitboard own = pieces(us);
    // W-9, W-10 ... W-16: nothing captures a Turtle or a King; Pawns capture only
    // diagonally, Turtles never (both handled by ordinary_targets and this mask).
    const Bitboard capturable = pieces(them) & ~pieces(TURTLE) & ~pieces(KING);
    const Bitboard near_enemy_king = [&] {
        Bitboard b = 0;
        for (Bitboard k = pieces(them, KING); k;) b |= kNeighbours[pop_lsb(k)];
        return b;
    }();
    const Bitboard own_chain = own & ~pieces(KING);

    for (Bitboard b = active(us); b;) {
        const int from = pop_lsb(b);
        const PieceType pt = type_of(piece_on(from));
        Bitboard targets =
            ordinary_targets(pt, from, occ, empty) & (Captures ? capturable : empty | capturable);
        if (pt == KING) targets &= ~near_enemy_king;  // W-9
        while (targets) out.push(Move(from, pop_lsb(targets)));
        if (pt == KING || Captures) continue;  // Kings never Traverse
        // W-17: over a chain of friendly non-King pieces to the first point after it.
        for (int d = 0; d < DIR_NB; ++d) {
            int s = step(from, d);
            if (s < 0 || !(own_chain & bb(s))) continue;
            while (s >= 0 && (own_chain & bb(s))) s = step(s, d);
            if (s >= 0 && (empty & bb(s))) out.push(Move(from, s, MoveKind::TRAVERSE));
        }
    }

    if constexpr (Captures) return;
    // W-18: one deployment per kind in reserve and empty point.
    for (int pt = QUEEN; pt <= TURTLE; ++pt) {
        if (!reserve_[us][pt]) continue;
        for (Bitboard e = empty; e;) {
            const int sq = pop_lsb(e);
            out.push(Move(sq, sq, MoveKind::DROP, pt));
        }
    }
}

void Position::legal_moves(Moves& out) const { legal<false>(out); }

void Position::capture_moves(Moves& out) const { legal<true>(out); }

template <bool Captures>
void Position::legal(Moves& out) const {
    Moves pseudo;
    generate<Captures>(pseudo);
    out.clear();
    const Color us = stm_, them = ~us;
    const Bitboard enemy = active(them);
    const Bitboard queens = pieces(QUEEN) & enemy;
    const Bitboard orth = (pieces(ROOK) & enemy) | queens, diag = (pieces(BISHOP) & enemy) | queens;
    Bitboard lines = 0;
    for (Bitboard k = pieces(us, KING); k;) {
        const int ksq = pop_lsb(k);
        for (int d = 0; d < DIR_NB; ++d)
            if (kRays.rays[d][ksq] & (is_diagonal(d) ? diag : orth)) lines |= kRays.rays[d][ksq];
    }
    const bool check = in_check();
    const Bitboard kings = pieces(us, KING);
    for (Move m : pseudo) {
        const bool drop = m.kind() == MoveKind::DROP;
        const bool risky = check || (!drop && (bb(m.from()) & (kings | lines)));
        if (!risky || is_legal(m)) out.push(m);
    }
}

}  // namespace chimera::wataku
