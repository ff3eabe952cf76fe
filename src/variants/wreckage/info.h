// Wreckage as the layers above the rules see it: 10x10 squares, a hand of
// Flying Guillotines and Ninja Pawns.
#pragma once

#include <array>

#include "core/variant_info.h"

namespace chimera::wreckage {

//
inline constexpr std::array<StartPosition, 1> kStarts{
    {{"Start",
      "xrwbqkbfrd/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/XRWBQKBFRD w BIbi - GJJJJJgjjjjj 0 1"}}};

inline constexpr std::array<PieceInfo, 11> kPieces{{{'K', "King"},
                                                    {'Q', "Queen"},
                                                    {'R', "Rook"},
                                                    {'B', "Bishop"},
                                                    {'F', "Ferz-Knight"},
                                                    {'W', "Wazir-Knight"},
                                                    {'D', "Dragon"},
                                                    {'X', "Detonator"},
                                                    {'G', "Flying Guillotine"},
                                                    {'P', "Pawn"},
                                                    {'J', "Ninja Pawn"}}};

inline constexpr std::string_view kMiddlegame =
    "xr1bq1b1rd/2pp2k1f1/1p1w3p2/p2Dppp2p/8p1/9P/2PB1P4/1X4P1P1/PPJPP1FP2/1RWBQK1GR1 w BI - "
    "JJJJgjjjjj 0 13";

inline constexpr std::array<BenchPosition, 2> kBenchPerft{
    {{"start position", "", 5}, {"middlegame", kMiddlegame, 4}}};
inline constexpr std::array<BenchPosition, 2> kBenchSearch{
    {{"start", "", 7}, {"middlegame", kMiddlegame, 6}}};

inline constexpr std::array<MarkInfo, 4> kMarks{
    {{"castling",
      "Flexible castling: the King moves 1-4 squares toward an unmoved Rook on b or i, the "
      "Rook lands just past it (X-20)."},
     {"drop",
      "Drop: a Flying Guillotine from the hand onto the back rank, or a Ninja Pawn onto "
      "rank 2, pushed up to rank 5 (X-23)."},
     {"detonation",
      "Detonation: the Detonator removes every neighbouring enemy piece but "
      "Ninja Pawns and stays where it is; the marked squares are emptied (X-17)."},
     {"promotion", "Promotion: a Pawn or Ninja Pawn reaching rank 10 (X-10)."}}};

inline constexpr std::array<std::string_view, 7> kFenFields{
    "placement", "side", "castling", "ep", "hand", "halfmove", "fullmove"};

inline constexpr VariantInfo kInfo{
    .id = "wreckage",
    .name = "Wreckage",
    .description = "10x10 with Dragon, Detonator, Flying Guillotine, Ninja Pawns and drops.",
    .board = BoardKind::SQUARES,
    .numbering = Numbering::MOVES,
    .starts = kStarts,
    .start_kind = "",
    .hand_name = "hand",
    .pieces = kPieces,
    .marks = kMarks,
    .bench_perft = kBenchPerft,
    .bench_search = kBenchSearch,
    // chimera match wreckage --games 300 --a nodes=10000 --b nodes=10000 --random-plies 8
    // --seed 7 --winprob: slope 0.433 +/- 0.009 (docs/engine.md, "Win probability").
    .win = {.slope = 0.43},
    .fen = {.fields = kFenFields, .hand_order = "GJ", .castling = "BIbi"},
};

}  // namespace chimera::wreckage
