// The analysis WebSocket against `chimera serve` (docs/api.md, "Analysis"):
// a search of any position streamed as it deepens, its lines in SAN with
// scores from White's point of view, stop and replacement, the end of a
// search by itself, the bounds per connection, per address and per server,
// and bad requests answered with what is wrong and where. /api/moves with
// `moves`, which the analysis board steps through variations with, is here too.
#include <set>

#include "server_client.h"

namespace chimera {
namespace {

using namespace chimera::testing;

constexpr auto kSearchTimeout = 20s;  // bound on a search reaching a shallow depth

class ServerAnalysis : public ServerFixture {
  protected:
    void SetUp() override {}
    void start(const std::vector<std::string>& extra = {}) {
        ASSERT_TRUE(server_.start(db(), extra));
    }
    void connect(WsClient& ws) {
        ASSERT_TRUE(ws.connect(port(), "/api/analysis/ws")) << ws.last_error();
    }
    // Sends an analyse request and waits for its ack.
    void analyse(WsClient& ws, Json request) {
        request["type"] = "analyse";
        ASSERT_TRUE(ws.send(request));
        const auto ack = ws.wait_for([](const Json& m) { return m["type"] != "analysis"; });
        ASSERT_TRUE(ack) << ws.last_error();
        ASSERT_EQ((*ack)["type"], "ack") << *ack;
        ASSERT_EQ((*ack)["id"], request.value("id", 0)) << *ack;
    }
    // The first report of search `id` at least `depth` deep (or its end).
    std::optional<Json> report_at(WsClient& ws, std::int64_t id, int depth) {
        return ws.wait_for(
            [&](const Json& m) {
                return m.value("id", -1) == id &&
                       (m["type"] == "done" || (m["type"] == "analysis" && m["depth"] >= depth));
            },
            kSearchTimeout);
    }
    std::optional<Json> done_of(WsClient& ws, std::int64_t id) {
        return ws.wait_for(
            [&](const Json& m) { return m["type"] == "done" && m.value("id", -1) == id; },
            kSearchTimeout);
    }
    // The SAN of every legal move after `moves` (separated by '+') from fen.
    std::set<std::string> legal_sans(const std::string& variant, const std::string& fen = "",
                                     const std::string& moves = "") {
        std::string target = "/api/moves?variant=" + variant;
        if (!fen.empty()) target += "&fen=" + url_encode(fen);
        if (!moves.empty()) target += "&moves=" + moves;
        const HttpResult r = get(port(), target);
        std::set<std::string> out;
        EXPECT_EQ(r.status, 200) << r;
        if (r.status != 200) return out;
        for (const Json& m : r.json()["legal_moves"]) out.insert(m["san"].get<std::string>());
        return out;
    }
    static std::string url_encode(const std::string& s) {
        std::string out;
        for (char c : s) {
            if (std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '.' || c == '/')
                out += c;
            else {
                char buf[4];
                std::snprintf(buf, sizeof buf, "%%%02X", static_cast<unsigned char>(c));
                out += buf;
            }
        }
        return out;
    }
    // A line's score as one number from White's side, mates beyond any centipawns.
    static int white_value(const Json& line) {
        const Json& s = line["score"];
        if (s.contains("mate")) {
            const int m = s["mate"];
            return m > 0 ? 100000 - m : -100000 - m;
        }
        return s["cp"];
    }
};

// Each report carries `lines` lines, best first from the side to move's point
// of view, every move of each a legal move where it is played (checked by
// playing the line's LAN on /api/moves and comparing its SAN), and depths
// that grow from one report to the next.
TEST_F(ServerAnalysis, StreamsDeepeningLinesInSanForEveryVariant) {
    start();
    const HttpResult variants = get(port(), "/api/variants");
    ASSERT_EQ(variants.status, 200);
    for (const Json& v : variants.json()["variants"]) {
        const std::string id = v["id"];
        SCOPED_TRACE(id);
        WsClient ws;
        connect(ws);
        analyse(ws, {{"id", 1}, {"variant", id}, {"lines", 3}});
        int last_depth = 0;
        Json report;
        for (int reports = 0; last_depth < 5; ++reports) {
            auto r = ws.wait_for([](const Json& m) { return m["type"] != "ack"; }, kSearchTimeout);
            ASSERT_TRUE(r) << ws.last_error();
            ASSERT_EQ((*r)["type"], "analysis") << *r;  // no end by itself at depth 5
            ASSERT_GT((*r)["depth"].get<int>(), last_depth) << *r;
            last_depth = (*r)["depth"];
            report = *r;
        }
        ASSERT_EQ(report["lines"].size(), 3u) << report;
        const std::set<std::string> first = legal_sans(id);
        int previous = INT32_MAX;  // every start position has White to move
        for (const Json& line : report["lines"]) {
            ASSERT_FALSE(line["san"].empty()) << line;
            ASSERT_EQ(line["san"].size(), line["lan"].size()) << line;
            EXPECT_TRUE(first.count(line["san"][0])) << line;
            // The line's moves replayed one by one: each SAN is the server's for its LAN.
            std::string played;
            for (std::size_t i = 0; i < line["lan"].size() && i < 4; ++i) {
                const HttpResult at = get(port(), "/api/moves?variant=" + id +
                                                      (played.empty() ? "" : "&moves=" + played));
                ASSERT_EQ(at.status, 200) << at;
                bool found = false;
                for (const Json& m : at.json()["legal_moves"])
                    found |= m["lan"] == line["lan"][i] && m["san"] == line["san"][i];
                ASSERT_TRUE(found) << "ply " << i << " of " << line;
                played +=
                    (played.empty() ? "" : "+") + url_encode(line["lan"][i].get<std::string>());
            }
            const int value = white_value(line);
            EXPECT_LE(value, previous) << report;  // best first, for White
            previous = value;
        }
        ASSERT_TRUE(ws.send(Json{{"type", "stop"}}));
        const auto done = done_of(ws, 1);
        ASSERT_TRUE(done) << ws.last_error();
        EXPECT_EQ((*done)["reason"], "stopped") << *done;
        EXPECT_GE((*done)["depth"].get<int>(), last_depth) << *done;
    }
}

// Scores are White's: a mate Black gives is negative, one White gives
// positive, whoever is to move (fool's mate one move early, and its mirror).
TEST_F(ServerAnalysis, ScoresAreFromWhitesPointOfView) {
    start();
    WsClient ws;
    connect(ws);
    analyse(ws, {{"id", 2}, {"variant", "chess"}, {"moves", {"f2f3", "e7e5", "g2g4"}}});
    auto r = done_of(ws, 2);  // a mate proven ends the search by itself
    ASSERT_TRUE(r) << ws.last_error();
    EXPECT_EQ((*r)["reason"], "depth") << *r;
    ASSERT_FALSE((*r)["lines"].empty()) << *r;
    EXPECT_EQ((*r)["lines"][0]["score"], Json({{"mate", -1}})) << *r;
    EXPECT_EQ((*r)["lines"][0]["san"][0], "Qh4#") << *r;

    analyse(ws, {{"id", 3}, {"variant", "chess"}, {"moves", {"e2e4", "f7f6", "d2d4", "g7g5"}}});
    r = done_of(ws, 3);
    ASSERT_TRUE(r) << ws.last_error();
    EXPECT_EQ((*r)["lines"][0]["score"], Json({{"mate", 1}})) << *r;
    EXPECT_EQ((*r)["lines"][0]["san"][0], "Qh5#") << *r;

    // A quiet position: Black a queen up, Black to move, is good for Black.
    analyse(ws, {{"id", 4},
                 {"variant", "chess"},
                 {"fen", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR b KQkq - 0 1"}});
    r = report_at(ws, 4, 6);
    ASSERT_TRUE(r) << ws.last_error();
    EXPECT_LT(white_value((*r)["lines"][0]), -500) << *r;
}

// A position without a legal move is not searched: the end, and why.
TEST_F(ServerAnalysis, AFinishedPositionSaysHowItEnded) {
    start();
    WsClient ws;
    connect(ws);
    analyse(ws, {{"id", 5}, {"variant", "chess"}, {"moves", {"f2f3", "e7e5", "g2g4", "d8h4"}}});
    const auto r = done_of(ws, 5);
    ASSERT_TRUE(r) << ws.last_error();
    EXPECT_EQ((*r)["reason"], "over") << *r;
    EXPECT_EQ((*r)["outcome"], "checkmate") << *r;
    EXPECT_TRUE((*r)["lines"].empty()) << *r;
}

// One search per connection: a new request ends the one going on (its
// "done" says "replaced") and the new one reports under its own id.
TEST_F(ServerAnalysis, ANewRequestReplacesTheSearchGoingOn) {
    start({"--analysis-per-address", "1"});
    WsClient ws;
    connect(ws);
    analyse(ws, {{"id", 10}, {"variant", "wreckage"}});
    ASSERT_TRUE(report_at(ws, 10, 2));
    analyse(ws, {{"id", 11}, {"variant", "wataku"}});  // within the address's one search
    const auto replaced = done_of(ws, 10);
    ASSERT_TRUE(replaced) << ws.last_error();
    EXPECT_EQ((*replaced)["reason"], "replaced");
    const auto next = report_at(ws, 11, 3);
    ASSERT_TRUE(next) << ws.last_error();
    EXPECT_EQ((*next)["type"], "analysis") << *next;
}

// A search ends by itself after --analysis-seconds.
TEST_F(ServerAnalysis, ASearchEndsAfterItsTime) {
    start({"--analysis-seconds", "1"});
    WsClient ws;
    connect(ws);
    const auto t0 = std::chrono::steady_clock::now();
    analyse(ws, {{"id", 20}, {"variant", "chess"}});
    const auto r = done_of(ws, 20);
    ASSERT_TRUE(r) << ws.last_error();
    EXPECT_EQ((*r)["reason"], "time") << *r;
    EXPECT_GE((*r)["time_ms"].get<int>(), 500) << *r;
    EXPECT_GE(std::chrono::steady_clock::now() - t0, 900ms);
    EXPECT_EQ((*r)["lines"].size(), 1u) << *r;
}

// Searches per address and per server are bounded; a search ends with its
// connection, which frees its place.
TEST_F(ServerAnalysis, SearchesAreBoundedPerAddressAndServer) {
    start({"--analysis-per-address", "2", "--analysis-searches", "3"});
    WsClient a, b, c;
    connect(a);
    connect(b);
    connect(c);
    analyse(a, {{"id", 1}, {"variant", "chess"}});
    analyse(b, {{"id", 1}, {"variant", "chess"}});
    ASSERT_TRUE(c.send(Json{{"type", "analyse"}, {"id", 1}, {"variant", "chess"}}));
    auto refused = c.next();
    ASSERT_TRUE(refused) << c.last_error();
    EXPECT_EQ((*refused)["type"], "error") << *refused;
    EXPECT_EQ((*refused)["status"], 429) << *refused;
    EXPECT_NE((*refused)["message"].get<std::string>().find("analyses going on"), std::string::npos)
        << *refused;
    a.close();  // its search stops: its place is c's, once the worker lets go
    bool started = false;
    for (int attempt = 0; attempt < 100 && !started; ++attempt) {
        ASSERT_TRUE(c.send(Json{{"type", "analyse"}, {"id", 2}, {"variant", "chess"}}));
        const auto m = c.wait_for([](const Json& j) { return j["type"] != "analysis"; });
        ASSERT_TRUE(m) << c.last_error();
        started = (*m)["type"] == "ack";
        if (!started) std::this_thread::sleep_for(50ms);
    }
    EXPECT_TRUE(started);
    ASSERT_TRUE(report_at(c, 2, 2));
}

TEST_F(ServerAnalysis, TheServerBoundHoldsAcrossAddresses) {
    start({"--analysis-per-address", "5", "--analysis-searches", "1"});
    WsClient a, b;
    connect(a);
    connect(b);
    analyse(a, {{"id", 1}, {"variant", "chess"}});
    ASSERT_TRUE(b.send(Json{{"type", "analyse"}, {"id", 1}, {"variant", "chess"}}));
    const auto refused = b.next();
    ASSERT_TRUE(refused) << b.last_error();
    EXPECT_EQ((*refused)["status"], 503) << *refused;
    // The connection holding the slot may still replace its own search.
    analyse(a, {{"id", 2}, {"variant", "chess4d"}});
    ASSERT_TRUE(report_at(a, 2, 2));
}

// Every malformed message gets a 400 that says what and where; the
// connection stays open and its search is untouched.
TEST_F(ServerAnalysis, BadRequestsSayWhatIsWrongAndWhere) {
    start();
    WsClient ws;
    connect(ws);
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"not json", "JSON object with a string 'type'"},
        {R"({"type":"go"})", "unknown message type"},
        {R"({"type":"stop","id":1})", "unknown field 'id'"},
        {R"({"type":"analyse"})", "field 'variant'"},
        {R"({"type":"analyse","variant":"go"})", "unknown variant"},
        {R"({"type":"analyse","variant":"chess","fen":"8/8 w"})", "fen:"},
        {R"({"type":"analyse","variant":"chess","moves":["e2e4","e2e4"]})", "moves[1]"},
        {R"({"type":"analyse","variant":"chess","moves":["f3","e5","g4","Qh4","a3"]})", "moves[4]"},
        {R"({"type":"analyse","variant":"chess","lines":4})",
         "'lines' must be an integer from 1 to 3"},
        {R"({"type":"analyse","variant":"chess","id":-1})", "'id'"},
        {R"({"type":"analyse","variant":"chess","depth":3})", "unknown field 'depth'"},
    };
    for (const auto& [message, expected] : cases) {
        SCOPED_TRACE(message);
        ASSERT_TRUE(ws.send(message));
        const auto r = ws.next();
        ASSERT_TRUE(r) << ws.last_error();
        EXPECT_EQ((*r)["type"], "error") << *r;
        EXPECT_EQ((*r)["status"], 400) << *r;
        EXPECT_NE((*r)["message"].get<std::string>().find(expected), std::string::npos) << *r;
    }
    ASSERT_TRUE(ws.send(Json{{"type", "ping"}}));
    const auto pong = ws.next();
    ASSERT_TRUE(pong) << ws.last_error();
    EXPECT_EQ((*pong)["type"], "ack");
}

// /api/moves plays `moves` from the position before listing the legal ones;
// a bad one is named by its place.
TEST_F(ServerAnalysis, MovesListsThePositionAfterAVariation) {
    start();
    const HttpResult r = get(port(), "/api/moves?variant=chess&moves=e2e4+e5+Nf3");
    ASSERT_EQ(r.status, 200) << r;
    EXPECT_EQ(r.json()["fen"], "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
    EXPECT_EQ(r.json()["turn"], "black");
    EXPECT_EQ(r.json()["outcome"], "ongoing");
    EXPECT_EQ(r.json()["played"],
              Json::parse(R"([{"lan":"e2e4","san":"e4"},{"lan":"e7e5","san":"e5"},
                                                  {"lan":"g1f3","san":"Nf3"}])"));
    const HttpResult mate = get(port(), "/api/moves?variant=chess&moves=f3+e5+g4+Qh4");
    ASSERT_EQ(mate.status, 200) << mate;
    EXPECT_EQ(mate.json()["outcome"], "checkmate");
    EXPECT_TRUE(mate.json()["legal_moves"].empty());
    const HttpResult bad = get(port(), "/api/moves?variant=chess&moves=e4+e4");
    EXPECT_EQ(bad.status, 400) << bad;
    EXPECT_NE(bad.body.find("moves[1] 'e4'"), std::string::npos) << bad;
    const HttpResult after = get(port(), "/api/moves?variant=chess&moves=f3+e5+g4+Qh4+a3");
    EXPECT_EQ(after.status, 400) << after;
    EXPECT_NE(after.body.find("the game is over"), std::string::npos) << after;
}

}  // namespace
}  // namespace chimera
