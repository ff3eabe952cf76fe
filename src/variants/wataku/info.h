// Wataku Genesis as the layers above the rules see it: 9x9 intersections,
// four start formations drawn at random unless one is chosen (W-5), a reserve
// per side.
#pragma once

#include <array>

#include "core/variant_info.h"

namespace chimera::wataku {

// W-5: the four formations; formation 1 is the default start.
inline constexpr std::array<StartPosition, 4> kStarts{{
    {"Formation 1", "9/3ktk3/2nptpn2/9/9/9/2NPTPN2/3KTK3/9 w QRRBBPPTTqrrbbpptt 1"},
    {"Formation 2", "9/1nk3kn1/2tp1pt2/9/9/9/2TP1PT2/1NK3KN1/9 w QRRBBPPTTqrrbbpptt 1"},
    {"Formation 3", "3tkt3/2n1k1n2/3p1p3/9/9/9/3P1P3/2N1K1N2/3TKT3 w QRRBBPPTTqrrbbpptt 1"},
    {"Formation 4", "1k7/3ptkt2/4npn2/9/9/9/4NPN2/3PTKT2/1K7 w QRRBBPPTTqrrbbpptt 1"},
}};

inline constexpr std::array<PieceInfo, 7> kPieces{{{'K', "King"},
                                                   {'Q', "Queen"},
                                                   {'R', "Rook"},
                                                   {'B', "Bishop"},
                                                   {'N', "Knight"},
                                                   {'P', "Pawn"},
                                                   {'T', "Turtle"}}};

inline constexpr std::array<BenchPosition, 1> kBenchPerft{{{"formation 1", "", 3}}};
inline constexpr std::array<BenchPosition, 2> kBenchSearch{
    {{"formation 1", "", 4}, {"formation 2", kStarts[1].fen, 4}}};

inline constexpr std::array<MarkInfo, 4> kMarks{
    {{"group",
      "Group: the number tells which group a piece belongs to, its side's pieces "
      "linked as neighbours (W-6)."},
     {"dormant",
      "Dormant: the piece's group holds no King of its side, so it cannot move, "
      "attack or give check; it still blocks and can be captured (W-7, W-8)."},
     {"traverse",
      "Traverse: jump along a line over a chain of friendly non-King pieces to the "
      "first empty point after it (W-17)."},
     {"drop", "Deployment: a reserve piece can be put on any empty point (W-18)."}}};

inline constexpr std::array<std::string_view, 4> kFenFields{"placement", "side", "hand",
                                                            "fullmove"};

inline constexpr VariantInfo kInfo{
    .id = "wataku",
    .name = "Wataku Genesis",
    .description = "9x9 points, two Kings, dormant groups, Traverse and reserve deployment.",
    .board = BoardKind::INTERSECTIONS,
    .numbering = Numbering::MOVES,
    .starts = kStarts,
    .start_kind = "formation",
    .hand_name = "reserve",
    .pieces = kPieces,
    .marks = kMarks,
    .bench_perft = kBenchPerft,
    .bench_search = kBenchSearch,
    // chimera match wataku --games 160 --a nodes=10000 --b nodes=10000 --random-plies 8
    // --seed 7 --winprob: slope 0.052 +/- 0.005, 130 of 160 games drawn (docs/engine.md, "Win
    // probability"): a lead rarely wins.
    .win = {.slope = 0.052},
    .fen = {.fields = kFenFields, .hand_order = "QRBNPT", .castling = ""},
};

}  // namespace chimera::wataku
