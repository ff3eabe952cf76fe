// 4D chess vocabulary and attack tables on the 4x4x2x2 geometry (D-1).
//
// Cells are x + 4y + 16z + 32w, so the whole board fits one 64-bit bitboard.
// Because Z and W take only two values, every move that changes Z or W has
// length 1 and no intermediate cell (D-11): sliders split into in-board rays
// (X and Y only, magic lookup) and single steps across boards (leaper tables).
// Pins and blocks therefore only ever happen inside one board.
#pragma once

#include <array>
#include <cstdint>

#include "core/color.h"
#include "core/geometry.h"
#include "core/magic.h"

namespace chimera::chess4d {

inline constexpr Geometry kGeometry{{4, 4, 2, 2}};
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
enum Piece : std::uint8_t { NO_PIECE = 0, PIECE_NB = 16 };

constexpr Piece make_piece(Color c, PieceType pt) { return Piece(c * 8 + pt); }
constexpr Color color_of(Piece p) { return Color(p >> 3); }
constexpr PieceType type_of(Piece p) { return PieceType(p & 7); }

constexpr int x_of(int sq) { return sq & 3; }
constexpr int y_of(int sq) { return sq >> 2 & 3; }
constexpr int z_of(int sq) { return sq >> 4 & 1; }
constexpr int w_of(int sq) { return sq >> 5 & 1; }
constexpr int make_square(int x, int y, int z, int w) { return x + 4 * y + 16 * z + 32 * w; }
constexpr Bitboard bb(int sq) { return Bitboard(1) << sq; }
// Cells with Y = y on all four boards.
constexpr Bitboard rank_bb(int y) { return 0x000F000F000F000FULL << (4 * y); }

namespace detail {

// Vectors with components in {-1,0,1} that change exactly `changed` axes (any if 0),
// at least one of them Z or W when `off_board` is set, none of them when it is not.
template <std::size_t N>
constexpr std::array<Vec4, N> unit_vectors(int changed, bool off_board) {
    std::array<Vec4, N> out{};
    std::size_t n = 0;
    for (const Vec4& v : unit_steps<80>(4)) {
        int axes = 0;
        for (int a = 0; a < 4; ++a) axes += v.d[a] != 0;
        const bool off = v.d[2] != 0 || v.d[3] != 0;
        if ((changed == 0 || axes == changed) && off == off_board && n < N) out[n++] = v;
    }
    return out;
}

constexpr std::array<Vec4, 24> knight_vectors() {
    std::array<Vec4, 24> out{};
    std::size_t n = 0;
    for (int two = 0; two < 2; ++two)  // the two-step axis: X or Y (D-9)
        for (int one = 0; one < 4; ++one) {
            if (one == two) continue;
            for (int s2 : {-2, 2})
                for (int s1 : {-1, 1}) {
                    Vec4 v;
                    v.d[two] = s2;
                    v.d[one] = s1;
                    out[n++] = v;
                }
        }
    return out;
}

// Pawn captures: one Y step forward plus one step along exactly one of X, Z, W (D-10).
constexpr std::array<Vec4, 6> pawn_capture_vectors(int forward) {
    std::array<Vec4, 6> out{};
    std::size_t n = 0;
    for (int axis : {0, 2, 3})
        for (int s : {-1, 1}) {
            Vec4 v;
            v.d[1] = forward;
            v.d[axis] = s;
            out[n++] = v;
        }
    return out;
}

}  // namespace detail

inline constexpr std::array<Vec4, 4> kRookPlane{{{{1, 0}}, {{-1, 0}}, {{0, 1}}, {{0, -1}}}};
inline constexpr std::array<Vec4, 4> kBishopPlane{{{{1, 1}}, {{1, -1}}, {{-1, 1}}, {{-1, -1}}}};
inline constexpr std::array<Vec4, 8> kQueenPlane{
    {{{1, 0}}, {{-1, 0}}, {{0, 1}}, {{0, -1}}, {{1, 1}}, {{1, -1}}, {{-1, 1}}, {{-1, -1}}}};

// Single steps that leave the board: a Rook's Z or W step (D-5), a Bishop's equal
// step on two axes one of which is Z or W (D-6), any Queen step touching Z or W (D-7).
inline constexpr auto kRookLeaps = leaper_table<kGeometry>(detail::unit_vectors<4>(1, true));
inline constexpr auto kBishopLeaps = leaper_table<kGeometry>(detail::unit_vectors<20>(2, true));
inline constexpr auto kQueenLeaps = leaper_table<kGeometry>(detail::unit_vectors<72>(0, true));
inline constexpr auto kKingAttacks = leaper_table<kGeometry>(unit_steps<80>(4));  // D-8
inline constexpr auto kKnightAttacks = leaper_table<kGeometry>(detail::knight_vectors());
inline constexpr std::array<std::array<Bitboard, SQ_NB>, COLOR_NB> kPawnAttacks{
    leaper_table<kGeometry>(detail::pawn_capture_vectors(1)),
    leaper_table<kGeometry>(detail::pawn_capture_vectors(-1))};
inline constexpr LineTables<kGeometry, kQueenPlane> kLines{};

inline Bitboard rook_plane(int sq, Bitboard occ) {
    return MagicSliders<kGeometry, kRookPlane>::instance().attacks(sq, occ);
}
inline Bitboard bishop_plane(int sq, Bitboard occ) {
    return MagicSliders<kGeometry, kBishopPlane>::instance().attacks(sq, occ);
}

inline Bitboard attacks_of(PieceType pt, int sq, Bitboard occ) {
    switch (pt) {
        case KNIGHT:
            return kKnightAttacks[sq];
        case BISHOP:
            return bishop_plane(sq, occ) | kBishopLeaps[sq];
        case ROOK:
            return rook_plane(sq, occ) | kRookLeaps[sq];
        case QUEEN:
            return bishop_plane(sq, occ) | rook_plane(sq, occ) | kQueenLeaps[sq];
        case KING:
            return kKingAttacks[sq];
        default:
            return 0;
    }
}

}  // namespace chimera::chess4d
