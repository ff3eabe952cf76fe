// Wataku Genesis position (W-1 ... W-29): placement, reserves, the activity of
// every piece (groups connected to a King), state chain, do/undo with
// incremental Zobrist hashing, legal action generation, FEN and notation.
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
#include "variants/wataku/attacks.h"
#include "variants/wataku/info.h"

namespace chimera::wataku {

struct StateInfo {
    std::uint64_t key = 0;
    std::array<Bitboard, COLOR_NB> active{};  // W-7, recomputed after every action
    // Plies since the last capture or deployment: only the window in which a position
    // can repeat (Wataku has no move-count draw rule).
    int rule50 = 0;
    bool in_check = false;
    Piece captured = NO_PIECE;
};

struct Traits {
    using Bitboard = wataku::Bitboard;
    using Piece = wataku::Piece;
    using PieceType = wataku::PieceType;
    using State = StateInfo;
    using Board = PieceBoard<Bitboard, SQ_NB, PIECE_TYPE_NB>;
    static constexpr PieceType kKing = KING;
    static constexpr int kKings = 2;
    // The game ends by W-24, W-25 (no legal action) and W-26 (repetition); Wataku
    // has no move-count draw rule.
    static constexpr int kMoveRulePlies = 0;
};

class Position : public PositionBase<Position, Traits> {
  public:
    static constexpr const VariantInfo& kInfo = wataku::kInfo;
    static constexpr std::string_view kId = kInfo.id;
    static constexpr std::string_view kStartFen = kInfo.default_fen();
    static constexpr std::size_t kMaxMoves = 1024;
    // The search's futility pruning of quiet moves stays at the last two
    // plies: Wataku's mates are often quiet moves that give no check (a
    // King's last flight taken), and futility at the reduced depth of a move
    // (docs/engine.md, S2) missed the shortest mate of a puzzle.
    static constexpr bool kFutilityAtReducedDepth = false;
    using Moves = MoveList<kMaxMoves>;

    Position();

    Status set_fen(std::string_view fen);
    // Sets formation 1..4 (W-5).
    Status set_formation(int number);
    std::string fen() const;
    std::string diagram() const;

    void do_move(Move m);
    void undo_move(Move m);
    void do_null_move();
    bool null_move_ok() const;
    void legal_moves(Moves& out) const;
    // The legal captures: the quiescence search's moves.
    void capture_moves(Moves& out) const;
    // Every action except the final check test of W-22.
    void pseudo_legal_moves(Moves& out) const;
    bool is_legal(Move m) const;

    bool in_check() const { return st().in_check; }
    Bitboard active(Color c) const { return st().active[c]; }
    bool is_active(int sq) const {
        return piece_on(sq) != NO_PIECE && (active(color_of(piece_on(sq))) & bb(sq));
    }
    int reserve(Color c, PieceType pt) const { return reserve_[c][pt]; }

    // W-7: the pieces of `own` connected to one of `kings` through neighbours.
    static Bitboard group_of(Bitboard kings, Bitboard own);
    // W-20: whether the active pieces `attackers` attack q with occupancy occ.
    bool attacked_by(Bitboard attackers, int q, Bitboard occ) const;
    // W-21: whether any King of c is attacked.
    bool king_in_check(Color c) const;
    bool is_capture(Move m) const {
        return m.kind() == MoveKind::NORMAL && piece_on(m.to()) != NO_PIECE;
    }

    std::uint64_t compute_key() const;
    bool state_consistent() const;

    std::string lan(Move m) const;
    std::string san(Move m) const;

    static std::string square_name(int sq);
    static constexpr Geometry geometry() { return kGeometry; }
    char piece_char(int sq) const;
    std::string reserve_text(Color c) const;
    // Per point: '1' or '2' for a piece in the group of its side's first or second
    // King (one group holding both Kings is '1'), '0' for empty points and dormant pieces.
    std::string group_marks() const;
    // The side to move's Kings that are attacked (W-21).
    std::vector<int> checked_kings() const;

  private:
    struct EmptyTag {};
    explicit Position(EmptyTag) { states_.reserve(1024); }
    void refresh_activity(StateInfo& s) const;
    // The pseudo-legal actions, or only the captures.
    template <bool Captures>
    void generate(Moves& out) const;
    template <bool Captures>
    void legal(Moves& out) const;
    Status validate() const;

    std::array<std::array<int, PIECE_TYPE_NB>, COLOR_NB> reserve_{};
};

static_assert(VariantPosition<Position>);

}  // namespace chimera::wataku
