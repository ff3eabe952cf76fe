// Static exchange evaluation by the swap algorithm, written once for the
// variants whose captures replace the piece on the destination square and
// whose attackers of a square are given by attackers_to(square, occupancy)
// (chess, 4D chess). Each side recaptures on the square with its least
// valuable attacker and may stop when going on would lose; pieces behind
// others (x-rays) join as the occupancy empties. Pins are not considered.
// Requires the variant's piece types numbered in order of value, its King
// last among the capturers.
#pragma once

#include "core/bitboard.h"
#include "core/move.h"

namespace chimera {

// Whether the exchange that m starts on its destination gains the mover at
// least `threshold` (in the units of `value`, indexed by piece type). Only
// plain moves are exchanged; castling, en passant and promotions count as 0.
template <class Pos, class Values>
bool see_ge_by_swap(const Pos& pos, Move m, int threshold, const Values& value) {
    using Bitboard = typename Pos::Bitboard;
    using PieceType = typename Pos::PieceType;
    if (m.kind() != MoveKind::NORMAL) return 0 >= threshold;
    const int from = m.from(), to = m.to();
    // What the mover stands to win if the exchange stopped now, less the threshold.
    int swap = value[type_of(pos.piece_on(to))] - threshold;
    if (swap < 0) return false;
    swap = value[type_of(pos.piece_on(from))] - swap;
    if (swap <= 0) return true;  // even losing the mover, the threshold holds

    Bitboard occ = pos.pieces() ^ (Bitboard{1} << from) ^ (Bitboard{1} << to);
    auto side = color_of(pos.piece_on(from));
    Bitboard attackers = pos.attackers_to(to, occ);
    bool holds = true;  // whether the threshold holds if the side to recapture stops
    while (true) {
        side = ~side;
        attackers &= occ;
        const Bitboard own = attackers & pos.pieces(side);
        if (!own) break;
        holds = !holds;
        int pt = 1;
        Bitboard least = 0;
        for (; pt < Pos::kKingType; ++pt)
            if ((least = own & pos.pieces(PieceType(pt)))) break;
        if (pt == Pos::kKingType)  // the King recaptures only onto an undefended square
            return (attackers & ~pos.pieces(side)) ? !holds : holds;
        swap = value[pt] - swap;
        if (swap < static_cast<int>(holds)) break;
        occ ^= Bitboard{1} << lsb(least);
        attackers = pos.attackers_to(to, occ);  // who was behind it
    }
    return holds;
}

}  // namespace chimera
