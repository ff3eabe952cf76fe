// Pushes as deltas (issue 13 item 10): after the full state on connect, a view
// gets a "move" per ply and an "update" per other change, each the same for
// every viewer and numbered by the game's version; a view that applies them
// holds what GET /api/games/<id> says, for players and spectators alike,
// through draw offers, results, joins, reconnects, requests for the state, the
// players' arrivals and departures, an abort and a claim.
#include "server_client.h"
#include "variants/registry.h"

namespace chimera {
namespace {

using namespace chimera::testing;

// A state without the clocks' remaining times (they run between two reads).
Json comparable(Json s) {
    if (s.contains("clock") && s["clock"].is_object()) {
        s["clock"].erase("white_ms");
        s["clock"].erase("black_ms");
    }
    return s;
}

// The view a socket holds is the state a fresh read gives.
void expect_view_is_state(const WsClient& ws, const Json& state) {
    EXPECT_EQ(comparable(ws.view()), comparable(state));
    EXPECT_EQ(ws.gaps(), 0);
}

// What a view of a game that has ended holds, to compare with the game read
// back: a finished game read from the database starts its versions again, and
// nobody is present in it.
Json ended(Json s) {
    s.erase("version");
    s.erase("present");
    return comparable(s);
}

// The view a socket holds of a game that has ended is the game read back.
void expect_view_is_final(const WsClient& ws, const Json& state) {
    EXPECT_EQ(ended(ws.view()), ended(state));
    EXPECT_EQ(ws.gaps(), 0);
}

class ServerDeltas : public ServerFixture {
  protected:
    // The (7 * ply + 3)th legal move of the game as it stands.
    std::string some_move(const std::string& id, int ply) {
        const std::vector<std::string> legal = legal_lans(game_state(port(), id));
        if (legal.empty()) return "";
        return legal[static_cast<std::size_t>(7 * ply + 3) % legal.size()];
    }
    // An untimed online chess game with both seats taken: White's seat in c,
    // Black's token in black.
    void online_game(Created& c, std::string& black) {
        c = create_game(port(), {{"variant", "chess"}, {"mode", "online"}});
        ASSERT_EQ(c.raw.status, 201) << c.raw;
        const HttpResult j = post(port(), "/api/games/" + c.id + "/join", {{"invite", c.invite}});
        ASSERT_EQ(j.status, 200) << j;
        black = j.json()["token"];
    }
};

TEST_F(ServerDeltas, EveryVariantPushesMovesAsDeltasThatRebuildTheState) {
    for (const VariantInfo* info : kVariantInfos) {
        const std::string variant(info->id);
        SCOPED_TRACE(variant);
        Json body{{"variant", variant}, {"mode", "local"}, {"base_minutes", 5}};
        body["increment_seconds"] = 3;
        const Created g = create_game(port(), body);
        ASSERT_EQ(g.raw.status, 201) << g.raw;
        WsClient player, watcher;
        // One after the other: the player's arrival is a change (present) that
        // a watcher subscribed before it would get as an update.
        ASSERT_TRUE(player.connect(port(), ws_target(g.id, g.token))) << player.last_error();
        ASSERT_TRUE(player.next()) << player.last_error();
        ASSERT_TRUE(watcher.connect(port(), ws_target(g.id, ""))) << watcher.last_error();
        ASSERT_TRUE(watcher.next()) << watcher.last_error();
        EXPECT_EQ(watcher.view()["type"], "state");
        for (int ply = 1; ply <= 24; ++ply) {
            SCOPED_TRACE("ply " + std::to_string(ply));
            const std::string lan = some_move(g.id, ply);
            if (lan.empty()) break;
            if (ply % 2)
                ASSERT_EQ(http_move(port(), g.id, g.token, lan).status, 200);
            else
                ASSERT_TRUE(player.send(Json{{"type", "move"}, {"move", lan}}));
            for (WsClient* ws : {&watcher, &player}) {
                auto push = ws->wait_for([](const Json& j) { return is_push(j); });
                ASSERT_TRUE(push) << ws->last_error();
                EXPECT_EQ((*push)["type"], "move") << push->dump().substr(0, 300);
                EXPECT_EQ((*push)["ply"], ply);
                EXPECT_EQ((*push)["lan"], lan);
                EXPECT_FALSE((*push)["san"].get<std::string>().empty());
                EXPECT_TRUE((*push)["clock"].is_object());
                // A delta: nothing that stays the same (squares, the move list, seats).
                for (const char* whole : {"moves", "seats", "start_fen", "you"})
                    EXPECT_FALSE(push->contains(whole)) << whole;
                EXPECT_FALSE(push->contains("board") && (*push)["board"].contains("squares"));
            }
            // A move that ends the game leaves memory with it: the state is then read back.
            const bool over = watcher.view()["status"] != "playing";
            const auto expect_view = over ? expect_view_is_final : expect_view_is_state;
            expect_view(watcher, game_state(port(), g.id));
            expect_view(player, game_state(port(), g.id, g.token));
            if (over) break;
        }
        if (watcher.view()["result"] != "*") continue;
        // An offer, its withdrawal by a decline, a resignation: updates.
        const std::string draw = "/api/games/" + g.id + "/draw";
        ASSERT_EQ(post(port(), draw, {{"token", g.token}, {"action", "offer"}}).status, 200);
        auto offer = watcher.wait_for([](const Json& j) { return is_push(j); });
        ASSERT_TRUE(offer);
        EXPECT_EQ((*offer)["type"], "update");
        EXPECT_EQ((*offer)["draw_offer"], watcher.view()["turn"]);
        EXPECT_FALSE(offer->contains("legal")) << "the legal moves did not change";
        ASSERT_EQ(post(port(), draw, {{"token", g.token}, {"action", "decline"}}).status, 200);
        ASSERT_TRUE(watcher.wait_view([](const Json& v) { return v["draw_offer"].is_null(); }));
        ASSERT_EQ(post(port(), "/api/games/" + g.id + "/resign", {{"token", g.token}}).status, 200);
        auto end = watcher.wait_for([](const Json& j) { return is_push(j); });
        ASSERT_TRUE(end);
        EXPECT_EQ((*end)["type"], "update");
        EXPECT_NE((*end)["result"], "*");
        EXPECT_EQ((*end)["legal"], Json::object());
        EXPECT_TRUE((*end)["clock"]["running"].is_null());
        ASSERT_TRUE(player.wait_view([](const Json& v) { return v["result"] != "*"; }));
        expect_view_is_final(watcher, game_state(port(), g.id));
        expect_view_is_final(player, game_state(port(), g.id, g.token));
    }
}

// A state whose claim is only there or not (its milliseconds count down between two reads).
Json claim_shown(Json s) {
    if (s.contains("claim_in_ms")) s["claim_in_ms"] = "...";
    return comparable(s);
}

// The next push a socket gets, which must be an update.
Json next_update(WsClient& ws) {
    const auto push = ws.wait_for([](const Json& j) { return is_push(j); });
    EXPECT_TRUE(push) << ws.last_error();
    if (!push) return Json::object();
    EXPECT_EQ((*push)["type"], "update") << push->dump().substr(0, 300);
    EXPECT_FALSE(push->contains("moves") || push->contains("seats")) << "a delta";
    return *push;
}

// Every change that makes a new version reaches the views as a delta: a seat's
// arrival and departure (present), and an abort (status, termination,
// abortable, legal), for the players and a spectator alike.
TEST_F(ServerDeltas, PresenceAndAnAbortArePushedAsDeltas) {
    Created c;
    std::string black;
    ASSERT_NO_FATAL_FAILURE(online_game(c, black));
    WsClient watcher, white, black_ws;
    ASSERT_TRUE(watcher.connect(port(), ws_target(c.id, "")));
    ASSERT_TRUE(watcher.next()) << watcher.last_error();
    EXPECT_EQ(watcher.view()["present"], (Json{{"white", false}, {"black", false}}));
    EXPECT_EQ(watcher.view()["abortable"], true);

    ASSERT_TRUE(white.connect(port(), ws_target(c.id, c.token)));
    ASSERT_TRUE(white.next()) << white.last_error();
    Json push = next_update(watcher);
    EXPECT_EQ(push["present"], (Json{{"white", true}, {"black", false}}));
    EXPECT_FALSE(push.contains("claim_in_ms")) << "spectators have no claim";
    expect_view_is_state(watcher, game_state(port(), c.id));

    ASSERT_TRUE(black_ws.connect(port(), ws_target(c.id, black)));
    ASSERT_TRUE(black_ws.next()) << black_ws.last_error();
    for (WsClient* ws : {&watcher, &white})
        EXPECT_EQ(next_update(*ws)["present"], (Json{{"white", true}, {"black", true}}));
    expect_view_is_state(watcher, game_state(port(), c.id));
    expect_view_is_state(white, game_state(port(), c.id, c.token));

    black_ws.close();
    for (WsClient* ws : {&watcher, &white})
        EXPECT_EQ(next_update(*ws)["present"], (Json{{"white", true}, {"black", false}}));
    expect_view_is_state(watcher, game_state(port(), c.id));
    expect_view_is_state(white, game_state(port(), c.id, c.token));
    EXPECT_FALSE(white.view().contains("claim_in_ms")) << "nobody has moved: no claim";

    ASSERT_TRUE(white.send(Json{{"type", "abort"}}));
    const auto ack = white.wait_for([](const Json& m) { return !is_push(m); });
    ASSERT_TRUE(ack) << white.last_error();
    EXPECT_EQ((*ack)["status"], "aborted");
    for (WsClient* ws : {&watcher, &white}) {
        push = next_update(*ws);
        EXPECT_EQ(push["status"], "aborted");
        EXPECT_EQ(push["termination"], "aborted");
        EXPECT_EQ(push["abortable"], false);
        EXPECT_EQ(push["legal"], Json::object());
        EXPECT_FALSE(push.contains("result")) << "an aborted game's result stays \"*\"";
        EXPECT_EQ(ws->view()["result"], "*");
        EXPECT_EQ(ws->gaps(), 0);
    }
    expect_view_is_final(watcher, game_state(port(), c.id));
    expect_view_is_final(white, game_state(port(), c.id, c.token));
}

// The claim of an untimed online game reaches the player who may claim with
// the delta of the opponent's departure and with every push while it stands,
// and its end with the opponent's return; nobody else gets it.
TEST_F(ServerDeltas, AClaimComesWithThePushesOfThePlayerWhoMayClaim) {
    Created c;
    std::string black;
    ASSERT_NO_FATAL_FAILURE(online_game(c, black));
    WsClient watcher, white, black_ws;
    for (auto [ws, token] : {std::pair{&watcher, std::string()}, std::pair{&white, c.token},
                             std::pair{&black_ws, black}}) {
        ASSERT_TRUE(ws->connect(port(), ws_target(c.id, token)));
        ASSERT_TRUE(ws->next()) << ws->last_error();
    }
    ASSERT_EQ(http_move(port(), c.id, c.token, "e2e4").status, 200);
    ASSERT_EQ(http_move(port(), c.id, black, "e7e5").status, 200);
    const auto both_moved = white.wait_state(2);
    ASSERT_TRUE(both_moved) << white.last_error();
    EXPECT_EQ((*both_moved)["abortable"], false);
    ASSERT_TRUE(watcher.wait_state(2)) << watcher.last_error();

    black_ws.close();
    Json push = next_update(white);
    EXPECT_EQ(push["present"], (Json{{"white", true}, {"black", false}}));
    ASSERT_TRUE(push.contains("claim_in_ms")) << push.dump();
    EXPECT_GT(push["claim_in_ms"].get<long long>(), 60000);
    EXPECT_LE(push["claim_in_ms"].get<long long>(), 120000);
    EXPECT_FALSE(next_update(watcher).contains("claim_in_ms"));
    EXPECT_EQ(claim_shown(white.view()), claim_shown(game_state(port(), c.id, c.token)));
    expect_view_is_state(watcher, game_state(port(), c.id));

    // A move while the claim stands brings it again (the client counts down from each push).
    ASSERT_TRUE(white.send(Json{{"type", "move"}, {"move", "g1f3"}}));
    const auto moved = white.wait_for([](const Json& m) { return m.value("type", "") == "move"; });
    ASSERT_TRUE(moved) << white.last_error();
    EXPECT_TRUE(moved->contains("claim_in_ms")) << moved->dump().substr(0, 300);
    ASSERT_TRUE(watcher.wait_state(3)) << watcher.last_error();
    EXPECT_FALSE(watcher.view().contains("claim_in_ms"));

    WsClient back;
    ASSERT_TRUE(back.connect(port(), ws_target(c.id, black)));
    ASSERT_TRUE(back.next()) << back.last_error();
    push = next_update(white);
    EXPECT_EQ(push["present"], (Json{{"white", true}, {"black", true}}));
    ASSERT_TRUE(push.contains("claim_in_ms")) << push.dump();
    EXPECT_TRUE(push["claim_in_ms"].is_null()) << "the claim is gone";
    EXPECT_FALSE(white.view().contains("claim_in_ms"));
    EXPECT_FALSE(next_update(watcher).contains("claim_in_ms"));
    expect_view_is_state(white, game_state(port(), c.id, c.token));
    expect_view_is_state(watcher, game_state(port(), c.id));
    EXPECT_EQ(white.gaps() + watcher.gaps(), 0);
}

TEST_F(ServerDeltas, AJoinIsPushedAsTheFullStateOfEachViewer) {
    const Created c =
        create_game(port(), {{"variant", "chess"}, {"mode", "online"}, {"side", "black"}});
    ASSERT_EQ(c.raw.status, 201) << c.raw;
    WsClient creator, watcher;
    ASSERT_TRUE(creator.connect(port(), ws_target(c.id, c.token)));
    ASSERT_TRUE(creator.next()) << creator.last_error();  // counted present before the watcher
    ASSERT_TRUE(watcher.connect(port(), ws_target(c.id, "")));
    ASSERT_TRUE(watcher.next()) << watcher.last_error();
    EXPECT_EQ(creator.view()["invite"], c.invite);
    const HttpResult j = post(port(), "/api/games/" + c.id + "/join", {{"invite", c.invite}});
    ASSERT_EQ(j.status, 200) << j;
    for (WsClient* ws : {&creator, &watcher}) {
        auto push = ws->wait_for([](const Json& m) { return is_push(m); });
        ASSERT_TRUE(push) << ws->last_error();
        EXPECT_EQ((*push)["type"], "state");
        EXPECT_EQ((*push)["seats"]["white"], "human");
        EXPECT_FALSE(push->contains("invite"));
    }
    EXPECT_EQ(creator.view()["you"], "black");
    EXPECT_TRUE(watcher.view()["you"].is_null());
    // The moves that follow are deltas again.
    const std::string white = j.json()["token"];
    ASSERT_EQ(http_move(port(), c.id, white, "e2e4").status, 200);
    auto push = creator.wait_for([](const Json& m) { return is_push(m); });
    ASSERT_TRUE(push);
    EXPECT_EQ((*push)["type"], "move");
    expect_view_is_state(creator, game_state(port(), c.id, c.token));
}

TEST_F(ServerDeltas, AStateRequestIsAnsweredWithTheFullState) {
    const Created g = create_game(port(), {{"variant", "wreckage"}, {"mode", "local"}});
    WsClient ws;
    ASSERT_TRUE(ws.connect(port(), ws_target(g.id, g.token)));
    ASSERT_TRUE(ws.next());
    ASSERT_EQ(http_move(port(), g.id, g.token, some_move(g.id, 1)).status, 200);
    ASSERT_TRUE(ws.wait_state(1));
    ASSERT_TRUE(ws.send(Json{{"type", "state"}}));
    auto reply = ws.next();
    ASSERT_TRUE(reply) << ws.last_error();
    EXPECT_EQ((*reply)["type"], "state");
    EXPECT_EQ((*reply)["version"], 2) << "the player's arrival is version 1, the move 2";
    EXPECT_EQ((*reply)["you"], "both");
    EXPECT_EQ(comparable(*reply), comparable(game_state(port(), g.id, g.token)));
    EXPECT_EQ(ws.stale(), 0);
    ASSERT_TRUE(ws.send(Json{{"type", "state"}, {"version", 1}}));
    auto refused = ws.next();
    ASSERT_TRUE(refused);
    EXPECT_EQ((*refused)["type"], "error");
    EXPECT_EQ((*refused)["status"], 400);
}

TEST_F(ServerDeltas, TheComputersMovesArePushedAsDeltas) {
    const Created g = create_game(
        port(), {{"variant", "wataku"}, {"mode", "computer"}, {"side", "black"}, {"level", 1}});
    ASSERT_EQ(g.raw.status, 201) << g.raw;
    WsClient ws;
    ASSERT_TRUE(ws.connect(port(), ws_target(g.id, g.token)));
    auto opening = ws.wait_state(1, kComputerTimeout);
    ASSERT_TRUE(opening) << ws.last_error();
    const std::vector<std::string> legal = legal_lans(*opening);
    ASSERT_FALSE(legal.empty()) << opening->dump().substr(0, 300);
    ASSERT_TRUE(ws.send(Json{{"type", "move"}, {"move", legal.front()}}));
    auto reply = ws.wait_for([](const Json& j) { return is_push(j) && j.value("ply", 0) == 3; },
                             kComputerTimeout);
    ASSERT_TRUE(reply) << ws.last_error();
    EXPECT_EQ((*reply)["type"], "move");
    EXPECT_EQ(comparable(ws.view()), comparable(game_state(port(), g.id, g.token)));
    EXPECT_EQ(ws.gaps(), 0);
}

}  // namespace
}  // namespace chimera
