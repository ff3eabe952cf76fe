// Transposition table shared by all search threads. Each entry is two 64-bit
// words, the key stored XOR the data, so a torn write by a racing thread only
// turns into a miss. Buckets of four entries; replacement prefers entries from
// older searches and of lower depth.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>

#include "core/bitboard.h"
#include "core/move.h"
#include "engine/score.h"

namespace chimera::engine {

enum Bound : std::uint8_t { BOUND_NONE, BOUND_UPPER, BOUND_LOWER, BOUND_EXACT };

struct TTHit {
    Move move;
    Value value = VALUE_NONE;
    Value eval = VALUE_NONE;
    int depth = -1;
    Bound bound = BOUND_NONE;
};

class TranspositionTable {
  public:
    explicit TranspositionTable(std::size_t megabytes = 16) { resize(megabytes); }

    void resize(std::size_t megabytes);
    void clear();
    void new_search() { generation_ = static_cast<std::uint8_t>((generation_ + 1) & 63); }

    bool probe(std::uint64_t key, TTHit& out) const;
    void store(std::uint64_t key, Move move, Value value, Value eval, int depth, Bound bound);
    // Permille of sampled entries written in the current search.
    int hashfull() const;
    std::size_t megabytes() const { return megabytes_; }

  private:
    struct Entry {
        std::atomic<std::uint64_t> key_xor{0};
        std::atomic<std::uint64_t> data{0};
    };
    static constexpr int kBucket = 4;

    Entry* bucket(std::uint64_t key) const {
        return &entries_[static_cast<std::size_t>(static_cast<Bitboard128>(key) * buckets_ >> 64) *
                         kBucket];
    }

    std::unique_ptr<Entry[]> entries_;
    std::size_t buckets_ = 0;
    std::size_t megabytes_ = 0;
    std::uint8_t generation_ = 0;
};

}  // namespace chimera::engine
