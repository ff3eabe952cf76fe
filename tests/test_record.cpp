// Game records (src/game/record.h): write -> parse round trips for every
// variant (tags with quotes and backslashes, SAN-like moves, results, the 4D
// per-ply numbering of D-16), replay that validates every move with the rules,
// errors that say where malformed text goes wrong, the records that
// match::run_match produces, and the match statistics.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "engine/engine.h"
#include "game/record.h"
#include "match/match.h"
#include "variants/game.h"

namespace chimera {
namespace {

using game::Record;

// A random legal game of `plies` plies from the variant's start (or fen).
// Returns the record (SAN moves) and fills the LAN moves and the final FEN.
Record random_game(std::string_view variant, std::string_view fen, int plies, std::uint64_t seed,
                   std::vector<std::string>* lan, std::string* final_fen) {
    std::mt19937_64 rng(seed);
    auto g = make_game(variant);
    Record r;
    r.set_tag("Event", "round trip");
    r.set_tag("Variant", std::string(variant));
    if (!fen.empty()) {
        EXPECT_TRUE(g->set_fen(fen)) << fen;
        r.set_tag("FEN", std::string(fen));
    }
    for (int i = 0; i < plies && g->outcome() == Outcome::ONGOING; ++i) {
        const auto moves = g->legal_moves();
        const MoveText& m = moves[rng() % moves.size()];
        std::string san, l;
        EXPECT_TRUE(g->play(m.lan, &san, &l));
        r.moves.push_back(san);
        lan->push_back(l);
    }
    *final_fen = g->fen();
    r.result = "*";
    return r;
}

Record parse_one(const std::string& text) {
    Status s = Status::ok();
    auto records = game::parse_records(text, &s);
    EXPECT_TRUE(s) << s.message() << "\n" << text;
    EXPECT_EQ(records.size(), 1u) << text;
    return records.empty() ? Record{} : records[0];
}

std::string parse_error(std::string_view text) {
    Status s = Status::ok();
    const auto records = game::parse_records(text, &s);
    EXPECT_FALSE(s) << "accepted: " << text;
    EXPECT_TRUE(records.empty());
    return s.message();
}

TEST(Record, TagsWithQuotesAndBackslashesRoundTrip) {
    Record r;
    r.set_tag("Event", "The \"Big\" match");
    r.set_tag("Site", "C:\\games\\chimera\\");
    r.set_tag("White", "\\\"quoted backslash\\\"");
    r.set_tag("Black", "");
    r.set_tag("Variant", "chess");
    r.moves = {"e4", "e5", "Nf3", "Nc6", "Bb5"};
    for (const char* result : {"1-0", "0-1", "1/2-1/2", "*"}) {
        r.result = result;
        const std::string text = game::write_record(r);
        const Record back = parse_one(text);
        EXPECT_EQ(back.tags, r.tags) << text;
        EXPECT_EQ(back.moves, r.moves) << text;
        EXPECT_EQ(back.result, r.result) << text;
        EXPECT_EQ(back.tag("Event"), "The \"Big\" match");
        EXPECT_EQ(back.tag("Site"), "C:\\games\\chimera\\");
        EXPECT_TRUE(game::replay(back));
    }
    // Two records in one text come back as two.
    Record other = r;
    other.set_tag("Event", "second");
    Status s = Status::ok();
    const auto both =
        game::parse_records(game::write_record(r) + "\n" + game::write_record(other), &s);
    ASSERT_TRUE(s) << s.message();
    ASSERT_EQ(both.size(), 2u);
    EXPECT_EQ(both[1].tag("Event"), "second");
    EXPECT_EQ(both[1].moves, other.moves);
}

struct GameCase {
    const char* variant;
    const char* fen;  // "" = start position
};

void PrintTo(const GameCase& c, std::ostream* os) { *os << c.variant << " " << c.fen; }

class RecordRoundTrip : public ::testing::TestWithParam<GameCase> {};

TEST_P(RecordRoundTrip, WriteParseReplayGivesTheSameGame) {
    const GameCase& c = GetParam();
    for (std::uint64_t seed = 1; seed <= 6; ++seed) {
        std::vector<std::string> lan;
        std::string final_fen;
        const Record r = random_game(c.variant, c.fen, 24, seed, &lan, &final_fen);
        const std::string text = game::write_record(r);
        SCOPED_TRACE(text);
        // The record object itself replays.
        std::vector<std::string> replayed;
        std::string fen;
        ASSERT_TRUE(game::replay(r, &fen, &replayed));
        EXPECT_EQ(replayed, lan);
        EXPECT_EQ(fen, final_fen);
        // And so does its text.
        const Record back = parse_one(text);
        EXPECT_EQ(back.tags, r.tags);
        EXPECT_EQ(back.moves, r.moves);
        EXPECT_EQ(back.result, r.result);
        replayed.clear();
        Status s = game::replay(back, &fen, &replayed);
        EXPECT_TRUE(s) << s.message();
        EXPECT_EQ(replayed, lan);
        EXPECT_EQ(fen, final_fen);
    }
}

INSTANTIATE_TEST_SUITE_P(
    AllVariants, RecordRoundTrip,
    ::testing::Values(
        GameCase{"chess", ""}, GameCase{"chess", "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1"},
        GameCase{"chess4d", ""}, GameCase{"wreckage", ""}, GameCase{"wataku", ""},
        GameCase{"wataku", "3tkt3/2n1k1n2/3p1p3/9/9/9/3P1P3/2N1K1N2/3TKT3 w QRRBBPPTTqrrbbpptt 1"}),
    [](const auto& p) {
        return std::string(p.param.variant) + (p.param.fen[0] ? "_fen" : "_start");
    });

// D-16: the 4D journal numbers every ply; the other games number move pairs.
TEST(Record, MoveNumbering) {
    Record r4;
    r4.set_tag("Variant", "chess4d");
    r4.moves = {"Ra1[0,1]", "c2[0,0]", "Qa2[1,1]"};
    const std::string t4 = game::write_record(r4);
    EXPECT_NE(t4.find("1. Ra1[0,1] 2. c2[0,0] 3. Qa2[1,1] *"), std::string::npos) << t4;

    Record rc;
    rc.set_tag("Variant", "chess");
    rc.moves = {"e4", "e5", "Nf3"};
    const std::string tc = game::write_record(rc);
    EXPECT_NE(tc.find("1. e4 e5 2. Nf3 *"), std::string::npos) << tc;

    rc.set_tag("FEN", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    rc.moves = {"e5", "Nf3", "Nc6"};
    const std::string tb = game::write_record(rc);
    EXPECT_NE(tb.find("1... e5 2. Nf3 Nc6 *"), std::string::npos) << tb;
    EXPECT_TRUE(game::replay(parse_one(tb)));
}

TEST(Record, ReplayRejectsAnIllegalMoveAndNamesIt) {
    Record r;
    r.moves = {"e4", "e5", "Ke3", "Nc6"};  // 2. Ke3: the King cannot go two squares
    Status s = game::replay(r);
    ASSERT_FALSE(s);
    EXPECT_NE(s.message().find("'Ke3'"), std::string::npos) << s.message();
    EXPECT_NE(s.message().find("move "), std::string::npos) << s.message();

    // 4D (D-16): move 3 is the third ply. The Rook cannot move diagonally (D-5).
    Record r4;
    r4.set_tag("Variant", "chess4d");
    r4.moves = {"a1[0,0]a1[0,1]", "c3[0,0]c2[0,0]", "a1[0,1]b2[0,1]"};
    s = game::replay(r4);
    ASSERT_FALSE(s);
    EXPECT_NE(s.message().find("move 3"), std::string::npos) << s.message();

    // Wreckage: a Ninja Pawn drop needs the whole file from r = 2 empty (X-23).
    Record rw;
    rw.set_tag("Variant", "wreckage");
    rw.moves = {"J@d4"};
    s = game::replay(rw);
    ASSERT_FALSE(s);
    EXPECT_NE(s.message().find("move 1"), std::string::npos) << s.message();

    // A move after the game ended (fool's mate) is rejected.
    Record over;
    over.moves = {"f3", "e5", "g4", "Qh4#", "a3"};
    s = game::replay(over);
    ASSERT_FALSE(s);
    EXPECT_NE(s.message().find("'a3'"), std::string::npos) << s.message();
}

TEST(Record, ReplayRejectsBadVariantAndFenTags) {
    Record r;
    r.set_tag("Variant", "shogi");
    r.moves = {"e4"};
    Status s = game::replay(r);
    ASSERT_FALSE(s);
    EXPECT_NE(s.message().find("Variant"), std::string::npos) << s.message();

    for (const auto& [variant, fen] : std::vector<std::pair<const char*, const char*>>{
             {"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1"},
             {"chess4d", "8/8/8/8/8/8/8/8 w 0 1"},
             {"wreckage",
              "xrwbqkbfrd/pppppppppp/55/10/10/10/10/10/PPPPPPPPPP/XRWBQKBFRD w BIbi - GJJJJJgjjjjj "
              "0 1"},
             {"wataku", "k8/9/9/9/9/9/9/9/4K3k w - 1"}}) {
        Record f;
        f.set_tag("Variant", variant);
        f.set_tag("FEN", fen);
        s = game::replay(f);
        ASSERT_FALSE(s) << variant << " " << fen;
        EXPECT_NE(s.message().find("FEN"), std::string::npos) << s.message();
    }
}

// Malformed text: the error says where, "line N, column M" (1-based), at the
// character that cannot be read.
TEST(Record, MalformedTextErrorsGiveLineAndColumn) {
    // Line 3, `[Round "1` ends at column 10 before the value is closed.
    std::string e = parse_error("[Event \"x\"]\n[Site \"y\"]\n[Round \"1\n\n1. e4 *\n");
    EXPECT_NE(e.find("line 3, column 10"), std::string::npos) << e;
    EXPECT_NE(e.find("unterminated"), std::string::npos) << e;

    // A backslash before the line break does not carry the value onto the next
    // line (found by fuzz_game_record: the value did not read back the same).
    e = parse_error("[FEN \"9/3k\\\n\"]\n\n*\n");
    EXPECT_NE(e.find("line 1, column 12"), std::string::npos) << e;
    EXPECT_NE(e.find("unterminated escape in tag FEN"), std::string::npos) << e;

    // An unterminated value at the very end of the text.
    e = parse_error("[Event \"abc");
    EXPECT_NE(e.find("line 1, column 12"), std::string::npos) << e;

    // Missing ']': `junk` starts at line 1, column 12.
    e = parse_error("[Event \"x\" junk]\n\n1. e4 *\n");
    EXPECT_NE(e.find("line 1, column 12"), std::string::npos) << e;
    EXPECT_NE(e.find("']'"), std::string::npos) << e;

    // Missing ']' before the moves: the move number on line 2, column 1.
    e = parse_error("[Event \"x\"\n1. e4 *\n");
    EXPECT_NE(e.find("line 2, column 1:"), std::string::npos) << e;

    // A comment opened on line 2 and never closed: reported at the '{' or at
    // the end of the text.
    e = parse_error("[Event \"x\"]\n1. e4 { a comment\nthat never ends\n");
    EXPECT_TRUE(e.find("line 2, column 7") != std::string::npos ||
                e.find("line 4, column 1") != std::string::npos)
        << e;
    EXPECT_NE(e.find("comment"), std::string::npos) << e;

    // A tag without a name, and a value without its opening quote.
    e = parse_error("[ \"x\"]\n");
    EXPECT_NE(e.find("line 1, column "), std::string::npos) << e;
    e = parse_error("\n\n[Event x\"]\n");
    EXPECT_NE(e.find("line 3, column 8"), std::string::npos) << e;

    // A '[' or ';' glued to a move number is not a move (found by fuzz_game_record:
    // it wrote back as a tag or a comment).
    e = parse_error("[Event \"x\"]\n\n1. e4 e5 2.[ Nf3 *\n");
    EXPECT_NE(e.find("line 3, column 10"), std::string::npos) << e;
    e = parse_error("1. e4 e5 2.;Nf3 *\n");
    EXPECT_NE(e.find("line 1, column 10"), std::string::npos) << e;
}

TEST(Record, CommentsAndGluedMoveNumbersAreAccepted) {
    const Record r = parse_one(
        "[Variant \"chess\"]\n\n1.e4 {king pawn} e5 ; a line comment\n2.Nf3 Nc6 3... a6 4.4. "
        "1/2-1/2\n");
    EXPECT_EQ(r.moves, (std::vector<std::string>{"e4", "e5", "Nf3", "Nc6", "a6"}));
    EXPECT_EQ(r.result, "1/2-1/2");
}

// A comment after a move belongs to it (a match writes each move's search
// score there); several after one move are joined, those before the first
// move dropped, and each survives writing and reading back.
TEST(Record, CommentsBelongToTheMoveBefore) {
    const Record r = parse_one(
        "[Variant \"chess\"]\n\n{opening} 1.e4 {+0.30/12} e5 2.Nf3 {+0.25/11} {book} Nc6 "
        "{-M3/20}\n*\n");
    EXPECT_EQ(r.moves, (std::vector<std::string>{"e4", "e5", "Nf3", "Nc6"}));
    EXPECT_EQ(r.comments, (std::vector<std::string>{"+0.30/12", "", "+0.25/11 book", "-M3/20"}));
    const std::string text = game::write_record(r);
    EXPECT_NE(text.find("1. e4 {+0.30/12} e5 2. Nf3 {+0.25/11 book} Nc6 {-M3/20}"),
              std::string::npos)
        << text;
    EXPECT_EQ(parse_one(text).comments, r.comments);
    // A '}' in a comment set by a program cannot end it early.
    Record braces = r;
    braces.comments[1] = "a}b";
    EXPECT_EQ(parse_one(game::write_record(braces)).moves, r.moves);
    EXPECT_EQ(parse_one(game::write_record(braces)).comments[1], "a)b");
}

// Found by fuzz_game_record: "3.1-0" was read as a move "1-0", which then wrote
// back as "3. 1-0 *" and read back as a result, not a move.
TEST(Record, AResultGluedToAMoveNumberIsTheResult) {
    for (const char* result : {"1-0", "0-1", "1/2-1/2", "*"}) {
        const Record r =
            parse_one(std::string("[Variant \"chess\"]\n\n1.e4 e5 2.") + result + "\n");
        EXPECT_EQ(r.moves, (std::vector<std::string>{"e4", "e5"})) << result;
        EXPECT_EQ(r.result, result);
        const Record back = parse_one(game::write_record(r));
        EXPECT_EQ(back.moves, r.moves) << result;
        EXPECT_EQ(back.result, r.result) << result;
    }
}

// ---------------------------------------------------------------------------
// Records from engine matches.

class MatchRecords : public ::testing::TestWithParam<const char*> {};

TEST_P(MatchRecords, ReplayCleanly) {
    match::MatchConfig c;
    c.variant = GetParam();
    c.games = 2;
    c.max_plies = 40;
    c.random_plies = 2;
    c.seed = 7;
    ASSERT_TRUE(match::parse_player("level=1,nodes=200,hash=1,name=A \"one\"", c.a));
    ASSERT_TRUE(match::parse_player("level=1,nodes=200,hash=1,name=B\\two", c.b));
    std::vector<match::GameResult> games;
    const match::MatchStats stats =
        match::run_match(c, [&](int, const match::GameResult& g) { games.push_back(g); });
    ASSERT_EQ(games.size(), 2u);
    EXPECT_EQ(stats.wins + stats.draws + stats.losses, 2);
    for (const match::GameResult& g : games) {
        const Record& r = g.record;
        SCOPED_TRACE(game::write_record(r));
        EXPECT_EQ(r.tag("Variant"), c.variant);
        EXPECT_EQ(r.tag("Result"), r.result);
        EXPECT_EQ(r.tag("PlyCount"), std::to_string(r.moves.size()));
        EXPECT_EQ(r.tag("Termination"), g.termination);
        EXPECT_LE(r.moves.size(), static_cast<std::size_t>(c.max_plies));
        EXPECT_NE(g.termination, "illegal move by engine");
        // The result agrees with the final position (X-24, W-24, D-13).
        auto final_game = make_game(c.variant);
        if (!r.tag("FEN").empty()) {
            ASSERT_TRUE(final_game->set_fen(r.tag("FEN")));
        }
        for (const auto& m : r.moves) ASSERT_TRUE(final_game->play(m)) << m;
        if (final_game->outcome() == Outcome::CHECKMATE) {
            EXPECT_EQ(r.result, final_game->side_to_move() == WHITE ? "0-1" : "1-0");
        } else if (final_game->outcome() != Outcome::ONGOING) {
            EXPECT_EQ(r.result, "1/2-1/2");
        }
        const bool a_white = r.tag("White") == c.a.name;
        EXPECT_EQ(r.tag(a_white ? "Black" : "White"), c.b.name);
        const double white_score = r.result == "1-0" ? 1 : r.result == "0-1" ? 0 : 0.5;
        EXPECT_EQ(g.score_a, a_white ? white_score : 1 - white_score);
        // The record replays as an object and through its text.
        std::string fen_a, fen_b;
        Status s = game::replay(r, &fen_a);
        EXPECT_TRUE(s) << s.message();
        EXPECT_EQ(fen_a, final_game->fen());
        const Record back = parse_one(game::write_record(r));
        EXPECT_EQ(back.moves, r.moves);
        EXPECT_EQ(back.tags, r.tags);
        EXPECT_EQ(back.comments, r.comments);
        // Each move the engines chose carries its search's score and depth,
        // the random opening plies none; a mating move's score is a mate in one.
        ASSERT_EQ(r.comments.size(), r.moves.size());
        for (std::size_t i = 0; i < r.moves.size(); ++i) {
            SCOPED_TRACE(r.moves[i] + " {" + r.comments[i] + "}");
            if (i < static_cast<std::size_t>(c.random_plies)) {
                EXPECT_EQ(r.comments[i], "");
                continue;
            }
            const std::string& m = r.comments[i];
            ASSERT_GE(m.size(), 4u);
            EXPECT_TRUE(m[0] == '+' || m[0] == '-');
            const std::size_t slash = m.find('/');
            ASSERT_NE(slash, std::string::npos);
            EXPECT_GT(std::stoi(m.substr(slash + 1)), 0);
            if (m[1] != 'M') {
                EXPECT_NE(m.find('.'), std::string::npos);
            }
        }
        if (final_game->outcome() == Outcome::CHECKMATE && r.moves.size() > 2) {
            EXPECT_EQ(r.comments.back().substr(0, 3), "+M1");
        }
        s = game::replay(back, &fen_b);
        EXPECT_TRUE(s) << s.message();
        EXPECT_EQ(fen_b, fen_a);
    }
}

// A score's comment, as `chimera match` and chimera_label_games write it:
// pawns with two decimals from the mover's side and the depth, or a mate
// counted in the mover's moves (a mate in 2n-1 plies is a mate in n).
TEST(MatchRecords, ScoreCommentsGivePawnsOrMovesToMate) {
    engine::Result r;
    r.depth = 12;
    r.score = 35;
    EXPECT_EQ(match::score_comment(r), "+0.35/12");
    r.score = -1207;
    EXPECT_EQ(match::score_comment(r), "-12.07/12");
    r.score = 0;
    EXPECT_EQ(match::score_comment(r), "+0.00/12");
    for (int moves = 1; moves <= 4; ++moves) {
        r.score = engine::mate_in(2 * moves - 1);
        EXPECT_EQ(match::score_comment(r), "+M" + std::to_string(moves) + "/12");
        r.score = engine::mated_in(2 * moves);
        EXPECT_EQ(match::score_comment(r), "-M" + std::to_string(moves) + "/12");
    }
}

INSTANTIATE_TEST_SUITE_P(AllVariants, MatchRecords,
                         ::testing::Values("chess", "chess4d", "wreckage", "wataku"),
                         [](const auto& p) { return std::string(p.param); });

// --balanced: every opening played leaves neither side more than the margin
// ahead by the judge's search (a fresh 10,000-node search), both games of a
// pair play the same opening, and the same seeds without it draw openings
// the judge would have refused (4D chess after six random plies).
TEST(MatchOpenings, BalancedOpeningsAreWithinTheMarginAndPairedAlike) {
    auto openings = [](int balanced_cp) {
        match::MatchConfig c;
        c.variant = "chess4d";
        c.games = 12;
        c.random_plies = 6;
        c.max_plies = 6;  // each game ends when its opening does
        c.balanced_cp = balanced_cp;
        c.seed = 3;
        std::vector<std::vector<std::string>> out;
        match::run_match(c,
                         [&](int, const match::GameResult& g) { out.push_back(g.record.moves); });
        return out;
    };
    auto judge = [](const std::vector<std::string>& san) {
        auto g = make_game("chess4d");
        for (const auto& m : san) EXPECT_TRUE(g->play(m)) << m;
        engine::Engine e;
        (void)e.set_variant("chess4d");
        e.set_hash_mb(1);
        e.set_position(*g);
        engine::Limits l;
        l.nodes = 10000;
        return std::abs(e.search(l).score);
    };
    // Each pair's two games are checked to be alike, so the judge looks at
    // the first of each.
    const auto balanced = openings(100);
    ASSERT_EQ(balanced.size(), 12u);
    for (std::size_t i = 0; i < balanced.size(); ++i) {
        EXPECT_EQ(balanced[i].size(), 6u) << "game " << i;
        if (i % 2 == 0)
            EXPECT_LE(judge(balanced[i]), 100) << "game " << i;
        else
            EXPECT_EQ(balanced[i], balanced[i - 1]) << "pair " << i / 2;
    }
    const auto unjudged = openings(0);
    ASSERT_EQ(unjudged.size(), 12u);
    int refused = 0;
    for (std::size_t i = 0; i < unjudged.size(); i += 2) {
        EXPECT_EQ(unjudged[i + 1], unjudged[i]) << "pair " << i / 2;
        refused += judge(unjudged[i]) > 100;
    }
    EXPECT_GT(refused, 0) << "the same seeds drew no unbalanced opening: the test shows nothing";
}

// --openings: each pair of games starts from the file's next position (one
// game with each colour), the random plies played after it; the positions
// cycle when there are more pairs than lines.
TEST(MatchOpenings, PairsStartFromTheFilesPositionsInTurn) {
    const std::string a = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";
    const std::string b = "4k3/4p3/8/8/8/8/8/R3K3 b Q - 0 1";
    match::MatchConfig c;
    c.variant = "chess";
    ASSERT_TRUE(match::read_openings("chess", "book.fen", "# two endings\n\n  " + a + "  \r\n" + b,
                                     c.openings));
    ASSERT_EQ(c.openings, (std::vector<std::string>{a, b}));
    c.games = 6;
    c.random_plies = 1;
    c.max_plies = 3;
    ASSERT_TRUE(match::parse_player("level=1,nodes=100,hash=1,name=A", c.a));
    ASSERT_TRUE(match::parse_player("level=1,nodes=100,hash=1,name=B", c.b));
    std::vector<game::Record> games;
    match::run_match(c, [&](int, const match::GameResult& g) { games.push_back(g.record); });
    ASSERT_EQ(games.size(), 6u);
    for (std::size_t i = 0; i < games.size(); ++i) {
        SCOPED_TRACE(game::write_record(games[i]));
        EXPECT_EQ(games[i].tag("FEN"), (i / 2) % 2 == 0 ? a : b);
        EXPECT_EQ(games[i].tag("White"), i % 2 == 0 ? "A" : "B");
        ASSERT_FALSE(games[i].moves.empty());
        if (i % 2 == 1) {  // the pair's random ply is the same
            EXPECT_EQ(games[i].moves[0], games[i - 1].moves[0]);
        }
        EXPECT_TRUE(game::replay(games[i], nullptr));
    }
}

// A file that sets up no game is refused before any game, by file and line.
TEST(MatchOpenings, ABadLineIsReportedByFileAndLine) {
    std::vector<std::string> out;
    Status s = match::read_openings(
        "chess", "book.fen", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\n# fine\n4k3/8/8 w - - 0 1\n", out);
    ASSERT_FALSE(s);
    EXPECT_NE(s.message().find("book.fen:3: "), std::string::npos) << s.message();
    // A position whose side to move is mated is a game already over.
    s = match::read_openings("chess", "mate.fen", "\n7k/6Q1/6K1/8/8/8/8/8 b - - 0 1\n", out);
    ASSERT_FALSE(s);
    EXPECT_NE(s.message().find("mate.fen:2: the game is already over"), std::string::npos)
        << s.message();
    s = match::read_openings("wataku", "empty.fen", "# nothing\n\n", out);
    ASSERT_FALSE(s);
    EXPECT_NE(s.message().find("empty.fen: no start position"), std::string::npos) << s.message();
    // A chess position is no Wataku position.
    s = match::read_openings("wataku", "w.fen", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", out);
    EXPECT_FALSE(s);
    EXPECT_NE(s.message().find("w.fen:1: "), std::string::npos) << s.message();
}

TEST(MatchStats, EloAndLlrSanity) {
    match::MatchStats even{10, 20, 10};
    EXPECT_DOUBLE_EQ(even.score(), 0.5);
    EXPECT_NEAR(even.elo(), 0.0, 1e-9);
    EXPECT_NEAR(even.llr(-10, 10), 0.0, 1e-9);  // symmetric hypotheses around the observed 0 Elo

    // 70%: Elo = -400 log10(1/0.7 - 1) = 147.19 (the logistic model).
    match::MatchStats strong{60, 20, 20};
    EXPECT_DOUBLE_EQ(strong.score(), 0.7);
    EXPECT_NEAR(strong.elo(), 147.19, 0.01);
    EXPECT_GT(strong.elo_error95(), 0);
    EXPECT_GT(strong.llr(0, 10), 0);  // far above both hypotheses favours the higher one

    match::MatchStats weak{20, 20, 60};
    EXPECT_NEAR(weak.elo(), -147.19, 0.01);
    EXPECT_NEAR(weak.elo_error95(), strong.elo_error95(), 1e-6);  // mirror image
    EXPECT_LT(weak.llr(0, 10), 0);

    // More games at the same score: a narrower interval and a stronger LLR.
    match::MatchStats strong4{240, 80, 80};
    EXPECT_LT(strong4.elo_error95(), strong.elo_error95());
    EXPECT_GT(strong4.llr(0, 10), strong.llr(0, 10));

    // SPRT verdicts at the bounds log(beta/(1-alpha)) and log((1-beta)/alpha).
    match::MatchConfig c;
    c.sprt = true;
    EXPECT_NE(match::sprt_verdict(strong4, c).find("H1 accepted"), std::string::npos)
        << match::sprt_verdict(strong4, c);
    EXPECT_NE(match::sprt_verdict(match::MatchStats{80, 80, 240}, c).find("H0 accepted"),
              std::string::npos);
    EXPECT_NE(match::sprt_verdict(match::MatchStats{1, 1, 1}, c).find("inconclusive"),
              std::string::npos);
}

TEST(MatchStats, PlayerSpecs) {
    match::PlayerConfig p;
    ASSERT_TRUE(match::parse_player("level=3,nodes=500,depth=4,movetime=20,hash=2,name=x", p));
    EXPECT_EQ(p.skill, 3);
    EXPECT_EQ(p.nodes, 500u);
    EXPECT_EQ(p.name, "x");
    EXPECT_FALSE(p.fresh);
    match::PlayerConfig f;
    ASSERT_TRUE(match::parse_player("nodes=100,fresh=1", f));
    EXPECT_TRUE(f.fresh);
    for (const char* bad : {"level=0", "level=9", "nodes=x", "speed=3", "level", "hash=0",
                            "engine=/bin/true,fresh=1"}) {
        match::PlayerConfig q;
        EXPECT_FALSE(match::parse_player(bad, q)) << bad;
    }
}

}  // namespace
}  // namespace chimera
