// A deliberately slow reference implementation of the movement rules of orthodox
// chess (FIDE) and 4D chess (spec/chess4d.md, D-5 ... D-12, D-14, D-15), written
// from the rules alone for the property tests. It shares nothing with the engine
// except the encoding of its outputs: a piece is colour * 8 + type (type 1..6 =
// P N B R Q K), cells are numbered x + X*(y + Y*(z + Z*w)), and a Move carries
// (from, to, kind, extra) with castling written King-from/King-to (e1g1) and the
// promotion piece type in extra.
//
// Two formulations are used on purpose: the attack test looks at the coordinate
// difference between two cells and asks whether the rules allow it, while the
// move generator walks direction vectors square by square. Each checks the other
// as well as the engine.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "core/move.h"

namespace chimera::test {

constexpr int kPawn = 1, kKnight = 2, kBishop = 3, kRook = 4, kQueen = 5, kKing = 6;
constexpr int kWhite = 0, kBlack = 1;

constexpr int piece_code(int color, int type) { return color * 8 + type; }
constexpr int color_code(int piece) { return piece >> 3; }
constexpr int type_code(int piece) { return piece & 7; }

// Castling rights of the reference game (orthodox chess only).
constexpr unsigned kRightWK = 1, kRightWQ = 2, kRightBK = 4, kRightBQ = 8;

enum class RefRules { Orthodox, FourD };

struct RefCoord {
    std::array<int, 4> c{};
};

// A whole game state: placement plus everything FEN records.
struct RefGame {
    RefRules rules = RefRules::Orthodox;
    std::array<int, 4> dim{8, 8, 1, 1};
    std::array<int, 64> board{};  // 0 = empty
    int stm = kWhite;
    unsigned rights = 0;  // orthodox only
    int ep = -1;          // orthodox only: the square a double step just skipped
    int halfmove = 0;
    int fullmove = 1;

    bool orthodox() const { return rules == RefRules::Orthodox; }
    int cells() const { return dim[0] * dim[1] * dim[2] * dim[3]; }
    RefCoord coord(int sq) const {
        // Memoised for the two board shapes make_ref_game() creates.
        static const auto tables = [] {
            std::array<std::array<RefCoord, 64>, 2> t{};
            const std::array<std::array<int, 4>, 2> shapes{{{8, 8, 1, 1}, {4, 4, 2, 2}}};
            for (std::size_t k = 0; k < 2; ++k)
                for (int cell = 0; cell < 64; ++cell) {
                    int rest = cell;
                    for (std::size_t a = 0; a < 4; ++a) {
                        t[k][static_cast<std::size_t>(cell)].c[a] = rest % shapes[k][a];
                        rest /= shapes[k][a];
                    }
                }
            return t;
        }();
        return tables[orthodox() ? 0 : 1][static_cast<std::size_t>(sq)];
    }
    bool inside(const RefCoord& r) const {
        for (int a = 0; a < 4; ++a)
            if (r.c[a] < 0 || r.c[a] >= dim[a]) return false;
        return true;
    }
    int index(const RefCoord& r) const {
        return r.c[0] + dim[0] * (r.c[1] + dim[1] * (r.c[2] + dim[2] * r.c[3]));
    }
    int last_rank(int color) const { return color == kWhite ? dim[1] - 1 : 0; }
    int forward(int color) const { return color == kWhite ? 1 : -1; }
};

inline RefGame make_ref_game(RefRules rules) {
    RefGame g;
    g.rules = rules;
    g.dim = rules == RefRules::Orthodox ? std::array<int, 4>{8, 8, 1, 1}
                                        : std::array<int, 4>{4, 4, 2, 2};
    return g;
}

// ------------------------------------------------------------------ attacks

// Does the piece on `from` attack `to` (by the rules, whatever stands on `to`)?
inline bool ref_piece_attacks(const RefGame& g, int from, int to) {
    const int p = g.board[from];
    if (p == 0 || from == to) return false;
    const RefCoord f = g.coord(from), t = g.coord(to);
    std::array<int, 4> d{}, ad{};
    int changed = 0, longest = 0;
    for (int a = 0; a < 4; ++a) {
        d[a] = t.c[a] - f.c[a];
        ad[a] = std::abs(d[a]);
        changed += d[a] != 0;
        longest = std::max(longest, ad[a]);
    }
    bool all_equal = true;  // every changed axis changes by the same distance
    for (int a = 0; a < 4; ++a)
        if (d[a] != 0 && ad[a] != longest) all_equal = false;
    auto path_clear = [&] {
        RefCoord c = f;
        for (int i = 1; i < longest; ++i) {
            for (int a = 0; a < 4; ++a) c.c[a] += (d[a] > 0) - (d[a] < 0);
            if (g.board[g.index(c)] != 0) return false;
        }
        return true;
    };
    switch (type_code(p)) {
        case kPawn: {
            // One step forward along Y plus one step along exactly one of X, Z, W.
            if (d[1] != g.forward(color_code(p))) return false;
            return ad[0] + ad[2] + ad[3] == 1;
        }
        case kKnight: {
            // Two along X or Y, one along one other axis, nothing else.
            if (changed != 2) return false;
            const bool two_on_xy = ad[0] == 2 || ad[1] == 2;
            return two_on_xy && ad[0] + ad[1] + ad[2] + ad[3] == 3;
        }
        case kKing:
            return longest == 1;
        case kRook:
            return changed == 1 && path_clear();
        case kBishop:
            return changed == 2 && all_equal && path_clear();
        case kQueen:
            return all_equal && path_clear();
        default:
            return false;
    }
}

inline bool ref_attacked(const RefGame& g, int sq, int by_color) {
    for (int from = 0; from < g.cells(); ++from)
        if (g.board[from] != 0 && color_code(g.board[from]) == by_color &&
            ref_piece_attacks(g, from, sq))
            return true;
    return false;
}

inline int ref_king(const RefGame& g, int color) {
    for (int sq = 0; sq < g.cells(); ++sq)
        if (g.board[sq] == piece_code(color, kKing)) return sq;
    return -1;
}

inline bool ref_in_check(const RefGame& g) {
    const int k = ref_king(g, g.stm);
    return k >= 0 && ref_attacked(g, k, 1 - g.stm);
}

// ------------------------------------------------------------------ making moves

inline int ref_square(const RefGame& g, int x, int y) { return g.index(RefCoord{{x, y, 0, 0}}); }

// Plays m (assumed pseudo-legal) and returns the new state; the input is untouched.
inline RefGame ref_apply(const RefGame& g, Move m) {
    RefGame n = g;
    const int from = m.from(), to = m.to();
    const int p = g.board[from];
    const RefCoord f = g.coord(from), t = g.coord(to);
    bool capture = g.board[to] != 0;
    n.board[from] = 0;
    n.board[to] = p;
    if (m.kind() == MoveKind::EN_PASSANT) {
        n.board[g.index(RefCoord{{t.c[0], f.c[1], t.c[2], t.c[3]}})] = 0;  // the pawn passed by
        capture = true;
    } else if (m.kind() == MoveKind::CASTLING) {
        const bool king_side = t.c[0] > f.c[0];
        const int rook_from = ref_square(g, king_side ? 7 : 0, f.c[1]);
        const int rook_to = ref_square(g, king_side ? 5 : 3, f.c[1]);
        n.board[rook_to] = n.board[rook_from];
        n.board[rook_from] = 0;
    } else if (m.kind() == MoveKind::PROMOTION) {
        n.board[to] = piece_code(g.stm, m.extra());
    }
    n.halfmove = (capture || type_code(p) == kPawn) ? 0 : g.halfmove + 1;
    if (g.stm == kBlack) ++n.fullmove;
    n.stm = 1 - g.stm;
    if (g.orthodox()) {
        // Moving from or onto a King or Rook start square loses the rights tied to it.
        auto touch = [&](int sq) {
            if (sq == ref_square(g, 4, 0)) n.rights &= ~(kRightWK | kRightWQ);
            if (sq == ref_square(g, 7, 0)) n.rights &= ~kRightWK;
            if (sq == ref_square(g, 0, 0)) n.rights &= ~kRightWQ;
            if (sq == ref_square(g, 4, 7)) n.rights &= ~(kRightBK | kRightBQ);
            if (sq == ref_square(g, 7, 7)) n.rights &= ~kRightBK;
            if (sq == ref_square(g, 0, 7)) n.rights &= ~kRightBQ;
        };
        touch(from);
        touch(to);
        n.ep = -1;
        if (type_code(p) == kPawn && std::abs(t.c[1] - f.c[1]) == 2)
            n.ep = ref_square(g, f.c[0], (f.c[1] + t.c[1]) / 2);
    }
    return n;
}

// ------------------------------------------------------------------ move generation

// All vectors with components in -reach..reach on the four axes, not all zero.
inline std::vector<std::array<int, 4>> ref_vectors(int reach) {
    std::vector<std::array<int, 4>> out;
    for (int x = -reach; x <= reach; ++x)
        for (int y = -reach; y <= reach; ++y)
            for (int z = -reach; z <= reach; ++z)
                for (int w = -reach; w <= reach; ++w)
                    if (x || y || z || w) out.push_back({x, y, z, w});
    return out;
}

inline int axes_changed(const std::array<int, 4>& v) {
    return (v[0] != 0) + (v[1] != 0) + (v[2] != 0) + (v[3] != 0);
}

// Unit step directions of a slider that changes `axes` axes at once (0 = any number).
inline const std::vector<std::array<int, 4>>& ref_slider_dirs(int axes) {
    static const auto table = [] {
        std::array<std::vector<std::array<int, 4>>, 5> t;
        for (const auto& v : ref_vectors(1)) {
            t[0].push_back(v);
            t[static_cast<std::size_t>(axes_changed(v))].push_back(v);
        }
        return t;
    }();
    return table[static_cast<std::size_t>(axes)];
}

// Knight jumps: two along X or Y and one along a different axis.
inline const std::vector<std::array<int, 4>>& ref_knight_jumps() {
    static const auto jumps = [] {
        std::vector<std::array<int, 4>> out;
        for (const auto& v : ref_vectors(2)) {
            int twos = 0, ones = 0;
            for (int a = 0; a < 4; ++a) {
                twos += std::abs(v[a]) == 2;
                ones += std::abs(v[a]) == 1;
            }
            const bool two_on_xy = std::abs(v[0]) == 2 || std::abs(v[1]) == 2;
            if (twos == 1 && ones == 1 && two_on_xy) out.push_back(v);
        }
        return out;
    }();
    return jumps;
}

inline void ref_add_pawn_move(const RefGame& g, std::vector<Move>& out, int from, int to) {
    if (g.coord(to).c[1] != g.last_rank(g.stm)) {
        out.push_back(Move(from, to));
    } else if (g.orthodox()) {
        for (int pt : {kQueen, kRook, kBishop, kKnight})
            out.push_back(Move(from, to, MoveKind::PROMOTION, pt));
    } else {
        out.push_back(Move(from, to, MoveKind::PROMOTION, kQueen));  // D-10: automatic Queen
    }
}

inline std::vector<Move> ref_pseudo_legal(const RefGame& g) {
    std::vector<Move> out;
    const int us = g.stm;
    auto own = [&](int sq) { return g.board[sq] != 0 && color_code(g.board[sq]) == us; };
    auto enemy = [&](int sq) { return g.board[sq] != 0 && color_code(g.board[sq]) != us; };
    auto shifted = [&](RefCoord c, const std::array<int, 4>& v) {
        for (int a = 0; a < 4; ++a) c.c[a] += v[a];
        return c;
    };
    for (int from = 0; from < g.cells(); ++from) {
        if (!own(from)) continue;
        const RefCoord f = g.coord(from);
        const int type = type_code(g.board[from]);
        if (type == kPawn) {
            const int fwd = g.forward(us);
            const RefCoord one = shifted(f, {0, fwd, 0, 0});
            if (g.inside(one) && g.board[g.index(one)] == 0) {
                ref_add_pawn_move(g, out, from, g.index(one));
                const RefCoord two = shifted(f, {0, 2 * fwd, 0, 0});
                const int start_rank = us == kWhite ? 1 : g.dim[1] - 2;
                if (g.orthodox() && f.c[1] == start_rank && g.board[g.index(two)] == 0)
                    out.push_back(Move(from, g.index(two)));
            }
            for (int axis : {0, 2, 3})
                for (int s : {-1, 1}) {
                    std::array<int, 4> v{0, fwd, 0, 0};
                    v[static_cast<std::size_t>(axis)] = s;
                    const RefCoord c = shifted(f, v);
                    if (!g.inside(c)) continue;
                    const int to = g.index(c);
                    if (enemy(to))
                        ref_add_pawn_move(g, out, from, to);
                    else if (g.orthodox() && to == g.ep)
                        out.push_back(Move(from, to, MoveKind::EN_PASSANT));
                }
        } else if (type == kKnight || type == kKing) {
            const auto& vecs = type == kKnight ? ref_knight_jumps() : ref_slider_dirs(0);
            for (const auto& v : vecs) {
                const RefCoord c = shifted(f, v);
                if (g.inside(c) && !own(g.index(c))) out.push_back(Move(from, g.index(c)));
            }
        } else {
            const int axes = type == kRook ? 1 : type == kBishop ? 2 : 0;
            for (const auto& v : ref_slider_dirs(axes))
                for (RefCoord c = shifted(f, v); g.inside(c); c = shifted(c, v)) {
                    const int to = g.index(c);
                    if (own(to)) break;
                    out.push_back(Move(from, to));
                    if (enemy(to)) break;
                }
        }
    }
    if (g.orthodox()) {
        // Castling: right kept, squares between King and Rook empty, the King not in
        // check and not passing over or landing on an attacked square.
        const int y = us == kWhite ? 0 : 7, them = 1 - us;
        const int e = ref_square(g, 4, y);
        auto empty = [&](int x) { return g.board[ref_square(g, x, y)] == 0; };
        auto safe = [&](int x) { return !ref_attacked(g, ref_square(g, x, y), them); };
        const unsigned k_right = us == kWhite ? kRightWK : kRightBK;
        const unsigned q_right = us == kWhite ? kRightWQ : kRightBQ;
        if ((g.rights & k_right) && empty(5) && empty(6) && safe(4) && safe(5) && safe(6))
            out.push_back(Move(e, ref_square(g, 6, y), MoveKind::CASTLING));
        if ((g.rights & q_right) && empty(1) && empty(2) && empty(3) && safe(4) && safe(3) &&
            safe(2))
            out.push_back(Move(e, ref_square(g, 2, y), MoveKind::CASTLING));
    }
    return out;
}

// Legal moves, sorted by their encoding: pseudo-legal moves that do not leave the
// mover's King attacked (D-12; FIDE 3.9).
inline std::vector<Move> ref_legal(const RefGame& g) {
    std::vector<Move> out;
    for (Move m : ref_pseudo_legal(g)) {
        const RefGame n = ref_apply(g, m);
        const int k = ref_king(n, g.stm);
        if (k >= 0 && !ref_attacked(n, k, 1 - g.stm)) out.push_back(m);
    }
    std::sort(out.begin(), out.end(), [](Move a, Move b) { return a.raw() < b.raw(); });
    return out;
}

// ------------------------------------------------------------------ end of game

// Material with which no mate can ever happen: for 4D only the two Kings (D-13);
// for chess no pawn, rook or queen and either at most one minor piece or only
// bishops, all on squares of one colour.
inline bool ref_dead_material(const RefGame& g) {
    int minors = 0, knights = 0, others = 0;
    bool light = false, dark = false;
    for (int sq = 0; sq < g.cells(); ++sq) {
        const int t = type_code(g.board[sq]);
        if (g.board[sq] == 0 || t == kKing) continue;
        if (!g.orthodox() || t == kPawn || t == kRook || t == kQueen) {
            ++others;
        } else {
            ++minors;
            knights += t == kKnight;
            const RefCoord c = g.coord(sq);
            ((c.c[0] + c.c[1]) % 2 ? light : dark) = true;
        }
    }
    if (others) return false;
    return minors <= 1 || (knights == 0 && !(light && dark));
}

// ------------------------------------------------------------------ text

inline std::string ref_square_name(const RefGame& g, int sq) {
    const RefCoord c = g.coord(sq);
    std::string s{static_cast<char>('a' + c.c[0]), static_cast<char>('1' + c.c[1])};
    if (!g.orthodox()) {  // D-1: a1[0,0]
        s += '[';
        s += static_cast<char>('0' + c.c[2]);
        s += ',';
        s += static_cast<char>('0' + c.c[3]);
        s += ']';
    }
    return s;
}

// UCI for chess (e7e8q, e1g1), D-15 for 4D (no promotion letter).
inline std::string ref_lan(const RefGame& g, Move m) {
    std::string s = ref_square_name(g, m.from()) + ref_square_name(g, m.to());
    if (g.orthodox() && m.kind() == MoveKind::PROMOTION) s += "  nbrq"[m.extra()];
    return s;
}

// Standard algebraic notation of a legal chess move without the check mark: piece
// letter, the origin's file, else rank, else both when another piece of the same
// kind reaches the same square, x for captures, =Q for promotions, O-O / O-O-O.
inline std::string ref_san_without_mark(const RefGame& g, const std::vector<Move>& legal, Move m) {
    if (m.kind() == MoveKind::CASTLING) return m.to() > m.from() ? "O-O" : "O-O-O";
    const int piece = g.board[m.from()];
    const RefCoord f = g.coord(m.from());
    const bool capture = g.board[m.to()] != 0 || m.kind() == MoveKind::EN_PASSANT;
    std::string s;
    if (type_code(piece) == kPawn) {
        if (capture) s += static_cast<char>('a' + f.c[0]);
    } else {
        s += " PNBRQK"[type_code(piece)];
        bool rival = false, file_shared = false, rank_shared = false;
        for (Move o : legal) {
            if (o.to() != m.to() || o.from() == m.from() || g.board[o.from()] != piece) continue;
            rival = true;
            file_shared |= g.coord(o.from()).c[0] == f.c[0];
            rank_shared |= g.coord(o.from()).c[1] == f.c[1];
        }
        if (rival && (!file_shared || rank_shared)) s += static_cast<char>('a' + f.c[0]);
        if (rival && file_shared) s += static_cast<char>('1' + f.c[1]);
    }
    if (capture) s += 'x';
    s += ref_square_name(g, m.to());
    if (m.kind() == MoveKind::PROMOTION) {
        s += '=';
        s += " PNBRQK"[m.extra()];
    }
    return s;
}

inline char ref_piece_char(int p) {
    const char c = " PNBRQK"[type_code(p)];
    return color_code(p) == kWhite ? c : static_cast<char>(c - 'A' + 'a');
}

// The placement field: ranks 8..1 for chess; for 4D (D-14) eight rows
// (W=1,Y=4) ... (W=1,Y=1), (W=0,Y=4) ... (W=0,Y=1), each files a-d of Z=0 then Z=1.
inline std::string ref_placement(const RefGame& g) {
    const int rows = 8, cols = 8;
    auto cell = [&](int row, int col) {
        if (g.orthodox()) return ref_square(g, col, 7 - row);
        const int w = row < 4 ? 1 : 0, y = 3 - row % 4, z = col / 4, x = col % 4;
        return g.index(RefCoord{{x, y, z, w}});
    };
    std::string s;
    for (int row = 0; row < rows; ++row) {
        if (row) s += '/';
        int empty = 0;
        for (int col = 0; col < cols; ++col) {
            const int p = g.board[cell(row, col)];
            if (p == 0) {
                ++empty;
                continue;
            }
            if (empty) s += static_cast<char>('0' + empty);
            empty = 0;
            s += ref_piece_char(p);
        }
        if (empty) s += static_cast<char>('0' + empty);
    }
    return s;
}

// The en-passant square FEN shows: the skipped square, only when a legal capture
// onto it exists (project decision, see Position::ep_square()).
inline int ref_visible_ep(const RefGame& g) {
    if (g.ep < 0) return -1;
    for (Move m : ref_legal(g))
        if (m.kind() == MoveKind::EN_PASSANT) return g.ep;
    return -1;
}

inline std::string ref_fen(const RefGame& g) {
    std::string s = ref_placement(g) + (g.stm == kWhite ? " w " : " b ");
    if (g.orthodox()) {
        std::string r;
        if (g.rights & kRightWK) r += 'K';
        if (g.rights & kRightWQ) r += 'Q';
        if (g.rights & kRightBK) r += 'k';
        if (g.rights & kRightBQ) r += 'q';
        s += (r.empty() ? "-" : r) + " ";
        const int ep = ref_visible_ep(g);
        s += (ep >= 0 ? ref_square_name(g, ep) : "-") + " ";
    }
    return s + std::to_string(g.halfmove) + " " + std::to_string(g.fullmove);
}

}  // namespace chimera::test
