// 4D chess as the layers above the rules see it: a 4x4x2x2 board drawn as
// four small boards, every ply numbered (D-16).
#pragma once

#include <array>

#include "core/variant_info.h"

namespace chimera::chess4d {

// D-4.
inline constexpr std::array<StartPosition, 1> kStarts{
    {{"Start", "4r1b1/1p1p4/3P2P1/2R2QNK/1qnk2r1/2p4p/5P1P/R1B5 w 0 1"}}};

inline constexpr std::array<BenchPosition, 1> kBenchPerft{{{"start position", "", 5}}};
inline constexpr std::array<BenchPosition, 1> kBenchSearch{{{"start", "", 9}}};

inline constexpr std::array<MarkInfo, 2> kMarks{
    {{"axes",
      "Four small boards: columns are Z (Z = 0 left), rows are W (W = 1 top); a square "
      "is named with its board, a1[z,w] (D-2). The same square on the next board "
      "differs in one axis."},
     {"promotion", "Promotion: a Pawn reaching its last rank becomes a Queen, at once (D-10)."}}};

inline constexpr std::array<std::string_view, 4> kFenFields{"placement", "side", "halfmove",
                                                            "fullmove"};

inline constexpr VariantInfo kInfo{
    .id = "chess4d",
    .name = "4D chess",
    .description = "A 4x4x2x2 board shown as four small boards; every axis moves alike.",
    .board = BoardKind::BOARDS_4D,
    .numbering = Numbering::PLIES,
    .starts = kStarts,
    .start_kind = "",
    .hand_name = "",
    .pieces = kOrthodoxPieces,
    .marks = kMarks,
    .bench_perft = kBenchPerft,
    .bench_search = kBenchSearch,
    // chimera match chess4d --games 300 --a nodes=10000 --b nodes=10000 --random-plies 8
    // --seed 7 --winprob: slope 0.277 +/- 0.016 (docs/engine.md, "Win probability").
    .win = {.slope = 0.28},
    // Half its games end inside 20 plies, three quarters inside 42 (level 8
    // self-play at 20,000 nodes, 4 random plies): a clock split thirty ways
    // would leave most of it unused.
    .time = {.moves_left = 12},
    .fen = {.fields = kFenFields, .hand_order = "", .castling = ""},
};

}  // namespace chimera::chess4d
