// Endings decided by the server, over real HTTP against `chimera serve`: each
// game starts from a FEN given at creation and the deciding move(s) are played
// through the API. The expected result comes from the spec text
// (shared/spec/README.md, chess4d.md D-13, wreckage.md X-24, wataku.md W-24..W-27,
// and docs/rules.md for orthodox chess), never from what the server printed.
// Every position was checked with `chimera perft` (0 replies after the last
// move for mates and stalemates; a FEN with the sides swapped is refused with
// "the side not to move is in check" for mates and accepted for stalemates).
#include <algorithm>
#include <regex>
#include <set>

#include "server_client.h"

namespace chimera {
namespace {

using namespace chimera::testing;

// The `termination` text names the reason; the docs fix "checkmate" and
// "stalemate" and leave the draw rules' wording open, so those are matched by
// the words any name for them would use.
const std::regex kCheckmate("checkmate", std::regex::icase);
const std::regex kStalemate("stalemate", std::regex::icase);
const std::regex kRepetition("repetition", std::regex::icase);
const std::regex kMoveRule("move|ply|plies|50|75|100", std::regex::icase);
const std::regex kDeadMaterial("material|bare|kings|dead", std::regex::icase);

class ServerEndings : public ServerFixture {
  protected:
    // A local game (one token moves both sides) from `fen`.
    Created local_game(const std::string& variant, const std::string& fen) {
        Created g = create_game(port(), {{"variant", variant}, {"mode", "local"}, {"fen", fen}});
        EXPECT_EQ(g.raw.status, 201) << variant << " " << fen << ": " << g.raw;
        if (g.raw.status == 201) {
            const Json s = game_state(port(), g.id, g.token);
            EXPECT_EQ(s.value("result", ""), "*")
                << "the start position already ended the game: " << s.dump();
        }
        return g;
    }

    // Plays `moves` through the API; every move but the last must leave the game
    // going on. Returns the state after the last move.
    Json play(const Created& g, const std::vector<std::string>& moves) {
        Json s;
        for (std::size_t i = 0; i < moves.size(); ++i) {
            const HttpResult r = http_move(port(), g.id, g.token, moves[i]);
            EXPECT_EQ(r.status, 200) << "move " << i + 1 << " " << moves[i] << ": " << r;
            s = game_state(port(), g.id, g.token);
            if (i + 1 < moves.size()) {
                EXPECT_EQ(s.value("result", ""), "*")
                    << "the game ended early, after move " << i + 1 << " " << moves[i] << ": "
                    << s.value("termination", "");
                if (s.value("result", "") != "*") return s;
            }
        }
        return s;
    }

    // The game is over with `result` for `reason`; no move is offered or
    // accepted any more; the record carries the start FEN and the result, both
    // as the Result tag and as the token that ends the movetext.
    void expect_ended(const Created& g, const Json& s, const std::string& result,
                      const std::regex& reason, const std::string& start_fen) {
        EXPECT_EQ(s.value("result", ""), result) << s.value("termination", "");
        const std::string why = s.value("termination", "");
        EXPECT_TRUE(std::regex_search(why, reason)) << "termination: '" << why << "'";
        EXPECT_TRUE(s["legal"].empty()) << s["legal"].dump().substr(0, 200);

        const std::string late_move =
            s.value("variant", "") == "chess4d" ? "a1[0,0]a2[0,0]" : "a1a2";
        const HttpResult late = http_move(port(), g.id, g.token, late_move);
        EXPECT_EQ(late.status, 409) << late;

        const HttpResult rec = get(port(), "/api/games/" + g.id + "/record");
        ASSERT_EQ(rec.status, 200) << rec;
        EXPECT_NE(rec.body.find("[Result \"" + result + "\"]"), std::string::npos) << rec.body;
        EXPECT_NE(rec.body.find("[FEN \"" + start_fen + "\"]"), std::string::npos) << rec.body;
        std::string body = rec.body;
        while (!body.empty() && std::isspace(static_cast<unsigned char>(body.back())))
            body.pop_back();
        EXPECT_TRUE(body.size() >= result.size() &&
                    body.compare(body.size() - result.size(), result.size(), result) == 0)
            << "the movetext does not end with the result:\n"
            << rec.body;
    }

    void expect_going_on(const Json& s) {
        EXPECT_EQ(s.value("result", ""), "*") << s.value("termination", "");
        EXPECT_EQ(s.value("termination", "x"), "");
        EXPECT_FALSE(s["legal"].empty());
    }
};

// A 4D FEN (D-14) from a list of pieces: 8 rows (W=1,Y=4) ... (W=1,Y=1),
// (W=0,Y=4) ... (W=0,Y=1), each files a-d of the Z=0 board then of the Z=1 board.
std::string fen4d(const std::vector<std::pair<char, std::string>>& pieces,
                  const std::string& rest) {
    std::map<std::tuple<int, int, int, int>, char> cell;
    static const std::regex kSq(R"(([a-d])([1-4])\[([01]),([01])\])");
    for (const auto& [p, sq] : pieces) {
        std::smatch m;
        if (!std::regex_match(sq, m, kSq)) ADD_FAILURE() << "bad 4D square " << sq;
        cell[{m[1].str()[0] - 'a', std::stoi(m[2]), std::stoi(m[3]), std::stoi(m[4])}] = p;
    }
    std::string out;
    for (int w : {1, 0})
        for (int y = 4; y >= 1; --y) {
            if (!out.empty()) out += '/';
            int run = 0;
            for (int z : {0, 1})
                for (int x = 0; x < 4; ++x) {
                    auto it = cell.find({x, y, z, w});
                    if (it == cell.end()) {
                        ++run;
                        continue;
                    }
                    if (run) out += std::to_string(run);
                    run = 0;
                    out += it->second;
                }
            if (run) out += std::to_string(run);
        }
    return out + " " + rest;
}

TEST(ServerEndingsHelpers, Fen4dWritesTheSpecStartPosition) {
    // D-4's start position, piece by piece, must give D-4's FEN.
    const std::string fen = fen4d(
        {{'R', "a1[0,0]"}, {'B', "c1[0,0]"}, {'P', "b2[1,0]"}, {'P', "d2[1,0]"}, {'R', "c1[0,1]"},
         {'P', "d2[0,1]"}, {'Q', "b1[1,1]"}, {'N', "c1[1,1]"}, {'K', "d1[1,1]"}, {'P', "c2[1,1]"},
         {'r', "a4[1,1]"}, {'b', "c4[1,1]"}, {'p', "b3[0,1]"}, {'p', "d3[0,1]"}, {'q', "b4[0,0]"},
         {'n', "c4[0,0]"}, {'k', "d4[0,0]"}, {'p', "c3[0,0]"}, {'r', "c4[1,0]"}, {'p', "d3[1,0]"}},
        "w 0 1");
    EXPECT_EQ(fen, "4r1b1/1p1p4/3P2P1/2R2QNK/1qnk2r1/2p4p/5P1P/R1B5 w 0 1");
}

// ------------------------------------------------------------------ chess
// The spec's `chess` is FIDE chess; docs/rules.md makes its draws automatic:
// third repetition, 100 plies without capture or pawn move (the 50-move rule,
// so the 75-move rule never comes into play) and dead material. README: mate
// and stalemate are decided before the draw rules.

TEST_F(ServerEndings, ChessStalemateIsADraw) {
    // Qc5-b6: the Black King a8 is not attacked, a7 (diagonal), b7 and b8 (file) are.
    const std::string fen = "k7/8/8/2Q5/8/8/8/K7 w - - 0 1";
    const Created g = local_game("chess", fen);
    expect_ended(g, play(g, {"c5b6"}), "1/2-1/2", kStalemate, fen);
}

TEST_F(ServerEndings, ChessCheckmateOnTheHundredthPlyWinsOverTheMoveRule) {
    // Halfmove 99; Rh1-h8 is mate (Kb6 covers a7 and b7, the Rook rank 8) and makes it 100.
    const std::string fen = "k7/8/1K6/8/8/8/8/7R w - - 99 80";
    const Created g = local_game("chess", fen);
    expect_ended(g, play(g, {"h1h8"}), "1-0", kCheckmate, fen);
}

TEST_F(ServerEndings, ChessHundredPliesWithoutCaptureOrPawnMoveDraw) {
    const std::string fen = "k7/8/8/8/8/8/8/K6R w - - 98 80";
    const Created g = local_game("chess", fen);
    expect_ended(g, play(g, {"h1h2", "a8b8"}), "1/2-1/2", kMoveRule, fen);
}

TEST_F(ServerEndings, ChessThirdRepetitionDrawsAtOnceCountingTheStart) {
    // The start position comes back after plies 4 and 8: the third time is ply 8.
    const std::string fen = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1";
    const Created g = local_game("chess", fen);
    const Json s = play(g, {"a1a2", "e8d8", "a2a1", "d8e8", "a1a2", "e8d8", "a2a1", "d8e8"});
    EXPECT_EQ(s["moves"].size(), 8u);
    expect_ended(g, s, "1/2-1/2", kRepetition, fen);
}

TEST_F(ServerEndings, ChessKingTakesTheLastPieceDeadMaterial) {
    const std::string fen = "k7/8/8/8/8/8/1r6/K7 w - - 0 1";
    const Created g = local_game("chess", fen);
    expect_ended(g, play(g, {"a1b2"}), "1/2-1/2", kDeadMaterial, fen);
}

TEST_F(ServerEndings, ChessBishopsOfOneColourOnlyAreDeadMaterial) {
    // Bc4xd5 leaves a White Bishop on d5 and a Black one on f5: both light squares.
    const std::string fen = "4k3/8/8/3n1b2/2B5/8/8/4K3 w - - 0 1";
    const Created g = local_game("chess", fen);
    expect_ended(g, play(g, {"c4d5"}), "1/2-1/2", kDeadMaterial, fen);
}

TEST_F(ServerEndings, ChessBishopAgainstKnightPlaysOn) {
    // K+B v K+N can still be mated (FIDE: not a dead position); docs/rules.md lists only
    // K v K, K + one minor v K, and same-coloured bishops.
    const Created g = local_game("chess", "4k3/8/6n1/3p4/2B5/8/8/4K3 w - - 0 1");
    expect_going_on(play(g, {"c4d5"}));
}

// ------------------------------------------------------------------ chess4d, D-13

TEST_F(ServerEndings, D13_Chess4dStalemateIsADraw) {
    // After ...Bd4[1,1]-c3[1,1] the White King a1[0,0] is not attacked and all 15 of its
    // steps are: b1/b2 on every board by the King c1[1,1], a2 on every board by the
    // pawns a3[1,0] and a3[1,1], a1[1,0] and a1[0,1] by the Rooks on d1, a1[1,1] by the
    // Bishop through b2[1,1].
    const std::string fen = fen4d({{'K', "a1[0,0]"},
                                   {'k', "c1[1,1]"},
                                   {'p', "a3[1,0]"},
                                   {'p', "a3[1,1]"},
                                   {'r', "d1[1,0]"},
                                   {'r', "d1[0,1]"},
                                   {'b', "d4[1,1]"}},
                                  "b 0 30");
    const Created g = local_game("chess4d", fen);
    expect_ended(g, play(g, {"d4[1,1]c3[1,1]"}), "1/2-1/2", kStalemate, fen);
}

TEST_F(ServerEndings, D13_Chess4dCheckmateOnTheHundredthPlyWins) {
    // ...Qb4[1,1]-b2[1,1] checks a1[0,0] (one step on all four axes) and covers all of
    // its steps; the King c3[1,1] guards the Queen. Halfmove 99 -> 100: mate comes first.
    const std::string fen =
        fen4d({{'K', "a1[0,0]"}, {'q', "b4[1,1]"}, {'k', "c3[1,1]"}}, "b 99 60");
    const Created g = local_game("chess4d", fen);
    expect_ended(g, play(g, {"b4[1,1]b2[1,1]"}), "0-1", kCheckmate, fen);
}

TEST_F(ServerEndings, D13_Chess4dHundredPliesWithoutPawnMoveOrCaptureDraw) {
    const std::string fen =
        fen4d({{'K', "a1[0,0]"}, {'N', "d1[0,0]"}, {'k', "d4[1,1]"}}, "w 98 70");
    const Created g = local_game("chess4d", fen);
    expect_ended(g, play(g, {"a1[0,0]a1[1,0]", "d4[1,1]d4[0,1]"}), "1/2-1/2", kMoveRule, fen);
}

TEST_F(ServerEndings, D13_Chess4dThirdRepetitionDraws) {
    const std::string fen =
        fen4d({{'K', "a1[0,0]"}, {'R', "d1[0,0]"}, {'k', "d4[1,1]"}, {'r', "a4[1,1]"}}, "w 0 1");
    const Created g = local_game("chess4d", fen);
    const std::vector<std::string> cycle{"d1[0,0]d2[0,0]", "a4[1,1]a3[1,1]", "d2[0,0]d1[0,0]",
                                         "a3[1,1]a4[1,1]"};
    std::vector<std::string> moves = cycle;
    moves.insert(moves.end(), cycle.begin(), cycle.end());
    expect_ended(g, play(g, moves), "1/2-1/2", kRepetition, fen);
}

TEST_F(ServerEndings, D13_Chess4dOnlyTheTwoKingsLeftDraws) {
    const std::string fen = fen4d({{'K', "a1[0,0]"}, {'n', "b2[0,0]"}, {'k', "d4[1,1]"}}, "w 0 1");
    const Created g = local_game("chess4d", fen);
    expect_ended(g, play(g, {"a1[0,0]b2[0,0]"}), "1/2-1/2", kDeadMaterial, fen);
}

TEST_F(ServerEndings, D13_Chess4dALoneMinorPiecePlaysOn) {
    // D-13: "any other material, even a lone minor piece, plays on".
    const Created g = local_game(
        "chess4d",
        fen4d({{'K', "a1[0,0]"}, {'n', "b2[0,0]"}, {'k', "d4[1,1]"}, {'b', "c4[1,1]"}}, "w 0 1"));
    expect_going_on(play(g, {"a1[0,0]b2[0,0]"}));
}

// ------------------------------------------------------------------ wreckage, X-24
// X-25 FEN: placement (ranks 10..1) side castling ep hand halfmove fullmove.

TEST_F(ServerEndings, X24_WreckageStalemateIsADraw) {
    // ...Qe6-b3: the White King a1 is not attacked; a2 (diagonal), b2 and b1 (file) are;
    // White has no hand to drop from.
    const std::string fen = "9k/10/10/10/4q5/10/10/10/10/K9 b - - - 0 1";
    const Created g = local_game("wreckage", fen);
    expect_ended(g, play(g, {"e6b3"}), "1/2-1/2", kStalemate, fen);
}

TEST_F(ServerEndings, X24_WreckageCheckmateOnTheHundredthPlyWins) {
    // ...Qh9-h1 checks a1 along rank 1; Kb3 covers a2 and b2, the Queen b1. Ply 100.
    const std::string fen = "10/7q2/10/10/10/10/10/1k8/10/K9 b - - - 99 80";
    const Created g = local_game("wreckage", fen);
    expect_ended(g, play(g, {"h9h1"}), "0-1", kCheckmate, fen);
}

TEST_F(ServerEndings, X24_WreckageHundredQuietPliesDraw) {
    const std::string fen = "k9/10/10/10/10/10/10/10/10/5K2R1 w I - - 98 80";
    const Created g = local_game("wreckage", fen);
    expect_ended(g, play(g, {"f1e2", "a10b10"}), "1/2-1/2", kMoveRule, fen);
}

TEST_F(ServerEndings, X24_WreckageCastlingDoesNotResetTheCount) {
    const std::string fen = "k9/10/10/10/10/10/10/10/10/5K2R1 w I - - 99 80";
    const Created g = local_game("wreckage", fen);
    expect_ended(g, play(g, {"f1g1c"}), "1/2-1/2", kMoveRule, fen);
}

TEST_F(ServerEndings, X24_WreckageDropAndDetonationResetTheCount) {
    {
        const Created g = local_game("wreckage", "k9/10/10/10/10/10/10/10/10/5K2R1 w I - J 99 80");
        const Json s = play(g, {"J@e2"});
        expect_going_on(s);
        EXPECT_NE(s.value("fen", "").find(" 0 80"), std::string::npos) << s.value("fen", "");
    }
    {
        // Xd2 detonates the Rook d3 (X-17).
        const Created g = local_game("wreckage", "k9/10/10/10/10/10/10/3r6/3X6/5K4 w - - - 99 80");
        const Json s = play(g, {"d2x"});
        expect_going_on(s);
        EXPECT_NE(s.value("fen", "").find(" 0 80"), std::string::npos) << s.value("fen", "");
    }
}

TEST_F(ServerEndings, X24_WreckageThirdRepetitionDraws) {
    const std::string fen = "9k/10/10/10/10/10/10/10/10/R8K w - - - 0 1";
    const Created g = local_game("wreckage", fen);
    expect_ended(g,
                 play(g, {"a1a2", "j10i10", "a2a1", "i10j10", "a1a2", "j10i10", "a2a1", "i10j10"}),
                 "1/2-1/2", kRepetition, fen);
}

TEST_F(ServerEndings, X24_WreckageBareKingsWithEmptyHandsDraw) {
    const std::string fen = "9k/10/10/10/10/10/10/10/1r8/K9 w - - - 0 1";
    const Created g = local_game("wreckage", fen);
    expect_ended(g, play(g, {"a1b2"}), "1/2-1/2", kDeadMaterial, fen);
}

TEST_F(ServerEndings, X24_WreckageBareKingsWithAPieceInHandPlayOn) {
    // Black still has a Ninja Pawn to drop: not "both hands empty".
    const Created g = local_game("wreckage", "9k/10/10/10/10/10/10/10/1r8/K9 w - - j 0 1");
    expect_going_on(play(g, {"a1b2"}));
}

// ------------------------------------------------------------------ wataku, W-24..W-27
// W-28 FEN: placement (ranks 9..1) side reserve fullmove. Wataku has no
// move-count rule and no bare-King rule: W-24..W-27 are its only endings.

TEST_F(ServerEndings, W25_WatakuStalemateIsADraw) {
    // ...Ke3-d2: the White Kings a1 and b1 could go only to a2, b2 (next to the Black
    // King a3) or c1, c2 (next to d2), which W-9 forbids; no reserve, no other piece,
    // and nothing gives check.
    const std::string fen = "9/9/9/9/9/9/k3k4/9/KK7 b - 1";
    const Created g = local_game("wataku", fen);
    expect_ended(g, play(g, {"e3d2"}), "1/2-1/2", kStalemate, fen);
}

TEST_F(ServerEndings, W24_WatakuCheckmateByADeployment) {
    // R@e9 touches the White King d8, so it is active (W-7), and checks b9 along rank 9.
    // The Black Kings a9 and b9 can only step next to a White King (a8, b8 by a7; c8,
    // c9 by d8), and Black has nothing else: mating one King is enough.
    const std::string fen = "kk7/3K5/K8/9/9/9/9/9/9 w R 1";
    const Created g = local_game("wataku", fen);
    expect_ended(g, play(g, {"R@e9"}), "1-0", kCheckmate, fen);
}

TEST_F(ServerEndings, W26_WatakuThirdRepetitionDraws) {
    const std::string fen = "k7k/9/9/9/9/9/9/9/K7K w - 1";
    const Created g = local_game("wataku", fen);
    expect_ended(g, play(g, {"a1a2", "a9a8", "a2a1", "a8a9", "a1a2", "a9a8", "a2a1", "a8a9"}),
                 "1/2-1/2", kRepetition, fen);
}

// The placement after a King step `from`-`to` (both "<file><rank>") on a 9x9 board.
std::string step_placement(const std::string& placement, const std::string& lan) {
    std::vector<std::string> grid;  // grid[0] is rank 9
    std::stringstream in(placement);
    for (std::string row; std::getline(in, row, '/');) {
        std::string cells;
        for (char c : row)
            cells += std::isdigit(static_cast<unsigned char>(c)) ? std::string(c - '0', '.')
                                                                 : std::string(1, c);
        grid.push_back(cells);
    }
    static const std::regex kMove(R"(([a-i])([1-9])([a-i])([1-9]))");
    std::smatch m;
    if (!std::regex_match(lan, m, kMove)) return "";
    char& from = grid[9 - std::stoi(m[2])][m[1].str()[0] - 'a'];
    char& to = grid[9 - std::stoi(m[4])][m[3].str()[0] - 'a'];
    to = from;
    from = '.';
    std::string out;
    for (const std::string& row : grid) {
        if (!out.empty()) out += '/';
        int run = 0;
        for (char c : row) {
            if (c == '.') {
                ++run;
                continue;
            }
            if (run) out += std::to_string(run);
            run = 0;
            out += c;
        }
        if (run) out += std::to_string(run);
    }
    return out;
}

TEST_F(ServerEndings, W24_27_WatakuHasNoMoveCountOrBareKingRule) {
    // Four bare Kings, 130 plies without a capture or deployment and without any
    // position occurring a second time: the game still goes on.
    const Created g = local_game("wataku", "k7k/9/9/9/9/9/9/9/K7K w - 1");
    std::set<std::string> seen;
    Json s = game_state(port(), g.id, g.token);
    seen.insert(s.value("fen", "").substr(0, s.value("fen", "").find(' ') + 2));
    for (int ply = 1; ply <= 130; ++ply) {
        const std::string fen = s.value("fen", "");
        const std::string placement = fen.substr(0, fen.find(' '));
        const std::string next_side = fen.substr(fen.find(' ') + 1, 1) == "w" ? "b" : "w";
        std::string chosen;
        for (const std::string& lan : legal_lans(s)) {
            const std::string key = step_placement(placement, lan) + " " + next_side;
            if (!seen.count(key)) {
                chosen = lan;
                seen.insert(key);
                break;
            }
        }
        ASSERT_FALSE(chosen.empty()) << "no move to a new position at ply " << ply;
        const HttpResult r = http_move(port(), g.id, g.token, chosen);
        ASSERT_EQ(r.status, 200) << "ply " << ply << " " << chosen << ": " << r;
        s = game_state(port(), g.id, g.token);
        ASSERT_EQ(s.value("result", ""), "*")
            << "ply " << ply << ": " << s.value("termination", "");
    }
    expect_going_on(s);
}

// A flag against a side that cannot mate is a draw (FIDE 6.9, through the
// "time forfeit as usual" of D-13 and X-24, docs/rules.md); in Wataku every
// flag loses (W-27). White has only its King(s), Black a Queen besides; White
// moves and Black, on a two-second clock, runs out of time.
TEST_F(ServerEndings, AFlagAgainstASideThatCannotMateIsADraw) {
    struct Case {
        std::string variant, fen, move, result;
    };
    const std::vector<Case> cases{
        {"chess", "k7/8/8/8/8/8/7q/K7 w - - 0 1", "a1b1", "1/2-1/2"},
        {"chess4d", "K7/8/8/8/8/8/8/6qk w 0 1", "a4[0,1]a4[1,1]", "1/2-1/2"},
        {"wreckage", "k9/10/10/10/10/10/10/10/8q1/K9 w - - - 0 1", "a1b1", "1/2-1/2"},
        {"wataku", "k1k6/9/9/9/9/9/9/8q/K1K6 w - 1", "c1c2", "1-0"},
        // A bare King with a Ninja Pawn in hand has material: Black's flag loses (X-23, X-24).
        {"wreckage", "k9/10/10/10/10/10/10/10/8q1/K9 w - - J 0 1", "a1b1", "1-0"},
    };
    std::vector<Created> games;
    for (const Case& c : cases) {
        Created g = create_game(
            port(),
            {{"variant", c.variant}, {"mode", "local"}, {"fen", c.fen}, {"base_seconds", 2}});
        ASSERT_EQ(g.raw.status, 201) << c.variant << ": " << g.raw;
        ASSERT_EQ(http_move(port(), g.id, g.token, c.move).status, 200) << c.variant;
        games.push_back(g);
    }
    std::this_thread::sleep_for(3s);
    for (std::size_t i = 0; i < cases.size(); ++i) {
        SCOPED_TRACE(cases[i].variant + " " + cases[i].fen);
        const Json s = game_state(port(), games[i].id);
        EXPECT_EQ(s["result"], cases[i].result) << s["termination"];
        EXPECT_NE(s["termination"].get<std::string>().find("time"), std::string::npos)
            << s["termination"];
        EXPECT_EQ(s["clock"]["black_ms"], 0);
    }
}

}  // namespace
}  // namespace chimera
