// 4D chess position (D-1 ... D-16): placement, state chain, do/undo with
// incremental Zobrist hashing, legal move generation, FEN and notation.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/move.h"
#include "core/piece_board.h"
#include "core/position_base.h"
#include "core/status.h"
#include "core/variant.h"
#include "variants/chess4d/attacks.h"
#include "variants/chess4d/info.h"

namespace chimera::chess4d {

struct StateInfo {
    std::uint64_t key = 0;
    Bitboard checkers = 0;
    int rule50 = 0;
    Piece captured = NO_PIECE;
};

struct Traits {
    using Bitboard = chess4d::Bitboard;
    using Piece = chess4d::Piece;
    using PieceType = chess4d::PieceType;
    using State = StateInfo;
    using Board = PieceBoard<Bitboard, SQ_NB, PIECE_TYPE_NB>;
    static constexpr PieceType kKing = KING;
    static constexpr int kKings = 1;
    static constexpr int kMoveRulePlies = 100;
};

class Position : public PositionBase<Position, Traits> {
  public:
    static constexpr const VariantInfo& kInfo = chess4d::kInfo;
    static constexpr std::string_view kId = kInfo.id;
    static constexpr std::string_view kStartFen = kInfo.default_fen();
    static constexpr std::size_t kMaxMoves = 512;
    // The search orders quiet moves by a history per pawn structure too
    // (engine/history.h; docs/engine.md, PH1: it gained here, not in chess).
    static constexpr bool kPawnHistory = true;
    using Moves = MoveList<kMaxMoves>;

    Position();

    Status set_fen(std::string_view fen);
    std::string fen() const;
    std::string diagram() const;

    void do_move(Move m);
    void undo_move(Move m);
    void do_null_move();
    bool null_move_ok() const;
    void legal_moves(Moves& out) const;
    // The legal captures and promotions: the quiescence search's moves.
    void capture_moves(Moves& out) const;

    bool in_check() const { return st().checkers != 0; }
    // Pieces of both sides that attack sq with the given occupancy.
    Bitboard attackers_to(int sq, Bitboard occ) const;
    bool attacked_by(Color c, int sq, Bitboard occ) const;
    bool is_capture(Move m) const { return piece_on(m.to()) != NO_PIECE; }
    bool insufficient_material() const { return popcount(pieces()) == 2; }
    // Whether c could still mate (for a flag, docs/rules.md): false only when
    // c has its King alone, the one dead material D-15 knows.
    bool can_mate(Color c) const { return (pieces(c) & ~pieces(KING)) != 0; }

    std::uint64_t compute_key() const;
    bool state_consistent() const;

    std::string lan(Move m) const;
    std::string san(Move m) const;
    // Parses the two squares directly (cheaper than matching every move's text).
    Move parse_lan(std::string_view text, std::string* error = nullptr) const;

    // "a1[0,0]" (D-1).
    static std::string square_name(int sq);
    static constexpr Geometry geometry() { return kGeometry; }
    char piece_char(int sq) const;
    // Parses a square at the start of text; returns the cell and sets *used, or -1.
    static int parse_square(std::string_view text, std::size_t* used);

  private:
    struct EmptyTag {};
    explicit Position(EmptyTag) { states_.reserve(1024); }
    Status validate() const;
};

static_assert(VariantPosition<Position>);

}  // namespace chimera::chess4d
