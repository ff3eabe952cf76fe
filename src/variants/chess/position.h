// Orthodox chess position: placement, state chain, do/undo with incremental
// Zobrist hashing, legal move generation, FEN and move notation.
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
#include "variants/chess/attacks.h"
#include "variants/chess/info.h"

namespace chimera::chess {

enum CastlingRight : std::uint8_t {
    WHITE_OO = 1,
    WHITE_OOO = 2,
    BLACK_OO = 4,
    BLACK_OOO = 8,
    ALL_CASTLING = 15
};

// What do_move cannot recompute on undo; one per ply in the state chain.
struct StateInfo {
    std::uint64_t key = 0;
    Bitboard checkers = 0;
    int rule50 = 0;
    int ep = -1;  // en-passant target, set only when a legal capture onto it exists
    std::uint8_t castling = 0;
    Piece captured = NO_PIECE;
};

struct Traits {
    using Bitboard = chess::Bitboard;
    using Piece = chess::Piece;
    using PieceType = chess::PieceType;
    using State = StateInfo;
    using Board = PieceBoard<Bitboard, SQ_NB, PIECE_TYPE_NB>;
    static constexpr PieceType kKing = KING;
    static constexpr int kKings = 1;
    static constexpr int kMoveRulePlies = 100;
};

class Position : public PositionBase<Position, Traits> {
  public:
    static constexpr const VariantInfo& kInfo = chess::kInfo;
    static constexpr std::string_view kId = kInfo.id;
    static constexpr std::string_view kStartFen = kInfo.default_fen();
    static constexpr std::size_t kMaxMoves = 256;
    using Moves = MoveList<kMaxMoves>;

    Position();

    Status set_fen(std::string_view fen);
    std::string fen() const;
    std::string diagram() const;

    void do_move(Move m);
    void undo_move(Move m);
    // A pass: en-passant rights lapse and the repetition window restarts.
    void do_null_move();
    bool null_move_ok() const;
    void legal_moves(Moves& out) const;
    // The legal captures (en passant and every capturing promotion included)
    // and the pushes that promote to a Queen: the quiescence search's moves.
    void capture_moves(Moves& out) const;

    bool in_check() const { return st().checkers != 0; }
    int ep_square() const { return st().ep; }
    std::uint8_t castling_rights() const { return st().castling; }

    // Pieces of both sides that attack sq with the given occupancy.
    Bitboard attackers_to(int sq, Bitboard occ) const;
    // Whether side c attacks sq with the given occupancy.
    bool attacked_by(Color c, int sq, Bitboard occ) const;
    bool gives_check(Move m) const;
    bool is_capture(Move m) const;
    // The square of the piece a move takes, as a set (empty for none): the
    // destination, or for an en-passant capture the pawn's square beside it.
    Bitboard captures_of(Move m) const {
        if (m.kind() == MoveKind::EN_PASSANT)
            return Bitboard{1} << (m.to() + (stm_ == WHITE ? -8 : 8));
        return is_capture(m) ? Bitboard{1} << m.to() : Bitboard{0};
    }
    bool is_legal_ep(Move m) const;
    bool insufficient_material() const;
    // Whether c could still mate by some series of legal moves (FIDE 6.9, for
    // a flag): false only when c has its King alone, its King and one minor
    // piece against a bare King, or the board holds only Kings and bishops
    // all on squares of one colour (docs/rules.md).
    bool can_mate(Color c) const;

    std::uint64_t compute_key() const;
    bool state_consistent() const;

    std::string lan(Move m) const;
    std::string san(Move m) const;

    static std::string square_name(int sq);
    static constexpr Geometry geometry() { return kGeometry; }
    char piece_char(int sq) const;

  private:
    struct EmptyTag {};
    explicit Position(EmptyTag) { states_.reserve(1024); }
    bool ep_capture_legal(int from, int ep) const;
    int legal_ep_square(int ep) const;
    Status validate() const;
};

static_assert(VariantPosition<Position>);

}  // namespace chimera::chess
