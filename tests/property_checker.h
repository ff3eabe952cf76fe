// Shared machinery of the property tests: per-variant data, the per-ply checker that
// compares the engine with the reference rules of property_reference.h, and the
// seeded random playouts. See test_properties.cpp for the list of properties.
//
// The number of games scales with the environment variable CHIMERA_PROPERTY_SCALE
// (default 1 in optimised builds, 0.02 in debug and sanitizer builds).
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <iterator>
#include <map>
#include <random>
#include <set>
#include <string>
#include <type_traits>
#include <vector>

#include "core/text.h"
#include "property_reference.h"
#include "variants/registry.h"

namespace chimera::test::props {

// Optimised builds run the full workload by default; debug and sanitizer builds
// (30-50 times slower here) a fiftieth of it. CHIMERA_PROPERTY_SCALE overrides either.
#if defined(NDEBUG) && !defined(__SANITIZE_ADDRESS__) && !defined(__SANITIZE_THREAD__)
constexpr double kDefaultScale = 1.0;
#else
constexpr double kDefaultScale = 0.02;
#endif

inline double property_scale() {
    const char* s = std::getenv("CHIMERA_PROPERTY_SCALE");
    const double v = s ? std::strtod(s, nullptr) : kDefaultScale;
    return v > 0 ? v : kDefaultScale;
}

inline int scaled(int n) { return std::max(1, static_cast<int>(n * property_scale() + 0.5)); }

// ------------------------------------------------------------------ per-variant data

template <class Pos>
struct Variant;

template <>
struct Variant<chess::Position> {
    static constexpr RefRules kRules = RefRules::Orthodox;
    static constexpr int kGames = 2000;
    static constexpr int kNotationGames = 150;
    static constexpr int kMaxPlies = 200;
    static std::vector<std::string> fens() {
        return {
            std::string(chess::Position::kStartFen),
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",  // Kiwipete
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",                             // position 3
            "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",                               // promotions
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",      // position 4
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",             // position 5
            "8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1",  // en passant would expose the King
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        };
    }
    static std::vector<std::string> required_features() {
        return {"capture",        "en passant",         "castling O-O",
                "castling O-O-O", "promotion to Queen", "under-promotion",
                "check",          "checkmate"};
    }
};

template <>
struct Variant<chess4d::Position> {
    static constexpr RefRules kRules = RefRules::FourD;
    static constexpr int kGames = 1500;
    static constexpr int kNotationGames = 60;
    static constexpr int kMaxPlies = 200;
    static std::vector<std::string> fens() { return {std::string(chess4d::Position::kStartFen)}; }
    static std::vector<std::string> required_features() {
        return {"capture",
                "promotion",
                "check",
                "checkmate",
                "move across Z",
                "move across W",
                "move across Z and W",
                "pawn capture across boards",
                "knight move across boards"};
    }
};

// ------------------------------------------------------------------ helpers

template <class Pos>
RefGame board_of(const Pos& pos) {
    RefGame g = make_ref_game(Variant<Pos>::kRules);
    for (int sq = 0; sq < g.cells(); ++sq) g.board[sq] = static_cast<int>(pos.piece_on(sq));
    g.stm = pos.side_to_move() == WHITE ? kWhite : kBlack;
    return g;
}

// The reference game for a FEN the engine has accepted: the placement is read back
// from the engine (and compared with the FEN text by the caller), the other fields
// are parsed here from the text.
template <class Pos>
RefGame ref_from_fen(const Pos& pos, const std::string& fen) {
    RefGame g = board_of(pos);
    const auto f = split_fields(fen);
    g.stm = f[1] == "w" ? kWhite : kBlack;
    std::size_t i = 2;
    if (g.orthodox()) {
        for (char c : f[2]) {
            if (c == 'K') g.rights |= kRightWK;
            if (c == 'Q') g.rights |= kRightWQ;
            if (c == 'k') g.rights |= kRightBK;
            if (c == 'q') g.rights |= kRightBQ;
        }
        g.ep = f[3] == "-" ? -1 : ref_square(g, f[3][0] - 'a', f[3][1] - '1');
        i = 4;
    }
    g.halfmove = std::stoi(std::string(f[i]));
    g.fullmove = std::stoi(std::string(f[i + 1]));
    return g;
}

// A random legal placement (within the armies, pawns off their first and last ranks,
// the side not to move not in check), as a FEN written by the reference.
inline std::string random_fen(RefRules rules, std::mt19937_64& rng) {
    auto below = [&](int n) { return static_cast<int>(rng() % static_cast<std::uint64_t>(n)); };
    const bool orthodox = rules == RefRules::Orthodox;
    const std::array<int, 7> army = orthodox ? std::array<int, 7>{0, 8, 2, 2, 2, 1, 1}
                                             : std::array<int, 7>{0, 4, 1, 1, 2, 1, 1};
    for (;;) {
        RefGame g = make_ref_game(rules);
        for (int color : {kWhite, kBlack})
            for (int type = kKing; type >= kPawn; --type) {
                const int n = type == kKing ? 1 : below(army[type] + 1);
                for (int k = 0; k < n; ++k)
                    for (;;) {
                        const int sq = below(g.cells());
                        const int y = g.coord(sq).c[1];
                        if (g.board[sq] || (type == kPawn && (y == 0 || y == g.dim[1] - 1)))
                            continue;
                        g.board[sq] = piece_code(color, type);
                        break;
                    }
            }
        g.stm = below(2);
        if (!ref_attacked(g, ref_king(g, 1 - g.stm), g.stm)) return ref_fen(g);
    }
}

inline std::string lans(const RefGame& g, const std::vector<Move>& moves) {
    std::string s;
    for (Move m : moves) {
        if (!s.empty()) s += ' ';
        s += ref_lan(g, m);
    }
    return s.empty() ? "(none)" : s;
}

inline std::vector<Move> sorted_moves(const auto& list) {
    std::vector<Move> v(list.begin(), list.end());
    std::sort(v.begin(), v.end(), [](Move a, Move b) { return a.raw() < b.raw(); });
    return v;
}

// The engine's castling rights in the reference's bits.
inline unsigned rights_of(const chess::Position& pos) {
    const unsigned cr = pos.castling_rights();
    return ((cr & chess::WHITE_OO) ? kRightWK : 0u) | ((cr & chess::WHITE_OOO) ? kRightWQ : 0u) |
           ((cr & chess::BLACK_OO) ? kRightBK : 0u) | ((cr & chess::BLACK_OOO) ? kRightBQ : 0u);
}

// The engine's state is the reference game's: placement, side to move, counters,
// castling rights and the (visible) en-passant square. A cheaper equivalent of
// comparing the two FENs.
template <class Pos>
bool same_state(const Pos& pos, const RefGame& g) {
    for (int sq = 0; sq < g.cells(); ++sq)
        if (static_cast<int>(pos.piece_on(sq)) != g.board[sq]) return false;
    if ((pos.side_to_move() == WHITE ? kWhite : kBlack) != g.stm) return false;
    if (pos.rule50() != g.halfmove || pos.game_ply() != 2 * (g.fullmove - 1) + g.stm) return false;
    if constexpr (std::is_same_v<Pos, chess::Position>) {
        if (rights_of(pos) != g.rights || pos.ep_square() != ref_visible_ep(g)) return false;
    }
    return true;
}

// Everything undo_move must restore.
template <class Pos>
struct Snapshot {
    std::string fen;
    std::uint64_t key = 0;
    std::array<int, 64> squares{};
    bool check = false;
    int rule50 = 0, ply = 0, ep = -1, rights = 0;

    explicit Snapshot(const Pos& pos)
        : fen(pos.fen()),
          key(pos.key()),
          check(pos.in_check()),
          rule50(pos.rule50()),
          ply(pos.game_ply()) {
        for (int sq = 0; sq < 64; ++sq) squares[sq] = static_cast<int>(pos.piece_on(sq));
        if constexpr (std::is_same_v<Pos, chess::Position>) {
            ep = pos.ep_square();
            rights = pos.castling_rights();
        }
    }
    bool operator==(const Snapshot&) const = default;
};

// ------------------------------------------------------------------ the checker

template <class Pos>
class Checker {
  public:
    void fail(const std::string& property, const std::string& message) {
        Failure& f = failures_[property];
        if (f.count++ == 0) f.first = message;
    }
    void count(const std::string& feature) { ++features_[feature]; }
    long feature(const std::string& name) const {
        auto it = features_.find(name);
        return it == features_.end() ? 0 : it->second;
    }
    void report() const {
        for (const auto& [property, f] : failures_)
            ADD_FAILURE() << property << ": " << f.count << " failure(s); first one:\n" << f.first;
        std::string counts;
        for (const auto& [name, n] : features_)
            counts += "  " + name + ": " + std::to_string(n) + "\n";
        std::cout << "[ features ] scale " << property_scale() << "\n" << counts;
    }

    // Every per-ply property. Returns false when the engine has left the reference
    // game (later plies would only repeat the same failure).
    bool check_ply(Pos& pos, const RefGame& ref, const std::vector<Move>& ref_moves,
                   const std::string& where, bool notation) {
        const std::string fen = pos.fen();
        const std::string expected = ref_fen(ref);
        if (fen != expected) {
            fail("engine state equals the reference game",
                 where + "\n  engine FEN    " + fen + "\n  reference FEN " + expected);
            return false;
        }
        if (pos.in_check() != ref_in_check(ref))
            fail("in_check() agrees with the reference attack test", where);
        if constexpr (std::is_same_v<Pos, chess::Position>) {
            if (rights_of(pos) != ref.rights)
                fail("castling_rights() agrees with the reference", where);
            if (pos.ep_square() != ref_visible_ep(ref))
                fail("ep_square() is set exactly when a legal en-passant capture exists", where);
        }
        check_key(pos, where);
        check_fen_round_trip(pos, where);

        typename Pos::Moves list;
        pos.legal_moves(list);
        const std::vector<Move> moves = sorted_moves(list);
        if (std::adjacent_find(moves.begin(), moves.end()) != moves.end())
            fail("legal_moves() has no duplicates", where);
        if (moves != ref_moves) {
            std::vector<Move> missing, extra;
            auto less = [](Move a, Move b) { return a.raw() < b.raw(); };
            std::set_difference(ref_moves.begin(), ref_moves.end(), moves.begin(), moves.end(),
                                std::back_inserter(missing), less);
            std::set_difference(moves.begin(), moves.end(), ref_moves.begin(), ref_moves.end(),
                                std::back_inserter(extra), less);
            fail("legal_moves() equals the reference generator",
                 where + "\n  missing: " + lans(ref, missing) + "\n  extra:   " + lans(ref, extra));
            return false;
        }

        std::vector<std::string> sans;
        if (notation) sans = check_notation(pos, ref, ref_moves, list, where);

        const Snapshot<Pos> before(pos);
        for (std::size_t i = 0; i < list.size(); ++i) {
            const Move m = list[i];
            auto what = [&] { return where + "\n  move " + ref_lan(ref, m); };
            const RefGame child = ref_apply(ref, m);
            pos.do_move(m);
            if (!same_state(pos, child))
                fail("do_move gives the reference position", what() + "\n  engine FEN    " +
                                                                 pos.fen() + "\n  reference FEN " +
                                                                 ref_fen(child));
            check_key(pos, what);
            const RefGame after = board_of(pos);
            const int king = ref_king(after, ref.stm);
            if (king < 0 || ref_attacked(after, king, 1 - ref.stm))
                fail("no legal move leaves the mover's King attacked (reference attack test)",
                     what());
            const bool check = ref_in_check(after);
            if (pos.in_check() != check)
                fail("in_check() after the move agrees with the reference attack test", what());
            if (notation) {
                typename Pos::Moves replies;
                pos.legal_moves(replies);
                const char mark = sans[i].empty() ? ' ' : sans[i].back();
                const char want = !check ? ' ' : replies.empty() ? '#' : '+';
                if ((mark == '+' || mark == '#' ? mark : ' ') != want)
                    fail("SAN marks check with + and mate with #", what() + " SAN " + sans[i]);
            }
            pos.undo_move(m);
            if (!(Snapshot<Pos>(pos) == before))
                fail("undo_move restores FEN, key, squares and state",
                     what() + "\n  after undo " + pos.fen() + " key " + std::to_string(pos.key()));
        }
        return true;
    }

  private:
    template <class Where>
    void check_key(const Pos& pos, const Where& where) {
        auto text = [&] {
            if constexpr (std::is_invocable_v<Where>)
                return where();
            else
                return std::string(where);
        };
        if (pos.key() != pos.compute_key()) fail("key() equals compute_key()", text());
        if (!pos.is_consistent()) fail("is_consistent()", text());
    }

    void check_fen_round_trip(const Pos& pos, const std::string& where) {
        const std::string fen = pos.fen();
        Pos copy;
        if (Status s = copy.set_fen(fen); !s) {
            fail("FEN round trip", where + "\n  set_fen rejects its own FEN: " + s.message());
            return;
        }
        if (copy.fen() != fen || copy.key() != pos.key())
            fail("FEN round trip", where + "\n  reparsed as " + copy.fen());
        for (int sq = 0; sq < 64; ++sq)
            if (copy.piece_on(sq) != pos.piece_on(sq)) {
                fail("FEN round trip", where + "\n  square " + std::to_string(sq) + " differs");
                break;
            }
    }

    std::vector<std::string> check_notation(const Pos& pos, const RefGame& ref,
                                            const std::vector<Move>& ref_moves,
                                            const typename Pos::Moves& list,
                                            const std::string& where) {
        std::set<std::string> seen_lan, seen_san;
        std::vector<std::string> sans;
        for (Move m : list) {
            const std::string lan = pos.lan(m), san = pos.san(m);
            const std::string what = where + "\n  move " + ref_lan(ref, m);
            sans.push_back(san);
            if (lan != ref_lan(ref, m))
                fail("LAN is spelled as the spec says", what + " printed as " + lan);
            if (!seen_lan.insert(lan).second) fail("LAN is unique in the move list", what);
            if (ref.orthodox()) {
                std::string bare = san;
                if (!bare.empty() && (bare.back() == '+' || bare.back() == '#')) bare.pop_back();
                if (bare != ref_san_without_mark(ref, ref_moves, m))
                    fail("chess SAN is standard algebraic notation",
                         what + " printed as " + san + ", expected " +
                             ref_san_without_mark(ref, ref_moves, m));
            } else {
                // 4D display form: piece letter (none for pawns), as much of the origin
                // as needed (a pawn capture may show only the board: [1,0]xd3[1,1]), x for
                // a capture, the destination, =Q for the automatic promotion.
                std::string bare = san;
                if (!bare.empty() && (bare.back() == '+' || bare.back() == '#')) bare.pop_back();
                const int type = type_code(ref.board[m.from()]);
                const bool capture = ref.board[m.to()] != 0;
                std::string tail = (capture ? "x" : "") + ref_square_name(ref, m.to());
                if (m.kind() == MoveKind::PROMOTION) tail += "=Q";
                const bool letter_ok = type == kPawn ? !(bare[0] >= 'A' && bare[0] <= 'Z')
                                                     : bare[0] == " PNBRQK"[type];
                if (!letter_ok || bare.size() < tail.size() ||
                    bare.compare(bare.size() - tail.size(), tail.size(), tail) != 0 ||
                    (bare.find('x') != std::string::npos) != capture)
                    fail("4D SAN names piece, capture, destination and promotion",
                         what + " printed as " + san);
            }
            if (!seen_san.insert(san).second)
                fail("SAN is unique in the move list", what + " SAN " + san);
            std::string error;
            if (pos.parse_lan(lan, &error) != m)
                fail("parse_lan(lan(m)) == m", what + " LAN " + lan + " error " + error);
            if (pos.parse_san(san, &error) != m)
                fail("parse_san(san(m)) == m", what + " SAN " + san + " error " + error);
        }
        return sans;
    }

    struct Failure {
        int count = 0;
        std::string first;
    };
    std::map<std::string, Failure> failures_;
    std::map<std::string, long> features_;
};

// ------------------------------------------------------------------ playouts

// Feature counters for the move about to be played.
inline void classify(Checker<chess::Position>& ck, const RefGame& g, Move m, const RefGame& after) {
    if (g.board[m.to()] != 0 || m.kind() == MoveKind::EN_PASSANT) ck.count("capture");
    if (m.kind() == MoveKind::EN_PASSANT) ck.count("en passant");
    if (m.kind() == MoveKind::CASTLING)
        ck.count(m.to() > m.from() ? "castling O-O" : "castling O-O-O");
    if (m.kind() == MoveKind::PROMOTION)
        ck.count(m.extra() == kQueen ? "promotion to Queen" : "under-promotion");
    if (ref_in_check(after)) ck.count("check");
    if (after.ep >= 0 && ref_visible_ep(after) < 0)
        for (Move reply : ref_pseudo_legal(after))
            if (reply.kind() == MoveKind::EN_PASSANT) {
                ck.count("en passant pseudo-legal but illegal (ep square hidden)");
                break;
            }
}

inline void classify(Checker<chess4d::Position>& ck, const RefGame& g, Move m,
                     const RefGame& after) {
    const RefCoord f = g.coord(m.from()), t = g.coord(m.to());
    const bool z = f.c[2] != t.c[2], w = f.c[3] != t.c[3];
    const int type = type_code(g.board[m.from()]);
    if (g.board[m.to()] != 0) ck.count("capture");
    if (m.kind() == MoveKind::PROMOTION) ck.count("promotion");
    if (z) ck.count("move across Z");
    if (w) ck.count("move across W");
    if (z && w) ck.count("move across Z and W");
    if ((z || w) && type == kPawn) ck.count("pawn capture across boards");
    if ((z || w) && type == kKnight) ck.count("knight move across boards");
    if (ref_in_check(after)) ck.count("check");
}

// Prefers castling, en passant and promotions, then captures, so that random games
// reach them often; otherwise a uniform choice.
inline Move pick_move(const RefGame& g, const std::vector<Move>& moves, std::mt19937_64& rng) {
    std::vector<Move> special, captures;
    for (Move m : moves) {
        if (m.kind() != MoveKind::NORMAL) special.push_back(m);
        if (g.board[m.to()] != 0) captures.push_back(m);
    }
    auto any = [&](const std::vector<Move>& v) { return v[rng() % v.size()]; };
    const auto roll = rng() % 100;
    if (!special.empty() && roll < 60) return any(special);
    if (!captures.empty() && roll < 45) return any(captures);
    return any(moves);
}

template <class Pos>
void run_playouts(int games, bool notation, std::uint64_t seed, bool require_features) {
    using V = Variant<Pos>;
    Checker<Pos> ck;
    const auto fens = V::fens();
    for (int game = 0; game < games && !::testing::Test::HasFatalFailure(); ++game) {
        std::mt19937_64 rng(seed + static_cast<std::uint64_t>(game));
        // Every fourth game starts from a random placement, the others cycle the FEN list.
        const std::string fen =
            game % 4 == 3 ? random_fen(V::kRules, rng)
                          : fens[static_cast<std::size_t>(game / 4 * 3 + game % 4) % fens.size()];
        const std::string head = std::string(Pos::kId) + " game " + std::to_string(game) +
                                 " (seed " + std::to_string(seed) + "+" + std::to_string(game) +
                                 ") from " + fen;
        Pos pos;
        if (Status s = pos.set_fen(fen); !s) {
            ck.fail("set_fen accepts legal positions", head + ": " + s.message());
            continue;
        }
        RefGame ref = ref_from_fen(pos, fen);
        if (ref_placement(ref) != std::string(split_fields(fen)[0])) {
            ck.fail("set_fen places the pieces where the FEN says", head);
            continue;
        }
        std::string played;
        std::map<std::string, int> seen;
        for (int ply = 0; ply <= V::kMaxPlies; ++ply) {
            const std::vector<Move> ref_moves = ref_legal(ref);
            const std::string where = head + "\n  after moves:" + played;
            if (!ck.check_ply(pos, ref, ref_moves, where, notation)) break;
            // The end rules in the spec's order: mate and stalemate, then the third
            // occurrence of a position (placement, side, rights, capturable ep square),
            // then 100 plies without progress, then dead material.
            const std::string full = ref_fen(ref);
            const std::string position = full.substr(0, full.rfind(' ', full.rfind(' ') - 1));
            const int occurrences = ++seen[position];
            Outcome expected = Outcome::ONGOING;
            if (ref_moves.empty())
                expected = ref_in_check(ref) ? Outcome::CHECKMATE : Outcome::STALEMATE;
            else if (occurrences >= 3)
                expected = Outcome::REPETITION;
            else if (ref.halfmove >= 100)
                expected = Outcome::MOVE_RULE;
            else if (ref_dead_material(ref))
                expected = Outcome::INSUFFICIENT;
            const Outcome outcome = pos.outcome();
            if (outcome != expected)
                ck.fail("outcome() follows the end rules",
                        where + "\n  outcome " + outcome_name(outcome) + ", expected " +
                            outcome_name(expected));
            if (ref_moves.empty()) {
                ck.count(expected == Outcome::CHECKMATE ? "checkmate" : "stalemate");
                break;
            }
            if (outcome != Outcome::ONGOING || ply == V::kMaxPlies) {
                ck.count(std::string("game ended: ") + outcome_name(outcome));
                break;
            }
            const Move m = pick_move(ref, ref_moves, rng);
            const RefGame next = ref_apply(ref, m);
            classify(ck, ref, m, next);
            played += ' ';
            played += ref_lan(ref, m);
            pos.do_move(m);
            ref = next;
            ck.count("plies");
        }
        ck.count("games");
    }
    ck.report();
    // Below this scale (debug and sanitizer builds) too few games to insist on all of them.
    if (require_features && property_scale() >= 0.05) {
        for (const std::string& f : V::required_features())
            EXPECT_GT(ck.feature(f), 0) << "random playouts never reached: " << f;
    }
}

}  // namespace chimera::test::props
