// The lobby against `chimera serve` (docs/api.md, "The lobby"; issue 16):
// open challenges listed live to every connection, accepted to start the
// game at once for both; a challenge gone when its creator cancels or
// leaves; direct challenges seen by their player only, who may decline;
// quick pairing; every refusal with its status and message, including
// floods and a WebSocket opened from another site.
#include "server_client.h"

namespace chimera {
namespace {

using namespace chimera::testing;

class ServerLobby : public BackendServerFixture {
  protected:
    // A lobby connection, with the session's cookie if given; its first
    // message (the list) read into *list.
    std::unique_ptr<WsClient> enter(const std::string& cookie = "", Json* list = nullptr) {
        auto ws = std::make_unique<WsClient>();
        Headers h;
        if (!cookie.empty()) h.emplace_back("Cookie", cookie);
        EXPECT_TRUE(ws->connect(port(), "/api/lobby/ws", 0, h)) << ws->last_error();
        const auto first = ws->next();
        EXPECT_TRUE(first && (*first)["type"] == "lobby") << (first ? first->dump() : "nothing");
        if (list && first) *list = (*first)["challenges"];
        return ws;
    }
    // The session cookie of a new account.
    std::string account(const std::string& name) {
        const HttpResult r =
            post(port(), "/api/account/signup", {{"name", name}, {"password", "correct horse"}});
        EXPECT_EQ(r.status, 201) << r;
        const std::string set = r.header("Set-Cookie");
        return set.substr(0, set.find(';'));
    }
    static Json offer(const std::string& variant, int base, int inc) {
        return {{"type", "challenge"},
                {"variant", variant},
                {"base_minutes", base},
                {"increment_seconds", inc}};
    }
    // The next message of a type (others skipped), or null.
    static Json next_of(WsClient& ws, const std::string& type) {
        const auto m = ws.wait_for([&](const Json& j) { return j.value("type", "") == type; });
        return m ? *m : Json();
    }
    // The id a challenge or seek was acknowledged with (0 if refused).
    static std::uint64_t sent(WsClient& ws, const Json& message) {
        EXPECT_TRUE(ws.send(message));
        const auto reply = ws.wait_for([](const Json& j) {
            return j.value("type", "") == "ack" || j.value("type", "") == "error" ||
                   j.value("type", "") == "paired";
        });
        if (!reply || (*reply)["type"] != "ack") {
            ADD_FAILURE() << (reply ? reply->dump() : "no reply to " + message.dump());
            return 0;
        }
        return (*reply)["id"].get<std::uint64_t>();
    }
    // The error a message is refused with ({} if it was not).
    static Json refused(WsClient& ws, const Json& message) {
        EXPECT_TRUE(ws.send(message));
        const auto reply = ws.wait_for([](const Json& j) {
            return j.value("type", "") == "ack" || j.value("type", "") == "error";
        });
        return reply && (*reply)["type"] == "error" ? *reply : Json::object();
    }
    // The state of a game as a seat's holder sees it.
    Json state(const std::string& game, const std::string& token) {
        const HttpResult r = get(port(), "/api/games/" + game + "?token=" + token);
        EXPECT_EQ(r.status, 200) << r;
        return r.json();
    }
};
CHIMERA_ON_EACH_BACKEND(ServerLobby);

TEST_P(ServerLobby, AnOpenChallengeIsListedLiveAndAcceptingItStartsTheGameForBoth) {
    Json list;
    auto viewer = enter("", &list);
    EXPECT_TRUE(list.empty()) << list;
    auto alice = enter();
    Json c = offer("wreckage", 3, 2);
    c["side"] = "black";
    const std::uint64_t id = sent(*alice, c);
    ASSERT_NE(id, 0u);
    const Json added = next_of(*viewer, "added");
    ASSERT_FALSE(added.is_null());
    EXPECT_EQ(added["challenge"]["id"], id);
    EXPECT_EQ(added["challenge"]["variant"], "wreckage");
    EXPECT_EQ(added["challenge"]["base_minutes"], 3);
    EXPECT_EQ(added["challenge"]["side"], "black");
    EXPECT_TRUE(added["challenge"]["by"].is_null()) << "anonymous";

    auto bob = enter("", &list);  // a newcomer reads it in the list
    ASSERT_EQ(list.size(), 1u) << list;
    EXPECT_EQ(list[0]["id"], id);
    ASSERT_TRUE(bob->send(Json{{"type", "accept"}, {"id", id}}));
    const Json a = next_of(*alice, "paired"), b = next_of(*bob, "paired");
    ASSERT_FALSE(a.is_null());
    ASSERT_FALSE(b.is_null());
    EXPECT_EQ(a["game"], b["game"]);
    EXPECT_EQ(a["side"], "black") << "the creator's choice";
    EXPECT_EQ(b["side"], "white");
    EXPECT_NE(a["token"], b["token"]);
    EXPECT_EQ(next_of(*viewer, "removed")["id"], id);

    // The game is online with the challenge's clock, both seats taken.
    const std::string game = a["game"];
    const Json as = state(game, a["token"]), bs = state(game, b["token"]);
    EXPECT_EQ(as["mode"], "online");
    EXPECT_EQ(as["variant"], "wreckage");
    EXPECT_EQ(as["you"], "black");
    EXPECT_EQ(bs["you"], "white");
    EXPECT_EQ(as["clock"]["base_ms"], 180000);
    EXPECT_EQ(as["clock"]["inc_ms"], 2000);
    EXPECT_EQ(as["seats"]["white"], "human") << "taken by the other player";
    // Taken once: a third player is told it is gone.
    auto carol = enter();
    const Json late = refused(*carol, {{"type", "accept"}, {"id", id}});
    EXPECT_EQ(late["status"], 409) << late;
    EXPECT_NE(late.value("message", "").find("gone"), std::string::npos) << late;
}

TEST_P(ServerLobby, AChallengeGoesWhenItsCreatorCancelsOrLeaves) {
    auto viewer = enter();
    auto alice = enter();
    const std::uint64_t first = sent(*alice, offer("chess", 5, 0));
    const std::uint64_t second = sent(*alice, offer("wataku", 10, 5));
    ASSERT_NE(first, 0u);
    ASSERT_NE(second, 0u);
    EXPECT_EQ(next_of(*viewer, "added")["challenge"]["id"], first);
    EXPECT_EQ(next_of(*viewer, "added")["challenge"]["id"], second);
    auto bob = enter();
    const Json not_his = refused(*bob, {{"type", "cancel"}, {"id", first}});
    EXPECT_EQ(not_his["status"], 404) << "only its creator cancels it: " << not_his;
    EXPECT_EQ(sent(*alice, Json{{"type", "cancel"}, {"id", first}}), first);
    EXPECT_EQ(next_of(*viewer, "removed")["id"], first);
    alice->drop();  // gone without a goodbye
    EXPECT_EQ(next_of(*viewer, "removed")["id"], second);
    Json list;
    auto later = enter("", &list);
    EXPECT_TRUE(list.empty()) << list;
}

TEST_P(ServerLobby, ADirectChallengeIsSeenByItsPlayerOnlyWhoMayDeclineOrAccept) {
    const std::string alice_cookie = account("Alice"), bob_cookie = account("Bob");
    auto alice = enter(alice_cookie);
    auto bob = enter(bob_cookie);
    auto stranger = enter();
    Json c = offer("chess", 3, 0);
    c["to"] = "BOB";
    c["rated"] = true;
    const std::uint64_t id = sent(*alice, c);
    ASSERT_NE(id, 0u);
    const Json seen = next_of(*bob, "added")["challenge"];
    EXPECT_EQ(seen["by"], "Alice");
    EXPECT_EQ(seen["rating"], 1500);
    EXPECT_EQ(seen["to"], "BOB");
    EXPECT_TRUE(seen["rated"].get<bool>());
    Json list;
    auto other = enter("", &list);
    EXPECT_TRUE(list.empty()) << "named for Bob only: " << list;
    const Json taken = refused(*stranger, {{"type", "accept"}, {"id", id}});
    EXPECT_EQ(taken["status"], 409) << taken;
    EXPECT_EQ(taken["message"], "that challenge is for BOB");

    EXPECT_EQ(sent(*bob, Json{{"type", "decline"}, {"id", id}}), id);
    const Json declined = next_of(*alice, "declined");
    EXPECT_EQ(declined["id"], id);
    EXPECT_EQ(declined["by"], "Bob");

    // Asked again, Bob accepts: a rated game between the two accounts.
    const std::uint64_t again = sent(*alice, c);
    ASSERT_NE(again, 0u);
    ASSERT_TRUE(bob->send(Json{{"type", "accept"}, {"id", again}}));
    const Json a = next_of(*alice, "paired"), b = next_of(*bob, "paired");
    ASSERT_FALSE(a.is_null());
    EXPECT_EQ(a["opponent"], "Bob");
    EXPECT_EQ(b["opponent"], "Alice");
    EXPECT_TRUE(a["rated"].get<bool>());
    // The game is Alice's wherever she logs in: her games going on carry her seat.
    const HttpResult mine = http_request(port(), "GET", "/api/account/games", "",
                                         "application/json", {{"Cookie", alice_cookie}});
    ASSERT_EQ(mine.status, 200) << mine;
    ASSERT_EQ(mine.json()["games"].size(), 1u) << mine;
    EXPECT_EQ(mine.json()["games"][0]["id"], a["game"]);
    EXPECT_EQ(mine.json()["games"][0]["token"], a["token"]);
    EXPECT_EQ(mine.json()["games"][0]["side"], a["side"]);
    EXPECT_EQ(mine.json()["games"][0]["opponent"], "Bob");
    const Json s = state(a["game"], a["token"]);
    EXPECT_TRUE(s["rated"].get<bool>());
    EXPECT_EQ(s["players"][a["side"].get<std::string>()]["name"], "Alice") << s["players"];

    const Json nobody = refused(*alice, [&] {
        Json n = offer("chess", 3, 0);
        n["to"] = "nobody_here";
        return n;
    }());
    EXPECT_EQ(nobody["status"], 404) << nobody;
    EXPECT_EQ(nobody["message"], "no player named 'nobody_here'");
}

TEST_P(ServerLobby, QuickPairingMatchesTwoSeeksOfOnePoolAndNotAnother) {
    auto a = enter();
    auto b = enter();
    auto c = enter();
    Json seek = offer("chess4d", 5, 3);
    seek["type"] = "seek";
    ASSERT_NE(sent(*a, seek), 0u);
    Json other = seek;
    other["base_minutes"] = 10;
    const std::uint64_t waiting = sent(*c, other);
    ASSERT_NE(waiting, 0u) << "another clock: it waits";
    ASSERT_TRUE(b->send(seek));
    const Json pa = next_of(*a, "paired"), pb = next_of(*b, "paired");
    ASSERT_FALSE(pa.is_null());
    ASSERT_FALSE(pb.is_null());
    EXPECT_EQ(pa["game"], pb["game"]);
    EXPECT_NE(pa["side"], pb["side"]);
    EXPECT_EQ(state(pa["game"], pa["token"])["variant"], "chess4d");
    EXPECT_TRUE(c->silent_for(std::chrono::milliseconds(300))) << "nothing for the other pool";
    EXPECT_EQ(sent(*c, Json{{"type", "cancel"}, {"id", waiting}}), waiting);
}

TEST_P(ServerLobby, EveryRefusalSaysWhatIsWrong) {
    auto ws = enter();
    auto status_of = [&](const Json& m) { return refused(*ws, m).value("status", 0); };
    auto message_of = [&](const Json& m) { return refused(*ws, m).value("message", ""); };
    ASSERT_TRUE(ws->send(std::string("{not json")));
    EXPECT_EQ(next_of(*ws, "error")["message"],
              "a lobby message is a JSON object with a string field 'type'");
    EXPECT_EQ(message_of({{"type", "dance"}}),
              "unknown message type 'dance' (challenge, seek, cancel, accept, decline or ping)");
    EXPECT_EQ(message_of(offer("checkers", 3, 0)), "unknown variant 'checkers'");
    EXPECT_EQ(message_of(offer("chess", 181, 0)), "field 'base_minutes' must be from 0 to 180");
    EXPECT_EQ(message_of(offer("chess", 3, -1)), "field 'increment_seconds' must be from 0 to 180");
    EXPECT_EQ(status_of(offer("chess", 0, 0)), 400) << "a lobby game has a clock";
    Json extra = offer("chess", 3, 0);
    extra["colour"] = "white";
    EXPECT_EQ(status_of(extra), 400);
    Json side = offer("chess", 3, 0);
    side["side"] = "purple";
    EXPECT_EQ(message_of(side), "field 'side' must be white, black or random");
    Json rated = offer("chess", 3, 0);
    rated["rated"] = true;
    EXPECT_EQ(status_of(rated), 401) << "rated needs an account";
    EXPECT_EQ(status_of({{"type", "accept"}, {"id", 0}}), 400);
    EXPECT_EQ(status_of({{"type", "accept"}, {"id", "7"}}), 400);
    EXPECT_EQ(status_of({{"type", "decline"}, {"id", 99}}), 404);
    // Three at once per connection, then refused; its own is not taken.
    std::uint64_t mine = 0;
    for (int i = 0; i < 3; ++i) ASSERT_NE(mine = sent(*ws, offer("chess", 1 + i, 0)), 0u);
    EXPECT_EQ(status_of(offer("chess", 9, 0)), 429);
    EXPECT_EQ(message_of({{"type", "accept"}, {"id", mine}}), "that challenge is your own");
}

TEST_P(ServerLobby, AFloodIsSlowedAndAForeignSiteCannotActForAPlayer) {
    const std::string cookie = account("Carol");
    // A page of another site opening the lobby with Carol's cookie is refused.
    WsClient foreign;
    EXPECT_FALSE(foreign.connect(port(), "/api/lobby/ws", 0,
                                 {{"Cookie", cookie}, {"Origin", "http://evil.example"}}));
    // A flood of messages: refused with 429 beyond the rate, the others still served.
    auto flood = enter(cookie);
    auto calm = enter();
    for (int i = 0; i < 60; ++i) ASSERT_TRUE(flood->send(Json{{"type", "ping"}}));
    const Json slow = next_of(*flood, "error");
    EXPECT_EQ(slow["status"], 429) << slow;
    ASSERT_TRUE(calm->send(Json{{"type", "ping"}}));
    EXPECT_FALSE(next_of(*calm, "pong").is_null());
}

}  // namespace
}  // namespace chimera
