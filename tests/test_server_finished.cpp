// Finished games leave memory (issue 13, item 4), seen from outside: once a
// game ends and its viewers have the final state, the server holds it no more
// (GET /api/health: live, finished, cached), yet its state, plies, record and
// WebSocket still answer, from the database; actions on it are refused as
// before. A restart loads only the games going on. The list of finished games
// comes a page at a time (GET /api/games?before=<next>), every game once, while
// other games end meanwhile. The reads and the list from the database, and the
// restart, are tested on each storage backend (SQLite and PostgreSQL).
#include <set>

#include "server_client.h"

namespace chimera {
namespace {

using namespace chimera::testing;

Json health(unsigned short port) { return get(port, "/api/health").json(); }

// A local game with a few moves, resigned (the side to move, White, resigns).
// Games made one after another end at different milliseconds.
Created finished_game(unsigned short port) {
    std::this_thread::sleep_for(2ms);
    const Created g = create_game(port, {{"variant", "chess"}, {"mode", "local"}});
    EXPECT_EQ(g.raw.status, 201) << g.raw;
    for (const char* m : {"e2e4", "e7e5"}) EXPECT_EQ(http_move(port, g.id, g.token, m).status, 200);
    EXPECT_EQ(post(port, "/api/games/" + g.id + "/resign", {{"token", g.token}}).status, 200);
    return g;
}

// Every finished game in the list, following `next` from the first page.
std::vector<Json> all_pages(unsigned short port, int limit,
                            const std::function<void()>& between = {}) {
    std::vector<Json> rows;
    std::string target = "/api/games?limit=" + std::to_string(limit);
    for (int page = 0; page < 1000; ++page) {
        const HttpResult r = get(port, target);
        EXPECT_EQ(r.status, 200) << r;
        const Json j = r.json();
        if (!j.is_object() || !j["recent"].is_array()) break;
        EXPECT_LE(j["recent"].size(), static_cast<std::size_t>(limit));
        if (page > 0) {
            EXPECT_TRUE(j["live"].empty()) << "a later page lists live games";
        }
        for (const Json& g : j["recent"]) rows.push_back(g);
        if (j["next"].is_null()) break;
        if (between) between();
        target =
            "/api/games?limit=" + std::to_string(limit) + "&before=" + j["next"].get<std::string>();
    }
    return rows;
}

class ServerFinished : public ServerFixture {
  protected:
    Json health() { return ::chimera::health(port()); }
    Created finished_game() { return ::chimera::finished_game(port()); }
};

// The tests that read and list finished games from the database, on SQLite
// and on PostgreSQL.
class ServerFinishedStored : public BackendServerFixture {
  protected:
    Json health() { return ::chimera::health(port()); }
    Created finished_game() { return ::chimera::finished_game(port()); }
    std::vector<Json> all_pages(int limit, const std::function<void()>& between = {}) {
        return ::chimera::all_pages(port(), limit, between);
    }
};
CHIMERA_ON_EACH_BACKEND(ServerFinishedStored);

TEST_P(ServerFinishedStored, AFinishedGameLeavesMemoryAndIsReadFromTheDatabase) {
    const Created live = create_game(port(), {{"variant", "chess"}, {"mode", "local"}});
    const Created done = finished_game();
    Json h = health();
    EXPECT_EQ(h["games"], 2) << h;
    EXPECT_EQ(h["live"], 1) << "the finished game is still held: " << h;
    EXPECT_EQ(h["finished"], 1) << h;
    EXPECT_EQ(h["cached"], 0) << h;

    // Everything about it still answers.
    const Json s = game_state(port(), done.id, done.token);
    EXPECT_EQ(s["result"], "0-1");
    EXPECT_EQ(s["termination"], "white resigned");
    EXPECT_EQ(lans_of(s), (std::vector<std::string>{"e2e4", "e7e5"}));
    EXPECT_EQ(s["you"], "both");
    EXPECT_EQ(s["legal"], Json::object());
    EXPECT_EQ(health()["cached"], 1) << "a game read is cached";
    const HttpResult ply = get(port(), "/api/games/" + done.id + "/ply?n=1");
    EXPECT_EQ(ply.status, 200) << ply;
    EXPECT_EQ(ply.json()["turn"], "black");
    EXPECT_EQ(get(port(), "/api/games/" + done.id + "/ply?n=3").status, 400);
    const std::string record = get(port(), "/api/games/" + done.id + "/record").body;
    EXPECT_NE(record.find("[Result \"0-1\"]"), std::string::npos) << record;
    EXPECT_NE(record.find("1. e4 e5 0-1"), std::string::npos) << record;

    // Actions are refused as for a game in memory.
    const HttpResult move = http_move(port(), done.id, done.token, "g1f3");
    EXPECT_EQ(move.status, 409) << move;
    EXPECT_NE(move.body.find("the game is over"), std::string::npos) << move;
    EXPECT_EQ(http_move(port(), done.id, "0000", "g1f3").status, 403);
    EXPECT_EQ(post(port(), "/api/games/" + done.id + "/resign", {{"token", done.token}}).status,
              409);
    EXPECT_EQ(post(port(), "/api/games/" + done.id + "/draw",
                   {{"token", done.token}, {"action", "offer"}})
                  .status,
              409);
    EXPECT_EQ(get(port(), "/api/games/000000000000").status, 404);

    // A view gets the final state, and nothing after it; its socket stays open.
    WsClient ws;
    ASSERT_TRUE(ws.connect(port(), ws_target(done.id, "")));
    const auto first = ws.next();
    ASSERT_TRUE(first) << ws.last_error();
    EXPECT_EQ((*first)["result"], "0-1");
    EXPECT_TRUE((*first)["you"].is_null());
    ASSERT_TRUE(ws.send(Json{{"type", "move"}, {"move", "g1f3"}}));
    const auto refused = ws.next();
    ASSERT_TRUE(refused) << ws.last_error();
    EXPECT_EQ((*refused)["type"], "error");
    EXPECT_EQ((*refused)["status"], 403);
    ws.close();

    EXPECT_EQ(health()["live"], 1);
    EXPECT_EQ(http_move(port(), live.id, live.token, "d2d4").status, 200);
}

// The viewers of a game get its final state; then the game leaves memory, and
// closing their sockets afterwards is harmless.
TEST_F(ServerFinished, ViewersGetTheFinalStateThenTheGameLeaves) {
    const Created c = create_game(port(), {{"variant", "chess"}, {"mode", "online"}});
    const HttpResult joined = post(port(), "/api/games/" + c.id + "/join", {{"invite", c.invite}});
    ASSERT_EQ(joined.status, 200) << joined;
    const std::string black = joined.json()["token"];
    WsClient w, b, watcher;
    ASSERT_TRUE(w.connect(port(), ws_target(c.id, c.token)));
    ASSERT_TRUE(b.connect(port(), ws_target(c.id, black)));
    ASSERT_TRUE(watcher.connect(port(), ws_target(c.id, "")));
    for (WsClient* ws : {&w, &b, &watcher}) ASSERT_TRUE(ws->next()) << ws->last_error();
    EXPECT_EQ(health()["live"], 1);

    ASSERT_TRUE(w.send(Json{{"type", "resign"}}));
    const auto ack = w.wait_for([](const Json& j) { return j.value("type", "") == "ack"; });
    ASSERT_TRUE(ack) << w.last_error();
    EXPECT_EQ((*ack)["result"], "0-1");
    for (WsClient* ws : {&w, &b, &watcher}) {
        const auto last =
            ws->wait_view([](const Json& v) { return v.value("result", "") == "0-1"; });
        ASSERT_TRUE(last) << ws->last_error();
        EXPECT_EQ((*last)["status"], "over");
        EXPECT_EQ((*last)["termination"], "white resigned");
        EXPECT_EQ((*last)["legal"], Json::object());
        EXPECT_EQ(ws->gaps(), 0);
    }
    const Json h = health();
    EXPECT_EQ(h["live"], 0) << h;
    EXPECT_EQ(h["finished"], 1) << h;
    for (WsClient* ws : {&w, &b, &watcher}) ws->close();
    EXPECT_EQ(game_state(port(), c.id)["result"], "0-1");
}

// The finished games read lately are kept, and no more than 64 of them.
TEST_F(ServerFinished, TheCacheOfFinishedGamesIsBounded) {
    std::vector<std::string> ids;
    for (int i = 0; i < 70; ++i) ids.push_back(finished_game().id);
    EXPECT_EQ(health()["live"], 0);
    for (const std::string& id : ids) EXPECT_EQ(game_state(port(), id)["result"], "0-1");
    const Json h = health();
    EXPECT_EQ(h["cached"], 64) << h;
    EXPECT_EQ(h["finished"], 70) << h;
    EXPECT_EQ(game_state(port(), ids.front())["result"], "0-1") << "a game read again after "
                                                                   "leaving the cache";
}

// A restart loads the games going on only: the finished ones are not even
// read (a finished game stored with a move that cannot be replayed draws no
// warning), and they are there when asked for.
TEST_P(ServerFinishedStored, ARestartLoadsOnlyTheGamesGoingOn) {
    const Created live = create_game(port(), {{"variant", "chess"}, {"mode", "local"}});
    ASSERT_EQ(http_move(port(), live.id, live.token, "e2e4").status, 200);
    const Created done = finished_game();
    const Created broken = finished_game();
    std::this_thread::sleep_for(2ms);  // ends after broken (the same millisecond would order by id)
    const HttpResult imported =
        post(port(), "/api/import", {{"record", "[Result \"1-0\"]\n\n1. e4 e5 1-0"}});
    ASSERT_EQ(imported.status, 201) << imported;
    EXPECT_EQ(health()["finished"], 3) << "an imported finished game is not counted";
    EXPECT_EQ(health()["live"], 1) << "an imported finished game is held in memory";
    ASSERT_TRUE(server_.stop());
    ASSERT_EQ(
        edit_db("UPDATE moves SET lan = 'e1e8' WHERE game_id = '" + broken.id + "' AND ply = 2"),
        1);

    ASSERT_TRUE(server_.start(db()));
    EXPECT_NE(server_.first_line().find("4 games restored: 1 in play, 3 finished"),
              std::string::npos)
        << server_.first_line();
    const Json h = health();
    EXPECT_EQ(h["live"], 1) << h;
    EXPECT_EQ(h["finished"], 3) << h;
    EXPECT_EQ(h["cached"], 0) << h;
    EXPECT_EQ(server_.log().find("left out"), std::string::npos)
        << "a finished game was loaded at start: " << server_.log();

    EXPECT_EQ(lans_of(game_state(port(), done.id)), (std::vector<std::string>{"e2e4", "e7e5"}));
    EXPECT_EQ(game_state(port(), done.id)["result"], "0-1");
    EXPECT_EQ(http_move(port(), live.id, live.token, "e7e5").status, 200);
    const Json list = get(port(), "/api/games").json();
    ASSERT_EQ(list["live"].size(), 1u) << list;
    EXPECT_EQ(list["live"][0]["id"], live.id);
    EXPECT_EQ(list["live"][0]["plies"], 2);
    ASSERT_EQ(list["recent"].size(), 3u) << list;
    EXPECT_EQ(list["recent"][0]["id"], imported.json()["id"]);
    EXPECT_EQ(list["recent"][1]["id"], broken.id);
    EXPECT_EQ(list["recent"][2]["id"], done.id);
    EXPECT_EQ(list["recent"][2]["plies"], 2);
}

// Following `next` lists every finished game once, newest first, while games
// end and start between the pages; the games that end meanwhile are on the
// first page.
TEST_P(ServerFinishedStored, PagesListEveryFinishedGameOnceWhileGamesEnd) {
    std::set<std::string> before;
    for (int i = 0; i < 11; ++i) before.insert(finished_game().id);
    std::set<std::string> meanwhile;
    const std::vector<Json> rows = all_pages(3, [&] {
        meanwhile.insert(finished_game().id);
        create_game(port(), {{"variant", "chess"}, {"mode", "local"}});
    });
    std::set<std::string> listed;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const std::string id = rows[i]["id"];
        EXPECT_TRUE(listed.insert(id).second) << id << " is listed twice";
        EXPECT_EQ(rows[i]["result"], "0-1");
        if (i > 0) {
            const auto key = [](const Json& r) {
                return std::make_pair(r["updated_ms"].get<long long>(), r["id"].get<std::string>());
            };
            EXPECT_LT(key(rows[i]), key(rows[i - 1])) << "out of order at " << i;
        }
    }
    EXPECT_EQ(listed, before) << "the pages miss a game or list one that ended meanwhile";
    EXPECT_EQ(meanwhile.size(), 3u) << "the 11 games should take 4 pages of 3";

    // From the start again: all 14, the newest first.
    const std::vector<Json> again = all_pages(200);
    EXPECT_EQ(again.size(), 14u);
    for (std::size_t i = 0; i < meanwhile.size() && i < again.size(); ++i)
        EXPECT_TRUE(meanwhile.count(again[i]["id"].get<std::string>())) << i;
    const Json first = get(port(), "/api/games?limit=200").json();
    EXPECT_EQ(first["live"].size(), 3u);
    EXPECT_TRUE(first["next"].is_null());
}

TEST_F(ServerFinished, ACursorThatIsNotOneIsRefused) {
    finished_game();
    const Json first = get(port(), "/api/games?limit=1").json();
    EXPECT_TRUE(first["next"].is_null()) << first;
    for (const char* bad : {"", "12", ":abc", "12:", "x:abc", "12:ab%20c", "1234567890123456:ab"}) {
        const HttpResult r = get(port(), std::string("/api/games?before=") + bad);
        EXPECT_EQ(r.status, 400) << bad << ": " << r;
        EXPECT_NE(r.body.find("before must be"), std::string::npos) << r;
    }
    // A well-formed cursor past every game gives an empty last page.
    const Json end = get(port(), "/api/games?before=1:0").json();
    EXPECT_TRUE(end["recent"].empty()) << end;
    EXPECT_TRUE(end["live"].empty()) << end;
    EXPECT_TRUE(end["next"].is_null()) << end;
}

}  // namespace
}  // namespace chimera
