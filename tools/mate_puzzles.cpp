// Finds mate puzzles for the test suite (tests/data/mate_puzzles.txt): along
// self-play games of the engine, positions where the side to move mates in N
// moves (1 to 4), each one proven before it is printed by an AND-OR search in
// which the engine chooses the attacker's moves and every legal reply of the
// defender is tried, down to checkmate on the board. A puzzle is only kept
// when the engine, searching the position afresh with a small budget, does not
// see the mate yet (it is then a test of the search, not of the budget).
//
//   chimera_mate_puzzles <variant> <puzzles per N> [seed]
//
// prints "<variant> <N> <FEN>" lines (stdout) and its progress (stderr).
#include <cstdio>
#include <cstdlib>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "engine/engine.h"
#include "variants/registry.h"

namespace chimera {
namespace {

using engine::Engine;
using engine::Limits;

// The engine's move and score (from the side to move) in pos, searched afresh.
template <class Pos>
engine::Result analyse(Engine& e, const Pos& pos, std::uint64_t nodes) {
    e.new_game();
    (void)e.set_position(pos.fen(), {});
    Limits l;
    l.nodes = nodes;
    return e.search(l);
}

// Moves a mate score counts for the side to move (0 when it is no mate for it).
int mate_moves(engine::Value v) {
    if (v < engine::VALUE_MATE_IN_MAX_PLY) return 0;
    return (engine::VALUE_MATE - v + 1) / 2;
}

template <class Pos>
bool is_checkmate(const Pos& pos) {
    typename Pos::Moves moves;
    pos.legal_moves(moves);
    return moves.empty() && pos.in_check();
}

// Whether the side to move in pos mates in at most n moves: the attacker's
// move is the engine's (or, with one move left, any move that mates), and
// every reply of the defender must leave a mate in n - 1.
template <class Pos>
bool proves_mate(Engine& e, Pos& pos, int n) {
    typename Pos::Moves moves;
    pos.legal_moves(moves);
    if (n == 1) {
        for (Move m : moves) {
            pos.do_move(m);
            const bool mate = is_checkmate(pos);
            pos.undo_move(m);
            if (mate) return true;
        }
        return false;
    }
    const engine::Result r = analyse(e, pos, 400000);
    if (r.move.is_none() || mate_moves(r.score) == 0 || mate_moves(r.score) > n) return false;
    pos.do_move(r.move);
    typename Pos::Moves replies;
    pos.legal_moves(replies);
    bool holds = true;
    if (replies.empty()) {
        holds = pos.in_check();
    } else {
        for (Move reply : replies) {
            pos.do_move(reply);
            holds = proves_mate(e, pos, n - 1);
            pos.undo_move(reply);
            if (!holds) break;
        }
    }
    pos.undo_move(r.move);
    return holds;
}

template <class Pos>
int run(int per_n, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    Engine player, prover, fresh;
    for (Engine* e : {&player, &prover, &fresh}) (void)e->set_variant(Pos::kId);
    int found[5] = {0, 0, 0, 0, 0};
    std::set<std::uint64_t> seen;
    auto done = [&] {
        for (int n = 1; n <= 4; ++n)
            if (found[n] < per_n) return false;
        return true;
    };
    for (int game = 0; game < 2000 && !done(); ++game) {
        Pos pos;
        const auto& starts = Pos::kInfo.starts;
        (void)pos.set_fen(starts[rng() % starts.size()].fen);
        player.new_game();
        for (int ply = 0; ply < 300; ++ply) {
            typename Pos::Moves moves;
            pos.legal_moves(moves);
            if (moves.empty() || pos.outcome() != Outcome::ONGOING) break;
            if (ply < 6) {
                pos.do_move(moves[rng() % moves.size()]);
                continue;
            }
            (void)player.set_position(pos.fen(), {});
            Limits l;
            l.nodes = 3000 + rng() % 20000;
            const engine::Result r = player.search(l);
            const int n = mate_moves(r.score);
            if (n >= 1 && n <= 4 && found[n] < per_n && seen.insert(pos.key()).second) {
                // Kept when a small fresh search does not see it yet (for
                // n > 1) and the proof holds.
                const bool hidden = n == 1 || mate_moves(analyse(fresh, pos, 2000).score) == 0;
                if (hidden && proves_mate(prover, pos, n)) {
                    ++found[n];
                    std::printf("%s %d %s\n", std::string(Pos::kId).c_str(), n, pos.fen().c_str());
                    std::fflush(stdout);
                    std::fprintf(stderr, "%s game %d: mate in %d (%d %d %d %d)\n",
                                 std::string(Pos::kId).c_str(), game, n, found[1], found[2],
                                 found[3], found[4]);
                    break;  // one puzzle per game
                }
            }
            if (r.move.is_none()) break;
            pos.do_move(r.move);
        }
    }
    return done() ? 0 : 1;
}

}  // namespace
}  // namespace chimera

int main(int argc, char** argv) {
    if (argc < 3) {
        std::fprintf(stderr, "usage: chimera_mate_puzzles <variant> <puzzles per N> [seed]\n");
        return 2;
    }
    const int per_n = std::atoi(argv[2]);
    const std::uint64_t seed = argc > 3 ? std::strtoull(argv[3], nullptr, 10) : 1;
    int status = 2;
    if (!chimera::with_variant(argv[1],
                               [&]<class Pos>() { status = chimera::run<Pos>(per_n, seed); }))
        std::fprintf(stderr, "unknown variant %s\n", argv[1]);
    return status;
}
