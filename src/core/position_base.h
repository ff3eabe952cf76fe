// The part of a position every variant shares, written once (CRTP): the
// placement (mailbox and bitboards), side to move, ply count and the state
// chain, with the accessors, draw rules, null-move undo, notation matching
// and consistency check built on them. A variant's Position derives from
// PositionBase<Position, Traits> and adds only what its rules need; the
// contract it must meet as a whole is the concept in core/variant.h.
//
// Traits gives the variant's vocabulary:
//   using Bitboard, Piece, PieceType, State;   State has key and rule50
//   using Board = PieceBoard<...>;
//   static constexpr PieceType kKing;          the royal piece
//   static constexpr int kKings;               Kings per side
//   static constexpr int kMoveRulePlies;       plies without progress that draw; 0: no such rule
//
// The derived Position provides legal_moves, in_check, compute_key, lan, san,
// and state_consistent() (the derived part of the debug check); it may
// provide insufficient_material() and its own parse_lan.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/bitboard.h"
#include "core/color.h"
#include "core/move.h"
#include "core/notation.h"
#include "core/piece_board.h"
#include "core/status.h"

namespace chimera {

template <class Derived, class Traits>
class PositionBase {
  public:
    using Bitboard = typename Traits::Bitboard;
    using Piece = typename Traits::Piece;
    using PieceType = typename Traits::PieceType;
    using State = typename Traits::State;
    static constexpr int kMoveRulePlies = Traits::kMoveRulePlies;
    // Board cells and piece types (0, no piece, included): the sizes of the
    // search's per-piece, per-square tables.
    static constexpr int kCells = Traits::Board::kCells;
    static constexpr int kPieceTypes = Traits::Board::kTypes;
    static constexpr PieceType kKingType = Traits::kKing;

    Color side_to_move() const { return stm_; }
    std::uint64_t key() const { return st().key; }
    int game_ply() const { return game_ply_; }
    // Plies since the last irreversible move (the repetition window).
    int rule50() const { return st().rule50; }

    Piece piece_on(int sq) const { return Piece(board_.at(sq)); }
    Bitboard pieces() const { return board_.all(); }
    Bitboard pieces(Color c) const { return board_.of(c); }
    Bitboard pieces(PieceType pt) const { return board_.of_type(pt); }
    Bitboard pieces(Color c, PieceType pt) const { return board_.of(c, pt); }
    // The square of c's King (variants with one King per side).
    int king_square(Color c) const { return lsb(pieces(c, Traits::kKing)); }

    // Earlier occurrences of the current position within the repetition window.
    int repetition_count() const { return repetitions(states_); }

    // How the game stands, in the order the specs decide it: no legal move
    // (mate or stalemate), threefold repetition, the move rule, dead material.
    Outcome outcome() const {
        typename Derived::Moves moves;
        self().legal_moves(moves);
        if (moves.empty()) return self().in_check() ? Outcome::CHECKMATE : Outcome::STALEMATE;
        if (repetition_count() >= 2) return Outcome::REPETITION;
        if constexpr (Traits::kMoveRulePlies > 0)
            if (st().rule50 >= Traits::kMoveRulePlies) return Outcome::MOVE_RULE;
        if constexpr (requires { self().insufficient_material(); })
            if (self().insufficient_material()) return Outcome::INSUFFICIENT;
        return Outcome::ONGOING;
    }

    // Undoes do_null_move (which each variant writes: what a pass clears differs).
    void undo_null_move() {
        states_.pop_back();
        stm_ = ~stm_;
        --game_ply_;
    }

    // A legal move from its LAN (by matching the generated moves, unless the
    // variant parses it more cheaply), its SAN, or either (LAN first).
    Move parse_lan(std::string_view text, std::string* error = nullptr) const {
        return match_lan(self(), text, error);
    }
    Move parse_san(std::string_view text, std::string* error = nullptr) const {
        return match_san(self(), text, error);
    }
    Move parse_move(std::string_view text, std::string* error = nullptr) const {
        return match_move(self(), text, error);
    }

    // Full structural self-check (debug aid and property tests): mailbox and
    // bitboards agree, each side has its Kings, the key matches a recomputation,
    // and the variant's own cached state is right.
    bool is_consistent() const {
        if (!board_.consistent()) return false;
        for (Color c : {WHITE, BLACK})
            if (popcount(pieces(c, Traits::kKing)) != Traits::kKings) return false;
        return self().compute_key() == key() && self().state_consistent();
    }

  protected:
    const Derived& self() const { return static_cast<const Derived&>(*this); }
    const State& st() const { return states_.back(); }
    State& st() { return states_.back(); }
    // Pushes the state of a pass: the other side moves next.
    void push_null_state(const State& s) {
        states_.push_back(s);
        stm_ = ~stm_;
        ++game_ply_;
    }

    typename Traits::Board board_;
    Color stm_ = WHITE;
    int game_ply_ = 0;
    std::vector<State> states_;
};

}  // namespace chimera
