// Google Benchmark micro-benchmarks of the rules core: move generation,
// do/undo and perft, per variant. Reports items (nodes or moves) per second.
#include <benchmark/benchmark.h>

#include "core/perft.h"
#include "variants/registry.h"

namespace {

using namespace chimera;

constexpr const char* kKiwipete =
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

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

void ChessLegalMovesKiwipete(benchmark::State& s) { BM_LegalMoves<chess::Position>(s, kKiwipete); }
void ChessDoUndoKiwipete(benchmark::State& s) { BM_DoUndo<chess::Position>(s, kKiwipete); }
void ChessPerftStart(benchmark::State& s) { BM_Perft<chess::Position>(s, nullptr); }
void ChessPerftKiwipete(benchmark::State& s) { BM_Perft<chess::Position>(s, kKiwipete); }
void Chess4dLegalMovesStart(benchmark::State& s) { BM_LegalMoves<chess4d::Position>(s, nullptr); }
void Chess4dDoUndoStart(benchmark::State& s) { BM_DoUndo<chess4d::Position>(s, nullptr); }
void Chess4dPerftStart(benchmark::State& s) { BM_Perft<chess4d::Position>(s, nullptr); }

BENCHMARK(ChessLegalMovesKiwipete);
BENCHMARK(ChessDoUndoKiwipete);
BENCHMARK(ChessPerftStart)->Arg(5)->Unit(benchmark::kMillisecond);
BENCHMARK(ChessPerftKiwipete)->Arg(4)->Unit(benchmark::kMillisecond);
BENCHMARK(Chess4dLegalMovesStart);
BENCHMARK(Chess4dDoUndoStart);
BENCHMARK(Chess4dPerftStart)->Arg(4)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
