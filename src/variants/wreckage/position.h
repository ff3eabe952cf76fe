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
#include "core/status.h"
#include "variants/wreckage/attacks.h"

namespace chimera::wreckage {

// Castling rights: b- and i-Rook of each side.
enum CastlingRight : std::uint8_t { WHITE_B = 1, WHITE_I = 2, BLACK_B = 4, BLACK_I = 8 };

// Hand slots.
enum HandSlot : std::uint8_t { HAND_G, HAND_J, HAND_NB };

struct StateInfo {
    std::uint64_t key = 0;
    Bitboard ep = 0;      // the squares a Pawn's 2- or 3-step passed, kept only when one can
                          // legally be taken en passant
    int ep_pawn = -1;     // the Pawn that made the 2- or 3-step
    int rule50 = 0;
    std::uint8_t castling = 0;
    bool in_check = false;
    Piece moved = NO_PIECE;  // the piece that moved (a promoted pawn's kind)
    std::uint8_t captured_count = 0;
    std::array<std::uint8_t, 8> captured_sq{};
    std::array<Piece, 8> captured_piece{};
};

class Position {
public:
    static constexpr std::string_view kId = "wreckage";
    //
    static constexpr std::string_view kStartFen =
        "xrwbqkbfrd/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/XRWBQKBFRD w BIbi - GJJJJJgjjjjj 0 1";
    static constexpr std::size_t kMaxMoves = 1024;
    using Moves = MoveList<kMaxMoves>;

    Position();

    Status set_fen(std::string_view fen);
    std::string fen() const;
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
    bool in_check() const { return st().in_check; }
    Piece piece_on(int sq) const { return Piece(board_.at(sq)); }
    Bitboard pieces() const { return board_.all(); }
    Bitboard pieces(Color c) const { return board_.of(c); }
    Bitboard pieces(PieceType pt) const { return board_.of_type(pt); }
    Bitboard pieces(Color c, PieceType pt) const { return board_.of(c, pt); }
    int king_square(Color c) const { return lsb(pieces(c, KING)); }
    int hand(Color c, HandSlot s) const { return hand_[c][s]; }
    std::uint8_t castling_rights() const { return st().castling; }
    Bitboard ep_targets() const { return st().ep; }
    int rule50() const { return st().rule50; }
    int game_ply() const { return game_ply_; }

    // side c attacks q by any capture mode, with occupancy occ and c's pieces
    // on `removed` taken off the board (what stands on q itself never matters).
    bool attacked_by(Color c, int q, Bitboard occ, Bitboard removed = 0) const;
    // The squares whose pieces the move removes (empty for quiet moves and drops).
    Bitboard captures_of(Move m) const;
    bool is_capture(Move m) const { return captures_of(m) != 0; }

    Outcome outcome() const;
    int repetition_count() const { return repetitions(states_); }
    bool insufficient_material() const;

    std::uint64_t compute_key() const;
    bool is_consistent() const;

    std::string lan(Move m) const;
    std::string san(Move m) const;
    Move parse_move(std::string_view text, std::string* error = nullptr) const;
    Move parse_lan(std::string_view text, std::string* error = nullptr) const;
    Move parse_san(std::string_view text, std::string* error = nullptr) const;

    static std::string square_name(int sq);
    static constexpr Geometry geometry() { return kGeometry; }
    // The FEN letter of the piece on sq, or 0 for an empty square.
    char piece_char(int sq) const;
    // The hand (Wreckage) or reserve (Wataku) of c as upper-case letters.
    std::string reserve_text(Color c) const;
    // Parses a square ("a1" ... "j10") at the start of text; sets *used; -1 if none.
    static int parse_square(std::string_view text, std::size_t* used);

    // Every pseudo-legal move (all rules except leaving the King attacked).
    void pseudo_legal_moves(Moves& out) const;
    // Whether a pseudo-legal move leaves the mover's King unattacked.
    bool is_legal(Move m) const;

private:
    struct EmptyTag {};
    explicit Position(EmptyTag) { states_.reserve(1024); }
    const StateInfo& st() const { return states_.back(); }
    StateInfo& st() { return states_.back(); }
    Bitboard legal_ep_targets(Bitboard targets) const;
    void add_castling(Moves& out) const;
    Status validate() const;
    bool attacked_by_dragon(Bitboard dragons, Color c, int q, Bitboard occ) const;
    bool attacked_by_guillotine(Bitboard gs, Bitboard attackers, int q, Bitboard occ) const;

    PieceBoard<Bitboard, SQ_NB, PIECE_TYPE_NB, kTypeBits> board_;
    std::array<std::array<int, HAND_NB>, COLOR_NB> hand_{};
    Color stm_ = WHITE;
    int game_ply_ = 0;
    std::vector<StateInfo> states_;
};

}  // namespace chimera::wreckage
