#include "variants/chess/eval.h"

#include <array>
#include <bit>

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
            eg += rr * rr * 2;  // passed pawns count more (pawn_terms)
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

namespace {

// Squares attacked by the pawns of c.
constexpr Bitboard pawn_attacks(Color c, Bitboard pawns) {
    constexpr Bitboard not_a = ~kFileA, not_h = ~(kFileA << 7);
    return c == WHITE ? ((pawns & not_a) << 7) | ((pawns & not_h) << 9)
                      : ((pawns & not_a) >> 9) | ((pawns & not_h) >> 7);
}

// The squares in front of sq on its file, as c sees it, and the same on the
// files beside it too (where a pawn that stops or takes a pawn on sq stands).
struct Spans {
    std::array<std::array<Bitboard, SQ_NB>, COLOR_NB> front{}, passed{};
    std::array<Bitboard, 8> beside{};
    constexpr Spans() {
        for (int f = 0; f < 8; ++f)
            beside[f] = (f > 0 ? file_bb(f - 1) : 0) | (f < 7 ? file_bb(f + 1) : 0);
        for (int sq = 0; sq < SQ_NB; ++sq)
            for (int r = 0; r < 8; ++r) {
                const Bitboard row = rank_bb(r);
                if (r > rank_of(sq)) {
                    front[WHITE][sq] |= row & file_bb(file_of(sq));
                    passed[WHITE][sq] |= row & (file_bb(file_of(sq)) | beside[file_of(sq)]);
                }
                if (r < rank_of(sq)) {
                    front[BLACK][sq] |= row & file_bb(file_of(sq));
                    passed[BLACK][sq] |= row & (file_bb(file_of(sq)) | beside[file_of(sq)]);
                }
            }
    }
};
inline constexpr Spans kSpans{};

struct Score {
    int mg = 0, eg = 0;
    void add(int m, int e) {
        mg += m;
        eg += e;
    }
};

// By the pawn's rank as its side sees it (1 = its second rank).
constexpr int kPassedMg[8] = {0, 0, 5, 10, 20, 35, 55, 0};
constexpr int kPassedEg[8] = {0, 5, 10, 20, 35, 60, 100, 0};
// Weight of a piece that attacks the squares around the enemy King.
constexpr int kKingAttackWeight[PIECE_TYPE_NB] = {0, 0, 2, 2, 3, 5, 0};

int distance(int a, int b) {
    const int df = file_of(a) - file_of(b), dr = rank_of(a) - rank_of(b);
    const int f = df < 0 ? -df : df, r = dr < 0 ? -dr : dr;
    return f > r ? f : r;
}

// Pawn structure of c: passed (more the further, less when blocked, and in
// the endgame by the Kings' distances to the square in front), isolated,
// doubled, defended or side by side.
void pawn_terms(const Position& pos, Color c, Score& s) {
    const Color them = Color(c ^ 1);
    const Bitboard ours = pos.pieces(c, PAWN), theirs = pos.pieces(them, PAWN);
    const Bitboard defended = pawn_attacks(c, ours);
    const int up = c == WHITE ? 8 : -8;
    for (Bitboard b = ours; b;) {
        const int sq = pop_lsb(b);
        const int f = file_of(sq), rr = relative_rank(c, sq);
        if (!(ours & kSpans.beside[f])) s.add(-10, -15);
        if (ours & kSpans.front[c][sq]) s.add(-12, -20);
        if (defended & bb(sq))
            s.add(8 + 2 * rr, 6 + rr);
        else if (ours & kSpans.beside[f] & rank_bb(rank_of(sq)))
            s.add(5 + rr, 3 + rr);
        if ((theirs & kSpans.passed[c][sq]) || (ours & kSpans.front[c][sq])) continue;
        const int stop = sq + up;
        const bool blocked = pos.pieces() & bb(stop);
        int mg = kPassedMg[rr], eg = kPassedEg[rr];
        if (blocked) {
            mg /= 2;
            eg /= 2;
        }
        if (rr >= 3)
            eg += (rr - 2) * (5 * distance(pos.king_square(them), stop) -
                              2 * distance(pos.king_square(c), stop));
        s.add(mg, eg);
    }
}

// The shelter of c's King while it stands on its first two ranks: its own
// pawns in front of it on its file and the files beside, and open files there.
int shelter(const Position& pos, Color c) {
    const int ksq = pos.king_square(c);
    const int krr = relative_rank(c, ksq);
    if (krr > 1) return -20;
    const Bitboard ours = pos.pieces(c, PAWN), theirs = pos.pieces(Color(c ^ 1), PAWN);
    const int ahead = c == WHITE ? 1 : -1;
    int f0 = file_of(ksq);
    f0 = f0 < 1 ? 1 : f0 > 6 ? 6 : f0;
    int score = 0;
    for (int f = f0 - 1; f <= f0 + 1; ++f) {
        const Bitboard file = file_bb(f);
        const Bitboard in_front = ours & kSpans.front[c][make_square(f, rank_of(ksq))];
        if (in_front & rank_bb(rank_of(ksq) + ahead))
            score += 12;
        else if (in_front & rank_bb(rank_of(ksq) + 2 * ahead))
            score += 6;
        else if (!in_front)
            score -= theirs & file ? 10 : 20;
        // An enemy pawn storming up this file, on our third or fourth rank
        // (less if our pawn in front of it stops it).
        const Bitboard storm = theirs & kSpans.front[c][make_square(f, rank_of(ksq))];
        if (storm) {
            const int sq = c == WHITE ? lsb(storm) : 63 - std::countl_zero(storm);
            const int rr = relative_rank(c, sq);
            if (rr <= 3) score -= (ours & bb(sq - 8 * ahead)) ? 5 : rr == 3 ? 10 : 20;
        }
    }
    return score;
}

// The endgame score scaled down where the side ahead can rarely win: without
// pawns and at most a Bishop's worth ahead in pieces, or with Bishops of
// opposite colours and nothing else but pawns.
int scale_endgame(const Position& pos, int eg) {
    const Color strong = eg >= 0 ? WHITE : BLACK, weak = Color(strong ^ 1);
    auto pieces_value = [&](Color c) {
        int v = 0;
        for (PieceType pt : {KNIGHT, BISHOP, ROOK, QUEEN})
            v += kValue[pt] * popcount(pos.pieces(c, pt));
        return v;
    };
    if (!pos.pieces(strong, PAWN) && pieces_value(strong) - pieces_value(weak) <= kValue[BISHOP])
        return eg / 8;
    if (popcount(pos.pieces(WHITE, BISHOP)) == 1 && popcount(pos.pieces(BLACK, BISHOP)) == 1 &&
        !(pos.pieces(KNIGHT) | pos.pieces(ROOK) | pos.pieces(QUEEN))) {
        const int a = lsb(pos.pieces(WHITE, BISHOP)), b = lsb(pos.pieces(BLACK, BISHOP));
        if (((file_of(a) + rank_of(a)) & 1) != ((file_of(b) + rank_of(b)) & 1)) return eg / 2;
    }
    return eg;
}

}  // namespace

int evaluate(const Position& pos) {
    Score s[COLOR_NB];
    int phase = 0;
    const Bitboard occ = pos.pieces();
    const Bitboard pawn_att[COLOR_NB] = {pawn_attacks(WHITE, pos.pieces(WHITE, PAWN)),
                                         pawn_attacks(BLACK, pos.pieces(BLACK, PAWN))};
    int attack_units[COLOR_NB] = {0, 0}, attackers[COLOR_NB] = {0, 0};
    // What each side attacks: everything, and by each kind of piece.
    Bitboard attacked[COLOR_NB], attacked_by[COLOR_NB][PIECE_TYPE_NB] = {};
    for (Color c : {WHITE, BLACK}) {
        attacked_by[c][PAWN] = pawn_att[c];
        attacked_by[c][KING] = kKingAttacks[pos.king_square(c)];
        attacked[c] = pawn_att[c] | attacked_by[c][KING];
    }
    for (Color c : {WHITE, BLACK}) {
        const Color them = Color(c ^ 1);
        const Bitboard own = pos.pieces(c);
        const Bitboard our_pawns = pos.pieces(c, PAWN), their_pawns = pos.pieces(them, PAWN);
        const Bitboard mobility_area = ~own & ~pawn_att[them];
        const int their_king = pos.king_square(them);
        const Bitboard king_zone = kKingAttacks[their_king] | bb(their_king);
        for (Bitboard b = own; b;) {
            const int sq = pop_lsb(b);
            const PieceType pt = type_of(pos.piece_on(sq));
            s[c].add(kValue[pt], kValue[pt]);
            phase += kPhase[pt];
            square_terms(pt, c, sq, s[c].mg, s[c].eg);
            if (pt < KNIGHT || pt > QUEEN) continue;
            const Bitboard att = attacks_of(pt, sq, occ);
            attacked[c] |= att;
            attacked_by[c][pt] |= att;
            const int mob = popcount(att & mobility_area);
            switch (pt) {
                case KNIGHT:
                    s[c].add(4 * (mob - 4), 4 * (mob - 4));
                    break;
                case BISHOP:
                    s[c].add(5 * (mob - 6), 5 * (mob - 6));
                    break;
                case ROOK:
                    s[c].add(2 * (mob - 6), 4 * (mob - 6));
                    break;
                default:
                    s[c].add(mob - 12, 2 * (mob - 12));
                    break;
            }
            if (pawn_att[them] & bb(sq)) s[c].add(-35, -25);  // a pawn threatens it
            if (pt == ROOK && !(our_pawns & file_bb(file_of(sq)))) {
                const bool half_open = their_pawns & file_bb(file_of(sq));
                s[c].add(half_open ? 12 : 25, half_open ? 6 : 12);
            }
            // An outpost: on the enemy's half or the middle, guarded by a
            // pawn, where no enemy pawn can ever attack it.
            if ((pt == KNIGHT || pt == BISHOP) && relative_rank(c, sq) >= 3 &&
                relative_rank(c, sq) <= 5 && (pawn_att[c] & bb(sq)) &&
                !(their_pawns & kSpans.passed[c][sq] & kSpans.beside[file_of(sq)]))
                s[c].add(pt == KNIGHT ? 25 : 12, pt == KNIGHT ? 12 : 6);
            if (const Bitboard hit = att & king_zone) {
                ++attackers[c];
                attack_units[c] += kKingAttackWeight[pt] * popcount(hit);
            }
        }
        pawn_terms(pos, c, s[c]);
        if (popcount(pos.pieces(c, BISHOP)) >= 2) s[c].add(30, 40);
    }
    for (Color c : {WHITE, BLACK}) {
        const Color them = Color(c ^ 1);
        s[c].mg += shelter(pos, c);
        // Threats to c's pieces: a Rook or Queen a minor piece attacks, a
        // Queen a Rook attacks, and any piece attacked and not defended.
        const Bitboard minors = attacked_by[them][KNIGHT] | attacked_by[them][BISHOP];
        const int majors_hit = popcount((pos.pieces(c, ROOK) | pos.pieces(c, QUEEN)) & minors) +
                               popcount(pos.pieces(c, QUEEN) & attacked_by[them][ROOK]);
        const int hanging = popcount((pos.pieces(c) & ~pos.pieces(c, PAWN) & ~pos.pieces(c, KING)) &
                                     attacked[them] & ~attacked[c]);
        s[c].add(-40 * majors_hit - 30 * hanging, -30 * majors_hit - 20 * hanging);
        // Checks the enemy can give from squares c does not guard.
        const int ksq = pos.king_square(c);
        const Bitboard safe = ~attacked[c] & ~pos.pieces(them);
        const Bitboard diagonal = bishop_attacks(ksq, occ), straight = rook_attacks(ksq, occ);
        if (kKnightAttacks[ksq] & attacked_by[them][KNIGHT] & safe) attack_units[them] += 4;
        if (diagonal & attacked_by[them][BISHOP] & safe) attack_units[them] += 3;
        if (straight & attacked_by[them][ROOK] & safe) attack_units[them] += 5;
        if ((diagonal | straight) & attacked_by[them][QUEEN] & safe) attack_units[them] += 6;
        // The attack on c's King: quadratic in its weight, from two pieces on.
        if (attackers[them] >= 2) {
            int danger = attack_units[them] * attack_units[them] / 4;
            if (!pos.pieces(them, QUEEN)) danger /= 2;
            s[c].mg -= danger < 500 ? danger : 500;
        }
    }
    if (phase > 24) phase = 24;
    const int mg_score = s[WHITE].mg - s[BLACK].mg;
    const int eg_score = scale_endgame(pos, s[WHITE].eg - s[BLACK].eg);
    const int score = (mg_score * phase + eg_score * (24 - phase)) / 24;
    return (pos.side_to_move() == WHITE ? score : -score) + 10;  // side to move bonus
}

}  // namespace chimera::chess
