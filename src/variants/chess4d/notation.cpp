// 4D chess move text: LAN `a1[0,0]a1[0,1]` (D-15) and a SAN-like display form
// `Ra1[0,1]`, `Nxc3[1,0]`, `cxb3[0,0]`, `c4[1,1]=Q+`: piece letter, origin only
// as far as needed to tell apart pieces of one kind reaching the same square,
// `x` for captures, `=Q` for the automatic promotion, `+`/`#`.
#include "core/notation.h"

#include "variants/chess4d/position.h"

namespace chimera::chess4d {

namespace {

constexpr std::string_view kPieceLetters = "  NBRQK";

std::string origin_part(int sq, int parts) {
    const std::string full = Position::square_name(sq);
    std::string s;
    if (parts & 1) s += full[0];
    if (parts & 2) s += full[1];
    if (parts & 4) s += full.substr(2);
    return s;
}

// Shortest origin description (file 1, rank 2, board 4) that no rival origin shares.
std::string disambiguation(int from, const std::vector<int>& rivals, bool pawn_capture) {
    if (rivals.empty() && !pawn_capture) return "";
    for (int parts : {1, 2, 4, 3, 5, 6, 7}) {
        if (pawn_capture && !(parts & 1)) continue;  // a pawn capture always names its file
        const std::string mine = origin_part(from, parts);
        bool unique = true;
        for (int r : rivals) unique &= origin_part(r, parts) != mine;
        if (unique) return mine;
    }
    return Position::square_name(from);
}

}  // namespace

std::string Position::lan(Move m) const { return square_name(m.from()) + square_name(m.to()); }

std::string Position::san(Move m) const {
    const PieceType pt = type_of(piece_on(m.from()));
    const bool capture = is_capture(m);
    std::vector<int> rivals;
    if (pt != KING) {
        Moves moves;
        legal_moves(moves);
        for (Move o : moves)
            if (o.to() == m.to() && o.from() != m.from() &&
                piece_on(o.from()) == piece_on(m.from()))
                rivals.push_back(o.from());
    }
    std::string s;
    if (pt != PAWN) s += kPieceLetters[pt];
    s += disambiguation(m.from(), rivals, pt == PAWN && capture);
    if (capture) s += 'x';
    s += square_name(m.to());
    if (m.kind() == MoveKind::PROMOTION) s += "=Q";
    return s + check_suffix(*this, m);
}

Move Position::parse_lan(std::string_view text, std::string* error) const {
    std::size_t used = 0;
    const int from = parse_square(text, &used);
    std::size_t used2 = 0;
    const int to = from >= 0 ? parse_square(text.substr(used), &used2) : -1;
    if (from < 0 || to < 0 || used + used2 != text.size()) {
        if (error)
            *error = "move " + quoted(text) +
                     " is not 4D long algebraic notation (two squares like a1[0,0]a1[0,1])";
        return Move::none();
    }
    Moves moves;
    legal_moves(moves);
    for (Move m : moves)
        if (m.from() == from && m.to() == to) return m;
    if (error) *error = lan_error(text, kId);
    return Move::none();
}

}  // namespace chimera::chess4d

namespace chimera::chess4d {

// The four boards in a 2x2 grid as D-2 lays them out: Z columns, W rows (W=1 on top).
std::string Position::diagram() const {
    constexpr std::string_view chars = ".PNBRQK  pnbrqk";
    std::string s;
    for (int w = 1; w >= 0; --w) {
        s += "   [0," + std::to_string(w) + "]      [1," + std::to_string(w) + "]\n";
        for (int y = 3; y >= 0; --y) {
            for (int z = 0; z < 2; ++z) {
                s += z ? "   " : "";
                s += static_cast<char>('1' + y);
                for (int x = 0; x < 4; ++x) {
                    s += ' ';
                    s += chars[piece_on(make_square(x, y, z, w))];
                }
            }
            s += '\n';
        }
        s += "  a b c d    a b c d\n";
    }
    return s;
}

}  // namespace chimera::chess4d

namespace chimera::chess4d {

char Position::piece_char(int sq) const {
    constexpr std::string_view chars = " PNBRQK  pnbrqk";
    const Piece p = piece_on(sq);
    return p == NO_PIECE ? '\0' : chars[p];
}

}  // namespace chimera::chess4d
