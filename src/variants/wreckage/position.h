// Wreckage position (X-1 ... X-26): placement, hands, castling rights,
// en-passant targets, state chain, do/undo with incremental Zobrist hashing,
// legal move generation, FEN and notation.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/move.h"
#include "core/piece_board.h"
#include "core/position_base.h"
#include "core/status.h"
#include "core/variant.h"
#include "variants/wreckage/attacks.h"
#include "variants/wreckage/info.h"

namespace chimera::wreckage {

// Castling rights: b- and i-Rook of each side.
enum CastlingRight : std::uint8_t { WHITE_B = 1, WHITE_I = 2, BLACK_B = 4, BLACK_I = 8 };

// Hand slots.
enum HandSlot : std::uint8_t { HAND_G, HAND_J, HAND_NB };

struct StateInfo {
    std::uint64_t key = 0;
    Bitboard ep = 0;   // the squares a Pawn's 2- or 3-step passed, kept only when one can
                       // legally be taken en passant
    int ep_pawn = -1;  // the Pawn that made the 2- or 3-step
    int rule50 = 0;
    std::uint8_t castling = 0;
    bool in_check = false;
    Piece moved = NO_PIECE;  // the piece that moved (a promoted pawn's kind)
    std::uint8_t captured_count = 0;
    std::array<std::uint8_t, 8> captured_sq{};
    std::array<Piece, 8> captured_piece{};
};

struct Traits {
    using Bitboard = wreckage::Bitboard;
    using Piece = wreckage::Piece;
    using PieceType = wreckage::PieceType;
    using State = StateInfo;
    using Board = PieceBoard<Bitboard, SQ_NB, PIECE_TYPE_NB, kTypeBits>;
    static constexpr PieceType kKing = KING;
    static constexpr int kKings = 1;
    static constexpr int kMoveRulePlies = 100;
};

class Position : public PositionBase<Position, Traits> {
  public:
    static constexpr const VariantInfo& kInfo = wreckage::kInfo;
    static constexpr std::string_view kId = kInfo.id;
    static constexpr std::string_view kStartFen = kInfo.default_fen();
    static constexpr std::size_t kMaxMoves = 1024;
    // The search's null move is verified by at least a one-ply search, not by
    // quiescence alone: quiet mating threats (drops, a Guillotine's check at
    // distance two) are common here (docs/engine.md, TEWN).
    static constexpr int kNullMoveMinDepth = 1;
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
    // The legal moves that remove enemy pieces (every capture mode) and the
    // pushes that promote to a Queen: the quiescence search's moves.
    void capture_moves(Moves& out) const;
    // Every pseudo-legal move (all rules except leaving the King attacked).
    void pseudo_legal_moves(Moves& out) const;
    // Whether a pseudo-legal move leaves the mover's King unattacked.
    bool is_legal(Move m) const;

    bool in_check() const { return st().in_check; }
    int hand(Color c, HandSlot s) const { return hand_[c][s]; }
    std::uint8_t castling_rights() const { return st().castling; }
    Bitboard ep_targets() const { return st().ep; }

    // side c attacks q by any capture mode, with occupancy occ and c's pieces
    // on `removed` taken off the board (what stands on q itself never matters).
    bool attacked_by(Color c, int q, Bitboard occ, Bitboard removed = 0) const;
    // The squares whose pieces the move removes (empty for quiet moves and drops).
    Bitboard captures_of(Move m) const;
    bool is_capture(Move m) const { return captures_of(m) != 0; }
    bool insufficient_material() const;
    // Whether c could still mate (for a flag, docs/rules.md): false only when
    // c has its King alone on the board and an empty hand (drops count, X-23).
    bool can_mate(Color c) const {
        return (pieces(c) & ~pieces(KING)) || hand_[c][HAND_G] || hand_[c][HAND_J];
    }

    std::uint64_t compute_key() const;
    bool state_consistent() const;

    std::string lan(Move m) const;
    std::string san(Move m) const;

    static std::string square_name(int sq);
    static constexpr Geometry geometry() { return kGeometry; }
    char piece_char(int sq) const;
    std::string reserve_text(Color c) const;
    // Parses a square ("a1" ... "j10") at the start of text; sets *used; -1 if none.
    static int parse_square(std::string_view text, std::size_t* used);

  private:
    struct EmptyTag {};
    explicit Position(EmptyTag) { states_.reserve(1024); }
    Bitboard legal_ep_targets(Bitboard targets) const;
    // The pseudo-legal moves, or only the captures (and Queen promotions).
    template <bool Captures>
    void generate(Moves& out) const;
    template <bool Captures>
    void legal(Moves& out) const;
    void add_castling(Moves& out) const;
    Status validate() const;
    bool attacked_by_dragon(Bitboard dragons, Color c, int q, Bitboard occ) const;
    bool attacked_by_guillotine(Bitboard gs, Bitboard attackers, int q, Bitboard occ) const;

    std::array<std::array<int, HAND_NB>, COLOR_NB> hand_{};
};

static_assert(VariantPosition<Position>);

}  // namespace chimera::wreckage
