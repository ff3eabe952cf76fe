// Orthodox chess vocabulary and attack tables on the 8x8 geometry.
#pragma once

#include <array>
#include <cstdint>

#include "core/color.h"
#include "core/geometry.h"
#include "core/magic.h"

namespace chimera::chess {

inline constexpr Geometry kGeometry{{8, 8, 1, 1}};
using Bitboard = Bitboard64;
inline constexpr int SQ_NB = 64;

enum PieceType : std::uint8_t {
    NO_PIECE_TYPE,
    PAWN,
    KNIGHT,
    BISHOP,
    ROOK,
    QUEEN,
    KING,
    PIECE_TYPE_NB
};

// Piece = colour * 8 + type; 0 is an empty square.
enum Piece : std::uint8_t { NO_PIECE = 0, PIECE_NB = 16 };

constexpr Piece make_piece(Color c, PieceType pt) { return Piece(c * 8 + pt); }
constexpr Color color_of(Piece p) { return Color(p >> 3); }
constexpr PieceType type_of(Piece p) { return PieceType(p & 7); }

constexpr int file_of(int sq) { return sq & 7; }
constexpr int rank_of(int sq) { return sq >> 3; }
constexpr int make_square(int file, int rank) { return rank * 8 + file; }
// The square seen from Black's side when c is BLACK (rank mirrored).
constexpr int relative_square(Color c, int sq) { return sq ^ (c == BLACK ? 56 : 0); }
constexpr int relative_rank(Color c, int sq) { return c == WHITE ? rank_of(sq) : 7 - rank_of(sq); }

inline constexpr Bitboard kRank1 = 0xFFULL;
inline constexpr Bitboard kFileA = 0x0101010101010101ULL;
constexpr Bitboard rank_bb(int r) { return kRank1 << (8 * r); }
constexpr Bitboard file_bb(int f) { return kFileA << f; }
constexpr Bitboard bb(int sq) { return Bitboard(1) << sq; }

inline constexpr std::array<Vec4, 4> kRookDirs{{{{1, 0}}, {{-1, 0}}, {{0, 1}}, {{0, -1}}}};
inline constexpr std::array<Vec4, 4> kBishopDirs{{{{1, 1}}, {{1, -1}}, {{-1, 1}}, {{-1, -1}}}};
inline constexpr std::array<Vec4, 8> kQueenDirs{
    {{{1, 0}}, {{-1, 0}}, {{0, 1}}, {{0, -1}}, {{1, 1}}, {{1, -1}}, {{-1, 1}}, {{-1, -1}}}};
inline constexpr std::array<Vec4, 8> kKnightVecs{
    {{{1, 2}}, {{2, 1}}, {{2, -1}}, {{1, -2}}, {{-1, -2}}, {{-2, -1}}, {{-2, 1}}, {{-1, 2}}}};

inline constexpr auto kKnightAttacks = leaper_table<kGeometry>(kKnightVecs);
inline constexpr auto kKingAttacks = leaper_table<kGeometry>(kQueenDirs);
inline constexpr std::array<std::array<Bitboard, SQ_NB>, COLOR_NB> kPawnAttacks{
    leaper_table<kGeometry>(std::array<Vec4, 2>{{{{1, 1}}, {{-1, 1}}}}),
    leaper_table<kGeometry>(std::array<Vec4, 2>{{{{1, -1}}, {{-1, -1}}}})};
inline constexpr LineTables<kGeometry, kQueenDirs> kLines{};

inline Bitboard rook_attacks(int sq, Bitboard occ) {
    return MagicSliders<kGeometry, kRookDirs>::instance().attacks(sq, occ);
}
inline Bitboard bishop_attacks(int sq, Bitboard occ) {
    return MagicSliders<kGeometry, kBishopDirs>::instance().attacks(sq, occ);
}

// Attacks of a non-pawn piece type from sq.
inline Bitboard attacks_of(PieceType pt, int sq, Bitboard occ) {
    switch (pt) {
        case KNIGHT:
            return kKnightAttacks[sq];
        case BISHOP:
            return bishop_attacks(sq, occ);
        case ROOK:
            return rook_attacks(sq, occ);
        case QUEEN:
            return bishop_attacks(sq, occ) | rook_attacks(sq, occ);
        case KING:
            return kKingAttacks[sq];
        default:
            return 0;
    }
}

}  // namespace chimera::chess
