#include "engine/tt.h"

namespace chimera::engine {

namespace {

// data layout: move 32 | value 16 | eval 16 ... packed as
// bits 0-31 move, 32-47 value, 48-55 depth + 1, 56-57 bound, 58-63 generation;
// the static eval is not kept (recomputed), which keeps entries at 16 bytes.
std::uint64_t pack(Move m, Value v, int depth, Bound b, std::uint8_t gen) {
    return std::uint64_t{m.raw()} | std::uint64_t{static_cast<std::uint16_t>(v)} << 32 |
           std::uint64_t{static_cast<std::uint8_t>(depth + 1)} << 48 | std::uint64_t{b} << 56 |
           std::uint64_t{gen} << 58;
}

Move move_of(std::uint64_t d) { return Move::from_raw(static_cast<std::uint32_t>(d)); }
Value value_of(std::uint64_t d) { return static_cast<std::int16_t>(d >> 32 & 0xFFFF); }
int depth_of(std::uint64_t d) { return static_cast<int>(d >> 48 & 0xFF) - 1; }
Bound bound_of(std::uint64_t d) { return Bound(d >> 56 & 3); }
std::uint8_t gen_of(std::uint64_t d) { return static_cast<std::uint8_t>(d >> 58); }

}  // namespace

void TranspositionTable::resize(std::size_t megabytes) {
    megabytes = megabytes ? megabytes : 1;
    const std::size_t bytes = megabytes * 1024 * 1024;
    buckets_ = bytes / (sizeof(Entry) * kBucket);
    entries_ = std::make_unique<Entry[]>(buckets_ * kBucket);
    megabytes_ = megabytes;
}

void TranspositionTable::clear() {
    for (std::size_t i = 0; i < buckets_ * kBucket; ++i) {
        entries_[i].key_xor.store(0, std::memory_order_relaxed);
        entries_[i].data.store(0, std::memory_order_relaxed);
    }
    generation_ = 0;
}

bool TranspositionTable::probe(std::uint64_t key, TTHit& out) const {
    Entry* b = bucket(key);
    for (int i = 0; i < kBucket; ++i) {
        const std::uint64_t d = b[i].data.load(std::memory_order_relaxed);
        if ((b[i].key_xor.load(std::memory_order_relaxed) ^ d) != key || d == 0) continue;
        out.move = move_of(d);
        out.value = value_of(d);
        out.depth = depth_of(d);
        out.bound = bound_of(d);
        return true;
    }
    return false;
}

void TranspositionTable::store(std::uint64_t key, Move move, Value value, Value /*eval*/, int depth,
                               Bound bound) {
    Entry* b = bucket(key);
    Entry* victim = &b[0];
    int worst = 1 << 30;
    for (int i = 0; i < kBucket; ++i) {
        const std::uint64_t d = b[i].data.load(std::memory_order_relaxed);
        if ((b[i].key_xor.load(std::memory_order_relaxed) ^ d) == key || d == 0) {
            if (move.is_none() && d) move = move_of(d);  // keep the known best move
            victim = &b[i];
            break;
        }
        // Older generations first, then shallower entries.
        const int age = (generation_ - gen_of(d)) & 63;
        const int worth = depth_of(d) - 8 * age;
        if (worth < worst) {
            worst = worth;
            victim = &b[i];
        }
    }
    const std::uint64_t d = pack(move, value, depth < 0 ? 0 : depth, bound, generation_);
    victim->data.store(d, std::memory_order_relaxed);
    victim->key_xor.store(key ^ d, std::memory_order_relaxed);
}

int TranspositionTable::hashfull() const {
    int used = 0;
    const std::size_t sample = buckets_ * kBucket < 1000 ? buckets_ * kBucket : 1000;
    for (std::size_t i = 0; i < sample; ++i) {
        const std::uint64_t d = entries_[i].data.load(std::memory_order_relaxed);
        used += d != 0 && gen_of(d) == generation_;
    }
    return sample ? static_cast<int>(used * 1000 / sample) : 0;
}

}  // namespace chimera::engine
