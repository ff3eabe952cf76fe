// `chimera bench perft`: single-threaded perft speed on fixed positions, last ply
// counted in bulk. Reports nodes, seconds and nodes per second per position.
#include <chrono>
#include <cstdio>
#include <ostream>

#include "app/cli.h"
#include "core/perft.h"
#include "core/text.h"
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

}  // namespace

int cmd_bench(const Args& args, std::ostream& out, std::ostream& err) {
    if (args.empty() || args[0] != "perft" || args.size() > 1) {
        err << "error: usage: chimera bench perft\n";
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
