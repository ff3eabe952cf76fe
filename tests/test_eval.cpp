// The chess evaluation (issue 17): the same for both colours (a property over
// random playouts: a position and its colour-flipped mirror get the same
// score for the side to move), and the pawn and King terms in the direction a
// player expects.
#include <gtest/gtest.h>

#include <cctype>
#include <random>
#include <sstream>
#include <string>

#include "variants/chess/eval.h"
#include "workload.h"

namespace chimera {
namespace {

// The FEN of the position with the colours exchanged and the board turned
// top to bottom (White's pieces become Black's on the mirrored squares).
std::string flip_colours(const std::string& fen) {
    std::istringstream in(fen);
    std::string placement, side, castling, ep, rest;
    in >> placement >> side >> castling >> ep;
    std::getline(in, rest);
    auto swap_case = [](std::string s) {
        for (char& ch : s)
            ch = std::isupper(static_cast<unsigned char>(ch))
                     ? static_cast<char>(std::tolower(static_cast<unsigned char>(ch)))
                     : static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
        return s;
    };
    std::string flipped;
    for (std::size_t end = placement.size();;) {
        const std::size_t slash = placement.rfind('/', end - 1);
        const std::size_t begin = slash == std::string::npos ? 0 : slash + 1;
        if (!flipped.empty()) flipped += '/';
        flipped += swap_case(placement.substr(begin, end - begin));
        if (slash == std::string::npos) break;
        end = slash;
    }
    std::string rights;
    if (castling == "-") {
        rights = "-";
    } else {
        const std::string swapped = swap_case(castling);
        for (char ch : std::string("KQkq"))
            if (swapped.find(ch) != std::string::npos) rights += ch;
    }
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

TEST(ChessEvaluation, IsTheSameForBothColours) {
    std::mt19937_64 rng(0xE7A1);
    int checked = 0;
    for (int game = 0; game < testing::workload(60, 6); ++game) {
        chess::Position pos = load(std::string(chess::Position::kStartFen));
        for (int ply = 0; ply < 160; ++ply) {
            chess::Position::Moves moves;
            pos.legal_moves(moves);
            if (moves.empty()) break;
            const std::string fen = pos.fen();
            const chess::Position mirror = load(flip_colours(fen));
            ASSERT_EQ(chess::evaluate(pos), chess::evaluate(mirror)) << fen;
            ++checked;
            // Prefer captures so that the playouts reach endgames too.
            Move m = moves[rng() % moves.size()];
            for (Move c : moves)
                if (pos.is_capture(c) && rng() % 2) m = c;
            pos.do_move(m);
        }
    }
    EXPECT_GT(checked, testing::workload(5000, 6));
}

int white_view(const std::string& fen) {
    const chess::Position pos = load(fen);
    const int score = chess::evaluate(pos);
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

TEST(ChessEvaluation, AKingBehindItsPawnsIsSaferThanOneWithoutThem) {
    // The same material: White's King-side pawns in front of the castled King,
    // or the same pawns on the queen side with the King's files open.
    const int sheltered = white_view("r4rk1/pp3ppp/8/8/8/8/5PPP/R2Q1RK1 w - - 0 1");
    const int open = white_view("r4rk1/pp3ppp/8/8/8/8/PPP5/R2Q1RK1 w - - 0 1");
    EXPECT_GT(sheltered, open);
}

}  // namespace
}  // namespace chimera
