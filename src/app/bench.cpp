// `chimera bench perft`: single-threaded perft speed on fixed positions, last ply
// counted in bulk. Reports nodes, seconds and nodes per second per position.
#include <chrono>
#include <cstdio>
#include <ostream>

#include "app/cli.h"
#include "core/perft.h"
#include "core/text.h"
#include "engine/engine.h"
#include "variants/game.h"
#include "variants/registry.h"

namespace chimera::app {

namespace {

int search_bench(std::ostream& out) {
    std::uint64_t total = 0;
    double seconds = 0;
    // Each variant's bench positions, in registry order.
    for_each_variant([&]<class Pos>() {
        for (const BenchPosition& c : Pos::kInfo.bench_search) {
            engine::Engine e;
            GameOf<Pos> game;
            if (!c.fen.empty()) (void)game.set_fen(c.fen);
            e.set_position(game);
            engine::Limits limits;
            limits.depth = c.depth;
            const auto t0 = std::chrono::steady_clock::now();
            const engine::Result r = e.search(limits);
            const double s =
                std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
            char line[200];
            std::snprintf(line, sizeof line,
                          "%-9s %-12s depth %2d  nodes %10llu  %6.2f s  %8.0f nps  bestmove %s\n",
                          std::string(Pos::kId).c_str(), std::string(c.label).c_str(), c.depth,
                          static_cast<unsigned long long>(r.nodes), s,
                          static_cast<double>(r.nodes) / s, r.best.c_str());
            out << line << std::flush;
            total += r.nodes;
            seconds += s;
        }
    });
    out << "\nNodes searched: " << total
        << "\nNodes/second: " << static_cast<std::uint64_t>(static_cast<double>(total) / seconds)
        << '\n';
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
    for_each_variant([&]<class Pos>() {
        for (const BenchPosition& c : Pos::kInfo.bench_perft) {
            Pos pos;
            if (!c.fen.empty()) (void)pos.set_fen(c.fen);
            const auto t0 = std::chrono::steady_clock::now();
            const std::uint64_t nodes = perft(pos, c.depth);
            const double s =
                std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
            char line[160];
            std::snprintf(
                line, sizeof line, "%-9s %-15s depth %d  nodes %12llu  %7.3f s  %8.2f Mnps\n",
                std::string(Pos::kId).c_str(), std::string(c.label).c_str(), c.depth,
                static_cast<unsigned long long>(nodes), s, static_cast<double>(nodes) / s / 1e6);
            out << line << std::flush;
            all_nodes += nodes;
            all_seconds += s;
        }
    });
    out << "total nodes " << all_nodes << "  nps "
        << static_cast<std::uint64_t>(static_cast<double>(all_nodes) / all_seconds) << '\n';
    return 0;
}

}  // namespace chimera::app
