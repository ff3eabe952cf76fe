// A deliberately slow model of the Wataku Genesis rules, written only from the
// wording of the spec (shared/spec/wataku.md, W-1 ... W-29) without any engine
// table: the board is an array of 81 FEN letters, groups are found by an
// explicit breadth-first search over the 8 neighbours (W-4, W-6), every action
// is found by walking coordinates (W-9 ... W-18), and legality (W-22) applies
// the action, recomputes the activity of both sides and tests every King of the
// mover against the attacks of the active enemy pieces (W-20, W-21).
// The rule tests compare the engine against it; the model itself is checked
// against the spec's perft numbers (W-5) so that it is not just trusted.
#pragma once

#include <gtest/gtest.h>

#include <array>
#include <cctype>
#include <initializer_list>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "variants/wataku/position.h"

namespace chimera::refw {

// ---------------------------------------------------------------- geometry (W-1)

// Square numbering of the engine API: file + 9 * rank, both 0-based.
inline int sq(int file, int rank) { return file + 9 * rank; }
inline int file_of(int s) { return s % 9; }
inline int rank_of(int s) { return s / 9; }
inline bool inside(int file, int rank) { return file >= 0 && file < 9 && rank >= 0 && rank < 9; }
inline std::string name(int s) {
    return {static_cast<char>('a' + file_of(s)), static_cast<char>('1' + rank_of(s))};
}
// "e5" -> square; test input is always well formed.
inline int sq(std::string_view n) { return sq(n[0] - 'a', n[1] - '1'); }

// The 8 line directions; the first four are orthogonal, the last four diagonal.
struct Dir {
    int df, dr;
};
inline constexpr std::array<Dir, 8> kLines{
    {{0, 1}, {1, 0}, {0, -1}, {-1, 0}, {1, 1}, {1, -1}, {-1, -1}, {-1, 1}}};
inline constexpr std::array<Dir, 8> kKnightLeaps{
    {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}};

// W-4: the up to 8 squares that touch s.
inline std::vector<int> neighbours(int s) {
    std::vector<int> out;
    for (int df = -1; df <= 1; ++df)
        for (int dr = -1; dr <= 1; ++dr)
            if ((df || dr) && inside(file_of(s) + df, rank_of(s) + dr))
                out.push_back(sq(file_of(s) + df, rank_of(s) + dr));
    return out;
}
inline bool touch(int a, int b) {
    const int df = file_of(a) - file_of(b), dr = rank_of(a) - rank_of(b);
    return a != b && df >= -1 && df <= 1 && dr >= -1 && dr <= 1;
}

// ---------------------------------------------------------------- pieces (W-2)

inline bool is_white(char p) { return p >= 'A' && p <= 'Z'; }
inline bool is_black(char p) { return p >= 'a' && p <= 'z'; }
inline bool owned_by(char p, bool white) { return white ? is_white(p) : is_black(p); }
inline char kind(char p) { return static_cast<char>(std::toupper(static_cast<unsigned char>(p))); }
inline constexpr std::string_view kReserveOrder = "QRBNPT";  // W-28

struct Pos {
    std::array<char, 81> b{};                     // FEN letters, '.' for an empty square
    bool white = true;                            // side to move
    std::array<std::array<int, 6>, 2> reserve{};  // [white=0/black=1][index in QRBNPT]
    int fullmove = 1;
};

// W-28; the input is a FEN the engine accepted or the tests wrote, so it is well formed.
inline Pos parse_fen(std::string_view fen) {
    Pos p;
    p.b.fill('.');
    std::size_t i = 0;
    int file = 0, rank = 8;
    for (; fen[i] != ' '; ++i) {
        const char c = fen[i];
        if (c == '/') {
            --rank;
            file = 0;
        } else if (c >= '1' && c <= '9') {
            file += c - '0';
        } else {
            p.b[static_cast<std::size_t>(sq(file++, rank))] = c;
        }
    }
    p.white = fen[++i] == 'w';
    i += 2;
    for (; fen[i] != ' '; ++i) {
        if (fen[i] == '-') continue;
        const auto k = kReserveOrder.find(kind(fen[i]));
        ++p.reserve[is_white(fen[i]) ? 0 : 1][k];
    }
    p.fullmove = std::stoi(std::string(fen.substr(i + 1)));
    return p;
}

inline std::string to_fen(const Pos& p) {
    std::string s;
    for (int r = 8; r >= 0; --r) {
        int run = 0;
        for (int f = 0; f < 9; ++f) {
            const char c = p.b[static_cast<std::size_t>(sq(f, r))];
            if (c == '.') {
                ++run;
                continue;
            }
            if (run) s += static_cast<char>('0' + run);
            run = 0;
            s += c;
        }
        if (run) s += static_cast<char>('0' + run);
        if (r) s += '/';
    }
    s += p.white ? " w " : " b ";
    std::string res;
    for (int side = 0; side < 2; ++side)
        for (std::size_t k = 0; k < 6; ++k)
            for (int n = 0; n < p.reserve[static_cast<std::size_t>(side)][k]; ++n)
                res += side == 0 ? kReserveOrder[k]
                                 : static_cast<char>(std::tolower(kReserveOrder[k]));
    return s + (res.empty() ? "-" : res) + " " + std::to_string(p.fullmove);
}

// A FEN from a piece list such as {"Ke1", "ke9", "Tb2"}: upper case White, lower case Black.
inline std::string make_fen(std::initializer_list<std::string_view> pieces, char side = 'w',
                            std::string_view reserve = "-", int fullmove = 1) {
    Pos p;
    p.b.fill('.');
    for (std::string_view w : pieces) p.b[static_cast<std::size_t>(sq(w.substr(1)))] = w[0];
    std::string s = to_fen(p);
    s = s.substr(0, s.find(' '));
    return s + " " + side + " " + std::string(reserve) + " " + std::to_string(fullmove);
}

inline char at(const Pos& p, int s) { return p.b[static_cast<std::size_t>(s)]; }

// ---------------------------------------------------------------- activity (W-6, W-7)

// The group of the piece on s (W-6): breadth-first search through the neighbours
// holding pieces of the same colour. Enemy pieces and empty squares never connect.
inline std::vector<int> group_of(const Pos& p, int s) {
    std::vector<int> group{s};
    std::array<bool, 81> seen{};
    seen[static_cast<std::size_t>(s)] = true;
    const bool white = is_white(at(p, s));
    for (std::size_t i = 0; i < group.size(); ++i)
        for (int n : neighbours(group[i]))
            if (!seen[static_cast<std::size_t>(n)] && at(p, n) != '.' &&
                owned_by(at(p, n), white)) {
                seen[static_cast<std::size_t>(n)] = true;
                group.push_back(n);
            }
    return group;
}

// W-7: a piece is active when its group holds a King of its colour. Empty squares
// are never active.
inline std::array<bool, 81> activity(const Pos& p) {
    std::array<bool, 81> act{};
    for (int s = 0; s < 81; ++s)
        if (kind(at(p, s)) == 'K' && !act[static_cast<std::size_t>(s)])
            for (int g : group_of(p, s)) act[static_cast<std::size_t>(g)] = true;
    return act;
}

// ---------------------------------------------------------------- attacks (W-20, W-21)

// Whether the piece on `from`, assuming it is active, attacks `target`: sliders
// along their lines when every square strictly between is empty, Knights by the
// (1,2) leap, Pawns one diagonal step. Kings and Turtles attack nothing.
inline bool attacks(const Pos& p, int from, int target) {
    const char k = kind(at(p, from));
    const int df = file_of(target) - file_of(from), dr = rank_of(target) - rank_of(from);
    const int adf = df < 0 ? -df : df, adr = dr < 0 ? -dr : dr;
    if (k == 'N') return (adf == 1 && adr == 2) || (adf == 2 && adr == 1);
    if (k == 'P') return adf == 1 && adr == 1;
    const bool orth = (adf == 0) != (adr == 0), diag = adf == adr && adf != 0;
    if (!((k == 'R' && orth) || (k == 'B' && diag) || (k == 'Q' && (orth || diag)))) return false;
    const int sf = (df > 0) - (df < 0), sr = (dr > 0) - (dr < 0);
    for (int f = file_of(from) + sf, r = rank_of(from) + sr; sq(f, r) != target; f += sf, r += sr)
        if (at(p, sq(f, r)) != '.') return false;
    return true;
}

// W-21: whether a King of the given colour is attacked by an active enemy piece.
inline bool in_check(const Pos& p, bool white) {
    const auto act = activity(p);
    for (int king = 0; king < 81; ++king) {
        if (kind(at(p, king)) != 'K' || !owned_by(at(p, king), white)) continue;
        for (int a = 0; a < 81; ++a)
            if (at(p, a) != '.' && !owned_by(at(p, a), white) && act[static_cast<std::size_t>(a)] &&
                attacks(p, a, king))
                return true;
    }
    return false;
}

// ---------------------------------------------------------------- actions (W-9 ... W-18)

struct Action {
    char type = 'M';  // 'M' ordinary move, 'T' Traverse, 'D' deployment
    int from = -1, to = -1;
    char piece = 0;  // upper-case kind of the mover or the deployed piece
    bool capture = false;
    std::string lan() const {  // W-29
        if (type == 'D') return std::string(1, piece) + "@" + name(to);
        return name(from) + name(to);
    }
};

inline std::vector<Action> pseudo_actions(const Pos& p) {
    std::vector<Action> out;
    const bool us = p.white;
    const auto act = activity(p);
    auto empty = [&](int f, int r) { return at(p, sq(f, r)) == '.'; };
    // W-9, W-10 ... W-16: an enemy piece that is neither a Turtle nor a King.
    auto capturable = [&](int f, int r) {
        const char c = at(p, sq(f, r));
        return c != '.' && !owned_by(c, us) && kind(c) != 'T' && kind(c) != 'K';
    };
    auto own_chain = [&](int f, int r) {
        const char c = at(p, sq(f, r));
        return c != '.' && owned_by(c, us) && kind(c) != 'K';
    };
    for (int from = 0; from < 81; ++from) {
        const char c = at(p, from);
        if (c == '.' || !owned_by(c, us) || !act[static_cast<std::size_t>(from)]) continue;
        const char k = kind(c);
        const int f = file_of(from), r = rank_of(from);
        auto add = [&](int tf, int tr) {
            out.push_back({'M', from, sq(tf, tr), k, at(p, sq(tf, tr)) != '.'});
        };
        if (k == 'K') {  // W-9
            for (int to : neighbours(from)) {
                const int tf = file_of(to), tr = rank_of(to);
                if (!empty(tf, tr) && !capturable(tf, tr)) continue;
                bool near_enemy_king = false;
                for (int n : neighbours(to))
                    near_enemy_king |= kind(at(p, n)) == 'K' && !owned_by(at(p, n), us);
                if (!near_enemy_king) add(tf, tr);
            }
            continue;  // a King never Traverses
        }
        if (k == 'Q' || k == 'R' || k == 'B') {  // W-10, W-11, W-12
            for (std::size_t d = 0; d < 8; ++d) {
                const bool diagonal = d >= 4;
                if ((k == 'R' && diagonal) || (k == 'B' && !diagonal)) continue;
                for (int i = 1;; ++i) {
                    const int tf = f + i * kLines[d].df, tr = r + i * kLines[d].dr;
                    if (!inside(tf, tr)) break;
                    if (empty(tf, tr)) {
                        add(tf, tr);
                        continue;
                    }
                    if (capturable(tf, tr)) add(tf, tr);
                    break;
                }
            }
        } else if (k == 'N') {  // W-13
            for (const Dir& d : kKnightLeaps) {
                const int tf = f + d.df, tr = r + d.dr;
                if (inside(tf, tr) && (empty(tf, tr) || capturable(tf, tr))) add(tf, tr);
            }
        } else if (k == 'P' || k == 'T') {  // W-14, W-15
            for (std::size_t d = 0; d < 8; ++d) {
                const int tf = f + kLines[d].df, tr = r + kLines[d].dr;
                if (!inside(tf, tr)) continue;
                const bool diagonal = d >= 4;
                if (!diagonal && empty(tf, tr)) add(tf, tr);
                if (diagonal && k == 'P' && capturable(tf, tr)) add(tf, tr);
            }
        }
        // W-17: over consecutive friendly non-King pieces to the first square after them.
        for (const Dir& d : kLines) {
            int tf = f + d.df, tr = r + d.dr;
            if (!inside(tf, tr) || !own_chain(tf, tr)) continue;
            while (inside(tf, tr) && own_chain(tf, tr)) {
                tf += d.df;
                tr += d.dr;
            }
            if (inside(tf, tr) && empty(tf, tr)) out.push_back({'T', from, sq(tf, tr), k, false});
        }
    }
    // W-18: one deployment per kind in reserve and empty square.
    for (std::size_t k = 0; k < 6; ++k) {
        if (!p.reserve[us ? 0 : 1][k]) continue;
        for (int to = 0; to < 81; ++to)
            if (at(p, to) == '.') out.push_back({'D', to, to, kReserveOrder[k], false});
    }
    return out;
}

inline Pos apply(const Pos& p, const Action& a) {
    Pos n = p;
    if (a.type == 'D') {
        n.b[static_cast<std::size_t>(a.to)] =
            p.white ? a.piece : static_cast<char>(std::tolower(a.piece));
        --n.reserve[p.white ? 0 : 1][kReserveOrder.find(a.piece)];
    } else {
        n.b[static_cast<std::size_t>(a.to)] = at(p, a.from);  // a capture just removes (W-19)
        n.b[static_cast<std::size_t>(a.from)] = '.';
    }
    if (!p.white) ++n.fullmove;
    n.white = !p.white;
    return n;
}

// W-22: the action is legal when no King of the mover is in check afterwards.
inline std::vector<Action> legal_actions(const Pos& p) {
    std::vector<Action> out;
    for (const Action& a : pseudo_actions(p))
        if (!in_check(apply(p, a), p.white)) out.push_back(a);
    return out;
}

inline std::set<std::string> legal_lans(const Pos& p) {
    std::set<std::string> out;
    for (const Action& a : legal_actions(p)) out.insert(a.lan());
    return out;
}

// Actions that start on one square (ordinary moves and Traverses of its piece).
inline std::set<std::string> legal_lans_from(const Pos& p, int from) {
    std::set<std::string> out;
    for (const Action& a : legal_actions(p))
        if (a.type != 'D' && a.from == from) out.insert(a.lan());
    return out;
}

inline long long perft(const Pos& p, int depth) {
    if (depth == 0) return 1;
    const auto moves = legal_actions(p);
    if (depth == 1) return static_cast<long long>(moves.size());
    long long n = 0;
    for (const Action& a : moves) n += perft(apply(p, a), depth - 1);
    return n;
}

}  // namespace chimera::refw

// ---------------------------------------------------------------- engine side helpers

namespace chimera::wtest {

using wataku::Position;

inline void load(Position& pos, const std::string& fen) {
    const Status s = pos.set_fen(fen);
    ASSERT_TRUE(s.is_ok()) << fen << ": " << s.message();
}

inline std::set<std::string> engine_lans(const Position& pos) {
    Position::Moves ml;
    pos.legal_moves(ml);
    std::set<std::string> out;
    for (Move m : ml) out.insert(pos.lan(m));
    return out;
}

inline std::set<std::string> engine_lans_from(const Position& pos, std::string_view from) {
    Position::Moves ml;
    pos.legal_moves(ml);
    std::set<std::string> out;
    for (Move m : ml)
        if (m.kind() != MoveKind::DROP && m.from() == refw::sq(from)) out.insert(pos.lan(m));
    return out;
}

inline Move find(const Position& pos, std::string_view lan) {
    Position::Moves ml;
    pos.legal_moves(ml);
    for (Move m : ml)
        if (pos.lan(m) == lan) return m;
    return Move::none();
}

// Sets a FEN that must be valid; false (after reporting) when the engine rejects it.
inline bool loaded(Position& pos, const std::string& fen) {
    const Status s = pos.set_fen(fen);
    EXPECT_TRUE(s.is_ok()) << fen << ": " << s.message();
    return s.is_ok();
}

// Plays a LAN action that must be legal.
inline void play(Position& pos, std::string_view lan) {
    const Move m = find(pos, lan);
    ASSERT_FALSE(m.is_none()) << lan << " is not legal in " << pos.fen();
    pos.do_move(m);
}

// Squares (names) whose pieces the engine / the model consider active.
inline std::set<std::string> engine_active(const Position& pos) {
    std::set<std::string> out;
    for (int s = 0; s < 81; ++s)
        if (pos.is_active(s)) out.insert(refw::name(s));
    return out;
}
inline std::set<std::string> ref_active(const std::string& fen) {
    const refw::Pos p = refw::parse_fen(fen);
    const auto act = refw::activity(p);
    std::set<std::string> out;
    for (int s = 0; s < 81; ++s)
        if (act[static_cast<std::size_t>(s)]) out.insert(refw::name(s));
    return out;
}

using Names = std::set<std::string>;

// "a b c" for a failure message.
inline std::string join(const Names& names) {
    std::string s;
    for (const auto& n : names) s += (s.empty() ? "" : " ") + n;
    return s;
}
// What one set has and the other lacks, both ways.
inline std::string diff(const Names& got, const Names& want) {
    Names extra, missing;
    for (const auto& n : got)
        if (!want.count(n)) extra.insert(n);
    for (const auto& n : want)
        if (!got.count(n)) missing.insert(n);
    return "extra: [" + join(extra) + "] missing: [" + join(missing) + "]";
}

// The actions of the piece on `from` (ordinary moves and Traverses), by the engine and
// by the model, against a list made by hand; then the whole position, engine vs model.
inline void expect_piece_actions(const std::string& fen, std::string_view from,
                                 const Names& expected) {
    Position pos;
    if (!loaded(pos, fen)) return;
    const Names got = engine_lans_from(pos, from);
    EXPECT_EQ(got, expected) << "engine, " << from << " in " << fen << "\n" << diff(got, expected);
    const Names model = refw::legal_lans_from(refw::parse_fen(fen), refw::sq(from));
    EXPECT_EQ(model, expected) << "model, " << from << " in " << fen << "\n"
                               << diff(model, expected);
    const Names all = engine_lans(pos), all_model = refw::legal_lans(refw::parse_fen(fen));
    EXPECT_EQ(all, all_model) << "engine vs model in " << fen << "\n" << diff(all, all_model);
}

// Every legal action of the position, by the engine and by the model, against a list.
inline void expect_all_actions(const std::string& fen, const Names& expected) {
    Position pos;
    if (!loaded(pos, fen)) return;
    const Names got = engine_lans(pos);
    EXPECT_EQ(got, expected) << "engine in " << fen << "\n" << diff(got, expected);
    const Names model = refw::legal_lans(refw::parse_fen(fen));
    EXPECT_EQ(model, expected) << "model in " << fen << "\n" << diff(model, expected);
}

}  // namespace chimera::wtest
