// The move ordering's threats, for a variant with chess's kinds of pieces
// (chess; 4D chess on branch `o4d`, under test): what the side not to move
// attacks with its pawns; with its pawns and minor pieces; and with those and
// its Rooks. A quiet move of a Queen, Rook or minor piece that leaves an
// attack by a cheaper piece for a square without one is tried earlier, one
// that walks into such an attack later (O1h, docs/engine.md); the search asks
// a variant for them through order_threats and threat_order_bonus beside its
// evaluation.
#pragma once

#include <type_traits>

#include "core/bitboard.h"
#include "core/color.h"
#include "core/move.h"

namespace chimera {

// The kinds of mover the threats tell apart; the others move without a bonus.
enum class ThreatenedKind { QUEEN, ROOK, MINOR, OTHER };

template <class Bitboard>
struct OrderThreats {
    Bitboard pawn{}, minor{}, rook{};

    // The bonus of a quiet move by a piece of `kind` from the square `from`
    // to the square `to` (each a set of one).
    constexpr int bonus(ThreatenedKind kind, Bitboard from, Bitboard to) const {
        Bitboard threatened{};
        int value = 0;
        switch (kind) {
            case ThreatenedKind::QUEEN:
                threatened = rook, value = 16000;
                break;
            case ThreatenedKind::ROOK:
                threatened = minor, value = 8000;
                break;
            case ThreatenedKind::MINOR:
                threatened = pawn, value = 5000;
                break;
            case ThreatenedKind::OTHER:
                return 0;
        }
        return ((threatened & from) != Bitboard{} ? value : 0) -
               ((threatened & to) != Bitboard{} ? value : 0);
    }
};

// The threats and the bonus for a variant with chess's kinds of pieces,
// named by its own enumerators; `pawn_attacks[c][sq]` is its table of pawn
// captures and `attacks(type, sq, occupancy)` its pieces' attacks.
template <auto Pawn, auto Knight, auto Bishop, auto Rook, auto Queen>
struct ChessLikeThreats {
    template <class Pos, class PawnAttacks, class Attacks>
    static auto threats(const Pos& pos, const PawnAttacks& pawn_attacks, Attacks attacks) {
        const Color them = ~pos.side_to_move();
        const auto occ = pos.pieces();
        OrderThreats<std::remove_const_t<decltype(occ)>> t;
        for (auto b = pos.pieces(them, Pawn); b;) t.pawn |= pawn_attacks[them][pop_lsb(b)];
        t.minor = t.pawn;
        for (const auto pt : {Knight, Bishop})
            for (auto b = pos.pieces(them, pt); b;) t.minor |= attacks(pt, pop_lsb(b), occ);
        t.rook = t.minor;
        for (auto b = pos.pieces(them, Rook); b;) t.rook |= attacks(Rook, pop_lsb(b), occ);
        return t;
    }

    template <class Pos, class Threats>
    static int bonus(const Pos& pos, const Threats& t, Move m) {
        const auto pt = type_of(pos.piece_on(m.from()));
        const ThreatenedKind kind = pt == Queen                    ? ThreatenedKind::QUEEN
                                    : pt == Rook                   ? ThreatenedKind::ROOK
                                    : pt == Knight || pt == Bishop ? ThreatenedKind::MINOR
                                                                   : ThreatenedKind::OTHER;
        using Bitboard = std::remove_const_t<decltype(t.pawn)>;
        return t.bonus(kind, Bitboard{1} << m.from(), Bitboard{1} << m.to());
    }
};

}  // namespace chimera
