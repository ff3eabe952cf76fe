#include "variants/chess/eval.h"

#include "core/see.h"

namespace chimera::chess {

namespace {

constexpr int kValue[PIECE_TYPE_NB] = {0, 100, 320, 330, 500, 950, 0};
constexpr int kPhase[PIECE_TYPE_NB] = {0, 0, 1, 1, 2, 4, 0};

// Distance from the centre, 0 (d4/e5 area) to 3 (corners).
constexpr int edge_distance(int sq) {
    const int f = file_of(sq), r = rank_of(sq);
    const int df = f < 4 ? 3 - f : f - 4, dr = r < 4 ? 3 - r : r - 4;
    return df > dr ? df : dr;
}

// Middlegame and endgame piece-square terms from a few rules instead of tables.
void square_terms(PieceType pt, Color c, int sq, int& mg, int& eg) {
    const int centre = 3 - edge_distance(sq);
    const int rr = relative_rank(c, sq);
    switch (pt) {
        case PAWN:
            mg += rr * 6 + (centre >= 2 ? 10 : 0);
            eg += rr * rr * 4;
            break;
        case KNIGHT:
            mg += centre * 12 - 12;
            eg += centre * 8 - 8;
            break;
        case BISHOP:
            mg += centre * 6;
            eg += centre * 4;
            break;
        case ROOK:
            mg += rr == 6 ? 20 : 0;
            eg += 0;
            break;
        case QUEEN:
            mg += centre * 3;
            eg += centre * 6;
            break;
        case KING:
            mg += rr == 0 ? (file_of(sq) >= 6 || file_of(sq) <= 2 ? 30 : 0) : -20 * rr;
            eg += centre * 12;
            break;
        default:
            break;
    }
}

}  // namespace

int move_gain(const Position& pos, Move m) {
    int gain = 0;
    if (m.kind() == MoveKind::EN_PASSANT)
        gain = kValue[PAWN];
    else if (m.kind() != MoveKind::CASTLING)
        gain = kValue[type_of(pos.piece_on(m.to()))];
    if (m.kind() == MoveKind::PROMOTION) gain += kValue[m.extra()] - kValue[PAWN];
    return gain;
}

int mover_value(const Position& pos, Move m) { return kValue[type_of(pos.piece_on(m.from()))]; }

bool see_ge(const Position& pos, Move m, int threshold) {
    return see_ge_by_swap(pos, m, threshold, kValue);
}

int evaluate(const Position& pos) {
    int mg[COLOR_NB] = {0, 0}, eg[COLOR_NB] = {0, 0}, phase = 0;
    const Bitboard occ = pos.pieces();
    for (Color c : {WHITE, BLACK}) {
        const Bitboard own = pos.pieces(c);
        for (Bitboard b = own; b;) {
            const int sq = pop_lsb(b);
            const PieceType pt = type_of(pos.piece_on(sq));
            mg[c] += kValue[pt];
            eg[c] += kValue[pt];
            phase += kPhase[pt];
            square_terms(pt, c, sq, mg[c], eg[c]);
            if (pt >= KNIGHT && pt <= QUEEN) {
                const int mob = popcount(attacks_of(pt, sq, occ) & ~own);
                mg[c] += 3 * mob;
                eg[c] += 3 * mob;
            }
        }
        // Doubled pawns and the bishop pair.
        const Bitboard pawns = pos.pieces(c, PAWN);
        for (int f = 0; f < 8; ++f)
            if (popcount(pawns & file_bb(f)) > 1) {
                mg[c] -= 12;
                eg[c] -= 20;
            }
        if (popcount(pos.pieces(c, BISHOP)) >= 2) {
            mg[c] += 30;
            eg[c] += 40;
        }
    }
    if (phase > 24) phase = 24;
    const int mg_score = mg[WHITE] - mg[BLACK], eg_score = eg[WHITE] - eg[BLACK];
    const int score = (mg_score * phase + eg_score * (24 - phase)) / 24;
    return (pos.side_to_move() == WHITE ? score : -score) + 10;  // side to move bonus
}

}  // namespace chimera::chess
