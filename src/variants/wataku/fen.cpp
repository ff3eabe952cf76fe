// Wataku Genesis FEN (W-28) and its validity rules.
#include "core/fen.h"

#include "core/text.h"
#include "variants/wataku/position.h"

namespace chimera::wataku {

namespace {

// W-3: the army of each side.
constexpr std::array<int, PIECE_TYPE_NB> kArmy{0, 1, 2, 2, 2, 4, 4, 2};

PieceType type_from_letter(char c) {
    const char upper = c >= 'a' && c <= 'z' ? static_cast<char>(c - 32) : c;
    const auto idx = kTypeLetters.find(upper);
    return idx == std::string_view::npos || idx == 0 ? NO_PIECE_TYPE : PieceType(idx);
}

char piece_letter(Piece p) {
    const char c = kTypeLetters[type_of(p)];
    return color_of(p) == WHITE ? c : static_cast<char>(c + 32);
}

}  // namespace

std::string Position::square_name(int sq) {
    return std::string{static_cast<char>('a' + file_of(sq)), static_cast<char>('1' + rank_of(sq))};
}

Status Position::set_fen(std::string_view fen) {
    const auto fields = split_fields(fen);
    if (fields.size() != 4)
        return Status::error("FEN must have 4 fields (placement side reserve fullmove), got " +
                             std::to_string(fields.size()));
    Position next{EmptyTag{}};
    next.states_.emplace_back();

    const PlacementShape shape{9, 9, "rank", "points", "KQRBNPT", true};
    auto is_piece = [](char c) { return type_from_letter(c) != NO_PIECE_TYPE; };
    if (Status s = parse_placement(fields[0], shape, is_piece,
                                   [&](int row, int col, char c) {
                                       next.board_.put(make_piece(c >= 'a' ? BLACK : WHITE,
                                                                  type_from_letter(c)),
                                                       make_square(col, 8 - row));
                                   });
        !s)
        return s;

    if (fields[1] != "w" && fields[1] != "b")
        return Status::error("FEN side to move: expected 'w' or 'b', got " + quoted(fields[1]));
    next.stm_ = fields[1] == "w" ? WHITE : BLACK;

    // Reserve: White's upper-case letters, then Black's lower-case, each in Q R B N P T order.
    if (fields[2] != "-") {
        const std::string_view r = fields[2];
        int last_rank = -1;  // position in the order: colour * 8 + type
        for (std::size_t i = 0; i < r.size(); ++i) {
            const PieceType pt = type_from_letter(r[i]);
            const std::string where = fen_char_where("reserve", i, r[i]);
            if (pt == NO_PIECE_TYPE) return Status::error(where + ": not a piece letter (QRBNPT)");
            if (pt == KING) return Status::error(where + ": a King is never in reserve");
            const Color c = r[i] >= 'a' ? BLACK : WHITE;
            const int order = c * 8 + pt;
            if (order < last_rank)
                return Status::error(where +
                                     ": out of order (White's Q R B N P T, then Black's "
                                     "q r b n p t)");
            last_rank = order;
            ++next.reserve_[c][pt];
        }
    }

    const std::string_view full = fields[3];
    const auto number = parse_uint(full, kCounterDigits);
    if (!number || *number < 1 || full[0] == '0')
        return Status::error("FEN fullmove number: " + quoted(full) +
                             " is not a positive integer without leading zeros");
    next.game_ply_ = 2 * (*number - 1) + (next.stm_ == BLACK);

    next.refresh_activity(next.st());
    if (Status s = next.validate(); !s) return s;
    next.st().in_check = next.king_in_check(next.stm_);
    next.st().key = next.compute_key();
    board_ = next.board_;
    reserve_ = next.reserve_;
    states_.assign(next.states_.begin(), next.states_.end());
    stm_ = next.stm_;
    game_ply_ = next.game_ply_;
    return Status::ok();
}

Status Position::validate() const {
    for (Color c : {WHITE, BLACK}) {
        const std::string side = c == WHITE ? "White" : "Black";
        if (popcount(pieces(c, KING)) != 2)
            return Status::error("FEN placement: " + side + " must have exactly two Kings, has " +
                                 std::to_string(popcount(pieces(c, KING))));
        for (int pt = QUEEN; pt <= TURTLE; ++pt) {
            const int n = popcount(pieces(c, PieceType(pt))) + reserve_[c][pt];
            if (n > kArmy[pt])
                return Status::error("FEN: " + side + " has " + std::to_string(n) + " '" +
                                     kTypeLetters[pt] + "' on the board and in reserve, at most " +
                                     std::to_string(kArmy[pt]));
        }
    }
    for (Bitboard k = pieces(WHITE, KING); k;)
        if (kNeighbours[pop_lsb(k)] & pieces(BLACK, KING))
            return Status::error("FEN placement: a White King touches a Black King");
    if (king_in_check(~stm_)) return Status::error("FEN: the side not to move is in check");
    return Status::ok();
}

std::string Position::fen() const {
    std::string s;
    for (int r = 8; r >= 0; --r) {
        int empty = 0;
        for (int f = 0; f < 9; ++f) {
            const Piece p = piece_on(make_square(f, r));
            if (p == NO_PIECE) {
                ++empty;
                continue;
            }
            if (empty) s += static_cast<char>('0' + empty);
            empty = 0;
            s += piece_letter(p);
        }
        if (empty) s += static_cast<char>('0' + empty);
        if (r) s += '/';
    }
    s += stm_ == WHITE ? " w " : " b ";
    std::string reserve;
    for (Color c : {WHITE, BLACK})
        for (int pt = QUEEN; pt <= TURTLE; ++pt)
            reserve += std::string(static_cast<std::size_t>(reserve_[c][pt]),
                                   piece_letter(make_piece(c, PieceType(pt))));
    s += (reserve.empty() ? "-" : reserve) + ' ' +
         std::to_string(std::min(1 + game_ply_ / 2, kCounterMax));
    return s;
}

}  // namespace chimera::wataku
