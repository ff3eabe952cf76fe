// What the layers above the rules need to know about a variant, as data: its
// names, start positions, board kind, move numbering, pieces and the bench
// positions. Each variant defines one VariantInfo in its own folder
// (variants/<id>/info.h); the registry lists them and everything else reads
// them, so no layer above the variants spells a variant's name.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string_view>

namespace chimera {

// How a board is drawn: squares, intersections of lines (pieces stand on the
// points) or a row of small boards, one per (z, w) pair of a 4D board.
enum class BoardKind : std::uint8_t { SQUARES, INTERSECTIONS, BOARDS_4D };

// How a game record numbers moves: "1. e4 e5 2. ..." (a number per move of
// both sides) or a number per ply.
enum class Numbering : std::uint8_t { MOVES, PLIES };

struct PieceInfo {
    char letter;  // the FEN letter of White's piece (upper case)
    std::string_view name;
};

// A mark the board shows in this variant beyond the shared ones (legal
// destinations, captures, the last move, check), and what it means there,
// for the game screen's legend and tooltips. `mark` names how the client
// draws it: "castling", "promotion", "drop", "detonation", "traverse",
// "group", "dormant", "axes".
struct MarkInfo {
    std::string_view mark;
    std::string_view meaning;
};

struct StartPosition {
    std::string_view name;
    std::string_view fen;
};

// A position searched or counted by `chimera bench`; an empty fen is the
// variant's default start.
struct BenchPosition {
    std::string_view label;
    std::string_view fen;
    int depth;
};

// The engine's evaluation as White's expected score, fitted per variant on the
// engine's own games (chimera match --winprob, docs/engine.md "Win
// probability"): E(cp) = 1 / (1 + 10^(-slope * cp / 400)). The post-game
// review measures each move's loss with it.
struct WinModel {
    double slope = 1.0;
};

// How the engine splits a clock that names no number of moves: the moves a
// side is expected still to play. The variants' games differ in length by
// an order of magnitude (4D chess often ends inside 20 moves a side, Wataku
// plays 200), so each says its own (docs/engine.md, "Time").
struct TimeModel {
    int moves_left = 30;
};

// How the variant writes a position, for the board editor, which builds one
// from an edited board: the FEN's fields in order ("placement", "side",
// "castling", "ep", "hand", "halfmove", "fullmove"), the order a hand or
// reserve lists each side's letters in, and the castling letters (White's,
// then Black's, in the order the field writes them). The placement is the
// board as drawn, read row by row from the top, small boards side by side.
struct FenLayout {
    std::span<const std::string_view> fields;
    std::string_view hand_order;
    std::string_view castling;
};

struct VariantInfo {
    std::string_view id;           // used in the protocol, the API and game records
    std::string_view name;         // for people
    std::string_view description;  // one line
    BoardKind board = BoardKind::SQUARES;
    Numbering numbering = Numbering::MOVES;
    // starts[0] is the default; with several, a new game draws one at random
    // unless one is chosen by its number (1-based), called start_kind.
    std::span<const StartPosition> starts;
    std::string_view start_kind;  // "formation"; empty when there is one start
    std::string_view hand_name;   // what pieces off the board are called ("hand"), or empty
    std::span<const PieceInfo> pieces;
    std::span<const MarkInfo> marks;  // its own marks on the board, in the legend's order
    std::span<const BenchPosition> bench_perft;
    std::span<const BenchPosition> bench_search;
    // The variant that checks the shared machinery (orthodox chess): listed last.
    bool calibration = false;
    WinModel win{};
    TimeModel time{};
    FenLayout fen{};

    constexpr bool random_start() const { return starts.size() > 1; }
    constexpr std::string_view default_fen() const { return starts[0].fen; }
    constexpr int start_count() const { return static_cast<int>(starts.size()); }
    // The FEN of start `number` (1-based; 0 is the default).
    constexpr std::string_view start_fen(int number) const {
        return starts[number > 0 ? static_cast<std::size_t>(number - 1) : 0].fen;
    }
    // The start of a new game for which none is chosen: with several, one drawn
    // uniformly with the caller's seeded source (so games can be replayed);
    // with one, 0 (no number).
    template <class Rng>
    int draw_start(Rng& rng) const {
        return random_start() ? 1 + static_cast<int>(rng() % starts.size()) : 0;
    }
};

// The six pieces of orthodox chess, for the variants that play with exactly those.
inline constexpr std::array<PieceInfo, 6> kOrthodoxPieces{{{'K', "King"},
                                                           {'Q', "Queen"},
                                                           {'R', "Rook"},
                                                           {'B', "Bishop"},
                                                           {'N', "Knight"},
                                                           {'P', "Pawn"}}};

inline constexpr std::string_view board_kind_name(BoardKind k) {
    switch (k) {
        case BoardKind::SQUARES:
            return "squares";
        case BoardKind::INTERSECTIONS:
            return "intersections";
        case BoardKind::BOARDS_4D:
            return "boards4d";
    }
    return "squares";
}

inline constexpr std::string_view numbering_name(Numbering n) {
    return n == Numbering::PLIES ? "plies" : "moves";
}

}  // namespace chimera
