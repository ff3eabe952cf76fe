// Legal move generation for orthodox chess: King moves tested against the
// attackers with the King lifted off the board, check evasions restricted to
// capturing or blocking the single checker, pinned pieces kept on their pin
// line, en passant verified by removing both pawns.
#include "variants/chess/position.h"

namespace chimera::chess {

namespace {

template <Color Us>
constexpr Bitboard shift_up(Bitboard b) {
    return Us == WHITE ? b << 8 : b >> 8;
}

// Every promotion, or the Queen's alone (a push among the captures).
void add_promotions(Position::Moves& out, int from, int to, bool all) {
    for (PieceType pt : {QUEEN, ROOK, BISHOP, KNIGHT}) {
        out.push(Move(from, to, MoveKind::PROMOTION, pt));
        if (!all) return;
    }
}

template <Color Us, bool Captures>
void pawn_moves(const Position& pos, Position::Moves& out, Bitboard target, Bitboard pinned,
                int ksq) {
    constexpr Color Them = ~Us;
    constexpr int Up = Us == WHITE ? 8 : -8;
    constexpr Bitboard Rank3 = rank_bb(Us == WHITE ? 2 : 5);
    constexpr Bitboard Rank8 = rank_bb(Us == WHITE ? 7 : 0);
    const Bitboard empty = ~pos.pieces();
    const Bitboard enemies = pos.pieces(Them);
    const Bitboard pawns = pos.pieces(Us, PAWN);
    auto allowed = [&](int from, int to) {
        return !(pinned & bb(from)) || (kLines.line[ksq][from] & bb(to));
    };
    auto emit = [&](Bitboard tos, int delta) {
        while (tos) {
            const int to = pop_lsb(tos), from = to - delta;
            if (!allowed(from, to)) continue;
            if (bb(to) & Rank8)
                add_promotions(out, from, to, !Captures || delta != Up);
            else
                out.push(Move(from, to));
        }
    };
    const Bitboard push1 = shift_up<Us>(pawns) & empty;
    emit(push1 & target & (Captures ? Rank8 : ~Bitboard{0}), Up);
    if constexpr (!Captures) emit(shift_up<Us>(push1 & Rank3) & empty & target, 2 * Up);
    constexpr Bitboard NotA = ~file_bb(0), NotH = ~file_bb(7);
    // Captures toward file a and toward file h, seen from White's side of the board.
    emit(shift_up<Us>(pawns & NotA) >> 1 & enemies & target, Up - 1);
    emit(shift_up<Us>(pawns & NotH) << 1 & enemies & target, Up + 1);

    if (const int ep = pos.ep_square(); ep >= 0) {
        Bitboard b = kPawnAttacks[Them][ep] & pawns;
        while (b) {
            const Move m(pop_lsb(b), ep, MoveKind::EN_PASSANT);
            if (pos.is_legal_ep(m)) out.push(m);
        }
    }
}

template <Color Us, bool Captures>
void generate(const Position& pos, Position::Moves& out) {
    constexpr Color Them = ~Us;
    const int ksq = pos.king_square(Us);
    const Bitboard occ = pos.pieces();
    const Bitboard own = pos.pieces(Us);

    // King steps, with the King lifted so that sliders see through its square.
    Bitboard k = kKingAttacks[ksq] & (Captures ? pos.pieces(Them) : ~own);
    const Bitboard occ_no_king = occ ^ bb(ksq);
    while (k) {
        const int to = pop_lsb(k);
        if (!pos.attacked_by(Them, to, occ_no_king)) out.push(Move(ksq, to));
    }

    // Checkers and pins, both found from the King's square outward.
    const Bitboard diag = pos.pieces(Them, BISHOP) | pos.pieces(Them, QUEEN);
    const Bitboard orth = pos.pieces(Them, ROOK) | pos.pieces(Them, QUEEN);
    Bitboard checkers = 0, pinned = 0;
    Bitboard snipers = (bishop_attacks(ksq, 0) & diag) | (rook_attacks(ksq, 0) & orth);
    while (snipers) {
        const int s = pop_lsb(snipers);
        const Bitboard between = kLines.between[ksq][s] & occ;
        if (!between)
            checkers |= bb(s);
        else if (!more_than_one(between) && (between & own))
            pinned |= between;
    }
    checkers |= (kKnightAttacks[ksq] & pos.pieces(Them, KNIGHT)) |
                (kPawnAttacks[Us][ksq] & pos.pieces(Them, PAWN));
    if (more_than_one(checkers)) return;

    const Bitboard target = checkers ? kLines.between[ksq][lsb(checkers)] | checkers : ~own;
    pawn_moves<Us, Captures>(pos, out, target, pinned, ksq);

    const Bitboard piece_target = Captures ? target & pos.pieces(Them) : target;
    for (PieceType pt : {KNIGHT, BISHOP, ROOK, QUEEN}) {
        Bitboard b = pos.pieces(Us, pt);
        while (b) {
            const int from = pop_lsb(b);
            Bitboard a = attacks_of(pt, from, occ) & piece_target;
            if (pinned & bb(from)) a &= kLines.line[ksq][from];
            while (a) out.push(Move(from, pop_lsb(a)));
        }
    }

    if (checkers || Captures) return;
    const std::uint8_t cr = pos.castling_rights();
    constexpr int back = Us == WHITE ? 0 : 56;
    constexpr std::uint8_t OO = Us == WHITE ? WHITE_OO : BLACK_OO;
    constexpr std::uint8_t OOO = Us == WHITE ? WHITE_OOO : BLACK_OOO;
    if ((cr & OO) && !(occ & (bb(back + 5) | bb(back + 6))) &&
        !pos.attacked_by(Them, back + 5, occ) && !pos.attacked_by(Them, back + 6, occ))
        out.push(Move(ksq, back + 6, MoveKind::CASTLING));
    if ((cr & OOO) && !(occ & (bb(back + 1) | bb(back + 2) | bb(back + 3))) &&
        !pos.attacked_by(Them, back + 3, occ) && !pos.attacked_by(Them, back + 2, occ))
        out.push(Move(ksq, back + 2, MoveKind::CASTLING));
}

}  // namespace

bool Position::is_legal_ep(Move m) const { return ep_capture_legal(m.from(), m.to()); }

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

}  // namespace chimera::chess
