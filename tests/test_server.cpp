// API tests of `chimera serve` over real HTTP and WebSocket connections: the
// binary is started by each test on a free port with its own database.
// Creating games in every variant and mode, invitations, moves over HTTP and
// WebSocket, the computer's replies, spectators, reconnection, resignation,
// draws, records and the game list.
#include <algorithm>
#include <set>

#include "server_client.h"
#include "variants/registry.h"

namespace chimera {
namespace {

using namespace chimera::testing;

class ServerTest : public ServerFixture {
  protected:
    // An online game with both seats taken: {id, white token, black token}.
    struct Pair {
        std::string id, white, black;
    };
    Pair online_pair(const std::string& variant = "chess") {
        Created c =
            create_game(port(), {{"variant", variant}, {"mode", "online"}, {"side", "white"}});
        EXPECT_EQ(c.raw.status, 201) << c.raw;
        const HttpResult j = post(port(), "/api/games/" + c.id + "/join", {{"invite", c.invite}});
        EXPECT_EQ(j.status, 200) << j;
        return Pair{c.id, c.token, j.json().value("token", "")};
    }
};

TEST_F(ServerTest, HealthAndVariants) {
    const HttpResult h = get(port(), "/api/health");
    ASSERT_EQ(h.status, 200) << h;
    EXPECT_EQ(h.content_type, "application/json");
    EXPECT_EQ(h.json()["ok"], true);
    EXPECT_EQ(h.json()["games"], 0);

    const HttpResult v = get(port(), "/api/variants");
    ASSERT_EQ(v.status, 200) << v;
    std::set<std::string> ids;
    const Json list = v.json();
    for (const auto& x : list["variants"]) {
        ids.insert(x.value("id", ""));
        EXPECT_FALSE(x.value("name", "").empty());
        EXPECT_FALSE(x.value("description", "").empty());
    }
    // Every variant of the registry, none other.
    std::set<std::string> registered;
    for (const VariantInfo* info : kVariantInfos) registered.insert(std::string(info->id));
    EXPECT_EQ(ids, registered);
    EXPECT_TRUE(ids.count("chess")) << "the calibration variant is served";
    // Each variant's own marks, as its descriptor has them: one the client
    // knows how to draw, with what it means there.
    const std::set<std::string> drawn = {"castling", "promotion", "drop",    "detonation",
                                         "traverse", "group",     "dormant", "axes"};
    for (const auto& x : list["variants"]) {
        const VariantInfo* info = nullptr;
        for (const VariantInfo* i : kVariantInfos)
            if (i->id == x.value("id", "")) info = i;
        ASSERT_TRUE(info);
        ASSERT_TRUE(x["marks"].is_array()) << x.dump();
        ASSERT_EQ(x["marks"].size(), info->marks.size());
        for (std::size_t k = 0; k < info->marks.size(); ++k) {
            EXPECT_EQ(x["marks"][k]["mark"], std::string(info->marks[k].mark));
            EXPECT_TRUE(drawn.count(std::string(info->marks[k].mark))) << info->marks[k].mark;
            EXPECT_GT(info->marks[k].meaning.size(), 20u) << info->marks[k].mark;
        }
    }

    create_game(port(), {{"variant", "chess"}, {"mode", "local"}});
    EXPECT_EQ(get(port(), "/api/health").json()["games"], 1);
}

TEST_F(ServerTest, CreatesEveryVariantInEveryMode) {
    const Json variants = get(port(), "/api/variants").json()["variants"];
    ASSERT_EQ(variants.size(), kVariantInfos.size());
    std::set<std::string> ids;
    for (const auto& v : variants) {
        const std::string variant = v["id"];
        SCOPED_TRACE(variant);
        struct Case {
            Json body;
            std::string side, white_seat, black_seat;
        };
        const std::vector<Case> cases{
            {{{"mode", "local"}}, "both", "you", "you"},
            {{{"mode", "online"}, {"side", "white"}}, "white", "you", "open"},
            {{{"mode", "online"}, {"side", "black"}}, "black", "open", "you"},
            {{{"mode", "computer"}, {"side", "white"}, {"level", 1}}, "white", "you", "computer"},
            {{{"mode", "computer"}, {"side", "black"}, {"level", 1}}, "black", "computer", "you"},
        };
        for (const Case& c : cases) {
            Json body = c.body;
            body["variant"] = variant;
            SCOPED_TRACE(body.dump());
            const Created g = create_game(port(), body);
            ASSERT_EQ(g.raw.status, 201) << g.raw;
            EXPECT_TRUE(ids.insert(g.id).second) << "duplicate id " << g.id;
            EXPECT_GE(g.token.size(), 16u);
            EXPECT_EQ(g.side, c.side);
            EXPECT_EQ(!g.invite.empty(), body["mode"] == "online");
            const Json s = game_state(port(), g.id, g.token);
            EXPECT_EQ(s["type"], "state");
            EXPECT_EQ(s["id"], g.id);
            EXPECT_EQ(s["variant"], variant);
            EXPECT_EQ(s["mode"], body["mode"]);
            EXPECT_EQ(s["you"], c.side);
            EXPECT_EQ(s["seats"]["white"], c.white_seat);
            EXPECT_EQ(s["seats"]["black"], c.black_seat);
            EXPECT_EQ(s["result"], "*");
            EXPECT_TRUE(s["clock"].is_null());
            EXPECT_EQ(s.contains("invite"), body["mode"] == "online");
            const Json& b = s["board"];
            const int cells = b["dims"][0].get<int>() * b["dims"][1].get<int>() *
                              b["dims"][2].get<int>() * b["dims"][3].get<int>();
            EXPECT_EQ(b["squares"].size(), static_cast<std::size_t>(cells));
            EXPECT_EQ(b["pieces"].get<std::string>().size(), static_cast<std::size_t>(cells));
            if (s["moves"].empty()) {
                EXPECT_EQ(s["turn"], "white");
                EXPECT_EQ(s["fen"], s["start_fen"]);
                EXPECT_FALSE(s["legal"].empty());
            }
            if (variant == "wataku") {
                EXPECT_GE(s["formation"].get<int>(), 1);
                EXPECT_LE(s["formation"].get<int>(), 4);
            }
            // The start position of a variant is the same for every mode (Wataku: per formation).
            if (variant != "wataku") {
                const Json local = game_state(
                    port(), create_game(port(), {{"variant", variant}, {"mode", "local"}}).id);
                EXPECT_EQ(s["start_fen"], local["start_fen"]);
            }
        }
    }
    for (int f = 1; f <= 4; ++f) {
        const Created g =
            create_game(port(), {{"variant", "wataku"}, {"mode", "local"}, {"formation", f}});
        ASSERT_EQ(g.raw.status, 201) << g.raw;
        EXPECT_EQ(game_state(port(), g.id)["formation"], f);
    }
}

TEST_F(ServerTest, RandomSideGivesBothColours) {
    std::set<std::string> sides;
    for (int i = 0; i < 24 && sides.size() < 2; ++i) {
        const Json body{
            {"variant", "chess"}, {"mode", "computer"}, {"side", "random"}, {"level", 1}};
        Created g = create_game(port(), body);
        // Games where the computer has White wait for its first move, and at
        // most 4 may wait per address (429): on a slow (sanitized) server
        // the replies come later, so the next game waits for them.
        for (int wait = 0; wait < 200 && g.raw.status == 429; ++wait) {
            std::this_thread::sleep_for(50ms);
            g = create_game(port(), body);
        }
        ASSERT_EQ(g.raw.status, 201) << g.raw;
        ASSERT_TRUE(g.side == "white" || g.side == "black") << g.side;
        const Json s = game_state(port(), g.id, g.token);
        EXPECT_EQ(s["you"], g.side);
        EXPECT_EQ(s["seats"][g.side == "white" ? "black" : "white"], "computer");
        sides.insert(g.side);
    }
    EXPECT_EQ(sides.size(), 2u) << "24 random sides were all " << *sides.begin();
}

TEST_F(ServerTest, OnlineInvitationAndJoin) {
    const Created c =
        create_game(port(), {{"variant", "chess"}, {"mode", "online"}, {"side", "black"}});
    ASSERT_EQ(c.raw.status, 201) << c.raw;
    ASSERT_EQ(c.side, "black");
    ASSERT_FALSE(c.invite.empty());
    EXPECT_EQ(game_state(port(), c.id, c.token)["invite"], c.invite);
    EXPECT_FALSE(game_state(port(), c.id).contains("invite"))
        << "a spectator must not see the invitation";

    WsClient creator;
    ASSERT_TRUE(creator.connect(port(), ws_target(c.id, c.token))) << creator.last_error();
    auto first = creator.next();
    ASSERT_TRUE(first) << creator.last_error();
    EXPECT_EQ((*first)["seats"]["white"], "open");

    EXPECT_EQ(post(port(), "/api/games/" + c.id + "/join", {{"invite", "wrong"}}).status, 403);
    const HttpResult j = post(port(), "/api/games/" + c.id + "/join", {{"invite", c.invite}});
    ASSERT_EQ(j.status, 200) << j;
    const std::string white = j.json().value("token", "");
    EXPECT_EQ(j.json()["side"], "white");
    EXPECT_EQ(j.json()["id"], c.id);
    EXPECT_NE(white, c.token);

    auto pushed = creator.wait_view([](const Json& s) { return s["seats"]["white"] == "human"; });
    ASSERT_TRUE(pushed) << "the creator was not told that the opponent joined: "
                        << creator.last_error();
    EXPECT_FALSE(pushed->contains("invite"));

    const HttpResult again = post(port(), "/api/games/" + c.id + "/join", {{"invite", c.invite}});
    EXPECT_EQ(again.status, 409) << again;
    const Json ws = game_state(port(), c.id, white);
    EXPECT_EQ(ws["you"], "white");
    EXPECT_EQ(ws["seats"]["white"], "you");
    EXPECT_EQ(ws["seats"]["black"], "human");

    // The joiner moves first (White), then the creator.
    EXPECT_EQ(http_move(port(), c.id, c.token, "e7e5").status, 409);
    EXPECT_EQ(http_move(port(), c.id, white, "e2e4").status, 200);
    EXPECT_EQ(http_move(port(), c.id, c.token, "e7e5").status, 200);
    EXPECT_EQ(lans_of(game_state(port(), c.id)), (std::vector<std::string>{"e2e4", "e7e5"}));

    // Only online games can be joined.
    const Created comp =
        create_game(port(), {{"variant", "chess"}, {"mode", "computer"}, {"level", 1}});
    EXPECT_EQ(post(port(), "/api/games/" + comp.id + "/join", {{"invite", ""}}).status, 409);
}

TEST_F(ServerTest, MovesOverHttp) {
    const Created g = create_game(port(), {{"variant", "chess"}, {"mode", "local"}});
    ASSERT_EQ(g.raw.status, 201) << g.raw;
    const Json before = game_state(port(), g.id, g.token);
    const HttpResult m1 = http_move(port(), g.id, g.token, "e2e4");
    ASSERT_EQ(m1.status, 200) << m1;
    EXPECT_EQ(m1.json()["ok"], true);
    EXPECT_EQ(m1.json()["ply"], 1);
    EXPECT_EQ(m1.json()["san"], "e4");
    const HttpResult m2 = http_move(port(), g.id, g.token, "Nf6");  // SAN is accepted too
    ASSERT_EQ(m2.status, 200) << m2;
    EXPECT_EQ(m2.json()["ply"], 2);
    const Json s = game_state(port(), g.id, g.token);
    EXPECT_EQ(lans_of(s), (std::vector<std::string>{"e2e4", "g8f6"}));
    EXPECT_EQ(s["moves"][1]["san"], "Nf6");
    EXPECT_EQ(s["turn"], "white");
    EXPECT_GT(s["version"].get<long long>(), before["version"].get<long long>());
    EXPECT_EQ(s["fen"], "rnbqkb1r/pppppppp/5n2/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2");
    EXPECT_NE(std::find(legal_lans(s).begin(), legal_lans(s).end(), "e4e5"), legal_lans(s).end());
}

TEST_F(ServerTest, MovesOverWebSocketReachBothPlayers) {
    const Pair p = online_pair();
    WsClient white, black;
    ASSERT_TRUE(white.connect(port(), ws_target(p.id, p.white))) << white.last_error();
    ASSERT_TRUE(black.connect(port(), ws_target(p.id, p.black))) << black.last_error();
    auto w0 = white.next(), b0 = black.next();
    ASSERT_TRUE(w0 && b0);
    EXPECT_EQ((*w0)["you"], "white");
    EXPECT_EQ((*b0)["you"], "black");

    ASSERT_TRUE(white.send(Json{{"type", "move"}, {"move", "d2d4"}}));
    auto ack = white.wait_for([](const Json& j) { return j.value("type", "") == "ack"; });
    ASSERT_TRUE(ack) << white.last_error();
    EXPECT_EQ((*ack)["of"], "move");
    EXPECT_EQ((*ack)["ply"], 1);
    EXPECT_EQ((*ack)["san"], "d4");
    ASSERT_TRUE(white.wait_state(1)) << white.last_error();
    auto bs = black.wait_state(1);
    ASSERT_TRUE(bs) << black.last_error();
    EXPECT_EQ((*bs)["turn"], "black");
    EXPECT_EQ((*bs)["moves"][0]["lan"], "d2d4");

    // Out of turn over WebSocket: an error to that client only, nothing changes.
    ASSERT_TRUE(white.send(Json{{"type", "move"}, {"move", "e2e4"}}));
    auto err = white.next();
    ASSERT_TRUE(err) << white.last_error();
    EXPECT_EQ((*err)["type"], "error");
    EXPECT_EQ((*err)["status"], 409);

    ASSERT_TRUE(black.send(Json{{"type", "move"}, {"move", "d7d5"}}));
    ASSERT_TRUE(black.wait_state(2)) << black.last_error();
    auto ws = white.wait_state(2);
    ASSERT_TRUE(ws) << white.last_error();
    EXPECT_EQ(lans_of(*ws), (std::vector<std::string>{"d2d4", "d7d5"}));
    EXPECT_EQ(lans_of(game_state(port(), p.id)), lans_of(*ws));

    ASSERT_TRUE(white.send(Json{{"type", "ping"}}));
    auto pong = white.wait_for([](const Json& j) { return j.value("type", "") == "ack"; });
    ASSERT_TRUE(pong);
    EXPECT_EQ((*pong)["of"], "ping");
}

TEST_F(ServerTest, ComputerRepliesToEveryVariant) {
    for (const std::string variant : {"chess", "wreckage", "wataku", "chess4d"}) {
        SCOPED_TRACE(variant);
        const Created g = create_game(
            port(), {{"variant", variant}, {"mode", "computer"}, {"side", "white"}, {"level", 1}});
        ASSERT_EQ(g.raw.status, 201) << g.raw;
        WsClient ws;
        ASSERT_TRUE(ws.connect(port(), ws_target(g.id, g.token))) << ws.last_error();
        auto s0 = ws.next();
        ASSERT_TRUE(s0) << ws.last_error();
        const std::string first = legal_lans(*s0).front();
        ASSERT_TRUE(ws.send(Json{{"type", "move"}, {"move", first}}));
        auto s1 = ws.wait_state(1);
        ASSERT_TRUE(s1) << ws.last_error();
        const std::vector<std::string> replies = legal_lans(*s1);
        auto s2 = ws.wait_state(2, kComputerTimeout);
        ASSERT_TRUE(s2) << "no computer reply: " << ws.last_error();
        EXPECT_EQ((*s2)["turn"], "white");
        const std::string reply = (*s2)["moves"][1]["lan"];
        EXPECT_NE(std::find(replies.begin(), replies.end(), reply), replies.end())
            << reply << " is not legal";
        EXPECT_EQ(lans_of(game_state(port(), g.id)).size(), 2u);
    }
}

TEST_F(ServerTest, ComputerMovesFirstWhenItHasWhite) {
    const Created g = create_game(
        port(), {{"variant", "chess"}, {"mode", "computer"}, {"side", "black"}, {"level", 8}});
    ASSERT_EQ(g.raw.status, 201) << g.raw;
    // While the computer thinks, Black may not move.
    const HttpResult early = http_move(port(), g.id, g.token, "e7e5");
    const Json s = poll_state(
        port(), g.id, g.token, [](const Json& j) { return j["moves"].size() >= 1; },
        kComputerTimeout);
    ASSERT_EQ(s["moves"].size(), 1u) << "the computer did not open the game";
    if (early.status == 200) {
        ADD_FAILURE() << "Black moved before the computer (White) had moved";
    } else {
        EXPECT_EQ(early.status, 409) << early;
    }
    EXPECT_EQ(s["turn"], "black");
    EXPECT_EQ(s["you"], "black");
    const HttpResult m = http_move(port(), g.id, g.token, legal_lans(s).front());
    EXPECT_EQ(m.status, 200) << m;
    const Json s3 = poll_state(
        port(), g.id, g.token, [](const Json& j) { return j["moves"].size() >= 3; },
        kComputerTimeout);
    EXPECT_EQ(s3["moves"].size(), 3u) << "the computer did not reply";
}

TEST_F(ServerTest, SpectatorsWatchReadOnly) {
    const Pair p = online_pair();
    WsClient anon, wrong, white;
    ASSERT_TRUE(anon.connect(port(), ws_target(p.id, ""))) << anon.last_error();
    ASSERT_TRUE(wrong.connect(port(), ws_target(p.id, "0123456789abcdef0123456789abcdef")))
        << wrong.last_error();
    ASSERT_TRUE(white.connect(port(), ws_target(p.id, p.white))) << white.last_error();
    for (WsClient* c : {&anon, &wrong}) {
        auto s = c->next();
        ASSERT_TRUE(s) << c->last_error();
        EXPECT_EQ((*s)["type"], "state");
        EXPECT_TRUE((*s)["you"].is_null());
        EXPECT_EQ((*s)["seats"]["white"], "human");
        EXPECT_EQ((*s)["seats"]["black"], "human");
        EXPECT_EQ(s->dump().find(p.white), std::string::npos) << "a token leaked to a spectator";
        EXPECT_EQ(s->dump().find(p.black), std::string::npos) << "a token leaked to a spectator";
    }
    ASSERT_TRUE(white.next());
    ASSERT_EQ(http_move(port(), p.id, p.white, "c2c4").status, 200);
    ASSERT_TRUE(white.wait_state(1)) << white.last_error();
    for (WsClient* c : {&anon, &wrong}) {
        auto s = c->wait_state(1);
        ASSERT_TRUE(s) << "no push to the spectator: " << c->last_error();
        EXPECT_EQ((*s)["moves"][0]["lan"], "c2c4");
    }
    const std::vector<Json> attempts{{{"type", "move"}, {"move", "e7e5"}},
                                     {{"type", "resign"}},
                                     {{"type", "draw"}, {"action", "offer"}}};
    for (const Json& a : attempts) {
        SCOPED_TRACE(a.dump());
        for (WsClient* c : {&anon, &wrong}) {
            ASSERT_TRUE(c->send(a));
            auto e = c->next();
            ASSERT_TRUE(e) << c->last_error();
            EXPECT_EQ((*e)["type"], "error");
            EXPECT_EQ((*e)["status"], 403);
        }
    }
    EXPECT_EQ(http_move(port(), p.id, "", "e7e5").status, 403);
    const Json s = game_state(port(), p.id);
    EXPECT_EQ(s["moves"].size(), 1u);
    EXPECT_EQ(s["result"], "*");
    EXPECT_TRUE(s["draw_offer"].is_null());
    EXPECT_TRUE(white.silent_for(300ms)) << "the player saw a change caused by a spectator";
}

TEST_F(ServerTest, ReconnectResumesWithTheFullState) {
    const Pair p = online_pair();
    std::vector<std::string> played;
    {
        WsClient white;
        ASSERT_TRUE(white.connect(port(), ws_target(p.id, p.white))) << white.last_error();
        ASSERT_TRUE(white.next());
        ASSERT_TRUE(white.send(Json{{"type", "move"}, {"move", "g1f3"}}));
        ASSERT_TRUE(white.wait_state(1)) << white.last_error();
        white.drop();  // the connection is lost without a goodbye
    }
    played = {"g1f3"};
    for (const auto& [token, mv] : std::vector<std::pair<std::string, std::string>>{
             {p.black, "d7d5"}, {p.white, "d2d4"}, {p.black, "c8f5"}}) {
        ASSERT_EQ(http_move(port(), p.id, token, mv).status, 200);
        played.push_back(mv);
    }
    WsClient again;
    ASSERT_TRUE(again.connect(port(), ws_target(p.id, p.white))) << again.last_error();
    auto s = again.next();
    ASSERT_TRUE(s) << again.last_error();
    EXPECT_EQ((*s)["type"], "state");
    EXPECT_EQ(lans_of(*s), played);
    EXPECT_EQ((*s)["you"], "white");
    EXPECT_EQ((*s)["turn"], "white");
    EXPECT_EQ((*s)["fen"], game_state(port(), p.id)["fen"]);
    EXPECT_FALSE((*s)["legal"].empty());
    ASSERT_TRUE(again.send(Json{{"type", "move"}, {"move", "c2c4"}}));
    auto s5 = again.wait_state(5);
    ASSERT_TRUE(s5) << again.last_error();
    EXPECT_EQ((*s5)["moves"][4]["lan"], "c2c4");
}

TEST_F(ServerTest, Resignation) {
    const Pair p = online_pair();
    WsClient white;
    ASSERT_TRUE(white.connect(port(), ws_target(p.id, p.white)));
    ASSERT_TRUE(white.next());
    ASSERT_EQ(http_move(port(), p.id, p.white, "e2e4").status, 200);
    // Black resigns over HTTP; both players see the result.
    const HttpResult r = post(port(), "/api/games/" + p.id + "/resign", {{"token", p.black}});
    ASSERT_EQ(r.status, 200) << r;
    EXPECT_EQ(r.json()["result"], "1-0");
    auto s = white.wait_view([](const Json& j) { return j["result"] != "*"; });
    ASSERT_TRUE(s) << white.last_error();
    EXPECT_EQ((*s)["result"], "1-0");
    EXPECT_EQ((*s)["termination"], "black resigned");
    EXPECT_TRUE((*s)["legal"].empty());
    EXPECT_EQ(post(port(), "/api/games/" + p.id + "/resign", {{"token", p.white}}).status, 409);

    // Over WebSocket, White resigning a fresh game; on one device the side to move resigns.
    const Pair q = online_pair();
    WsClient qw;
    ASSERT_TRUE(qw.connect(port(), ws_target(q.id, q.white)));
    ASSERT_TRUE(qw.next());
    ASSERT_TRUE(qw.send(Json{{"type", "resign"}}));
    auto ack = qw.wait_for([](const Json& j) { return j.value("type", "") == "ack"; });
    ASSERT_TRUE(ack) << qw.last_error();
    EXPECT_EQ((*ack)["result"], "0-1");
    EXPECT_EQ(game_state(port(), q.id)["termination"], "white resigned");

    const Created local = create_game(port(), {{"variant", "chess"}, {"mode", "local"}});
    ASSERT_EQ(http_move(port(), local.id, local.token, "e2e4").status, 200);
    const HttpResult lr =
        post(port(), "/api/games/" + local.id + "/resign", {{"token", local.token}});
    EXPECT_EQ(lr.json()["result"], "1-0") << lr;  // Black was to move
}

TEST_F(ServerTest, DrawOfferDeclineAndAccept) {
    const Pair p = online_pair();
    WsClient white, black;
    ASSERT_TRUE(white.connect(port(), ws_target(p.id, p.white)));
    ASSERT_TRUE(black.connect(port(), ws_target(p.id, p.black)));
    ASSERT_TRUE(white.next() && black.next());
    const std::string draw = "/api/games/" + p.id + "/draw";

    EXPECT_EQ(post(port(), draw, {{"token", p.black}, {"action", "accept"}}).status, 409)
        << "nothing to accept";
    const HttpResult offer = post(port(), draw, {{"token", p.white}, {"action", "offer"}});
    ASSERT_EQ(offer.status, 200) << offer;
    EXPECT_EQ(offer.json()["draw_offer"], "white");
    auto seen = black.wait_view([](const Json& j) { return j["draw_offer"] == "white"; });
    ASSERT_TRUE(seen) << black.last_error();
    EXPECT_EQ(post(port(), draw, {{"token", p.white}, {"action", "accept"}}).status, 409)
        << "one's own offer";
    EXPECT_EQ(post(port(), draw, {{"token", p.black}, {"action", "maybe"}}).status, 400);

    ASSERT_TRUE(black.send(Json{{"type", "draw"}, {"action", "decline"}}));
    auto ack = black.wait_for([](const Json& j) { return j.value("type", "") == "ack"; });
    ASSERT_TRUE(ack) << black.last_error();
    EXPECT_TRUE((*ack)["draw_offer"].is_null());
    auto cleared = white.wait_view([](const Json& j) { return j["draw_offer"].is_null(); });
    ASSERT_TRUE(cleared) << white.last_error();
    EXPECT_EQ((*cleared)["result"], "*");

    // A move declines the opponent's standing offer.
    ASSERT_EQ(post(port(), draw, {{"token", p.white}, {"action", "offer"}}).status, 200);
    ASSERT_EQ(http_move(port(), p.id, p.white, "e2e4").status, 200);
    ASSERT_EQ(http_move(port(), p.id, p.black, "e7e5").status, 200);
    EXPECT_TRUE(game_state(port(), p.id)["draw_offer"].is_null());

    ASSERT_TRUE(black.send(Json{{"type", "draw"}, {"action", "offer"}}));
    ASSERT_TRUE(white.wait_view([](const Json& j) { return j["draw_offer"] == "black"; }));
    ASSERT_TRUE(white.send(Json{{"type", "draw"}, {"action", "accept"}}));
    auto done = black.wait_view([](const Json& j) { return j["result"] != "*"; });
    ASSERT_TRUE(done) << black.last_error();
    EXPECT_EQ((*done)["result"], "1/2-1/2");
    EXPECT_EQ((*done)["termination"], "draw agreed");
    EXPECT_EQ(post(port(), draw, {{"token", p.white}, {"action", "offer"}}).status, 409);

    // Two offers meet: the second offer is an acceptance.
    const Pair q = online_pair();
    ASSERT_EQ(
        post(port(), "/api/games/" + q.id + "/draw", {{"token", q.black}, {"action", "offer"}})
            .status,
        200);
    const HttpResult both =
        post(port(), "/api/games/" + q.id + "/draw", {{"token", q.white}, {"action", "offer"}});
    EXPECT_EQ(both.json()["result"], "1/2-1/2") << both;
}

TEST_F(ServerTest, LocalDrawNeedsBothSidesAndComputerRefusesDraws) {
    const Created l = create_game(port(), {{"variant", "chess"}, {"mode", "local"}});
    const std::string draw = "/api/games/" + l.id + "/draw";
    EXPECT_EQ(post(port(), draw, {{"token", l.token}, {"action", "accept"}}).status, 409);
    ASSERT_EQ(post(port(), draw, {{"token", l.token}, {"action", "offer"}}).json()["draw_offer"],
              "white");
    const HttpResult a = post(port(), draw, {{"token", l.token}, {"action", "accept"}});
    EXPECT_EQ(a.json()["result"], "1/2-1/2") << a;

    const Created c =
        create_game(port(), {{"variant", "chess"}, {"mode", "computer"}, {"level", 1}});
    const HttpResult r =
        post(port(), "/api/games/" + c.id + "/draw", {{"token", c.token}, {"action", "offer"}});
    EXPECT_EQ(r.status, 409) << r;
    EXPECT_TRUE(game_state(port(), c.id)["draw_offer"].is_null());
    WsClient ws;
    ASSERT_TRUE(ws.connect(port(), ws_target(c.id, c.token)));
    ASSERT_TRUE(ws.next());
    ASSERT_TRUE(ws.send(Json{{"type", "draw"}, {"action", "offer"}}));
    auto e = ws.wait_for([](const Json& j) { return !is_push(j); });
    ASSERT_TRUE(e) << ws.last_error();
    EXPECT_EQ((*e)["type"], "error");
    EXPECT_EQ((*e)["status"], 409);
}

TEST_F(ServerTest, RecordExportAndImportRoundTrip) {
    const Created g = create_game(port(), {{"variant", "chess"}, {"mode", "local"}});
    for (const char* m : {"e2e4", "e7e5", "g1f3", "b8c6", "f1b5"})
        ASSERT_EQ(http_move(port(), g.id, g.token, m).status, 200);
    const HttpResult rec = get(port(), "/api/games/" + g.id + "/record");
    ASSERT_EQ(rec.status, 200) << rec;
    EXPECT_NE(rec.content_type.find("pgn"), std::string::npos) << rec.content_type;
    EXPECT_NE(rec.body.find("[Variant \"chess\"]"), std::string::npos) << rec.body;
    EXPECT_NE(rec.body.find("[Result \"*\"]"), std::string::npos) << rec.body;
    EXPECT_NE(rec.body.find("1. e4 e5 2. Nf3 Nc6 3. Bb5"), std::string::npos) << rec.body;

    const HttpResult imp = post(port(), "/api/import", {{"record", rec.body}});
    ASSERT_EQ(imp.status, 201) << imp;
    const Json j = imp.json();
    EXPECT_NE(j["id"], g.id);
    EXPECT_EQ(j["side"], "both");
    const Json s = game_state(port(), j["id"], j["token"]);
    EXPECT_EQ(lans_of(s), lans_of(game_state(port(), g.id)));
    EXPECT_EQ(s["fen"], game_state(port(), g.id)["fen"]);
    EXPECT_EQ(http_move(port(), j["id"], j["token"], "a7a6").status, 200);

    // Other variants, and an import into a computer game.
    const Created w =
        create_game(port(), {{"variant", "wataku"}, {"mode", "local"}, {"formation", 3}});
    const Json ws = game_state(port(), w.id);
    ASSERT_EQ(http_move(port(), w.id, w.token, legal_lans(ws).front()).status, 200);
    const HttpResult wrec = get(port(), "/api/games/" + w.id + "/record");
    ASSERT_EQ(wrec.status, 200);
    const HttpResult wimp =
        post(port(), "/api/import",
             {{"record", wrec.body}, {"mode", "computer"}, {"side", "white"}, {"level", 1}});
    ASSERT_EQ(wimp.status, 201) << wimp << "\n" << wrec.body;
    const Json wis = game_state(port(), wimp.json()["id"], wimp.json()["token"]);
    EXPECT_EQ(wis["variant"], "wataku");
    EXPECT_EQ(wis["start_fen"], ws["start_fen"]);
    EXPECT_EQ(wis["seats"]["black"], "computer");
    EXPECT_GE(wis["moves"].size(), 1u);
    EXPECT_EQ(wis["moves"][0]["lan"], legal_lans(ws).front());

    // A finished game's record carries its result (Black, to move, resigns).
    ASSERT_EQ(post(port(), "/api/games/" + g.id + "/resign", {{"token", g.token}}).status, 200);
    const std::string done = get(port(), "/api/games/" + g.id + "/record").body;
    EXPECT_NE(done.find("[Result \"1-0\"]"), std::string::npos) << done;
    EXPECT_NE(done.find("[Termination \"black resigned\"]"), std::string::npos) << done;
    EXPECT_NE(done.find("3. Bb5 1-0"), std::string::npos) << done;
}

TEST_F(ServerTest, GameListShowsLiveAndRecentWithoutSecrets) {
    const Created a = create_game(port(), {{"variant", "chess"}, {"mode", "online"}});
    const Created b = create_game(port(), {{"variant", "wreckage"}, {"mode", "local"}});
    ASSERT_EQ(post(port(), "/api/games/" + b.id + "/resign", {{"token", b.token}}).status, 200);
    const HttpResult l = get(port(), "/api/games");
    ASSERT_EQ(l.status, 200) << l;
    const Json j = l.json();
    auto ids = [](const Json& arr) {
        std::set<std::string> out;
        for (const auto& g : arr) out.insert(g.value("id", ""));
        return out;
    };
    EXPECT_TRUE(ids(j["live"]).count(a.id));
    EXPECT_FALSE(ids(j["live"]).count(b.id));
    EXPECT_TRUE(ids(j["recent"]).count(b.id));
    for (const std::string& secret : {a.token, a.invite, b.token})
        EXPECT_EQ(l.body.find(secret), std::string::npos) << "the public list leaks " << secret;
    for (int i = 0; i < 3; ++i) create_game(port(), {{"variant", "chess"}, {"mode", "local"}});
    EXPECT_EQ(get(port(), "/api/games?limit=2").json()["live"].size(), 2u);
    EXPECT_EQ(get(port(), "/api/games?limit=0").status, 400);
    EXPECT_EQ(get(port(), "/api/games?limit=201").status, 400);
    EXPECT_EQ(get(port(), "/api/games?limit=x").status, 400);
}

}  // namespace
}  // namespace chimera
