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
#include "core/status.h"
#include "variants/wataku/attacks.h"

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

class Position {
public:
    static constexpr std::string_view kId = "wataku";
    static constexpr int kFormations = 4;
    // W-5: the four formations; formation 1 is the default start.
    static constexpr std::array<std::string_view, kFormations> kFormationFens{
        "9/3ktk3/2nptpn2/9/9/9/2NPTPN2/3KTK3/9 w QRRBBPPTTqrrbbpptt 1",
        "9/1nk3kn1/2tp1pt2/9/9/9/2TP1PT2/1NK3KN1/9 w QRRBBPPTTqrrbbpptt 1",
        "3tkt3/2n1k1n2/3p1p3/9/9/9/3P1P3/2N1K1N2/3TKT3 w QRRBBPPTTqrrbbpptt 1",
        "1k7/3ptkt2/4npn2/9/9/9/4NPN2/3PTKT2/1K7 w QRRBBPPTTqrrbbpptt 1"};
    static constexpr std::string_view kStartFen = kFormationFens[0];
    static constexpr std::size_t kMaxMoves = 1024;
    using Moves = MoveList<kMaxMoves>;

    Position();

    Status set_fen(std::string_view fen);
    // Sets formation 1..4 (W-5).
    Status set_formation(int number);
    // W-5: a formation number drawn uniformly from 1..4 with the caller's seeded
    // random source (so games and tests can be replayed).
    template <class Rng>
    static int random_formation(Rng& rng) {
        return 1 + static_cast<int>(rng() % kFormations);
    }
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
    // Every action except the final check test of W-22.
    void pseudo_legal_moves(Moves& out) const;
    bool is_legal(Move m) const;

    Color side_to_move() const { return stm_; }
    std::uint64_t key() const { return st().key; }
    bool in_check() const { return st().in_check; }
    Piece piece_on(int sq) const { return Piece(board_.at(sq)); }
    Bitboard pieces() const { return board_.all(); }
    Bitboard pieces(Color c) const { return board_.of(c); }
    Bitboard pieces(PieceType pt) const { return board_.of_type(pt); }
    Bitboard pieces(Color c, PieceType pt) const { return board_.of(c, pt); }
    Bitboard active(Color c) const { return st().active[c]; }
    bool is_active(int sq) const {
        return piece_on(sq) != NO_PIECE && (active(color_of(piece_on(sq))) & bb(sq));
    }
    int reserve(Color c, PieceType pt) const { return reserve_[c][pt]; }
    int game_ply() const { return game_ply_; }

    // W-7: the pieces of `own` connected to one of `kings` through neighbours.
    static Bitboard group_of(Bitboard kings, Bitboard own);
    // W-20: whether the active pieces `attackers` attack q with occupancy occ.
    bool attacked_by(Bitboard attackers, int q, Bitboard occ) const;
    // W-21: whether any King of c is attacked.
    bool king_in_check(Color c) const;
    bool is_capture(Move m) const {
        return m.kind() == MoveKind::NORMAL && piece_on(m.to()) != NO_PIECE;
    }

    Outcome outcome() const;
    int repetition_count() const { return repetitions(states_); }

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
    // Per point: '1' or '2' for a piece in the group of its side's first or second
    // King (one group holding both Kings is '1'), '0' for empty points and dormant pieces.
    std::string group_marks() const;
    // The side to move's Kings that are attacked (W-21).
    std::vector<int> checked_kings() const;

private:
    struct EmptyTag {};
    explicit Position(EmptyTag) { states_.reserve(1024); }
    const StateInfo& st() const { return states_.back(); }
    StateInfo& st() { return states_.back(); }
    void refresh_activity(StateInfo& s) const;
    Status validate() const;

    PieceBoard<Bitboard, SQ_NB, PIECE_TYPE_NB> board_;
    std::array<std::array<int, PIECE_TYPE_NB>, COLOR_NB> reserve_{};
    Color stm_ = WHITE;
    int game_ply_ = 0;
    std::vector<StateInfo> states_;
};

}  // namespace chimera::wataku
