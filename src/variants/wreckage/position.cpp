// Wreckage: attacks by every capture mode, captures of each move, do/undo.
#include "variants/wreckage/position.h"

#include "core/zobrist.h"
#include "variants/wreckage/keys.h"

namespace chimera::wreckage {

namespace {

// Rights kept when a move starts on, ends on or removes a piece from a square.
constexpr std::array<std::uint8_t, SQ_NB> kCastlingMask = [] {
    std::array<std::uint8_t, SQ_NB> m{};
    m.fill(15);
    m[make_square(5, 0)] = 15 & ~(WHITE_B | WHITE_I);
    m[make_square(1, 0)] = 15 & ~WHITE_B;
    m[make_square(8, 0)] = 15 & ~WHITE_I;
    m[make_square(5, 9)] = 15 & ~(BLACK_B | BLACK_I);
    m[make_square(1, 9)] = 15 & ~BLACK_B;
    m[make_square(8, 9)] = 15 & ~BLACK_I;
    return m;
}();

constexpr bool is_forward(Color c, int dir) {
    return c == WHITE ? (dir == N || dir == NE || dir == NW) : (dir == S || dir == SE || dir == SW);
}

}  // namespace

Position::Position() {
    states_.reserve(1024);
    Status s = set_fen(kStartFen);
    (void)s;
}

// ---------------------------------------------------------------- attacks

bool Position::attacked_by_dragon(Bitboard dragons, Color c, int q, Bitboard occ) const {
    if (!(dragons & kQueenLines[q])) return false;
    for (int d = 0; d < DIR_NB; ++d) {
        if (is_forward(c, d)) {
            // a Dragon behind q slides along d and stops next to q, at least one
            // square from where it started.
            const int back = opposite(d);
            if (!(dragons & kRays.rays[back][q])) continue;
            const int b = kRays.first_blocker(back, q, occ);
            if (b >= 0 && (dragons & bb(b)) && kLines.dist[q][b] >= 2) return true;
        } else {
            // a Dragon next to q, on side d, withdraws further along d.
            const int s = step(q, d);
            if (s < 0 || !(dragons & bb(s))) continue;
            const int n = step(s, d);
            if (n >= 0 && !(occ & bb(n))) return true;
        }
    }
    return false;
}

// at distance two always; adjacent when the square beyond q is empty or
// holds a piece of q's side; further away along a clear line when beyond is empty.
bool Position::attacked_by_guillotine(Bitboard gs, Bitboard attackers, int q, Bitboard occ) const {
    if (kDistanceTwo[q] & gs) return true;
    while (gs) {
        const int g = pop_lsb(gs);
        const int d = kLines.dir[q][g];
        if (d < 0) continue;
        const int dist = kLines.dist[q][g];
        if (dist > 2 && (kRays.rays[d][q] & ~kRays.rays[d][g] & ~bb(g) & occ)) continue;
        const int beyond = step(q, opposite(d));
        if (beyond < 0) continue;
        if (!(occ & bb(beyond))) return true;
        if (dist == 1 && !(attackers & bb(beyond))) return true;  // a piece of q's side
    }
    return false;
}

bool Position::attacked_by(Color c, int q, Bitboard occ, Bitboard removed) const {
    auto of = [&](PieceType pt) { return pieces(c, pt) & ~removed; };
    if (kKingSteps[q] & (of(KING) | of(DETONATOR))) return true;
    if (kKnight[q] & (of(FERZ_KNIGHT) | of(WAZIR_KNIGHT))) return true;
    if ((kDiagSteps[q] & of(FERZ_KNIGHT)) || (kOrthSteps[q] & of(WAZIR_KNIGHT))) return true;
    if (kPawnCaptures[~c][q] & (of(PAWN) | of(NINJA))) return true;
    if (kSideSteps[q] & of(NINJA) & kTerritory[c]) return true;
    if (rook_attacks(q, occ) & (of(ROOK) | of(QUEEN))) return true;
    if (bishop_attacks(q, occ) & (of(BISHOP) | of(QUEEN))) return true;
    if (Bitboard dragons = of(DRAGON); dragons && attacked_by_dragon(dragons, c, q, occ))
        return true;
    const Bitboard gs = of(GUILLOTINE);
    return gs && attacked_by_guillotine(gs, pieces(c) & ~removed, q, occ);
}

// ---------------------------------------------------------------- captures

Bitboard Position::captures_of(Move m) const {
    const int from = m.from(), to = m.to();
    const Color us = stm_;
    const Bitboard enemy = pieces(~us);
    switch (m.kind()) {
        case MoveKind::DROP:
        case MoveKind::CASTLING:
            return 0;
        case MoveKind::EN_PASSANT:
            return bb(st().ep_pawn);
        case MoveKind::DETONATION:  // every adjacent enemy but Ninja Pawns
            return kKingSteps[from] & enemy & ~pieces(NINJA);
        default:
            break;
    }
    const PieceType pt = type_of(piece_on(from));
    if (pt == DRAGON) {
        const int d = kLines.dir[from][to];
        if (d < 0) return 0;  // knight leap: never captures
        const int c = is_forward(us, d) ? step(to, d) : step(from, opposite(d));
        if (c < 0) return 0;
        const Bitboard target = bb(c) & enemy & ~pieces(PAWN) & ~pieces(NINJA);
        return target;
    }
    if (pt == GUILLOTINE) {
        const int d = kLines.dir[from][to];
        const int dist = kLines.dist[from][to];
        if (dist == 2) return (bb(step(from, d)) | bb(to)) & enemy;
        if (dist > 2) return bb(step(to, opposite(d))) & enemy;
        return 0;
    }
    return bb(to) & enemy;
}

// ---------------------------------------------------------------- do / undo

void Position::do_move(Move m) {
    const Color us = stm_, them = ~us;
    const int from = m.from(), to = m.to();
    const Bitboard caps = captures_of(m);
    const Piece moved = piece_on(from);
    const int prev_index = static_cast<int>(states_.size()) - 1;
    states_.emplace_back();
    const StateInfo& prev = states_[prev_index];
    StateInfo& ns = states_.back();
    ns.key = prev.key ^ keys::kSide ^ keys::castling(prev.castling) ^ keys::ep(prev.ep);
    ns.rule50 = prev.rule50 + 1;
    std::uint8_t castling = prev.castling;

    for (Bitboard c = caps; c;) {
        const int sq = pop_lsb(c);
        ns.captured_sq[ns.captured_count] = static_cast<std::uint8_t>(sq);
        ns.captured_piece[ns.captured_count++] = piece_on(sq);
        ns.key ^= keys::piece(piece_on(sq), sq);
        castling &= kCastlingMask[sq];
        board_.remove(sq);
    }
    if (caps) ns.rule50 = 0;

    Bitboard ep_targets = 0;
    switch (m.kind()) {
        case MoveKind::DROP: {
            const Piece p = make_piece(us, PieceType(m.extra()));
            const int slot = m.extra() == GUILLOTINE ? HAND_G : HAND_J;
            ns.key ^=
                keys::hand(us, slot, hand_[us][slot]) ^ keys::hand(us, slot, hand_[us][slot] - 1);
            --hand_[us][slot];
            board_.put(p, to);
            ns.key ^= keys::piece(p, to);
            ns.rule50 = 0;
            break;
        }
        case MoveKind::DETONATION:
            break;
        case MoveKind::CASTLING: {
            const bool i_side = to > from;
            const int rfrom = make_square(i_side ? 8 : 1, rank_of(from));
            const int rto = i_side ? to - 1 : to + 1;
            const Piece rook = piece_on(rfrom);
            board_.remove(rfrom);
            board_.move(from, to);
            board_.put(rook, rto);
            ns.key ^= keys::piece(moved, from) ^ keys::piece(moved, to) ^ keys::piece(rook, rfrom) ^
                      keys::piece(rook, rto);
            break;
        }
        default: {
            board_.move(from, to);
            ns.key ^= keys::piece(moved, from) ^ keys::piece(moved, to);
            const PieceType pt = type_of(moved);
            if (is_pawn(pt)) {
                ns.rule50 = 0;
                if (m.kind() == MoveKind::PROMOTION) {
                    const Piece promo = make_piece(us, PieceType(m.extra()));
                    board_.remove(to);
                    board_.put(promo, to);
                    ns.key ^= keys::piece(moved, to) ^ keys::piece(promo, to);
                }
                // a Pawn's non-capturing 2- or 3-step marks the squares it passed.
                const int dist = kLines.dist[from][to];
                if (pt == PAWN && !caps && file_of(from) == file_of(to) && dist >= 2)
                    ep_targets = kRays.rays[kLines.dir[from][to]][from] &
                                 ~kRays.rays[kLines.dir[from][to]][to] & ~bb(to);
            }
        }
    }
    ns.moved = moved;
    castling &= static_cast<std::uint8_t>(kCastlingMask[from] & kCastlingMask[to]);
    ns.castling = castling;
    ns.key ^= keys::castling(castling);
    stm_ = them;
    ++game_ply_;
    ns.in_check = attacked_by(us, king_square(them), pieces());
    if (ep_targets) {
        // the passed squares are kept, all of them, when at least one can be
        // taken; capture moves are then filtered for legality one by one.
        ns.ep_pawn = to;
        const Bitboard kept = legal_ep_targets(ep_targets) ? ep_targets : 0;
        states_.back().ep = kept;
        states_.back().key ^= keys::ep(kept);
    }
}

void Position::undo_move(Move m) {
    const StateInfo& s = st();
    const Color us = ~stm_;
    const int from = m.from(), to = m.to();
    switch (m.kind()) {
        case MoveKind::DROP: {
            const int slot = m.extra() == GUILLOTINE ? HAND_G : HAND_J;
            board_.remove(to);
            ++hand_[us][slot];
            break;
        }
        case MoveKind::DETONATION:
            break;
        case MoveKind::CASTLING: {
            const bool i_side = to > from;
            const int rto = i_side ? to - 1 : to + 1;
            const Piece rook = piece_on(rto);
            board_.remove(rto);
            board_.move(to, from);
            board_.put(rook, make_square(i_side ? 8 : 1, rank_of(from)));
            break;
        }
        default:
            if (m.kind() == MoveKind::PROMOTION) {
                board_.remove(to);
                board_.put(s.moved, to);
            }
            board_.move(to, from);
    }
    for (int i = 0; i < s.captured_count; ++i) board_.put(s.captured_piece[i], s.captured_sq[i]);
    states_.pop_back();
    stm_ = us;
    --game_ply_;
}

void Position::do_null_move() {
    StateInfo ns = st();
    ns.key ^= keys::kSide ^ keys::ep(ns.ep);
    ns.ep = 0;
    ns.ep_pawn = -1;
    ns.rule50 = 0;
    ns.in_check = false;  // the position was legal: the side that passes gives no check
    ns.moved = NO_PIECE;
    ns.captured_count = 0;
    push_null_state(ns);
}

bool Position::null_move_ok() const {
    return (pieces(stm_) & ~pieces(PAWN) & ~pieces(NINJA) & ~pieces(KING)) || hand(stm_, HAND_G);
}

// The targets onto which the side to move has a legal en-passant capture.
// captures_of() finds the captured Pawn through the current state's ep_pawn.
Bitboard Position::legal_ep_targets(Bitboard targets) const {
    Bitboard legal = 0;
    for (Bitboard t = targets; t;) {
        const int target = pop_lsb(t);
        Bitboard capturers = kPawnCaptures[~stm_][target] & pieces(stm_, PAWN);
        while (capturers) {
            const Move m(pop_lsb(capturers), target, MoveKind::EN_PASSANT);
            if (is_legal(m)) {
                legal |= bb(target);
                break;
            }
        }
    }
    return legal;
}

// The move's effect on occupancy is enough: the mover's own pieces never attack
// its King, and enemy pieces only disappear (the removed set).
bool Position::is_legal(Move m) const {
    const Color us = stm_;
    const int from = m.from(), to = m.to();
    const Bitboard removed = captures_of(m);
    Bitboard occ = (pieces() & ~removed & ~bb(from)) | bb(to);
    int ksq = king_square(us);
    if (m.kind() == MoveKind::CASTLING) {
        const bool i_side = to > from;
        occ =
            (occ & ~bb(make_square(i_side ? 8 : 1, rank_of(from)))) | bb(i_side ? to - 1 : to + 1);
        ksq = to;
    } else if (from == ksq && m.kind() != MoveKind::DROP) {
        ksq = to;
    }
    return !attacked_by(~us, ksq, occ, removed);
}

std::uint64_t Position::compute_key() const {
    std::uint64_t k = keys::castling(st().castling) ^ keys::ep(st().ep);
    for (int sq = 0; sq < SQ_NB; ++sq)
        if (piece_on(sq) != NO_PIECE) k ^= keys::piece(piece_on(sq), sq);
    if (stm_ == BLACK) k ^= keys::kSide;
    for (Color c : {WHITE, BLACK})
        for (int slot = 0; slot < HAND_NB; ++slot) k ^= keys::hand(c, slot, hand_[c][slot]);
    return k;
}

bool Position::insufficient_material() const {
    // only the two Kings on the board and both hands empty.
    if (popcount(pieces()) != 2) return false;
    for (Color c : {WHITE, BLACK})
        if (hand_[c][HAND_G] || hand_[c][HAND_J]) return false;
    return true;
}

bool Position::state_consistent() const {
    return st().in_check == attacked_by(~stm_, king_square(stm_), pieces(), 0);
}

}  // namespace chimera::wreckage
