// Wataku Genesis vocabulary and tables on the 9x9 intersection geometry (W-1 ... W-4).
// Points are file + 9 * rank; a 128-bit bitboard holds the board.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "core/color.h"
#include "core/geometry.h"
#include "core/rays.h"

namespace chimera::wataku {

inline constexpr Geometry kGeometry{{9, 9, 1, 1}};
using Bitboard = Bitboard128;
inline constexpr int SQ_NB = 81;

// W-2. Piece code = colour * 8 + type.
enum PieceType : std::uint8_t {
    NO_PIECE_TYPE,
    QUEEN,
    ROOK,
    BISHOP,
    KNIGHT,
    PAWN,
    TURTLE,
    KING,
    PIECE_TYPE_NB
};
enum Piece : std::uint8_t { NO_PIECE = 0, PIECE_NB = 16 };

// Letters by type (White); the reserve order of W-28 is Q R B N P T.
inline constexpr std::string_view kTypeLetters = ".QRBNPTK";

constexpr Piece make_piece(Color c, PieceType pt) { return Piece(c * 8 + pt); }
constexpr Color color_of(Piece p) { return Color(p >> 3); }
constexpr PieceType type_of(Piece p) { return PieceType(p & 7); }

constexpr int file_of(int sq) { return sq % 9; }
constexpr int rank_of(int sq) { return sq / 9; }
constexpr int make_square(int file, int rank) { return rank * 9 + file; }
constexpr Bitboard bb(int sq) { return Bitboard(1) << sq; }

inline constexpr Bitboard kBoard = (Bitboard(1) << SQ_NB) - 1;
inline constexpr Bitboard kFileA = [] {
    Bitboard b = 0;
    for (int r = 0; r < 9; ++r) b |= bb(make_square(0, r));
    return b;
}();
inline constexpr Bitboard kFileI = kFileA << 8;

// Neighbours of every point in a set (W-4), by shifts.
constexpr Bitboard dilate(Bitboard b) {
    const Bitboard e = (b << 1) & ~kFileA & kBoard, w = (b >> 1) & ~kFileI;  // never past i9
    const Bitboard row = b | e | w;
    return (row | (row << 9) | (row >> 9)) & kBoard;
}

enum Direction : std::uint8_t { N, NE, E, SE, S, SW, W, NW, DIR_NB };
inline constexpr std::array<Vec4, 8> kDirs{
    {{{0, 1}}, {{1, 1}}, {{1, 0}}, {{1, -1}}, {{0, -1}}, {{-1, -1}}, {{-1, 0}}, {{-1, 1}}}};
constexpr bool is_diagonal(int d) { return d & 1; }

inline constexpr auto kKnight = leaper_table<kGeometry>(std::array<Vec4, 8>{
    {{{1, 2}}, {{2, 1}}, {{2, -1}}, {{1, -2}}, {{-1, -2}}, {{-2, -1}}, {{-2, 1}}, {{-1, 2}}}});
inline constexpr auto kNeighbours = leaper_table<kGeometry>(kDirs);
inline constexpr auto kOrthSteps =
    leaper_table<kGeometry>(std::array<Vec4, 4>{{{{0, 1}}, {{1, 0}}, {{0, -1}}, {{-1, 0}}}});
inline constexpr auto kDiagSteps =
    leaper_table<kGeometry>(std::array<Vec4, 4>{{{{1, 1}}, {{1, -1}}, {{-1, -1}}, {{-1, 1}}}});

inline constexpr RayTables<kGeometry, kDirs> kRays{};

inline int step(int sq, int dir) { return kRays.next[dir][sq]; }

inline Bitboard rook_attacks(int sq, Bitboard occ) {
    return kRays.along(N, sq, occ) | kRays.along(E, sq, occ) | kRays.along(S, sq, occ) |
           kRays.along(W, sq, occ);
}
inline Bitboard bishop_attacks(int sq, Bitboard occ) {
    return kRays.along(NE, sq, occ) | kRays.along(SE, sq, occ) | kRays.along(SW, sq, occ) |
           kRays.along(NW, sq, occ);
}

}  // namespace chimera::wataku
