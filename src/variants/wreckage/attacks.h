// Wreckage vocabulary and attack tables on the 10x10 geometry (X-1 ... X-3).
// Cells are file + 10 * rank; a 128-bit bitboard holds the board.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "core/color.h"
#include "core/geometry.h"
#include "core/rays.h"

namespace chimera::wreckage {

inline constexpr Geometry kGeometry{{10, 10, 1, 1}};
using Bitboard = Bitboard128;
inline constexpr int SQ_NB = 100;

// Piece code = colour << 4 | type.
enum PieceType : std::uint8_t {
    NO_PIECE_TYPE,
    PAWN,          // P
    NINJA,         // J
    FERZ_KNIGHT,   // F
    WAZIR_KNIGHT,  // W
    BISHOP,        // B
    ROOK,          // R
    QUEEN,         // Q
    DRAGON,        // D
    DETONATOR,     // X
    GUILLOTINE,    // G
    KING,          // K
    PIECE_TYPE_NB
};
enum Piece : std::uint8_t { NO_PIECE = 0, PIECE_NB = 32 };
inline constexpr int kTypeBits = 4;

constexpr Piece make_piece(Color c, PieceType pt) { return Piece(c << kTypeBits | pt); }
constexpr Color color_of(Piece p) { return Color(p >> kTypeBits); }
constexpr PieceType type_of(Piece p) { return PieceType(p & 15); }
constexpr bool is_pawn(PieceType pt) { return pt == PAWN || pt == NINJA; }

// Letters by type, upper case (White).
inline constexpr std::string_view kTypeLetters = ".PJFWBRQDXGK";

constexpr int file_of(int sq) { return sq % 10; }
constexpr int rank_of(int sq) { return sq / 10; }
constexpr int make_square(int file, int rank) { return rank * 10 + file; }
// relative rank 1..10 from the owner's back rank.
constexpr int relative_rank(Color c, int sq) {
    return c == WHITE ? rank_of(sq) + 1 : 10 - rank_of(sq);
}
constexpr Bitboard bb(int sq) { return Bitboard(1) << sq; }

constexpr Bitboard rank_bb(int r) {
    Bitboard b = 0;
    for (int f = 0; f < 10; ++f) b |= bb(make_square(f, r));
    return b;
}
// All cells of relative ranks lo..hi for side c.
constexpr Bitboard relative_ranks(Color c, int lo, int hi) {
    Bitboard b = 0;
    for (int r = lo; r <= hi; ++r) b |= rank_bb(c == WHITE ? r - 1 : 10 - r);
    return b;
}

// Enemy territory (relative ranks 6-10), where Ninja Pawns also capture sideways.
inline constexpr std::array<Bitboard, COLOR_NB> kTerritory{relative_ranks(WHITE, 6, 10),
                                                           relative_ranks(BLACK, 6, 10)};

// The eight directions in absolute terms (White's view), clockwise from N.
enum Direction : std::uint8_t { N, NE, E, SE, S, SW, W, NW, DIR_NB };
inline constexpr std::array<Vec4, 8> kDirs{
    {{{0, 1}}, {{1, 1}}, {{1, 0}}, {{1, -1}}, {{0, -1}}, {{-1, -1}}, {{-1, 0}}, {{-1, 1}}}};
constexpr int opposite(int d) { return (d + 4) & 7; }
constexpr bool is_diagonal(int d) { return d & 1; }
// A direction named from c's point of view, as an absolute direction.
constexpr int absolute_dir(Color c, int rel) {
    return c == WHITE || rel == E || rel == W ? rel : (rel + 4) & 7;
}

inline constexpr std::array<Vec4, 8> kKnightVecs{
    {{{1, 2}}, {{2, 1}}, {{2, -1}}, {{1, -2}}, {{-1, -2}}, {{-2, -1}}, {{-2, 1}}, {{-1, 2}}}};

inline constexpr auto kKnight = leaper_table<kGeometry>(kKnightVecs);
inline constexpr auto kKingSteps = leaper_table<kGeometry>(kDirs);
inline constexpr auto kDiagSteps =
    leaper_table<kGeometry>(std::array<Vec4, 4>{{{{1, 1}}, {{1, -1}}, {{-1, -1}}, {{-1, 1}}}});
inline constexpr auto kOrthSteps =
    leaper_table<kGeometry>(std::array<Vec4, 4>{{{{0, 1}}, {{1, 0}}, {{0, -1}}, {{-1, 0}}}});
inline constexpr auto kSideSteps =
    leaper_table<kGeometry>(std::array<Vec4, 2>{{{{1, 0}}, {{-1, 0}}}});
// Diagonal-forward captures of both pawn kinds.
inline constexpr std::array<std::array<Bitboard, SQ_NB>, COLOR_NB> kPawnCaptures{
    leaper_table<kGeometry>(std::array<Vec4, 2>{{{{1, 1}}, {{-1, 1}}}}),
    leaper_table<kGeometry>(std::array<Vec4, 2>{{{{1, -1}}, {{-1, -1}}}})};
// Cells exactly two steps away along one of the eight lines (Guillotine, X-19).
inline constexpr auto kDistanceTwo = leaper_table<kGeometry>(std::array<Vec4, 8>{
    {{{0, 2}}, {{2, 2}}, {{2, 0}}, {{2, -2}}, {{0, -2}}, {{-2, -2}}, {{-2, 0}}, {{-2, 2}}}});

inline constexpr RayTables<kGeometry, kDirs> kRays{};
inline constexpr DirectionTable<kGeometry, kDirs> kLines{};

// Union of the full lines through sq in all eight directions.
inline constexpr auto kQueenLines = [] {
    std::array<Bitboard, SQ_NB> t{};
    for (int sq = 0; sq < SQ_NB; ++sq)
        for (int d = 0; d < 8; ++d) t[sq] |= kRays.rays[d][sq];
    return t;
}();

inline int step(int sq, int dir) { return kRays.next[dir][sq]; }

inline Bitboard rook_attacks(int sq, Bitboard occ) {
    return kRays.along(N, sq, occ) | kRays.along(E, sq, occ) | kRays.along(S, sq, occ) |
           kRays.along(W, sq, occ);
}
inline Bitboard bishop_attacks(int sq, Bitboard occ) {
    return kRays.along(NE, sq, occ) | kRays.along(SE, sq, occ) | kRays.along(SW, sq, occ) |
           kRays.along(NW, sq, occ);
}

}  // namespace chimera::wreckage
