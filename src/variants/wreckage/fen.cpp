// Wreckage FEN: placement, side, castling, en passant, hand, counters,
// with the validity rules of the spec README.
#include "core/fen.h"

#include <algorithm>

#include "core/text.h"
#include "variants/wreckage/keys.h"
#include "variants/wreckage/position.h"

namespace chimera::wreckage {

namespace {

constexpr std::string_view kCastlingOrder = "BIbi";

PieceType type_from_letter(char c) {
    const char upper = c >= 'a' && c <= 'z' ? static_cast<char>(c - 32) : c;
    const auto idx = kTypeLetters.find(upper);
    return idx == std::string_view::npos || idx == 0 ? NO_PIECE_TYPE : PieceType(idx);
}

char piece_letter(Piece p) {
    const char c = kTypeLetters[type_of(p)];
    return color_of(p) == WHITE ? c : static_cast<char>(c + 32);
}

// The Rook square of a castling right and its King side.
int rook_square(int right_index) {
    return make_square(right_index % 2 == 0 ? 1 : 8, right_index < 2 ? 0 : 9);
}

}  // namespace

std::string Position::square_name(int sq) {
    return std::string(1, static_cast<char>('a' + file_of(sq))) + std::to_string(rank_of(sq) + 1);
}

int Position::parse_square(std::string_view t, std::size_t* used) {
    if (t.size() < 2 || t[0] < 'a' || t[0] > 'j' || t[1] < '1' || t[1] > '9') return -1;
    int rank = t[1] - '0';
    std::size_t n = 2;
    if (t[1] == '1' && t.size() > 2 && t[2] == '0') {
        rank = 10;
        n = 3;
    }
    if (used) *used = n;
    return make_square(t[0] - 'a', rank - 1);
}

Status Position::set_fen(std::string_view fen) {
    const auto fields = split_fields(fen);
    if (fields.size() != 7)
        return Status::error(
            "FEN must have 7 fields (placement side castling en-passant hand "
            "halfmove fullmove), got " +
            std::to_string(fields.size()));
    Position next{EmptyTag{}};
    next.states_.emplace_back();

    // Field 1: placement, rank 10 first; "10" is one run of ten empty squares.
    const PlacementShape shape{10, 10, "rank", "squares", "KQRBFWDXGPJ", true};
    auto is_piece = [](char c) { return type_from_letter(c) != NO_PIECE_TYPE; };
    if (Status s = parse_placement(fields[0], shape, is_piece,
                                   [&](int row, int col, char c) {
                                       next.board_.put(make_piece(c >= 'a' ? BLACK : WHITE,
                                                                  type_from_letter(c)),
                                                       make_square(col, 9 - row));
                                   });
        !s)
        return s;

    // Field 2: side to move.
    if (fields[1] != "w" && fields[1] != "b")
        return Status::error("FEN side to move: expected 'w' or 'b', got " + quoted(fields[1]));
    next.stm_ = fields[1] == "w" ? WHITE : BLACK;

    // Field 3: castling rights, each needing the King and that Rook on their squares.
    std::uint8_t rights = 0;
    if (fields[2] != "-") {
        std::size_t pos = 0;
        for (char c : fields[2]) {
            const auto idx = kCastlingOrder.find(c);
            if (idx == std::string_view::npos || idx < pos)
                return Status::error("FEN castling: " + quoted(fields[2]) +
                                     " is not '-' or a subset of 'BIbi' in that order");
            pos = idx + 1;
            const Color side = idx < 2 ? WHITE : BLACK;
            const int king_sq = make_square(5, side == WHITE ? 0 : 9);
            const int rook_sq = rook_square(static_cast<int>(idx));
            if (next.piece_on(king_sq) != make_piece(side, KING) ||
                next.piece_on(rook_sq) != make_piece(side, ROOK))
                return Status::error("FEN castling: right '" + std::string(1, c) +
                                     "' needs the King on " + square_name(king_sq) +
                                     " and a Rook on " + square_name(rook_sq));
            rights |= static_cast<std::uint8_t>(1 << idx);
        }
    }
    next.st().castling = rights;

    // Field 5 (before 4, whose check needs the position): hand.
    if (fields[4] != "-") {
        const std::string_view h = fields[4];
        std::size_t i = 0;
        for (Color c : {WHITE, BLACK}) {
            const char g = c == WHITE ? 'G' : 'g', j = c == WHITE ? 'J' : 'j';
            if (i < h.size() && h[i] == g) {
                next.hand_[c][HAND_G] = 1;
                ++i;
            }
            while (i < h.size() && h[i] == j) {
                if (++next.hand_[c][HAND_J] > 5)
                    return Status::error("FEN hand: " + quoted(h) + " has more than five " +
                                         (c == WHITE ? "'J'" : "'j'"));
                ++i;
            }
        }
        if (i != h.size() || h.empty())
            return Status::error("FEN hand: " + quoted(h) + ", character " + std::to_string(i + 1) +
                                 ": expected White's G then J's, then Black's g then j's "
                                 "(at most one G and five J each), or '-'");
    }

    // Field 4: en-passant targets, ascending, fitting a Pawn 2- or 3-step just made.
    Bitboard ep = 0;
    if (fields[3] != "-") {
        std::string_view e = fields[3];
        int last = -1;
        while (true) {
            std::size_t used = 0;
            const int sq = parse_square(e, &used);
            if (sq < 0 || (used < e.size() && e[used] != ',') || sq <= last)
                return Status::error("FEN en passant: " + quoted(fields[3]) +
                                     " is not '-' or squares in ascending order joined by ','");
            ep |= bb(sq);
            last = sq;
            if (used == e.size()) break;
            e.remove_prefix(used + 1);
        }
        const Color mover = ~next.stm_;
        const int up = mover == WHITE ? 10 : -10;
        // The targets, the square before them and the Pawn beyond them form one file segment.
        const int first = mover == WHITE ? lsb(ep) : msb(ep);
        const int count = popcount(ep);
        const int start = first - up, pawn = first + count * up;
        bool ok = count <= 2 && start >= 0 && start < SQ_NB && pawn >= 0 && pawn < SQ_NB &&
                  next.piece_on(start) == NO_PIECE &&
                  next.piece_on(pawn) == make_piece(mover, PAWN);
        for (int k = 0; ok && k < count; ++k)
            ok = (ep & bb(first + k * up)) && next.piece_on(first + k * up) == NO_PIECE;
        const int r = ok ? relative_rank(mover, start) : 0;
        const int steps = count + 1;  // the reach of a Pawn from relative rank r
        const int reach = r <= 4 ? 5 - r : (r == 5 ? 1 : 2);
        if (!ok || r < 2 || steps > reach)
            return Status::error("FEN en passant: " + quoted(fields[3]) +
                                 " does not fit a Pawn 2- or 3-step just made");
    }

    // Fields 6 and 7: counters.
    auto half = parse_uint(fields[5], kCounterDigits);
    if (!half)
        return Status::error("FEN halfmove clock: " + quoted(fields[5]) +
                             " is not a non-negative integer");
    auto full = parse_uint(fields[6], kCounterDigits);
    if (!full || *full < 1)
        return Status::error("FEN fullmove number: " + quoted(fields[6]) +
                             " is not a positive integer");
    next.st().rule50 = *half;
    next.game_ply_ = 2 * (*full - 1) + (next.stm_ == BLACK);

    if (Status s = next.validate(); !s) return s;
    next.st().in_check = next.attacked_by(~next.stm_, next.king_square(next.stm_), next.pieces());
    if (ep) {
        const Color mover = ~next.stm_;
        next.st().ep_pawn = mover == WHITE ? msb(ep) + 10 : lsb(ep) - 10;
        next.st().ep = next.legal_ep_targets(ep) ? ep : 0;
        if (!next.st().ep) next.st().ep_pawn = -1;
    }
    next.st().key = next.compute_key();
    board_ = next.board_;
    hand_ = next.hand_;
    states_.assign(next.states_.begin(), next.states_.end());
    stm_ = next.stm_;
    game_ply_ = next.game_ply_;
    return Status::ok();
}

// King counts, pawn ranks, the army of X-4 with promotions, the side
// not to move out of check.
Status Position::validate() const {
    static constexpr std::array<int, PIECE_TYPE_NB> kArmy{0, 10, 0, 1, 1, 2, 2, 1, 1, 1, 0, 1};
    for (Color c : {WHITE, BLACK}) {
        const std::string side = c == WHITE ? "White" : "Black";
        auto count = [&](PieceType pt) { return popcount(pieces(c, pt)); };
        if (count(KING) != 1)
            return Status::error("FEN placement: " + side + " must have exactly one King, has " +
                                 std::to_string(count(KING)));
        if (Bitboard bad = (pieces(c, PAWN) | pieces(c, NINJA)) &
                           (relative_ranks(c, 1, 1) | relative_ranks(c, 10, 10)))
            return Status::error("FEN placement: " + side + " pawn on " + square_name(lsb(bad)) +
                                 " (pawns never stand on their first or last rank)");
        const int ninjas = count(NINJA) + hand_[c][HAND_J];
        if (count(PAWN) > 10 || ninjas > 5)
            return Status::error("FEN: " + side + " has more than 10 Pawns or 5 Ninja Pawns");
        int extra = std::max(0, count(GUILLOTINE) + hand_[c][HAND_G] - 1);
        for (int pt = FERZ_KNIGHT; pt <= DETONATOR; ++pt)
            extra += std::max(0, count(PieceType(pt)) - kArmy[pt]);
        if (extra > (10 - count(PAWN)) + (5 - ninjas))
            return Status::error("FEN: " + side +
                                 " has more pieces than its army and "
                                 "promotions of its missing pawns allow");
    }
    if (attacked_by(stm_, king_square(~stm_), pieces()))
        return Status::error("FEN: the side not to move is in check");
    return Status::ok();
}

std::string Position::fen() const {
    std::string s;
    for (int r = 9; r >= 0; --r) {
        int empty = 0;
        for (int f = 0; f < 10; ++f) {
            const Piece p = piece_on(make_square(f, r));
            if (p == NO_PIECE) {
                ++empty;
                continue;
            }
            if (empty) s += std::to_string(empty);
            empty = 0;
            s += piece_letter(p);
        }
        if (empty) s += std::to_string(empty);
        if (r) s += '/';
    }
    s += stm_ == WHITE ? " w " : " b ";
    std::string castling;
    for (int i = 0; i < 4; ++i)
        if (st().castling & (1 << i)) castling += kCastlingOrder[i];
    s += castling.empty() ? "-" : castling;
    s += ' ';
    if (!st().ep) s += '-';
    for (Bitboard e = st().ep; e;) {
        s += square_name(pop_lsb(e));
        if (e) s += ',';
    }
    std::string hand;
    for (Color c : {WHITE, BLACK}) {
        if (hand_[c][HAND_G]) hand += c == WHITE ? 'G' : 'g';
        hand += std::string(static_cast<std::size_t>(hand_[c][HAND_J]), c == WHITE ? 'J' : 'j');
    }
    s += ' ' + (hand.empty() ? std::string("-") : hand);
    s += ' ' + std::to_string(std::min(st().rule50, kCounterMax)) + ' ' +
         std::to_string(std::min(1 + game_ply_ / 2, kCounterMax));
    return s;
}

}  // namespace chimera::wreckage
