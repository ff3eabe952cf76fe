// Compile-time Zobrist keys: a splitmix64 sequence seeded per variant, so every
// variant's keys are fixed at compile time and independent of one another.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>

namespace chimera {

constexpr std::uint64_t splitmix64(std::uint64_t& state) {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

template <std::size_t N>
constexpr std::array<std::uint64_t, N> zobrist_keys(std::uint64_t seed) {
    std::array<std::uint64_t, N> keys{};
    for (auto& k : keys) k = splitmix64(seed);
    return keys;
}

// Two 64-bit sets (say, both sides' pawns) as one well-mixed 64-bit key: equal
// pairs give equal keys; a change to either set changes the key.
constexpr std::uint64_t mix_pair(std::uint64_t a, std::uint64_t b) {
    const std::uint64_t h = a * 0x9E3779B97F4A7C15ull ^ std::rotl(b * 0xD6E8FEB86659FD93ull, 29);
    return h ^ (h >> 31);
}

}  // namespace chimera
