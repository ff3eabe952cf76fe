#include "variants/chess/eval.h"

#include <algorithm>
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

// Middlegame and endgame piece-square terms: a few rules, and a table per
// kind of piece of what they miss, symmetric between the wings.
[[gnu::always_inline]] inline void square_terms(const EvalWeights& W, PieceType pt, Color c, int sq,
                                                int& mg, int& eg) {
    using enum EvalWeights::Name;
    const int centre = 3 - edge_distance(sq);
    const int rr = relative_rank(c, sq);
    const int table = square_weight(pt, c, sq);
    mg += W.w[table];
    eg += W.w[table + 1];
    switch (pt) {
        case PAWN:
            mg += rr * W[PAWN_RANK_MG] + (centre >= 2 ? W[PAWN_CENTRE_MG] : 0);
            eg += rr * rr * W[PAWN_RANK_SQUARED_EG];  // passed pawns count more (pawn_terms)
            break;
        case KNIGHT:
            mg += (centre - 1) * W[KNIGHT_CENTRE_MG];
            eg += (centre - 1) * W[KNIGHT_CENTRE_EG];
            break;
        case BISHOP:
            mg += centre * W[BISHOP_CENTRE_MG];
            eg += centre * W[BISHOP_CENTRE_EG];
            break;
        case ROOK:
            if (rr == 6) {
                mg += W[ROOK_SEVENTH_MG];
                eg += W[ROOK_SEVENTH_EG];
            }
            break;
        case QUEEN:
            mg += centre * W[QUEEN_CENTRE_MG];
            eg += centre * W[QUEEN_CENTRE_EG];
            break;
        case KING:
            mg += rr == 0 ? (file_of(sq) >= 6 || file_of(sq) <= 2 ? W[KING_CASTLED_MG] : 0)
                          : -W[KING_ADVANCED_MG] * rr;
            eg += centre * W[KING_CENTRE_EG];
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

// Squares attacked by two pawns of c.
constexpr Bitboard pawn_double_attacks(Color c, Bitboard pawns) {
    constexpr Bitboard not_a = ~kFileA, not_h = ~(kFileA << 7);
    return c == WHITE ? ((pawns & not_a) << 7) & ((pawns & not_h) << 9)
                      : ((pawns & not_a) >> 9) & ((pawns & not_h) >> 7);
}

// Every square the pawns of c attack now or may attack as they advance.
constexpr Bitboard pawn_attack_span(Color c, Bitboard pawns) {
    if (c == WHITE) {
        pawns |= pawns << 8;
        pawns |= pawns << 16;
        pawns |= pawns << 32;
    } else {
        pawns |= pawns >> 8;
        pawns |= pawns >> 16;
        pawns |= pawns >> 32;
    }
    return pawn_attacks(c, pawns);
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

// One square forward for c's pawns; the squares of sq's colour; and the
// squares up to three behind c's pawns.
constexpr Bitboard forward(Color c, Bitboard b) { return c == WHITE ? b << 8 : b >> 8; }
constexpr Bitboard kLightSquares = 0x55AA55AA55AA55AAULL;
constexpr Bitboard same_colour(int sq) {
    return (kLightSquares & bb(sq)) ? kLightSquares : ~kLightSquares;
}
constexpr Bitboard backward_fill(Color c, Bitboard b) {
    const Bitboard one = c == WHITE ? b >> 8 : b << 8;
    const Bitboard two = c == WHITE ? one >> 8 : one << 8;
    return one | two | (c == WHITE ? two >> 8 : two << 8);
}
constexpr Bitboard kCentreFiles = file_bb(2) | file_bb(3) | file_bb(4) | file_bb(5);
// The files of a King's wing, by the King's file.
constexpr Bitboard kFlank[8] = {0x0F0F0F0F0F0F0F0FULL, 0x0F0F0F0F0F0F0F0FULL, 0x0F0F0F0F0F0F0F0FULL,
                                0x3C3C3C3C3C3C3C3CULL, 0x3C3C3C3C3C3C3C3CULL, 0xF0F0F0F0F0F0F0F0ULL,
                                0xF0F0F0F0F0F0F0F0ULL, 0xF0F0F0F0F0F0F0F0ULL};
constexpr Bitboard kWhiteSpaceRanks = rank_bb(1) | rank_bb(2) | rank_bb(3);
constexpr Bitboard kBlackSpaceRanks = rank_bb(4) | rank_bb(5) | rank_bb(6);

struct Score {
    int mg = 0, eg = 0;
    void add(int m, int e) {
        mg += m;
        eg += e;
    }
};

// The weight of a passed pawn by its rank as its side sees it (1 = its
// second rank, 6 = its seventh).
constexpr int passed_mg(const EvalWeights& W, int rr) {
    return W.w[EvalWeights::PASSED_2_MG + rr - 1];
}
constexpr int passed_eg(const EvalWeights& W, int rr) {
    return W.w[EvalWeights::PASSED_2_EG + rr - 1];
}
// The weights of a piece of kind pt (KNIGHT ... QUEEN) in a run of four.
constexpr int by_kind(const EvalWeights& W, EvalWeights::Name knight, PieceType pt) {
    return W.w[int(knight) + int(pt) - int(KNIGHT)];
}

int distance(int a, int b) {
    const int df = file_of(a) - file_of(b), dr = rank_of(a) - rank_of(b);
    const int f = df < 0 ? -df : df, r = dr < 0 ? -dr : dr;
    return f > r ? f : r;
}

// Pawn structure of c: passed (more the further, less when blocked, and in
// the endgame by the Kings' distances to the square in front), isolated,
// backward (no pawn of its own beside or behind it can guard its stop square,
// which an enemy pawn attacks), doubled, defended or side by side. Returns
// c's passed pawns.
[[gnu::always_inline]] inline Bitboard pawn_terms(const EvalWeights& W, const Position& pos,
                                                  Color c, Bitboard their_attacks, Score& s) {
    using enum EvalWeights::Name;
    const Color them = Color(c ^ 1);
    const Bitboard ours = pos.pieces(c, PAWN), theirs = pos.pieces(them, PAWN);
    const Bitboard defended = pawn_attacks(c, ours);
    const int up = c == WHITE ? 8 : -8;
    Bitboard passed = 0;
    for (Bitboard b = ours; b;) {
        const int sq = pop_lsb(b);
        const int f = file_of(sq), rr = relative_rank(c, sq);
        bool weak = true;
        if (!(ours & kSpans.beside[f]))
            s.add(-W[ISOLATED_MG], -W[ISOLATED_EG]);
        else if (rr < 6 && (their_attacks & bb(sq + up)) &&
                 !(ours & kSpans.beside[f] & (kSpans.passed[them][sq] | rank_bb(rank_of(sq)))))
            s.add(-W[BACKWARD_MG], -W[BACKWARD_EG]);
        else
            weak = false;
        // A weak pawn no enemy pawn stands in front of: the enemy's Rooks
        // can attack it down the file.
        if (weak && !(theirs & kSpans.front[c][sq]))
            s.add(-W[WEAK_UNOPPOSED_MG], -W[WEAK_UNOPPOSED_EG]);
        if (ours & kSpans.front[c][sq]) s.add(-W[DOUBLED_MG], -W[DOUBLED_EG]);
        if (defended & bb(sq))
            s.add(W[DEFENDED_MG] + W[DEFENDED_RANK_MG] * rr,
                  W[DEFENDED_EG] + W[DEFENDED_RANK_EG] * rr);
        else if (ours & kSpans.beside[f] & rank_bb(rank_of(sq)))
            s.add(W[PHALANX_MG] + W[PHALANX_RANK_MG] * rr, W[PHALANX_EG] + W[PHALANX_RANK_EG] * rr);
        if ((theirs & kSpans.passed[c][sq]) || (ours & kSpans.front[c][sq])) continue;
        passed |= bb(sq);
        const int stop = sq + up;
        const bool blocked = pos.pieces() & bb(stop);
        int mg = passed_mg(W, rr), eg = passed_eg(W, rr);
        if (blocked) {
            mg /= 2;
            eg /= 2;
        }
        if (rr >= 3)
            eg += (rr - 2) * (W[PASSED_THEIR_KING_EG] * distance(pos.king_square(them), stop) -
                              W[PASSED_OUR_KING_EG] * distance(pos.king_square(c), stop));
        s.add(mg, eg);
    }
    return passed;
}

// The passed pawns of c once every attack is known: a free path to the last
// rank counts, more if the enemy attacks none of it; in a pawn ending, a pawn
// the enemy King cannot catch (the rule of the square) is nearly a Queen:
// returns how many there are, whose bonus the endgame's scale leaves whole.
[[gnu::always_inline]] inline int passed_path_terms(const EvalWeights& W, const Position& pos,
                                                    Color c, Bitboard passed,
                                                    Bitboard their_attacks, Score& s) {
    using enum EvalWeights::Name;
    const Color them = Color(c ^ 1);
    const bool pawn_ending =
        !(pos.pieces(them) & ~pos.pieces(them, PAWN) & ~pos.pieces(them, KING));
    const int their_king = pos.king_square(them);
    int unstoppable = 0;
    while (passed) {
        const int sq = pop_lsb(passed);
        const int rr = relative_rank(c, sq);
        const Bitboard path = kSpans.front[c][sq];
        if (path & pos.pieces()) continue;
        if (rr >= 3)
            s.add(0,
                  (rr - 2) * (W[PASSED_FREE_EG] + (path & their_attacks ? 0 : W[PASSED_SAFE_EG])));
        if (pawn_ending) {
            const int queening = make_square(file_of(sq), c == WHITE ? 7 : 0);
            const int moves = 7 - (rr == 1 ? 2 : rr);
            if (distance(their_king, queening) - (pos.side_to_move() == them) > moves)
                ++unstoppable;
        }
    }
    return unstoppable;
}

// The shelter of c's King while it stands on its first two ranks: its own
// pawns in front of it on its file and the files beside, and open files there.
[[gnu::always_inline]] inline int shelter(const EvalWeights& W, const Position& pos, Color c) {
    using enum EvalWeights::Name;
    const int ksq = pos.king_square(c);
    const int krr = relative_rank(c, ksq);
    if (krr > 1) return -W[KING_OFF_BACK_RANKS];
    const Bitboard ours = pos.pieces(c, PAWN), theirs = pos.pieces(Color(c ^ 1), PAWN);
    const int ahead = c == WHITE ? 1 : -1;
    int f0 = file_of(ksq);
    f0 = f0 < 1 ? 1 : f0 > 6 ? 6 : f0;
    int score = 0;
    for (int f = f0 - 1; f <= f0 + 1; ++f) {
        const Bitboard file = file_bb(f);
        const Bitboard in_front = ours & kSpans.front[c][make_square(f, rank_of(ksq))];
        if (in_front & rank_bb(rank_of(ksq) + ahead))
            score += W[SHELTER_NEAR];
        else if (in_front & rank_bb(rank_of(ksq) + 2 * ahead))
            score += W[SHELTER_FAR];
        else if (!in_front)
            score -= theirs & file ? W[SHELTER_HALF_OPEN] : W[SHELTER_OPEN];
        // An enemy pawn storming up this file, on our third or fourth rank
        // (less if our pawn in front of it stops it).
        const Bitboard storm = theirs & kSpans.front[c][make_square(f, rank_of(ksq))];
        if (storm) {
            const int sq = c == WHITE ? lsb(storm) : 63 - std::countl_zero(storm);
            const int rr = relative_rank(c, sq);
            if (rr <= 3)
                score -= (ours & bb(sq - 8 * ahead)) ? W[STORM_STOPPED]
                         : rr == 3                   ? W[STORM_FOURTH_RANK]
                                                     : W[STORM_CLOSE];
        }
    }
    return score;
}

// The endgame score scaled down where the side ahead can rarely win: without
// pawns and at most a Bishop's worth ahead in pieces, with Bishops of
// opposite colours and nothing else but pawns, in the draws below (two
// Knights, the wrong Bishop for a rook's pawn); otherwise the fewer pawns the
// side ahead has left, the less its lead is worth (SCALE_BASE +
// SCALE_PER_PAWN a pawn, in 64ths, at most 64).
int scale_endgame(const EvalWeights& W, const Position& pos, const Bitboard passed[COLOR_NB],
                  int eg) {
    using enum EvalWeights::Name;
    const Color strong = eg >= 0 ? WHITE : BLACK, weak = Color(strong ^ 1);
    auto pieces_value = [&](Color c) {
        int v = 0;
        for (PieceType pt : {KNIGHT, BISHOP, ROOK, QUEEN})
            v += kValue[pt] * popcount(pos.pieces(c, pt));
        return v;
    };
    // A bare King against a Queen, a Rook, or a Bishop with another minor
    // piece is mated: no scale, whatever the pawnless positions of the games
    // the weights were fitted to say.
    if (pos.pieces(weak) == pos.pieces(weak, KING) && !pos.pieces(strong, PAWN) &&
        (pos.pieces(strong, QUEEN) || pos.pieces(strong, ROOK) ||
         (pos.pieces(strong, BISHOP) &&
          popcount(pos.pieces(strong, BISHOP) | pos.pieces(strong, KNIGHT)) > 1)))
        return eg;
    if (!pos.pieces(strong, PAWN) && pieces_value(strong) - pieces_value(weak) <= kValue[BISHOP])
        return eg / 8;
    // Two Knights cannot force mate on a bare King.
    if (pos.pieces(weak) == pos.pieces(weak, KING) &&
        pos.pieces(strong) == (pos.pieces(strong, KING) | pos.pieces(strong, KNIGHT)) &&
        popcount(pos.pieces(strong, KNIGHT)) == 2)
        return eg / 16;
    // A Bishop and pawns all on one rook's file, the Bishop not of the
    // colour of their queening square: with the defending King in that
    // corner, or beside it, nothing can drive it out.
    if (const Bitboard pawns = pos.pieces(strong, PAWN);
        pawns && pieces_value(strong) == kValue[BISHOP] && pos.pieces(strong, BISHOP) &&
        ((pawns & ~file_bb(0)) == 0 || (pawns & ~file_bb(7)) == 0)) {
        const int queening = (strong == WHITE ? 56 : 0) + file_of(lsb(pawns));
        if (!(same_colour(queening) & pos.pieces(strong, BISHOP)) &&
            distance(pos.king_square(weak), queening) <= 1)
            return eg / 16;
    }
    if (popcount(pos.pieces(WHITE, BISHOP)) == 1 && popcount(pos.pieces(BLACK, BISHOP)) == 1 &&
        !(pos.pieces(KNIGHT) | pos.pieces(ROOK) | pos.pieces(QUEEN))) {
        const int a = lsb(pos.pieces(WHITE, BISHOP)), b = lsb(pos.pieces(BLACK, BISHOP));
        // Bishops of opposite colours alone: a lead in pawns counts the
        // less, the fewer of them are passed.
        if (!(same_colour(a) & bb(b))) {
            const int scale = W[OPPOSITE_BISHOPS_SCALE] +
                              W[OPPOSITE_BISHOPS_PER_PASSED] * popcount(passed[strong]);
            return eg * std::clamp(scale, 0, 64) / 64;
        }
    }
    const int scale = W[SCALE_BASE] + W[SCALE_PER_PAWN] * popcount(pos.pieces(strong, PAWN));
    return scale >= 64 ? eg : eg * std::max(scale, 0) / 64;
}

// The endgame's complexity: a lead counts more with passed pawns, many
// pawns, pawns on both wings, Kings far apart across the files and in a
// pawn ending, and less without them, never turning to the other side.
int complexity_terms(const EvalWeights& W, const Position& pos, const Bitboard passed[COLOR_NB],
                     int eg) {
    using enum EvalWeights::Name;
    if (eg == 0) return 0;
    constexpr Bitboard kQueenSide = file_bb(0) | file_bb(1) | file_bb(2) | file_bb(3);
    const Bitboard pawns = pos.pieces(PAWN);
    const int wk = pos.king_square(WHITE), bk = pos.king_square(BLACK);
    const int df = file_of(wk) - file_of(bk), dr = rank_of(wk) - rank_of(bk);
    const int outflanking = (df < 0 ? -df : df) - (dr < 0 ? -dr : dr);
    const bool both_flanks = (pawns & kQueenSide) && (pawns & ~kQueenSide);
    const bool pawn_ending = pos.pieces() == (pawns | pos.pieces(KING));
    const int complexity = W[COMPLEXITY_PASSED] * popcount(passed[WHITE] | passed[BLACK]) +
                           W[COMPLEXITY_PAWNS] * popcount(pawns) +
                           W[COMPLEXITY_OUTFLANKING] * outflanking +
                           (both_flanks ? W[COMPLEXITY_BOTH_FLANKS] : 0) +
                           (pawn_ending ? W[COMPLEXITY_PAWN_ENDING] : 0) - W[COMPLEXITY_BASE];
    const int magnitude = eg < 0 ? -eg : eg;
    const int change = std::max(complexity, -magnitude);
    return eg > 0 ? change : -change;
}

// The evaluation with the weights W: the engine's, with the defaults compiled
// in as constants, and the tuner's.
[[gnu::always_inline]] inline int evaluate_impl(const Position& pos, const EvalWeights& W) {
    using enum EvalWeights::Name;
    Score s[COLOR_NB];
    int phase = 0;
    const Bitboard occ = pos.pieces();
    const Bitboard pawn_att[COLOR_NB] = {pawn_attacks(WHITE, pos.pieces(WHITE, PAWN)),
                                         pawn_attacks(BLACK, pos.pieces(BLACK, PAWN))};
    int attack_units[COLOR_NB] = {0, 0}, attackers[COLOR_NB] = {0, 0};
    Bitboard passed[COLOR_NB] = {0, 0};
    // What each side attacks: everything, twice, and by each kind of piece.
    Bitboard attacked[COLOR_NB], attacked2[COLOR_NB], attacked_by[COLOR_NB][PIECE_TYPE_NB] = {};
    for (Color c : {WHITE, BLACK}) {
        attacked_by[c][PAWN] = pawn_att[c];
        attacked_by[c][KING] = kKingAttacks[pos.king_square(c)];
        attacked[c] = pawn_att[c] | attacked_by[c][KING];
        attacked2[c] =
            (pawn_att[c] & attacked_by[c][KING]) | pawn_double_attacks(c, pos.pieces(c, PAWN));
    }
    for (Color c : {WHITE, BLACK}) {
        const Color them = Color(c ^ 1);
        const Bitboard own = pos.pieces(c);
        const Bitboard our_pawns = pos.pieces(c, PAWN), their_pawns = pos.pieces(them, PAWN);
        const Bitboard mobility_area = ~own & ~pawn_att[them];
        const int their_king = pos.king_square(them), our_king = pos.king_square(c);
        const Bitboard king_zone = kKingAttacks[their_king] | bb(their_king);
        // Outposts: on the enemy's half or the middle, guarded by a pawn,
        // where no enemy pawn can ever attack it.
        const Bitboard outposts = pawn_att[c] & ~pawn_attack_span(them, their_pawns) &
                                  (c == WHITE ? rank_bb(3) | rank_bb(4) | rank_bb(5)
                                              : rank_bb(2) | rank_bb(3) | rank_bb(4));
        const bool can_castle =
            pos.castling_rights() & (c == WHITE ? WHITE_OO | WHITE_OOO : BLACK_OO | BLACK_OOO);
        for (Bitboard b = own; b;) {
            const int sq = pop_lsb(b);
            const PieceType pt = type_of(pos.piece_on(sq));
            if (pt != KING)
                s[c].add(W.w[PAWN_MG + 2 * (int(pt) - int(PAWN))],
                         W.w[PAWN_EG + 2 * (int(pt) - int(PAWN))]);
            phase += kPhase[pt];
            square_terms(W, pt, c, sq, s[c].mg, s[c].eg);
            if (pt < KNIGHT || pt > QUEEN) continue;
            const Bitboard att = attacks_of(pt, sq, occ);
            attacked2[c] |= attacked[c] & att;
            attacked[c] |= att;
            attacked_by[c][pt] |= att;
            // Mobility: the kind's table, by the count of squares it reaches.
            const int reach = popcount(att & mobility_area);
            const int mob = mobility_weight(pt, reach);
            s[c].add(W.w[mob], W.w[mob + 1]);
            if (pawn_att[them] & bb(sq))  // a pawn threatens it
                s[c].add(-W[PAWN_THREAT_MG], -W[PAWN_THREAT_EG]);
            if (pt == ROOK && !(our_pawns & file_bb(file_of(sq)))) {
                const bool half_open = their_pawns & file_bb(file_of(sq));
                s[c].add(half_open ? W[ROOK_HALF_OPEN_MG] : W[ROOK_OPEN_MG],
                         half_open ? W[ROOK_HALF_OPEN_EG] : W[ROOK_OPEN_EG]);
            }
            // A Rook hemmed in on its King's side, the King unable to castle.
            if (pt == ROOK && reach <= 3 && !can_castle && relative_rank(c, our_king) == 0 &&
                (file_of(our_king) < 4) == (file_of(sq) < file_of(our_king)))
                s[c].mg -= W[ROOK_TRAPPED_MG];
            if (pt == BISHOP) {  // its own pawns on its colour hem it in
                const int hemmed = popcount(our_pawns & same_colour(sq));
                s[c].add(-W[BISHOP_PAWNS_MG] * hemmed, -W[BISHOP_PAWNS_EG] * hemmed);
                // Seeing both centre squares of a long diagonal past the pawns.
                constexpr Bitboard kCentre = bb(27) | bb(28) | bb(35) | bb(36);
                if (popcount(bishop_attacks(sq, pos.pieces(PAWN)) & kCentre) > 1)
                    s[c].mg += W[BISHOP_LONG_DIAGONAL_MG];
            }
            if (pt == KNIGHT || pt == BISHOP) {  // far from its King, it guards less
                const int d = distance(sq, our_king);
                s[c].add(-W[KING_PROTECTOR_MG] * d, -W[KING_PROTECTOR_EG] * d);
                if (!(outposts & bb(sq)) && (att & outposts & ~own))
                    s[c].add(W[REACHABLE_OUTPOST_MG], W[REACHABLE_OUTPOST_EG]);
            }
            if ((pt == KNIGHT || pt == BISHOP) && (pos.pieces(PAWN) & forward(c, bb(sq))))
                s[c].mg += W[MINOR_BEHIND_PAWN_MG];  // shielded from attack along its file
            // A Rook on a file through the enemy King's ring, a Bishop whose
            // diagonal reaches it past the pawns, neither attacking it yet.
            if (pt == ROOK && !(att & king_zone) && (file_bb(file_of(sq)) & king_zone))
                s[c].mg += W[ROOK_ON_KING_RING_MG];
            if (pt == BISHOP && !(att & king_zone) &&
                (bishop_attacks(sq, pos.pieces(PAWN)) & king_zone))
                s[c].mg += W[BISHOP_ON_KING_RING_MG];
            // A Queen in the enemy's half where no enemy pawn can drive it off.
            if (pt == QUEEN && relative_rank(c, sq) >= 4 &&
                !(pawn_attack_span(them, their_pawns) & bb(sq)))
                s[c].add(W[QUEEN_INFILTRATION_MG], W[QUEEN_INFILTRATION_EG]);
            // A Rook on the file of a Queen (either side's).
            if (pt == ROOK && (pos.pieces(QUEEN) & file_bb(file_of(sq))))
                s[c].add(W[ROOK_ON_QUEEN_FILE_MG], W[ROOK_ON_QUEEN_FILE_EG]);
            if ((pt == KNIGHT || pt == BISHOP) && (outposts & bb(sq)))
                s[c].add(pt == KNIGHT ? W[KNIGHT_OUTPOST_MG] : W[BISHOP_OUTPOST_MG],
                         pt == KNIGHT ? W[KNIGHT_OUTPOST_EG] : W[BISHOP_OUTPOST_EG]);
            if (const Bitboard hit = att & king_zone) {
                ++attackers[c];
                attack_units[c] += by_kind(W, KNIGHT_KING_ATTACKER, pt) +
                                   by_kind(W, KNIGHT_KING_ATTACK, pt) * popcount(hit);
            }
        }
        passed[c] = pawn_terms(W, pos, c, pawn_att[them], s[c]);
        if (popcount(pos.pieces(c, BISHOP)) >= 2) s[c].add(W[BISHOP_PAIR_MG], W[BISHOP_PAIR_EG]);
    }
    // The squares each side holds strongly: by a pawn, or twice where the
    // other side holds them at most once.
    const Bitboard held[COLOR_NB] = {pawn_att[WHITE] | (attacked2[WHITE] & ~attacked2[BLACK]),
                                     pawn_att[BLACK] | (attacked2[BLACK] & ~attacked2[WHITE])};
    int unstoppable[COLOR_NB] = {0, 0};
    for (Color c : {WHITE, BLACK}) {
        const Color them = Color(c ^ 1);
        const int our_shelter = shelter(W, pos, c);
        s[c].mg += our_shelter;
        unstoppable[c] = passed_path_terms(W, pos, c, passed[c], attacked[them], s[c]);
        // Pawn pushes to squares the enemy's pawns do not attack (and where
        // the pawn is defended if attacked at all) that would attack a piece
        // or give check.
        const Bitboard our_pawns = pos.pieces(c, PAWN);
        Bitboard push = forward(c, our_pawns) & ~occ;
        push |= forward(c, push & rank_bb(c == WHITE ? 2 : 5)) & ~occ;
        push &= ~pawn_att[them] & (attacked[c] | ~attacked[them]);
        const int push_threats =
            popcount(pawn_attacks(c, push) & pos.pieces(them) & ~pos.pieces(them, PAWN));
        s[c].add(W[PUSH_THREAT_MG] * push_threats, W[PUSH_THREAT_EG] * push_threats);
        // Space: safe squares of the centre files on c's second to fourth
        // ranks, twice those behind its own pawns.
        const Bitboard area = kCentreFiles & (c == WHITE ? kWhiteSpaceRanks : kBlackSpaceRanks);
        const Bitboard safe_space = area & ~our_pawns & ~pawn_att[them];
        const Bitboard behind = backward_fill(c, our_pawns);
        s[c].mg += W[SPACE_MG] * (popcount(safe_space) + popcount(safe_space & behind));
        // Threats to c's pieces: a Rook or Queen a minor piece attacks, a
        // Queen a Rook attacks, and any piece attacked and not defended.
        const Bitboard minors = attacked_by[them][KNIGHT] | attacked_by[them][BISHOP];
        const int majors_hit = popcount((pos.pieces(c, ROOK) | pos.pieces(c, QUEEN)) & minors) +
                               popcount(pos.pieces(c, QUEEN) & attacked_by[them][ROOK]);
        const int hanging = popcount((pos.pieces(c) & ~pos.pieces(c, PAWN) & ~pos.pieces(c, KING)) &
                                     attacked[them] & ~attacked[c]);
        s[c].add(-W[MAJOR_THREAT_MG] * majors_hit - W[HANGING_MG] * hanging,
                 -W[MAJOR_THREAT_EG] * majors_hit - W[HANGING_EG] * hanging);
        // A minor piece a minor piece attacks, no pawn of ours guarding it;
        // a pawn attacked and not defended.
        const int minors_hit =
            popcount((pos.pieces(c, KNIGHT) | pos.pieces(c, BISHOP)) & minors & ~pawn_att[c]);
        const int pawns_hanging = popcount(our_pawns & attacked[them] & ~attacked[c]);
        s[c].add(-W[MINOR_THREAT_MG] * minors_hit - W[HANGING_PAWN_MG] * pawns_hanging,
                 -W[MINOR_THREAT_EG] * minors_hit - W[HANGING_PAWN_EG] * pawns_hanging);
        // Squares the enemy holds strongly; the squares c's pieces may
        // safely go to.
        const Bitboard strong = held[them];
        const Bitboard safe_to = ~pos.pieces(c) & ~strong;
        // Squares both sides attack that the enemy does not hold strongly:
        // they restrict the enemy's pieces.
        const int restricted = popcount(attacked[them] & ~strong & attacked[c]);
        s[c].add(W[RESTRICTED_MG] * restricted, W[RESTRICTED_EG] * restricted);
        // The enemy's Queen (a lone one) attackable next move from a safe
        // square by a Knight, or by a Bishop or Rook that another piece backs.
        if (const Bitboard queens = pos.pieces(them, QUEEN); popcount(queens) == 1) {
            const int qsq = lsb(queens);
            const int knight_hits =
                popcount(kKnightAttacks[qsq] & attacked_by[c][KNIGHT] & safe_to);
            const int slider_hits = popcount(((bishop_attacks(qsq, occ) & attacked_by[c][BISHOP]) |
                                              (rook_attacks(qsq, occ) & attacked_by[c][ROOK])) &
                                             safe_to & attacked2[c]);
            s[c].add(W[KNIGHT_ON_QUEEN_MG] * knight_hits + W[SLIDER_ON_QUEEN_MG] * slider_hits,
                     W[KNIGHT_ON_QUEEN_EG] * knight_hits + W[SLIDER_ON_QUEEN_EG] * slider_hits);
        }
        // Our Queen (a lone one) on the line of an enemy Rook or Bishop
        // behind one piece: a pin or a discovered attack away.
        if (const Bitboard queens = pos.pieces(c, QUEEN); popcount(queens) == 1) {
            const int qsq = lsb(queens);
            const Bitboard snipers = (rook_attacks(qsq, 0) & pos.pieces(them, ROOK)) |
                                     (bishop_attacks(qsq, 0) & pos.pieces(them, BISHOP));
            for (Bitboard b = snipers; b;)
                if (popcount(kLines.between[qsq][pop_lsb(b)] & occ) == 1) {
                    s[c].add(-W[WEAK_QUEEN_MG], -W[WEAK_QUEEN_EG]);
                    break;
                }
        }
        // Our minor pieces and pawns an enemy Rook attacks, where we do not
        // hold them strongly; our pieces attacked by an enemy pawn that is
        // itself safe (guarded, or not attacked).
        const Bitboard our_strong = held[c];
        const int rook_hits = popcount((pos.pieces(c, KNIGHT) | pos.pieces(c, BISHOP) | our_pawns) &
                                       attacked_by[them][ROOK] & ~our_strong);
        const Bitboard safe_pawns = pos.pieces(them, PAWN) & (attacked[them] | ~attacked[c]);
        const int pawn_hits = popcount(pawn_attacks(them, safe_pawns) & pos.pieces(c) & ~our_pawns &
                                       ~pos.pieces(c, KING));
        s[c].add(-W[ROOK_THREAT_MG] * rook_hits - W[SAFE_PAWN_THREAT_MG] * pawn_hits,
                 -W[ROOK_THREAT_EG] * rook_hits - W[SAFE_PAWN_THREAT_EG] * pawn_hits);
        // Our King on a wing without pawns of either side.
        if (!(pos.pieces(PAWN) & kFlank[file_of(pos.king_square(c))]))
            s[c].add(-W[PAWNLESS_FLANK_MG], -W[PAWNLESS_FLANK_EG]);
        // A Rook of ours behind our passed pawn, on its file.
        for (Bitboard b = passed[c]; b;)
            if (pos.pieces(c, ROOK) & kSpans.front[them][pop_lsb(b)])
                s[c].eg += W[ROOK_BEHIND_PASSER_EG];
        // Our King attacks an enemy piece or pawn the enemy does not hold
        // strongly.
        if (attacked_by[c][KING] & pos.pieces(them) & ~strong)
            s[c].add(W[KING_THREAT_MG], W[KING_THREAT_EG]);
        // In the endgame our King belongs near our pawns.
        if (our_pawns) {
            int nearest = 7;
            for (Bitboard b = our_pawns; b;)
                nearest = std::min(nearest, distance(pos.king_square(c), pop_lsb(b)));
            s[c].eg -= W[KING_PAWN_DISTANCE_EG] * nearest;
        }
        // Our pieces pinned to our King by an enemy Rook, Bishop or Queen.
        const int ksq = pos.king_square(c);
        const Bitboard snipers =
            (rook_attacks(ksq, 0) & (pos.pieces(them, ROOK) | pos.pieces(them, QUEEN))) |
            (bishop_attacks(ksq, 0) & (pos.pieces(them, BISHOP) | pos.pieces(them, QUEEN)));
        int pinned = 0;
        for (Bitboard b = snipers; b;) {
            const Bitboard between = kLines.between[ksq][pop_lsb(b)] & occ;
            if (popcount(between) == 1 && (between & pos.pieces(c) & ~our_pawns)) ++pinned;
        }
        s[c].add(-W[PINNED_MG] * pinned, -W[PINNED_EG] * pinned);
        // The squares of our King's wing in our camp the enemy attacks, and
        // those it attacks twice.
        const Bitboard camp = c == WHITE ? 0x000000FFFFFFFFFFULL : 0xFFFFFFFFFF000000ULL;
        const Bitboard flank = kFlank[file_of(ksq)] & camp;
        const Bitboard flank_hit = flank & attacked[them];
        const int flank_attacks = popcount(flank_hit) + popcount(flank_hit & attacked2[them]);
        s[c].mg -= W[KING_FLANK_ATTACK_MG] * flank_attacks;
        // Squares beside our King the enemy attacks that we defend at most
        // once, and then only with the King or the Queen.
        const Bitboard weak = attacked[them] & ~attacked2[c] &
                              (~attacked[c] | attacked_by[c][KING] | attacked_by[c][QUEEN]);
        attack_units[them] += W[KING_RING_WEAK] * popcount(kKingAttacks[ksq] & weak);
        // Checks the enemy can give from squares c does not guard, and those
        // from squares c guards (on which the checking piece could be taken).
        const Bitboard safe = ~attacked[c] & ~pos.pieces(them);
        const Bitboard diagonal = bishop_attacks(ksq, occ), straight = rook_attacks(ksq, occ);
        const Bitboard checks[4] = {
            kKnightAttacks[ksq] & attacked_by[them][KNIGHT], diagonal & attacked_by[them][BISHOP],
            straight & attacked_by[them][ROOK], (diagonal | straight) & attacked_by[them][QUEEN]};
        Bitboard unsafe_checks = 0;
        for (int k = 0; k < 4; ++k) {
            if (checks[k] & safe)
                attack_units[them] += W.w[KNIGHT_SAFE_CHECK + k];
            else
                unsafe_checks |= checks[k] & ~pos.pieces(them);
        }
        // The attack on c's King: quadratic in its weight, from two pieces on;
        // more for our pinned pieces and their hold on our wing, less for our
        // shelter, our hold on the wing and their missing Queen.
        if (attackers[them] >= 2) {
            attack_units[them] += W[UNSAFE_CHECK] * popcount(unsafe_checks) +
                                  W[KING_BLOCKERS] * pinned +
                                  (W[KING_FLANK_DANGER] * flank_attacks -
                                   W[KING_FLANK_DEFENCE] * popcount(flank & attacked[c])) /
                                      8 -
                                  W[KING_SHELTER_DANGER] * our_shelter / 32 + W[KING_DANGER_BASE] -
                                  (pos.pieces(them, QUEEN) ? 0 : W[KING_DANGER_NO_QUEEN]);
            if (attack_units[them] > 0) {
                int danger = attack_units[them] * attack_units[them] * W[KING_DANGER_SCALE] / 64;
                if (!pos.pieces(them, QUEEN)) danger /= 2;
                s[c].add(-(danger < W[KING_DANGER_MAX] ? danger : W[KING_DANGER_MAX]),
                         -W[KING_DANGER_EG] * attack_units[them] / 16);
            }
        }
    }
    if (phase > 24) phase = 24;
    const int mg_score = s[WHITE].mg - s[BLACK].mg;
    int eg_score = s[WHITE].eg - s[BLACK].eg;
    eg_score =
        scale_endgame(W, pos, passed, eg_score + complexity_terms(W, pos, passed, eg_score)) +
        W[UNSTOPPABLE_EG] * (unstoppable[WHITE] - unstoppable[BLACK]);
    const int score = (mg_score * phase + eg_score * (24 - phase)) / 24;
    return (pos.side_to_move() == WHITE ? score : -score) + W[TEMPO];  // side to move bonus
}

}  // namespace

using Threats = ChessLikeThreats<PAWN, KNIGHT, BISHOP, ROOK, QUEEN>;

OrderThreats order_threats(const Position& pos) {
    return Threats::threats(pos, kPawnAttacks, [](PieceType pt, int sq, Bitboard occ) {
        return attacks_of(pt, sq, occ);
    });
}

int threat_order_bonus(const Position& pos, const OrderThreats& t, Move m) {
    return Threats::bonus(pos, t, m);
}

int evaluate(const Position& pos) { return evaluate_impl(pos, kEvalWeights); }

int evaluate_with(const Position& pos, const EvalWeights& weights) {
    return evaluate_impl(pos, weights);
}

int sparse_weights(const Position& pos, int* out) {
    int n = 0;
    const Bitboard occ = pos.pieces();
    // evaluate_impl's mobility area: not our pieces, not attacked by an enemy pawn.
    Bitboard area[COLOR_NB];
    for (Color c : {WHITE, BLACK})
        area[c] = ~pos.pieces(c) & ~pawn_attacks(Color(c ^ 1), pos.pieces(Color(c ^ 1), PAWN));
    for (Bitboard b = occ; b;) {
        const int sq = pop_lsb(b);
        const Piece p = pos.piece_on(sq);
        const PieceType pt = type_of(p);
        const Color c = color_of(p);
        out[n] = square_weight(pt, c, sq);
        out[n + 1] = out[n] + 1;
        n += 2;
        if (pt < KNIGHT || pt > QUEEN) continue;
        out[n] = mobility_weight(pt, popcount(attacks_of(pt, sq, occ) & area[c]));
        out[n + 1] = out[n] + 1;
        n += 2;
    }
    return n;
}

}  // namespace chimera::chess
