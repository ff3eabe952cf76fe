// Rated games against `chimera serve` (docs/ratings.md, docs/api.md "Ratings
// and players"): only between two accounts; both players' Glicko-2 ratings
// change with the result, stored with it; the state names the players with
// their ratings before and after; the player page, its filters and the
// leaderboard; an account deleted leaves its games without its name.
#include <cmath>

#include "players/glicko2.h"
#include "server_client.h"

namespace chimera {
namespace {

using namespace chimera::testing;

class ServerRatings : public BackendServerFixture {
  protected:
    std::string account(const std::string& name) {
        const HttpResult r =
            http_request(port(), "POST", "/api/account/signup",
                         Json{{"name", name}, {"password", "a good password"}}.dump());
        EXPECT_EQ(r.status, 201) << r;
        const std::string set = r.header("Set-Cookie");
        return set.substr(0, set.find(';'));
    }
    HttpResult as(const std::string& cookie, const std::string& method, const std::string& path,
                  const Json& body = nullptr, Headers headers = {}) {
        if (!cookie.empty()) headers.emplace_back("Cookie", cookie);
        return http_request(port(), method, path, body.is_null() ? "" : body.dump(),
                            "application/json", headers);
    }
    struct Game {
        std::string id, white, black;
    };
    // A rated online game of `variant`: the host plays White, the guest joins.
    Game rated(const std::string& host, const std::string& guest,
               const std::string& variant = "chess") {
        HttpResult c =
            as(host, "POST", "/api/games",
               {{"variant", variant}, {"mode", "online"}, {"side", "white"}, {"rated", true}});
        EXPECT_EQ(c.status, 201) << c;
        const std::string id = c.json()["id"];
        HttpResult j =
            as(guest, "POST", "/api/games/" + id + "/join", {{"invite", c.json()["invite"]}});
        EXPECT_EQ(j.status, 200) << j;
        return {id, c.json()["token"], j.json()["token"]};
    }
    HttpResult move(const std::string& id, const std::string& token, const std::string& m) {
        return post(port(), "/api/games/" + id + "/move", {{"token", token}, {"move", m}});
    }
};
CHIMERA_ON_EACH_BACKEND(ServerRatings);

TEST_P(ServerRatings, ARatedGameChangesBothRatingsWithItsResult) {
    const std::string alice = account("Alice"), bob = account("Bob");
    const Game g = rated(alice, bob);
    Json s = get(port(), "/api/games/" + g.id).json();
    EXPECT_EQ(s["rated"], true);
    EXPECT_EQ(s["players"]["white"]["name"], "Alice") << s["players"];
    EXPECT_EQ(s["players"]["black"]["name"], "Bob");
    EXPECT_EQ(s["players"]["white"]["rating"], 1500);
    EXPECT_EQ(s["players"]["white"]["provisional"], true);
    for (const char* m : {"f2f3", "e7e5", "g2g4"}) {
        const HttpResult r = move(g.id, m[1] == '7' ? g.black : g.white, m);
        ASSERT_EQ(r.status, 200) << m << ": " << r;
    }
    ASSERT_EQ(move(g.id, g.black, "d8h4").status, 200);  // mate: Bob wins
    s = get(port(), "/api/games/" + g.id).json();
    ASSERT_EQ(s["result"], "0-1");
    // Glicko-2 from both new ratings (1500, 350, 0.06), one game each.
    const players::Result lost{1500, 350, 0}, won{1500, 350, 1};
    const players::Rating white = players::rate({}, std::span(&lost, 1));
    const players::Rating black = players::rate({}, std::span(&won, 1));
    EXPECT_EQ(s["players"]["white"]["before"], 1500) << s["players"];
    EXPECT_EQ(s["players"]["white"]["rating"], std::lround(white.rating)) << s["players"];
    EXPECT_EQ(s["players"]["black"]["rating"], std::lround(black.rating)) << s["players"];
    EXPECT_LT(white.rating, 1500);
    // Stored with the result: both ratings and both changes.
    EXPECT_EQ(query_database(db(), "SELECT account, games FROM ratings ORDER BY account"),
              (Rows{{"alice", "1"}, {"bob", "1"}}));
    EXPECT_EQ(
        query_database(db(), "SELECT count(*) FROM rating_changes WHERE game_id = '" + g.id + "'"),
        (Rows{{"2"}}));

    // A second game, ended by resignation: computed from the stored ratings.
    const Game h = rated(bob, alice);
    ASSERT_EQ(move(h.id, h.white, "e2e4").status, 200);
    ASSERT_EQ(post(port(), "/api/games/" + h.id + "/resign", {{"token", h.black}}).status, 200);
    const Json t = get(port(), "/api/games/" + h.id).json();
    const players::Result again{black.rating, black.deviation, 0};
    const players::Rating alice2 = players::rate(white, std::span(&again, 1));
    EXPECT_EQ(t["players"]["black"]["name"], "Alice") << t["players"];
    EXPECT_EQ(t["players"]["black"]["before"], std::lround(white.rating));
    EXPECT_NEAR(t["players"]["black"]["rating"].get<double>(), alice2.rating, 1.0) << t["players"];
    EXPECT_EQ(query_database(db(), "SELECT games FROM ratings WHERE account = 'alice'"),
              (Rows{{"2"}}));

    // The player page: ratings, their history, the games, with filters.
    Json p = get(port(), "/api/players/alice").json();
    EXPECT_EQ(p["name"], "Alice");
    EXPECT_EQ(p["ratings"]["chess"]["games"], 2);
    EXPECT_EQ(p["history"]["chess"].size(), 2u);
    ASSERT_EQ(p["games"].size(), 2u) << p;
    EXPECT_EQ(p["games"][0]["id"], h.id) << "newest first";
    EXPECT_EQ(p["games"][0]["outcome"], "loss");
    EXPECT_EQ(p["games"][0]["side"], "black");
    EXPECT_EQ(get(port(), "/api/players/alice?result=win").json()["games"].size(), 0u);
    EXPECT_EQ(get(port(), "/api/players/bob?result=win").json()["games"].size(), 2u);
    EXPECT_EQ(get(port(), "/api/players/bob?rated=false").json()["games"].size(), 0u);
    EXPECT_EQ(get(port(), "/api/players/bob?variant=wreckage").json()["games"].size(), 0u);
    EXPECT_EQ(get(port(), "/api/players/bob?result=maybe").status, 400);
    // All of a player's games as one record file, each one replayable.
    const HttpResult records = get(port(), "/api/players/alice/record");
    ASSERT_EQ(records.status, 200) << records;
    EXPECT_NE(records.body.find("1. f3 e5 2. g4 Qh4#"), std::string::npos) << records.body;
    EXPECT_NE(records.body.find("1. e4"), std::string::npos) << records.body;
    EXPECT_LT(records.body.find("1. e4"), records.body.find("1. f3")) << "newest first";
    EXPECT_EQ(get(port(), "/api/players/alice/record?result=win").body, "");
    EXPECT_EQ(get(port(), "/api/players/nobody").status, 404);
}

TEST_P(ServerRatings, ARatedGameIsOnlyBetweenTwoAccounts) {
    const std::string alice = account("carol");
    HttpResult r =
        post(port(), "/api/games", {{"variant", "chess"}, {"mode", "online"}, {"rated", true}});
    EXPECT_EQ(r.status, 401) << r;
    r = as(alice, "POST", "/api/games",
           {{"variant", "chess"}, {"mode", "computer"}, {"rated", true}});
    EXPECT_EQ(r.status, 400) << r;
    r = as(alice, "POST", "/api/games",
           {{"variant", "chess"}, {"mode", "online"}, {"rated", "yes"}});
    EXPECT_EQ(r.status, 400) << r;
    r = as(alice, "POST", "/api/games",
           {{"variant", "chess"}, {"mode", "online"}, {"rated", true}});
    ASSERT_EQ(r.status, 201) << r;
    const std::string id = r.json()["id"], invite = r.json()["invite"];
    HttpResult j = post(port(), "/api/games/" + id + "/join", {{"invite", invite}});
    EXPECT_EQ(j.status, 401) << j;
    EXPECT_NE(j.body.find("log in"), std::string::npos) << j;
    j = as(alice, "POST", "/api/games/" + id + "/join", {{"invite", invite}});
    EXPECT_EQ(j.status, 409) << j;
    // A request made on an account's behalf from another site is refused.
    r = as(alice, "POST", "/api/games", {{"variant", "chess"}, {"mode", "online"}, {"rated", true}},
           {{"Origin", "https://elsewhere.example"}});
    EXPECT_EQ(r.status, 403) << r;
}

TEST_P(ServerRatings, TheLeaderboardListsEstablishedRatingsBestFirst) {
    const std::string dan = account("dan"), eve = account("eve");
    const Game g = rated(dan, eve);
    for (const char* m : {"f2f3", "e7e5", "g2g4"})
        ASSERT_EQ(move(g.id, m[1] == '7' ? g.black : g.white, m).status, 200) << m;
    ASSERT_EQ(move(g.id, g.black, "d8h4").status, 200);
    Json board = get(port(), "/api/ratings/chess").json();
    EXPECT_TRUE(board["players"].empty()) << "both are provisional: " << board;
    // Once a rating is established (here set so), it is listed; the other is not.
    EXPECT_EQ(edit_db("UPDATE ratings SET deviation = 60 WHERE account = 'eve'"), 1);
    board = get(port(), "/api/ratings/chess").json();
    ASSERT_EQ(board["players"].size(), 1u) << board;
    EXPECT_EQ(board["players"][0]["name"], "eve");
    EXPECT_EQ(board["players"][0]["provisional"], false);
    EXPECT_EQ(get(port(), "/api/ratings/nosuchvariant").status, 404);
    EXPECT_EQ(get(port(), "/api/ratings/chess?limit=0").status, 400);
    // An account deleted: its games stay without its name, its ratings go.
    ASSERT_EQ(as(eve, "POST", "/api/account/delete", {{"password", "a good password"}}).status,
              200);
    const Json s = get(port(), "/api/games/" + g.id).json();
    EXPECT_TRUE(s["players"]["black"].is_null()) << s["players"];
    EXPECT_TRUE(get(port(), "/api/ratings/chess").json()["players"].empty());
}

}  // namespace
}  // namespace chimera
