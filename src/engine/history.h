// The search's statistics of which moves caused cut-offs, sized per variant
// (its cells and piece types) and kept between the searches of one game (the
// engine clears them for a new game): the butterfly history of quiet moves by
// side, origin and destination; the capture history by moving piece,
// destination and captured piece; and the continuation histories, which
// score a quiet move (piece, destination) after the move one and two plies
// before it; and the correction history, which learns by pawn structure
// (where the variant defines one) how far the static evaluation tends to be
// from the search's result. Every entry is updated with a gravity that keeps it within
// +/- its bound, so no update overflows.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <vector>

#include "core/move.h"

namespace chimera::engine {

// Adds bonus to entry, pulling it back toward 0 in proportion to its size.
template <int Bound>
inline void gravity(std::int16_t& entry, int bonus) {
    const int b = std::clamp(bonus, -Bound, Bound);
    entry = static_cast<std::int16_t>(entry + b - entry * std::abs(b) / Bound);
}

template <class Pos>
struct Histories {
    static constexpr int kTypes = Pos::kPieceTypes;
    static constexpr int kCells = Pos::kCells;
    static constexpr int kMainBound = 16384, kCaptureBound = 16384, kContBound = 16384;
    // One continuation table: the scores of (piece, destination) after one move.
    using Continuation = std::int16_t[kTypes][kCells];

    std::int16_t main[2][128][128];
    std::int16_t capture[kTypes][kCells][kTypes];
    Continuation continuation[kTypes][kCells];
    // The table after a null move or at the root: never written, always 0.
    Continuation none;
    // Corrections of the static evaluation by side and structure key, in
    // 1/kCorrectionGrain centipawns, each within +/- kCorrectionBound.
    static constexpr int kCorrectionSize = 1 << 14, kCorrectionGrain = 16,
                         kCorrectionBound = 256 * kCorrectionGrain;
    std::int16_t correction[2][kCorrectionSize];
    // The pawn history: quiet moves' scores by the slot of the structure key
    // (structure_key beside the evaluation), side, piece and destination,
    // where the variant asks for it (Pos::kPawnHistory: 4D chess; in chess
    // it did not gain, docs/engine.md); one slot, never read or written,
    // where it does not.
    static constexpr bool kPawnHistory = [] {
        if constexpr (requires { Pos::kPawnHistory; })
            return Pos::kPawnHistory;
        else
            return false;
    }();
    static constexpr int kPawnSize = kPawnHistory ? 512 : 1, kPawnBound = 8192;
    std::int16_t pawn[kPawnSize][2][kTypes][kCells];
};

// The tables of every thread of an engine's search, kept from one search to
// the next; type-erased so that the engine holds them across variants.
struct HistoryStore {
    virtual ~HistoryStore() = default;
};

template <class Pos>
struct HistoryStoreOf final : HistoryStore {
    std::vector<std::unique_ptr<Histories<Pos>>> threads;
};

// The tables of thread `thread` for Pos, created (zeroed) when store holds
// another variant's or none.
template <class Pos>
Histories<Pos>& histories_for(std::unique_ptr<HistoryStore>& store, int thread) {
    auto* of = dynamic_cast<HistoryStoreOf<Pos>*>(store.get());
    if (!of) {
        store = std::make_unique<HistoryStoreOf<Pos>>();
        of = static_cast<HistoryStoreOf<Pos>*>(store.get());
    }
    while (static_cast<int>(of->threads.size()) <= thread)
        of->threads.push_back(std::make_unique<Histories<Pos>>());
    return *of->threads[static_cast<std::size_t>(thread)];
}

}  // namespace chimera::engine
