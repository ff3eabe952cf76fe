// Takebacks against `chimera serve` (docs/api.md, "Takebacks"): in an
// untimed computer game the player's last move goes back with the
// computer's reply (or alone while the computer thinks, whose search is then
// dropped), in a local game the last ply; moves given at creation stay; a
// takeback is stored (it survives a restart, on each backend); spectators
// and finished games are refused. Online games and clocks: test_server_offers.cpp.
#include "server_client.h"

namespace chimera {
namespace {

using namespace chimera::testing;

constexpr auto kReplyTimeout = 30s;

class ServerTakeback : public BackendServerFixture {
  protected:
    Json state(const std::string& id) {
        const HttpResult r = get(port(), "/api/games/" + id);
        EXPECT_EQ(r.status, 200) << r;
        return r.json();
    }
    // Polls until the game has `plies` moves; the state then.
    Json wait_plies(const std::string& id, std::size_t plies) {
        const auto deadline = std::chrono::steady_clock::now() + kReplyTimeout;
        Json s;
        do {
            s = state(id);
            if (s["moves"].size() == plies) return s;
            std::this_thread::sleep_for(20ms);
        } while (std::chrono::steady_clock::now() < deadline);
        ADD_FAILURE() << "the game never had " << plies << " moves: " << s.dump();
        return s;
    }
    HttpResult take_back(const std::string& id, const std::string& token) {
        return post(port(), "/api/games/" + id + "/takeback", {{"token", token}});
    }
    HttpResult move(const std::string& id, const std::string& token, const std::string& m) {
        return post(port(), "/api/games/" + id + "/move", {{"token", token}, {"move", m}});
    }
};
CHIMERA_ON_EACH_BACKEND(ServerTakeback);

TEST_P(ServerTakeback, AgainstTheComputerTheMoveAndTheReplyGoBack) {
    const HttpResult c =
        post(port(), "/api/games", {{"variant", "chess"}, {"mode", "computer"}, {"level", 1}});
    ASSERT_EQ(c.status, 201) << c;
    const std::string id = c.json()["id"], token = c.json()["token"];
    ASSERT_EQ(move(id, token, "e2e4").status, 200);
    wait_plies(id, 2);  // the computer's reply
    const HttpResult r = take_back(id, token);
    ASSERT_EQ(r.status, 200) << r;
    Json s = state(id);
    EXPECT_TRUE(s["moves"].empty()) << s;
    EXPECT_EQ(s["turn"], "white");
    EXPECT_EQ(s["fen"], "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    // The game goes on from there, the computer answering again.
    ASSERT_EQ(move(id, token, "d2d4").status, 200);
    s = wait_plies(id, 2);
    EXPECT_EQ(s["moves"][0]["lan"], "d2d4");
    // Stored: a restarted server has the game as it is now.
    ASSERT_TRUE(server_.stop());
    ASSERT_TRUE(server_.start(db()));
    const Json after = state(id);
    EXPECT_EQ(after["moves"], s["moves"]);
    EXPECT_EQ(after["fen"], s["fen"]);
}

// While the computer thinks (level 8: two seconds), a takeback takes back
// the player's move alone; the search for it never plays, and the next move
// is answered.
TEST_P(ServerTakeback, WhileTheComputerThinksItsSearchIsDropped) {
    const HttpResult c =
        post(port(), "/api/games", {{"variant", "chess"}, {"mode", "computer"}, {"level", 8}});
    ASSERT_EQ(c.status, 201) << c;
    const std::string id = c.json()["id"], token = c.json()["token"];
    ASSERT_EQ(move(id, token, "e2e4").status, 200);
    const HttpResult r = take_back(id, token);
    ASSERT_EQ(r.status, 200) << r;
    EXPECT_TRUE(state(id)["moves"].empty());
    // The same number of plies again, another position: the old search must not play here.
    ASSERT_EQ(move(id, token, "g1f3").status, 200);
    const Json s = wait_plies(id, 2);
    EXPECT_EQ(s["moves"][0]["lan"], "g1f3");
    std::this_thread::sleep_for(2500ms);  // past the old search's time
    const Json later = state(id);
    EXPECT_EQ(later["moves"].size(), 2u) << later;
    EXPECT_EQ(later["turn"], "white");
}

class ServerTakebackRules : public ServerFixture {
  protected:
    HttpResult take_back(const std::string& id, const std::string& token) {
        return post(port(), "/api/games/" + id + "/takeback", {{"token", token}});
    }
};

TEST_F(ServerTakebackRules, ALocalGameTakesBackOnePlyButNotTheMovesItWasGiven) {
    const HttpResult c = post(port(), "/api/games",
                              {{"variant", "wreckage"}, {"mode", "local"}, {"moves", {"e2e5"}}});
    ASSERT_EQ(c.status, 201) << c;
    const std::string id = c.json()["id"], token = c.json()["token"];
    HttpResult r = take_back(id, token);
    EXPECT_EQ(r.status, 409) << r;
    EXPECT_NE(r.body.find("no move has been played here"), std::string::npos) << r;
    ASSERT_EQ(
        post(port(), "/api/games/" + id + "/move", {{"token", token}, {"move", "d9d6"}}).status,
        200);
    r = take_back(id, token);
    ASSERT_EQ(r.status, 200) << r;
    const Json s = get(port(), "/api/games/" + id).json();
    ASSERT_EQ(s["moves"].size(), 1u) << s;
    EXPECT_EQ(s["moves"][0]["lan"], "e2e5");
    EXPECT_EQ(s["turn"], "black");
}

TEST_F(ServerTakebackRules, SpectatorsAndFinishedGamesAreRefused) {
    HttpResult r;
    const HttpResult local = post(port(), "/api/games", {{"variant", "chess"}, {"mode", "local"}});
    const std::string id = local.json()["id"], token = local.json()["token"];
    r = take_back(id, "not-a-token");
    EXPECT_EQ(r.status, 403) << r;
    for (const char* m : {"f2f3", "e7e5", "g2g4", "d8h4"})
        ASSERT_EQ(
            post(port(), "/api/games/" + id + "/move", {{"token", token}, {"move", m}}).status,
            200);
    r = take_back(id, token);
    EXPECT_EQ(r.status, 409) << r;
    EXPECT_NE(r.body.find("over"), std::string::npos) << r;
    r = post(port(), "/api/games/" + id + "/takeback", {{"token", token}, {"plies", 2}});
    EXPECT_EQ(r.status, 400) << r;
}

// Over the game's WebSocket too; the viewers get the game as it is now.
TEST_F(ServerTakebackRules, OverTheWebSocketTheViewersGetTheShorterGame) {
    const HttpResult c = post(port(), "/api/games", {{"variant", "chess4d"}, {"mode", "local"}});
    const std::string id = c.json()["id"], token = c.json()["token"];
    WsClient player, watcher;
    ASSERT_TRUE(player.connect(port(), ws_target(id, token))) << player.last_error();
    ASSERT_TRUE(watcher.connect(port(), ws_target(id, ""))) << watcher.last_error();
    ASSERT_TRUE(watcher.wait_state(0));
    const Json legal = get(port(), "/api/moves?variant=chess4d").json()["legal_moves"];
    ASSERT_TRUE(player.send(Json{{"type", "move"}, {"move", legal[0]["lan"]}}));
    ASSERT_TRUE(watcher.wait_state(1));
    ASSERT_TRUE(player.send(Json{{"type", "takeback"}}));
    const auto ack =
        player.wait_for([](const Json& m) { return m["type"] == "ack" && m["of"] != "move"; });
    ASSERT_TRUE(ack) << player.last_error();
    EXPECT_EQ((*ack)["of"], "takeback");
    const auto back = watcher.wait_view([](const Json& v) { return v["moves"].empty(); });
    ASSERT_TRUE(back) << watcher.last_error();
    EXPECT_EQ(watcher.gaps(), 0);
}

}  // namespace
}  // namespace chimera
