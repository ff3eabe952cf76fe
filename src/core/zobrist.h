// Compile-time Zobrist keys: a splitmix64 sequence seeded per variant, so every
// variant's keys are fixed at compile time and independent of one another.
#pragma once

#include <array>
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

}  // namespace chimera
