// Orthodox chess position: placement, state chain, do/undo with incremental
// Zobrist hashing, legal move generation, FEN and move notation.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/move.h"
#include "core/piece_board.h"
#include "core/status.h"
#include "variants/chess/attacks.h"

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

class Position {
public:
    static constexpr std::string_view kId = "chess";
    static constexpr std::string_view kStartFen =
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    static constexpr std::size_t kMaxMoves = 256;
    using Moves = MoveList<kMaxMoves>;

    Position();

    // Sets the position from a FEN; on error the position is unchanged.
    Status set_fen(std::string_view fen);
    std::string fen() const;
    // A text picture of the board for terminals.
    std::string diagram() const;

    void do_move(Move m);
    void undo_move(Move m);
    // A pass, for the search's null-move pruning only (never when in check):
    // the other side moves next, en-passant rights lapse, and the repetition
    // window restarts at the pass (rule50 = 0) so no repetition spans it.
    void do_null_move();
    void undo_null_move();
    // Whether a pass can be trusted: the side to move has more than Pawns and its King.
    bool null_move_ok() const;

    // All legal moves of the side to move.
    void legal_moves(Moves& out) const;

    Color side_to_move() const { return stm_; }
    std::uint64_t key() const { return st().key; }
    bool in_check() const { return st().checkers != 0; }
    Piece piece_on(int sq) const { return Piece(board_.at(sq)); }
    Bitboard pieces() const { return board_.all(); }
    Bitboard pieces(Color c) const { return board_.of(c); }
    Bitboard pieces(PieceType pt) const { return board_.of_type(pt); }
    Bitboard pieces(Color c, PieceType pt) const { return board_.of(c, pt); }
    int king_square(Color c) const { return lsb(pieces(c, KING)); }
    int ep_square() const { return st().ep; }
    int rule50() const { return st().rule50; }
    int game_ply() const { return game_ply_; }
    std::uint8_t castling_rights() const { return st().castling; }

    // Squares attacked by side c with the given occupancy.
    bool attacked_by(Color c, int sq, Bitboard occ) const;
    bool gives_check(Move m) const;
    bool is_capture(Move m) const;
    bool is_legal_ep(Move m) const;

    // Draw and end rules, in the order the spec decides them.
    Outcome outcome() const;
    int repetition_count() const;
    bool insufficient_material() const;

    // The key computed from scratch; equals key() unless the incremental update is wrong.
    std::uint64_t compute_key() const;
    // Full structural self-check (debug aid and property tests).
    bool is_consistent() const;

    // Notation: UCI long algebraic and SAN.
    std::string lan(Move m) const;
    std::string san(Move m) const;
    // Parses a legal move in LAN or SAN; Move::none() and a message in *error otherwise.
    Move parse_move(std::string_view text, std::string* error = nullptr) const;
    Move parse_lan(std::string_view text, std::string* error = nullptr) const;
    Move parse_san(std::string_view text, std::string* error = nullptr) const;

    static std::string square_name(int sq);
    static constexpr Geometry geometry() { return kGeometry; }
    // The FEN letter of the piece on sq, or 0 for an empty square.
    char piece_char(int sq) const;

private:
    struct EmptyTag {};
    explicit Position(EmptyTag) { states_.reserve(1024); }
    const StateInfo& st() const { return states_.back(); }
    StateInfo& st() { return states_.back(); }
    Bitboard attackers_to(int sq, Bitboard occ) const;
    Bitboard pinned(Color c) const;
    bool ep_capture_legal(int from, int ep) const;
    int legal_ep_square(int ep) const;
    Status validate() const;

    PieceBoard<Bitboard, SQ_NB, PIECE_TYPE_NB> board_;
    Color stm_ = WHITE;
    int game_ply_ = 0;
    std::vector<StateInfo> states_;
};

}  // namespace chimera::chess
