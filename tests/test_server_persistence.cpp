// Clocks, restarts and crashes against the real server: running clocks, a
// flag falling on the server, a clean stop and restart on the same database
// (every game resumes where it was), and kill -9 between moves and under
// concurrent play (every acknowledged move and action is still there) — the
// restarts and crashes on each storage backend, SQLite and PostgreSQL.
#include <atomic>
#include <mutex>

#include "server_client.h"

namespace chimera {
namespace {

using namespace chimera::testing;

class ServerPersistence : public ServerFixture {};
// Restarts and crashes, on SQLite and on PostgreSQL.
class ServerRestarts : public BackendServerFixture {};
CHIMERA_ON_EACH_BACKEND(ServerRestarts);

// The fields of a state that must survive a restart unchanged.
Json durable(const Json& s) {
    Json out;
    for (const char* k :
         {"id", "variant", "mode", "level", "formation", "start_fen", "fen", "turn", "moves",
          "legal", "result", "termination", "draw_offer", "seats", "you", "invite"})
        if (s.contains(k)) out[k] = s[k];
    if (s.contains("clock") && s["clock"].is_object())
        out["clock"] = {{"base_ms", s["clock"]["base_ms"]},
                        {"inc_ms", s["clock"]["inc_ms"]},
                        {"running", s["clock"]["running"]}};
    return out;
}

TEST_F(ServerPersistence, ClocksRunOnlyForTheSideToMove) {
    const Created g = create_game(
        port(),
        {{"variant", "chess"}, {"mode", "local"}, {"base_minutes", 1}, {"increment_seconds", 30}});
    ASSERT_EQ(g.raw.status, 201) << g.raw;
    const Json c0 = game_state(port(), g.id)["clock"];
    ASSERT_TRUE(c0.is_object()) << c0;
    EXPECT_EQ(c0["base_ms"], 60000);
    EXPECT_EQ(c0["inc_ms"], 30000);
    EXPECT_EQ(c0["white_ms"], 60000);
    EXPECT_EQ(c0["black_ms"], 60000);
    EXPECT_TRUE(c0["running"].is_null()) << "the clock runs before the first move";

    ASSERT_EQ(http_move(port(), g.id, g.token, "e2e4").status, 200);
    const Json c1 = game_state(port(), g.id)["clock"];
    EXPECT_EQ(c1["running"], "black");
    std::this_thread::sleep_for(1200ms);
    const Json c2 = game_state(port(), g.id)["clock"];
    EXPECT_EQ(c2["running"], "black");
    EXPECT_LT(c2["black_ms"].get<long long>(), c1["black_ms"].get<long long>())
        << "Black's clock is not running";
    EXPECT_EQ(c2["white_ms"], c1["white_ms"]) << "White's clock runs on Black's turn";

    ASSERT_EQ(http_move(port(), g.id, g.token, "e7e5").status, 200);
    const Json c3 = game_state(port(), g.id)["clock"];
    EXPECT_EQ(c3["running"], "white");
    EXPECT_GT(c3["black_ms"].get<long long>(), c2["black_ms"].get<long long>())
        << "no increment for Black";
    EXPECT_LE(c3["black_ms"].get<long long>(), 60000 + 30000);
    std::this_thread::sleep_for(1200ms);
    const Json c4 = game_state(port(), g.id)["clock"];
    EXPECT_EQ(c4["black_ms"], c3["black_ms"]) << "Black's clock runs on White's turn";
    EXPECT_LT(c4["white_ms"].get<long long>(), c3["white_ms"].get<long long>());

    // The clocks are pushed over WebSocket too, and the record has the time control.
    WsClient ws;
    ASSERT_TRUE(ws.connect(port(), ws_target(g.id, g.token)));
    auto s = ws.next();
    ASSERT_TRUE(s);
    EXPECT_EQ((*s)["clock"]["running"], "white");
    EXPECT_NE(get(port(), "/api/games/" + g.id + "/record").body.find("[TimeControl \"60+30\"]"),
              std::string::npos);

    // A finished game's clocks stop.
    ASSERT_EQ(post(port(), "/api/games/" + g.id + "/resign", {{"token", g.token}}).status, 200);
    const Json c5 = game_state(port(), g.id)["clock"];
    EXPECT_TRUE(c5["running"].is_null());
    std::this_thread::sleep_for(300ms);
    EXPECT_EQ(game_state(port(), g.id)["clock"], c5);
}

// The API's smallest time control is one minute. To see a flag fall without
// waiting for it, Black's remaining time is cut to 1.5 s in the database while
// the server is stopped; after the restart the server's clock must flag it.
TEST_F(ServerPersistence, FlagFallsOnTheServerAndLateMovesAreRejected) {
    const Created g =
        create_game(port(), {{"variant", "chess"}, {"mode", "online"}, {"base_minutes", 1}});
    const std::string black =
        post(port(), "/api/games/" + g.id + "/join", {{"invite", g.invite}}).json()["token"];
    ASSERT_EQ(http_move(port(), g.id, g.token, "e2e4").status, 200);
    ASSERT_TRUE(server_.stop());
    ASSERT_EQ(edit_db("UPDATE games SET remaining_black = 1500 WHERE id = '" + g.id + "'"), 1);
    ASSERT_TRUE(server_.start(db()));

    WsClient ws;
    ASSERT_TRUE(ws.connect(port(), ws_target(g.id, g.token)));
    auto s0 = ws.next();
    ASSERT_TRUE(s0) << ws.last_error();
    std::optional<Json> flagged = s0;
    // On a slow machine the 1.5 s may be over before this view is connected.
    if ((*s0)["result"] == "*") {
        EXPECT_EQ((*s0)["clock"]["running"], "black");
        EXPECT_LE((*s0)["clock"]["black_ms"].get<long long>(), 1500);
        flagged = ws.wait_view([](const Json& j) { return j["result"] != "*"; });
    }
    ASSERT_TRUE(flagged) << "no flag within the timeout: " << ws.last_error();
    EXPECT_EQ((*flagged)["result"], "1-0");
    EXPECT_EQ((*flagged)["termination"], "time forfeit");
    EXPECT_EQ((*flagged)["clock"]["black_ms"], 0);
    EXPECT_TRUE((*flagged)["clock"]["running"].is_null());
    EXPECT_TRUE((*flagged)["legal"].empty());

    const HttpResult late = http_move(port(), g.id, black, "e7e5");
    EXPECT_EQ(late.status, 409) << late;
    EXPECT_EQ(game_state(port(), g.id)["moves"].size(), 1u);

    ASSERT_TRUE(server_.stop());
    ASSERT_TRUE(server_.start(db()));
    const Json after = game_state(port(), g.id);
    EXPECT_EQ(after["result"], "1-0");
    EXPECT_EQ(after["termination"], "time forfeit");
}

// A two-second clock (base_seconds) left alone: Black's flag falls on the
// server with no client doing anything, and the result is pushed.
TEST_F(ServerPersistence, FlagFallsOnAShortClockWithoutAnyClientAction) {
    const Created g =
        create_game(port(), {{"variant", "chess"}, {"mode", "local"}, {"base_seconds", 2}});
    ASSERT_EQ(g.raw.status, 201) << g.raw;
    WsClient ws;
    ASSERT_TRUE(ws.connect(port(), ws_target(g.id, g.token)));
    auto s0 = ws.next();
    ASSERT_TRUE(s0);
    EXPECT_EQ((*s0)["clock"]["base_ms"], 2000);
    ASSERT_EQ(http_move(port(), g.id, g.token, "e2e4").status, 200);
    auto flagged = ws.wait_view([](const Json& j) { return j["result"] != "*"; }, 15s);
    ASSERT_TRUE(flagged) << "no flag within the timeout: " << ws.last_error();
    EXPECT_EQ((*flagged)["result"], "1-0");
    EXPECT_EQ((*flagged)["termination"], "time forfeit");
    EXPECT_EQ((*flagged)["clock"]["black_ms"], 0);
    EXPECT_GT((*flagged)["clock"]["white_ms"].get<long long>(), 0);
    const HttpResult late = http_move(port(), g.id, g.token, "e7e5");
    EXPECT_EQ(late.status, 409) << late;
    EXPECT_EQ(lans_of(game_state(port(), g.id)), (std::vector<std::string>{"e2e4"}));
    EXPECT_NE(
        get(port(), "/api/games/" + g.id + "/record").body.find("[Termination \"time forfeit\"]"),
        std::string::npos);
}

// An online game whose invited player has not joined: nobody's time runs, so
// the empty seat cannot lose on time, whether the first move came by hand or
// with the game (imported moves). The clock starts when the seat is taken,
// and a finished game cannot be joined.
TEST_F(ServerPersistence, AnEmptySeatDoesNotLoseOnTime) {
    const Created by_hand =
        create_game(port(), {{"variant", "chess"}, {"mode", "online"}, {"base_seconds", 2}});
    ASSERT_EQ(by_hand.raw.status, 201) << by_hand.raw;
    ASSERT_EQ(http_move(port(), by_hand.id, by_hand.token, "e2e4").status, 200);
    const Created with_moves = create_game(
        port(),
        {{"variant", "chess"}, {"mode", "online"}, {"base_seconds", 2}, {"moves", {"e2e4"}}});
    ASSERT_EQ(with_moves.raw.status, 201) << with_moves.raw;
    std::this_thread::sleep_for(3s);  // longer than Black's whole clock
    for (const Created* g : {&by_hand, &with_moves}) {
        const Json s = game_state(port(), g->id);
        EXPECT_EQ(s["result"], "*") << s["termination"];
        EXPECT_EQ(s["clock"]["black_ms"], 2000);
        EXPECT_TRUE(s["clock"]["running"].is_null()) << s["clock"];
    }
    // Joining starts Black's clock; with nobody moving, Black's flag falls.
    const HttpResult joined =
        post(port(), "/api/games/" + by_hand.id + "/join", {{"invite", by_hand.invite}});
    ASSERT_EQ(joined.status, 200) << joined;
    EXPECT_EQ(game_state(port(), by_hand.id)["clock"]["running"], "black");
    std::this_thread::sleep_for(3s);
    const Json after = game_state(port(), by_hand.id);
    EXPECT_EQ(after["result"], "1-0");
    EXPECT_EQ(after["termination"], "time forfeit");
    // A finished game has no seat to take.
    const Created over = create_game(port(), {{"variant", "chess"}, {"mode", "online"}});
    ASSERT_EQ(post(port(), "/api/games/" + over.id + "/resign", {{"token", over.token}}).status,
              200);
    const HttpResult late =
        post(port(), "/api/games/" + over.id + "/join", {{"invite", over.invite}});
    EXPECT_EQ(late.status, 409) << late;
    EXPECT_NE(late.body.find("over"), std::string::npos) << late;
}

TEST_P(ServerRestarts, RestartResumesEveryGame) {
    std::vector<std::pair<std::string, std::string>> games;  // id, token
    // A local game in progress.
    const Created a = create_game(port(), {{"variant", "chess"}, {"mode", "local"}});
    for (const char* m : {"e2e4", "c7c5", "g1f3"})
        ASSERT_EQ(http_move(port(), a.id, a.token, m).status, 200);
    // An online game with both seats taken and a standing draw offer.
    const Created b =
        create_game(port(), {{"variant", "wreckage"}, {"mode", "online"}, {"side", "white"}});
    const std::string b_black =
        post(port(), "/api/games/" + b.id + "/join", {{"invite", b.invite}}).json()["token"];
    const Json b0 = game_state(port(), b.id);
    ASSERT_EQ(http_move(port(), b.id, b.token, legal_lans(b0).front()).status, 200);
    ASSERT_EQ(
        post(port(), "/api/games/" + b.id + "/draw", {{"token", b.token}, {"action", "offer"}})
            .status,
        200);
    // An online game still waiting for its opponent.
    const Created c =
        create_game(port(), {{"variant", "chess4d"}, {"mode", "online"}, {"side", "black"}});
    // A finished game.
    const Created d = create_game(port(), {{"variant", "chess"}, {"mode", "local"}});
    ASSERT_EQ(post(port(), "/api/games/" + d.id + "/resign", {{"token", d.token}}).status, 200);
    // A computer game with the human to move, and a Wataku game on a clock.
    const Created e = create_game(
        port(), {{"variant", "chess"}, {"mode", "computer"}, {"side", "white"}, {"level", 2}});
    const Created f = create_game(
        port(), {{"variant", "wataku"}, {"mode", "local"}, {"formation", 2}, {"base_minutes", 5}});
    ASSERT_EQ(http_move(port(), f.id, f.token, legal_lans(game_state(port(), f.id)).front()).status,
              200);

    std::map<std::string, Json> before;
    for (const auto& [id, token] : std::vector<std::pair<std::string, std::string>>{{a.id, a.token},
                                                                                    {b.id, b.token},
                                                                                    {b.id, b_black},
                                                                                    {c.id, c.token},
                                                                                    {d.id, d.token},
                                                                                    {e.id, e.token},
                                                                                    {f.id, f.token},
                                                                                    {a.id, ""}})
        before[id + "/" + token] = durable(game_state(port(), id, token));

    ASSERT_TRUE(server_.stop());
    ASSERT_TRUE(server_.start(db()));
    EXPECT_NE(server_.first_line().find("6 games restored"), std::string::npos)
        << server_.first_line();
    EXPECT_EQ(get(port(), "/api/health").json()["games"], 6);
    for (const auto& [key, state] : before) {
        const auto slash = key.find('/');
        EXPECT_EQ(durable(game_state(port(), key.substr(0, slash), key.substr(slash + 1))), state)
            << key;
    }

    // Every game goes on from where it was.
    EXPECT_EQ(http_move(port(), a.id, a.token, "d7d6").status, 200);
    const HttpResult accept =
        post(port(), "/api/games/" + b.id + "/draw", {{"token", b_black}, {"action", "accept"}});
    EXPECT_EQ(accept.json()["result"], "1/2-1/2") << accept;
    const HttpResult join = post(port(), "/api/games/" + c.id + "/join", {{"invite", c.invite}});
    EXPECT_EQ(join.status, 200) << join;
    EXPECT_EQ(join.json()["side"], "white");
    EXPECT_EQ(http_move(port(), d.id, d.token, "e2e4").status, 409);
    ASSERT_EQ(http_move(port(), e.id, e.token, "e2e4").status, 200);
    const Json e2 = poll_state(
        port(), e.id, e.token, [](const Json& j) { return j["moves"].size() >= 2; },
        kComputerTimeout);
    EXPECT_EQ(e2["moves"].size(), 2u) << "the computer does not play after a restart";
    const Json fs = game_state(port(), f.id);
    EXPECT_EQ(fs["clock"]["running"], "black");
    EXPECT_GT(fs["clock"]["black_ms"].get<long long>(), 0);
    EXPECT_EQ(get(port(), "/api/games/" + a.id + "/record").body.find("1. e4 c5 2. Nf3 d6") !=
                  std::string::npos,
              true);
}

// Stopping the server while the computer is thinking leaves a stored game with
// the computer to move; the restarted server must come up and make that move.
TEST_P(ServerRestarts, RestartWithTheComputerToMove) {
    const Created g = create_game(
        port(), {{"variant", "chess"}, {"mode", "computer"}, {"side", "black"}, {"level", 8}});
    ASSERT_EQ(g.raw.status, 201) << g.raw;
    const Json s = game_state(port(), g.id, g.token);
    ASSERT_TRUE(server_.stop());
    if (!s["moves"].empty()) GTEST_SKIP() << "the computer moved before the stop; nothing to check";
    ASSERT_TRUE(server_.start(db()))
        << "the server does not start with a stored game where the computer is to move";
    const Json after = poll_state(
        port(), g.id, g.token, [](const Json& j) { return !j["moves"].empty(); }, kComputerTimeout);
    EXPECT_EQ(after["moves"].size(), 1u) << "the computer did not move after the restart";
    EXPECT_EQ(after["turn"], "black");
}

// Plays `plies` random legal moves (seeded) in a local game; alternates HTTP and
// WebSocket; returns the moves acknowledged.
std::vector<std::string> play_random(unsigned short port, const std::string& id,
                                     const std::string& token, int plies, std::mt19937& rng) {
    std::vector<std::string> acked;
    WsClient ws;
    if (!ws.connect(port, ws_target(id, token))) return acked;
    auto s = ws.next();
    for (int i = 0; i < plies && s && (*s)["result"] == "*"; ++i) {
        const auto legal = legal_lans(*s);
        const std::string mv =
            legal[std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(rng)];
        const std::size_t ply = (*s)["moves"].size();
        if (i % 2 == 0) {
            const HttpResult r = http_move(port, id, token, mv);
            if (r.status != 200) return ADD_FAILURE() << r, acked;
        } else {
            if (!ws.send(Json{{"type", "move"}, {"move", mv}})) return acked;
            auto ack = ws.wait_for([](const Json& j) { return !is_push(j); });
            if (!ack || (*ack)["type"] != "ack") return ADD_FAILURE() << "no ack for " << mv, acked;
        }
        acked.push_back(mv);
        s = ws.wait_state(ply + 1);
    }
    return acked;
}

TEST_P(ServerRestarts, KillNineBetweenMovesLosesNothing) {
    std::mt19937 rng(20240611);
    const Created g = create_game(port(), {{"variant", "chess"}, {"mode", "local"}});
    const Created w = create_game(port(), {{"variant", "wreckage"}, {"mode", "local"}});
    std::vector<std::string> chess, wreck;
    for (int round = 0; round < 4; ++round) {
        SCOPED_TRACE("round " + std::to_string(round));
        for (auto [game, moves] : {std::pair{&g, &chess}, std::pair{&w, &wreck}}) {
            const auto more = play_random(port(), game->id, game->token, 5, rng);
            moves->insert(moves->end(), more.begin(), more.end());
        }
        // Actions other than moves are acknowledged only once stored too.
        const Created fresh =
            create_game(port(), {{"variant", "chess"}, {"mode", "online"}, {"side", "white"}});
        ASSERT_EQ(fresh.raw.status, 201);
        const HttpResult join =
            post(port(), "/api/games/" + fresh.id + "/join", {{"invite", fresh.invite}});
        ASSERT_EQ(join.status, 200);
        ASSERT_EQ(post(port(), "/api/games/" + fresh.id + "/draw",
                       {{"token", fresh.token}, {"action", "offer"}})
                      .status,
                  200);
        WsClient watcher;
        ASSERT_TRUE(watcher.connect(port(), ws_target(g.id, g.token)));
        ASSERT_TRUE(watcher.next());
        server_.kill_hard();
        EXPECT_FALSE(watcher.next(5s));
        EXPECT_NE(watcher.last_error(), "timed out") << "a WebSocket to a killed server stays open";
        ASSERT_TRUE(server_.start(db()));
        // Reconnecting resumes with the full state.
        WsClient again;
        ASSERT_TRUE(again.connect(port(), ws_target(g.id, g.token))) << again.last_error();
        auto resumed = again.next();
        ASSERT_TRUE(resumed) << again.last_error();
        EXPECT_EQ(lans_of(*resumed), chess);
        EXPECT_EQ((*resumed)["you"], "both");
        EXPECT_EQ(lans_of(game_state(port(), g.id)), chess);
        EXPECT_EQ(lans_of(game_state(port(), w.id)), wreck);
        const Json f = game_state(port(), fresh.id, join.json()["token"]);
        EXPECT_EQ(f["you"], "black") << "the join was lost";
        EXPECT_EQ(f["draw_offer"], "white") << "the draw offer was lost";
    }
    EXPECT_GE(chess.size(), 10u);
    // A game still plays on after the crashes.
    const Json s = game_state(port(), g.id);
    if (s["result"] == "*") {
        EXPECT_EQ(http_move(port(), g.id, g.token, legal_lans(s).front()).status, 200);
    }
}

TEST_P(ServerRestarts, KillNineUnderConcurrentPlayKeepsEveryAcknowledgedMove) {
    constexpr int kGames = 6;
    struct Player {
        Created game;
        std::vector<std::string> acked;
        std::string in_flight;  // sent, not (yet) acknowledged
    };
    std::vector<Player> players(kGames);
    for (int i = 0; i < kGames; ++i) {
        players[i].game =
            create_game(port(), {{"variant", i % 2 ? "chess" : "chess4d"}, {"mode", "local"}});
        ASSERT_EQ(players[i].game.raw.status, 201);
    }
    std::atomic<int> total{0};
    std::atomic<bool> stop{false};
    std::mutex mu;
    std::vector<std::thread> threads;
    const unsigned short p = port();
    for (int i = 0; i < kGames; ++i) {
        threads.emplace_back([&, i] {
            Player& pl = players[i];
            std::mt19937 rng(static_cast<unsigned>(i + 1));
            while (!stop) {
                const HttpResult st = get(p, "/api/games/" + pl.game.id);
                const Json s = st.json();
                if (st.status != 200 || s["result"] != "*") return;
                const auto legal = legal_lans(s);
                const std::string mv =
                    legal[std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(rng)];
                {
                    std::lock_guard lock(mu);
                    pl.in_flight = mv;
                }
                const HttpResult r = http_move(p, pl.game.id, pl.game.token, mv);
                if (r.status != 200) return;
                std::lock_guard lock(mu);
                pl.acked.push_back(mv);
                pl.in_flight.clear();
                ++total;
            }
        });
    }
    const auto deadline = std::chrono::steady_clock::now() + 30s;
    while (total < 60 && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(5ms);
    {
        std::lock_guard lock(mu);  // no acknowledgement is recorded while the server dies
        server_.kill_hard();
    }
    stop = true;
    for (auto& t : threads) t.join();
    ASSERT_GE(total.load(), 60) << "the clients could not play";

    ASSERT_TRUE(server_.start(db()));
    for (const Player& pl : players) {
        const std::vector<std::string> stored = lans_of(game_state(port(), pl.game.id));
        ASSERT_GE(stored.size(), pl.acked.size())
            << "acknowledged moves were lost in " << pl.game.id;
        EXPECT_TRUE(std::equal(pl.acked.begin(), pl.acked.end(), stored.begin())) << pl.game.id;
        // At most the one move in flight may have been stored without its acknowledgement.
        EXPECT_LE(stored.size(), pl.acked.size() + 1) << pl.game.id;
        if (stored.size() == pl.acked.size() + 1) {
            EXPECT_EQ(stored.back(), pl.in_flight) << pl.game.id;
        }
    }
}

}  // namespace
}  // namespace chimera
