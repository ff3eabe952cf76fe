// Measuring evaluation terms from games (issue 5: material values measured, not
// guessed): the logistic fit recovers known weights from synthetic results,
// `chimera tune` reads match records and fails clearly on bad input, and
// `chimera match` runs engines as UCI subprocesses (engine=PATH).
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <sstream>

#include "app/cli.h"
#include "binary_under_test.h"
#include "engine/fit.h"
#include "game/record.h"
#include "match/match.h"
#include "protocol/uci_client.h"

namespace chimera {
namespace {

// Draws results from the model P(White scores) = Elo curve of (w . x) with
// known weights and checks that the fit finds them within its own error bars.
TEST(LogisticFit, RecoversKnownWeightsWithinItsErrorBars) {
    const std::vector<double> truth = {100, 320, 500, -20};
    std::mt19937_64 rng(42);
    std::uniform_int_distribution<int> diff(-2, 2);
    std::uniform_real_distribution<double> u(0, 1);
    engine::LogisticFit fit({"pawn", "knight", "rook", "tempo"});
    for (int i = 0; i < 60000; ++i) {
        std::vector<double> x = {double(diff(rng)), double(diff(rng)), double(diff(rng) / 2),
                                 i % 2 ? 1.0 : -1.0};
        double z = 0;
        for (std::size_t f = 0; f < x.size(); ++f) z += truth[f] * x[f];
        const double p = 1 / (1 + std::pow(10.0, -z / 400));
        fit.add(x, u(rng) < p ? 1.0 : 0.0);
    }
    EXPECT_EQ(fit.samples(), 60000u);
    EXPECT_LT(fit.distinct(), 5u * 5 * 3 * 2 + 1) << "identical feature vectors are merged";
    const auto res = fit.fit(1e-6);
    ASSERT_TRUE(res.converged);
    for (std::size_t f = 0; f < truth.size(); ++f) {
        SCOPED_TRACE(fit.names()[f]);
        EXPECT_GT(res.std_error[f], 0);
        EXPECT_LT(res.std_error[f], 30);
        EXPECT_NEAR(res.weight[f], truth[f], 4 * res.std_error[f]);
    }
}

// A feature with no effect gets a weight near zero; one that never varies is
// held at zero by the ridge instead of making the system singular.
TEST(LogisticFit, UselessAndConstantFeatures) {
    std::mt19937_64 rng(7);
    std::uniform_int_distribution<int> diff(-1, 1);
    std::uniform_real_distribution<double> u(0, 1);
    engine::LogisticFit fit({"signal", "noise", "never"});
    for (int i = 0; i < 20000; ++i) {
        const double s = diff(rng), n = diff(rng);
        const double p = 1 / (1 + std::pow(10.0, -(200 * s) / 400));
        fit.add({s, n, 0.0}, u(rng) < p ? 1.0 : 0.0);
    }
    const auto res = fit.fit();
    EXPECT_NEAR(res.weight[0], 200, 4 * res.std_error[0]);
    EXPECT_NEAR(res.weight[1], 0, 4 * res.std_error[1]);
    EXPECT_EQ(res.weight[2], 0);
}

TEST(LogisticFit, EmptyFitIsZero) {
    engine::LogisticFit fit({"a"});
    const auto res = fit.fit();
    EXPECT_EQ(res.weight[0], 0);
    EXPECT_FALSE(res.converged);
}

int run(const std::vector<std::string>& args, std::string& out, std::string& err) {
    std::istringstream in;
    std::ostringstream o, e;
    const int rc = app::run(args, in, o, e);
    out = o.str();
    err = e.str();
    return rc;
}

std::string temp_path(const std::string& name) {
    return (std::filesystem::temp_directory_path() /
            ("chimera-test-tune-" + std::to_string(::getpid()) + "-" + name))
        .string();
}

// Records from a real match feed the tuner; its table names every piece letter.
TEST(TuneCommand, FitsMaterialFromMatchRecords) {
    match::MatchConfig c;
    c.variant = "chess";
    c.games = 6;
    c.max_plies = 120;
    c.random_plies = 6;
    ASSERT_TRUE(match::parse_player("nodes=300,hash=1", c.a));
    ASSERT_TRUE(match::parse_player("nodes=300,hash=1", c.b));
    std::string text;
    (void)match::run_match(
        c, [&](int, const match::GameResult& g) { text += game::write_record(g.record) + "\n"; });
    const std::string path = temp_path("chess.pgn");
    std::ofstream(path) << text;
    std::string out, err;
    ASSERT_EQ(run({"tune", path, "--skip-plies", "8"}, out, err), 0) << err;
    EXPECT_NE(out.find("chess: 6 games"), std::string::npos) << out;
    for (const char* f : {"\nP ", "\nN ", "\nB ", "\nR ", "\nQ ", "\nfirst move", "\nto move"})
        EXPECT_NE(out.find(f), std::string::npos) << f << " missing in\n" << out;
    std::filesystem::remove(path);
}

TEST(TuneCommand, BadInputIsAnErrorWithExitStatus2) {
    std::string out, err;
    EXPECT_EQ(run({"tune"}, out, err), app::kUsageError);
    EXPECT_NE(err.find("usage"), std::string::npos);
    EXPECT_EQ(run({"tune", "/nonexistent/x.pgn"}, out, err), app::kUsageError);
    EXPECT_NE(err.find("cannot read"), std::string::npos);
    const std::string path = temp_path("bad.pgn");
    std::ofstream(path) << "[Variant \"chess\"]\n\n1. e4 e5 2. Ke3 *\n";
    EXPECT_EQ(run({"tune", path}, out, err), app::kUsageError);
    EXPECT_NE(err.find("no finished games"), std::string::npos) << err;
    std::ofstream(path) << "[Variant \"chess\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Ke3 1-0\n";
    EXPECT_EQ(run({"tune", path}, out, err), app::kUsageError);
    EXPECT_NE(err.find("ply 3"), std::string::npos) << err;
    EXPECT_EQ(run({"tune", path, "--skip-plies"}, out, err), app::kUsageError);
    std::ofstream(path) << "[Variant \"chess\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n\n"
                           "[Variant \"wreckage\"]\n[Result \"0-1\"]\n\n1. e4 0-1\n";
    EXPECT_EQ(run({"tune", path}, out, err), app::kUsageError);
    EXPECT_NE(err.find("is wreckage, not chess"), std::string::npos) << err;
    std::filesystem::remove(path);
}

// engine=PATH: the program is run as a UCI subprocess for its side. Chimera
// against itself over UCI, node-limited, plays legal, replayable games.
TEST(MatchSubprocess, UciEnginePlaysLegalGames) {
    for (const char* variant : {"chess", "wataku"}) {
        SCOPED_TRACE(variant);
        match::MatchConfig c;
        c.variant = variant;
        c.games = 2;
        c.max_plies = 30;
        ASSERT_TRUE(match::parse_player(
            std::string("nodes=500,hash=1,engine=") + ::chimera::testing::chimera_binary(), c.a));
        ASSERT_TRUE(match::parse_player("nodes=500,hash=1", c.b));
        EXPECT_NE(c.a.name.find(::chimera::testing::chimera_binary()), std::string::npos);
        std::vector<match::GameResult> games;
        (void)match::run_match(c, [&](int, const match::GameResult& g) { games.push_back(g); });
        ASSERT_EQ(games.size(), 2u);
        for (const auto& g : games) {
            EXPECT_EQ(g.termination.find("engine failure"), std::string::npos) << g.termination;
            EXPECT_NE(g.termination, "illegal move by engine");
            EXPECT_GE(g.record.moves.size(), 10u);
            Status s = game::replay(g.record);
            EXPECT_TRUE(s) << s.message();
        }
    }
}

TEST(MatchSubprocess, AProgramThatIsNotAnEngineIsRejectedBeforeTheGames) {
    std::string out, err;
    EXPECT_EQ(run({"match", "chess", "--a", "engine=/nonexistent/engine"}, out, err),
              app::kUsageError);
    EXPECT_NE(err.find("cannot start"), std::string::npos) << err;
    EXPECT_EQ(run({"match", "chess", "--b", "engine=/bin/true"}, out, err), app::kUsageError);
    EXPECT_NE(err.find("uciok"), std::string::npos) << err;
    EXPECT_TRUE(out.empty());
}

// Each numeric match option names itself and its range when its value is bad.
TEST(MatchCommand, ABadOptionValueIsAUsageErrorThatNamesIt) {
    for (const auto& [option, value] :
         {std::pair{"--balanced", "-5"}, std::pair{"--balanced", "x"},
          std::pair{"--random-plies", "41"}, std::pair{"--max-plies", "3"}}) {
        std::string out, err;
        EXPECT_EQ(run({"match", "chess4d", option, value}, out, err), app::kUsageError)
            << option << " " << value;
        EXPECT_NE(err.find(std::string(option) + " takes"), std::string::npos) << err;
        EXPECT_TRUE(out.empty()) << out;
    }
}

// The harness sends another engine only what it asked for: the options of
// option.NAME=VALUE, Hash and UCI_Variant where the engine lists them, and a
// Skill Level only for level= (Stockfish's scale is 0-20: 8 would weaken it).
// A fake engine, a shell script, logs what it is sent.
TEST(MatchSubprocess, AnEngineIsSentItsOptionsAndNoSkillLevelUnasked) {
    const std::string dir = ::testing::TempDir();
    const std::string log = dir + "chimera-fake-engine.log", script = dir + "chimera-fake-engine";
    std::filesystem::remove(log);
    std::ofstream(script) << "#!/bin/sh\nwhile read line; do\n  echo \"$line\" >> " << log
                          << "\n  case \"$line\" in\n"
                             "    uci) echo 'id name fake'; echo 'option name UCI_Elo type spin "
                             "default 1350 min 1350 max 2850'; echo 'option name Hash type spin "
                             "default 16 min 1 max 64'; echo uciok;;\n"
                             "    isready) echo readyok;;\n    quit) exit 0;;\n  esac\ndone\n";
    std::filesystem::permissions(script, std::filesystem::perms::owner_all);
    match::PlayerConfig p;
    ASSERT_TRUE(match::parse_player("engine=" + script + ",option.UCI_Elo=2400", p));
    EXPECT_FALSE(p.skill_given);
    EXPECT_EQ(p.name, script + " UCI_Elo=2400");
    {
        protocol::UciClient engine;
        const Status s = engine.start(script, "chess", 8, p.skill_given ? p.skill : -1, p.options);
        ASSERT_TRUE(s) << s.message();
    }
    std::ifstream in(log);
    const std::string sent((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    EXPECT_NE(sent.find("setoption name UCI_Elo value 2400\n"), std::string::npos) << sent;
    EXPECT_NE(sent.find("setoption name Hash value 8\n"), std::string::npos) << sent;
    EXPECT_EQ(sent.find("Skill Level"), std::string::npos) << "not asked for: " << sent;
    EXPECT_EQ(sent.find("UCI_Variant"), std::string::npos) << "not listed: " << sent;
    // An option the engine does not list, or a level it has no Skill Level for: refused.
    protocol::UciClient other;
    Status s = other.start(script, "chess", 8, -1, {{"UCI_LimitStrength", "true"}});
    EXPECT_NE(s.message().find("has no option 'UCI_LimitStrength'"), std::string::npos)
        << s.message();
    protocol::UciClient leveled;
    s = leveled.start(script, "chess", 8, 3);
    EXPECT_NE(s.message().find("'Skill Level'"), std::string::npos) << s.message();
    match::PlayerConfig fresh, again;
    EXPECT_FALSE(match::parse_player("option.Hash=4", fresh)) << "options are for engine= players";
    EXPECT_FALSE(match::parse_player("engine=x,option.=4", again));
}

}  // namespace
}  // namespace chimera
