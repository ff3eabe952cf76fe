// Legal move generation for 4D chess (D-5 ... D-12). Pins and blocks happen only
// inside one board (see attacks.h), so the scheme is the one of orthodox chess:
// King steps tested with the King lifted, evasions limited to capturing or
// blocking a single checker, pinned pieces kept on their in-board pin line.
// With Captures set the same generator gives only the legal captures and
// promotions (the quiescence search's moves).
#include "variants/chess4d/position.h"

namespace chimera::chess4d {

namespace {

template <Color Us, bool Captures>
void generate(const Position& pos, Position::Moves& out) {
    constexpr Color Them = ~Us;
    const int ksq = pos.king_square(Us);
    const Bitboard occ = pos.pieces();
    const Bitboard own = pos.pieces(Us);

    // D-8: never onto an attacked square.
    Bitboard k = kKingAttacks[ksq] & (Captures ? pos.pieces(Them) : ~own);
    const Bitboard occ_no_king = occ ^ bb(ksq);
    while (k) {
        const int to = pop_lsb(k);
        if (!pos.attacked_by(Them, to, occ_no_king)) out.push(Move(ksq, to));
    }

    const Bitboard queens = pos.pieces(Them, QUEEN);
    const Bitboard diag = pos.pieces(Them, BISHOP) | queens;
    const Bitboard orth = pos.pieces(Them, ROOK) | queens;
    Bitboard checkers = 0, pinned = 0;
    Bitboard snipers = (bishop_plane(ksq, 0) & diag) | (rook_plane(ksq, 0) & orth);
    while (snipers) {
        const int s = pop_lsb(snipers);
        const Bitboard between = kLines.between[ksq][s] & occ;
        if (!between)
            checkers |= bb(s);
        else if (!more_than_one(between) && (between & own))
            pinned |= between;
    }
    checkers |= (kKnightAttacks[ksq] & pos.pieces(Them, KNIGHT)) |
                (kPawnAttacks[Us][ksq] & pos.pieces(Them, PAWN)) |
                (kBishopLeaps[ksq] & pos.pieces(Them, BISHOP)) |
                (kRookLeaps[ksq] & pos.pieces(Them, ROOK)) | (kQueenLeaps[ksq] & queens);
    if (more_than_one(checkers)) return;

    const Bitboard target = checkers ? kLines.between[ksq][lsb(checkers)] | checkers : ~own;
    auto restrict = [&](int from, Bitboard tos) {
        return (pinned & bb(from)) ? tos & kLines.line[ksq][from] : tos;
    };

    // D-10: one Y step onto an empty cell, captures forward plus one X, Z or W step;
    // the last rank promotes to a Queen automatically.
    constexpr int Up = Us == WHITE ? 4 : -4;
    constexpr Bitboard LastRank = rank_bb(Us == WHITE ? 3 : 0);
    Bitboard pawns = pos.pieces(Us, PAWN);
    while (pawns) {
        const int from = pop_lsb(pawns);
        Bitboard tos = kPawnAttacks[Us][from] & pos.pieces(Them);
        if (!(occ & bb(from + Up)) && (!Captures || (bb(from + Up) & LastRank)))
            tos |= bb(from + Up);
        tos = restrict(from, tos & target);
        while (tos) {
            const int to = pop_lsb(tos);
            out.push(bb(to) & LastRank ? Move(from, to, MoveKind::PROMOTION, QUEEN)
                                       : Move(from, to));
        }
    }

    for (PieceType pt : {KNIGHT, BISHOP, ROOK, QUEEN}) {
        Bitboard b = pos.pieces(Us, pt);
        while (b) {
            const int from = pop_lsb(b);
            Bitboard a = restrict(from, attacks_of(pt, from, occ) & target &
                                            (Captures ? pos.pieces(Them) : ~Bitboard{0}));
            while (a) out.push(Move(from, pop_lsb(a)));
        }
    }
}

}  // namespace

void Position::legal_moves(Moves& out) const {
    out.clear();
    if (stm_ == WHITE)
        generate<WHITE, false>(*this, out);
    else
        generate<BLACK, false>(*this, out);
}

void Position::capture_moves(Moves& out) const {
    out.clear();
    if (stm_ == WHITE)
        generate<WHITE, true>(*this, out);
    else
        generate<BLACK, true>(*this, out);
}

}  // namespace chimera::chess4d
