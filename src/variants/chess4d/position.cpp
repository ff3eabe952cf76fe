// 4D chess: placement, FEN (D-14), do/undo and the end rules (D-12, D-13).
#include "variants/chess4d/position.h"

#include "core/fen.h"
#include "core/text.h"
#include "core/zobrist.h"

namespace chimera::chess4d {

namespace {

constexpr auto kKeys = zobrist_keys<PIECE_NB * SQ_NB + 1>(0x4D4D4D4DULL);
constexpr std::uint64_t piece_key(Piece p, int sq) { return kKeys[p * SQ_NB + sq]; }
constexpr std::uint64_t kSideKey = kKeys[PIECE_NB * SQ_NB];

constexpr std::string_view kPieceChars = " PNBRQK  pnbrqk";

// D-14: FEN row r (0 = top) column c (0..7) is this cell.
constexpr int fen_cell(int row, int col) {
    const int w = row < 4 ? 1 : 0;
    const int y = 3 - row % 4;
    return make_square(col % 4, y, col / 4, w);
}

}  // namespace

Position::Position() {
    states_.reserve(1024);
    Status s = set_fen(kStartFen);
    (void)s;
}

std::string Position::square_name(int sq) {
    std::string s;
    s += static_cast<char>('a' + x_of(sq));
    s += static_cast<char>('1' + y_of(sq));
    s += '[';
    s += static_cast<char>('0' + z_of(sq));
    s += ',';
    s += static_cast<char>('0' + w_of(sq));
    s += ']';
    return s;
}

int Position::parse_square(std::string_view t, std::size_t* used) {
    if (t.size() < 7 || t[0] < 'a' || t[0] > 'd' || t[1] < '1' || t[1] > '4' || t[2] != '[' ||
        (t[3] != '0' && t[3] != '1') || t[4] != ',' || (t[5] != '0' && t[5] != '1') || t[6] != ']')
        return -1;
    if (used) *used = 7;
    return make_square(t[0] - 'a', t[1] - '1', t[3] - '0', t[5] - '0');
}

Bitboard Position::attackers_to(int sq, Bitboard occ) const {
    const Bitboard bishops = pieces(BISHOP), rooks = pieces(ROOK), queens = pieces(QUEEN);
    return (kPawnAttacks[BLACK][sq] & pieces(WHITE, PAWN)) |
           (kPawnAttacks[WHITE][sq] & pieces(BLACK, PAWN)) | (kKnightAttacks[sq] & pieces(KNIGHT)) |
           (kKingAttacks[sq] & pieces(KING)) | (bishop_plane(sq, occ) & (bishops | queens)) |
           (rook_plane(sq, occ) & (rooks | queens)) | (kBishopLeaps[sq] & bishops) |
           (kRookLeaps[sq] & rooks) | (kQueenLeaps[sq] & queens);
}

bool Position::attacked_by(Color c, int sq, Bitboard occ) const {
    return attackers_to(sq, occ) & pieces(c);
}

std::uint64_t Position::compute_key() const {
    std::uint64_t k = stm_ == BLACK ? kSideKey : 0;
    for (int sq = 0; sq < SQ_NB; ++sq)
        if (piece_on(sq) != NO_PIECE) k ^= piece_key(piece_on(sq), sq);
    return k;
}

void Position::do_move(Move m) {
    const Color us = stm_, them = ~us;
    const int from = m.from(), to = m.to();
    const Piece pc = piece_on(from);
    const StateInfo& prev = st();
    StateInfo next;
    next.key = prev.key ^ kSideKey ^ piece_key(pc, from);
    next.rule50 = prev.rule50 + 1;
    next.captured = piece_on(to);
    if (next.captured != NO_PIECE) {
        next.key ^= piece_key(next.captured, to);
        board_.remove(to);
        next.rule50 = 0;
    }
    board_.move(from, to);
    if (type_of(pc) == PAWN) {
        next.rule50 = 0;
        if (m.kind() == MoveKind::PROMOTION) {  // D-10: always a Queen
            board_.remove(to);
            board_.put(make_piece(us, QUEEN), to);
        }
    }
    next.key ^= piece_key(piece_on(to), to);
    stm_ = them;
    ++game_ply_;
    next.checkers = attackers_to(king_square(them), pieces()) & pieces(us);
    states_.push_back(next);
}

void Position::undo_move(Move m) {
    const int from = m.from(), to = m.to();
    const Color us = ~stm_;
    if (m.kind() == MoveKind::PROMOTION) {
        board_.remove(to);
        board_.put(make_piece(us, PAWN), to);
    }
    board_.move(to, from);
    if (st().captured != NO_PIECE) board_.put(st().captured, to);
    states_.pop_back();
    stm_ = us;
    --game_ply_;
}

void Position::do_null_move() {
    StateInfo ns = st();
    ns.key ^= kSideKey;
    ns.rule50 = 0;
    ns.checkers = 0;  // the position was legal: the side that passes gives no check
    ns.captured = NO_PIECE;
    push_null_state(ns);
}

bool Position::null_move_ok() const { return (pieces(stm_) & ~pieces(PAWN) & ~pieces(KING)) != 0; }

bool Position::state_consistent() const {
    return st().checkers == (attackers_to(king_square(stm_), pieces()) & pieces(~stm_));
}

// ---------------------------------------------------------------- FEN (D-14)

Status Position::set_fen(std::string_view fen) {
    const auto fields = split_fields(fen);
    if (fields.size() != 4)
        return Status::error("FEN must have 4 fields (placement side halfmove fullmove), got " +
                             std::to_string(fields.size()));
    Position next{EmptyTag{}};
    next.states_.emplace_back();

    const PlacementShape shape{8, 8, "row", "squares", "KQRBNP", false};
    auto is_piece = [](char c) {
        return c != ' ' && kPieceChars.find(c) != std::string_view::npos;
    };
    if (Status s = parse_placement(
            fields[0], shape, is_piece,
            [&](int row, int col, char c) {
                next.board_.put(static_cast<std::uint8_t>(kPieceChars.find(c)), fen_cell(row, col));
            });
        !s)
        return s;

    if (fields[1] != "w" && fields[1] != "b")
        return Status::error("FEN side to move: expected 'w' or 'b', got " + quoted(fields[1]));
    next.stm_ = fields[1] == "w" ? WHITE : BLACK;

    auto half = parse_uint(fields[2], kCounterDigits);
    if (!half)
        return Status::error("FEN halfmove clock: " + quoted(fields[2]) +
                             " is not a non-negative integer");
    auto full = parse_uint(fields[3], kCounterDigits);
    if (!full || *full < 1)
        return Status::error("FEN fullmove number: " + quoted(fields[3]) +
                             " is not a positive integer");
    next.st().rule50 = *half;
    next.game_ply_ = 2 * (*full - 1) + (next.stm_ == BLACK);

    if (Status s = next.validate(); !s) return s;
    next.st().checkers =
        next.attackers_to(next.king_square(next.stm_), next.pieces()) & next.pieces(~next.stm_);
    next.st().key = next.compute_key();
    board_ = next.board_;
    states_.assign(next.states_.begin(), next.states_.end());
    stm_ = next.stm_;
    game_ply_ = next.game_ply_;
    return Status::ok();
}

// Army limits (D-3, with promotions only to Queens, D-10), King counts, pawn ranks
// and the side not to move out of check.
Status Position::validate() const {
    for (Color c : {WHITE, BLACK}) {
        const std::string side = c == WHITE ? "White" : "Black";
        auto count = [&](PieceType pt) { return popcount(pieces(c, pt)); };
        if (count(KING) != 1)
            return Status::error("FEN placement: " + side + " must have exactly one King, has " +
                                 std::to_string(count(KING)));
        const int promoted = 4 - count(PAWN);
        if (count(PAWN) > 4 || count(ROOK) > 2 || count(BISHOP) > 1 || count(KNIGHT) > 1 ||
            count(QUEEN) > 1 + (promoted > 0 ? promoted : 0))
            return Status::error("FEN placement: " + side +
                                 " has more pieces of a kind than its army (K Q R R B N P P P P, "
                                 "pawns promote only to Queens) allows");
        const int first = c == WHITE ? 0 : 3, last = 3 - first;
        if (Bitboard bad = pieces(c, PAWN) & (rank_bb(first) | rank_bb(last)))
            return Status::error("FEN placement: " + side + " pawn on " + square_name(lsb(bad)) +
                                 " (pawns never stand on their first or last rank)");
    }
    if (attackers_to(king_square(~stm_), pieces()) & pieces(stm_))
        return Status::error("FEN: the side not to move is in check");
    return Status::ok();
}

std::string Position::fen() const {
    std::string s;
    for (int row = 0; row < 8; ++row) {
        int empty = 0;
        for (int col = 0; col < 8; ++col) {
            const Piece p = piece_on(fen_cell(row, col));
            if (p == NO_PIECE) {
                ++empty;
                continue;
            }
            if (empty) s += static_cast<char>('0' + empty);
            empty = 0;
            s += kPieceChars[p];
        }
        if (empty) s += static_cast<char>('0' + empty);
        if (row < 7) s += '/';
    }
    s += stm_ == WHITE ? " w " : " b ";
    s += std::to_string(std::min(st().rule50, kCounterMax)) + ' ' +
         std::to_string(std::min(1 + game_ply_ / 2, kCounterMax));
    return s;
}

}  // namespace chimera::chess4d
