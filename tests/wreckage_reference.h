// A deliberately slow model of the Wreckage rules (shared/spec/wreckage.md,
// X-1 ... X-26), written from the rule text alone: a board of FEN letters,
// coordinates walked one square at a time, each capture mode spelled out the
// way the spec words it, and attack (X-22) decided literally: "side S attacks q
// if some piece of S could capture an enemy King standing on q" is answered by
// putting such a King on q and generating S's moves. Nothing here uses the
// engine's tables; the engine is only touched by the comparison helpers at the
// bottom (reading its FEN and its move list).
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <initializer_list>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "variants/wreckage/position.h"

namespace chimera::wref {

// ------------------------------------------------------------------ geometry

inline int sq(int file, int rank) { return file + 10 * rank; }  // both 0-based
inline int file_of(int s) { return s % 10; }
inline int rank_of(int s) { return s / 10; }
inline bool inside(int f, int r) { return f >= 0 && f < 10 && r >= 0 && r < 10; }
inline std::string name(int s) {
    return std::string(1, static_cast<char>('a' + file_of(s))) + std::to_string(rank_of(s) + 1);
}
// "e10" -> square, -1 when malformed.
inline int parse_sq(std::string_view t) {
    if (t.size() < 2 || t.size() > 3 || t[0] < 'a' || t[0] > 'j') return -1;
    int r = 0;
    for (std::size_t i = 1; i < t.size(); ++i) {
        if (t[i] < '0' || t[i] > '9') return -1;
        r = r * 10 + (t[i] - '0');
    }
    return r >= 1 && r <= 10 ? sq(t[0] - 'a', r - 1) : -1;
}
inline bool is_white(char c) { return c >= 'A' && c <= 'Z'; }
inline char up(char c) { return c >= 'a' && c <= 'z' ? static_cast<char>(c - 32) : c; }
inline char down(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c + 32) : c; }
// relative rank 1..10 counted from the owner's back rank.
inline int rel_rank(bool white, int s) { return white ? rank_of(s) + 1 : 10 - rank_of(s); }

// ------------------------------------------------------------------ position

struct Ref {
    std::array<char, 100> b{};                 // FEN letters, '.' for empty
    bool white = true;                         // side to move
    std::array<std::array<int, 2>, 2> hand{};  // [0 White, 1 Black][0 G, 1 J]
    std::array<bool, 4> castle{};              // B I b i
    std::array<int, 2> ep{};                   // en-passant targets, ascending
    int nep = 0;
    int half = 0, full = 1;
};

inline bool parse_fen(const std::string& fen, Ref& p) {
    std::istringstream in(fen);
    std::string f[7];
    for (auto& x : f)
        if (!(in >> x)) return false;
    p = Ref{};
    p.b.fill('.');
    int r = 9, fl = 0;
    for (std::size_t i = 0; i < f[0].size(); ++i) {
        const char c = f[0][i];
        if (c == '/') {
            --r;
            fl = 0;
        } else if (c >= '1' && c <= '9') {
            int n = c - '0';
            if (c == '1' && i + 1 < f[0].size() && f[0][i + 1] == '0') n = 10, ++i;
            fl += n;
        } else {
            if (!inside(fl, r)) return false;
            p.b[static_cast<std::size_t>(sq(fl++, r))] = c;
        }
    }
    p.white = f[1] == "w";
    if (f[2] != "-")
        for (char c : f[2]) {
            const auto i = std::string_view("BIbi").find(c);
            if (i == std::string_view::npos) return false;
            p.castle[i] = true;
        }
    if (f[3] != "-") {
        std::string t = f[3] + ",";
        std::size_t start = 0;
        for (std::size_t i = 0; i < t.size(); ++i)
            if (t[i] == ',') {
                if (p.nep == 2) return false;
                p.ep[static_cast<std::size_t>(p.nep++)] = parse_sq(t.substr(start, i - start));
                start = i + 1;
            }
        std::sort(p.ep.begin(), p.ep.begin() + p.nep);
    }
    if (f[4] != "-")
        for (char c : f[4]) {
            const int side = is_white(c) ? 0 : 1;
            if (up(c) == 'G')
                ++p.hand[side][0];
            else if (up(c) == 'J')
                ++p.hand[side][1];
            else
                return false;
        }
    p.half = std::atoi(f[5].c_str());
    p.full = std::atoi(f[6].c_str());
    return true;
}

inline std::string to_fen(const Ref& p) {
    std::string s;
    for (int r = 9; r >= 0; --r) {
        int run = 0;
        for (int f = 0; f < 10; ++f) {
            const char c = p.b[static_cast<std::size_t>(sq(f, r))];
            if (c == '.') {
                ++run;
                continue;
            }
            if (run) s += std::to_string(run);
            run = 0;
            s += c;
        }
        if (run) s += std::to_string(run);
        if (r) s += '/';
    }
    s += p.white ? " w " : " b ";
    std::string c;
    for (int i = 0; i < 4; ++i)
        if (p.castle[static_cast<std::size_t>(i)]) c += "BIbi"[i];
    s += c.empty() ? "-" : c;
    s += ' ';
    if (!p.nep) s += '-';
    for (int i = 0; i < p.nep; ++i) s += (i ? "," : "") + name(p.ep[static_cast<std::size_t>(i)]);
    std::string h;
    for (int side = 0; side < 2; ++side) {
        if (p.hand[static_cast<std::size_t>(side)][0]) h += side == 0 ? 'G' : 'g';
        h += std::string(static_cast<std::size_t>(p.hand[static_cast<std::size_t>(side)][1]),
                         side == 0 ? 'J' : 'j');
    }
    s += ' ' + (h.empty() ? std::string("-") : h);
    return s + ' ' + std::to_string(p.half) + ' ' + std::to_string(p.full);
}

// ------------------------------------------------------------------ moves

struct Raw {
    int from = -1, to = -1;
    char kind = 'n';  // n normal, e en passant, c castling, x detonation, d drop
    char drop = 0;    // 'G' or 'J' for drops
    char promo = 0;   // lower-case promotion letter, 0 otherwise
    int rook_from = -1, rook_to = -1;
    int ncap = 0;
    std::array<int, 8> cap{};
    void add(int s) { cap[static_cast<std::size_t>(ncap++)] = s; }
    bool captures(int s) const {
        for (int i = 0; i < ncap; ++i)
            if (cap[static_cast<std::size_t>(i)] == s) return true;
        return false;
    }
};

inline std::string lan(const Raw& m) {
    switch (m.kind) {
        case 'd':
            return std::string(1, m.drop) + '@' + name(m.to);
        case 'x':
            return name(m.from) + 'x';
        case 'c':
            return name(m.from) + name(m.to) + 'c';
        default:
            return name(m.from) + name(m.to) + (m.promo ? std::string(1, m.promo) : "");
    }
}

inline char at(const Ref& p, int s) { return p.b[static_cast<std::size_t>(s)]; }

// Every move of the piece on s by its own rules (X-5 ... X-19), ignoring check.
// En-passant captures only when with_ep (the piece belongs to the side to move).
inline void piece_moves(const Ref& p, int s, std::vector<Raw>& out, bool with_ep) {
    const char pc = at(p, s);
    const bool w = is_white(pc);
    const char k = up(pc);
    const int f = file_of(s), r = rank_of(s);
    const int fw = w ? 1 : -1;  // N for the owner
    auto target = [&](int df, int dr) { return inside(f + df, r + dr) ? sq(f + df, r + dr) : -1; };
    auto empty = [&](int t) { return t >= 0 && at(p, t) == '.'; };
    auto own = [&](int t) { return t >= 0 && at(p, t) != '.' && is_white(at(p, t)) == w; };
    auto enemy = [&](int t) { return t >= 0 && at(p, t) != '.' && is_white(at(p, t)) != w; };
    auto push = [&](int to, int c1 = -1, int c2 = -1) {
        Raw m;
        m.from = s;
        m.to = to;
        if (c1 >= 0) m.add(c1);
        if (c2 >= 0) m.add(c2);
        out.push_back(m);
    };
    // A replacement step or leap: onto an empty or an enemy square.
    auto replace_to = [&](int df, int dr) {
        const int t = target(df, dr);
        if (empty(t))
            push(t);
        else if (enemy(t))
            push(t, t);
    };
    static const int kDirs[8][2] = {{0, 1},  {1, 1},   {1, 0},  {1, -1},
                                    {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}};
    static const int kKnight[8][2] = {{1, 2},   {2, 1},   {2, -1}, {1, -2},
                                      {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
    auto slides = [&](bool orth, bool diag) {
        for (const auto& d : kDirs) {
            const bool is_diag = d[0] != 0 && d[1] != 0;
            if (is_diag ? !diag : !orth) continue;
            for (int n = 1;; ++n) {
                const int t = target(n * d[0], n * d[1]);
                if (t < 0 || own(t)) break;
                if (enemy(t)) {
                    push(t, t);
                    break;
                }
                push(t);
            }
        }
    };
    auto pawn_to = [&](int to, int c) {  // 8 choices on relative rank 10
        if (rel_rank(w, to) != 10) return push(to, c);
        for (char pr : std::string_view("qrbfwdgx")) {
            push(to, c);
            out.back().promo = pr;
        }
    };
    switch (k) {
        case 'K':
            for (const auto& d : kDirs) replace_to(d[0], d[1]);
            break;
        case 'Q':
            slides(true, true);
            break;
        case 'R':
            slides(true, false);
            break;
        case 'B':
            slides(false, true);
            break;
        case 'F':
        case 'W':
            for (const auto& d : kKnight) replace_to(d[0], d[1]);
            for (const auto& d : kDirs)
                if ((d[0] != 0 && d[1] != 0) == (k == 'F')) replace_to(d[0], d[1]);
            break;
        case 'P':
        case 'J': {
            const int rr = rel_rank(w, s);
            const int reach = rr <= 4 ? 5 - rr : (rr == 5 ? 1 : 2);
            for (int n = 1; n <= reach; ++n) {
                const int t = target(0, n * fw);
                if (!empty(t)) break;
                pawn_to(t, -1);
            }
            for (int df : {-1, 1})
                if (enemy(target(df, fw))) pawn_to(target(df, fw), target(df, fw));
            if (k == 'J') {
                for (int df : {-1, 1}) {
                    const int t = target(df, 0);
                    if (empty(t))
                        push(t);
                    else if (enemy(t) && rr >= 6)
                        push(t, t);
                }
            } else if (with_ep && p.nep) {
                // The Pawn that moved: the first piece beyond the targets, on their file,
                // toward the side to move (only the capturable targets may be listed).
                int pawn = p.white ? p.ep[0] : p.ep[static_cast<std::size_t>(p.nep - 1)];
                do pawn += p.white ? -10 : 10;
                while (pawn >= 0 && pawn < 100 && at(p, pawn) == '.');
                for (int i = 0; i < p.nep; ++i) {
                    const int e = p.ep[static_cast<std::size_t>(i)];
                    for (int df : {-1, 1})
                        if (target(df, fw) == e) {
                            push(e, pawn);
                            out.back().kind = 'e';
                        }
                }
            }
            break;
        }
        case 'D':  // X-12 ... X-15
        case 'X':
            for (const auto& d : kKnight)
                if (empty(target(d[0], d[1]))) push(target(d[0], d[1]));
            for (const auto& d : kDirs) {
                for (int n = 1; empty(target(n * d[0], n * d[1])); ++n) {
                    const int t = target(n * d[0], n * d[1]);
                    int c = -1;
                    if (k == 'D') {
                        const bool forward = d[1] == fw;  // N, NE, NW of the owner
                        const int victim =
                            forward ? target((n + 1) * d[0], (n + 1) * d[1]) : target(-d[0], -d[1]);
                        if (enemy(victim) && up(at(p, victim)) != 'P' && up(at(p, victim)) != 'J')
                            c = victim;
                    }
                    push(t, c);
                }
            }
            if (k == 'X') {
                Raw m;
                m.from = m.to = s;
                m.kind = 'x';
                for (const auto& d : kDirs) {
                    const int t = target(d[0], d[1]);
                    if (enemy(t) && up(at(p, t)) != 'J') m.add(t);
                }
                if (m.ncap) out.push_back(m);
            }
            break;
        case 'G':  // X-18, mode by mode
            for (const auto& d : kDirs) {
                auto s_ = [&](int n) { return target(n * d[0], n * d[1]); };  // s1, s2, ...
                // (a) slide over empty squares.
                for (int n = 1; empty(s_(n)); ++n) push(s_(n));
                // (b) fly-over: s1..s(k-1) empty, sk enemy, s(k+1) empty.
                for (int n = 1; s_(n) >= 0; ++n) {
                    if (enemy(s_(n)) && empty(s_(n + 1))) push(s_(n + 1), s_(n));
                    if (!empty(s_(n))) break;
                }
                // (c) replacement at distance two, s1 empty or friendly.
                if (enemy(s_(2)) && (empty(s_(1)) || own(s_(1)))) push(s_(2), s_(2));
                // (d) double capture.
                if (enemy(s_(1)) && enemy(s_(2))) push(s_(2), s_(1), s_(2));
                // (e) friendly jump.
                if (own(s_(1)) && empty(s_(2))) push(s_(2));
            }
            break;
        default:
            break;
    }
}

// X-22, literally: a King of the other side is put on q (whatever stood there),
// and S attacks q if one of S's moves would capture it.
inline bool attacked(const Ref& p, bool by_white, int q) {
    Ref t = p;
    t.b[static_cast<std::size_t>(q)] = by_white ? 'k' : 'K';
    std::vector<Raw> buf;
    for (int s = 0; s < 100; ++s) {
        if (at(t, s) == '.' || is_white(at(t, s)) != by_white) continue;
        buf.clear();
        piece_moves(t, s, buf, false);
        for (const Raw& m : buf)
            if (m.captures(q)) return true;
    }
    return false;
}

inline int king_square(const Ref& p, bool white) {
    for (int s = 0; s < 100; ++s)
        if (at(p, s) == (white ? 'K' : 'k')) return s;
    return -1;
}

inline bool in_check(const Ref& p) { return attacked(p, !p.white, king_square(p, p.white)); }

inline Ref apply(const Ref& p, const Raw& m);

inline bool leaves_king_safe(const Ref& p, const Raw& m) {
    const Ref n = apply(p, m);
    return !attacked(n, !p.white, king_square(n, p.white));
}

// the targets of a Pawn step just made are kept, all of them (so
// that they end next to the Pawn, as X-25 requires of a FEN), only when the
// side to move can capture onto at least one with a legal en-passant move.
inline void keep_capturable_ep(Ref& n, int pawn_sq) {
    int kept = 0;
    const int fw = n.white ? 1 : -1;
    for (int i = 0; i < n.nep; ++i) {
        const int e = n.ep[static_cast<std::size_t>(i)];
        bool ok = false;
        for (int df : {-1, 1}) {
            const int f = file_of(e) + df, r = rank_of(e) - fw;
            if (!inside(f, r) || at(n, sq(f, r)) != (n.white ? 'P' : 'p')) continue;
            Raw ep;
            ep.from = sq(f, r);
            ep.to = e;
            ep.kind = 'e';
            ep.add(pawn_sq);
            ok = ok || leaves_king_safe(n, ep);
        }
        if (ok) ++kept;
    }
    if (kept == 0) n.nep = 0;
}

inline Ref apply(const Ref& p, const Raw& m) {
    Ref n = p;
    n.nep = 0;
    const bool w = p.white;
    bool reset = m.ncap > 0;
    for (int i = 0; i < m.ncap; ++i)
        n.b[static_cast<std::size_t>(m.cap[static_cast<std::size_t>(i)])] = '.';
    auto put = [&](int s, char c) { n.b[static_cast<std::size_t>(s)] = c; };
    char moved = 0;
    if (m.kind == 'd') {
        put(m.to, w ? m.drop : down(m.drop));
        --n.hand[w ? 0 : 1][m.drop == 'G' ? 0 : 1];
        reset = true;
    } else if (m.kind == 'c') {
        put(m.from, '.');
        put(m.rook_from, '.');
        put(m.to, w ? 'K' : 'k');
        put(m.rook_to, w ? 'R' : 'r');
    } else if (m.kind != 'x') {
        moved = at(p, m.from);
        put(m.from, '.');
        put(m.to, m.promo ? (w ? up(m.promo) : m.promo) : moved);
        if (up(moved) == 'P' || up(moved) == 'J') reset = true;
    }
    // a right goes when its King or its Rook square is left, entered or emptied.
    static const int kKingSq[4] = {5, 5, 95, 95};
    static const int kRookSq[4] = {1, 8, 91, 98};
    for (int i = 0; i < 4; ++i) {
        auto touched = [&](int s) {
            return (m.kind != 'd' && m.from == s) || m.to == s || m.captures(s) || m.rook_to == s;
        };
        if (touched(kKingSq[i]) || touched(kRookSq[i]))
            n.castle[static_cast<std::size_t>(i)] = false;
    }
    n.white = !w;
    n.half = reset ? 0 : p.half + 1;
    if (!w) ++n.full;
    // a Pawn's non-capturing forward move of 2 or 3 squares.
    if (moved && up(moved) == 'P' && m.ncap == 0 && m.kind == 'n' &&
        std::abs(rank_of(m.to) - rank_of(m.from)) >= 2) {
        const int lo = std::min(m.from, m.to), hi = std::max(m.from, m.to);
        for (int s = lo + 10; s < hi; s += 10) n.ep[static_cast<std::size_t>(n.nep++)] = s;
        keep_capturable_ep(n, m.to);
    }
    return n;
}

// Every move of the side to move before the check test: pieces, castling, drops.
inline std::vector<Raw> pseudo_moves(const Ref& p) {
    std::vector<Raw> out;
    const bool w = p.white;
    for (int s = 0; s < 100; ++s)
        if (at(p, s) != '.' && is_white(at(p, s)) == w) piece_moves(p, s, out, true);
    //
    const int back = w ? 0 : 9, ks = sq(5, back);
    if (at(p, ks) == (w ? 'K' : 'k') && !attacked(p, !w, ks)) {
        for (int side = 0; side < 2; ++side) {
            const int right = (w ? 0 : 2) + side;
            const int rf = side == 0 ? 1 : 8, dir = side == 0 ? -1 : 1;
            if (!p.castle[static_cast<std::size_t>(right)] ||
                at(p, sq(rf, back)) != (w ? 'R' : 'r'))
                continue;
            bool clear = true;
            for (int f = 5 + dir; f != rf; f += dir) clear = clear && at(p, sq(f, back)) == '.';
            if (!clear) continue;
            Ref lifted = p;  // the King removed from its start, the Rook left in place
            lifted.b[static_cast<std::size_t>(ks)] = '.';
            for (int kf = 5 + dir;; kf += dir) {
                if (attacked(lifted, !w, sq(kf, back))) break;
                Raw m;
                m.from = ks;
                m.to = sq(kf, back);
                m.kind = 'c';
                m.rook_from = sq(rf, back);
                m.rook_to = sq(kf - dir, back);
                out.push_back(m);
                if (kf == rf) break;
            }
        }
    }
    //
    const int side = w ? 0 : 1;
    if (p.hand[static_cast<std::size_t>(side)][0] > 0)
        for (int f = 0; f < 10; ++f)
            if (at(p, sq(f, back)) == '.') {
                Raw m;
                m.to = sq(f, back);
                m.kind = 'd';
                m.drop = 'G';
                out.push_back(m);
            }
    if (p.hand[static_cast<std::size_t>(side)][1] > 0)
        for (int f = 0; f < 10; ++f)
            for (int rr = 2; rr <= 5; ++rr) {
                const int s = sq(f, w ? rr - 1 : 10 - rr);
                if (at(p, s) != '.') break;
                Raw m;
                m.to = s;
                m.kind = 'd';
                m.drop = 'J';
                out.push_back(m);
            }
    return out;
}

struct RefMove {
    std::string lan;
    Raw raw;
    Ref next;
    std::set<int> captured() const {
        return std::set<int>(raw.cap.begin(), raw.cap.begin() + raw.ncap);
    }
};

inline std::vector<RefMove> legal_moves(const Ref& p) {
    std::vector<RefMove> out;
    for (const Raw& m : pseudo_moves(p)) {
        Ref n = apply(p, m);
        if (!attacked(n, !p.white, king_square(n, p.white))) out.push_back({lan(m), m, n});
    }
    return out;
}

inline std::set<std::string> lans(const std::vector<RefMove>& moves) {
    std::set<std::string> s;
    for (const auto& m : moves) s.insert(m.lan);
    return s;
}

// ------------------------------------------------------------------ engine side

using wreckage::Position;

inline Ref from_engine(const Position& pos) {
    Ref r;
    EXPECT_TRUE(parse_fen(pos.fen(), r)) << pos.fen();
    return r;
}

inline Position load(const std::string& fen) {
    Position pos;
    const Status s = pos.set_fen(fen);
    EXPECT_TRUE(s.is_ok()) << fen << ": " << s.message();
    return pos;
}

inline std::set<std::string> engine_lans(const Position& pos) {
    Position::Moves ml;
    pos.legal_moves(ml);
    std::set<std::string> out;
    for (Move m : ml) out.insert(pos.lan(m));
    return out;
}

// Moves (not drops) of the piece on square `from`.
inline std::set<std::string> engine_lans_from(const Position& pos, const std::string& from) {
    Position::Moves ml;
    pos.legal_moves(ml);
    std::set<std::string> out;
    for (Move m : ml)
        if (m.kind() != MoveKind::DROP && Position::square_name(m.from()) == from)
            out.insert(pos.lan(m));
    return out;
}

inline std::set<std::string> ref_lans_from(const Position& pos, const std::string& from) {
    std::set<std::string> out;
    for (const auto& m : legal_moves(from_engine(pos)))
        if (m.raw.kind != 'd' && name(m.raw.from) == from) out.insert(m.lan);
    return out;
}

inline std::set<std::string> drops(const std::set<std::string>& all, char letter) {
    std::set<std::string> out;
    for (const auto& s : all)
        if (s.size() > 1 && s[0] == letter && s[1] == '@') out.insert(s);
    return out;
}

inline std::string show(const std::set<std::string>& s) {
    std::string out;
    for (const auto& x : s) out += x + ' ';
    return out;
}

inline Move find(const Position& pos, const std::string& lan_text) {
    Position::Moves ml;
    pos.legal_moves(ml);
    for (Move m : ml)
        if (pos.lan(m) == lan_text) return m;
    return Move::none();
}

// The engine's FEN after the move given in LAN (empty string if it is not legal).
inline std::string fen_after(const Position& pos, const std::string& lan_text) {
    Position copy = pos;
    const Move m = find(copy, lan_text);
    if (m.is_none()) return "";
    copy.do_move(m);
    return copy.fen();
}

// A FEN from a piece list such as {{"e5", 'G'}, {"a1", 'K'}} (the tests' own writer).
inline std::string make_fen(std::initializer_list<std::pair<const char*, char>> pieces,
                            bool white_to_move = true, const std::string& hand = "-",
                            const std::string& castling = "-", int half = 0, int full = 1) {
    Ref r;
    r.b.fill('.');
    for (const auto& [s, c] : pieces) r.b[static_cast<std::size_t>(parse_sq(s))] = c;
    r.white = white_to_move;
    for (char c : castling)
        if (auto i = std::string_view("BIbi").find(c); i != std::string_view::npos)
            r.castle[i] = true;
    for (char c : hand)
        if (up(c) == 'G' || up(c) == 'J') ++r.hand[is_white(c) ? 0 : 1][up(c) == 'G' ? 0 : 1];
    r.half = half;
    r.full = full;
    return to_fen(r);
}

// The squares (ascending names) a move of the engine removes.
inline std::set<std::string> engine_captures(const Position& pos, const std::string& lan_text) {
    std::set<std::string> out;
    const Move m = find(pos, lan_text);
    if (m.is_none()) return {"<illegal>"};
    for (wreckage::Bitboard b = pos.captures_of(m); b;) out.insert(name(pop_lsb(b)));
    return out;
}

}  // namespace chimera::wref

// The engine's whole legal move list equals the model's.
#define EXPECT_MODEL_AGREES(pos)                                                                \
    EXPECT_EQ(                                                                                  \
        ::chimera::wref::engine_lans(pos),                                                      \
        ::chimera::wref::lans(::chimera::wref::legal_moves(::chimera::wref::from_engine(pos)))) \
        << (pos).fen()

// Exactly these LAN moves for the piece on `from`, in the engine and in the model
// (and the whole move lists of both agree).
#define EXPECT_PIECE_MOVES(pos, from, ...)                                                       \
    do {                                                                                         \
        const std::set<std::string> want_{__VA_ARGS__};                                          \
        EXPECT_EQ(::chimera::wref::engine_lans_from(pos, from), want_)                           \
            << "engine: " << (pos).fen();                                                        \
        EXPECT_EQ(::chimera::wref::ref_lans_from(pos, from), want_) << "model: " << (pos).fen(); \
        EXPECT_MODEL_AGREES(pos);                                                                \
    } while (0)
