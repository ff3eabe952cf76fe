// 4D chess board naming and notation: D-1 ... D-3 and D-14 ... D-16
// (shared/spec/chess4d.md). Movement and end rules are in test_chess4d_rules.cpp.
#include <gtest/gtest.h>

#include <iterator>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "chess4d_reference.h"
#include "chess4d_test_helpers.h"
#include "variants/chess4d/position.h"

namespace chimera {
namespace {

using chess4d::Position;
using ref4d::Board;
using ref4d::sq;

using test4d::find_move;
using test4d::load;

// ------------------------------------------------------------------ D-1

TEST(Chess4dNotation, D1_SquareNamesFileRankThenZW) {
    const std::string files = "abcd";
    for (int w = 0; w < 2; ++w)
        for (int z = 0; z < 2; ++z)
            for (int y = 0; y < 4; ++y)
                for (int x = 0; x < 4; ++x) {
                    const int c = chess4d::make_square(x, y, z, w);
                    EXPECT_EQ(c, x + 4 * y + 16 * z + 32 * w);
                    const std::string name = std::string(1, files[x]) + std::to_string(y + 1) +
                                             "[" + std::to_string(z) + "," + std::to_string(w) +
                                             "]";
                    EXPECT_EQ(Position::square_name(c), name);
                    std::size_t used = 0;
                    EXPECT_EQ(Position::parse_square(name, &used), c) << name;
                    EXPECT_EQ(used, 7u);
                }
}

TEST(Chess4dNotation, D1_BadSquareNamesRejected) {
    for (const char* bad : {"e1[0,0]", "a5[0,0]", "a0[0,0]", "a1[2,0]", "a1[0,2]", "a1(0,0)",
                            "a1[0;0]", "a1[0,0", "A1[0,0]", "a1", "", "a1[00]"}) {
        std::size_t used = 0;
        EXPECT_EQ(Position::parse_square(bad, &used), -1) << bad;
    }
}

// ------------------------------------------------------------------ D-2

// The terminal picture: four 4x4 boards, Z columns (Z=0 left), W rows (W=1 on top),
// rank 4 on top and file a on the left of each board.
TEST(Chess4dNotation, D2_DiagramLaysOutBoardsAsSpecified) {
    const Position pos;
    const Board b = ref4d::board_of(pos);
    std::istringstream in(pos.diagram());
    std::string line;
    int row = 0;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] < '1' || line[0] > '4') continue;
        ASSERT_LT(row, 8);
        std::istringstream tokens(line);
        std::vector<std::string> t{std::istream_iterator<std::string>(tokens), {}};
        ASSERT_EQ(t.size(), 10u) << line;  // rank, 4 cells, rank, 4 cells
        const int w = row < 4 ? 1 : 0, y = 3 - row % 4;
        EXPECT_EQ(t[0], std::to_string(y + 1));
        for (int z = 0; z < 2; ++z)
            for (int x = 0; x < 4; ++x) {
                const char want = b[ref4d::cell(x, y, z, w)];
                EXPECT_EQ(t[static_cast<std::size_t>(1 + 5 * z + x)], std::string(1, want))
                    << ref4d::name(ref4d::cell(x, y, z, w));
            }
        ++row;
    }
    EXPECT_EQ(row, 8);
}

// ------------------------------------------------------------------ D-3

TEST(Chess4dNotation, D3_LettersAndArmies) {
    const Position pos;
    const std::vector<std::pair<chess4d::PieceType, int>> army = {
        {chess4d::KING, 1},   {chess4d::QUEEN, 1},  {chess4d::ROOK, 2},
        {chess4d::BISHOP, 1}, {chess4d::KNIGHT, 1}, {chess4d::PAWN, 4}};
    for (Color c : {WHITE, BLACK})
        for (const auto& [pt, n] : army) EXPECT_EQ(popcount(pos.pieces(c, pt)), n);
    // Each letter in a FEN is that piece: K Q R B N P, lower case for Black.
    Position p;
    ASSERT_TRUE(p.set_fen("KQRBN3/5P2/8/8/8/8/2p5/3nbrqk w 0 1"));
    const std::vector<std::pair<const char*, chess4d::Piece>> expected = {
        {"a4[0,1]", chess4d::make_piece(WHITE, chess4d::KING)},
        {"b4[0,1]", chess4d::make_piece(WHITE, chess4d::QUEEN)},
        {"c4[0,1]", chess4d::make_piece(WHITE, chess4d::ROOK)},
        {"d4[0,1]", chess4d::make_piece(WHITE, chess4d::BISHOP)},
        {"a4[1,1]", chess4d::make_piece(WHITE, chess4d::KNIGHT)},
        {"b3[1,1]", chess4d::make_piece(WHITE, chess4d::PAWN)},
        {"c2[0,0]", chess4d::make_piece(BLACK, chess4d::PAWN)},
        {"d1[0,0]", chess4d::make_piece(BLACK, chess4d::KNIGHT)},
        {"a1[1,0]", chess4d::make_piece(BLACK, chess4d::BISHOP)},
        {"b1[1,0]", chess4d::make_piece(BLACK, chess4d::ROOK)},
        {"c1[1,0]", chess4d::make_piece(BLACK, chess4d::QUEEN)},
        {"d1[1,0]", chess4d::make_piece(BLACK, chess4d::KING)}};
    for (const auto& [cell, piece] : expected) EXPECT_EQ(p.piece_on(sq(cell)), piece) << cell;
    EXPECT_EQ(popcount(p.pieces()), 12);
    EXPECT_FALSE(Position().set_fen("KX6/8/8/8/8/8/8/7k w 0 1"));
}

TEST(Chess4dNotation, D3_ArmyLimitsWithQueenOnlyPromotion) {
    // K, Q, R x2, B, N, P x4 per side; extra Queens only in place of missing pawns.
    EXPECT_FALSE(Position().set_fen("KRRR4/8/8/8/8/8/8/7k w 0 1"));     // three Rooks
    EXPECT_FALSE(Position().set_fen("KNN5/8/8/8/8/8/8/7k w 0 1"));      // two Knights
    EXPECT_FALSE(Position().set_fen("KBB5/8/8/8/8/8/8/7k w 0 1"));      // two Bishops
    EXPECT_FALSE(Position().set_fen("KQQ5/PPPP4/8/8/8/8/8/7k w 0 1"));  // 2 Q and 4 P
    EXPECT_TRUE(Position().set_fen("KQQ5/PPP5/8/8/8/8/8/7k w 0 1"));    // 2 Q and 3 P
    EXPECT_FALSE(Position().set_fen("K7/PPPPP3/8/8/8/8/8/7k w 0 1"));   // five pawns
}

// ------------------------------------------------------------------ D-14

TEST(Chess4dNotation, D14_PlacementRowsAndColumnsByHand) {
    // Row 1 = (W=1, Y=4), column 1 = file a of Z=0: a4[0,1]. Row 8 = (W=0, Y=1),
    // column 8 = file d of Z=1: d1[1,0].
    Position pos;
    ASSERT_TRUE(pos.set_fen("K7/8/8/8/8/8/8/7k w 0 1"));
    EXPECT_EQ(pos.king_square(WHITE), sq("a4[0,1]"));
    EXPECT_EQ(pos.king_square(BLACK), sq("d1[1,0]"));
    // Row 5 = (W=0, Y=4), column 5 = file a of Z=1: a4[1,0]; row 8 column 3: c1[0,0].
    ASSERT_TRUE(pos.set_fen("8/8/8/8/4K3/8/8/2k5 b 3 7"));
    EXPECT_EQ(pos.king_square(WHITE), sq("a4[1,0]"));
    EXPECT_EQ(pos.king_square(BLACK), sq("c1[0,0]"));
    EXPECT_EQ(pos.side_to_move(), BLACK);
    EXPECT_EQ(pos.rule50(), 3);
    EXPECT_EQ(pos.fen(), "8/8/8/8/4K3/8/8/2k5 b 3 7");
}

TEST(Chess4dNotation, D14_RoundTripOnSpecificAndRandomPositions) {
    std::vector<std::pair<Board, bool>> cases = {
        {ref4d::board_of(Position()), true},
        {ref4d::make_board({{'K', "a1[0,0]"},
                            {'k', "c1[1,1]"},
                            {'p', "a3[1,0]"},
                            {'p', "a3[1,1]"},
                            {'r', "d1[1,0]"},
                            {'r', "d1[0,1]"},
                            {'b', "c3[1,1]"}}),
         true},
        {ref4d::make_board({{'K', "d4[1,1]"},
                            {'Q', "a4[0,0]"},
                            {'Q', "d1[1,0]"},
                            {'P', "b3[0,1]"},
                            {'k', "a1[1,1]"},
                            {'n', "c2[0,0]"}}),
         false},
    };
    std::mt19937 rng(77);
    const std::string pool = "RBNPqrbnp";
    while (cases.size() < 60) {
        Board b = ref4d::empty_board();
        b[rng() % 64] = 'K';
        const int bk = static_cast<int>(rng() % 64);
        if (b[bk] != '.') continue;
        b[bk] = 'k';
        for (char p : pool) {
            const int c = static_cast<int>(rng() % 64), y = ref4d::coord(c).y;
            if (b[c] == '.' && (ref4d::kind(p) != 'P' || (y != 0 && y != 3))) b[c] = p;
        }
        const bool white = rng() % 2 == 0;
        if (!ref4d::in_check(b, !white)) cases.push_back({b, white});
    }
    int n = 0;
    for (const auto& [b, white] : cases) {
        const std::string f = ref4d::fen(b, white, n % 100, 1 + n * 3);
        Position pos;
        ASSERT_TRUE(pos.set_fen(f)) << f;
        EXPECT_EQ(ref4d::board_of(pos), b) << f;
        EXPECT_EQ(pos.side_to_move(), white ? WHITE : BLACK);
        EXPECT_EQ(pos.fen(), f);
        ++n;
    }
}

TEST(Chess4dNotation, D14_CountersAfterMoves) {
    Position pos;
    Board b = ref4d::board_of(pos);
    pos.do_move(pos.parse_lan("a1[0,0]a1[0,1]"));  // White Rook: quiet
    b = ref4d::apply(b, sq("a1[0,0]"), sq("a1[0,1]"));
    EXPECT_EQ(pos.fen(), ref4d::fen(b, false, 1, 1));
    pos.do_move(pos.parse_lan("c4[0,0]b2[0,0]"));  // Black knight: quiet, fullmove grows
    b = ref4d::apply(b, sq("c4[0,0]"), sq("b2[0,0]"));
    EXPECT_EQ(pos.fen(), ref4d::fen(b, true, 2, 2));
    pos.do_move(pos.parse_lan("c2[1,1]c3[1,1]"));  // White pawn: halfmove back to 0
    b = ref4d::apply(b, sq("c2[1,1]"), sq("c3[1,1]"));
    EXPECT_EQ(pos.fen(), ref4d::fen(b, false, 0, 2));
}

TEST(Chess4dNotation, D14_InvalidFensRejected) {
    const char* bad[] = {
        "K7/44/8/8/8/8/8/7k w 0 1",   // adjacent digit runs
        "K7/8/8/8/8/8/8/61k w 0 1",   // adjacent digit runs
        "K7/8/8/8/8/8/8/25k w 0 1",   // adjacent digit runs (even summing wrongly)
        "K8/8/8/8/8/8/8/7k w 0 1",    // 9 cells in a row
        "K6/8/8/8/8/8/8/7k w 0 1",    // 7 cells in a row
        "K7/8/8/8/8/8/7k w 0 1",      // 7 rows
        "K7/8/8/8/8/8/8/8/7k w 0 1",  // 9 rows
        "K7/8/8/8/8/8/8/7k x 0 1",    // side
        "K7/8/8/8/8/8/8/07k w 0 1",   // 0 is no digit run
        "K7/9/8/8/8/8/8/7k w 0 1",    // 9 cells
        "K7/8/8/8/8/8/8/7k w 0",      // 3 fields
        "K7/8/8/8/8/8/8/7k w - 0 1",  // chess-style extra field
        "K7/8/8/8/8/8/8/7k w -1 1",   // halfmove
        "K7/8/8/8/8/8/8/7k w 0 0",    // fullmove starts at 1
        "K7/8/8/8/8/8/8/7k w x 1",    // halfmove
        "KK6/8/8/8/8/8/8/7k w 0 1",   // two White Kings
        "K7/8/8/8/8/8/8/8 w 0 1",     // no Black King
        "K7/8/8/P7/8/8/8/7k w 0 1",   // White pawn on rank 1 (row 4 = W=1, Y=1)
        "KP6/8/8/8/8/8/8/7k w 0 1",   // White pawn on rank 4
        "K7/8/8/8/8/8/8/p6k w 0 1",   // Black pawn on rank 1
        "K7/8/8/8/p7/8/8/7k w 0 1",   // Black pawn on rank 4
        "Kq6/8/8/8/8/8/8/7k b 0 1",   // the side not to move is in check
    };
    for (const char* f : bad) {
        Position pos;
        const Status s = pos.set_fen(f);
        EXPECT_FALSE(s.is_ok()) << f;
        EXPECT_FALSE(s.message().empty()) << f;
    }
    EXPECT_TRUE(Position().set_fen("K7/8/8/8/8/8/8/7k w 0 1"));
    EXPECT_TRUE(Position().set_fen("Kq6/8/8/8/8/8/8/7k w 0 1"));  // in check, to move
}

// ------------------------------------------------------------------ D-15

TEST(Chess4dNotation, D15_LanIsFromThenToWithNothingBetween) {
    const Position start;
    EXPECT_EQ(start.lan(start.parse_lan("a1[0,0]a1[0,1]")), "a1[0,0]a1[0,1]");
    std::mt19937 rng(15);
    for (int game = 0; game < 10; ++game) {
        Position pos;
        for (int ply = 0; ply < 40; ++ply) {
            Position::Moves ml;
            pos.legal_moves(ml);
            if (ml.empty()) break;
            for (Move m : ml) {
                const std::string lan = pos.lan(m);
                EXPECT_EQ(lan, ref4d::name(m.from()) + ref4d::name(m.to()));
                EXPECT_EQ(pos.parse_lan(lan), m) << lan;
                EXPECT_EQ(pos.parse_move(lan), m) << lan;
            }
            pos.do_move(ml[rng() % ml.size()]);
        }
    }
}

TEST(Chess4dNotation, D15_PromotionLanHasNoLetter) {
    const Position pos =
        load(ref4d::make_board({{'P', "c3[1,1]"}, {'K', "a1[0,0]"}, {'k', "a4[0,0]"}}), true);
    const Move m = pos.parse_lan("c3[1,1]c4[1,1]");
    ASSERT_FALSE(m.is_none());
    EXPECT_EQ(m.kind(), MoveKind::PROMOTION);
    EXPECT_EQ(pos.lan(m), "c3[1,1]c4[1,1]");
    EXPECT_TRUE(pos.parse_lan("c3[1,1]c4[1,1]q").is_none());
    EXPECT_TRUE(pos.parse_lan("c3[1,1]c4[1,1]Q").is_none());
    EXPECT_EQ(pos.san(m), "c4[1,1]=Q");  // no check: c4[1,1] to a4[0,0] is 2,0,1,1
}

TEST(Chess4dNotation, D15_MalformedOrIllegalLanRejected) {
    const Position pos;
    for (const char* bad :
         {"", "a1[0,0]", "a1[0,0] a1[0,1]", "a1[0,0]-a1[0,1]", "a1[0,0]a1[0,2]", "a1[0,0]a1[0,1] ",
          "a1[0,0]a1[1,1]", "a1a1[0,1]", "A1[0,0]A1[0,1]", "a1[0,0]a1[0,1]x"}) {
        std::string err;
        EXPECT_TRUE(pos.parse_lan(bad, &err).is_none()) << bad;
        EXPECT_FALSE(err.empty()) << bad;
        EXPECT_TRUE(pos.parse_move(bad).is_none()) << bad;
    }
}

// ------------------------------------------------------------------ D-15 / D-16: SAN-like text

// Every display string parses back to its move, names the destination as in D-1,
// starts with the piece letter (D-3) for pieces, has x for captures, =Q for
// promotions, # for mate and + for other checks.
void check_san(Position& pos) {
    Position::Moves ml;
    pos.legal_moves(ml);
    std::set<std::string> seen;
    const Board b = ref4d::board_of(pos);
    for (Move m : ml) {
        const std::string san = pos.san(m);
        EXPECT_TRUE(seen.insert(san).second) << "duplicate SAN " << san;
        EXPECT_EQ(pos.parse_san(san), m) << san;
        EXPECT_EQ(pos.parse_move(san), m) << san;
        const char piece = ref4d::kind(b[m.from()]);
        if (piece != 'P') {
            EXPECT_EQ(san[0], piece) << san;
        }
        EXPECT_NE(san.find(ref4d::name(m.to())), std::string::npos) << san;
        EXPECT_EQ(san.find('x') != std::string::npos, b[m.to()] != '.') << san;
        EXPECT_EQ(san.find("=Q") != std::string::npos, m.kind() == MoveKind::PROMOTION) << san;
        pos.do_move(m);
        Position::Moves replies;
        pos.legal_moves(replies);
        const char mark = pos.in_check() ? (replies.empty() ? '#' : '+') : 0;
        pos.undo_move(m);
        if (mark) {
            EXPECT_EQ(san.back(), mark) << san;
        } else {
            EXPECT_TRUE(san.back() != '+' && san.back() != '#') << san;
        }
    }
}

TEST(Chess4dNotation, D15_D16_SanRoundTripsThroughRandomGames) {
    std::mt19937 rng(16);
    for (int game = 0; game < 12; ++game) {
        Position pos;
        for (int ply = 0; ply < 50; ++ply) {
            check_san(pos);
            Position::Moves ml;
            pos.legal_moves(ml);
            if (ml.empty()) break;
            pos.do_move(ml[rng() % ml.size()]);
        }
    }
}

TEST(Chess4dNotation, D15_D16_SanDisambiguatesAndMarksMate) {
    // At the start both White Rooks reach a1[0,1] (c1[0,1] along X through b1[0,1]).
    const Position start;
    const Move a = find_move(start, sq("a1[0,0]"), sq("a1[0,1]"));
    const Move c = find_move(start, sq("c1[0,1]"), sq("a1[0,1]"));
    ASSERT_FALSE(a.is_none());
    ASSERT_FALSE(c.is_none());
    EXPECT_NE(start.san(a), start.san(c));
    EXPECT_NE(start.san(a), "Ra1[0,1]");
    EXPECT_TRUE(start.parse_san("Ra1[0,1]").is_none()) << "ambiguous text must not parse";
    EXPECT_EQ(start.parse_san(start.san(a)), a);
    EXPECT_EQ(start.parse_san(start.san(c)), c);
    // The Queen mate from test_chess4d_rules (D-13): b4[1,1] -> b2[1,1].
    const Position mate =
        load(ref4d::make_board({{'K', "a1[0,0]"}, {'q', "b4[1,1]"}, {'k', "c3[1,1]"}}), false);
    EXPECT_EQ(mate.san(mate.parse_lan("b4[1,1]b2[1,1]")), "Qb2[1,1]#");
    EXPECT_EQ(mate.parse_san("Qb2[1,1]#"), mate.parse_lan("b4[1,1]b2[1,1]"));
    EXPECT_EQ(mate.parse_move("Qb2[1,1]"), mate.parse_lan("b4[1,1]b2[1,1]"));
}

TEST(Chess4dNotation, D15_D16_SanDisambiguatesByBoard) {
    // Rooks a1[0,0] and a1[1,1] share file and rank; both reach a1[1,0] and a1[0,1].
    Position pos = load(ref4d::make_board({{'K', "d4[0,0]"},
                                           {'R', "a1[0,0]"},
                                           {'R', "a1[1,1]"},
                                           {'Q', "b2[0,1]"},
                                           {'Q', "d2[1,0]"},
                                           {'Q', "c1[1,1]"},
                                           {'k', "b4[1,1]"}}),
                        true);
    const Move r00 = find_move(pos, sq("a1[0,0]"), sq("a1[1,0]"));
    const Move r11 = find_move(pos, sq("a1[1,1]"), sq("a1[1,0]"));
    ASSERT_FALSE(r00.is_none());
    ASSERT_FALSE(r11.is_none());
    EXPECT_NE(pos.san(r00), pos.san(r11));
    EXPECT_NE(pos.san(r00).find("[0,0]"), std::string::npos) << pos.san(r00);
    EXPECT_NE(pos.san(r11).find("[1,1]"), std::string::npos) << pos.san(r11);
    EXPECT_TRUE(pos.parse_san("Ra1[1,0]").is_none());
    check_san(pos);
}

// D-16: every ply is one move of the journal.
TEST(Chess4dNotation, D16_EveryPlyCounts) {
    Position pos;
    EXPECT_EQ(pos.game_ply(), 0);
    const char* moves[] = {"a1[0,0]a1[0,1]", "c4[0,0]b2[0,0]", "c1[1,1]b3[1,1]"};
    int ply = 0;
    for (const char* lan : moves) {
        pos.do_move(pos.parse_lan(lan));
        EXPECT_EQ(pos.game_ply(), ++ply) << lan;
    }
}

}  // namespace
}  // namespace chimera
