// Transposition table shared by all search threads. Each entry is two 64-bit
// words: the data (move, value, depth, bound, age) and the node's static
// evaluation with a 48-bit check of the key and the data, stored XOR the data,
// so a torn write by a racing thread only turns into a miss (the words are
// read and written through std::atomic_ref).
// Buckets of four entries; replacement prefers entries from older searches
// and of lower depth.
//
// The table is anonymous memory that the kernel hands out zeroed on first
// touch: a table no search has used costs neither time nor resident memory
// (a server keeps an engine per computer worker and per analyst, most idle),
// and clearing a table no search has written since is free.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>

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
    ~TranspositionTable();
    TranspositionTable(const TranspositionTable&) = delete;
    TranspositionTable& operator=(const TranspositionTable&) = delete;

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
        std::uint64_t tag_xor;  // (48-bit check | static evaluation << 48) XOR data
        std::uint64_t data;
    };
    static constexpr int kBucket = 4;

    static std::uint64_t read_word(std::uint64_t& word) {
        return std::atomic_ref<std::uint64_t>(word).load(std::memory_order_relaxed);
    }
    static void write_word(std::uint64_t& word, std::uint64_t value) {
        std::atomic_ref<std::uint64_t>(word).store(value, std::memory_order_relaxed);
    }
    void release();

    Entry* bucket(std::uint64_t key) const {
        return &entries_[static_cast<std::size_t>(static_cast<Bitboard128>(key) * buckets_ >> 64) *
                         kBucket];
    }

    Entry* entries_ = nullptr;  // buckets_ * kBucket entries, mapped zeroed
    std::size_t bytes_ = 0;
    std::size_t buckets_ = 0;
    std::size_t megabytes_ = 0;
    std::uint8_t generation_ = 0;
    // Something was stored since the table was last zeroed (read on every
    // store, written once: the cache line stays shared between threads).
    std::atomic<bool> written_{false};
};

}  // namespace chimera::engine
