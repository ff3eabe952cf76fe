// The variant contract: what every variant's Position provides, checked at
// compile time. The search, perft, the protocol, game records and the server
// are written against this concept only; a variant meets it by deriving from
// PositionBase (core/position_base.h) and adding its rules.
//
// Optional capabilities, used where present (tested with `requires`):
//   captures_of(m)       the squares a move empties by capture (when it is not just m.to())
//   reserve_text(c)      pieces off the board (hand or reserve) as upper-case letters
//   is_active(sq), group_marks(), checked_kings()   dormant pieces, King groups, several Kings
//   king_square(c)       the one King of c
//   can_mate(c)          whether c could still mate (a flag of the other side is then a draw)
#pragma once

#include <concepts>
#include <cstdint>
#include <string>
#include <string_view>

#include "core/color.h"
#include "core/geometry.h"
#include "core/move.h"
#include "core/status.h"
#include "core/variant_info.h"

namespace chimera {

template <class P>
concept VariantPosition = std::default_initializable<P> && std::copyable<P> &&
    requires(P& p, const P& cp, Move m, typename P::Moves& moves, std::string_view text,
             std::string* error, int sq) {
    // Identity and descriptor (id, names, starts, numbering, pieces).
    { P::kInfo } -> std::convertible_to<const VariantInfo&>;
    { P::kId } -> std::convertible_to<std::string_view>;
    { P::geometry() } -> std::same_as<Geometry>;
    { P::kMaxMoves } -> std::convertible_to<std::size_t>;
    // FEN, validated field by field: on error the position is unchanged.
    { p.set_fen(text) } -> std::same_as<Status>;
    { cp.fen() } -> std::same_as<std::string>;
    { cp.diagram() } -> std::same_as<std::string>;
    // Moves: legal generation, do/undo on the state chain, the search's pass.
    cp.legal_moves(moves);
    // The quiescence search's moves: the legal captures (every move that
    // removes an enemy piece) and the promotions to the strongest piece.
    cp.capture_moves(moves);
    p.do_move(m);
    p.undo_move(m);
    p.do_null_move();
    p.undo_null_move();
    { cp.null_move_ok() } -> std::same_as<bool>;
    { cp.is_capture(m) } -> std::same_as<bool>;
    // State.
    { cp.side_to_move() } -> std::same_as<Color>;
    { cp.key() } -> std::same_as<std::uint64_t>;
    { cp.compute_key() } -> std::same_as<std::uint64_t>;
    { cp.in_check() } -> std::same_as<bool>;
    { cp.game_ply() } -> std::same_as<int>;
    { cp.rule50() } -> std::same_as<int>;
    { cp.repetition_count() } -> std::same_as<int>;
    { cp.outcome() } -> std::same_as<Outcome>;
    { cp.is_consistent() } -> std::same_as<bool>;
    // Notation.
    { cp.lan(m) } -> std::same_as<std::string>;
    { cp.san(m) } -> std::same_as<std::string>;
    { cp.parse_lan(text, error) } -> std::same_as<Move>;
    { cp.parse_san(text, error) } -> std::same_as<Move>;
    { cp.parse_move(text, error) } -> std::same_as<Move>;
    { P::square_name(sq) } -> std::same_as<std::string>;
    { cp.piece_char(sq) } -> std::same_as<char>;
};

}  // namespace chimera
