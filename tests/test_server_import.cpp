// Importing a record to view or continue it: a game still going continues
// without a clock unless the import asks for one (the record does not say how
// much time each side had left), a chosen clock starts with the next move,
// and the continuation can be against the computer at a chosen level, as the
// side to move. And a time control with an increment but no base is refused
// with a message that says so.
#include "server_client.h"

namespace chimera {
namespace {

using namespace chimera::testing;

class ServerImport : public ServerFixture {};

// Three plies of a 5+2 game: Black to move.
const char* const kGoing = "[Variant \"chess\"]\n[TimeControl \"300+2\"]\n\n1. e4 e5 2. Nf3 *";

HttpResult import_record(unsigned short port, const std::string& record,
                         const Json& extra = Json::object()) {
    Json body = extra;
    body["record"] = record;
    return post(port, "/api/import", body);
}

TEST_F(ServerImport, AGameStillGoingContinuesWithoutAClock) {
    const HttpResult r = import_record(port(), kGoing);
    ASSERT_EQ(r.status, 201) << r;
    const std::string id = r.json()["id"], token = r.json()["token"];
    const Json s = game_state(port(), id, token);
    EXPECT_EQ(s["mode"], "local");
    EXPECT_EQ(s["you"], "both");
    EXPECT_EQ(s["moves"].size(), 3u);
    EXPECT_TRUE(s["clock"].is_null())
        << "the record's 5+2 restarted at the full base: " << s["clock"];
    // Nothing runs out while the game is viewed; it can be played on.
    std::this_thread::sleep_for(300ms);
    EXPECT_EQ(game_state(port(), id)["result"], "*");
    EXPECT_EQ(http_move(port(), id, token, "b8c6").status, 200);
}

TEST_F(ServerImport, AChosenClockStartsWithTheNextMove) {
    const HttpResult r =
        import_record(port(), kGoing, {{"base_minutes", 1}, {"increment_seconds", 2}});
    ASSERT_EQ(r.status, 201) << r;
    const std::string id = r.json()["id"], token = r.json()["token"];
    const Json c0 = game_state(port(), id)["clock"];
    ASSERT_TRUE(c0.is_object()) << c0;
    EXPECT_EQ(c0["base_ms"], 60000);
    EXPECT_EQ(c0["inc_ms"], 2000);
    EXPECT_TRUE(c0["running"].is_null()) << "the clock ran before the continuation's first move";
    std::this_thread::sleep_for(400ms);
    EXPECT_EQ(game_state(port(), id)["clock"]["black_ms"], 60000) << "Black was charged";

    ASSERT_EQ(http_move(port(), id, token, "b8c6").status, 200);
    const Json c1 = game_state(port(), id)["clock"];
    EXPECT_EQ(c1["running"], "white");
    EXPECT_EQ(c1["black_ms"], 60000) << "the untimed first move changed Black's time";
    std::this_thread::sleep_for(400ms);
    EXPECT_LT(game_state(port(), id)["clock"]["white_ms"].get<long long>(), 60000);

    // A clock that has not started yet does not start on a restart either.
    const HttpResult waiting = import_record(port(), kGoing, {{"base_minutes", 1}});
    ASSERT_EQ(waiting.status, 201) << waiting;
    ASSERT_TRUE(server_.stop());
    ASSERT_TRUE(server_.start(db()));
    const Json c2 = game_state(port(), waiting.json()["id"])["clock"];
    EXPECT_TRUE(c2["running"].is_null()) << c2;
    EXPECT_EQ(c2["black_ms"], 60000);
}

TEST_F(ServerImport, AGameContinuesAgainstTheComputerAtTheChosenLevel) {
    const HttpResult r =
        import_record(port(), kGoing, {{"mode", "computer"}, {"level", 2}, {"side", "to_move"}});
    ASSERT_EQ(r.status, 201) << r;
    EXPECT_EQ(r.json()["side"], "black");
    const std::string id = r.json()["id"], token = r.json()["token"];
    const Json s = game_state(port(), id, token);
    EXPECT_EQ(s["mode"], "computer");
    EXPECT_EQ(s["level"], 2);
    EXPECT_EQ(s["you"], "black");
    EXPECT_EQ(s["seats"]["white"], "computer");
    EXPECT_TRUE(s["clock"].is_null()) << s["clock"];
    ASSERT_EQ(http_move(port(), id, token, "b8c6").status, 200);
    const Json replied = poll_state(
        port(), id, token, [](const Json& j) { return j["moves"].size() >= 5; }, kComputerTimeout);
    EXPECT_EQ(replied["moves"].size(), 5u) << "the computer did not reply";

    // The importer may take the other side: the computer, to move, plays at once.
    const HttpResult other =
        import_record(port(), kGoing, {{"mode", "computer"}, {"level", 1}, {"side", "white"}});
    ASSERT_EQ(other.status, 201) << other;
    const Json o = poll_state(
        port(), other.json()["id"], other.json()["token"],
        [](const Json& j) { return j["moves"].size() >= 4; }, kComputerTimeout);
    EXPECT_EQ(o["moves"].size(), 4u);
    EXPECT_EQ(o["seats"]["black"], "computer");
}

TEST_F(ServerImport, AFinishedGameKeepsItsRecordedTimeControl) {
    const HttpResult r =
        import_record(port(), "[TimeControl \"300+2\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0");
    ASSERT_EQ(r.status, 201) << r;
    const Json c = game_state(port(), r.json()["id"])["clock"];
    ASSERT_TRUE(c.is_object()) << c;
    EXPECT_EQ(c["base_ms"], 300000);
    EXPECT_TRUE(c["running"].is_null());
}

TEST_F(ServerImport, AnIncrementWithoutABaseTimeIsRefusedAndSaysWhy) {
    const HttpResult created = post(
        port(), "/api/games",
        {{"variant", "chess"}, {"mode", "local"}, {"base_minutes", 0}, {"increment_seconds", 5}});
    EXPECT_EQ(created.status, 400) << created;
    EXPECT_NE(created.body.find("an increment needs a base time"), std::string::npos) << created;
    const HttpResult imported =
        import_record(port(), kGoing, {{"base_minutes", 0}, {"increment_seconds", 5}});
    EXPECT_EQ(imported.status, 400) << imported;
    EXPECT_NE(imported.body.find("an increment needs a base time"), std::string::npos) << imported;
    const HttpResult recorded =
        import_record(port(), "[TimeControl \"0+5\"]\n[Result \"1-0\"]\n\n1. e4 1-0");
    EXPECT_EQ(recorded.status, 400) << recorded;
    EXPECT_NE(recorded.body.find("an increment needs a base time"), std::string::npos) << recorded;
    // A base time with it, or neither, is a time control.
    EXPECT_EQ(post(port(), "/api/games",
                   {{"variant", "chess"},
                    {"mode", "local"},
                    {"base_seconds", 30},
                    {"increment_seconds", 5}})
                  .status,
              201);
    EXPECT_EQ(get(port(), "/api/health").json()["games"], 1)
        << "a refused time control left a game behind";
}

TEST_F(ServerImport, TheSideToMoveIsAlsoASideForANewGame) {
    const Created g = create_game(
        port(),
        {{"variant", "chess"}, {"mode", "online"}, {"side", "to_move"}, {"moves", {"e2e4"}}});
    ASSERT_EQ(g.raw.status, 201) << g.raw;
    EXPECT_EQ(g.raw.json()["side"], "black");
    const HttpResult bad =
        post(port(), "/api/games", {{"variant", "chess"}, {"mode", "online"}, {"side", "green"}});
    EXPECT_EQ(bad.status, 400) << bad;
    EXPECT_NE(bad.body.find("to_move"), std::string::npos) << bad;
}

}  // namespace
}  // namespace chimera
