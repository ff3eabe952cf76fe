// Wataku Genesis action text. LAN (W-29): `e3e5` for moves and Traverses, `Q@e5`
// for deployments. SAN-like display: every piece has its letter (Pawns too,
// since they step in any orthogonal direction), the origin only when needed to
// tell two pieces of one kind apart, `x` for a capture, `~` for a Traverse
// (`Te2~e5`-style, `T~e5` when unambiguous), `Q@e5` for a deployment, `+`/`#`.
#include "core/notation.h"

#include "core/text.h"
#include "variants/wataku/position.h"

namespace chimera::wataku {

std::string Position::lan(Move m) const {
    if (m.kind() == MoveKind::DROP)
        return std::string(1, kTypeLetters[m.extra()]) + '@' + square_name(m.to());
    return square_name(m.from()) + square_name(m.to());
}

std::string Position::san(Move m) const {
    if (m.kind() == MoveKind::DROP) return lan(m) + check_suffix(*this, m);
    const Piece pc = piece_on(m.from());
    std::string s(1, kTypeLetters[type_of(pc)]);
    s += origin_disambiguation(*this, m, false);
    if (m.kind() == MoveKind::TRAVERSE)
        s += '~';
    else if (piece_on(m.to()) != NO_PIECE)
        s += 'x';
    return s + square_name(m.to()) + check_suffix(*this, m);
}

// The board with a '.' after every dormant piece, then both reserves.
std::string Position::diagram() const {
    std::string s;
    for (int r = 8; r >= 0; --r) {
        s += static_cast<char>('1' + r);
        for (int f = 0; f < 9; ++f) {
            const int sq = make_square(f, r);
            const Piece p = piece_on(sq);
            s += ' ';
            if (p == NO_PIECE) {
                s += "+ ";
                continue;
            }
            const char c = kTypeLetters[type_of(p)];
            s += color_of(p) == WHITE ? c : static_cast<char>(c + 32);
            s += is_active(sq) ? ' ' : '.';
        }
        s += '\n';
    }
    s += "  a  b  c  d  e  f  g  h  i\n";
    s += "(a '.' after a piece marks it dormant)\nreserve: ";
    for (Color c : {WHITE, BLACK}) {
        s += c == WHITE ? "White " : " Black ";
        for (int pt = QUEEN; pt <= TURTLE; ++pt) {
            const char l = kTypeLetters[pt];
            s += std::string(static_cast<std::size_t>(reserve_[c][pt]),
                             c == WHITE ? l : static_cast<char>(l + 32));
        }
    }
    return s + '\n';
}

}  // namespace chimera::wataku

namespace chimera::wataku {

char Position::piece_char(int sq) const {
    const Piece p = piece_on(sq);
    if (p == NO_PIECE) return '\0';
    const char c = kTypeLetters[type_of(p)];
    return color_of(p) == WHITE ? c : static_cast<char>(c + 32);
}

std::string Position::reserve_text(Color c) const {
    std::string s;
    for (int pt = QUEEN; pt <= TURTLE; ++pt)
        s += std::string(static_cast<std::size_t>(reserve_[c][pt]), kTypeLetters[pt]);
    return s;
}

std::string Position::group_marks() const {
    std::string marks(SQ_NB, '0');
    for (Color c : {WHITE, BLACK}) {
        Bitboard kings = pieces(c, KING);
        const int first = pop_lsb(kings);
        const Bitboard g1 = group_of(bb(first), pieces(c));
        const Bitboard g2 = group_of(kings, pieces(c)) & ~g1;
        for (int sq = 0; sq < SQ_NB; ++sq) {
            if (g1 & bb(sq)) marks[static_cast<std::size_t>(sq)] = '1';
            if (g2 & bb(sq)) marks[static_cast<std::size_t>(sq)] = '2';
        }
    }
    return marks;
}

std::vector<int> Position::checked_kings() const {
    std::vector<int> out;
    for (Bitboard k = pieces(stm_, KING); k;) {
        const int sq = pop_lsb(k);
        if (attacked_by(active(~stm_), sq, pieces())) out.push_back(sq);
    }
    return out;
}

}  // namespace chimera::wataku
