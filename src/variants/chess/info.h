// Orthodox chess as the layers above the rules see it: the calibration
// variant that checks the shared machinery against published perft tables.
#pragma once

#include <array>

#include "core/variant_info.h"

namespace chimera::chess {

inline constexpr std::array<StartPosition, 1> kStarts{
    {{"Start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"}}};

inline constexpr std::string_view kKiwipete =
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

inline constexpr std::array<BenchPosition, 2> kBenchPerft{
    {{"start position", "", 6}, {"Kiwipete", kKiwipete, 5}}};

inline constexpr std::array<BenchPosition, 4> kBenchSearch{{
    {"start", "", 11},
    {"Kiwipete", kKiwipete, 8},
    {"middlegame", "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 9", 9},
    {"endgame", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 14},
}};

inline constexpr std::array<MarkInfo, 2> kMarks{
    {{"castling", "Castling: the King's square two files toward a Rook that has not moved."},
     {"promotion",
      "Promotion: a Pawn reaching the last rank becomes a Queen, Rook, Bishop or "
      "Knight."}}};

inline constexpr std::array<std::string_view, 6> kFenFields{"placement", "side",     "castling",
                                                            "ep",        "halfmove", "fullmove"};

inline constexpr VariantInfo kInfo{
    .id = "chess",
    .name = "Chess",
    .description = "Orthodox chess, the yardstick of the engine.",
    .board = BoardKind::SQUARES,
    .numbering = Numbering::MOVES,
    .starts = kStarts,
    .start_kind = "",
    .hand_name = "",
    .pieces = kOrthodoxPieces,
    .marks = kMarks,
    .bench_perft = kBenchPerft,
    .bench_search = kBenchSearch,
    .calibration = true,
    // chimera match chess --games 300 --a nodes=10000 --b nodes=10000 --random-plies 8 --seed 7
    // --winprob: slope 0.941 +/- 0.026 (docs/engine.md, "Win probability").
    .win = {.slope = 0.94},
    .fen = {.fields = kFenFields, .hand_order = "", .castling = "KQkq"},
};

}  // namespace chimera::chess
