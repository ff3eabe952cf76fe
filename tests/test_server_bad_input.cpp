// Bad input against the running server, over real sockets: malformed JSON,
// wrong field types, unknown and missing fields, out-of-range values, bodies
// and headers over the limits, malformed HTTP, illegal and out-of-turn moves,
// wrong tokens, unknown games, actions after the end, and garbage or oversized
// WebSocket frames. After each abuse the server must still answer correctly.
#include "server_client.h"

namespace chimera {
namespace {

using namespace chimera::testing;

class ServerBadInput : public ServerFixture {
  protected:
    void TearDown() override {
        EXPECT_TRUE(healthy()) << "the server stopped answering";
        EXPECT_TRUE(server_.stop());
    }
    bool healthy() {
        const HttpResult h = get(port(), "/api/health");
        return h.status == 200 && h.json().value("ok", false);
    }

    // Expects a JSON error {"error": {"status": S, "message": "..."}} with status S.
    static void expect_error(const HttpResult& r, int status,
                             const std::string& message_part = "") {
        EXPECT_EQ(r.status, status) << r;
        const Json j = r.json();
        ASSERT_TRUE(j.is_object() && j.contains("error")) << r;
        EXPECT_EQ(j["error"]["status"], status) << r;
        EXPECT_FALSE(j["error"].value("message", "").empty()) << r;
        if (!message_part.empty()) {
            EXPECT_NE(j["error"].value("message", "").find(message_part), std::string::npos) << r;
        }
    }
};

TEST_F(ServerBadInput, MalformedJsonBodies) {
    for (const std::string body :
         {"", "{", "{\"variant\": \"chess\", \"mode\": \"local\"", "nul", "\"chess\"", "[]", "42",
          "{\"variant\": \"chess\", \"mode\": \"local\"} trailing", "\xff\xfe{}"}) {
        SCOPED_TRACE(body);
        expect_error(http_request(port(), "POST", "/api/games", body), 400);
    }
    const Created g = create_game(port(), {{"variant", "chess"}, {"mode", "local"}});
    ASSERT_EQ(g.raw.status, 201);
    for (const std::string action : {"move", "resign", "draw", "join"})
        expect_error(
            http_request(port(), "POST", "/api/games/" + g.id + "/" + action, "{\"token\": "), 400);
    expect_error(http_request(port(), "POST", "/api/import", "record"), 400);
    EXPECT_EQ(get(port(), "/api/health").json()["games"], 1)
        << "a malformed request created a game";
}

TEST_F(ServerBadInput, WrongFieldTypes) {
    const std::vector<Json> bodies{
        {{"variant", 5}, {"mode", "local"}},
        {{"variant", "chess"}, {"mode", true}},
        {{"variant", "chess"}, {"mode", "computer"}, {"level", "4"}},
        {{"variant", "chess"}, {"mode", "computer"}, {"level", 4.5}},
        {{"variant", "chess"}, {"mode", "local"}, {"base_minutes", "5"}},
        {{"variant", "chess"}, {"mode", "local"}, {"increment_seconds", nullptr}},
        {{"variant", "chess"}, {"mode", "local"}, {"moves", "e2e4"}},
        {{"variant", "chess"}, {"mode", "local"}, {"moves", {1, 2}}},
        {{"variant", "chess"}, {"mode", "online"}, {"side", Json::array()}},
        {{"variant", "chess"}, {"mode", "local"}, {"fen", Json::object()}},
        {{"variant", "wataku"}, {"mode", "local"}, {"formation", "2"}},
        {{"variant", nullptr}, {"mode", "local"}},
    };
    for (const Json& b : bodies) {
        SCOPED_TRACE(b.dump());
        expect_error(post(port(), "/api/games", b), 400, "must be");
    }
    const Created g = create_game(port(), {{"variant", "chess"}, {"mode", "local"}});
    expect_error(post(port(), "/api/games/" + g.id + "/move", {{"token", g.token}, {"move", 42}}),
                 400, "must be");
    expect_error(post(port(), "/api/games/" + g.id + "/move", {{"token", 1}, {"move", "e2e4"}}),
                 400, "must be");
    expect_error(
        post(port(), "/api/games/" + g.id + "/draw", {{"token", g.token}, {"action", true}}), 400,
        "must be");
    expect_error(post(port(), "/api/games/" + g.id + "/join", {{"invite", 7}}), 400, "must be");
    expect_error(post(port(), "/api/import", {{"record", {"1. e4"}}}), 400, "must be");
    EXPECT_TRUE(game_state(port(), g.id)["moves"].empty());
}

TEST_F(ServerBadInput, UnknownAndMissingFields) {
    expect_error(
        post(port(), "/api/games", {{"variant", "chess"}, {"mode", "local"}, {"colour", "white"}}),
        400, "colour");
    expect_error(post(port(), "/api/games", {{"mode", "local"}}), 400, "variant");
    expect_error(post(port(), "/api/games", {{"variant", "chess"}}), 400, "mode");
    expect_error(post(port(), "/api/games", Json::object()), 400);
    const Created g = create_game(port(), {{"variant", "chess"}, {"mode", "local"}});
    expect_error(post(port(), "/api/games/" + g.id + "/move", {{"token", g.token}}), 400, "move");
    expect_error(post(port(), "/api/games/" + g.id + "/move", {{"move", "e2e4"}}), 400, "token");
    expect_error(post(port(), "/api/games/" + g.id + "/move",
                      {{"token", g.token}, {"move", "e2e4"}, {"promote", "q"}}),
                 400, "promote");
    expect_error(post(port(), "/api/games/" + g.id + "/draw", {{"token", g.token}}), 400, "action");
    expect_error(post(port(), "/api/games/" + g.id + "/resign", Json::object()), 400, "token");
    expect_error(post(port(), "/api/games/" + g.id + "/join", Json::object()), 400, "invite");
    expect_error(post(port(), "/api/import", {{"mode", "local"}}), 400, "record");
    expect_error(post(port(), "/api/import", {{"record", "1. e4 *"}, {"variant", "chess"}}), 400,
                 "variant");
    EXPECT_TRUE(game_state(port(), g.id)["moves"].empty());
    EXPECT_EQ(game_state(port(), g.id)["result"], "*");
}

TEST_F(ServerBadInput, OutOfRangeValues) {
    const std::vector<Json> bodies{
        {{"variant", "go"}, {"mode", "local"}},
        {{"variant", "chess"}, {"mode", "solo"}},
        {{"variant", "chess"}, {"mode", "computer"}, {"level", 0}},
        {{"variant", "chess"}, {"mode", "computer"}, {"level", 9}},
        {{"variant", "chess"}, {"mode", "computer"}, {"level", -4}},
        {{"variant", "chess"}, {"mode", "computer"}, {"level", 4294967300LL}},
        {{"variant", "chess"}, {"mode", "online"}, {"side", "green"}},
        {{"variant", "chess"}, {"mode", "local"}, {"base_minutes", -1}},
        {{"variant", "chess"}, {"mode", "local"}, {"base_minutes", 181}},
        {{"variant", "chess"}, {"mode", "local"}, {"base_minutes", 5}, {"increment_seconds", 181}},
        {{"variant", "chess"}, {"mode", "local"}, {"increment_seconds", 5}},
        {{"variant", "chess"}, {"mode", "local"}, {"base_minutes", 18446744073709551615ULL}},
        {{"variant", "wataku"}, {"mode", "local"}, {"formation", 5}},
        {{"variant", "wataku"}, {"mode", "local"}, {"formation", -1}},
        {{"variant", "chess"}, {"mode", "local"}, {"fen", "not a fen"}},
        {{"variant", "chess"}, {"mode", "local"}, {"moves", {"e2e4", "e2e4"}}},
        {{"variant", "chess"},
         {"mode", "local"},
         {"moves", {"f2f3", "e7e5", "g2g4", "d8h4", "a2a3"}}},
    };
    for (const Json& b : bodies) {
        SCOPED_TRACE(b.dump());
        expect_error(post(port(), "/api/games", b), 400);
    }
    EXPECT_EQ(get(port(), "/api/health").json()["games"], 0) << "an invalid request created a game";
}

// Integers beyond the range of the field must not wrap around into a valid value,
// and each part of a time control must be in range on its own.
TEST_F(ServerBadInput, OutOfRangeValuesDoNotWrapOrCancelOut) {
    const std::vector<Json> bodies{
        {{"variant", "wataku"},
         {"mode", "local"},
         {"formation", 4294967297LL}},  // 2^32 + 1, as int: 1
        {{"variant", "wataku"}, {"mode", "local"}, {"formation", -4294967294LL}},  // as int: 2
        {{"variant", "chess"}, {"mode", "local"}, {"base_minutes", -1}, {"base_seconds", 120}},
        {{"variant", "chess"}, {"mode", "local"}, {"base_minutes", 2}, {"base_seconds", -60}},
    };
    for (const Json& b : bodies) {
        SCOPED_TRACE(b.dump());
        const HttpResult r = post(port(), "/api/games", b);
        EXPECT_EQ(r.status, 400) << r;
        if (r.status == 201) {
            const Json s = game_state(port(), r.json()["id"]);
            ADD_FAILURE() << "accepted as formation " << s["formation"] << ", clock "
                          << s["clock"].dump();
        }
    }
}

TEST_F(ServerBadInput, BodiesAndHeadersOverTheLimits) {
    const std::string big(70 * 1024, 'x');
    expect_error(http_request(port(), "POST", "/api/games",
                              Json{{"variant", "chess"}, {"mode", "local"}, {"fen", big}}.dump()),
                 413);
    expect_error(http_request(port(), "POST", "/api/import",
                              Json{{"record", std::string(1 << 20, ' ')}}.dump()),
                 413);
    EXPECT_TRUE(healthy());

    // Chunked, without a Content-Length up front.
    std::string chunked =
        "POST /api/games HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
        "Transfer-Encoding: chunked\r\n\r\n";
    for (int i = 0; i < 20; ++i) chunked += "1000\r\n" + std::string(0x1000, ' ') + "\r\n";
    chunked += "0\r\n\r\n";
    EXPECT_EQ(raw_status(raw_exchange(port(), chunked)), 413);

    const std::string header =
        "GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Big: " + std::string(20000, 'h') +
        "\r\n\r\n";
    EXPECT_EQ(raw_status(raw_exchange(port(), header)), 413);

    // Just under the limit is accepted as a request (and rejected for its content only).
    const std::string under =
        Json{{"variant", "chess"}, {"mode", "local"}, {"fen", std::string(60 * 1024, 'x')}}.dump();
    expect_error(http_request(port(), "POST", "/api/games", under), 400, "fen");
    EXPECT_EQ(get(port(), "/api/health").json()["games"], 0);
}

TEST_F(ServerBadInput, MalformedHttpUnknownEndpointsAndMethods) {
    EXPECT_EQ(raw_status(raw_exchange(port(), "HELLO THERE\r\n\r\n")), 400);
    EXPECT_EQ(
        raw_status(raw_exchange(port(), "GET /api/health HTTP/1.1\r\nHost localhost\r\n\r\n")),
        400);
    EXPECT_EQ(raw_status(raw_exchange(
                  port(), "POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n")),
              400);
    // A request cut off mid-body gets no answer and does not hang the server.
    raw_exchange(port(), "POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{\"va",
                 300ms);

    expect_error(get(port(), "/api/nothing"), 404);
    expect_error(get(port(), "/api"), 404);
    expect_error(get(port(), "/api/games/abc/def/ghi"), 404);
    expect_error(http_request(port(), "DELETE", "/api/games"), 405);
    expect_error(http_request(port(), "POST", "/api/health", "{}"), 405);
    expect_error(http_request(port(), "PUT", "/api/variants", "{}"), 405);
    expect_error(http_request(port(), "GET", "/api/import"), 405);
    const Created g = create_game(port(), {{"variant", "chess"}, {"mode", "local"}});
    expect_error(get(port(), "/api/games/" + g.id + "/move"), 405);
    expect_error(http_request(port(), "POST", "/api/games/" + g.id, "{}"), 405);
    expect_error(http_request(port(), "POST", "/api/games/" + g.id + "/record", "{}"), 405);
    expect_error(post(port(), "/api/games/" + g.id + "/teleport", {{"token", g.token}}), 404);
    // A WebSocket upgrade anywhere but a game's /ws.
    const std::string upgrade =
        "GET /api/health HTTP/1.1\r\nHost: localhost\r\nUpgrade: websocket\r\nConnection: "
        "Upgrade\r\n"
        "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n";
    EXPECT_EQ(raw_status(raw_exchange(port(), upgrade)), 404);
}

TEST_F(ServerBadInput, UnknownGames) {
    const std::string id = "000000000000";
    expect_error(get(port(), "/api/games/" + id), 404);
    expect_error(get(port(), "/api/games/" + id + "/record"), 404);
    expect_error(post(port(), "/api/games/" + id + "/move", {{"token", "t"}, {"move", "e2e4"}}),
                 404);
    expect_error(post(port(), "/api/games/" + id + "/resign", {{"token", "t"}}), 404);
    expect_error(post(port(), "/api/games/" + id + "/draw", {{"token", "t"}, {"action", "offer"}}),
                 404);
    expect_error(post(port(), "/api/games/" + id + "/join", {{"invite", "i"}}), 404);
    expect_error(get(port(), "/api/games/" + std::string(65, 'a')), 404);
    expect_error(get(port(), "/api/games/%2e%2e"), 404);

    WsClient ws;
    ASSERT_TRUE(ws.connect(port(), ws_target(id, ""))) << ws.last_error();
    auto e = ws.next();
    ASSERT_TRUE(e) << ws.last_error();
    EXPECT_EQ((*e)["type"], "error");
    EXPECT_EQ((*e)["status"], 404);
    EXPECT_FALSE(ws.next(5s)) << "the connection to an unknown game stays open";
    EXPECT_NE(ws.last_error(), "timed out")
        << "the server did not close the connection to an unknown game";
}

TEST_F(ServerBadInput, WrongTokens) {
    const Created a =
        create_game(port(), {{"variant", "chess"}, {"mode", "online"}, {"side", "white"}});
    const Created b = create_game(port(), {{"variant", "chess"}, {"mode", "local"}});
    const Created c = create_game(
        port(), {{"variant", "chess"}, {"mode", "computer"}, {"side", "white"}, {"level", 1}});
    const std::string base = "/api/games/" + a.id;
    for (const std::string& token : {std::string(), std::string("nope"), b.token, c.token, a.invite,
                                     a.id, a.token.substr(0, a.token.size() - 1), a.token + "0"}) {
        SCOPED_TRACE(token);
        expect_error(post(port(), base + "/move", {{"token", token}, {"move", "e2e4"}}), 403);
        expect_error(post(port(), base + "/resign", {{"token", token}}), 403);
        expect_error(post(port(), base + "/draw", {{"token", token}, {"action", "offer"}}), 403);
    }
    // Each player's token holds only that player's seat.
    const HttpResult j = post(port(), base + "/join", {{"invite", a.invite}});
    ASSERT_EQ(j.status, 200) << j;
    const std::string black = j.json()["token"];
    expect_error(http_move(port(), a.id, black, "e2e4"), 409, "turn");
    ASSERT_EQ(http_move(port(), a.id, a.token, "e2e4").status, 200);
    expect_error(http_move(port(), a.id, a.token, "e7e5"), 409, "turn");
    const Json s = game_state(port(), a.id);
    EXPECT_EQ(s["moves"].size(), 1u);
    EXPECT_EQ(s["result"], "*");
    // A wrong token reading the state only gets the spectator's view.
    const Json spy = game_state(port(), a.id, "nope");
    EXPECT_TRUE(spy["you"].is_null());
    EXPECT_FALSE(spy.contains("invite"));
}

TEST_F(ServerBadInput, IllegalAndOutOfTurnMoves) {
    const Created g =
        create_game(port(), {{"variant", "chess"}, {"mode", "online"}, {"side", "white"}});
    const std::string black =
        post(port(), "/api/games/" + g.id + "/join", {{"invite", g.invite}}).json()["token"];
    for (const std::string& m :
         std::vector<std::string>{"e2e5", "e7e5", "zz", "", "e2", "e2e4e6", "Ke2", "O-O", "a1a1",
                                  std::string(300, 'e')}) {
        SCOPED_TRACE(m);
        expect_error(http_move(port(), g.id, g.token, m), 400);
    }
    expect_error(http_move(port(), g.id, black, "e7e5"), 409, "turn");
    ASSERT_EQ(http_move(port(), g.id, g.token, "e2e4").status, 200);
    expect_error(http_move(port(), g.id, g.token, "d2d4"), 409, "turn");
    expect_error(http_move(port(), g.id, black, "e7e4"), 400);
    const Json s = game_state(port(), g.id);
    EXPECT_EQ(lans_of(s), (std::vector<std::string>{"e2e4"}));
    EXPECT_EQ(s["turn"], "black");

    // Each variant rejects a move that is not among its legal moves.
    for (const std::string variant : {"wreckage", "wataku", "chess4d"}) {
        const Created v = create_game(port(), {{"variant", variant}, {"mode", "local"}});
        const Json vs = game_state(port(), v.id);
        expect_error(http_move(port(), v.id, v.token, "z9z9"), 400);
        EXPECT_EQ(game_state(port(), v.id)["fen"], vs["fen"]) << variant;
    }
}

TEST_F(ServerBadInput, ActionsAfterTheEnd) {
    const Created g = create_game(port(), {{"variant", "chess"}, {"mode", "local"}});
    for (const char* m : {"f2f3", "e7e5", "g2g4", "d8h4"})
        ASSERT_EQ(http_move(port(), g.id, g.token, m).status, 200);
    const Json s = game_state(port(), g.id, g.token);
    ASSERT_EQ(s["result"], "0-1");
    EXPECT_EQ(s["termination"], "checkmate");
    EXPECT_TRUE(s["legal"].empty());
    expect_error(http_move(port(), g.id, g.token, "a2a3"), 409);
    expect_error(post(port(), "/api/games/" + g.id + "/resign", {{"token", g.token}}), 409);
    expect_error(
        post(port(), "/api/games/" + g.id + "/draw", {{"token", g.token}, {"action", "offer"}}),
        409);
    WsClient ws;
    ASSERT_TRUE(ws.connect(port(), ws_target(g.id, g.token)));
    ASSERT_TRUE(ws.next());
    for (const Json& m : {Json{{"type", "move"}, {"move", "a2a3"}}, Json{{"type", "resign"}},
                          Json{{"type", "draw"}, {"action", "offer"}}}) {
        ASSERT_TRUE(ws.send(m));
        auto e = ws.next();
        ASSERT_TRUE(e) << ws.last_error();
        EXPECT_EQ((*e)["type"], "error") << m.dump();
        EXPECT_EQ((*e)["status"], 409) << m.dump();
    }
    const Json after = game_state(port(), g.id);
    EXPECT_EQ(after["moves"].size(), 4u);
    EXPECT_EQ(after["result"], "0-1");
    EXPECT_EQ(after["termination"], "checkmate");
}

TEST_F(ServerBadInput, GarbageWebSocketMessages) {
    const Created g = create_game(port(), {{"variant", "chess"}, {"mode", "local"}});
    WsClient ws;
    ASSERT_TRUE(ws.connect(port(), ws_target(g.id, g.token)));
    ASSERT_TRUE(ws.next());
    const std::vector<std::pair<std::string, bool>> garbage{
        {"hello", false},
        {"{", false},
        {"[]", false},
        {"{\"move\": \"e2e4\"}", false},
        {"{\"type\": 7}", false},
        {"{\"type\": \"fly\"}", false},
        {"{\"type\": \"move\"}", false},
        {"{\"type\": \"move\", \"move\": 12}", false},
        {"{\"type\": \"move\", \"move\": \"" + std::string(1000, 'e') + "\"}", false},
        {"{\"type\": \"draw\"}", false},
        {"{\"type\": \"draw\", \"action\": \"maybe\"}", false},
        {"{\"type\": \"move\", \"move\": \"e2e5\"}", false},
        {std::string("\x00\x01\x02\xff\xfe", 5), true},
        {"{\"type\": \"ping\"}", true},  // binary, but JSON: still answered
    };
    for (const auto& [text, binary] : garbage) {
        SCOPED_TRACE(text.substr(0, 60));
        ASSERT_TRUE(ws.send(text, binary)) << ws.last_error();
        auto r = ws.next();
        ASSERT_TRUE(r) << ws.last_error();
        if (text == "{\"type\": \"ping\"}") {
            EXPECT_EQ((*r)["type"], "ack");
        } else {
            EXPECT_EQ((*r)["type"], "error");
            EXPECT_EQ((*r)["status"], 400);
            EXPECT_FALSE(r->value("message", "").empty());
        }
    }
    // The connection still works.
    ASSERT_TRUE(ws.send(Json{{"type", "move"}, {"move", "e2e4"}}));
    ASSERT_TRUE(ws.wait_state(1)) << ws.last_error();
    EXPECT_EQ(lans_of(game_state(port(), g.id)), (std::vector<std::string>{"e2e4"}));
}

TEST_F(ServerBadInput, OversizedAndBrokenWebSocketFrames) {
    const Created g = create_game(port(), {{"variant", "chess"}, {"mode", "local"}});
    {
        WsClient ws;
        ASSERT_TRUE(ws.connect(port(), ws_target(g.id, g.token)));
        ASSERT_TRUE(ws.next());
        // The server may close the connection while the frame is still being written.
        const bool sent =
            ws.send(Json{{"type", "move"}, {"move", std::string(40 * 1024, 'e')}}.dump());
        const auto r = sent ? ws.next(5s) : std::nullopt;
        EXPECT_FALSE(r) << "an oversized frame was answered: " << r->dump().substr(0, 200);
        if (sent) {
            EXPECT_NE(ws.last_error(), "timed out")
                << "the server kept a connection that sent an oversized frame";
        }
    }
    {
        WsClient ws;
        ASSERT_TRUE(ws.connect(port(), ws_target(g.id, g.token)));
        ASSERT_TRUE(ws.next());
        // Bytes that are not a WebSocket frame (unmasked, reserved bits, bad opcode).
        ASSERT_TRUE(ws.send_raw_tcp(std::string("\x7f\xff garbage garbage garbage", 25)));
        const auto r = ws.next(5s);
        EXPECT_FALSE(r);
        EXPECT_NE(ws.last_error(), "timed out")
            << "the server kept a connection that broke the protocol";
    }
    {
        // A flood is throttled with 429 errors, not served without limit.
        WsClient ws;
        ASSERT_TRUE(ws.connect(port(), ws_target(g.id, g.token)));
        ASSERT_TRUE(ws.next());
        int throttled = 0;
        for (int i = 0; i < 150; ++i) ASSERT_TRUE(ws.send(Json{{"type", "ping"}}));
        for (int i = 0; i < 150; ++i) {
            auto r = ws.next();
            if (!r) break;
            throttled += (*r)["type"] == "error" && (*r)["status"] == 429;
        }
        EXPECT_GT(throttled, 0);
    }
    WsClient fresh;
    ASSERT_TRUE(fresh.connect(port(), ws_target(g.id, g.token))) << fresh.last_error();
    ASSERT_TRUE(fresh.next());
    ASSERT_TRUE(fresh.send(Json{{"type", "move"}, {"move", "d2d4"}}));
    EXPECT_TRUE(fresh.wait_state(1)) << fresh.last_error();
}

}  // namespace
}  // namespace chimera
