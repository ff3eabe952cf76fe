// Orthodox chess: placement, FEN, do/undo and the draw rules.
#include "variants/chess/position.h"

#include <algorithm>

#include "core/fen.h"
#include "core/text.h"
#include "core/zobrist.h"

namespace chimera::chess {

namespace {

// Key layout: piece-square [16*64], side, castling [16], en-passant file [8].
constexpr auto kKeys = zobrist_keys<PIECE_NB * SQ_NB + 1 + 16 + 8>(0xC4E55ULL);
constexpr std::uint64_t piece_key(Piece p, int sq) { return kKeys[p * SQ_NB + sq]; }
constexpr std::uint64_t kSideKey = kKeys[PIECE_NB * SQ_NB];
constexpr std::uint64_t castling_key(int rights) { return kKeys[PIECE_NB * SQ_NB + 1 + rights]; }
constexpr std::uint64_t ep_key(int sq) { return kKeys[PIECE_NB * SQ_NB + 17 + file_of(sq)]; }

constexpr std::string_view kPieceChars = " PNBRQK  pnbrqk";

// Rights kept when a move touches a square: moving or capturing on a rook or king
// square loses the matching rights.
constexpr std::array<std::uint8_t, SQ_NB> kCastlingMask = [] {
    std::array<std::uint8_t, SQ_NB> m{};
    m.fill(ALL_CASTLING);
    m[make_square(4, 0)] = ALL_CASTLING & ~(WHITE_OO | WHITE_OOO);
    m[make_square(7, 0)] = ALL_CASTLING & ~WHITE_OO;
    m[make_square(0, 0)] = ALL_CASTLING & ~WHITE_OOO;
    m[make_square(4, 7)] = ALL_CASTLING & ~(BLACK_OO | BLACK_OOO);
    m[make_square(7, 7)] = ALL_CASTLING & ~BLACK_OO;
    m[make_square(0, 7)] = ALL_CASTLING & ~BLACK_OOO;
    return m;
}();

}  // namespace

Position::Position() {
    states_.reserve(1024);
    Status s = set_fen(kStartFen);
    (void)s;
}

std::string Position::square_name(int sq) {
    return std::string{static_cast<char>('a' + file_of(sq)), static_cast<char>('1' + rank_of(sq))};
}

Bitboard Position::attackers_to(int sq, Bitboard occ) const {
    return (kPawnAttacks[BLACK][sq] & pieces(WHITE, PAWN)) |
           (kPawnAttacks[WHITE][sq] & pieces(BLACK, PAWN)) | (kKnightAttacks[sq] & pieces(KNIGHT)) |
           (kKingAttacks[sq] & pieces(KING)) |
           (bishop_attacks(sq, occ) & (pieces(BISHOP) | pieces(QUEEN))) |
           (rook_attacks(sq, occ) & (pieces(ROOK) | pieces(QUEEN)));
}

bool Position::attacked_by(Color c, int sq, Bitboard occ) const {
    const Bitboard them = pieces(c);
    return (kPawnAttacks[~c][sq] & pieces(PAWN) & them) ||
           (kKnightAttacks[sq] & pieces(KNIGHT) & them) ||
           (kKingAttacks[sq] & pieces(KING) & them) ||
           (bishop_attacks(sq, occ) & (pieces(BISHOP) | pieces(QUEEN)) & them) ||
           (rook_attacks(sq, occ) & (pieces(ROOK) | pieces(QUEEN)) & them);
}

// An en-passant capture by the pawn on from is legal when the King is not attacked
// once both pawns have left their squares.
bool Position::ep_capture_legal(int from, int ep) const {
    const Color us = color_of(piece_on(from));
    const int cap = ep + (us == WHITE ? -8 : 8);
    const Bitboard occ = (pieces() ^ bb(from) ^ bb(cap)) | bb(ep);
    const int ksq = king_square(us);
    const Bitboard them = pieces(~us) ^ bb(cap);
    return !(bishop_attacks(ksq, occ) & (pieces(BISHOP) | pieces(QUEEN)) & them) &&
           !(rook_attacks(ksq, occ) & (pieces(ROOK) | pieces(QUEEN)) & them) &&
           !(kKnightAttacks[ksq] & pieces(KNIGHT) & them) &&
           !(kPawnAttacks[us][ksq] & pieces(PAWN) & them);
}

// ep itself if the side to move has a legal capture onto it, otherwise -1.
int Position::legal_ep_square(int ep) const {
    Bitboard b = kPawnAttacks[~stm_][ep] & pieces(stm_, PAWN);
    while (b)
        if (ep_capture_legal(pop_lsb(b), ep)) return ep;
    return -1;
}

std::uint64_t Position::compute_key() const {
    std::uint64_t k = castling_key(st().castling);
    for (int sq = 0; sq < SQ_NB; ++sq)
        if (piece_on(sq) != NO_PIECE) k ^= piece_key(piece_on(sq), sq);
    if (stm_ == BLACK) k ^= kSideKey;
    if (st().ep >= 0) k ^= ep_key(st().ep);
    return k;
}

void Position::do_move(Move m) {
    const Color us = stm_, them = ~us;
    const int from = m.from(), to = m.to();
    const Piece pc = piece_on(from);
    StateInfo prev = st();
    states_.emplace_back();
    StateInfo& ns = st();
    ns.key = prev.key ^ kSideKey ^ castling_key(prev.castling);
    if (prev.ep >= 0) ns.key ^= ep_key(prev.ep);
    ns.rule50 = prev.rule50 + 1;
    ns.castling = prev.castling;
    ns.captured = NO_PIECE;

    if (m.kind() == MoveKind::CASTLING) {
        const bool king_side = to > from;
        const int rfrom = make_square(king_side ? 7 : 0, rank_of(from));
        const int rto = make_square(king_side ? 5 : 3, rank_of(from));
        const Piece rook = piece_on(rfrom);
        board_.move(from, to);
        board_.move(rfrom, rto);
        ns.key ^=
            piece_key(pc, from) ^ piece_key(pc, to) ^ piece_key(rook, rfrom) ^ piece_key(rook, rto);
    } else {
        int capsq = m.kind() == MoveKind::EN_PASSANT ? to + (us == WHITE ? -8 : 8) : to;
        if (Piece cap = piece_on(capsq); cap != NO_PIECE) {
            ns.captured = cap;
            ns.key ^= piece_key(cap, capsq);
            board_.remove(capsq);
            ns.rule50 = 0;
        }
        board_.move(from, to);
        ns.key ^= piece_key(pc, from) ^ piece_key(pc, to);
        if (type_of(pc) == PAWN) {
            ns.rule50 = 0;
            if (m.kind() == MoveKind::PROMOTION) {
                Piece promo = make_piece(us, PieceType(m.extra()));
                board_.remove(to);
                board_.put(promo, to);
                ns.key ^= piece_key(pc, to) ^ piece_key(promo, to);
            }
        }
    }
    ns.castling = static_cast<std::uint8_t>(ns.castling & kCastlingMask[from] & kCastlingMask[to]);
    ns.key ^= castling_key(ns.castling);
    stm_ = them;
    ++game_ply_;
    ns.ep = -1;
    if (type_of(pc) == PAWN && (to ^ from) == 16) {
        ns.ep = legal_ep_square((from + to) / 2);
        if (ns.ep >= 0) ns.key ^= ep_key(ns.ep);
    }
    ns.checkers = attackers_to(king_square(them), pieces()) & pieces(us);
}

void Position::undo_move(Move m) {
    const int from = m.from(), to = m.to();
    const Color us = ~stm_;
    const Piece captured = st().captured;
    if (m.kind() == MoveKind::CASTLING) {
        const bool king_side = to > from;
        board_.move(to, from);
        board_.move(make_square(king_side ? 5 : 3, rank_of(from)),
                    make_square(king_side ? 7 : 0, rank_of(from)));
    } else {
        if (m.kind() == MoveKind::PROMOTION) {
            board_.remove(to);
            board_.put(make_piece(us, PAWN), to);
        }
        board_.move(to, from);
        if (captured != NO_PIECE)
            board_.put(captured,
                       m.kind() == MoveKind::EN_PASSANT ? to + (us == WHITE ? -8 : 8) : to);
    }
    states_.pop_back();
    stm_ = us;
    --game_ply_;
}

void Position::do_null_move() {
    StateInfo ns = st();
    ns.key ^= kSideKey;
    if (ns.ep >= 0) ns.key ^= ep_key(ns.ep);
    ns.ep = -1;
    ns.rule50 = 0;
    ns.checkers = 0;  // the position was legal: the side that passes gives no check
    ns.captured = NO_PIECE;
    push_null_state(ns);
}

bool Position::null_move_ok() const { return (pieces(stm_) & ~pieces(PAWN) & ~pieces(KING)) != 0; }

bool Position::is_capture(Move m) const {
    return m.kind() == MoveKind::EN_PASSANT ||
           (m.kind() != MoveKind::CASTLING && piece_on(m.to()) != NO_PIECE);
}

bool Position::gives_check(Move m) const {
    Position& self = const_cast<Position&>(*this);
    self.do_move(m);
    bool check = in_check();
    self.undo_move(m);
    return check;
}

bool Position::can_mate(Color c) const {
    const Bitboard own = pieces(c) & ~pieces(KING);
    if (!own) return false;
    const Bitboard minors = pieces(KNIGHT) | pieces(BISHOP);
    if (!more_than_one(own) && (own & minors) && !(pieces(~c) & ~pieces(KING))) return false;
    constexpr Bitboard kDark = 0xAA55AA55AA55AA55ULL;
    const Bitboard others = pieces() & ~pieces(KING);
    if (others == pieces(BISHOP) && ((others & kDark) == 0 || (others & ~kDark) == 0)) return false;
    return true;
}

bool Position::insufficient_material() const {
    if (pieces(PAWN) | pieces(ROOK) | pieces(QUEEN)) return false;
    const Bitboard minors = pieces(KNIGHT) | pieces(BISHOP);
    if (popcount(minors) <= 1) return true;
    // Only bishops, all on squares of one colour: no mate is possible.
    constexpr Bitboard kDark = 0xAA55AA55AA55AA55ULL;
    if (pieces(KNIGHT)) return false;
    return (pieces(BISHOP) & kDark) == 0 || (pieces(BISHOP) & ~kDark) == 0;
}

bool Position::state_consistent() const {
    return st().checkers == (attackers_to(king_square(stm_), pieces()) & pieces(~stm_));
}

// ---------------------------------------------------------------- FEN

Status Position::set_fen(std::string_view fen) {
    const auto fields = split_fields(fen);
    if (fields.size() != 4 && fields.size() != 6)
        return Status::error(
            "FEN must have 6 fields (placement side castling en-passant "
            "halfmove fullmove), got " +
            std::to_string(fields.size()));
    Position next{EmptyTag{}};  // built aside so that an error leaves *this untouched
    next.states_.clear();
    next.states_.emplace_back();

    // Field 1: placement, rank 8 first.
    const PlacementShape shape{8, 8, "rank", "squares", "KQRBNP", true};
    auto is_piece = [](char c) {
        return c != ' ' && kPieceChars.find(c) != std::string_view::npos;
    };
    if (Status s = parse_placement(fields[0], shape, is_piece,
                                   [&](int row, int col, char c) {
                                       next.board_.put(
                                           static_cast<std::uint8_t>(kPieceChars.find(c)),
                                           make_square(col, 7 - row));
                                   });
        !s)
        return s;

    // Field 2: side to move.
    if (fields[1] != "w" && fields[1] != "b")
        return Status::error("FEN side to move: expected 'w' or 'b', got " + quoted(fields[1]));
    next.stm_ = fields[1] == "w" ? WHITE : BLACK;

    // Field 3: castling rights, KQkq order, each consistent with King and Rook.
    std::uint8_t rights = 0;
    if (fields[2] != "-") {
        constexpr std::string_view order = "KQkq";
        std::size_t pos = 0;
        for (char c : fields[2]) {
            auto idx = order.find(c);
            if (idx == std::string_view::npos || idx < pos)
                return Status::error("FEN castling: " + quoted(fields[2]) +
                                     " is not '-' or a subset of 'KQkq' in that order");
            pos = idx + 1;
            const Color c2 = idx < 2 ? WHITE : BLACK;
            const int back = c2 == WHITE ? 0 : 7;
            const int rook_file = idx % 2 == 0 ? 7 : 0;
            if (next.piece_on(make_square(4, back)) != make_piece(c2, KING) ||
                next.piece_on(make_square(rook_file, back)) != make_piece(c2, ROOK))
                return Status::error("FEN castling: right '" + std::string(1, c) +
                                     "' needs the King on its start square and the Rook on " +
                                     square_name(make_square(rook_file, back)));
            rights |= static_cast<std::uint8_t>(1 << idx);
        }
    }
    next.st().castling = rights;

    // Field 4: en-passant target, checked against a double step just made.
    int ep = -1;
    if (fields[3] != "-") {
        const auto f = fields[3];
        if (f.size() != 2 || f[0] < 'a' || f[0] > 'h' || (f[1] != '3' && f[1] != '6'))
            return Status::error("FEN en passant: " + quoted(f) +
                                 " is not '-' or a square on rank 3 or 6");
        ep = make_square(f[0] - 'a', f[1] - '1');
        const Color mover = ~next.stm_;
        const int up = mover == WHITE ? 8 : -8;
        if (relative_rank(mover, ep) != 2 || next.piece_on(ep) != NO_PIECE ||
            next.piece_on(ep - up) != NO_PIECE || next.piece_on(ep + up) != make_piece(mover, PAWN))
            return Status::error("FEN en passant: " + quoted(f) +
                                 " does not fit a pawn double step just made");
    }

    // Fields 5 and 6: move counters.
    if (fields.size() == 6) {
        auto half = parse_uint(fields[4], kCounterDigits);
        if (!half)
            return Status::error("FEN halfmove clock: " + quoted(fields[4]) +
                                 " is not a non-negative integer");
        auto full = parse_uint(fields[5], kCounterDigits);
        if (!full || *full < 1)
            return Status::error("FEN fullmove number: " + quoted(fields[5]) +
                                 " is not a positive integer");
        next.st().rule50 = *half;
        next.game_ply_ = 2 * (*full - 1) + (next.stm_ == BLACK);
    }

    if (Status s = next.validate(); !s) return s;
    next.st().ep = ep >= 0 ? next.legal_ep_square(ep) : -1;
    next.st().checkers =
        next.attackers_to(next.king_square(next.stm_), next.pieces()) & next.pieces(~next.stm_);
    next.st().key = next.compute_key();
    states_.assign(next.states_.begin(), next.states_.end());
    board_ = next.board_;
    stm_ = next.stm_;
    game_ply_ = next.game_ply_;
    return Status::ok();
}

// Rules of a legal chess position that the FEN grammar alone does not enforce.
Status Position::validate() const {
    for (Color c : {WHITE, BLACK}) {
        const char* side = c == WHITE ? "White" : "Black";
        if (popcount(pieces(c, KING)) != 1)
            return Status::error(std::string("FEN placement: ") + side +
                                 " must have exactly one "
                                 "King, has " +
                                 std::to_string(popcount(pieces(c, KING))));
        if (popcount(pieces(c)) > 16)
            return Status::error(std::string("FEN placement: ") + side + " has " +
                                 std::to_string(popcount(pieces(c))) + " pieces, at most 16");
        if (popcount(pieces(c, PAWN)) > 8)
            return Status::error(std::string("FEN placement: ") + side + " has " +
                                 std::to_string(popcount(pieces(c, PAWN))) + " pawns, at most 8");
    }
    if (Bitboard p = pieces(PAWN) & (rank_bb(0) | rank_bb(7)))
        return Status::error("FEN placement: pawn on " + square_name(lsb(p)) +
                             " (pawns never stand on rank 1 or 8)");
    if (attackers_to(king_square(~stm_), pieces()) & pieces(stm_))
        return Status::error("FEN: the side not to move is in check");
    return Status::ok();
}

std::string Position::fen() const {
    std::string s;
    for (int r = 7; r >= 0; --r) {
        int empty = 0;
        for (int f = 0; f < 8; ++f) {
            Piece p = piece_on(make_square(f, r));
            if (p == NO_PIECE) {
                ++empty;
                continue;
            }
            if (empty) s += static_cast<char>('0' + empty);
            empty = 0;
            s += kPieceChars[p];
        }
        if (empty) s += static_cast<char>('0' + empty);
        if (r) s += '/';
    }
    s += stm_ == WHITE ? " w " : " b ";
    const std::uint8_t cr = st().castling;
    if (!cr) s += '-';
    if (cr & WHITE_OO) s += 'K';
    if (cr & WHITE_OOO) s += 'Q';
    if (cr & BLACK_OO) s += 'k';
    if (cr & BLACK_OOO) s += 'q';
    s += ' ';
    s += st().ep >= 0 ? square_name(st().ep) : "-";
    s += ' ' + std::to_string(std::min(st().rule50, kCounterMax)) + ' ' +
         std::to_string(std::min(1 + game_ply_ / 2, kCounterMax));
    return s;
}

}  // namespace chimera::chess
