// Zobrist keys of Wreckage: piece-square, side, castling rights, each
// en-passant target square, and the number of each hand piece per side.
#pragma once

#include <cstdint>

#include "core/zobrist.h"
#include "variants/wreckage/attacks.h"

namespace chimera::wreckage::keys {

inline constexpr int kPieceBase = 0;
inline constexpr int kSideIndex = PIECE_NB * SQ_NB;
inline constexpr int kCastlingBase = kSideIndex + 1;
inline constexpr int kEpBase = kCastlingBase + 16;
inline constexpr int kHandBase = kEpBase + SQ_NB;
inline constexpr int kCount = kHandBase + COLOR_NB * 2 * 8;

inline constexpr auto kTable = zobrist_keys<kCount>(0x57EC4A6EULL);
inline constexpr std::uint64_t kSide = kTable[kSideIndex];

constexpr std::uint64_t piece(Piece p, int sq) { return kTable[kPieceBase + p * SQ_NB + sq]; }
constexpr std::uint64_t castling(int rights) { return kTable[kCastlingBase + rights]; }
constexpr std::uint64_t hand(Color c, int slot, int count) {
    return kTable[kHandBase + (c * 2 + slot) * 8 + count];
}
inline std::uint64_t ep(Bitboard targets) {
    std::uint64_t k = 0;
    while (targets) k ^= kTable[kEpBase + pop_lsb(targets)];
    return k;
}

}  // namespace chimera::wreckage::keys
