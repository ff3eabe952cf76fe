// Google Benchmark micro-benchmarks of the rules core: move generation,
// do/undo and perft, for every variant of the registry. Reports items (nodes or moves) per second.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <string>

#include "core/perft.h"
#include "variants/registry.h"

namespace {

using namespace chimera;

template <class Pos>
void BM_LegalMoves(benchmark::State& state, const char* fen) {
    Pos pos;
    if (fen) (void)pos.set_fen(fen);
    typename Pos::Moves moves;
    for (auto _ : state) {
        pos.legal_moves(moves);
        benchmark::DoNotOptimize(moves.size());
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * moves.size()));
}

template <class Pos>
void BM_DoUndo(benchmark::State& state, const char* fen) {
    Pos pos;
    if (fen) (void)pos.set_fen(fen);
    typename Pos::Moves moves;
    pos.legal_moves(moves);
    for (auto _ : state)
        for (Move m : moves) {
            pos.do_move(m);
            pos.undo_move(m);
        }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * moves.size()));
}

template <class Pos>
void BM_Perft(benchmark::State& state, const char* fen) {
    Pos pos;
    if (fen) (void)pos.set_fen(fen);
    std::uint64_t nodes = 0;
    for (auto _ : state) nodes += perft(pos, static_cast<int>(state.range(0)));
    state.SetItemsProcessed(static_cast<std::int64_t>(nodes));
}

// Every variant's perft bench positions (its descriptor), with the perft two
// plies shallower than `chimera bench perft`.
void register_all() {
    for_each_variant([]<class Pos>() {
        for (const BenchPosition& b : Pos::kInfo.bench_perft) {
            const std::string name = std::string(Pos::kId) + "/" + std::string(b.label);
            const char* fen = b.fen.empty() ? nullptr : b.fen.data();
            benchmark::RegisterBenchmark((name + "/legal_moves").c_str(), BM_LegalMoves<Pos>, fen);
            benchmark::RegisterBenchmark((name + "/do_undo").c_str(), BM_DoUndo<Pos>, fen);
            benchmark::RegisterBenchmark((name + "/perft").c_str(), BM_Perft<Pos>, fen)
                ->Arg(std::max(1, b.depth - 2))
                ->Unit(benchmark::kMillisecond);
        }
    });
}

}  // namespace

int main(int argc, char** argv) {
    register_all();
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
