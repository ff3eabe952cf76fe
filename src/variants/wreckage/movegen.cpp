// Wreckage move generation: pseudo-legal moves of every piece and drop, then a
// legality filter. A move that is not a King move can only expose the King
// through a square on a line from the King toward an enemy piece that acts
// along lines (sliders, Dragon, Guillotine; for a Guillotine the square beyond
// the King counts too), so only King moves, castling, en passant, evasions and
// moves touching such lines are tested; the others are legal as generated.
// With Captures set the same code gives only the moves that remove enemy
// pieces (every capture mode, detonations, en passant, capturing promotions)
// and the pushes that promote to a Queen: the quiescence search's moves.
#include "variants/wreckage/position.h"

namespace chimera::wreckage {

namespace {

constexpr std::array<PieceType, 8> kPromotions{QUEEN,        ROOK,   BISHOP,     FERZ_KNIGHT,
                                               WAZIR_KNIGHT, DRAGON, GUILLOTINE, DETONATOR};

// A pawn's move; on the last rank every promotion, or the Queen's alone (a
// push among the captures).
void add_pawn_move(Position::Moves& out, Color us, int from, int to, bool all = true) {
    if (relative_rank(us, to) == 10) {
        for (PieceType pt : kPromotions) {
            out.push(Move(from, to, MoveKind::PROMOTION, pt));
            if (!all) return;
        }
    } else {
        out.push(Move(from, to));
    }
}

// how far a pawn of either kind may advance from relative rank r.
constexpr int forward_reach(int r) { return r <= 4 ? 5 - r : (r == 5 ? 1 : 2); }

}  // namespace

void Position::pseudo_legal_moves(Moves& out) const { generate<false>(out); }

template <bool Captures>
void Position::generate(Moves& out) const {
    out.clear();
    const Color us = stm_, them = ~us;
    const Bitboard occ = pieces(), own = pieces(us), enemy = pieces(them);
    const Bitboard empty = ~occ;
    const int up = us == WHITE ? N : S;
    // The moves of the pieces whose captures depend on the geometry (Dragon,
    // Guillotine), kept only when they capture.
    auto push = [&](Move m) {
        if (!Captures || captures_of(m)) out.push(m);
    };

    for (Bitboard b = own; b;) {
        const int from = pop_lsb(b);
        const PieceType pt = type_of(piece_on(from));
        Bitboard targets = 0;
        switch (pt) {
            case KING:
                targets = kKingSteps[from] & ~own;
                break;
            case QUEEN:
                targets = (rook_attacks(from, occ) | bishop_attacks(from, occ)) & ~own;
                break;
            case ROOK:
                targets = rook_attacks(from, occ) & ~own;
                break;
            case BISHOP:
                targets = bishop_attacks(from, occ) & ~own;
                break;
            case FERZ_KNIGHT:
                targets = (kKnight[from] | kDiagSteps[from]) & ~own;
                break;
            case WAZIR_KNIGHT:
                targets = (kKnight[from] | kOrthSteps[from]) & ~own;
                break;
            case DETONATOR:
                if (kKingSteps[from] & enemy & ~pieces(NINJA))
                    out.push(Move(from, from, MoveKind::DETONATION));
                if constexpr (!Captures)  // it never captures by moving
                    targets =
                        (rook_attacks(from, occ) | bishop_attacks(from, occ) | kKnight[from]) &
                        empty;
                break;
            case DRAGON:  // slides and leaps onto empty squares only
                if constexpr (Captures) {
                    for (Bitboard t = (rook_attacks(from, occ) | bishop_attacks(from, occ)) & empty;
                         t;)
                        push(Move(from, pop_lsb(t)));
                } else {
                    targets =
                        (rook_attacks(from, occ) | bishop_attacks(from, occ) | kKnight[from]) &
                        empty;
                }
                break;
            case GUILLOTINE:
                for (int d = 0; d < DIR_NB; ++d) {
                    const int s1 = step(from, d);
                    if (s1 < 0) continue;
                    const int s2 = step(s1, d);
                    if (!(occ & bb(s1))) {
                        // (a) slides, then (b) fly-over of the first piece met, and
                        // (c) replacement when that piece stands on s2.
                        int s = s1;
                        while (s >= 0 && !(occ & bb(s))) {
                            if constexpr (!Captures) out.push(Move(from, s));
                            s = step(s, d);
                        }
                        if (s >= 0 && (enemy & bb(s))) {
                            const int beyond = step(s, d);
                            if (beyond >= 0 && !(occ & bb(beyond))) out.push(Move(from, beyond));
                            if (s == s2) out.push(Move(from, s2));
                        }
                    } else if (s2 >= 0 && !(own & bb(s2))) {
                        // s1 occupied: (b) k=1, (c) over a friend, (d) double, (e) friendly jump.
                        push(Move(from, s2));
                    }
                }
                break;
            case PAWN:
            case NINJA: {
                const int r = relative_rank(us, from);
                int to = step(from, up);
                for (int k = 1; k <= forward_reach(r) && to >= 0 && !(occ & bb(to)); ++k) {
                    if (!Captures || relative_rank(us, to) == 10)
                        add_pawn_move(out, us, from, to, !Captures);
                    to = step(to, up);
                }
                for (Bitboard c = kPawnCaptures[us][from] & enemy; c;)
                    add_pawn_move(out, us, from, pop_lsb(c));
                if (pt == NINJA) {
                    const Bitboard side = (r >= 6 ? ~own : empty) & (Captures ? enemy : ~own);
                    for (Bitboard s = kSideSteps[from] & side; s;) out.push(Move(from, pop_lsb(s)));
                } else {
                    for (Bitboard e = st().ep & kPawnCaptures[us][from]; e;)
                        out.push(Move(from, pop_lsb(e), MoveKind::EN_PASSANT));
                }
                break;
            }
            default:
                break;
        }
        if constexpr (Captures) targets &= enemy;
        while (targets) out.push(Move(from, pop_lsb(targets)));
    }
    if constexpr (Captures) return;

    add_castling(out);

    // drops. The Guillotine on the back rank, Ninja Pawns on rank 2 with an
    // optional push up to rank 5 over empty squares.
    if (hand_[us][HAND_G])
        for (Bitboard d = relative_ranks(us, 1, 1) & empty; d;) {
            const int sq = pop_lsb(d);
            out.push(Move(sq, sq, MoveKind::DROP, GUILLOTINE));
        }
    if (hand_[us][HAND_J])
        for (int f = 0; f < 10; ++f)
            for (int r = 2; r <= 5; ++r) {
                const int sq = make_square(f, us == WHITE ? r - 1 : 10 - r);
                if (occ & bb(sq)) break;
                out.push(Move(sq, sq, MoveKind::DROP, NINJA));
            }
}

// the King on f1/f10 and an unmoved b- or i-Rook, all squares between
// them empty, the King not in check and no square it passes over or lands on
// attacked (tested with the King lifted, the Rook in place).
void Position::add_castling(Moves& out) const {
    const Color us = stm_;
    const int back = us == WHITE ? 0 : 9;
    const int king = make_square(5, back);
    const std::uint8_t rights =
        st().castling & (us == WHITE ? WHITE_B | WHITE_I : BLACK_B | BLACK_I);
    if (!rights || in_check()) return;
    const Bitboard occ_no_king = pieces() ^ bb(king);
    for (int side = 0; side < 2; ++side) {
        const bool i_side = side == 1;
        const std::uint8_t right =
            us == WHITE ? (i_side ? WHITE_I : WHITE_B) : (i_side ? BLACK_I : BLACK_B);
        if (!(rights & right)) continue;
        const int rook = make_square(i_side ? 8 : 1, back);
        const int dir = i_side ? 1 : -1;
        bool clear = true;
        for (int s = king + dir; s != rook; s += dir) clear &= piece_on(s) == NO_PIECE;
        if (!clear) continue;
        for (int to = king + dir;; to += dir) {
            if (attacked_by(~us, to, occ_no_king)) break;
            out.push(Move(king, to, MoveKind::CASTLING));
            if (to == rook) break;
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
    const Color them = ~stm_;
    const int ksq = king_square(stm_);
    // Lines through the King holding an enemy piece that acts along lines; for a
    // Guillotine also the opposite line, where the square beyond the King matters.
    const Bitboard liners =
        pieces(them, QUEEN) | pieces(them, ROOK) | pieces(them, BISHOP) | pieces(them, DRAGON);
    const Bitboard guillotines = pieces(them, GUILLOTINE);
    Bitboard lines = 0;
    for (int d = 0; d < DIR_NB; ++d) {
        const Bitboard ray = kRays.rays[d][ksq];
        if (ray & (liners | guillotines)) lines |= ray;
        if (ray & guillotines) lines |= kRays.rays[opposite(d)][ksq];
    }
    const bool check = in_check();
    for (Move m : pseudo) {
        const bool risky = check || m.from() == ksq || m.kind() == MoveKind::EN_PASSANT ||
                           m.kind() == MoveKind::CASTLING ||
                           (lines && ((bb(m.from()) | bb(m.to()) | captures_of(m)) & lines));
        if (!risky || is_legal(m)) out.push(m);
    }
}

}  // namespace chimera::wreckage
