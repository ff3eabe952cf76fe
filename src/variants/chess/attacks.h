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

// Magic multipliers for the sliders, found once by MagicSliders' own seeded
// search (printed by tests/test_chess_rules.cpp when one stops working) and
// checked cell by cell when the tables are built; they save that search (a
// quarter of a second in a release build) on every start.
// clang-format off
inline constexpr std::array<Bitboard, SQ_NB> kRookMagics{{
    0x1080002040008010ULL, 0x0240002000c05008ULL, 0x08801000a0018058ULL, 0x0100050008100022ULL,
    0xc080080080020401ULL, 0x0100020801000400ULL, 0x0480020009000080ULL, 0x0200010822004884ULL,
    0x082080084000208aULL, 0x0001004000810020ULL, 0x00a9001841002000ULL, 0x0142004012002008ULL,
    0x4032000a00110420ULL, 0x190a000200040810ULL, 0xc043801200800900ULL, 0x2042000081240042ULL,
    0x2080004020004000ULL, 0x4040404010002001ULL, 0x4220008010008024ULL, 0x8900090010010220ULL,
    0x6001910028010004ULL, 0x400c008080020004ULL, 0x4080040041084210ULL, 0x1020020000810044ULL,
    0x4000800100204100ULL, 0x1004500240002000ULL, 0x2020080040100041ULL, 0x0010008080080010ULL,
    0x8002080280040080ULL, 0x04a2100801400420ULL, 0x0060020080800100ULL, 0x00c1000100008b46ULL,
    0x08a0234002800081ULL, 0xa000401000402004ULL, 0x0400822002801000ULL, 0xa010008008080100ULL,
    0x0200040080800800ULL, 0x0000020080800400ULL, 0x28840208040031b0ULL, 0x6010040046002283ULL,
    0x0100208040008000ULL, 0x0000402010044008ULL, 0x00030041a0090010ULL, 0x8000102200420008ULL,
    0x004c020800808004ULL, 0x0020040002008080ULL, 0x0000d00802040081ULL, 0x0000108444020025ULL,
    0x0030800020400880ULL, 0x0000401000200040ULL, 0x0602410420001100ULL, 0x400c100100082100ULL,
    0x1010040008008280ULL, 0x8144040002008080ULL, 0x0c80211058020400ULL, 0x0400088408610200ULL,
    0x0306314020800901ULL, 0x8000400050872101ULL, 0x008200400c201082ULL, 0x8401042101100009ULL,
    0x0342000820041102ULL, 0x8046000430084122ULL, 0x2002085002210084ULL, 0x0101000022104081ULL}};
inline constexpr std::array<Bitboard, SQ_NB> kBishopMagics{{
    0x8140020254010210ULL, 0x0010040504143000ULL, 0x520822005a000084ULL, 0x00040d0205000001ULL,
    0x00020a1006400002ULL, 0x000a02102c000000ULL, 0x0000a21110400400ULL, 0x8021108c04200420ULL,
    0x4028124a30040080ULL, 0x3000200828809080ULL, 0x8100080a04002003ULL, 0x4041240400800801ULL,
    0x0020084840000400ULL, 0x100201101210c250ULL, 0x8020188241104000ULL, 0x0600004444242044ULL,
    0x024000103009c100ULL, 0x00190c4410040648ULL, 0x0043003004048bb0ULL, 0x800480080200c068ULL,
    0x0042104401041120ULL, 0x40020000c100a000ULL, 0x8001000684012004ULL, 0x0220800042009080ULL,
    0x4642280010101003ULL, 0x0088201a68023080ULL, 0x2001040040802202ULL, 0x082c004004010042ULL,
    0x0010840010802010ULL, 0x5002002004100800ULL, 0x0008110054808808ULL, 0x0800408001040100ULL,
    0x0002082040962020ULL, 0x4008120300688808ULL, 0x2024004100480202ULL, 0x4001020080280080ULL,
    0x0208016440040100ULL, 0x4020040100202082ULL, 0x0815020200042710ULL, 0x02808401820b0288ULL,
    0x8044010440001023ULL, 0x000a010420000208ULL, 0x1000840401004202ULL, 0x4040002214001808ULL,
    0x1802011020851400ULL, 0x2040048c01001092ULL, 0x0020051202000080ULL, 0x4d0886040048aa20ULL,
    0x1401422820880010ULL, 0x0101040082080e18ULL, 0x0080520042480080ULL, 0x01a4014046080012ULL,
    0x0000301810240020ULL, 0x4808401801010000ULL, 0x2010040848044000ULL, 0x8120040080810443ULL,
    0x0003006104224009ULL, 0x0901010849100842ULL, 0x01000c0925a43000ULL, 0x011000301884040aULL,
    0x20000110a00a4410ULL, 0x4c00000421240100ULL, 0x0400100228210400ULL, 0xc040048100410100ULL}};
// clang-format on
using RookMagics = MagicSliders<kGeometry, kRookDirs, kRookMagics>;
using BishopMagics = MagicSliders<kGeometry, kBishopDirs, kBishopMagics>;

inline Bitboard rook_attacks(int sq, Bitboard occ) {
    return RookMagics::instance().attacks(sq, occ);
}
inline Bitboard bishop_attacks(int sq, Bitboard occ) {
    return BishopMagics::instance().attacks(sq, occ);
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
