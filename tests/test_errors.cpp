// Error paths of every parser: chess FEN, 4D FEN (D-14), chess LAN/SAN and 4D
// LAN (D-15) / SAN. Rules: ../shared/spec/README.md ("FEN validity", "The
// command-line contract"). Every rejected input must give a message that says
// what is wrong and where, fit on one printable line (the CLI prints it as its
// single `error:` line), and leave the position exactly as it was.
#include <gtest/gtest.h>

#include <cstdio>
#include <initializer_list>
#include <string>
#include <string_view>
#include <type_traits>

#include "variants/chess/position.h"
#include "variants/chess4d/position.h"

namespace chimera {
namespace {

using namespace std::literals;

constexpr std::string_view kChessStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
// A position with every FEN field non-default: en passant d6 capturable, clocks set.
constexpr std::string_view kChessBaseline =
    "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3";
constexpr std::string_view k4dStart = "4r1b1/1p1p4/3P2P1/2R2QNK/1qnk2r1/2p4p/5P1P/R1B5 w 0 1";

std::string printable(std::string_view s) {
    std::string out;
    for (unsigned char c : s) {
        if (c < 0x20 || c >= 0x7F) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\x%02x", c);
            out += buf;
        } else {
            out += static_cast<char>(c);
        }
    }
    return out;
}

// One printable ASCII line: what the CLI can print after "error: " as its only line.
::testing::AssertionResult printable_line(const std::string& s) {
    if (s.empty()) return ::testing::AssertionFailure() << "empty message";
    for (std::size_t i = 0; i < s.size(); ++i) {
        const auto c = static_cast<unsigned char>(s[i]);
        if (c < 0x20 || c >= 0x7F)
            return ::testing::AssertionFailure()
                   << "byte " << i + 1 << " of the message is not printable ASCII: \""
                   << printable(s) << '"';
    }
    return ::testing::AssertionSuccess();
}

::testing::AssertionResult mentions(const std::string& message,
                                    std::initializer_list<std::string_view> parts) {
    for (std::string_view p : parts)
        if (message.find(p) == std::string::npos)
            return ::testing::AssertionFailure()
                   << "message does not mention \"" << p << "\": " << printable(message);
    return ::testing::AssertionSuccess();
}

// A position that is not the start position, so that "unchanged" is a real check.
template <class Pos>
Pos baseline() {
    Pos pos;
    if constexpr (std::is_same_v<Pos, chess::Position>) {
        EXPECT_TRUE(pos.set_fen(kChessBaseline));
    } else {
        const Move m = pos.parse_lan("a1[0,0]a1[0,1]");
        EXPECT_FALSE(m.is_none());
        pos.do_move(m);
    }
    return pos;
}

// set_fen(fen) must fail, name every part in `parts`, stay on one printable
// line, and leave the position (FEN, hash, legal moves) untouched.
template <class Pos>
void expect_fen_error(std::string_view fen, std::initializer_list<std::string_view> parts) {
    SCOPED_TRACE("FEN \"" + printable(fen) + "\"");
    Pos pos = baseline<Pos>();
    const std::string before = pos.fen();
    const std::uint64_t key = pos.key();
    typename Pos::Moves moves_before;
    pos.legal_moves(moves_before);

    const Status s = pos.set_fen(fen);
    ASSERT_FALSE(s) << "accepted an invalid FEN; position now " << pos.fen();
    EXPECT_TRUE(mentions(s.message(), parts));
    EXPECT_TRUE(printable_line(s.message()));

    EXPECT_EQ(pos.fen(), before) << "a failed set_fen changed the position";
    EXPECT_EQ(pos.key(), key);
    EXPECT_TRUE(pos.is_consistent());
    typename Pos::Moves moves_after;
    pos.legal_moves(moves_after);
    EXPECT_EQ(moves_after.size(), moves_before.size());
}

void chess_error(std::string_view fen, std::initializer_list<std::string_view> parts) {
    expect_fen_error<chess::Position>(fen, parts);
}
void d4_error(std::string_view fen, std::initializer_list<std::string_view> parts) {
    expect_fen_error<chess4d::Position>(fen, parts);
}

// The chess start FEN with one field replaced (0 placement ... 5 fullmove).
std::string chess_with(int field, std::string_view value) {
    std::string fields[6] = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "w", "KQkq", "-", "0", "1"};
    fields[field] = value;
    std::string s;
    for (const auto& f : fields) s += (s.empty() ? "" : " ") + f;
    return s;
}

// The 4D start FEN with one field replaced (0 placement, 1 side, 2 halfmove, 3 fullmove).
std::string d4_with(int field, std::string_view value) {
    std::string fields[4] = {"4r1b1/1p1p4/3P2P1/2R2QNK/1qnk2r1/2p4p/5P1P/R1B5", "w", "0", "1"};
    fields[field] = value;
    std::string s;
    for (const auto& f : fields) s += (s.empty() ? "" : " ") + f;
    return s;
}

// ------------------------------------------------------------ chess FEN

TEST(ChessFenErrors, BaselinesAreValid) {
    chess::Position pos;
    ASSERT_TRUE(pos.set_fen(kChessBaseline));
    EXPECT_EQ(pos.fen(), kChessBaseline);
    ASSERT_TRUE(pos.set_fen(kChessStart));
    EXPECT_EQ(pos.fen(), kChessStart);
    EXPECT_EQ(chess_with(0, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"), kChessStart);
}

TEST(ChessFenErrors, WrongFieldCount) {
    chess_error("", {"6 fields", "got 0"});
    chess_error("   ", {"6 fields", "got 0"});
    chess_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", {"6 fields", "got 1"});
    chess_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq", {"6 fields", "got 3"});
    chess_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0", {"6 fields", "got 5"});
    chess_error(std::string(kChessStart) + " 1", {"6 fields", "got 7"});
    // A 4D FEN is not a chess FEN (4 fields are read as placement side castling ep).
    chess_error(k4dStart, {"castling", "'0'"});
}

TEST(ChessFenErrors, BadPieceLetter) {
    // "rnbqkbnr/" is 9 characters, then "pppp": the X is character 14.
    chess_error(chess_with(0, "rnbqkbnr/ppppXppp/8/8/8/8/PPPPPPPP/RNBQKBNR"),
                {"placement", "character 14", "'X'"});
    chess_error(chess_with(0, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNx"),
                {"placement", "character 43", "'x'"});
    // Digits 0 and 9 are not run lengths.
    chess_error(chess_with(0, "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR"),
                {"placement", "character 19", "'9'"});
    chess_error(chess_with(0, "rnbqkbnr/pppppppp/08/8/8/8/PPPPPPPP/RNBQKBNR"),
                {"placement", "character 19", "'0'"});
    chess_error(chess_with(0, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/"),
                {"placement", "character 44"});
}

TEST(ChessFenErrors, TooManySquaresInARank) {
    chess_error(chess_with(0, "rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"),
                {"placement", "character 18", "rank 7", "more than 8 squares"});
    chess_error(chess_with(0, "rnbqkbnr/pppppppp/p8/8/8/8/PPPPPPPP/RNBQKBNR"),
                {"placement", "character 20", "rank 6", "more than 8 squares"});
    chess_error(chess_with(0, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR1"),
                {"placement", "character 44", "rank 1", "more than 8 squares"});
}

TEST(ChessFenErrors, TooFewSquaresInARank) {
    chess_error(chess_with(0, "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"),
                {"placement", "character 17", "rank 7", "7 squares"});
    chess_error(chess_with(0, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN"),
                {"placement", "rank 1", "7 squares"});
    chess_error(chess_with(0, "rnbqkbnr/pppppppp//8/8/8/PPPPPPPP/RNBQKBNR"),
                {"placement", "character 19", "rank 6", "0 squares"});
}

TEST(ChessFenErrors, WrongNumberOfRanks) {
    chess_error(chess_with(0, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/8"),
                {"placement", "character 44", "more than 8 ranks"});
    chess_error(chess_with(0, "rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR"),
                {"placement", "8 ranks", "rank 2"});
}

TEST(ChessFenErrors, AdjacentDigits) {
    // "53" adds up to 8 but is not a canonical run; the 3 is character 20.
    chess_error(chess_with(0, "rnbqkbnr/pppppppp/53/8/8/8/PPPPPPPP/RNBQKBNR"),
                {"placement", "character 20", "'3'", "adjacent digits"});
    chess_error(chess_with(0, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ11NR"),
                {"placement", "character 41", "adjacent digits"});
}

TEST(ChessFenErrors, BadSideToMove) {
    for (std::string_view side : {"x", "W", "B", "white", "-", "wb"})
        chess_error(chess_with(1, side), {"side to move", "'" + std::string(side) + "'"});
}

TEST(ChessFenErrors, BadCastlingLetters) {
    for (std::string_view c : {"x", "KQkqK", "KK", "qkQK", "kK", "Qk-", "A", "KQkq-", "--", "HAha"})
        chess_error(chess_with(2, c), {"castling", "'" + std::string(c) + "'"});
}

TEST(ChessFenErrors, CastlingInconsistentWithKingOrRook) {
    // King on f1 instead of e1.
    chess_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQBKNR w KQkq - 0 1",
                {"castling", "'K'", "King", "h1"});
    // Rook h1 missing (the King's side).
    chess_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1",
                {"castling", "'K'", "Rook", "h1"});
    // Rook a1 missing (the Queen's side).
    chess_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR w Qkq - 0 1",
                {"castling", "'Q'", "Rook", "a1"});
    // Black rook a8 missing.
    chess_error("1nbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                {"castling", "'q'", "a8"});
    // A White rook on h8 does not give Black king-side rights.
    chess_error("rnbqkbnR/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBN1 w k - 0 1", {"castling", "'k'", "h8"});
}

TEST(ChessFenErrors, BadEnPassantSquare) {
    // Not a square, or not on rank 3 / 6.
    for (std::string_view ep : {"e4", "e9", "i6", "e", "e66", "E6", "6e", "e0", "--"})
        chess_error(chess_with(3, ep), {"en passant", "'" + std::string(ep) + "'"});
    // Rank 3 while White is to move (Black cannot have made a double step onto rank 3).
    chess_error("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e3 0 2",
                {"en passant", "'e3'"});
    // No pawn that could just have made the double step.
    chess_error("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq d3 0 1",
                {"en passant", "'d3'"});
    chess_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1",
                {"en passant", "'e6'"});
    // The pawn is there but the square it passed is occupied.
    chess_error("rnbqkbnr/pppp1ppp/4n3/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 2",
                {"en passant", "'e6'"});
}

TEST(ChessFenErrors, BadCounters) {
    for (std::string_view v : {"-1", "x", "1.5", "+3", "99999999999", "1e3", "0x10"}) {
        chess_error(chess_with(4, v), {"halfmove", "'" + std::string(v) + "'"});
        chess_error(chess_with(5, v), {"fullmove", "'" + std::string(v) + "'"});
    }
    chess_error(chess_with(5, "0"), {"fullmove", "'0'"});
    chess_error(chess_with(5, "000"), {"fullmove", "'000'"});
}

// The largest counters set_fen accepts must survive one more move: the FEN the
// engine prints afterwards has to be one it reads back (README: every FEN field
// parses), otherwise a saved game cannot be reloaded.
TEST(ChessFenErrors, CountersAtTheLimitStillReadBackAfterAMove) {
    chess::Position pos;
    ASSERT_TRUE(pos.set_fen("k7/8/8/8/8/8/8/K7 b - - 999999 999999"));
    const Move m = pos.parse_lan("a8b8");
    ASSERT_FALSE(m.is_none());
    pos.do_move(m);
    const std::string after = pos.fen();
    chess::Position again;
    const Status s = again.set_fen(after);
    EXPECT_TRUE(s) << after << " is rejected: " << s.message();
}

TEST(ChessFenErrors, KingCounts) {
    chess_error("8/8/8/8/8/8/8/8 w - - 0 1", {"placement", "White", "King", "0"});
    chess_error("8/8/8/8/8/8/8/K7 w - - 0 1", {"placement", "Black", "King", "0"});
    chess_error("k7/8/8/8/8/8/8/K6K w - - 0 1", {"placement", "White", "King", "2"});
    chess_error("k6k/8/8/8/8/8/8/K7 w - - 0 1", {"placement", "Black", "King", "2"});
}

TEST(ChessFenErrors, TooManyPawnsOrPieces) {
    chess_error("k7/8/8/8/8/P7/PPPPPPPP/K7 w - - 0 1", {"placement", "White", "9 pawns"});
    chess_error("k7/pppppppp/p7/8/8/8/8/K7 w - - 0 1", {"placement", "Black", "9 pawns"});
    chess_error("k7/8/8/8/QQQQQQQQ/8/PPPPPPPP/K7 w - - 0 1", {"placement", "White", "17"});
}

TEST(ChessFenErrors, PawnsOnFirstOrLastRank) {
    chess_error("k6P/8/8/8/8/8/8/K7 w - - 0 1", {"placement", "pawn", "h8"});
    chess_error("k7/8/8/8/8/8/8/K6P w - - 0 1", {"placement", "pawn", "h1"});
    chess_error("k6p/8/8/8/8/8/8/K7 w - - 0 1", {"placement", "pawn", "h8"});
    chess_error("k7/8/8/8/8/8/8/K6p w - - 0 1", {"placement", "pawn", "h1"});
}

TEST(ChessFenErrors, SideNotToMoveInCheck) {
    chess_error("k6R/8/8/8/8/8/8/K7 w - - 0 1", {"check"});
    chess_error("k7/8/8/8/8/8/8/K6r b - - 0 1", {"check"});
    chess_error("8/8/8/8/8/8/8/Kk6 w - - 0 1", {"check"});  // adjacent Kings
    // The same positions are fine with the checked side to move.
    chess::Position pos;
    EXPECT_TRUE(pos.set_fen("k6R/8/8/8/8/8/8/K7 b - - 0 1"));
    EXPECT_TRUE(pos.in_check());
    EXPECT_TRUE(pos.set_fen("k7/8/8/8/8/8/8/K6r w - - 0 1"));
    EXPECT_TRUE(pos.in_check());
}

TEST(ChessFenErrors, NonAsciiBytesInPlacement) {
    // "é" (UTF-8 c3 a9) where the fifth pawn should be: byte 14 of the FEN.
    chess_error(chess_with(0, "rnbqkbnr/pppp\xc3\xa9pp/8/8/8/8/PPPPPPPP/RNBQKBNR"),
                {"placement", "character 14"});
    chess_error(chess_with(0, "rnbqkbnr/pppp\xffppp/8/8/8/8/PPPPPPPP/RNBQKBNR"),
                {"placement", "character 14"});
}

TEST(ChessFenErrors, ControlBytesInPlacement) {
    // The CLI prints the message as its one `error:` line: a newline, tab, NUL or
    // escape byte copied from the input must not reach it raw.
    for (char c : {'\n', '\t', '\r', '\0', '\x1b', '\x7f'}) {
        std::string placement = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
        placement[13] = c;
        chess_error(chess_with(0, placement), {"placement", "character 14"});
    }
}

TEST(ChessFenErrors, NonAsciiBytesInOtherFields) {
    chess_error(chess_with(1, "w\xc3\xa9"), {"side to move"});
    chess_error(chess_with(2, "K\xffQ"), {"castling"});
    chess_error(chess_with(3, "\xe2\x80\x94"), {"en passant"});
    chess_error(chess_with(4, "\xd9\xa3"), {"halfmove"});  // Arabic-Indic digit three
    chess_error(chess_with(5, "1\x01"), {"fullmove"});
}

TEST(ChessFenErrors, FailedSetFenKeepsHistoryForUndo) {
    chess::Position pos;
    const std::string start = pos.fen();
    const Move m = pos.parse_lan("e2e4");
    ASSERT_FALSE(m.is_none());
    pos.do_move(m);
    const std::string after = pos.fen();
    ASSERT_FALSE(pos.set_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0"));
    EXPECT_EQ(pos.fen(), after);
    pos.undo_move(m);
    EXPECT_EQ(pos.fen(), start);
    EXPECT_TRUE(pos.is_consistent());
}

// ------------------------------------------------------------ 4D FEN (D-14)

TEST(Chess4dFenErrors, BaselinesAreValid) {
    chess4d::Position pos;
    EXPECT_EQ(pos.fen(), k4dStart);
    EXPECT_EQ(d4_with(0, "4r1b1/1p1p4/3P2P1/2R2QNK/1qnk2r1/2p4p/5P1P/R1B5"), k4dStart);
    const auto b = baseline<chess4d::Position>();
    EXPECT_NE(b.fen(), k4dStart);
}

TEST(Chess4dFenErrors, WrongFieldCount) {
    d4_error("", {"4 fields", "got 0"});
    d4_error("4r1b1/1p1p4/3P2P1/2R2QNK/1qnk2r1/2p4p/5P1P/R1B5", {"4 fields", "got 1"});
    d4_error("4r1b1/1p1p4/3P2P1/2R2QNK/1qnk2r1/2p4p/5P1P/R1B5 w 0", {"4 fields", "got 3"});
    d4_error("4r1b1/1p1p4/3P2P1/2R2QNK/1qnk2r1/2p4p/5P1P/R1B5 w 0 1 1", {"4 fields", "got 5"});
    // Chess-style castling and en-passant fields do not exist in D-14.
    d4_error("4r1b1/1p1p4/3P2P1/2R2QNK/1qnk2r1/2p4p/5P1P/R1B5 w - - 0 1", {"4 fields", "got 6"});
    d4_error(kChessStart, {"4 fields", "got 6"});
}

TEST(Chess4dFenErrors, BadPieceLetter) {
    d4_error(d4_with(0, "4r1X1/1p1p4/3P2P1/2R2QNK/1qnk2r1/2p4p/5P1P/R1B5"),
             {"placement", "character 4", "'X'"});
    // D-3 has no other letters: no Archbishop, no Chancellor.
    d4_error(d4_with(0, "4r1b1/1p1p4/3P2P1/2R2QNK/1qnk2r1/2p4p/5P1P/R1B4a"),
             {"placement", "character 48", "'a'"});
    // Digits 9 and 0 are not run lengths.
    d4_error(d4_with(0, "9/1p1p4/3P2P1/2R2QNK/1qnk2r1/2p4p/5P1P/R1B5"),
             {"placement", "character 1", "'9'"});
    d4_error(d4_with(0, "4r1b1/1p1p4/3P2P1/2R2QNK/1qnk2r1/2p4p/5P1P/R1B50"),
             {"placement", "character 48", "'0'"});
}

TEST(Chess4dFenErrors, TooManySquaresInARow) {
    d4_error(d4_with(0, "4r1b1p/1p1p4/3P2P1/2R2QNK/1qnk2r1/2p4p/5P1P/R1B5"),
             {"placement", "character 6", "row 1", "more than 8 squares"});
    d4_error(d4_with(0, "4r1b1/1p1p5/3P2P1/2R2QNK/1qnk2r1/2p4p/5P1P/R1B5"),
             {"placement", "character 11", "row 2", "more than 8 squares"});
}

TEST(Chess4dFenErrors, TooFewSquaresInARow) {
    d4_error(d4_with(0, "4r1b/1p1p4/3P2P1/2R2QNK/1qnk2r1/2p4p/5P1P/R1B5"),
             {"placement", "character 5", "row 1", "7 squares"});
    d4_error(d4_with(0, "4r1b1/1p1p4/3P2P1/2R2QNK/1qnk2r1/2p4p/5P1P/R1B4"),
             {"placement", "row 8", "7 squares"});
}

TEST(Chess4dFenErrors, WrongNumberOfRows) {
    d4_error(d4_with(0, "4r1b1/1p1p4/3P2P1/2R2QNK/1qnk2r1/2p4p/5P1P/R1B5/8"),
             {"placement", "character 48", "more than 8 rows"});
    d4_error(d4_with(0, "4r1b1/1p1p4/3P2P1/2R2QNK/1qnk2r1/2p4p/5P1P"),
             {"placement", "8 rows", "row 7"});
    // A chess-sized placement is fine in shape but has too many pieces of a kind.
    d4_error(d4_with(0, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"), {"placement"});
}

TEST(Chess4dFenErrors, AdjacentDigits) {
    // D-14: "44" is invalid even though it adds up to 8.
    d4_error(d4_with(0, "44/1p1p4/3P2P1/2R2QNK/1qnk2r1/2p4p/5P1P/R1B5"),
             {"placement", "character 2", "adjacent digits"});
    d4_error(d4_with(0, "4r1b1/1p1p4/3P2P1/2R2QNK/1qnk2r1/2p4p/5P1P/R1B41"),
             {"placement", "character 48", "adjacent digits"});
}

TEST(Chess4dFenErrors, BadSideToMove) {
    for (std::string_view side : {"x", "W", "black", "-", "0"})
        d4_error(d4_with(1, side), {"side to move", "'" + std::string(side) + "'"});
}

TEST(Chess4dFenErrors, BadCounters) {
    for (std::string_view v : {"-1", "x", "1.5", "+3", "99999999999", "-"}) {
        d4_error(d4_with(2, v), {"halfmove", "'" + std::string(v) + "'"});
        d4_error(d4_with(3, v), {"fullmove", "'" + std::string(v) + "'"});
    }
    d4_error(d4_with(3, "0"), {"fullmove", "'0'"});
}

TEST(Chess4dFenErrors, CountersAtTheLimitStillReadBackAfterAMove) {
    chess4d::Position pos;
    ASSERT_TRUE(pos.set_fen("7k/8/8/8/8/8/8/K7 b 999999 999999"));
    const Move m = pos.parse_lan("d4[1,1]c4[1,1]");
    ASSERT_FALSE(m.is_none());
    pos.do_move(m);
    const std::string after = pos.fen();
    chess4d::Position again;
    const Status s = again.set_fen(after);
    EXPECT_TRUE(s) << after << " is rejected: " << s.message();
}

TEST(Chess4dFenErrors, KingCounts) {
    // Row 4 "2R2QNK" without its King: White has none.
    d4_error(d4_with(0, "4r1b1/1p1p4/3P2P1/2R2QN1/1qnk2r1/2p4p/5P1P/R1B5"),
             {"placement", "White", "King", "0"});
    d4_error(d4_with(0, "4r1b1/1p1p4/3P2P1/2R2QNK/1qn3r1/2p4p/5P1P/R1B5"),
             {"placement", "Black", "King", "0"});
    d4_error(d4_with(0, "K3r1b1/1p1p4/3P2P1/2R2QNK/1qnk2r1/2p4p/5P1P/R1B5"),
             {"placement", "White", "King", "2"});
    d4_error(d4_with(0, "4r1b1/1p1p4/3P2P1/2R2QNK/1qnk2r1/2p4p/5P1P/R1B4k"),
             {"placement", "Black", "King", "2"});
}

TEST(Chess4dFenErrors, TooManyPiecesOfAKind) {
    // D-3: four pawns each; a fifth White pawn on a rank-3 square.
    d4_error(d4_with(0, "4r1b1/1p1p4/3P2P1/2R2QNK/1qnk2r1/2pP3p/5P1P/R1B5"),
             {"placement", "White", "army"});
    // A third Black rook.
    d4_error(d4_with(0, "4r1br/1p1p4/3P2P1/2R2QNK/1qnk2r1/2p4p/5P1P/R1B5"),
             {"placement", "Black", "army"});
    // A second Queen without a missing pawn (promotion is the only way to get one).
    d4_error(d4_with(0, "4r1b1/1p1p4/3P2P1/2R2QNK/1qnk2r1/2p4p/5P1P/R1BQ4"),
             {"placement", "White", "army"});
}

TEST(Chess4dFenErrors, PawnsOnFirstOrLastRank) {
    // White pawn on rank 4 (row 1, W=1 Y=4); one White pawn removed from row 3.
    d4_error(d4_with(0, "P3r1b1/1p1p4/3P4/2R2QNK/1qnk2r1/2p4p/5P1P/R1B5"),
             {"placement", "White", "a4[0,1]"});
    // White pawn on its own first rank: row 8, column 4 is d1[0,0].
    d4_error(d4_with(0, "4r1b1/1p1p4/3P4/2R2QNK/1qnk2r1/2p4p/5P1P/R1BP4"),
             {"placement", "White", "d1[0,0]"});
    // Black pawn on rank 1 (row 8, column 8 is d1[1,0]); one Black pawn removed.
    d4_error(d4_with(0, "4r1b1/1p6/3P2P1/2R2QNK/1qnk2r1/2p4p/5P1P/R1B4p"),
             {"placement", "Black", "d1[1,0]"});
    // Black pawn on its own first rank, rank 4 (row 5, column 1 is a4[0,0]).
    d4_error(d4_with(0, "4r1b1/1p6/3P2P1/2R2QNK/pqnk2r1/2p4p/5P1P/R1B5"),
             {"placement", "Black", "a4[0,0]"});
}

TEST(Chess4dFenErrors, SideNotToMoveInCheck) {
    // Black King a4[0,1], White Rook a4[0,0]: one W step (D-5).
    d4_error("k7/8/8/8/R7/8/8/K7 w 0 1", {"check"});
    // Kings on a1[0,0] and a1[1,1]: one step along Z and W at once (D-8).
    d4_error("8/8/8/4k3/8/8/8/K7 w 0 1", {"check"});
    chess4d::Position pos;
    EXPECT_TRUE(pos.set_fen("k7/8/8/8/R7/8/8/K7 b 0 1"));
    EXPECT_TRUE(pos.in_check());
}

TEST(Chess4dFenErrors, NonAsciiAndControlBytesInPlacement) {
    for (std::string_view bad : {"\xc3\xa9"sv, "\xff"sv, "\n"sv, "\t"sv, "\0"sv}) {
        const std::string placement =
            "4r1" + std::string(bad) + "1/1p1p4/3P2P1/2R2QNK/1qnk2r1/2p4p/5P1P/R1B5";
        d4_error(d4_with(0, placement), {"placement", "character 4"});
    }
}

TEST(Chess4dFenErrors, NonAsciiBytesInOtherFields) {
    d4_error(d4_with(1, "\xc3\xa9"), {"side to move"});
    d4_error(d4_with(2, "1\n"), {"halfmove"});
    d4_error(d4_with(3, "\xef\xbc\x91"), {"fullmove"});  // fullwidth digit one
}

// ------------------------------------------------------------ move text

template <class Pos>
void expect_no_move(const Pos& pos, std::string_view text, const char* parser) {
    SCOPED_TRACE(std::string(parser) + " \"" + printable(text) + "\" in " + pos.fen());
    std::string error;
    Move m;
    if (std::string_view(parser) == "lan")
        m = pos.parse_lan(text, &error);
    else if (std::string_view(parser) == "san")
        m = pos.parse_san(text, &error);
    else
        m = pos.parse_move(text, &error);
    EXPECT_TRUE(m.is_none()) << "accepted as " << pos.lan(m);
    EXPECT_TRUE(printable_line(error));
    if (!text.empty() && printable_line(std::string(text))) {
        EXPECT_NE(error.find(std::string(text)), std::string::npos)
            << "message does not quote the move text: " << error;
    }
    // Without an error sink the parsers fail quietly.
    Move quiet;
    if (std::string_view(parser) == "lan")
        quiet = pos.parse_lan(text, nullptr);
    else if (std::string_view(parser) == "san")
        quiet = pos.parse_san(text, nullptr);
    else
        quiet = pos.parse_move(text, nullptr);
    EXPECT_TRUE(quiet.is_none());
}

template <class Pos>
void expect_no_move_anywhere(const Pos& pos, std::string_view text) {
    for (const char* parser : {"lan", "san", "move"}) expect_no_move(pos, text, parser);
}

TEST(ChessMoveErrors, GarbageAndEmpty) {
    const chess::Position pos;
    const std::string before = pos.fen();
    for (std::string_view t :
         {""sv,     "zzzz"sv,  "e2"sv,      "e2e"sv,     "e2e4e"sv,  "e2-e4"sv,
          "E2E4"sv, " e2e4"sv, "e2e4 "sv,   "e2e4\n"sv,  "e2e4\0"sv, "\xff\xfe"sv,
          "i2i4"sv, "e0e1"sv,  "e2e9"sv,    "0000"sv,    "--"sv,     "+"sv,
          "#"sv,    "!?"sv,    "O-O-O-O"sv, "e2e4e2e4"sv})
        expect_no_move_anywhere(pos, t);
    EXPECT_EQ(pos.fen(), before);
}

TEST(ChessMoveErrors, EmptyTextSaysSo) {
    const chess::Position pos;
    std::string error;
    EXPECT_TRUE(pos.parse_lan("", &error).is_none());
    EXPECT_TRUE(mentions(error, {"empty"}));
    EXPECT_TRUE(pos.parse_san("", &error).is_none());
    EXPECT_TRUE(mentions(error, {"empty"}));
    EXPECT_TRUE(pos.parse_move("", &error).is_none());
    EXPECT_TRUE(mentions(error, {"empty"}));
}

TEST(ChessMoveErrors, IllegalButWellFormed) {
    const chess::Position pos;
    // LAN: blocked, wrong piece geometry, the other side's move, castling not available.
    for (std::string_view t :
         {"e2e5", "e1e2", "a1a3", "e7e5", "g1g3", "e1g1", "e1c1", "a2b3", "e2e4q", "d1h5", "b1d2"})
        expect_no_move(pos, t, "lan");
    for (std::string_view t : {"Nf6", "e5", "Ke2", "O-O", "O-O-O", "0-0", "Nxf3", "exd3", "Qh5",
                               "Bc4", "Nc3x", "N", "e"})
        expect_no_move(pos, t, "san");
    for (std::string_view t : {"e2e5", "Nf6", "O-O", "e1g1"}) expect_no_move(pos, t, "move");
}

TEST(ChessMoveErrors, InCheckOnlyEvasions) {
    chess::Position pos;
    // 1.f3 e5 2.a3 Qh4+: only g3 blocks (the King cannot move).
    ASSERT_TRUE(pos.set_fen("rnb1kbnr/pppp1ppp/8/4p3/7q/P4P2/1PPPP1PP/RNBQKBNR w KQkq - 1 3"));
    ASSERT_TRUE(pos.in_check());
    chess::Position::Moves moves;
    pos.legal_moves(moves);
    ASSERT_EQ(moves.size(), 1u);
    EXPECT_EQ(pos.lan(moves[0]), "g2g3");
    EXPECT_EQ(pos.parse_move("g3"), moves[0]);
    for (std::string_view t : {"e2e4", "a3a4", "g1f3", "e1f2", "Nc3", "Nf3", "Kf2"})
        expect_no_move_anywhere(pos, t);
}

TEST(ChessMoveErrors, PromotionLetters) {
    chess::Position pos;
    ASSERT_TRUE(pos.set_fen("8/4P3/8/8/8/8/k7/4K3 w - - 0 1"));
    for (std::string_view ok : {"e7e8q", "e7e8r", "e7e8b", "e7e8n"}) {
        const Move m = pos.parse_lan(ok);
        ASSERT_FALSE(m.is_none()) << ok;
        EXPECT_EQ(m.kind(), MoveKind::PROMOTION);
        EXPECT_EQ(pos.lan(m), ok);
    }
    // LAN is canonical: lower-case letter, always present, one of q r b n.
    for (std::string_view t : {"e7e8", "e7e8k", "e7e8p", "e7e8Q", "e7e8N", "e7e8x", "e7e8qq",
                               "e7e8=q", "e7e8 q", "e7e8\xff"})
        expect_no_move(pos, t, "lan");
    EXPECT_FALSE(pos.parse_san("e8=Q").is_none());
    EXPECT_FALSE(pos.parse_san("e8=N").is_none());
    for (std::string_view t : {"e8=K", "e8=P", "e8=", "e8=X", "e8=QQ", "e8=Q=Q"})
        expect_no_move(pos, t, "san");
}

TEST(Chess4dMoveErrors, TutorialMoveParses) {
    const chess4d::Position pos;
    const Move m = pos.parse_lan("a1[0,0]a1[0,1]");
    ASSERT_FALSE(m.is_none());
    EXPECT_EQ(pos.lan(m), "a1[0,0]a1[0,1]");
    EXPECT_EQ(pos.parse_move("a1[0,0]a1[0,1]"), m);
}

TEST(Chess4dMoveErrors, GarbageAndEmpty) {
    const chess4d::Position pos;
    const std::string before = pos.fen();
    for (std::string_view t :
         {""sv, "zzzz"sv, "e2e4"sv, "a1a2"sv, "[0,0]"sv, "a1[0,0] a1[0,1]"sv, "a1[0,0]-a1[0,1]"sv,
          "A1[0,0]a1[0,1]"sv, "a1(0,0)a1(0,1)"sv, "a1[0, 0]a1[0,1]"sv, "a1[0;0]a1[0;1]"sv,
          " a1[0,0]a1[0,1]"sv, "a1[0,0]a1[0,1] "sv, "a1[0,0]a1[0,1]\0"sv, "a1[0,0]a1[0,1]a1[0,0]"sv,
          "a1[+0,0]a1[0,1]"sv, "a1[00,0]a1[0,1]"sv, "\xc3\xa9"sv, "a1[0,0]\xff"sv})
        expect_no_move_anywhere(pos, t);
    EXPECT_EQ(pos.fen(), before);
}

TEST(Chess4dMoveErrors, TruncatedSquares) {
    const chess4d::Position pos;
    const std::string full = "a1[0,0]a1[0,1]";
    for (std::size_t n = 0; n < full.size(); ++n) expect_no_move_anywhere(pos, full.substr(0, n));
    for (std::string_view t : {"a1[0,0]a1[0,", "a1[0,0]a1[0", "a1[0,0]a", "a1[", "a1[0,0]]"})
        expect_no_move_anywhere(pos, t);
}

TEST(Chess4dMoveErrors, OutOfRangeCoordinates) {
    const chess4d::Position pos;
    for (std::string_view t :
         {"e1[0,2]a1[0,1]", "a1[0,0]e1[0,0]", "a1[0,0]a5[0,0]", "a0[0,0]a1[0,1]", "a1[0,0]a1[0,2]",
          "a1[0,0]a1[2,1]", "a1[0,0]a1[-1,0]", "a1[0,0]a1[1,0,0]", "a1[0,0]a1[0]", "a1[0,0]a1",
          "a1[0,0]a1[9,9]", "h8[0,0]h8[1,1]", "a9[0,0]a1[0,1]"})
        expect_no_move_anywhere(pos, t);
}

TEST(Chess4dMoveErrors, IllegalButWellFormed) {
    const chess4d::Position pos;
    // Rook diagonal, null move, the Black King's move, onto an own piece,
    // a pawn double step (D-10: none), a King onto an attacked square.
    for (std::string_view t :
         {"a1[0,0]b2[0,0]", "a1[0,0]a1[0,0]", "d4[0,0]d3[0,0]", "c1[0,0]a1[0,0]", "b2[1,0]b4[1,0]",
          "b3[0,1]b2[0,1]", "c1[1,1]c3[1,1]", "d1[1,1]d3[1,1]"})
        expect_no_move(pos, t, "lan");
    // "Ra1[0,1]" is ambiguous: the Rooks a1[0,0] and c1[0,1] both reach a1[0,1].
    for (std::string_view t : {"Ra1[0,2]", "Ka1[0,1]", "Qz9", "R", "Rxa1[0,1]", "Rb2[0,0]",
                               "a1[0,1]", "Raa1[0,1]=Q", "O-O", "Ra1[0,1]"})
        expect_no_move(pos, t, "san");
    for (std::string_view t : {"a1[0,0]b2[0,0]", "Ka1[0,1]", "Ra1[0,1]"})
        expect_no_move(pos, t, "move");
    // The disambiguated display form does parse (sanity for the above).
    const Move tutorial = pos.parse_lan("a1[0,0]a1[0,1]");
    EXPECT_EQ(pos.san(tutorial), "Raa1[0,1]");
    EXPECT_EQ(pos.parse_san("Raa1[0,1]"), tutorial);
}

TEST(Chess4dMoveErrors, PromotionIsAutomaticAndTakesNoLetter) {
    chess4d::Position pos;
    // White pawn b3[0,0] with b4[0,0] empty; Kings a1[0,0] and d4[1,1].
    ASSERT_TRUE(pos.set_fen("7k/8/8/8/8/1P6/8/K7 w 0 1"));
    const Move m = pos.parse_lan("b3[0,0]b4[0,0]");
    ASSERT_FALSE(m.is_none());
    EXPECT_EQ(m.kind(), MoveKind::PROMOTION);
    EXPECT_EQ(pos.lan(m), "b3[0,0]b4[0,0]");  // D-15: no letter
    EXPECT_EQ(pos.parse_san(pos.san(m)), m);
    for (std::string_view t :
         {"b3[0,0]b4[0,0]q", "b3[0,0]b4[0,0]Q", "b3[0,0]b4[0,0]=Q", "b3[0,0]b4[0,0]n"})
        expect_no_move(pos, t, "lan");
    for (std::string_view t : {"b4[0,0]=R", "b4[0,0]=N", "b4[0,0]=K", "b4[0,0]=Q=Q"})
        expect_no_move(pos, t, "san");
}

}  // namespace
}  // namespace chimera
