#include "engine/tt.h"

#include <sys/mman.h>

#include <cstring>
#include <new>

namespace chimera::engine {

namespace {

// The data word: bits 0-31 move, 32-47 value, 48-55 depth + 1, 56-57 bound,
// 58-63 generation. The other word holds the static evaluation (bits 48-63)
// and a 48-bit check, stored XOR the data word: the key's low 48 bits (the
// bucket's index comes from its high bits) XOR the data's top 16 bits spread
// over 48 (an odd multiplier, so no two values of those bits spread alike).
// The check thus covers every bit of the data word, and a torn read — one
// thread's data beside another's second word, even for the same key — is a
// miss, not an entry with another entry's evaluation. The entry stays 16 bytes.
constexpr std::uint64_t kKeyMask = (std::uint64_t{1} << 48) - 1;

std::uint64_t check_of(std::uint64_t key, std::uint64_t data) {
    return (key ^ (data >> 48) * 0x9E3779B97F4A7C15ULL) & kKeyMask;
}
// The second word as stored, and what it holds given the data word beside it.
std::uint64_t tag_word(std::uint64_t key, Value eval, std::uint64_t data) {
    return (check_of(key, data) | std::uint64_t{static_cast<std::uint16_t>(eval)} << 48) ^ data;
}
bool same_key(std::uint64_t stored_tag, std::uint64_t data, std::uint64_t key) {
    return ((stored_tag ^ data) & kKeyMask) == check_of(key, data);
}
Value eval_of(std::uint64_t stored_tag, std::uint64_t data) {
    return static_cast<std::int16_t>((stored_tag ^ data) >> 48);
}

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

TranspositionTable::~TranspositionTable() { release(); }

void TranspositionTable::release() {
    if (entries_) munmap(entries_, bytes_);
    entries_ = nullptr;
    bytes_ = buckets_ = 0;
}

// A private anonymous mapping reads as zeros and takes a page of memory only
// when a search first writes to it.
void TranspositionTable::resize(std::size_t megabytes) {
    megabytes = megabytes ? megabytes : 1;
    release();
    const std::size_t bytes = megabytes * 1024 * 1024;
    void* p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) throw std::bad_alloc();
    madvise(p, bytes, MADV_HUGEPAGE);
    entries_ = static_cast<Entry*>(p);
    bytes_ = bytes;
    buckets_ = bytes / (sizeof(Entry) * kBucket);
    megabytes_ = megabytes;
    generation_ = 0;
    written_.store(false, std::memory_order_relaxed);
}

// A table no search has written to since it was mapped or cleared is all
// zeros already. Otherwise its pages are resident: overwriting them is faster
// than handing them back and faulting them in again during the next game.
void TranspositionTable::clear() {
    if (written_.load(std::memory_order_relaxed))
        std::memset(static_cast<void*>(entries_), 0, bytes_);
    generation_ = 0;
    written_.store(false, std::memory_order_relaxed);
}

bool TranspositionTable::probe(std::uint64_t key, TTHit& out) const {
    Entry* b = bucket(key);
    for (int i = 0; i < kBucket; ++i) {
        const std::uint64_t d = read_word(b[i].data);
        const std::uint64_t t = read_word(b[i].tag_xor);
        if (!same_key(t, d, key) || d == 0) continue;
        out.move = move_of(d);
        out.value = value_of(d);
        out.eval = eval_of(t, d);
        out.depth = depth_of(d);
        out.bound = bound_of(d);
        return true;
    }
    return false;
}

void TranspositionTable::store(std::uint64_t key, Move move, Value value, Value eval, int depth,
                               Bound bound) {
    Entry* b = bucket(key);
    Entry* victim = &b[0];
    int worst = 1 << 30;
    for (int i = 0; i < kBucket; ++i) {
        const std::uint64_t d = read_word(b[i].data);
        if (same_key(read_word(b[i].tag_xor), d, key) || d == 0) {
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
    if (!written_.load(std::memory_order_relaxed)) written_.store(true, std::memory_order_relaxed);
    write_word(victim->data, d);
    write_word(victim->tag_xor, tag_word(key, eval, d));
}

int TranspositionTable::hashfull() const {
    int used = 0;
    const std::size_t sample = buckets_ * kBucket < 1000 ? buckets_ * kBucket : 1000;
    for (std::size_t i = 0; i < sample; ++i) {
        const std::uint64_t d = read_word(entries_[i].data);
        used += d != 0 && gen_of(d) == generation_;
    }
    return sample ? static_cast<int>(used * 1000 / sample) : 0;
}

}  // namespace chimera::engine
