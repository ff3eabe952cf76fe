// The bot API end to end (docs/api.md, "Bots"; issue 16): an account becomes
// a bot and gets a token; a small bot client — the lobby WebSocket as its
// stream of events, the game's WebSocket as the stream of its states, moves
// and resignations over HTTP with the token — plays a rated game against a
// person, with the `chimera` engine over UCI as its brain. And what a bot
// may not do: quick pairing, open challenges, taking open challenges.
#include "engine_process.h"
#include "server_client.h"

namespace chimera {
namespace {

using namespace chimera::testing;

// A brain: `chimera uci`, asked for a move at a small fixed number of nodes.
class Brain {
  public:
    Brain() : engine_({"uci"}) {
        EXPECT_TRUE(engine_.started());
        EXPECT_TRUE(engine_.send("uci") && engine_.read_until("uciok", 10000));
    }
    std::string move(const Json& view) {
        std::string position = "position fen " + view["start_fen"].get<std::string>();
        if (!view["moves"].empty()) position += " moves";
        for (const Json& m : view["moves"]) position += " " + m["lan"].get<std::string>();
        EXPECT_TRUE(
            engine_.send("setoption name UCI_Variant value " + view["variant"].get<std::string>()));
        EXPECT_TRUE(engine_.send(position));
        EXPECT_TRUE(engine_.send("go nodes 3000"));
        EXPECT_TRUE(engine_.read_until("bestmove ", 20000));
        for (auto it = engine_.lines.rbegin(); it != engine_.lines.rend(); ++it)
            if (it->rfind("bestmove ", 0) == 0) {
                const std::string rest = it->substr(9);
                return rest.substr(0, rest.find(' '));
            }
        return "";
    }

  private:
    EngineProcess engine_;
};

class ServerBot : public BackendServerFixture {
  protected:
    HttpResult call(const std::string& method, const std::string& path, const Json& body,
                    Headers headers = {}) {
        return http_request(port(), method, path, body.is_null() ? "" : body.dump(),
                            "application/json", headers);
    }
    std::string signup(const std::string& name) {
        const HttpResult r =
            call("POST", "/api/account/signup", {{"name", name}, {"password", "correct horse"}});
        EXPECT_EQ(r.status, 201) << r;
        const std::string set = r.header("Set-Cookie");
        return set.substr(0, set.find(';'));
    }
    std::unique_ptr<WsClient> lobby(const Headers& headers) {
        auto ws = std::make_unique<WsClient>();
        EXPECT_TRUE(ws->connect(port(), "/api/lobby/ws", 0, headers)) << ws->last_error();
        return ws;
    }
    static Json next_of(WsClient& ws, const std::string& type) {
        const auto m = ws.wait_for([&](const Json& j) { return j.value("type", "") == type; });
        return m ? *m : Json();
    }
    static Json chess(const std::string& type) {
        return {
            {"type", type}, {"variant", "chess"}, {"base_minutes", 5}, {"increment_seconds", 0}};
    }
    Json rating(const std::string& name) {
        const HttpResult r = get(port(), "/api/players/" + name);
        EXPECT_EQ(r.status, 200) << r;
        return r.json()["ratings"]["chess"];
    }
};
CHIMERA_ON_EACH_BACKEND(ServerBot);

TEST_P(ServerBot, ABotPlaysARatedGameThroughTheApiWithTheEngineAsItsBrain) {
    const std::string alice = signup("Alice");
    const std::string botty = signup("Botty");
    HttpResult r =
        call("POST", "/api/account/bot", {{"password", "wrong horse"}}, {{"Cookie", botty}});
    EXPECT_EQ(r.status, 401) << "the password is asked for: " << r;
    r = call("POST", "/api/account/bot", {{"password", "correct horse"}}, {{"Cookie", botty}});
    ASSERT_EQ(r.status, 200) << r;
    EXPECT_TRUE(r.json()["account"]["bot"].get<bool>());
    const std::string token = r.json()["token"];
    const Headers bearer{{"Authorization", "Bearer " + token}};
    r = call("GET", "/api/account", nullptr, bearer);
    EXPECT_EQ(r.json()["account"]["name"], "Botty") << r;

    // The bot's stream of events: the lobby, where challenges naming it arrive.
    auto events = lobby(bearer);
    const Json hello = next_of(*events, "lobby");
    EXPECT_TRUE(hello["you"]["bot"].get<bool>()) << hello;
    auto person = lobby({{"Cookie", alice}});
    Json challenge = chess("challenge");
    challenge["to"] = "Botty";
    challenge["rated"] = true;
    challenge["side"] = "white";
    ASSERT_TRUE(person->send(challenge));
    const Json asked = next_of(*events, "added");
    ASSERT_EQ(asked["challenge"]["to"], "Botty") << asked;
    EXPECT_EQ(asked["challenge"]["by"], "Alice");
    ASSERT_TRUE(events->send(Json{{"type", "accept"}, {"id", asked["challenge"]["id"]}}));
    const Json start = next_of(*events, "paired"), mine = next_of(*person, "paired");
    ASSERT_FALSE(start.is_null());
    ASSERT_FALSE(mine.is_null());
    ASSERT_EQ(start["side"], "black");
    const std::string game = start["game"];

    // The game's stream of states; each side's engine moves when it is its turn.
    WsClient stream;
    ASSERT_TRUE(stream.connect(
        port(), "/api/games/" + game + "/ws?token=" + start["token"].get<std::string>()));
    Brain bot_brain, person_brain;
    const std::size_t kPlies = 16;
    for (std::size_t ply = 0; ply < kPlies; ++ply) {
        const auto view = stream.wait_state(ply);
        ASSERT_TRUE(view) << "ply " << ply << ": " << stream.last_error();
        ASSERT_EQ((*view)["status"], "playing") << view->dump();
        const bool bots_turn = (*view)["turn"] == "black";
        const std::string move = (bots_turn ? bot_brain : person_brain).move(*view);
        ASSERT_FALSE(move.empty());
        const std::string seat = (bots_turn ? start : mine)["token"];
        r = call("POST", "/api/games/" + game + "/move", {{"token", seat}, {"move", move}},
                 bots_turn ? bearer : Headers{{"Cookie", alice}});
        ASSERT_EQ(r.status, 200) << "ply " << ply << " " << move << ": " << r;
    }
    r = call("POST", "/api/games/" + game + "/resign", {{"token", mine["token"]}},
             {{"Cookie", alice}});
    ASSERT_EQ(r.status, 200) << r;
    const auto over =
        stream.wait_view([](const Json& v) { return v.value("status", "") == "over"; });
    ASSERT_TRUE(over);
    EXPECT_EQ((*over)["result"], "0-1");
    EXPECT_TRUE((*over)["rated"].get<bool>());

    // Both ratings moved, the bot's up; a person's account with rated games
    // cannot become a bot.
    EXPECT_GT(rating("Botty")["rating"].get<double>(), 1500);
    EXPECT_LT(rating("Alice")["rating"].get<double>(), 1500);
    r = call("POST", "/api/account/bot", {{"password", "correct horse"}}, {{"Cookie", alice}});
    EXPECT_EQ(r.status, 409) << r;
}

TEST_P(ServerBot, ABotNeverQuickPairsNorTakesOpenChallengesAndABadTokenIsRefused) {
    const std::string botty = signup("Botty");
    HttpResult r =
        call("POST", "/api/account/bot", {{"password", "correct horse"}}, {{"Cookie", botty}});
    ASSERT_EQ(r.status, 200) << r;
    const std::string first = r.json()["token"];
    // A new token ends the one before.
    r = call("POST", "/api/account/bot", {{"password", "correct horse"}}, {{"Cookie", botty}});
    ASSERT_EQ(r.status, 200) << r;
    const std::string token = r.json()["token"];
    EXPECT_NE(token, first);
    r = call("GET", "/api/account", nullptr, {{"Authorization", "Bearer " + first}});
    EXPECT_EQ(r.status, 401) << r;
    r = call("GET", "/api/account", nullptr, {{"Authorization", "Bearer nonsense"}});
    EXPECT_EQ(r.status, 401) << r;
    WsClient refused;
    EXPECT_FALSE(refused.connect(port(), "/api/lobby/ws", 0, {{"Authorization", "Bearer x"}}));

    auto bot = lobby({{"Authorization", "Bearer " + token}});
    auto person = lobby({});
    ASSERT_FALSE(next_of(*person, "lobby").is_null());
    ASSERT_TRUE(bot->send(chess("seek")));
    Json e = next_of(*bot, "error");
    EXPECT_EQ(e["status"], 403) << e;
    EXPECT_EQ(e["message"], "bots do not use quick pairing: challenge them");
    ASSERT_TRUE(bot->send(chess("challenge")));
    e = next_of(*bot, "error");
    EXPECT_EQ(e["status"], 403) << e;
    ASSERT_TRUE(person->send(chess("challenge")));
    const Json ack = next_of(*person, "ack");
    ASSERT_TRUE(bot->send(Json{{"type", "accept"}, {"id", ack["id"]}}));
    e = next_of(*bot, "error");
    EXPECT_EQ(e["status"], 403) << e;
    EXPECT_EQ(e["message"], "a bot plays only the challenges that name it") << e;
}

}  // namespace
}  // namespace chimera
