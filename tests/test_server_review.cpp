// Post-game reviews against `chimera serve` (docs/api.md, "Reviews"): a
// finished game's every position evaluated, each move's loss in expected
// score and its mark, computed once, stored with the game (on each backend)
// and read back after a restart; games that have no review yet, are still
// going on or were aborted; the bounded queue; bad requests.
#include "server_client.h"

namespace chimera {
namespace {

using namespace chimera::testing;

constexpr auto kReviewTimeout = 120s;  // a few short games at 20,000 nodes a position
// The reviews' budget here: enough to find the mate and the blunder, and
// 2.5 times cheaper than the default under the sanitizers.
const std::vector<std::string> kBudget = {"--review-nodes", "20000"};

// Fool's mate: White's 2. g4 allows 2... Qh4#.
const std::vector<std::string> kFoolsMate = {"f2f3", "e7e5", "g2g4", "d8h4"};

std::string finished_game(unsigned short port, const std::vector<std::string>& moves) {
    const HttpResult r =
        post(port, "/api/games", {{"variant", "chess"}, {"mode", "local"}, {"moves", moves}});
    EXPECT_EQ(r.status, 201) << r;
    return r.json().value("id", "");
}

// Polls the review until it is there (200); the last answer.
HttpResult wait_review(unsigned short port, const std::string& id) {
    const auto deadline = std::chrono::steady_clock::now() + kReviewTimeout;
    HttpResult r;
    do {
        r = get(port, "/api/games/" + id + "/review");
        if (r.status != 202) return r;
        std::this_thread::sleep_for(50ms);
    } while (std::chrono::steady_clock::now() < deadline);
    return r;
}

class ServerReview : public BackendServerFixture {
  protected:
    void SetUp() override { ASSERT_TRUE(server_.start(db(), kBudget)); }
};
CHIMERA_ON_EACH_BACKEND(ServerReview);

// The review has an evaluation of every position, the end for the last;
// White's 2. g4 loses everything (a blunder, with the move that was best);
// it is stored under its budget, so a server restarted with the same budget
// answers at once with the same text, and one with another has none.
TEST_P(ServerReview, AFinishedGameIsReviewedOnceAndKept) {
    const std::string id = finished_game(port(), kFoolsMate);
    HttpResult none = get(port(), "/api/games/" + id + "/review");
    EXPECT_EQ(none.status, 404) << none;
    EXPECT_NE(none.body.find("POST"), std::string::npos) << none;

    const HttpResult asked = http_request(port(), "POST", "/api/games/" + id + "/review");
    ASSERT_EQ(asked.status, 202) << asked;
    EXPECT_TRUE(asked.json()["status"] == "queued" || asked.json()["status"] == "computing")
        << asked;
    const HttpResult r = wait_review(port(), id);
    ASSERT_EQ(r.status, 200) << r;
    const Json review = r.json();
    EXPECT_EQ(review["plies"], 4);
    EXPECT_EQ(review["variant"], "chess");
    EXPECT_NE(review["engine"].get<std::string>().find("20000 nodes"), std::string::npos);
    ASSERT_EQ(review["evals"].size(), 5u) << review;
    ASSERT_EQ(review["expected"].size(), 5u) << review;
    EXPECT_EQ(review["evals"][4], Json({{"outcome", "checkmate"}}));
    EXPECT_EQ(review["expected"][4], 0.0);  // 0-1: Black mated
    // After 2. g4, Black to move mates in one: White's expected score is 0.
    EXPECT_EQ(review["evals"][3], Json({{"mate", -1}})) << review;
    EXPECT_EQ(review["best"][3], "Qh4#");
    ASSERT_EQ(review["moves"].size(), 4u);
    const Json& g4 = review["moves"][2];
    EXPECT_EQ(g4["san"], "g4");
    EXPECT_EQ(g4["side"], "white");
    EXPECT_EQ(g4["mark"], "blunder") << g4;
    EXPECT_GT(g4["loss"].get<double>(), 0.3) << g4;
    EXPECT_TRUE(g4["best"].is_string()) << g4;
    EXPECT_NE(g4["best"], "g4");
    // The mate itself loses nothing.
    EXPECT_EQ(review["moves"][3]["loss"], 0.0);
    EXPECT_FALSE(review["moves"][3].contains("mark"));
    EXPECT_GE(review["summary"]["white"]["blunders"].get<int>(), 1);
    EXPECT_EQ(review["summary"]["black"]["blunders"], 0);

    ASSERT_TRUE(server_.stop());
    ASSERT_TRUE(server_.start(db()));  // the default budget, 50,000 nodes
    const HttpResult other = get(port(), "/api/games/" + id + "/review");
    EXPECT_EQ(other.status, 404) << other;
    ASSERT_TRUE(server_.stop());
    ASSERT_TRUE(server_.start(db(), kBudget));
    const HttpResult again = get(port(), "/api/games/" + id + "/review");
    ASSERT_EQ(again.status, 200) << again;
    EXPECT_EQ(again.body, r.body);
    // Asking again changes nothing.
    const HttpResult repeat = http_request(port(), "POST", "/api/games/" + id + "/review");
    EXPECT_EQ(repeat.status, 200) << repeat;
    EXPECT_EQ(repeat.body, r.body);
}

class ServerReviewRequests : public ServerFixture {};

TEST_F(ServerReviewRequests, OnlyFinishedGamesHaveReviews) {
    const HttpResult live = post(port(), "/api/games", {{"variant", "chess"}, {"mode", "local"}});
    ASSERT_EQ(live.status, 201);
    const std::string id = live.json()["id"];
    HttpResult r = http_request(port(), "POST", "/api/games/" + id + "/review");
    EXPECT_EQ(r.status, 409) << r;
    EXPECT_NE(r.body.find("still going on"), std::string::npos) << r;
    const HttpResult aborted =
        post(port(), "/api/games/" + id + "/abort", {{"token", live.json()["token"]}});
    ASSERT_EQ(aborted.status, 200) << aborted;
    r = http_request(port(), "POST", "/api/games/" + id + "/review");
    EXPECT_EQ(r.status, 409) << r;
    EXPECT_NE(r.body.find("aborted"), std::string::npos) << r;
    r = http_request(port(), "POST", "/api/games/nosuchgame/review");
    EXPECT_EQ(r.status, 404) << r;
    const std::string done = finished_game(port(), kFoolsMate);
    r = http_request(port(), "POST", "/api/games/" + done + "/review", "{\"fast\": true}");
    EXPECT_EQ(r.status, 400) << r;
    r = http_request(port(), "PUT", "/api/games/" + done + "/review");
    EXPECT_EQ(r.status, 405) << r;
    r = get(port(), "/api/games/" + done + "/review?depth=3");
    EXPECT_EQ(r.status, 400) << r;
}

// At most --review-queue games wait; beyond, 503 with nothing queued;
// every game queued is reviewed in the end.
class ServerReviewQueue : public ServerFixture {
  protected:
    void SetUp() override {
        std::vector<std::string> args = kBudget;
        args.insert(args.end(), {"--review-queue", "2"});
        ASSERT_TRUE(server_.start(db(), args));
    }
};

TEST_F(ServerReviewQueue, TheQueueIsBounded) {
    std::vector<std::string> ids;
    for (int i = 0; i < 5; ++i) ids.push_back(finished_game(port(), kFoolsMate));
    int refused = 0;
    std::vector<std::string> accepted;
    for (const std::string& id : ids) {
        const HttpResult r = http_request(port(), "POST", "/api/games/" + id + "/review");
        if (r.status == 202 || r.status == 200) {
            accepted.push_back(id);
        } else {
            EXPECT_EQ(r.status, 503) << r;
            EXPECT_NE(r.body.find("reviews waiting"), std::string::npos) << r;
            ++refused;
            EXPECT_EQ(get(port(), "/api/games/" + id + "/review").status, 404);
        }
    }
    // 2 waiting and at most one under way (two when the first is already done).
    EXPECT_GE(accepted.size(), 2u);
    EXPECT_LE(accepted.size(), 4u);
    EXPECT_GE(refused, 1);
    for (const std::string& id : accepted) EXPECT_EQ(wait_review(port(), id).status, 200) << id;
}

}  // namespace
}  // namespace chimera
