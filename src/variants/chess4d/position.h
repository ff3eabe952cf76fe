// 4D chess position (D-1 ... D-16): placement, state chain, do/undo with
// incremental Zobrist hashing, legal move generation, FEN and notation.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/move.h"
#include "core/piece_board.h"
#include "core/status.h"
#include "variants/chess4d/attacks.h"

namespace chimera::chess4d {

struct StateInfo {
    std::uint64_t key = 0;
    Bitboard checkers = 0;
    int rule50 = 0;
    Piece captured = NO_PIECE;
};

class Position {
public:
    static constexpr std::string_view kId = "chess4d";
    // D-4.
    static constexpr std::string_view kStartFen =
        "4r1b1/1p1p4/3P2P1/2R2QNK/1qnk2r1/2p4p/5P1P/R1B5 w 0 1";
    static constexpr std::size_t kMaxMoves = 512;
    using Moves = MoveList<kMaxMoves>;

    Position();

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
    int rule50() const { return st().rule50; }
    int game_ply() const { return game_ply_; }

    bool attacked_by(Color c, int sq, Bitboard occ) const;
    bool is_capture(Move m) const { return piece_on(m.to()) != NO_PIECE; }

    Outcome outcome() const;
    int repetition_count() const { return repetitions(states_); }
    bool insufficient_material() const { return popcount(pieces()) == 2; }

    std::uint64_t compute_key() const;
    bool is_consistent() const;

    std::string lan(Move m) const;
    std::string san(Move m) const;
    Move parse_move(std::string_view text, std::string* error = nullptr) const;
    Move parse_lan(std::string_view text, std::string* error = nullptr) const;
    Move parse_san(std::string_view text, std::string* error = nullptr) const;

    // "a1[0,0]" (D-1).
    static std::string square_name(int sq);
    static constexpr Geometry geometry() { return kGeometry; }
    // The FEN letter of the piece on sq, or 0 for an empty square.
    char piece_char(int sq) const;
    // Parses a square at the start of text; returns the cell and sets *used, or -1.
    static int parse_square(std::string_view text, std::size_t* used);

private:
    struct EmptyTag {};
    explicit Position(EmptyTag) { states_.reserve(1024); }
    const StateInfo& st() const { return states_.back(); }
    StateInfo& st() { return states_.back(); }
    Bitboard attackers_to(int sq, Bitboard occ) const;
    Status validate() const;

    PieceBoard<Bitboard, SQ_NB, PIECE_TYPE_NB> board_;
    Color stm_ = WHITE;
    int game_ply_ = 0;
    std::vector<StateInfo> states_;
};

}  // namespace chimera::chess4d
