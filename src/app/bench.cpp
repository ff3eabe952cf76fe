// `chimera bench perft`: single-threaded perft speed on fixed positions, last ply
// counted in bulk. Reports nodes, seconds and nodes per second per position.
#include <chrono>
#include <cstdio>
#include <ostream>

#include "app/cli.h"
#include "core/perft.h"
#include "core/text.h"
#include "engine/engine.h"
#include "variants/registry.h"

namespace chimera::app {

namespace {

struct BenchCase {
    std::string_view variant;
    std::string_view name;
    std::string_view fen;  // empty: the variant's start position
    int depth;
};

constexpr BenchCase kPerftCases[] = {
    {"chess", "start position", "", 6},
    {"chess", "Kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 5},
    {"chess4d", "start position", "", 5},
    {"wreckage", "start position", "", 5},
    {"wreckage", "middlegame",
     "xr1bq1b1rd/2pp2k1f1/1p1w3p2/p2Dppp2p/8p1/9P/2PB1P4/1X4P1P1/PPJPP1FP2/1RWBQK1GR1 w BI - "
     "JJJJgjjjjj 0 13",
     4},
    {"wataku", "formation 1", "", 3},
};

// Search bench: fixed positions, fixed depths, one thread, a fresh 16 MB table
// for each position; the node total is the search's behaviour signature.
constexpr BenchCase kSearchCases[] = {
    {"chess", "start", "", 11},
    {"chess", "Kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 8},
    {"chess", "middlegame", "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 9", 9},
    {"chess", "endgame", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 14},
    {"chess4d", "start", "", 9},
    {"wreckage", "start", "", 7},
    {"wreckage", "middlegame",
     "xr1bq1b1rd/2pp2k1f1/1p1w3p2/p2Dppp2p/8p1/9P/2PB1P4/1X4P1P1/PPJPP1FP2/1RWBQK1GR1 w BI - "
     "JJJJgjjjjj 0 13",
     6},
    {"wataku", "formation 1", "", 4},
    {"wataku", "formation 2", "9/1nk3kn1/2tp1pt2/9/9/9/2TP1PT2/1NK3KN1/9 w QRRBBPPTTqrrbbpptt 1", 4},
};

int search_bench(std::ostream& out) {
    std::uint64_t total = 0;
    double seconds = 0;
    for (const BenchCase& c : kSearchCases) {
        engine::Engine e;
        (void)e.set_variant(c.variant);
        (void)e.set_position(c.fen, {});
        engine::Limits limits;
        limits.depth = c.depth;
        const auto t0 = std::chrono::steady_clock::now();
        const engine::Result r = e.search(limits);
        const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        char line[200];
        std::snprintf(line, sizeof line, "%-8s %-12s depth %2d  nodes %10llu  %6.2f s  %8.0f nps  bestmove %s\n",
                      std::string(c.variant).c_str(), std::string(c.name).c_str(), c.depth,
                      static_cast<unsigned long long>(r.nodes), s, static_cast<double>(r.nodes) / s,
                      r.best.c_str());
        out << line << std::flush;
        total += r.nodes;
        seconds += s;
    }
    out << "\nNodes searched: " << total << "\nNodes/second: "
        << static_cast<std::uint64_t>(static_cast<double>(total) / seconds) << '\n';
    return 0;
}

}  // namespace

int cmd_bench(const Args& args, std::ostream& out, std::ostream& err) {
    if (args.empty()) return search_bench(out);
    if (args[0] != "perft" || args.size() > 1) {
        err << "error: usage: chimera bench [perft]\n";
        return kUsageError;
    }
    std::uint64_t all_nodes = 0;
    double all_seconds = 0;
    for (const BenchCase& c : kPerftCases) {
        with_variant(c.variant, [&]<class Pos>() {
            Pos pos;
            if (!c.fen.empty()) (void)pos.set_fen(c.fen);
            const auto t0 = std::chrono::steady_clock::now();
            const std::uint64_t nodes = perft(pos, c.depth);
            const double s =
                std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
            char line[160];
            std::snprintf(line, sizeof line, "%-8s %-15s depth %d  nodes %12llu  %7.3f s  %8.2f Mnps\n",
                          std::string(c.variant).c_str(), std::string(c.name).c_str(), c.depth,
                          static_cast<unsigned long long>(nodes), s,
                          static_cast<double>(nodes) / s / 1e6);
            out << line << std::flush;
            all_nodes += nodes;
            all_seconds += s;
        });
    }
    out << "total nodes " << all_nodes << "  nps "
        << static_cast<std::uint64_t>(static_cast<double>(all_nodes) / all_seconds) << '\n';
    return 0;
}

}  // namespace chimera::app
