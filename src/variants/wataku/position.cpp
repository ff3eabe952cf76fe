// Wataku Genesis: groups and activity (W-6 ... W-8), attacks and check
// (W-20 ... W-22), do/undo and the end of the game (W-24 ... W-26).
#include "variants/wataku/position.h"

#include "core/zobrist.h"

namespace chimera::wataku {

namespace keys {
// piece-square [16*81], side, reserve count [colour][type][0..4].
constexpr int kSideIndex = PIECE_NB * SQ_NB;
constexpr int kReserveBase = kSideIndex + 1;
constexpr auto kTable =
    zobrist_keys<kReserveBase + int(COLOR_NB) * int(PIECE_TYPE_NB) * 5>(0x3A7A4BULL);
constexpr std::uint64_t piece(Piece p, int sq) { return kTable[p * SQ_NB + sq]; }
constexpr std::uint64_t kSide = kTable[kSideIndex];
constexpr std::uint64_t reserve(Color c, int pt, int count) {
    return kTable[kReserveBase + (int(c) * int(PIECE_TYPE_NB) + pt) * 5 + count];
}
}  // namespace keys

Position::Position() {
    states_.reserve(1024);
    Status s = set_fen(kStartFen);
    (void)s;
}

Status Position::set_formation(int number) {
    if (number < 1 || number > static_cast<int>(kStarts.size()))
        return Status::error("formation " + std::to_string(number) + " does not exist (1-4)");
    return set_fen(kStarts[static_cast<std::size_t>(number - 1)].fen);
}

// Flood fill by neighbour shifts, from the Kings through the side's own pieces.
Bitboard Position::group_of(Bitboard kings, Bitboard own) {
    Bitboard group = kings;
    while (true) {
        const Bitboard grown = dilate(group) & own;
        if ((grown | group) == group) return group;
        group |= grown;
    }
}

bool Position::attacked_by(Bitboard attackers, int q, Bitboard occ) const {
    const Bitboard queens = pieces(QUEEN);
    return (kKnight[q] & attackers & pieces(KNIGHT)) ||
           (kDiagSteps[q] & attackers & pieces(PAWN)) ||
           (rook_attacks(q, occ) & attackers & (pieces(ROOK) | queens)) ||
           (bishop_attacks(q, occ) & attackers & (pieces(BISHOP) | queens));
}

bool Position::king_in_check(Color c) const {
    const Bitboard attackers = active(~c);
    for (Bitboard k = pieces(c, KING); k;)
        if (attacked_by(attackers, pop_lsb(k), pieces())) return true;
    return false;
}

void Position::refresh_activity(StateInfo& s) const {
    for (Color c : {WHITE, BLACK}) s.active[c] = group_of(pieces(c, KING), pieces(c));
}

void Position::do_move(Move m) {
    const Color us = stm_, them = ~us;
    const int from = m.from(), to = m.to();
    const StateInfo prev = st();
    states_.emplace_back();
    StateInfo& ns = st();
    ns.key = prev.key ^ keys::kSide;
    ns.rule50 = prev.rule50 + 1;
    ns.active = prev.active;
    if (m.kind() == MoveKind::DROP) {  // W-18
        const auto pt = PieceType(m.extra());
        const Piece p = make_piece(us, pt);
        ns.key ^= keys::reserve(us, pt, reserve_[us][pt]) ^
                  keys::reserve(us, pt, reserve_[us][pt] - 1) ^ keys::piece(p, to);
        --reserve_[us][pt];
        board_.put(p, to);
        ns.rule50 = 0;
    } else {
        const Piece p = piece_on(from);
        if (const Piece cap = piece_on(to); cap != NO_PIECE) {
            ns.captured = cap;
            ns.key ^= keys::piece(cap, to);
            board_.remove(to);
            ns.rule50 = 0;
        }
        board_.move(from, to);
        ns.key ^= keys::piece(p, from) ^ keys::piece(p, to);
    }
    // W-7: the mover's groups change with every action, the opponent's only by capture.
    ns.active[us] = group_of(pieces(us, KING), pieces(us));
    if (ns.captured != NO_PIECE) ns.active[them] = group_of(pieces(them, KING), pieces(them));
    stm_ = them;
    ++game_ply_;
    ns.in_check = king_in_check(them);
}

void Position::undo_move(Move m) {
    const Color us = ~stm_;
    if (m.kind() == MoveKind::DROP) {
        board_.remove(m.to());
        ++reserve_[us][m.extra()];
    } else {
        board_.move(m.to(), m.from());
        if (st().captured != NO_PIECE) board_.put(st().captured, m.to());
    }
    states_.pop_back();
    stm_ = us;
    --game_ply_;
}

void Position::do_null_move() {
    StateInfo ns = st();  // activity stays: nothing moved
    ns.key ^= keys::kSide;
    ns.rule50 = 0;
    ns.in_check = false;  // the position was legal: the side that passes gives no check
    ns.captured = NO_PIECE;
    push_null_state(ns);
}

bool Position::null_move_ok() const {
    if (pieces(stm_) & ~pieces(PAWN) & ~pieces(KING)) return true;
    for (int pt = QUEEN; pt <= TURTLE; ++pt)
        if (reserve_[stm_][pt]) return true;
    return false;
}

// W-22 for one action: the occupancy after it, the opponent's activity after it
// (a capture may cut a group from its Kings), and every King of the mover.
bool Position::is_legal(Move m) const {
    const Color us = stm_, them = ~us;
    const int from = m.from(), to = m.to();
    const bool drop = m.kind() == MoveKind::DROP;
    const Bitboard captured = drop ? 0 : bb(to) & pieces(them);
    const Bitboard occ = (pieces() & ~bb(from)) | bb(to);
    Bitboard kings = pieces(us, KING);
    if (!drop && (kings & bb(from))) kings ^= bb(from) | bb(to);
    const Bitboard attackers =
        captured ? group_of(pieces(them, KING), pieces(them) & ~captured) : active(them);
    while (kings)
        if (attacked_by(attackers, pop_lsb(kings), occ)) return false;
    return true;
}

std::uint64_t Position::compute_key() const {
    std::uint64_t k = stm_ == BLACK ? keys::kSide : 0;
    for (int sq = 0; sq < SQ_NB; ++sq)
        if (piece_on(sq) != NO_PIECE) k ^= keys::piece(piece_on(sq), sq);
    for (Color c : {WHITE, BLACK})
        for (int pt = QUEEN; pt <= TURTLE; ++pt) k ^= keys::reserve(c, pt, reserve_[c][pt]);
    return k;
}

bool Position::state_consistent() const {
    for (Color c : {WHITE, BLACK})
        if (st().active[c] != group_of(pieces(c, KING), pieces(c))) return false;
    return st().in_check == king_in_check(stm_);
}

}  // namespace chimera::wataku
