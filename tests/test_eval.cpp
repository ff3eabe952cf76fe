// The evaluations (issue 17): each variant's the same for both colours (a
// property over random playouts: a position and its colour-flipped mirror get
// the same score for the side to move), and the chess terms in the direction
// a player expects.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cctype>
#include <cstdint>
#include <map>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "chess4d_reference.h"
#include "core/threats.h"
#include "variants/chess/eval.h"
#include "variants/chess4d/eval.h"
#include "variants/wataku/eval.h"
#include "variants/wreckage/eval.h"
#include "workload.h"

namespace chimera {
namespace {

std::string swap_case(std::string s) {
    for (char& ch : s)
        ch = std::isupper(static_cast<unsigned char>(ch))
                 ? static_cast<char>(std::tolower(static_cast<unsigned char>(ch)))
                 : static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
    return s;
}

// A FEN placement (ranks top to bottom, separated by '/') turned top to
// bottom with the colours exchanged.
std::string flip_placement(const std::string& placement) {
    std::string flipped;
    for (std::size_t end = placement.size();;) {
        const std::size_t slash = placement.rfind('/', end - 1);
        const std::size_t begin = slash == std::string::npos ? 0 : slash + 1;
        if (!flipped.empty()) flipped += '/';
        flipped += swap_case(placement.substr(begin, end - begin));
        if (slash == std::string::npos) break;
        end = slash;
    }
    return flipped;
}

// A Wataku reserve or a Wreckage hand (White's letters, then Black's, or
// "-") with the owners exchanged.
std::string flip_reserve(const std::string& reserve) {
    if (reserve == "-") return reserve;
    std::string white, black;
    for (char ch : reserve) (std::isupper(static_cast<unsigned char>(ch)) ? white : black) += ch;
    return swap_case(black) + swap_case(white);
}

// Castling rights with the owners exchanged, written in the FEN's order.
std::string flip_rights(const std::string& castling, const std::string& order) {
    if (castling == "-") return castling;
    const std::string swapped = swap_case(castling);
    std::string rights;
    for (char ch : order)
        if (swapped.find(ch) != std::string::npos) rights += ch;
    return rights;
}

// The FEN of the position with the colours exchanged and the board turned
// top to bottom (White's pieces become Black's on the mirrored squares).
std::string flip_colours(const std::string& fen) {
    std::istringstream in(fen);
    std::string placement, side, castling, ep, rest;
    in >> placement >> side >> castling >> ep;
    std::getline(in, rest);
    const std::string flipped = flip_placement(placement);
    const std::string rights = flip_rights(castling, "KQkq");
    if (ep != "-") ep[1] = static_cast<char>('1' + ('8' - ep[1]));
    return flipped + (side == "w" ? " b " : " w ") + rights + " " + ep + rest;
}

chess::Position load(const std::string& fen) {
    chess::Position pos;
    EXPECT_TRUE(pos.set_fen(fen)) << fen;
    return pos;
}

TEST(ChessEvaluation, FlipColoursTurnsTheBoardAndTheRights) {
    EXPECT_EQ(flip_colours("4k3/8/8/3p4/8/2N5/8/4K2R w K - 3 40"),
              "4k2r/8/2n5/8/3P4/8/8/4K3 b k - 3 40");
    EXPECT_EQ(flip_colours("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b Kq e3 0 3"),
              "rnbqkbnr/pppp1ppp/8/3Pp3/8/8/PPP1PPPP/RNBQKBNR w Qk e6 0 3");
}

// The 4D FEN of the position mirrored as D-4 mirrors the start: White's
// piece on file f, rank y, board [z,w] becomes Black's on file f, rank 5 - y,
// board [1 - z, 1 - w], and the other side is to move.
std::string flip_colours_4d(const std::string& fen) {
    chess4d::Position pos;
    EXPECT_TRUE(pos.set_fen(fen)) << fen;
    std::istringstream in(fen);
    std::string placement, side;
    int halfmove = 0, fullmove = 1;
    in >> placement >> side >> halfmove >> fullmove;
    const ref4d::Board board = ref4d::board_of(pos);
    ref4d::Board mirror = ref4d::empty_board();
    for (int c = 0; c < 64; ++c) {
        const ref4d::Coord k = ref4d::coord(c);
        const char p = board[c];
        mirror[ref4d::cell(k.x, 3 - k.y, 1 - k.z, 1 - k.w)] =
            ref4d::is_white(p) ? static_cast<char>(std::tolower(static_cast<unsigned char>(p)))
                               : static_cast<char>(std::toupper(static_cast<unsigned char>(p)));
    }
    return ref4d::fen(mirror, side != "w", halfmove, fullmove);
}

TEST(Chess4dEvaluation, FlipColoursMirrorsTheStartPosition) {
    // D-4: Black's start is White's mirrored through the centre.
    const std::string start(chess4d::Position::kStartFen);
    const std::string flipped = flip_colours_4d(start);
    EXPECT_EQ(flipped.substr(0, flipped.find(' ')), start.substr(0, start.find(' ')));
    // White King a1[0,0] becomes Black's on a4[1,1]; Black's d1[1,0], White's d4[0,1].
    EXPECT_EQ(flip_colours_4d("8/8/8/8/8/8/8/K6k w 0 1"), "3Kk3/8/8/8/8/8/8/8 b 0 1");
}

// Any weights, not only the listed ones, score a position and its mirror alike:
// the evaluation reads each weight the same way for both colours
// (IsTheSameForBothColoursWithAnyWeights, with the weights shaken by up to 20).
template <class Weights>
Weights shaken(Weights w, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    for (int& v : w.w) v += static_cast<int>(rng() % 41) - 20;
    return w;
}

// Plays random games from start(game) (captures preferred, so that they
// lose material and reach endgames) and checks that every position scores
// the same for the side to move as its mirror, flip(fen). Returns how many
// positions were checked.
template <class Pos, class Start, class Flip, class Eval>
int check_colour_symmetry(std::uint64_t seed, int games, int plies, Start start, Flip flip,
                          Eval evaluate) {
    std::mt19937_64 rng(seed);
    int checked = 0;
    for (int game = 0; game < games; ++game) {
        Pos pos;
        EXPECT_TRUE(start(pos, game));
        for (int ply = 0; ply < plies; ++ply) {
            typename Pos::Moves moves;
            pos.legal_moves(moves);
            if (moves.empty()) break;
            const std::string fen = pos.fen();
            Pos mirror;
            EXPECT_TRUE(mirror.set_fen(flip(fen))) << fen;
            EXPECT_EQ(evaluate(pos), evaluate(mirror)) << fen;
            if (::testing::Test::HasFailure()) return checked;
            ++checked;
            Move m = moves[rng() % moves.size()];
            for (Move c : moves)
                if (pos.is_capture(c) && rng() % 2) m = c;
            pos.do_move(m);
        }
    }
    return checked;
}

template <class Pos>
bool from_start(Pos& pos, int) {
    return static_cast<bool>(pos.set_fen(Pos::kStartFen));
}

TEST(Chess4dEvaluation, IsTheSameForBothColours) {
    const int checked = check_colour_symmetry<chess4d::Position>(
        0x4DE7, testing::workload(200, 6), 80, from_start<chess4d::Position>, flip_colours_4d,
        [](const chess4d::Position& p) { return chess4d::evaluate(p); });
    EXPECT_GT(checked, testing::workload(4000, 6));
}

TEST(Chess4dEvaluation, IsTheSameForBothColoursWithAnyWeights) {
    const chess4d::EvalWeights w = shaken(chess4d::kEvalWeights, 0x3E1B);
    const int checked = check_colour_symmetry<chess4d::Position>(
        0x4DE8, testing::workload(40, 4), 80, from_start<chess4d::Position>, flip_colours_4d,
        [&](const chess4d::Position& p) { return chess4d::evaluate_with(p, w); });
    EXPECT_GT(checked, testing::workload(800, 4));
}

TEST(ChessEvaluation, IsTheSameForBothColours) {
    const int checked = check_colour_symmetry<chess::Position>(
        0xE7A1, testing::workload(60, 6), 160, from_start<chess::Position>, flip_colours,
        [](const chess::Position& p) { return chess::evaluate(p); });
    EXPECT_GT(checked, testing::workload(5000, 6));
}

// The evaluation reads every weight of its list (its variant's weights.h):
// over random games, and the positions `extra` adds for terms random games
// reach rarely, each weight moved by 40 changes the score of some position,
// and the listed weights give the engine's evaluation exactly.
template <class Pos, class Weights, class Eval, class EvalWith>
void check_reads_every_weight(std::uint64_t seed, const Weights& defaults,
                              const std::array<std::string_view, Weights::COUNT>& names,
                              Eval evaluate, EvalWith evaluate_with,
                              const std::vector<std::string>& extra = {}) {
    std::vector<Pos> positions;
    for (const std::string& fen : extra) {
        Pos pos;
        ASSERT_TRUE(pos.set_fen(fen)) << fen;
        positions.push_back(pos);
    }
    std::mt19937_64 rng(seed);
    for (int game = 0; game < testing::workload(40, 4); ++game) {
        Pos pos;
        ASSERT_TRUE(pos.set_fen(Pos::kStartFen));
        for (int ply = 0; ply < 160; ++ply) {
            typename Pos::Moves moves;
            pos.legal_moves(moves);
            if (moves.empty()) break;
            Pos copy;  // one state, not a game's reserve
            ASSERT_TRUE(copy.set_fen(pos.fen()));
            positions.push_back(copy);
            Move m = moves[rng() % moves.size()];
            for (Move c : moves)
                if (pos.is_capture(c) && rng() % 3 == 0) m = c;
            pos.do_move(m);
        }
    }
    for (const auto& pos : positions)
        ASSERT_EQ(evaluate_with(pos, defaults), evaluate(pos)) << pos.fen();
    for (int i = 0; i < Weights::COUNT; ++i) {
        Weights w = defaults;
        w.w[i] += 40;
        const bool read = std::any_of(positions.begin(), positions.end(), [&](const auto& pos) {
            return evaluate_with(pos, w) != evaluate(pos);
        });
        EXPECT_TRUE(read) << names[i] << " changes no position's score";
    }
}

// The FEN placement of 64 squares, a8 first as a FEN reads them ('.' empty).
std::string placement_of(const std::string& board) {
    std::string fen;
    for (int r = 0; r < 8; ++r) {
        int empty = 0;
        for (int f = 0; f < 8; ++f) {
            const char c = board[r * 8 + f];
            if (c == '.') {
                ++empty;
                continue;
            }
            if (empty) fen += static_cast<char>('0' + empty);
            empty = 0;
            fen += c;
        }
        if (empty) fen += static_cast<char>('0' + empty);
        if (r < 7) fen += '/';
    }
    return fen;
}

// A White piece (or the White King) on each square of the Queen's side
// that the piece-square weights (square_weights.h) cover, beside a Black
// Queen, so that the middlegame weights count too (and a White pawn, so
// that the endgame is not one the evaluation scales down to nothing): the
// few random games of a sanitizer build do not reach every one. Each also
// with a White Rook on e2: where the endgame's score is near zero the
// complexity term may take it to zero, and a square's endgame weight with it.
std::vector<std::string> every_square_weight() {
    std::vector<std::string> fens;
    for (char piece : std::string("PNBRQK"))
        for (int rank = piece == 'P' ? 2 : 1; rank <= (piece == 'P' ? 7 : 8); ++rank)
            for (int file = 0; file < 8; ++file) {
                std::string board(64, '.');  // a8 first, as a FEN reads
                auto at = [&](int f, int r) -> char& { return board[(8 - r) * 8 + f]; };
                at(7, 8) = 'k';
                at(6, 8) = 'q';                                    // not attacking h1
                if (piece != 'K') at(7, 1) = 'K', at(7, 2) = 'P';  // no bare Queens' ending
                if (file >= 4) at(4, 2) = 'R';
                at(file % 4, rank) = piece;
                // White's King may stand in the Queen's lines: White to move.
                fens.push_back(placement_of(board) + (piece == 'K' ? " w" : " b") + " - - 0 1");
            }
    return fens;
}

// A White Knight, Bishop, Rook and Queen on d4 reaching each count of squares
// the mobility weights (mobility_weights.h) cover, from none to all: White
// pieces put where they take the most squares from it that still leave at
// least the count (off its lines, the Kings, a White pawn and a Black Queen,
// so that the middlegame weights count too).
std::vector<std::string> every_mobility_weight() {
    std::vector<std::string> fens;
    const int d4 = 3 * 8 + 3;
    for (chess::PieceType pt : {chess::KNIGHT, chess::BISHOP, chess::ROOK, chess::QUEEN}) {
        const char letter = "..NBRQ"[pt];
        const int most = pt == chess::KNIGHT   ? 8
                         : pt == chess::BISHOP ? 13
                         : pt == chess::ROOK   ? 14
                                               : 27;
        for (int count = 0; count <= most; ++count) {
            std::string board(64, '.');
            auto at = [&](int sq) -> char& { return board[(7 - sq / 8) * 8 + sq % 8]; };
            at(7 * 8 + 0) = 'K', at(7 * 8 + 6) = 'k', at(5 * 8 + 7) = 'q', at(1 * 8 + 7) = 'P';
            at(d4) = letter;
            auto reach = [&] {
                chess::Bitboard occ = 0, white = 0;
                for (int sq = 0; sq < 64; ++sq) {
                    if (at(sq) == '.') continue;
                    occ |= chess::Bitboard{1} << sq;
                    if (std::isupper(static_cast<unsigned char>(at(sq))))
                        white |= chess::Bitboard{1} << sq;
                }
                return chess::attacks_of(pt, d4, occ) & ~white;
            };
            for (chess::Bitboard r = reach(); std::popcount(r) > count; r = reach()) {
                int best = -1, best_left = 64;
                // A pawn where one may stand and White has fewer than eight, else a Bishop.
                const char blocker_on_rank_2_to_7 =
                    std::count(board.begin(), board.end(), 'P') < 8 ? 'P' : 'B';
                for (chess::Bitboard b = r; b; b &= b - 1) {
                    const int sq = std::countr_zero(b);
                    at(sq) = sq / 8 == 0 || sq / 8 == 7 ? 'B' : blocker_on_rank_2_to_7;
                    const int left = std::popcount(reach());
                    at(sq) = '.';
                    if (left >= count && left < best_left) best = sq, best_left = left;
                }
                at(best) = best / 8 == 0 || best / 8 == 7 ? 'B' : blocker_on_rank_2_to_7;
            }
            // Black to move: a White blocker may give check.
            fens.push_back(placement_of(board) + " b - - 0 1");
        }
    }
    return fens;
}

TEST(ChessEvaluation, ReadsEveryWeightOfItsList) {
    // A pawn ending with a pawn the enemy King cannot catch, which random
    // games rarely reach, every piece-square weight's square and every
    // mobility weight's count.
    std::vector<std::string> extra = every_square_weight();
    for (const std::string& fen : every_mobility_weight()) extra.push_back(fen);
    extra.push_back("6k1/8/8/8/8/8/P7/7K w - - 0 1");
    // Bishops of opposite colours, White's a- and h-pawns passed (with one
    // pawn alone the complexity term takes the endgame's score to zero).
    extra.push_back("6k1/8/3b4/8/P6P/8/2B5/6K1 w - - 0 1");
    // A King stripped bare before every White piece, whose danger reaches
    // KING_DANGER_MAX's cap.
    extra.push_back("6k1/1R6/p7/6N1/6N1/7Q/2B5/3R2K1 b - - 0 1");
    check_reads_every_weight<chess::Position>(0x3E16, chess::kEvalWeights, chess::kEvalWeightNames,
                                              chess::evaluate, chess::evaluate_with, extra);
}

TEST(Chess4dEvaluation, ReadsEveryWeightOfItsList) {
    check_reads_every_weight<chess4d::Position>(0x3E1A, chess4d::kEvalWeights,
                                                chess4d::kEvalWeightNames, chess4d::evaluate,
                                                chess4d::evaluate_with);
}

TEST(WreckageEvaluation, ReadsEveryWeightOfItsList) {
    check_reads_every_weight<wreckage::Position>(0x3E18, wreckage::kEvalWeights,
                                                 wreckage::kEvalWeightNames, wreckage::evaluate,
                                                 wreckage::evaluate_with);
}

TEST(WatakuEvaluation, ReadsEveryWeightOfItsList) {
    // A King with no flight (its neighbours its own pieces, W-9) and one
    // with a single flight: the few games of a debug build may reach neither.
    check_reads_every_weight<wataku::Position>(
        0x3E1C, wataku::kEvalWeights, wataku::kEvalWeightNames, wataku::evaluate,
        wataku::evaluate_with,
        {"1k3k3/9/9/9/9/9/9/TT7/KP3K3 w - 1", "1k3k3/9/9/9/9/9/9/T8/KP3K3 b - 1",
         // A Queen and a Knight against nothing: the side ahead plays to mate.
         "4tk3/5k3/5t3/5t3/4tTTQ1/6K2/5TKT1/9/9 w N 201"});
}

TEST(ChessEvaluation, IsTheSameForBothColoursWithAnyWeights) {
    const chess::EvalWeights w = shaken(chess::kEvalWeights, 0x3E17);
    const int checked = check_colour_symmetry<chess::Position>(
        0xE7A2, testing::workload(20, 4), 160, from_start<chess::Position>, flip_colours,
        [&](const chess::Position& p) { return chess::evaluate_with(p, w); });
    EXPECT_GT(checked, testing::workload(1500, 4));
}

// The FEN of the position with the wings exchanged (files a-h turned h-a),
// for positions without castling rights (they are not symmetric).
std::string flip_wings(const std::string& fen) {
    std::istringstream in(fen);
    std::string placement, side, castling, ep, rest;
    in >> placement >> side >> castling >> ep;
    std::getline(in, rest);
    std::string flipped, rank;
    for (char ch : placement + "/") {
        if (ch != '/') {
            rank += ch;
            continue;
        }
        if (!flipped.empty()) flipped += '/';
        flipped.append(rank.rbegin(), rank.rend());  // a digit is one run of empty squares
        rank.clear();
    }
    if (ep != "-") ep[0] = static_cast<char>('a' + ('h' - ep[0]));
    return flipped + " " + side + " " + castling + " " + ep + rest;
}

TEST(ChessEvaluation, FlipWingsTurnsTheFiles) {
    EXPECT_EQ(flip_wings("4k3/8/8/3pP3/8/2N5/8/4K3 w - d6 3 40"),
              "3k4/8/8/3Pp3/8/5N2/8/3K4 w - e6 3 40");
}

// The piece-square weights (square_weights.h) are those of the Queen's side,
// read by a piece on the King's side on the square its file mirrors, and the
// other terms know no wing either: with any weights (but one, below), a
// position without castling rights scores as its mirror between the wings.
TEST(ChessEvaluation, IsTheSameForBothWingsWithAnyWeights) {
    // All but one: a King at home on the c-file stands where castling
    // long puts it, and counts as castled (KING_CASTLED_MG); on the f-file it
    // does not.
    chess::EvalWeights w = shaken(chess::kEvalWeights, 0x3E19);
    w.w[chess::EvalWeights::KING_CASTLED_MG] = 0;
    const int checked = check_colour_symmetry<chess::Position>(
        0xE7A3, testing::workload(20, 4), 160,
        [](chess::Position& pos, int) {
            return static_cast<bool>(
                pos.set_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"));
        },
        flip_wings, [&](const chess::Position& p) { return chess::evaluate_with(p, w); });
    EXPECT_GT(checked, testing::workload(1500, 4));
}

// The tuner (tools/tune_eval.cpp) measures a mobility or piece-square
// weight only on the positions whose sparse_weights list it: any such weight
// that moves a position's score must be listed, or the fit would not see
// it. Positions of random games, with the weights shaken so that none is 0.
TEST(ChessEvaluation, TheSparseWeightsListedAreAllThatMoveTheScore) {
    using chess::EvalWeights;
    const EvalWeights w = shaken(chess::kEvalWeights, 0x3E1B);
    std::mt19937_64 rng(0x5A7);
    int positions = 0, listed_that_move = 0;
    for (int game = 0; game < testing::workload(12, 3); ++game) {
        chess::Position pos;
        ASSERT_TRUE(pos.set_fen(chess::Position::kStartFen));
        for (int ply = 0; ply < 120; ++ply) {
            chess::Position::Moves moves;
            pos.legal_moves(moves);
            if (moves.empty()) break;
            if (ply % 6 == 0) {
                ++positions;
                int read[128];
                const int n = chess::sparse_weights(pos, read);
                ASSERT_LE(n, 128);
                const int base = chess::evaluate_with(pos, w);
                for (int i = EvalWeights::MOB_N_0_MG; i < EvalWeights::COUNT; ++i) {
                    EvalWeights more = w;
                    more.w[i] += 50;
                    const bool moves_score = chess::evaluate_with(pos, more) != base;
                    const bool listed = std::find(read, read + n, i) != read + n;
                    if (moves_score) {
                        EXPECT_TRUE(listed)
                            << chess::kEvalWeightNames[i] << " moves the score of " << pos.fen();
                    }
                    listed_that_move += listed && moves_score;
                }
            }
            pos.do_move(moves[rng() % moves.size()]);
        }
    }
    // Most pieces' weights move the score: the check is not vacuous.
    EXPECT_GT(listed_that_move, positions * 10);
}

// A piece reads the piece-square weight of its square counted from its own
// side, on the Queen's side: a Knight on b1 or g1 for White, on b8 or g8 for
// Black, and no other Knight.
TEST(ChessEvaluation, APieceReadsTheSquareWeightOfItsOwnSquare) {
    chess::EvalWeights more = chess::kEvalWeights;
    more.w[chess::EvalWeights::PSQ_N_B1_MG] += 80;
    auto gain_to_white = [&](const std::string& fen) {
        const chess::Position pos = load(fen);
        const int sign = pos.side_to_move() == WHITE ? 1 : -1;
        return sign * (chess::evaluate_with(pos, more) - chess::evaluate(pos));
    };
    // One Knight on the board, the other pieces at home.
    const int b1 = gain_to_white("r1bqkb1r/pppppppp/8/8/8/8/PPPPPPPP/RNBQKB1R w - - 0 1");
    EXPECT_GT(b1, 40);  // a middlegame weight, in a middlegame
    EXPECT_EQ(gain_to_white("r1bqkb1r/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR b - - 0 1"), b1);
    EXPECT_EQ(gain_to_white("rnbqkb1r/pppppppp/8/8/8/8/PPPPPPPP/R1BQKB1R w - - 0 1"), -b1);
    EXPECT_EQ(gain_to_white("r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKB1R b - - 0 1"), -b1);
    for (const char* fen : {"r1bqkb1r/pppppppp/8/8/8/8/PPPPPPPP/R1BQKNR1 w - - 0 1",
                            "r1bqkb1r/pppppppp/8/8/8/5N2/PPPPPPPP/R1BQKB1R w - - 0 1",
                            "r1bqkb1r/pppppppp/8/8/8/8/1PPPPPPP/NRBQKB1R w - - 0 1",
                            "r1bqkb1r/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBRN w - - 0 1"})
        EXPECT_EQ(gain_to_white(fen), 0) << fen;
}

// The evaluation seen from White, with the given weights.
int white_view(const std::string& fen, const chess::EvalWeights& weights = chess::kEvalWeights) {
    const chess::Position pos = load(fen);
    const int score = chess::evaluate_with(pos, weights);
    return pos.side_to_move() == WHITE ? score : -score;
}

TEST(ChessEvaluation, APassedPawnCountsMoreAsItAdvancesAndLessWhenStopped) {
    // Kings far from the pawn's path.
    const int e4 = white_view("7k/8/8/8/4P3/8/8/K7 w - - 0 1");
    const int e6 = white_view("7k/8/4P3/8/8/8/8/K7 w - - 0 1");
    const int e6_opposed = white_view("7k/3p4/4P3/8/8/8/8/K7 w - - 0 1");
    EXPECT_GT(e6, e4);
    // The same pawn with a black pawn beside its path is not passed: it
    // loses more than the black pawn's own worth.
    const int black_pawn_alone = white_view("7k/p7/4P3/8/8/8/8/K7 w - - 0 1");
    EXPECT_GT(black_pawn_alone, e6_opposed);
}

TEST(ChessEvaluation, APawnTheKingCannotCatchIsWorthMoreThanAPawn) {
    // The rule of the square: the black King on g8 is six files from a8. With
    // White to move the a-pawn (two steps on its first move, so five moves to
    // queen) outruns it; with Black to move the King steps into its square. The
    // two positions differ by the side to move alone, which otherwise counts a
    // few centipawns.
    const int runs = white_view("6k1/8/8/8/8/8/P7/7K w - - 0 1");
    const int caught = white_view("6k1/8/8/8/8/8/P7/7K b - - 0 1");
    EXPECT_GT(runs - caught, 100);
    // A pawn that queens by force is worth it whatever the scale of an
    // ending with few pawns (here scaled to nothing) makes of the rest.
    chess::EvalWeights unscaled = chess::kEvalWeights;
    unscaled.w[chess::EvalWeights::SCALE_BASE] = 0;
    unscaled.w[chess::EvalWeights::SCALE_PER_PAWN] = 0;
    EXPECT_GT(white_view("6k1/8/8/8/8/8/P7/7K w - - 0 1", unscaled) -
                  white_view("6k1/8/8/8/8/8/P7/7K b - - 0 1", unscaled),
              100);
    // With a Black Knight on the board it is no pawn ending: the rule's
    // weight plays no part there, and it is what makes the difference above.
    chess::EvalWeights none = chess::kEvalWeights;
    none.w[chess::EvalWeights::UNSTOPPABLE_EG] = 0;
    for (const char* fen : {"6k1/8/8/8/8/8/P7/n6K w - - 0 1", "6k1/8/8/8/8/8/P7/n6K b - - 0 1"})
        EXPECT_EQ(chess::evaluate_with(load(fen), none), chess::evaluate(load(fen))) << fen;
    EXPECT_NE(chess::evaluate_with(load("6k1/8/8/8/8/8/P7/7K w - - 0 1"), none),
              chess::evaluate(load("6k1/8/8/8/8/8/P7/7K w - - 0 1")));
}

TEST(ChessEvaluation, APawnThatCannotAdvanceSafelyAndHasNoSupportIsBackward) {
    // d3 is backward while Black's pawn on c5 attacks d4, its stop square, and
    // White's e-pawn is already past it; with the black pawn on c4 nothing
    // attacks d4, and with White's e-pawn on e3 it could guard d4. Only the
    // first position's score depends on the backward pawn's weights, here a
    // penalty of 20 each (the fit may take them anywhere, even below zero).
    chess::EvalWeights none = chess::kEvalWeights, with = chess::kEvalWeights;
    none.w[chess::EvalWeights::BACKWARD_MG] = none.w[chess::EvalWeights::BACKWARD_EG] = 0;
    with.w[chess::EvalWeights::BACKWARD_MG] = with.w[chess::EvalWeights::BACKWARD_EG] = 20;
    auto penalty = [&](const std::string& fen) {
        const chess::Position pos = load(fen);
        const int sign = pos.side_to_move() == WHITE ? 1 : -1;
        return sign * (chess::evaluate_with(pos, none) - chess::evaluate_with(pos, with));
    };
    EXPECT_GT(penalty("4k3/8/8/2p5/4P3/3P4/8/4K3 w - - 0 1"), 0);
    EXPECT_GT(penalty("4k3/8/8/2p5/4P3/3P4/8/4K3 b - - 0 1"), 0);
    EXPECT_EQ(penalty("4k3/8/8/8/2p1P3/3P4/8/4K3 w - - 0 1"), 0);
    EXPECT_EQ(penalty("4k3/8/8/2p5/8/3PP3/8/4K3 w - - 0 1"), 0);
    // The same for Black: its d6 pawn, with White's c4 pawn attacking d5.
    EXPECT_LT(penalty("4k3/8/3p4/4p3/2P5/8/8/4K3 w - - 0 1"), 0);
}

// What the named weights cost White in a position: White's score with them
// set to zero less its score with them as they are (or, given `value`, with
// each of them at that value: a term the fit took to zero still reads).
int cost_to_white(const std::string& fen, std::initializer_list<chess::EvalWeights::Name> names,
                  std::optional<int> value = std::nullopt) {
    chess::EvalWeights none = chess::kEvalWeights, with = chess::kEvalWeights;
    for (auto n : names) {
        none.w[n] = 0;
        if (value) with.w[n] = *value;
    }
    const chess::Position pos = load(fen);
    const int sign = pos.side_to_move() == WHITE ? 1 : -1;
    return sign * (chess::evaluate_with(pos, none) - chess::evaluate_with(pos, with));
}

TEST(ChessEvaluation, APiecePinnedToItsKingCostsItsSide) {
    using enum chess::EvalWeights::Name;
    // Pawns on both wings, so that the endgame's score is not scaled away.
    // The Knight on e3 stands alone between Black's Rook and White's King.
    EXPECT_GT(cost_to_white("4k3/pp2r1pp/8/8/8/4N3/PP4PP/4K3 w - - 0 1", {PINNED_MG, PINNED_EG}),
              0);
    EXPECT_GT(cost_to_white("4k3/pp4pp/8/b7/8/8/PP1B2PP/4K3 b - - 0 1", {PINNED_MG, PINNED_EG}), 0);
    // Off the line, behind a second piece, or a pawn: no pin counted.
    EXPECT_EQ(cost_to_white("4k3/pp2r1pp/8/8/8/3N4/PP4PP/4K3 w - - 0 1", {PINNED_MG, PINNED_EG}),
              0);
    EXPECT_EQ(cost_to_white("4k3/pp2r1pp/8/8/4B3/4N3/PP4PP/4K3 w - - 0 1", {PINNED_MG, PINNED_EG}),
              0);
    EXPECT_EQ(cost_to_white("4k3/pp2r1pp/8/8/8/4P3/PP4PP/4K3 w - - 0 1", {PINNED_MG, PINNED_EG}),
              0);
    // Black's pinned Knight costs Black.
    EXPECT_LT(cost_to_white("4k3/pp2n1pp/8/8/8/8/PP4PP/4RK2 w - - 0 1", {PINNED_MG, PINNED_EG}), 0);
}

TEST(ChessEvaluation, ARookShutInBesideAKingThatCannotCastleIsTrapped) {
    using enum chess::EvalWeights::Name;
    // The Rook on h1 has one square, on the King's side, and the King has
    // lost its rights.
    EXPECT_GT(cost_to_white("4k3/pppppppp/8/8/8/8/5PPP/5K1R w - - 0 1", {ROOK_TRAPPED_MG}), 0);
    // The same Rook while the King may still castle, and a Rook shut in on
    // the far side of the King: not trapped.
    EXPECT_EQ(cost_to_white("4k3/pppppppp/8/8/8/8/5PPP/4K2R w K - 0 1", {ROOK_TRAPPED_MG}), 0);
    EXPECT_EQ(cost_to_white("4k3/pppppppp/8/8/8/8/PP3PPP/RN3K2 w - - 0 1", {ROOK_TRAPPED_MG}), 0);
    EXPECT_LT(cost_to_white("5k1r/5ppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1", {ROOK_TRAPPED_MG}), 0);
}

TEST(ChessEvaluation, AnAttackOnTheKingNeedsTwoPiecesAndWeighsLessWithoutTheQueen) {
    using enum chess::EvalWeights::Name;
    // Black's Queen and Knight both reach White's castled King's ring; with a
    // Bishop for the Queen the attack still has two pieces but no Queen.
    const std::string queen = "6k1/5ppp/8/8/6nq/8/5PPP/R1B3K1 w - - 0 1";
    const std::string bishop = "6k1/5ppp/3b4/8/6n1/8/5PPP/R1B3K1 w - - 0 1";
    const std::string alone = "6k1/5ppp/8/8/7q/8/5PPP/R1B3K1 w - - 0 1";
    EXPECT_GT(cost_to_white(queen, {KING_DANGER_SCALE}), 0);
    EXPECT_GT(cost_to_white(queen, {KING_DANGER_EG}), 0);  // the endgame half too
    EXPECT_EQ(cost_to_white(queen, {KING_DANGER_NO_QUEEN}), 0);
    EXPECT_LT(cost_to_white(bishop, {KING_DANGER_NO_QUEEN}), 0);
    // The Queen alone is no attack.
    EXPECT_EQ(cost_to_white(alone, {KING_DANGER_SCALE, KING_DANGER_EG}), 0);
}

TEST(ChessEvaluation, APiecePinnedToAnAttackedKingAddsToTheAttack) {
    using enum chess::EvalWeights::Name;
    // The same attack with White's Knight on e3 pinned by the Bishop on b6,
    // and with the Knight off the Bishop's diagonal.
    EXPECT_GT(cost_to_white("6k1/6pp/1b6/8/6nq/4N3/6PP/R5K1 w - - 0 1", {KING_BLOCKERS}), 0);
    EXPECT_EQ(cost_to_white("6k1/6pp/1b6/8/6nq/3N4/6PP/R5K1 w - - 0 1", {KING_BLOCKERS}), 0);
}

// The terms of TE7 below are counted where they apply and not where they do
// not; their sign and size are the fit's, so only whether each counts is
// tested (and the colour symmetry, by the property tests above).
TEST(ChessEvaluation, ARookOrBishopAimedAtTheEnemyKingsRingPastItsPawnsCounts) {
    using enum chess::EvalWeights::Name;
    // The Rook on f1 looks up the f-file through f7 and f8, beside Black's
    // King on e8, without attacking them yet (its own pawn stands on f2).
    EXPECT_NE(cost_to_white("r2qk2r/pppb1ppp/2np1n2/4p3/4P3/2NP1N2/PPPB1PPP/R2QKR2 w Qkq - 0 1",
                            {ROOK_ON_KING_RING_MG}),
              0);
    // On h1 its file passes no square beside the King.
    EXPECT_EQ(cost_to_white("r2qk2r/pppb1ppp/2np1n2/4p3/4P3/2NP1N2/PPPB1PPP/R2QK2R w KQkq - 0 1",
                            {ROOK_ON_KING_RING_MG}),
              0);
    // The Bishop on b3 reaches f7 past the Knight on e6 (pieces do not stop
    // the line, pawns do); on c2 its diagonals end on its own pawns.
    EXPECT_NE(cost_to_white("r2qk2r/pppb1ppp/3pnn2/4p3/4P3/1BNP1N2/PPP2PPP/R2QK2R w KQkq - 0 1",
                            {BISHOP_ON_KING_RING_MG}),
              0);
    EXPECT_EQ(cost_to_white("r2qk2r/pppb1ppp/3pnn2/4p3/4P3/2NP1N2/PPB2PPP/R2QK2R w KQkq - 0 1",
                            {BISHOP_ON_KING_RING_MG}),
              0);
}

TEST(ChessEvaluation, AQueenNoPawnCanDriveOffAndARookOnAQueensFileCount) {
    using enum chess::EvalWeights::Name;
    // White's Queen on a5: Black has no b-pawn to drive it off. With the
    // pawn on b7 it may be driven off, and counts nothing.
    EXPECT_NE(cost_to_white("r2qk2r/p1p2ppp/2n2n2/Q7/8/2N5/P1P2PPP/R3K2R w KQkq - 0 1",
                            {QUEEN_INFILTRATION_MG, QUEEN_INFILTRATION_EG}),
              0);
    EXPECT_EQ(cost_to_white("r2qk2r/ppp2ppp/2n2n2/Q7/8/2N5/P1P2PPP/R3K2R w KQkq - 0 1",
                            {QUEEN_INFILTRATION_MG, QUEEN_INFILTRATION_EG}),
              0);
    // A Rook on d1 under Black's Queen on d8; on a1 under none.
    EXPECT_NE(cost_to_white("3qk3/pp4pp/8/8/8/8/PP4PP/3RK3 w - - 0 1",
                            {ROOK_ON_QUEEN_FILE_MG, ROOK_ON_QUEEN_FILE_EG}),
              0);
    EXPECT_EQ(cost_to_white("3qk3/pp4pp/8/8/8/8/PP4PP/R3K3 w - - 0 1",
                            {ROOK_ON_QUEEN_FILE_MG, ROOK_ON_QUEEN_FILE_EG}),
              0);
}

TEST(ChessEvaluation, AQueenThatCanBeAttackedFromASafeSquareNextMoveCounts) {
    using enum chess::EvalWeights::Name;
    // Read at 20 each (a fit may take the term to where its halves cancel).
    // The Knight on d4 may go to e6, which no Black piece guards, and attack
    // the Queen on d8; from a1 it reaches no such square.
    EXPECT_NE(cost_to_white("3qk3/pp4pp/8/8/3N4/8/PP4PP/3QK3 w - - 0 1",
                            {KNIGHT_ON_QUEEN_MG, KNIGHT_ON_QUEEN_EG}, 20),
              0);
    EXPECT_EQ(cost_to_white("3qk3/pp4pp/8/8/8/8/PP4PP/N2QK3 w - - 0 1",
                            {KNIGHT_ON_QUEEN_MG, KNIGHT_ON_QUEEN_EG}, 20),
              0);
    // The Rook on a6 may go to d6 and attack the Queen down the file: d6 is
    // guarded by the pawn on e5 too, so the Rook would stand there backed.
    // Without that pawn the square is held once by each side: not counted.
    EXPECT_NE(cost_to_white("3qk3/pp4pp/R7/4P3/8/8/PP4PP/4K3 w - - 0 1",
                            {SLIDER_ON_QUEEN_MG, SLIDER_ON_QUEEN_EG}, 20),
              0);
    EXPECT_EQ(cost_to_white("3qk3/pp4pp/R7/8/8/8/PP4PP/4K3 w - - 0 1",
                            {SLIDER_ON_QUEEN_MG, SLIDER_ON_QUEEN_EG}, 20),
              0);
}

TEST(ChessEvaluation, SquaresBothSidesContestAndAKingsThreatsCount) {
    using enum chess::EvalWeights::Name;
    // In the start position no square is attacked by both sides.
    EXPECT_EQ(
        cost_to_white(std::string(chess::Position::kStartFen), {RESTRICTED_MG, RESTRICTED_EG}), 0);
    // After 1.e4 e5 2.Nf3 Black's pawn on e5 and White's Knight both attack
    // d4, which no White pawn guards: one square, for Black only.
    EXPECT_NE(cost_to_white("rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2",
                            {RESTRICTED_MG, RESTRICTED_EG}),
              0);
    // White's King attacks the pawn on d3; with a pawn on c4 guarding it the
    // pawn is held strongly and the King's threat counts nothing.
    EXPECT_NE(cost_to_white("8/5p2/8/4k3/8/3pK3/5P2/8 w - - 0 1", {KING_THREAT_MG, KING_THREAT_EG}),
              0);
    EXPECT_EQ(
        cost_to_white("8/5p2/8/4k3/2p5/3pK3/5P2/8 w - - 0 1", {KING_THREAT_MG, KING_THREAT_EG}), 0);
}

TEST(ChessEvaluation, AKingFarFromItsPawnsCountsInTheEndgame) {
    using enum chess::EvalWeights::Name;
    // White's King beside its pawn, then across the board from it; Black has
    // no pawns, and without pawns White's King has none to be near.
    const int near = cost_to_white("7k/8/8/8/8/8/P7/K7 w - - 0 1", {KING_PAWN_DISTANCE_EG});
    const int far = cost_to_white("7k/8/8/8/8/8/P7/7K w - - 0 1", {KING_PAWN_DISTANCE_EG});
    EXPECT_NE(near, far);
    EXPECT_EQ(cost_to_white("7k/8/8/8/8/8/8/KR6 w - - 0 1", {KING_PAWN_DISTANCE_EG}), 0);
}

TEST(ChessEvaluation, AQueenOnASlidersLineBehindOnePieceIsWeak) {
    using enum chess::EvalWeights::Name;
    // Black's Rook on d8, White's Knight on d4, White's Queen on d1: a move
    // of the Knight uncovers an attack on the Queen.
    EXPECT_NE(
        cost_to_white("3rk3/pp4pp/8/8/3N4/8/PP4PP/3QK3 w - - 0 1", {WEAK_QUEEN_MG, WEAK_QUEEN_EG}),
        0);
    // With the Knight off the file the Queen is attacked now (no piece
    // between): that is a threat of another kind, not this one.
    EXPECT_EQ(
        cost_to_white("3rk3/pp4pp/8/8/4N3/8/PP4PP/3QK3 w - - 0 1", {WEAK_QUEEN_MG, WEAK_QUEEN_EG}),
        0);
}

TEST(ChessEvaluation, PiecesARookOrASafePawnAttacksCostTheirSide) {
    using enum chess::EvalWeights::Name;
    // Black's Rook attacks White's Knight on e4; guarded by a pawn on d3 the
    // Knight is held strongly.
    EXPECT_NE(cost_to_white("4r1k1/pp4pp/8/8/4N3/8/PP4PP/6K1 w - - 0 1",
                            {ROOK_THREAT_MG, ROOK_THREAT_EG}),
              0);
    EXPECT_EQ(cost_to_white("4r1k1/pp4pp/8/8/4N3/3P4/PP4PP/6K1 w - - 0 1",
                            {ROOK_THREAT_MG, ROOK_THREAT_EG}),
              0);
    // Black's pawn on e5, guarded by f6, attacks the Knight on d4; unguarded
    // and attacked by White's Rook on e1 it is no safe threat.
    EXPECT_NE(cost_to_white("6k1/pp6/5p2/4p3/3N4/8/PP4PP/6K1 w - - 0 1",
                            {SAFE_PAWN_THREAT_MG, SAFE_PAWN_THREAT_EG}),
              0);
    EXPECT_EQ(cost_to_white("6k1/pp6/8/4p3/3N4/8/PP4PP/4R1K1 w - - 0 1",
                            {SAFE_PAWN_THREAT_MG, SAFE_PAWN_THREAT_EG}),
              0);
}

TEST(ChessEvaluation, AKingOnAWingWithoutPawnsAndARookBehindAPassedPawnCount) {
    using enum chess::EvalWeights::Name;
    // White's King on g1 with no pawn on the files e to h; a pawn on g2.
    EXPECT_NE(cost_to_white("4k3/pppp4/8/8/8/8/PPPP4/6K1 w - - 0 1",
                            {PAWNLESS_FLANK_MG, PAWNLESS_FLANK_EG}),
              0);
    EXPECT_EQ(cost_to_white("4k3/pppp4/8/8/8/8/PPPP2P1/6K1 w - - 0 1",
                            {PAWNLESS_FLANK_MG, PAWNLESS_FLANK_EG}),
              0);
    // White's Rook on a1 behind its passed pawn on a5; on b1 it is not.
    EXPECT_NE(cost_to_white("6k1/6pp/8/P7/8/8/6PP/R5K1 w - - 0 1", {ROOK_BEHIND_PASSER_EG}, 10), 0);
    EXPECT_EQ(cost_to_white("6k1/6pp/8/P7/8/8/6PP/1R4K1 w - - 0 1", {ROOK_BEHIND_PASSER_EG}, 10),
              0);
}

TEST(ChessEvaluation, AKingBehindItsPawnsIsSaferThanOneWithoutThem) {
    // The same material: White's King-side pawns in front of the castled King,
    // or the same pawns on the queen side with the King's files open.
    const int sheltered = white_view("r4rk1/pp3ppp/8/8/8/8/5PPP/R2Q1RK1 w - - 0 1");
    const int open = white_view("r4rk1/pp3ppp/8/8/8/8/PPP5/R2Q1RK1 w - - 0 1");
    EXPECT_GT(sheltered, open);
}

TEST(ChessEvaluation, ABishopAheadWithoutPawnsIsNearlyADraw) {
    // King and Bishop against King cannot mate; King and Rook against King can.
    const int bishop = white_view("7k/8/8/8/8/8/8/K1B5 w - - 0 1");
    const int rook = white_view("7k/8/8/8/8/8/8/K1R5 w - - 0 1");
    EXPECT_LT(bishop, 100);
    EXPECT_GT(rook, 3 * bishop);
}

TEST(ChessEvaluation, ABareKingAgainstAMatingForceIsLostWhateverThePawnlessScale) {
    using enum chess::EvalWeights::Name;
    // Fitted to games where pawnless endings are mostly drawn, the scale of
    // a pawnless lead could fall to nothing; a Rook, a Queen, or two minor
    // pieces with a Bishop against a bare King still mate. The scale from
    // nothing to full, and the score seen from the side ahead:
    chess::EvalWeights nothing = chess::kEvalWeights, full = chess::kEvalWeights;
    nothing.w[SCALE_BASE] = 0;
    full.w[SCALE_BASE] = 64;
    for (const char* fen : {"7k/8/8/8/8/8/8/K1R5 w - - 0 1", "7k/8/8/8/8/8/8/K1Q5 b - - 0 1",
                            "7k/8/8/8/8/8/8/K1BN4 w - - 0 1", "7k/8/8/8/8/8/8/K1BB4 b - - 0 1"}) {
        EXPECT_GT(white_view(fen, nothing), 250) << fen;
        EXPECT_EQ(white_view(fen, nothing), white_view(fen, full)) << fen;
    }
    // With anything left to the weaker side the scale applies: a Queen
    // against a Rook, a Rook and a Knight against a Knight.
    for (const char* fen : {"6rk/8/8/8/8/8/8/K1Q5 w - - 0 1", "6nk/8/8/8/8/8/8/K1RN4 b - - 0 1"})
        EXPECT_LT(white_view(fen, nothing), white_view(fen, full) - 100) << fen;
}

TEST(ChessEvaluation, TwoKnightsAgainstABareKingAreADraw) {
    // Two Knights cannot force mate on a bare King; a Bishop and a Knight
    // can. The pawnless scale at full, so that the draw is the ending's own
    // and not the scale's. (What remains: the middlegame's share of the
    // material, a twelfth with two minor pieces, and the side to move's.)
    using enum chess::EvalWeights::Name;
    chess::EvalWeights full = chess::kEvalWeights;
    full.w[SCALE_BASE] = 64;
    const int knights = white_view("7k/8/8/8/8/8/8/K1NN4 w - - 0 1", full);
    EXPECT_LT(knights, 120);
    EXPECT_GT(white_view("7k/8/8/8/8/8/8/K1BN4 w - - 0 1", full), knights + 300);
    // The same ending with the colours turned, Black to move.
    EXPECT_EQ(white_view("k1nn4/8/8/8/8/8/8/7K b - - 0 1", full), -knights);
}

TEST(ChessEvaluation, ARookPawnWithTheWrongBishopIsADrawWithTheKingInTheCorner) {
    // White's a-pawn queens on a8, a light square. A dark-squared Bishop
    // (c5) cannot drive Black's King from a8 or b8: a draw. A light-squared
    // one (f1) can, and so can a dark-squared one with the King away from
    // the corner (d7), or with the pawn on the b-file.
    const int wrong = white_view("k7/8/8/2B5/P7/8/8/7K w - - 0 1");
    EXPECT_LT(wrong, 80);
    EXPECT_LT(white_view("1k6/8/8/2B5/P7/8/8/7K w - - 0 1"), 80);
    EXPECT_GT(white_view("k7/8/8/8/P7/8/8/5B1K w - - 0 1"), wrong + 120);
    EXPECT_GT(white_view("8/3k4/8/2B5/P7/8/8/7K w - - 0 1"), wrong + 120);
    EXPECT_GT(white_view("k7/8/8/2B5/1P6/8/8/7K w - - 0 1"), wrong + 120);
    // Two a-pawns draw the same, and so do an h-pawn with the Bishop that
    // does not cover h8 (light, e4) and Black's h-pawn with the one that does
    // not cover h1 (dark, e5), the defending King beside the corner.
    EXPECT_LT(white_view("k7/8/8/2B5/P7/P7/8/7K w - - 0 1"), 80);
    EXPECT_LT(white_view("6k1/8/6KP/8/4B3/8/8/8 w - - 0 1"), 80);
    EXPECT_GT(white_view("8/8/8/4b3/8/6kp/8/6K1 b - - 0 1"), -80);
}

// Random games from the start position: `before(pos, moves, m)` sees each
// position, its legal moves and the random one about to be made, `after(pos)`
// the position that move made.
template <typename Pos, typename Before, typename After>
void random_games(std::uint32_t seed, int games, int plies, Before before, After after) {
    std::mt19937 rng(seed);
    for (int game = 0; game < games; ++game) {
        Pos pos;
        EXPECT_TRUE(pos.set_fen(Pos::kStartFen));
        for (int ply = 0; ply < plies && pos.outcome() == Outcome::ONGOING; ++ply) {
            typename Pos::Moves moves;
            pos.legal_moves(moves);
            const Move m = moves[rng() % moves.size()];
            before(pos, moves, m);
            pos.do_move(m);
            after(pos);
        }
    }
}

// The search's correction history is keyed by the pawn structure (issue 17):
// over random games, two positions share a key exactly when their pawns, read
// from their FENs, stand on the same squares, whatever the other pieces do.
struct StructureKeyCounts {
    int positions = 0, pawn_moves = 0, piece_moves = 0;
    std::size_t structures = 0;
};

// The key is the variant's own structure_key, found beside its Position as the
// search finds it.
template <typename Pos>
StructureKeyCounts check_structure_key(std::uint32_t seed, int games, int plies) {
    const auto pawns_of = [](const std::string& fen) {
        std::string pawns;
        for (char ch : fen.substr(0, fen.find(' ')))
            pawns += std::isdigit(static_cast<unsigned char>(ch))
                         ? std::string(static_cast<std::size_t>(ch - '0'), '.')
                         : std::string(1, ch == 'P' || ch == 'p' || ch == '/' ? ch : '.');
        return pawns;
    };
    std::map<std::uint64_t, std::string> pawns_by_key;
    std::map<std::string, std::uint64_t> key_by_pawns;
    StructureKeyCounts counts;
    std::uint64_t before = 0;
    std::string pawns_before;
    random_games<Pos>(
        seed, games, plies,
        [&](const Pos& pos, const typename Pos::Moves&, Move) {
            before = structure_key(pos);
            pawns_before = pawns_of(pos.fen());
        },
        [&](const Pos& pos) {
            const std::uint64_t key = structure_key(pos);
            const std::string pawns = pawns_of(pos.fen());
            // A move that leaves the pawns where they were leaves the key.
            if (pawns == pawns_before) {
                EXPECT_EQ(key, before) << pos.fen();
                ++counts.piece_moves;
            } else {
                EXPECT_NE(key, before) << pos.fen();
                ++counts.pawn_moves;
            }
            const auto [k, fresh_key] = pawns_by_key.emplace(key, pawns);
            EXPECT_EQ(k->second, pawns) << "two structures share a key: " << pos.fen();
            const auto [p, fresh_pawns] = key_by_pawns.emplace(pawns, key);
            EXPECT_EQ(p->second, key) << "one structure has two keys: " << pos.fen();
            ++counts.positions;
        });
    counts.structures = key_by_pawns.size();
    return counts;
}

TEST(ChessEvaluation, TheStructureKeyIsThePawnsAndOnlyThePawns) {
    const StructureKeyCounts counts =
        check_structure_key<chess::Position>(0x5EC7, testing::workload(200, 4), 160);
    EXPECT_GT(counts.positions, testing::workload(20000, 4));
    EXPECT_GT(counts.pawn_moves, testing::workload(2000, 4));
    EXPECT_GT(counts.piece_moves, testing::workload(10000, 4));
    EXPECT_GT(counts.structures, static_cast<std::size_t>(testing::workload(5000, 4)));
}

TEST(Chess4dEvaluation, TheStructureKeyIsThePawnsAndOnlyThePawns) {
    const StructureKeyCounts counts =
        check_structure_key<chess4d::Position>(0x4D5C, testing::workload(400, 4), 120);
    EXPECT_GT(counts.positions, testing::workload(30000, 4));
    EXPECT_GT(counts.pawn_moves, testing::workload(2000, 4));
    EXPECT_GT(counts.piece_moves, testing::workload(25000, 4));
    EXPECT_GT(counts.structures, static_cast<std::size_t>(testing::workload(1000, 4)));
}

// The side to move saves one piece en prise: the largest loss counts only as
// a tempo, the next one by half, the rest not at all, in whatever order the
// pieces are found.
TEST(ThreatLosses, CountsTheTwoLargestLossesInAnyOrder) {
    std::mt19937 rng(0x7A11);
    for (int round = 0; round < 200; ++round) {
        std::vector<int> losses(1 + rng() % 6);
        for (int& l : losses) l = static_cast<int>(rng() % 1200);
        ThreatLosses in_order;
        for (int l : losses) in_order.add(l);
        std::shuffle(losses.begin(), losses.end(), rng);
        ThreatLosses shuffled;
        for (int l : losses) shuffled.add(l);
        std::sort(losses.rbegin(), losses.rend());
        const int second = losses.size() > 1 ? losses[1] : 0;
        EXPECT_EQ(in_order.charge(), shuffled.charge());
        EXPECT_EQ(shuffled.charge(), second / 2 + losses[0] / 8);
    }
    EXPECT_EQ(ThreatLosses().charge(), 0);
}

// W-5: Black's formation is White's turned top to bottom, and Wataku's rules
// have no forward direction, so the mirror of a position (ranks r and 10 - r
// exchanged with the colours, the reserves and the side to move) is the same
// position for the other side.
std::string flip_colours_wataku(const std::string& fen) {
    std::istringstream in(fen);
    std::string placement, side, reserve, fullmove;
    in >> placement >> side >> reserve >> fullmove;
    return flip_placement(placement) + (side == "w" ? " b " : " w ") + flip_reserve(reserve) + " " +
           fullmove;
}

TEST(WatakuEvaluation, IsTheSameForBothColours) {
    EXPECT_EQ(flip_colours_wataku("9/1nk3kn1/2tp1pt2/9/9/9/2TP1PT2/1NK3KN1/9 w QRRBBPPTTqrr 1"),
              "9/1nk3kn1/2tp1pt2/9/9/9/2TP1PT2/1NK3KN1/9 b QRRqrrbbpptt 1");
    const int checked = check_colour_symmetry<wataku::Position>(
        0x3A7A, testing::workload(40, 6), 160,
        [](wataku::Position& p, int game) {
            return static_cast<bool>(p.set_formation(1 + game % 4));
        },
        flip_colours_wataku, [](const wataku::Position& p) { return wataku::evaluate(p); });
    EXPECT_GT(checked, testing::workload(3000, 6));
}

TEST(WatakuEvaluation, IsTheSameForBothColoursWithAnyWeights) {
    const wataku::EvalWeights w = shaken(wataku::kEvalWeights, 0x3E1D);
    const int checked = check_colour_symmetry<wataku::Position>(
        0x3A7B, testing::workload(10, 4), 160,
        [](wataku::Position& p, int game) {
            return static_cast<bool>(p.set_formation(1 + game % 4));
        },
        flip_colours_wataku,
        [&](const wataku::Position& p) { return wataku::evaluate_with(p, w); });
    EXPECT_GT(checked, testing::workload(600, 4));
}

// W-24: mating one King wins, so a King the enemy attacks, with its
// neighbours attacked, costs its side. The same material twice, Black to
// move: White's active Rook (W-7: it touches a White King) on f1 checks the
// Black King on f9 (W-21) and attacks f8 beside it, or on d1 touches neither.
// The Rook has more squares on d1, so only the King's danger favours f1.
TEST(WatakuEvaluation, AKingInCheckWithItsNeighboursAttackedCostsItsSide) {
    const auto black_view = [](const std::string& fen) {
        wataku::Position pos;
        EXPECT_TRUE(pos.set_fen(fen)) << fen;
        EXPECT_EQ(pos.side_to_move(), BLACK);
        return wataku::evaluate(pos);
    };
    const int checked = black_view("1k3k3/9/9/9/9/9/9/6T2/4KRK2 b - 1");
    const int free = black_view("1k3k3/9/9/9/9/9/9/6T2/3RK1K2 b - 1");
    EXPECT_LT(checked, free - 10);
}

// W-24 and W-9: a side far ahead in force mates by walling a King in, so
// its group (two Kings and a Turtle, attacking nothing: W-20) counts for
// more beside the enemy King than far from it -- more than the King-safety
// terms alone give, which see the same squares taken away (W-9) -- and
// only while the lead is there: the same positions without White's
// reserve Queen score the approach as those terms alone do.
TEST(WatakuEvaluation, ASideFarAheadInForceClosesInOnAKing) {
    const auto white_view = [](const std::string& fen, const wataku::EvalWeights& w) {
        wataku::Position pos;
        EXPECT_TRUE(pos.set_fen(fen)) << fen;
        EXPECT_EQ(pos.side_to_move(), WHITE);
        return wataku::evaluate_with(pos, w);
    };
    wataku::EvalWeights without = wataku::kEvalWeights;
    without.w[wataku::EvalWeights::MOPUP_EDGE] = 0;
    without.w[wataku::EvalWeights::MOPUP_NEAR] = 0;
    const auto approach = [&](const std::string& reserve, const wataku::EvalWeights& w) {
        return white_view("k1k6/9/T8/KK7/9/9/9/9/9 w " + reserve + " 1", w) -
               white_view("k1k6/9/9/9/9/9/9/7T1/7KK w " + reserve + " 1", w);
    };
    EXPECT_GE(approach("-", without), 0);
    EXPECT_EQ(approach("-", wataku::kEvalWeights), approach("-", without));
    EXPECT_GT(approach("Q", wataku::kEvalWeights), approach("Q", without) + 10);
    // The same for Black, by the colours' mirror (W-5).
    const auto black_view = [](const std::string& fen) {
        wataku::Position pos;
        EXPECT_TRUE(pos.set_fen(fen)) << fen;
        EXPECT_EQ(pos.side_to_move(), BLACK);
        return wataku::evaluate(pos);
    };
    EXPECT_EQ(
        black_view("9/9/9/9/9/kk7/t8/9/K1K6 b q 1") - black_view("7kk/7t1/9/9/9/9/9/9/K1K6 b q 1"),
        approach("Q", wataku::kEvalWeights));
}

// X-4's start is symmetric top to bottom, and Wreckage's rules are the same
// for both colours with "forward" turned: the mirror exchanges ranks r and
// 11 - r with the colours, the castling rights, the en-passant targets
// ascending) and the hands.
std::string flip_colours_wreckage(const std::string& fen) {
    std::istringstream in(fen);
    std::string placement, side, castling, ep, hand, rest;
    in >> placement >> side >> castling >> ep >> hand;
    std::getline(in, rest);
    const std::string rights = flip_rights(castling, "BIbi");
    std::string targets;
    if (ep == "-") {
        targets = "-";
    } else {
        std::vector<std::string> squares;
        std::istringstream list(ep);
        for (std::string sq; std::getline(list, sq, ',');)
            squares.insert(squares.begin(),
                           sq.substr(0, 1) + std::to_string(11 - std::stoi(sq.substr(1))));
        for (const std::string& sq : squares) targets += (targets.empty() ? "" : ",") + sq;
    }
    return flip_placement(placement) + (side == "w" ? " b " : " w ") + rights + " " + targets +
           " " + flip_reserve(hand) + rest;
}

TEST(WreckageEvaluation, IsTheSameForBothColours) {
    EXPECT_EQ(flip_colours_wreckage("4k5/10/10/10/10/3P6/10/10/10/R4K4 b Bi d3,d4 GJJj 0 7"),
              "r4k4/10/10/10/3p6/10/10/10/10/4K5 w Ib d7,d8 Jgjj 0 7");
    const int checked = check_colour_symmetry<wreckage::Position>(
        0x5EC7, testing::workload(40, 6), 160, from_start<wreckage::Position>,
        flip_colours_wreckage, [](const wreckage::Position& p) { return wreckage::evaluate(p); });
    EXPECT_GT(checked, testing::workload(3000, 6));
}

TEST(WreckageEvaluation, IsTheSameForBothColoursWithAnyWeights) {
    const wreckage::EvalWeights w = shaken(wreckage::kEvalWeights, 0x3E19);
    const int checked = check_colour_symmetry<wreckage::Position>(
        0x5EC8, testing::workload(10, 4), 160, from_start<wreckage::Position>,
        flip_colours_wreckage,
        [&](const wreckage::Position& p) { return wreckage::evaluate_with(p, w); });
    EXPECT_GT(checked, testing::workload(800, 4));
}

// The move ordering's threats (issue 17, O1h): over random games, a quiet move
// (or drop) of a piece the threats guard is moved up exactly when an enemy
// piece worth less attacks its square and none attacks where it goes, and
// down exactly in the opposite case. `worth` ranks a kind of piece (pawns 0,
// minor pieces 1, Rooks 2, Queens 3; -1 for the kinds the threats never
// guard), and `cheaper_attacks(pos, sq, mine)` finds by the variant's own
// rules whether the opponent attacks sq with a piece of worth below mine.
struct OrderCounts {
    int up = 0, down = 0, level = 0;
};

template <typename Pos, typename Worth, typename CheaperAttacks>
OrderCounts check_threat_order(std::uint32_t seed, int games, int plies, Worth worth,
                               CheaperAttacks cheaper_attacks) {
    OrderCounts counts;
    random_games<Pos>(
        seed, games, plies,
        [&](const Pos& pos, const typename Pos::Moves& moves, Move) {
            using Type = decltype(type_of(pos.piece_on(0)));
            const auto threats = order_threats(pos);
            for (const Move m : moves) {
                const bool drop = m.kind() == MoveKind::DROP;
                if (pos.is_capture(m) || (m.kind() != MoveKind::NORMAL && !drop)) continue;
                const int mine = worth(drop ? Type(m.extra()) : type_of(pos.piece_on(m.from())));
                if (mine < 1) continue;
                const bool leaves = !drop && cheaper_attacks(pos, m.from(), mine);
                const bool enters = cheaper_attacks(pos, m.to(), mine);
                const int bonus = threat_order_bonus(pos, threats, m);
                if (leaves && !enters) {
                    EXPECT_GT(bonus, 0) << pos.fen() << ' ' << pos.lan(m);
                    ++counts.up;
                } else if (enters && !leaves) {
                    EXPECT_LT(bonus, 0) << pos.fen() << ' ' << pos.lan(m);
                    ++counts.down;
                } else {
                    EXPECT_EQ(bonus, 0) << pos.fen() << ' ' << pos.lan(m);
                    ++counts.level;
                }
            }
        },
        [](const Pos&) {});
    return counts;
}

// Chess and 4D chess: every attacker found square by square from
// attackers_to (the King never a cheaper attacker: it cannot take a defended
// piece).
template <typename Pos, auto Pawn, auto Knight, auto Bishop, auto Rook, auto Queen>
OrderCounts check_chess_like_threat_order(std::uint32_t seed, int games, int plies) {
    const auto worth = [](decltype(Pawn) t) {
        return t == Pawn ? 0 : t == Knight || t == Bishop ? 1 : t == Rook ? 2 : t == Queen ? 3 : -1;
    };
    return check_threat_order<Pos>(
        seed, games, plies, worth, [&](const Pos& pos, int sq, int mine) {
            const Color them = ~pos.side_to_move();
            for (auto a = pos.attackers_to(sq, pos.pieces()) & pos.pieces(them); a;) {
                const int by = worth(type_of(pos.piece_on(pop_lsb(a))));
                if (by >= 0 && by < mine) return true;
            }
            return false;
        });
}

TEST(ChessEvaluation, QuietMovesAreOrderedByTheCheaperPiecesThatAttackThem) {
    using namespace chess;
    const OrderCounts counts =
        check_chess_like_threat_order<Position, PAWN, KNIGHT, BISHOP, ROOK, QUEEN>(
            0x0D1, testing::workload(100, 4), 120);
    EXPECT_GT(counts.up, testing::workload(500, 4));
    EXPECT_GT(counts.down, testing::workload(5000, 4));
    EXPECT_GT(counts.level, testing::workload(50000, 4));
}

// D-rules: the same order in 4D chess, its pieces being chess's.
TEST(Chess4dEvaluation, QuietMovesAreOrderedByTheCheaperPiecesThatAttackThem) {
    using namespace chess4d;
    const OrderCounts counts =
        check_chess_like_threat_order<Position, PAWN, KNIGHT, BISHOP, ROOK, QUEEN>(
            0x4D1, testing::workload(200, 4), 60);
    EXPECT_GT(counts.up, testing::workload(500, 4));
    EXPECT_GT(counts.down, testing::workload(2000, 4));
    EXPECT_GT(counts.level, testing::workload(20000, 4));
}

// Wreckage: a Queen and a Guillotine rank as Queens, a Rook, Dragon and
// Detonator as Rooks, the two knights and the Bishop as minor pieces; the
// attackers counted are Pawns and Ninja Pawns, the knights,
// Bishops and Rooks, each found by the rules' own attacked_by with
// every other enemy piece taken away.
TEST(WreckageEvaluation, QuietMovesAndDropsAreOrderedByTheCheaperPiecesThatAttackThem) {
    using namespace wreckage;
    const auto worth = [](PieceType t) {
        switch (t) {
            case PAWN:
            case NINJA:
                return 0;
            case FERZ_KNIGHT:
            case WAZIR_KNIGHT:
            case BISHOP:
                return 1;
            case ROOK:
            case DRAGON:
            case DETONATOR:
                return 2;
            case QUEEN:
            case GUILLOTINE:
                return 3;
            default:
                return -1;
        }
    };
    const OrderCounts counts = check_threat_order<Position>(
        0x0D2, testing::workload(60, 4), 160, worth, [&](const Position& pos, int sq, int mine) {
            const Color them = ~pos.side_to_move();
            Bitboard attackers = 0;
            for (const PieceType t : {PAWN, NINJA, FERZ_KNIGHT, WAZIR_KNIGHT, BISHOP, ROOK})
                if (worth(t) < mine) attackers |= pos.pieces(them, t);
            return pos.attacked_by(them, sq, pos.pieces(), pos.pieces(them) & ~attackers);
        });
    EXPECT_GT(counts.up, testing::workload(300, 4));
    EXPECT_GT(counts.down, testing::workload(3000, 4));
    EXPECT_GT(counts.level, testing::workload(30000, 4));
}

}  // namespace
}  // namespace chimera
