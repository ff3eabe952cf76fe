// Chess move text: UCI long algebraic (e2e4, e7e8q, e1g1) and SAN (Nf3, exd5, O-O, e8=Q#).
#include "core/notation.h"

#include "core/text.h"
#include "variants/chess/position.h"

namespace chimera::chess {

namespace {
constexpr std::string_view kPieceLetters = "  NBRQK";
constexpr std::string_view kPromoLetters = "  nbrq";
}  // namespace

std::string Position::lan(Move m) const {
    std::string s = square_name(m.from()) + square_name(m.to());
    if (m.kind() == MoveKind::PROMOTION) s += kPromoLetters[m.extra()];
    return s;
}

std::string Position::san(Move m) const {
    std::string s;
    const PieceType pt = type_of(piece_on(m.from()));
    if (m.kind() == MoveKind::CASTLING) {
        s = m.to() > m.from() ? "O-O" : "O-O-O";
    } else {
        const bool capture = is_capture(m);
        if (pt != PAWN) s += kPieceLetters[pt];
        if (pt != PAWN || capture) s += origin_disambiguation(*this, m, pt == PAWN);
        if (capture) s += 'x';
        s += square_name(m.to());
        if (m.kind() == MoveKind::PROMOTION) {
            s += '=';
            s += kPieceLetters[m.extra()];
        }
    }
    return s + check_suffix(*this, m);
}

}  // namespace chimera::chess

namespace chimera::chess {

std::string Position::diagram() const {
    constexpr std::string_view chars = ".PNBRQK  pnbrqk";
    std::string s;
    for (int r = 7; r >= 0; --r) {
        s += static_cast<char>('1' + r);
        for (int f = 0; f < 8; ++f) {
            s += ' ';
            s += chars[piece_on(make_square(f, r))];
        }
        s += '\n';
    }
    s += "  a b c d e f g h\n";
    return s;
}

}  // namespace chimera::chess

namespace chimera::chess {

char Position::piece_char(int sq) const {
    constexpr std::string_view chars = " PNBRQK  pnbrqk";
    const Piece p = piece_on(sq);
    return p == NO_PIECE ? '\0' : chars[p];
}

}  // namespace chimera::chess
