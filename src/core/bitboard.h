// Bit-set helpers for board occupancy. A board of at most 64 cells uses a
// std::uint64_t; the 81- and 100-cell boards use a 128-bit unsigned integer.
#pragma once

#include <bit>
#include <cstdint>

namespace chimera {

using Bitboard64 = std::uint64_t;
__extension__ using Bitboard128 = unsigned __int128;

constexpr int popcount(Bitboard64 b) { return std::popcount(b); }
constexpr int popcount(Bitboard128 b) {
    return std::popcount(static_cast<std::uint64_t>(b)) +
           std::popcount(static_cast<std::uint64_t>(b >> 64));
}

// Index of the lowest set bit; b must not be zero.
constexpr int lsb(Bitboard64 b) { return std::countr_zero(b); }
constexpr int lsb(Bitboard128 b) {
    auto lo = static_cast<std::uint64_t>(b);
    return lo ? std::countr_zero(lo) : 64 + std::countr_zero(static_cast<std::uint64_t>(b >> 64));
}

// Index of the highest set bit; b must not be zero.
constexpr int msb(Bitboard64 b) { return 63 - std::countl_zero(b); }
constexpr int msb(Bitboard128 b) {
    auto hi = static_cast<std::uint64_t>(b >> 64);
    return hi ? 127 - std::countl_zero(hi) : 63 - std::countl_zero(static_cast<std::uint64_t>(b));
}

// Removes the lowest set bit from b and returns its index.
template <class B>
constexpr int pop_lsb(B& b) {
    int s = lsb(b);
    b &= b - 1;
    return s;
}

template <class B>
constexpr bool more_than_one(B b) {
    return (b & (b - 1)) != 0;
}

template <class B>
constexpr B bit(int s) {
    return B(1) << s;
}

}  // namespace chimera
