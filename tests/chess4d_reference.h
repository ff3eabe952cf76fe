// A deliberately slow model of the 4D chess rules, written from the wording of
// the spec (docs: shared/spec/chess4d.md, D-1 and D-5 ... D-14) without any
// engine table: a move is a coordinate vector, and each rule is checked the
// obvious way ("the same distance along exactly two axes", ...). The rule
// tests compare the engine against it; it is also checked against the spec's
// own perft numbers (D-4) so that the model itself is not just trusted.
#pragma once

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdint>
#include <cstdlib>
#include <initializer_list>
#include <set>
#include <string>
#include <string_view>
#include <utility>

#include "variants/chess4d/position.h"

namespace chimera::ref4d {

struct Coord {
    int x, y, z, w;  // X file a-d, Y rank 1-4 (0-based), Z, W (D-1)
};

// Cell numbering of the engine API: x + 4y + 16z + 32w.
inline int cell(int x, int y, int z, int w) { return x + 4 * y + 16 * z + 32 * w; }
inline Coord coord(int c) { return {c % 4, c / 4 % 4, c / 16 % 2, c / 32}; }
inline bool inside(int x, int y, int z, int w) {
    return x >= 0 && x < 4 && y >= 0 && y < 4 && z >= 0 && z < 2 && w >= 0 && w < 2;
}

// D-1: file letter, rank digit, then [Z,W].
inline std::string name(int c) {
    const Coord k = coord(c);
    return std::string{static_cast<char>('a' + k.x),
                       static_cast<char>('1' + k.y),
                       '[',
                       static_cast<char>('0' + k.z),
                       ',',
                       static_cast<char>('0' + k.w),
                       ']'};
}
// "c2[1,0]" -> cell; test input is always well formed.
inline int sq(std::string_view n) { return cell(n[0] - 'a', n[1] - '1', n[3] - '0', n[5] - '0'); }

using Board = std::array<char, 64>;  // FEN letters (D-3), '.' for an empty cell
using MoveSet = std::set<std::pair<int, int>>;

inline Board empty_board() {
    Board b;
    b.fill('.');
    return b;
}
inline Board make_board(std::initializer_list<std::pair<char, const char*>> pieces) {
    Board b = empty_board();
    for (const auto& [p, where] : pieces) b[sq(where)] = p;
    return b;
}
inline bool is_white(char p) { return p >= 'A' && p <= 'Z'; }
inline bool is_black(char p) { return p >= 'a' && p <= 'z'; }
inline bool owned_by(char p, bool white) { return white ? is_white(p) : is_black(p); }
inline char kind(char p) { return static_cast<char>(std::toupper(static_cast<unsigned char>(p))); }

using Vec = std::array<int, 4>;
inline Vec delta(int from, int to) {
    const Coord a = coord(from), b = coord(to);
    return {b.x - a.x, b.y - a.y, b.z - a.z, b.w - a.w};
}
// Distances of the changed axes ("distance along an axis" = absolute change).
struct Changed {
    int n = 0;
    std::array<int, 4> dist{};
    bool all_equal() const {
        for (int i = 1; i < n; ++i)
            if (dist[i] != dist[0]) return false;
        return true;
    }
};
inline Changed changed(const Vec& d) {
    Changed c;
    for (int v : d)
        if (v != 0) c.dist[c.n++] = std::abs(v);
    return c;
}

// D-5: any distance along exactly one axis.
inline bool rook_vector(const Vec& d) { return changed(d).n == 1; }
// D-6: the same distance along exactly two axes.
inline bool bishop_vector(const Vec& d) {
    const auto c = changed(d);
    return c.n == 2 && c.all_equal();
}
// D-7: the same distance along any number of axes, one to four.
inline bool queen_vector(const Vec& d) {
    const auto c = changed(d);
    return c.n > 0 && c.all_equal();
}
// D-8: every coordinate changes by -1, 0 or +1, not all 0.
inline bool king_vector(const Vec& d) {
    for (int v : d)
        if (v < -1 || v > 1) return false;
    return d != Vec{0, 0, 0, 0};
}
// D-9: two steps along X or Y plus one step along a different axis.
inline bool knight_vector(const Vec& d) {
    for (int two : {0, 1}) {
        if (std::abs(d[two]) != 2) continue;
        for (int one = 0; one < 4; ++one) {
            if (one == two || std::abs(d[one]) != 1) continue;
            bool rest_zero = true;
            for (int a = 0; a < 4; ++a)
                if (a != one && a != two && d[a] != 0) rest_zero = false;
            if (rest_zero) return true;
        }
    }
    return false;
}
// D-10: one step along Y, White toward rank 4 and Black toward rank 1.
inline bool pawn_push_vector(const Vec& d, bool white) {
    return d[0] == 0 && d[1] == (white ? 1 : -1) && d[2] == 0 && d[3] == 0;
}
// D-10: one Y step forward plus one step along exactly one of X, Z or W.
inline bool pawn_capture_vector(const Vec& d, bool white) {
    if (d[1] != (white ? 1 : -1)) return false;
    int side_steps = 0;
    for (int a : {0, 2, 3}) {
        if (std::abs(d[a]) > 1) return false;
        side_steps += d[a] != 0;
    }
    return side_steps == 1;
}

// D-11: a slider goes one unit step at a time (each changed coordinate by 1) and
// every intermediate cell must be empty.
inline bool path_clear(const Board& b, int from, int to) {
    const Vec d = delta(from, to);
    int n = 0;
    for (int v : d) n = std::max(n, std::abs(v));
    auto unit = [](int v) { return v > 0 ? 1 : v < 0 ? -1 : 0; };
    const Coord f = coord(from);
    for (int k = 1; k < n; ++k) {
        const int c = cell(f.x + k * unit(d[0]), f.y + k * unit(d[1]), f.z + k * unit(d[2]),
                           f.w + k * unit(d[3]));
        if (b[c] != '.') return false;
    }
    return true;
}

// The piece on `from` attacks `to` (could capture there), whatever stands on `to`.
inline bool attacks(const Board& b, int from, int to) {
    if (from == to) return false;
    const char p = b[from];
    const Vec d = delta(from, to);
    switch (kind(p)) {
        case 'P':
            return pawn_capture_vector(d, is_white(p));
        case 'N':
            return knight_vector(d);
        case 'K':
            return king_vector(d);
        case 'R':
            return rook_vector(d) && path_clear(b, from, to);
        case 'B':
            return bishop_vector(d) && path_clear(b, from, to);
        case 'Q':
            return queen_vector(d) && path_clear(b, from, to);
        default:
            return false;
    }
}

inline bool attacked(const Board& b, int target, bool by_white) {
    for (int from = 0; from < 64; ++from)
        if (owned_by(b[from], by_white) && attacks(b, from, target)) return true;
    return false;
}

inline int king_cell(const Board& b, bool white) {
    for (int c = 0; c < 64; ++c)
        if (b[c] == (white ? 'K' : 'k')) return c;
    return -1;
}

inline bool in_check(const Board& b, bool white) {
    const int k = king_cell(b, white);
    return k >= 0 && attacked(b, k, !white);
}

// The move played on a copy; a pawn reaching its last rank becomes a Queen (D-10).
inline Board apply(const Board& b, int from, int to) {
    Board n = b;
    char p = n[from];
    n[from] = '.';
    if (p == 'P' && coord(to).y == 3) p = 'Q';
    if (p == 'p' && coord(to).y == 0) p = 'q';
    n[to] = p;
    return n;
}

// Pseudo-legal by D-5 ... D-11: nothing lands on a friendly piece, Kings are never
// captured, pawns push onto empty cells only and capture enemy pieces only.
inline bool pseudo_legal(const Board& b, int from, int to) {
    const char p = b[from], t = b[to];
    const bool white = is_white(p);
    if (p == '.' || from == to || owned_by(t, white) || kind(t) == 'K') return false;
    if (kind(p) == 'P')
        return t == '.' ? pawn_push_vector(delta(from, to), white)
                        : pawn_capture_vector(delta(from, to), white);
    return attacks(b, from, to);
}

// D-12: a move is legal when it does not leave the mover's King attacked.
inline MoveSet legal_moves(const Board& b, bool white) {
    MoveSet out;
    for (int from = 0; from < 64; ++from) {
        if (!owned_by(b[from], white)) continue;
        for (int to = 0; to < 64; ++to)
            if (pseudo_legal(b, from, to) && !in_check(apply(b, from, to), white))
                out.insert({from, to});
    }
    return out;
}

inline std::uint64_t perft(const Board& b, bool white, int depth) {
    const MoveSet moves = legal_moves(b, white);
    if (depth <= 1) return depth == 1 ? moves.size() : 1;
    std::uint64_t n = 0;
    for (const auto& [from, to] : moves) n += perft(apply(b, from, to), !white, depth - 1);
    return n;
}

// D-14: 8 rows top to bottom, (W=1,Y=4) ... (W=0,Y=1); each row files a-d of the
// Z=0 board then files a-d of the Z=1 board; digit runs for empty cells.
inline std::string fen(const Board& b, bool white_to_move, int halfmove = 0, int fullmove = 1) {
    std::string s;
    for (int row = 0; row < 8; ++row) {
        const int w = row < 4 ? 1 : 0, y = 3 - row % 4;
        int run = 0;
        for (int col = 0; col < 8; ++col) {
            const char p = b[cell(col % 4, y, col / 4, w)];
            if (p == '.') {
                ++run;
                continue;
            }
            if (run) s += static_cast<char>('0' + run);
            run = 0;
            s += p;
        }
        if (run) s += static_cast<char>('0' + run);
        if (row < 7) s += '/';
    }
    return s + (white_to_move ? " w " : " b ") + std::to_string(halfmove) + ' ' +
           std::to_string(fullmove);
}

// The engine's placement as FEN letters.
inline Board board_of(const chess4d::Position& pos) {
    constexpr std::string_view letters = ".PNBRQK";
    Board b = empty_board();
    for (int c = 0; c < 64; ++c) {
        const chess4d::Piece p = pos.piece_on(c);
        if (p == chess4d::NO_PIECE) continue;
        const char l = letters[chess4d::type_of(p)];
        b[c] = chess4d::color_of(p) == WHITE
                   ? l
                   : static_cast<char>(std::tolower(static_cast<unsigned char>(l)));
    }
    return b;
}

}  // namespace chimera::ref4d
