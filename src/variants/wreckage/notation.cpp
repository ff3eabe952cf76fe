// Wreckage move text. LAN: `e2e5`, `e9e10d`, `f1g1c`, `e8x`, `G@a1`, `J@e4`.
// SAN-like display: `Nf3`-style with our letters, pawn captures with the file
// (`dxe5`), `=D` for promotions, and every capture that removes something other
// than the piece on the destination lists what it removes: `Dxd4(e5)`,
// `Gxh4(g4,h4)`, `fxe4(e5)` (en passant), detonation `Xe8x(d7,e7)`; castling
// shows the King's destination, `O-O(g1)` toward the i-Rook and `O-O-O(d1)`
// toward the b-Rook; drops as in LAN.
#include "core/notation.h"

#include "variants/wreckage/position.h"

namespace chimera::wreckage {

namespace {

std::string square_list(Bitboard squares) {
    std::string s;
    while (squares) {
        s += Position::square_name(pop_lsb(squares));
        if (squares) s += ',';
    }
    return s;
}

char lower(char c) { return static_cast<char>(c >= 'A' && c <= 'Z' ? c + 32 : c); }

}  // namespace

std::string Position::lan(Move m) const {
    switch (m.kind()) {
        case MoveKind::DROP:
            return std::string(1, kTypeLetters[m.extra()]) + '@' + square_name(m.to());
        case MoveKind::DETONATION:
            return square_name(m.from()) + 'x';
        case MoveKind::CASTLING:
            return square_name(m.from()) + square_name(m.to()) + 'c';
        case MoveKind::PROMOTION:
            return square_name(m.from()) + square_name(m.to()) + lower(kTypeLetters[m.extra()]);
        default:
            return square_name(m.from()) + square_name(m.to());
    }
}

std::string Position::san(Move m) const {
    std::string s;
    const Bitboard caps = captures_of(m);
    switch (m.kind()) {
        case MoveKind::DROP:
            s = lan(m);
            break;
        case MoveKind::DETONATION:
            s = "X" + square_name(m.from()) + "x(" + square_list(caps) + ")";
            break;
        case MoveKind::CASTLING:
            s = std::string(m.to() > m.from() ? "O-O(" : "O-O-O(") + square_name(m.to()) + ")";
            break;
        default: {
            const Piece pc = piece_on(m.from());
            const PieceType pt = type_of(pc);
            if (pt != PAWN) s += kTypeLetters[pt];
            s += origin_disambiguation(*this, m, pt == PAWN && caps);
            if (caps) s += 'x';
            s += square_name(m.to());
            if (m.kind() == MoveKind::PROMOTION) s += std::string("=") + kTypeLetters[m.extra()];
            if (caps && caps != bb(m.to())) s += "(" + square_list(caps) + ")";
        }
    }
    return s + check_suffix(*this, m);
}

std::string Position::diagram() const {
    std::string s;
    for (int r = 9; r >= 0; --r) {
        s += (r == 9 ? "" : " ") + std::to_string(r + 1);
        for (int f = 0; f < 10; ++f) {
            const Piece p = piece_on(make_square(f, r));
            char c = p == NO_PIECE ? '.' : kTypeLetters[type_of(p)];
            if (p != NO_PIECE && color_of(p) == BLACK) c = lower(c);
            s += ' ';
            s += c;
        }
        s += '\n';
    }
    s += "   a b c d e f g h i j\n";
    s += "hands: White G" + std::to_string(hand_[WHITE][HAND_G]) + " J" +
         std::to_string(hand_[WHITE][HAND_J]) + ", Black G" + std::to_string(hand_[BLACK][HAND_G]) +
         " J" + std::to_string(hand_[BLACK][HAND_J]) + "\n";
    return s;
}

}  // namespace chimera::wreckage

namespace chimera::wreckage {

char Position::piece_char(int sq) const {
    const Piece p = piece_on(sq);
    if (p == NO_PIECE) return '\0';
    const char c = kTypeLetters[type_of(p)];
    return color_of(p) == WHITE ? c : lower(c);
}

std::string Position::reserve_text(Color c) const {
    std::string s(static_cast<std::size_t>(hand_[c][HAND_G]), 'G');
    return s + std::string(static_cast<std::size_t>(hand_[c][HAND_J]), 'J');
}

}  // namespace chimera::wreckage
