// Offers between the two players of an online game against `chimera serve`
// (docs/api.md, "Takebacks" and "Rematches"): a takeback asked by one and
// granted or declined by the other, cleared by a move; takebacks with a
// clock (no time is given back); after the game a rematch offered, declined,
// accepted — the new game with the colours swapped, each player's seat asked
// with the old game's token — and the finished game's views told of each.
#include "server_client.h"

namespace chimera {
namespace {

using namespace chimera::testing;

class ServerOffers : public ServerFixture {
  protected:
    struct Online {
        std::string id, white, black;
    };
    // An online game with both seats taken; the creator plays White.
    Online online(const Json& extra = Json::object()) {
        Json req = {{"variant", "chess"}, {"mode", "online"}, {"side", "white"}};
        req.update(extra);
        const HttpResult c = post(port(), "/api/games", req);
        EXPECT_EQ(c.status, 201) << c;
        const std::string id = c.json()["id"];
        const HttpResult j =
            post(port(), "/api/games/" + id + "/join", {{"invite", c.json()["invite"]}});
        EXPECT_EQ(j.status, 200) << j;
        return {id, c.json()["token"], j.json()["token"]};
    }
    Json state(const std::string& id, const std::string& token = "") {
        const HttpResult r =
            get(port(), "/api/games/" + id + (token.empty() ? "" : "?token=" + token));
        EXPECT_EQ(r.status, 200) << r;
        return r.json();
    }
    HttpResult move(const std::string& id, const std::string& token, const std::string& m) {
        return post(port(), "/api/games/" + id + "/move", {{"token", token}, {"move", m}});
    }
    HttpResult act(const std::string& what, const std::string& id, const std::string& token,
                   const std::string& action = "") {
        Json body = {{"token", token}};
        if (!action.empty()) body["action"] = action;
        return post(port(), "/api/games/" + id + "/" + what, body);
    }
    std::vector<std::string> lan(const Json& s) {
        std::vector<std::string> out;
        for (const Json& m : s["moves"]) out.push_back(m["lan"]);
        return out;
    }
};

TEST_F(ServerOffers, AnOnlineTakebackIsAskedAndGrantedByTheOpponent) {
    const Online g = online();
    HttpResult r = act("takeback", g.id, g.white);
    EXPECT_EQ(r.status, 409) << r;  // nothing of White's to take back yet
    ASSERT_EQ(move(g.id, g.white, "e2e4").status, 200);
    ASSERT_EQ(move(g.id, g.black, "e7e5").status, 200);
    // White asks: its move and Black's reply would go back.
    r = act("takeback", g.id, g.white);
    ASSERT_EQ(r.status, 200) << r;
    EXPECT_EQ(r.json()["takeback_offer"], "white") << r;
    EXPECT_EQ(state(g.id)["takeback_offer"], "white");
    // Only the opponent grants it; the asker cannot.
    r = act("takeback", g.id, g.white, "accept");
    EXPECT_EQ(r.status, 409) << r;
    EXPECT_NE(r.body.find("no takeback offer"), std::string::npos) << r;
    EXPECT_EQ(lan(state(g.id)).size(), 2u);
    r = act("takeback", g.id, g.black, "accept");
    ASSERT_EQ(r.status, 200) << r;
    Json s = state(g.id);
    EXPECT_TRUE(s["moves"].empty()) << s;
    EXPECT_EQ(s["turn"], "white");
    EXPECT_TRUE(s["takeback_offer"].is_null()) << s;

    // White asks back its move while Black has not replied: one ply.
    ASSERT_EQ(move(g.id, g.white, "d2d4").status, 200);
    ASSERT_EQ(act("takeback", g.id, g.white, "offer").status, 200);
    r = act("takeback", g.id, g.black, "accept");
    ASSERT_EQ(r.status, 200) << r;
    s = state(g.id);
    EXPECT_TRUE(s["moves"].empty()) << s;
    EXPECT_EQ(s["turn"], "white");
}

TEST_F(ServerOffers, ATakebackOfferIsDeclinedOrClearedByAMove) {
    const Online g = online({{"variant", "wreckage"}});
    const Json legal = get(port(), "/api/moves?variant=wreckage").json()["legal_moves"];
    ASSERT_FALSE(legal.empty());
    ASSERT_EQ(move(g.id, g.white, legal[0]["lan"]).status, 200);
    ASSERT_EQ(act("takeback", g.id, g.white).status, 200);
    HttpResult r = act("takeback", g.id, g.black, "decline");
    ASSERT_EQ(r.status, 200) << r;
    EXPECT_TRUE(r.json()["takeback_offer"].is_null()) << r;
    Json s = state(g.id);
    EXPECT_TRUE(s["takeback_offer"].is_null()) << s;
    EXPECT_EQ(s["moves"].size(), 1u);
    r = act("takeback", g.id, g.black, "decline");
    EXPECT_EQ(r.status, 409) << r;
    // Asked again, then Black moves instead of answering: the offer is gone.
    ASSERT_EQ(act("takeback", g.id, g.white).status, 200);
    const Json reply = state(g.id, g.black)["legal"];
    ASSERT_TRUE(reply.is_object() && !reply.empty()) << reply;
    const std::string from = reply.begin().key();
    const Json& to = reply.begin().value()[0];
    const std::string black_move =
        to.is_string() ? from + (to.get<std::string>()[0] == 'x' ? to.get<std::string>().substr(1)
                                                                 : to.get<std::string>())
                       : to.value("lan", from + to.value("to", ""));
    ASSERT_EQ(move(g.id, g.black, black_move).status, 200) << black_move;
    s = state(g.id);
    EXPECT_TRUE(s["takeback_offer"].is_null()) << s;
    EXPECT_EQ(s["moves"].size(), 2u);
    // Spectators and strangers have no say; nor after the end.
    EXPECT_EQ(act("takeback", g.id, "not-a-token").status, 403);
    EXPECT_EQ(act("takeback", g.id, g.white, "grant").status, 400);
    ASSERT_EQ(act("resign", g.id, g.black).status, 200);
    EXPECT_EQ(act("takeback", g.id, g.white).status, 409);
}

// With a clock the times stay as they stand: the side whose clock ran is
// charged the time it used, and the side to move after the takeback starts now.
TEST_F(ServerOffers, ATakebackWithAClockGivesNoTimeBack) {
    const HttpResult c =
        post(port(), "/api/games", {{"variant", "chess"}, {"mode", "local"}, {"base_minutes", 5}});
    ASSERT_EQ(c.status, 201) << c;
    const std::string id = c.json()["id"], token = c.json()["token"];
    for (const char* m : {"e2e4", "e7e5", "g1f3"}) ASSERT_EQ(move(id, token, m).status, 200);
    const Json before = state(id)["clock"];
    std::this_thread::sleep_for(300ms);  // Black's clock runs
    ASSERT_EQ(act("takeback", id, token).status, 200);
    const Json after = state(id);
    EXPECT_EQ(lan(after), (std::vector<std::string>{"e2e4", "e7e5"}));
    EXPECT_EQ(after["clock"]["running"], "white") << after;
    EXPECT_LE(after["clock"]["black_ms"].get<std::int64_t>(),
              before["black_ms"].get<std::int64_t>() - 300)
        << before << after;
    EXPECT_LE(after["clock"]["white_ms"].get<std::int64_t>(),
              before["white_ms"].get<std::int64_t>())
        << before << after;
    // The clocks go on from there: White's runs, Black's stands.
    std::this_thread::sleep_for(200ms);
    const Json later = state(id)["clock"];
    EXPECT_LE(later["white_ms"].get<std::int64_t>(),
              after["clock"]["white_ms"].get<std::int64_t>() - 200);
    EXPECT_EQ(later["black_ms"], after["clock"]["black_ms"]);
}

TEST_F(ServerOffers, ARematchStartsWhenBothWantItWithTheColoursSwapped) {
    const Online g =
        online({{"variant", "chess4d"}, {"base_minutes", 3}, {"increment_seconds", 2}});
    HttpResult r = act("rematch", g.id, g.white);
    EXPECT_EQ(r.status, 409) << r;  // not over yet
    EXPECT_NE(r.body.find("not over"), std::string::npos) << r;
    // The players' views of the game, open since before its end (White's)
    // or from after it (Black's), are told of each offer.
    WsClient white, black;
    ASSERT_TRUE(white.connect(port(), ws_target(g.id, g.white))) << white.last_error();
    ASSERT_TRUE(white.wait_state(0));
    ASSERT_EQ(act("resign", g.id, g.white).status, 200);
    ASSERT_TRUE(white.wait_view([](const Json& v) { return v["status"] == "over"; }));
    ASSERT_TRUE(black.connect(port(), ws_target(g.id, g.black))) << black.last_error();
    ASSERT_TRUE(black.wait_state(0));
    EXPECT_TRUE(white.view()["rematch"]["offer"].is_null()) << white.view();

    EXPECT_EQ(act("rematch", g.id, "not-a-token").status, 403);
    EXPECT_EQ(act("rematch", g.id, g.black, "accept").status, 409);  // nothing offered
    EXPECT_EQ(act("rematch", g.id, g.black, "decline").status, 409);
    EXPECT_EQ(act("rematch", g.id, g.black, "again").status, 400);
    r = act("rematch", g.id, g.black);
    ASSERT_EQ(r.status, 200) << r;
    EXPECT_EQ(r.json()["rematch_offer"], "black") << r;
    auto offered = white.wait_view([](const Json& v) { return v["rematch"]["offer"] == "black"; });
    ASSERT_TRUE(offered) << white.view();
    // Withdrawn, then offered again.
    ASSERT_EQ(act("rematch", g.id, g.black, "decline").status, 200);
    ASSERT_TRUE(white.wait_view([](const Json& v) { return v["rematch"]["offer"].is_null(); }));
    ASSERT_EQ(act("rematch", g.id, g.black).status, 200);
    ASSERT_TRUE(white.wait_view([](const Json& v) { return v["rematch"]["offer"] == "black"; }));

    r = act("rematch", g.id, g.white, "accept");
    ASSERT_EQ(r.status, 200) << r;
    const std::string next = r.json()["id"], white_now = r.json()["token"];
    EXPECT_EQ(r.json()["side"], "black");
    EXPECT_NE(next, g.id);
    auto told = black.wait_view([&](const Json& v) { return v["rematch"]["game"] == next; });
    ASSERT_TRUE(told) << black.view();
    r = act("rematch", g.id, g.black);  // Black asks for its seat in it
    ASSERT_EQ(r.status, 200) << r;
    EXPECT_EQ(r.json()["id"], next);
    EXPECT_EQ(r.json()["side"], "white");
    const std::string black_now = r.json()["token"];
    EXPECT_NE(black_now, white_now);
    EXPECT_EQ(act("rematch", g.id, g.black, "decline").status, 409);  // started

    // The new game: same variant and time control, both seats taken, the
    // former Black moves first.
    const Json s = state(next, black_now);
    EXPECT_EQ(s["variant"], "chess4d");
    EXPECT_EQ(s["status"], "playing");
    EXPECT_EQ(s["clock"]["base_ms"], 180000);
    EXPECT_EQ(s["clock"]["inc_ms"], 2000);
    EXPECT_EQ(s["seats"]["white"], "you") << s;
    EXPECT_EQ(s["seats"]["black"], "human") << s;
    EXPECT_FALSE(s.contains("invite")) << s;
    const Json first = get(port(), "/api/moves?variant=chess4d").json()["legal_moves"][0];
    EXPECT_EQ(move(next, white_now, first["lan"]).status, 409);  // not its turn
    EXPECT_EQ(move(next, black_now, first["lan"]).status, 200);
    // Asking again gives the same seat, not another game.
    r = act("rematch", g.id, g.white);
    EXPECT_EQ(r.json()["id"], next);
    EXPECT_EQ(r.json()["token"], white_now);
}

TEST_F(ServerOffers, OnlyAFinishedOnlineGameHasARematchOffer) {
    const HttpResult local = post(port(), "/api/games", {{"variant", "chess"}, {"mode", "local"}});
    const std::string id = local.json()["id"], token = local.json()["token"];
    ASSERT_EQ(act("resign", id, token).status, 200);
    HttpResult r = act("rematch", id, token);
    EXPECT_EQ(r.status, 409) << r;
    EXPECT_NE(r.body.find("online game"), std::string::npos) << r;
    // Over the WebSocket too.
    const Online g = online();
    ASSERT_EQ(act("resign", g.id, g.black).status, 200);
    WsClient ws;
    ASSERT_TRUE(ws.connect(port(), ws_target(g.id, g.white))) << ws.last_error();
    ASSERT_TRUE(ws.wait_state(0));
    ASSERT_TRUE(ws.send(Json{{"type", "rematch"}, {"action", "offer"}}));
    auto ack =
        ws.wait_for([](const Json& m) { return m["type"] == "ack" || m["type"] == "error"; });
    ASSERT_TRUE(ack);
    EXPECT_EQ((*ack)["type"], "ack") << *ack;
    EXPECT_EQ((*ack)["rematch_offer"], "white") << *ack;
    ASSERT_TRUE(ws.send(Json{{"type", "rematch"}, {"action", 3}}));
    ack = ws.wait_for([](const Json& m) { return m["type"] == "error"; });
    ASSERT_TRUE(ack);
    EXPECT_EQ((*ack)["status"], 400) << *ack;
}

}  // namespace
}  // namespace chimera
