// What the server must never do, whatever it is sent and whatever happens to
// it: declare a result it could not store, accept a message field it does not
// know, forget a finished game's result on import, give a player back the time
// used before a crash, refuse to start because of one broken stored game, or
// keep a computer worker busy on a game that has ended.
#include "server/games.h"
#include "server_client.h"

namespace chimera {
namespace {

using namespace chimera::testing;

class ServerIntegrity : public ServerFixture {};

HttpResult import_record(unsigned short port, const std::string& record,
                         const Json& extra = Json::object()) {
    Json body = extra;
    body["record"] = record;
    return post(port, "/api/import", body);
}

TEST_F(ServerIntegrity, WebSocketMessagesWithUnknownFieldsAreRefused) {
    const Created g = create_game(port(), {{"variant", "chess"}, {"mode", "local"}});
    ASSERT_EQ(g.raw.status, 201) << g.raw;
    WsClient ws;
    ASSERT_TRUE(ws.connect(port(), ws_target(g.id, g.token)));
    ASSERT_TRUE(ws.next());  // the state on connect
    for (const Json& message : {Json{{"type", "move"}, {"move", "e2e4"}, {"token", "x"}},
                                Json{{"type", "resign"}, {"why", "bored"}},
                                Json{{"type", "draw"}, {"action", "offer"}, {"move", "e2e4"}},
                                Json{{"type", "ping"}, {"id", 1}}}) {
        SCOPED_TRACE(message.dump());
        ASSERT_TRUE(ws.send(message.dump()));
        const auto reply = ws.wait_for([](const Json& j) { return !is_push(j); });
        ASSERT_TRUE(reply);
        EXPECT_EQ((*reply)["type"], "error") << *reply;
        EXPECT_EQ((*reply)["status"], 400) << *reply;
        EXPECT_NE((*reply)["message"].get<std::string>().find("unknown field"), std::string::npos)
            << *reply;
    }
    // None of them did anything.
    const Json s = game_state(port(), g.id);
    EXPECT_TRUE(s["moves"].empty()) << s["moves"];
    EXPECT_EQ(s["result"], "*");
    EXPECT_TRUE(s["draw_offer"].is_null());
    // The same messages without the extra field work.
    ASSERT_TRUE(ws.send(Json{{"type", "move"}, {"move", "e2e4"}}.dump()));
    const auto ack = ws.wait_for([](const Json& j) { return !is_push(j); });
    ASSERT_TRUE(ack);
    EXPECT_EQ((*ack)["type"], "ack") << *ack;
}

TEST_F(ServerIntegrity, UnknownQueryParametersAreRefused) {
    const Created g = create_game(port(), {{"variant", "chess"}, {"mode", "local"}});
    ASSERT_EQ(g.raw.status, 201) << g.raw;
    for (const std::string& target : std::vector<std::string>{
             "/api/games/" + g.id + "?token=" + g.token + "&admin=1", "/api/games?limit=5&all=1",
             "/api/health?x", "/api/games/" + g.id + "/ply?n=0&fen=x",
             "/api/moves?variant=chess&depth=3", "/api/games/" + g.id + "/record?format=json"}) {
        const HttpResult r = get(port(), target);
        EXPECT_EQ(r.status, 400) << target << ": " << r;
        EXPECT_NE(r.body.find("unknown query parameter"), std::string::npos) << target << ": " << r;
    }
    const HttpResult moved = post(port(), "/api/games/" + g.id + "/move?as=black",
                                  {{"token", g.token}, {"move", "e2e4"}});
    EXPECT_EQ(moved.status, 400) << moved;
    EXPECT_TRUE(game_state(port(), g.id)["moves"].empty());
}

// A finished game read back from its record is the same finished game: result,
// how it ended, time control and formation, and no move can be added to it.
TEST_F(ServerIntegrity, AFinishedGameImportsFinished) {
    const Created g = create_game(port(), {{"variant", "wataku"},
                                           {"mode", "local"},
                                           {"formation", 3},
                                           {"base_minutes", 5},
                                           {"increment_seconds", 3}});
    ASSERT_EQ(g.raw.status, 201) << g.raw;
    for (int i = 0; i < 4; ++i) {
        const Json s = game_state(port(), g.id);
        ASSERT_EQ(
            http_move(port(), g.id, g.token, legal_lans(s)[static_cast<std::size_t>(i)]).status,
            200);
    }
    ASSERT_EQ(post(port(), "/api/games/" + g.id + "/resign", {{"token", g.token}}).status, 200);
    const Json original = game_state(port(), g.id);
    ASSERT_EQ(original["result"], "0-1");  // White was to move and resigned
    const std::string record = get(port(), "/api/games/" + g.id + "/record").body;

    const HttpResult imported = import_record(port(), record);
    ASSERT_EQ(imported.status, 201) << imported << "\n" << record;
    const std::string id = imported.json()["id"];
    const Json copy = game_state(port(), id);
    EXPECT_EQ(copy["result"], original["result"]);
    EXPECT_EQ(copy["termination"], original["termination"]);
    EXPECT_EQ(copy["moves"], original["moves"]);
    EXPECT_EQ(copy["start_fen"], original["start_fen"]);
    EXPECT_EQ(copy["formation"], 3);
    ASSERT_TRUE(copy["clock"].is_object()) << copy["clock"];
    EXPECT_EQ(copy["clock"]["base_ms"], 300000);
    EXPECT_EQ(copy["clock"]["inc_ms"], 3000);
    EXPECT_TRUE(copy["legal"].empty());
    const HttpResult late =
        http_move(port(), id, imported.json()["token"], lans_of(original).front());
    EXPECT_EQ(late.status, 409) << late;
}

TEST_F(ServerIntegrity, ImportRefusesContradictionsAndMissingStarts) {
    struct Case {
        std::string record;
        Json extra;
        std::string message;
    };
    const std::vector<Case> cases{
        // Black mates; a record claiming White won contradicts the board.
        {"1. f3 e5 2. g4 Qh4# 1-0", Json::object(), "contradicts"},
        // A Wataku game needs to say where it started (W-3: four formations).
        {"[Variant \"wataku\"]\n\n*", Json::object(), "needs a FEN or a Formation"},
        {"[Variant \"wataku\"]\n[Formation \"7\"]\n\n*", Json::object(), "Formation must be 1-4"},
        {"[Variant \"chess\"]\n[Formation \"2\"]\n\n*", Json::object(),
         "only for variants with several start positions"},
        {"[TimeControl \"fast\"]\n\n*", Json::object(), "TimeControl"},
        {"1. e4 *", Json{{"level", 9}, {"mode", "computer"}}, "level"},
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(c.record);
        const HttpResult r = import_record(port(), c.record, c.extra);
        EXPECT_EQ(r.status, 400) << r;
        EXPECT_NE(r.body.find(c.message), std::string::npos) << r;
    }
    // A formation and a FEN that disagree.
    const Created w =
        create_game(port(), {{"variant", "wataku"}, {"mode", "local"}, {"formation", 1}});
    const std::string fen1 = game_state(port(), w.id)["start_fen"];
    const HttpResult r = import_record(
        port(), "[Variant \"wataku\"]\n[FEN \"" + fen1 + "\"]\n[Formation \"2\"]\n\n*");
    EXPECT_EQ(r.status, 400) << r;
    EXPECT_NE(r.body.find("formation 2"), std::string::npos) << r;
    EXPECT_EQ(get(port(), "/api/health").json()["games"], 1)
        << "a refused import left a game behind";
}

// After a crash, the player whose clock was running is charged the time used
// before the crash (up to the server's last heartbeat), not the downtime.
TEST_F(ServerIntegrity, ARestartChargesTheTimeUsedBeforeTheCrashButNotTheDowntime) {
    const Created g =
        create_game(port(), {{"variant", "chess"}, {"mode", "local"}, {"base_minutes", 1}});
    ASSERT_EQ(g.raw.status, 201) << g.raw;
    ASSERT_EQ(http_move(port(), g.id, g.token, "e2e4").status, 200);  // Black's clock starts
    const auto started = std::chrono::steady_clock::now();
    std::this_thread::sleep_for(3000ms);
    server_.kill_hard();
    const auto used_ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                             std::chrono::steady_clock::now() - started)
                             .count();
    std::this_thread::sleep_for(6000ms);  // downtime
    const auto restart = std::chrono::steady_clock::now();
    ASSERT_TRUE(server_.start(db()));
    const Json c = game_state(port(), g.id)["clock"];
    // The clock runs again from the restart, so the time until this reply counts.
    const auto restart_ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                                std::chrono::steady_clock::now() - restart)
                                .count();
    ASSERT_LT(restart_ms, 5000) << "the restart took too long for the check below to tell";
    ASSERT_TRUE(c.is_object()) << c;
    EXPECT_EQ(c["running"], "black");
    const long long black = c["black_ms"];
    // Heartbeats come every second, so at least used - 1 s is charged (0.6 s of
    // slack for a busy machine) ...
    EXPECT_LE(black, 60000 - (used_ms - 1600)) << "the time used before the crash was given back";
    // ... and the 6 s of downtime are not (the restart itself is, plus 0.5 s of slack).
    EXPECT_GE(black, 60000 - used_ms - restart_ms - 500) << "the downtime was charged";
    EXPECT_EQ(c["white_ms"], 60000);
}

TEST_F(ServerIntegrity, AStoredGameThatCannotBeReplayedIsLeftOut) {
    const Created broken = create_game(port(), {{"variant", "chess"}, {"mode", "local"}});
    const Created fine = create_game(port(), {{"variant", "chess"}, {"mode", "local"}});
    for (const Created* g : {&broken, &fine}) {
        ASSERT_EQ(http_move(port(), g->id, g->token, "e2e4").status, 200);
        ASSERT_EQ(http_move(port(), g->id, g->token, "e7e5").status, 200);
    }
    ASSERT_TRUE(server_.stop());
    ASSERT_EQ(
        edit_db("UPDATE moves SET lan = 'e1e8' WHERE game_id = '" + broken.id + "' AND ply = 2"),
        1);
    ASSERT_TRUE(server_.start(db())) << "one broken game kept the server from starting";
    EXPECT_NE(server_.first_line().find("1 games restored"), std::string::npos)
        << server_.first_line();
    EXPECT_EQ(get(port(), "/api/games/" + broken.id).status, 404);
    const Json s = game_state(port(), fine.id);
    EXPECT_EQ(lans_of(s), (std::vector<std::string>{"e2e4", "e7e5"}));
    EXPECT_EQ(http_move(port(), fine.id, fine.token, "g1f3").status, 200);
    const std::string log = server_.log();
    EXPECT_NE(log.find("left out stored game " + broken.id), std::string::npos) << log;
    EXPECT_NE(log.find("e1e8"), std::string::npos) << log;
}

// With one computer worker, a game that ends while the computer thinks must
// free the worker: the next game's computer move comes long before the first
// search's budget (minutes, on a 180-minute clock) would have run out.
TEST_F(ServerIntegrity, EndingAGameStopsTheComputersSearch) {
    ASSERT_TRUE(server_.stop());
    ASSERT_TRUE(server_.start(db(), {"--computer-threads", "1"}));
    // The computer has Black: after White's first move its clock runs (the
    // first move is untimed, with a fixed 2 s budget) and it plans minutes.
    const Created slow = create_game(port(), {{"variant", "chess"},
                                              {"mode", "computer"},
                                              {"side", "white"},
                                              {"level", 8},
                                              {"base_minutes", 180},
                                              {"increment_seconds", 180}});
    ASSERT_EQ(slow.raw.status, 201) << slow.raw;
    ASSERT_EQ(http_move(port(), slow.id, slow.token, "e2e4").status, 200);
    std::this_thread::sleep_for(300ms);  // let the search start
    const HttpResult resigned =
        post(port(), "/api/games/" + slow.id + "/resign", {{"token", slow.token}});
    ASSERT_EQ(resigned.status, 200) << resigned;
    const Created next = create_game(
        port(), {{"variant", "chess"}, {"mode", "computer"}, {"side", "black"}, {"level", 1}});
    ASSERT_EQ(next.raw.status, 201) << next.raw;
    const Json s = poll_state(
        port(), next.id, next.token, [](const Json& j) { return !j["moves"].empty(); },
        kComputerTimeout);
    EXPECT_EQ(s["moves"].size(), 1u) << "the worker was still searching the ended game";
    EXPECT_EQ(game_state(port(), slow.id)["moves"].size(), 1u)
        << "the ended game got a computer move";
}

// Flooding from one address cannot take the server from others: connections
// per address are capped (503), and so are new games per address (429).
TEST_F(ServerIntegrity, FloodLimitsPerAddress) {
    ASSERT_TRUE(server_.stop());
    ASSERT_TRUE(
        server_.start(db(), {"--max-connections-per-address", "3", "--games-per-minute", "4"}));
    std::vector<std::unique_ptr<RawConnection>> held;
    for (int i = 0; i < 3; ++i) {
        held.push_back(std::make_unique<RawConnection>());
        ASSERT_TRUE(held.back()->open(port(), "127.0.0.2"));
        ASSERT_EQ(held.back()->get("/api/health"), 200) << "connection " << i;
    }
    RawConnection fourth;
    ASSERT_TRUE(fourth.open(port(), "127.0.0.2"));
    EXPECT_EQ(fourth.read_status(), 503) << "a fourth connection from the same address was let in";
    RawConnection other;
    ASSERT_TRUE(other.open(port(), "127.0.0.3"));
    EXPECT_EQ(other.get("/api/health"), 200) << "another address was refused";
    held.pop_back();  // a place comes free
    std::this_thread::sleep_for(200ms);
    RawConnection again;
    ASSERT_TRUE(again.open(port(), "127.0.0.2"));
    EXPECT_EQ(again.get("/api/health"), 200) << "a freed place was not given back";

    // Games: a burst of 4 per address, then 429 (from 127.0.0.1, the test's HTTP helper).
    for (int i = 0; i < 4; ++i)
        EXPECT_EQ(create_game(port(), {{"variant", "chess"}, {"mode", "local"}}).raw.status, 201)
            << "game " << i;
    const HttpResult fifth = post(port(), "/api/games", {{"variant", "chess"}, {"mode", "local"}});
    EXPECT_EQ(fifth.status, 429) << fifth;
    EXPECT_EQ(post(port(), "/api/import", {{"record", "1. e4 *"}}).status, 429);
    EXPECT_EQ(get(port(), "/api/health").json()["games"], 4);
}

// A storage that can be told to fail, around a real SQLite database in memory.
class FlakyStorage final : public server::Storage {
  public:
    // Fails while *fail, as a broken database or (away) as one that is not there.
    explicit FlakyStorage(std::unique_ptr<server::Storage> inner, bool* fail, bool away = false)
        : inner_(std::move(inner)), fail_(fail), away_(away) {}
    Status create_game(const server::StoredGame& g) override {
        return check() ? inner_->create_game(g) : down();
    }
    Status append_move(server::StoredGame& g, const std::string& lan,
                       const std::string& san) override {
        return check() ? inner_->append_move(g, lan, san) : down();
    }
    Status update_game(server::StoredGame& g) override {
        return check() ? inner_->update_game(g) : down();
    }
    Status load_unfinished(std::vector<server::StoredGame>& out) override {
        return inner_->load_unfinished(out);
    }
    Status load_game(const std::string& id, server::StoredGame& out, bool* found,
                     std::size_t after_ply) override {
        return check() ? inner_->load_game(id, out, found, after_ply) : down();
    }
    Status list_finished(const server::ListCursor* before, std::size_t limit,
                         std::vector<server::GameSummary>& out) override {
        return check() ? inner_->list_finished(before, limit, out) : down();
    }
    Status count_finished(std::int64_t& count) override { return inner_->count_finished(count); }
    Status take_back(server::StoredGame& g, std::size_t stored) override {
        return inner_->take_back(g, stored);
    }
    Status run_sql(const std::vector<server::SqlCall>& calls, std::vector<server::SqlRows>* rows,
                   std::vector<std::int64_t>* changed) override {
        return check() ? inner_->run_sql(calls, rows, changed) : down();
    }
    Status start_rematch(server::StoredGame& finished, const server::StoredGame& fresh) override {
        return check() ? inner_->start_rematch(finished, fresh) : down();
    }
    Status save_review(const std::string& id, const std::string& engine, const std::string& review,
                       std::int64_t now) override {
        return inner_->save_review(id, engine, review, now);
    }
    Status load_review(const std::string& id, const std::string& engine, std::string& review,
                       bool* found) override {
        return inner_->load_review(id, engine, review, found);
    }
    Status heartbeat(std::int64_t at) override { return inner_->heartbeat(at); }
    Status last_heartbeat(std::int64_t& at) override { return inner_->last_heartbeat(at); }

  private:
    bool check() const { return !*fail_; }
    Status down() const {
        return away_ ? Status::unavailable("database: connection refused (injected)")
                     : Status::error("database: disk I/O error (injected)");
    }
    std::unique_ptr<server::Storage> inner_;
    bool* fail_;
    bool away_;
};

// Nothing is declared that is not stored: a resignation, an agreed draw, a draw
// offer or a move that the database refuses leaves the game as it was.
TEST(GameServiceStorage, NothingCountsThatCouldNotBeStored) {
    bool failing = false;
    Status st = Status::ok();
    auto sqlite = server::open_sqlite(":memory:", &st);
    ASSERT_TRUE(sqlite) << st.message();
    server::GameService games(std::make_unique<FlakyStorage>(std::move(sqlite), &failing), 1);
    server::ApiError err;
    server::CreateRequest req;
    req.mode = "online";
    const server::SeatGrant created = games.create(req, err);
    ASSERT_FALSE(err) << err.message;
    const std::string id = created.id, white = created.token;
    const std::string black = games.join(id, created.invite, err).token;
    ASSERT_FALSE(err) << err.message;
    auto state = [&] { return Json::parse(games.state(id, "", err)); };

    failing = true;
    games.move(id, white, "e2e4", err);
    EXPECT_EQ(err.status, 500);
    games.resign(id, white, err = {});
    EXPECT_EQ(err.status, 500);
    games.draw(id, white, "offer", err = {});
    EXPECT_EQ(err.status, 500);
    const Json during = state();
    EXPECT_EQ(during["result"], "*");
    EXPECT_TRUE(during["moves"].empty());
    EXPECT_TRUE(during["draw_offer"].is_null());

    failing = false;
    games.draw(id, white, "offer", err = {});
    ASSERT_FALSE(err) << err.message;
    failing = true;
    games.draw(id, black, "accept", err = {});
    EXPECT_EQ(err.status, 500);
    EXPECT_EQ(state()["result"], "*") << "an agreed draw that was not stored was declared";
    EXPECT_EQ(state()["draw_offer"], "white");

    failing = false;
    games.draw(id, black, "accept", err = {});
    EXPECT_FALSE(err) << err.message;
    EXPECT_EQ(state()["result"], "1/2-1/2");
    games.shutdown();
}

// A database that is not there (Status::unavailable) is answered 503, for
// every action that would store something and for reads from the database;
// nothing is done meanwhile, and everything works again once it is back.
TEST(GameServiceStorage, ADatabaseThatIsAwayIsAnswered503) {
    bool failing = false;
    Status st = Status::ok();
    auto sqlite = server::open_sqlite(":memory:", &st);
    ASSERT_TRUE(sqlite) << st.message();
    server::GameService games(std::make_unique<FlakyStorage>(std::move(sqlite), &failing, true), 1);
    server::ApiError err;
    server::CreateRequest req;
    req.mode = "local";
    const server::SeatGrant a = games.create(req, err);
    ASSERT_FALSE(err) << err.message;
    const server::SeatGrant done = games.create(req, err);
    games.resign(done.id, done.token, err);
    ASSERT_FALSE(err) << err.message;

    failing = true;
    games.move(a.id, a.token, "e2e4", err);
    EXPECT_EQ(err.status, 503) << err.message;
    EXPECT_NE(err.message.find("database"), std::string::npos) << err.message;
    games.resign(a.id, a.token, err = {});
    EXPECT_EQ(err.status, 503) << err.message;
    games.create(req, err = {});
    EXPECT_EQ(err.status, 503) << err.message;
    games.state(done.id, "", err = {});
    EXPECT_EQ(err.status, 503) << "a finished game read from the database: " << err.message;
    games.list(20, std::nullopt, err = {});
    EXPECT_EQ(err.status, 503) << err.message;
    const Json during = Json::parse(games.state(a.id, "", err = {}));
    EXPECT_FALSE(err) << "a game in memory is still shown: " << err.message;
    EXPECT_TRUE(during["moves"].empty());
    EXPECT_EQ(during["result"], "*");
    // A refusal on what the server holds stands, though the game cannot be
    // read again to see whether another server changed it.
    games.move(a.id, a.token, "e2e5", err = {});
    EXPECT_EQ(err.status, 400) << err.message;

    failing = false;
    games.move(a.id, a.token, "e2e4", err = {});
    EXPECT_FALSE(err) << err.message;
    games.shutdown();
}

// A finished game is read from the database on demand: when that read fails,
// the answer says so (500), not that there is no such game (404).
TEST(GameServiceStorage, AFinishedGameThatCannotBeReadIsAnErrorNotAMissingGame) {
    bool failing = false;
    Status st = Status::ok();
    auto sqlite = server::open_sqlite(":memory:", &st);
    ASSERT_TRUE(sqlite) << st.message();
    server::GameService games(std::make_unique<FlakyStorage>(std::move(sqlite), &failing), 1);
    server::ApiError err;
    server::CreateRequest req;
    req.mode = "local";
    const server::SeatGrant created = games.create(req, err);
    ASSERT_FALSE(err) << err.message;
    games.resign(created.id, created.token, err);
    ASSERT_FALSE(err) << err.message;
    EXPECT_EQ(games.counts().live, 0u);

    failing = true;
    EXPECT_TRUE(games.state(created.id, "", err).empty());
    EXPECT_EQ(err.status, 500) << err.message;
    games.record(created.id, err = {});
    EXPECT_EQ(err.status, 500) << err.message;
    failing = false;
    const Json s = Json::parse(games.state(created.id, "", err = {}));
    EXPECT_FALSE(err) << err.message;
    EXPECT_EQ(s["result"], "0-1");
    games.state("000000000000", "", err);
    EXPECT_EQ(err.status, 404);
    games.shutdown();
}

}  // namespace
}  // namespace chimera
