// Aborting and leaving games, against `chimera serve` (docs/api.md, "Aborting
// and leaving a game"; docs/rules.md): abort until both sides have moved on
// the server, an invitation nobody accepts, presence over the WebSocket, the
// claim of an untimed online game, a computer game its human walked away
// from, and restarts that end nothing by themselves. The timers are shortened
// with the server's options; every wait is bounded, and where a test checks
// that something has not happened yet, the timer is far longer than any
// machine takes for the steps before the check.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>

#include "server_client.h"

namespace chimera {
namespace {

using namespace chimera::testing;

constexpr auto kEndTimeout = 30s;  // bound on waiting for a timer of 1-2 s to end a game

// A WebSocket with a seat's token whose client then falls silent without
// closing, as a lost network does: it never reads, so it answers no ping.
int vanishing_seat(unsigned short port, const std::string& id, const std::string& token) {
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0) return -1;
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(port);
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) return ::close(fd), -1;
    const std::string hello =
        "GET " + ws_target(id, token) +
        " HTTP/1.1\r\nHost: localhost\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n";
    if (::write(fd, hello.data(), hello.size()) != static_cast<ssize_t>(hello.size()))
        return ::close(fd), -1;
    return fd;
}

class ServerAbort : public ServerFixture {
  protected:
    // Each test starts the server with the timers it needs.
    void SetUp() override {}
    void start(const std::vector<std::string>& extra = {}) {
        ASSERT_TRUE(server_.start(db(), extra));
    }
    void restart(const std::vector<std::string>& extra = {}) {
        ASSERT_TRUE(server_.stop());
        start(extra);
    }

    // Opens a WebSocket with a seat's token and waits for its first state, sent
    // once the server counts the seat as present.
    void connect_seat(WsClient& ws, const std::string& id, const std::string& token) {
        ASSERT_TRUE(ws.connect(port(), ws_target(id, token))) << ws.last_error();
        ASSERT_TRUE(ws.next()) << ws.last_error();
    }

    HttpResult action(const std::string& id, const std::string& token, const std::string& what) {
        return post(port(), "/api/games/" + id + "/" + what, Json{{"token", token}});
    }

    // An online game whose invitation has been accepted: {game, the joiner's token}.
    std::pair<Created, std::string> online_pair(const Json& extra = Json::object()) {
        Json body{{"variant", "chess"}, {"mode", "online"}, {"side", "white"}};
        body.update(extra);
        Created g = create_game(port(), body);
        EXPECT_EQ(g.raw.status, 201) << g.raw;
        const HttpResult j = post(port(), "/api/games/" + g.id + "/join", {{"invite", g.invite}});
        EXPECT_EQ(j.status, 200) << j;
        return {g, j.json().value("token", "")};
    }

    Json wait_status(const Created& g, const std::string& status) {
        return poll_state(
            port(), g.id, "", [&](const Json& s) { return s.value("status", "") == status; },
            kEndTimeout);
    }

    static bool listed(const Json& rows, const std::string& id) {
        for (const Json& r : rows)
            if (r.value("id", "") == id) return true;
        return false;
    }
};

TEST_F(ServerAbort, ALocalGameIsAbortedBeforeBothSidesHaveMoved) {
    start();
    Created g = create_game(port(), {{"variant", "chess"}, {"mode", "local"}});
    ASSERT_EQ(g.raw.status, 201) << g.raw;
    Json s = game_state(port(), g.id, g.token);
    EXPECT_EQ(s.value("status", ""), "playing");
    EXPECT_EQ(s.value("abortable", false), true);
    ASSERT_EQ(http_move(port(), g.id, g.token, "e2e4").status, 200);
    EXPECT_EQ(game_state(port(), g.id, g.token).value("abortable", false), true)
        << "one side has moved: abort is still allowed";

    const HttpResult r = action(g.id, g.token, "abort");
    ASSERT_EQ(r.status, 200) << r;
    EXPECT_EQ(r.json(), (Json{{"ok", true}, {"result", "*"}, {"status", "aborted"}}));
    s = game_state(port(), g.id);
    EXPECT_EQ(s.value("status", ""), "aborted");
    EXPECT_EQ(s.value("result", ""), "*") << "an aborted game has no result";
    EXPECT_EQ(s.value("termination", ""), "aborted");
    EXPECT_EQ(s.value("abortable", true), false);
    EXPECT_EQ(s["legal"], Json::object());

    // Over: no move, no second abort, no resignation.
    EXPECT_EQ(http_move(port(), g.id, g.token, "e7e5").status, 409);
    EXPECT_EQ(action(g.id, g.token, "abort").status, 409);
    EXPECT_EQ(action(g.id, g.token, "resign").status, 409);

    // Listed among the finished games, never as live, and written "*" in its record.
    const Json list = get(port(), "/api/games").json();
    EXPECT_FALSE(listed(list["live"], g.id)) << list.dump();
    ASSERT_TRUE(listed(list["recent"], g.id)) << list.dump();
    for (const Json& row : list["recent"])
        if (row["id"] == g.id) {
            EXPECT_EQ(row.value("status", ""), "aborted");
            EXPECT_EQ(row.value("result", ""), "*");
        }
    const std::string record = get(port(), "/api/games/" + g.id + "/record").body;
    EXPECT_NE(record.find("[Result \"*\"]"), std::string::npos) << record;
    EXPECT_NE(record.find("[Termination \"aborted\"]"), std::string::npos) << record;

    // The record comes back aborted, not as a game to continue.
    const HttpResult imported = post(port(), "/api/import", {{"record", record}});
    ASSERT_EQ(imported.status, 201) << imported;
    s = game_state(port(), imported.json().value("id", ""));
    EXPECT_EQ(s.value("status", ""), "aborted");
    EXPECT_EQ(s.value("termination", ""), "aborted");

    // It stays aborted over a restart.
    restart();
    s = game_state(port(), g.id);
    EXPECT_EQ(s.value("status", ""), "aborted");
    EXPECT_EQ(s.value("result", ""), "*");
}

TEST_F(ServerAbort, AbortIsRefusedOnceBothSidesHaveMovedAndToOutsiders) {
    start();
    Created g = create_game(port(), {{"variant", "chess"}, {"mode", "local"}});
    ASSERT_EQ(http_move(port(), g.id, g.token, "e2e4").status, 200);
    ASSERT_EQ(http_move(port(), g.id, g.token, "e7e5").status, 200);
    EXPECT_EQ(game_state(port(), g.id, g.token).value("abortable", true), false);
    HttpResult r = action(g.id, g.token, "abort");
    EXPECT_EQ(r.status, 409) << r;
    EXPECT_EQ(r.json()["error"].value("message", ""),
              "both sides have moved: the game can no longer be aborted");
    EXPECT_EQ(game_state(port(), g.id).value("status", ""), "playing");

    // Online: a spectator or a wrong token may not abort; the players may.
    auto [online, black] = online_pair();
    EXPECT_EQ(action(online.id, "", "abort").status, 403);
    EXPECT_EQ(action(online.id, "0000", "abort").status, 403);
    ASSERT_EQ(http_move(port(), online.id, online.token, "e2e4").status, 200);
    r = action(online.id, black, "abort");
    EXPECT_EQ(r.status, 200) << "Black has not moved yet: " << r;
    EXPECT_EQ(game_state(port(), online.id).value("status", ""), "aborted");

    // The creator of an online game aborts before anyone joins; joining is then refused.
    Created waiting = create_game(port(), {{"variant", "chess"}, {"mode", "online"}});
    ASSERT_EQ(action(waiting.id, waiting.token, "abort").status, 200);
    r = post(port(), "/api/games/" + waiting.id + "/join", {{"invite", waiting.invite}});
    EXPECT_EQ(r.status, 409) << r;
}

TEST_F(ServerAbort, MovesGivenWithTheGameDoNotCount) {
    start();
    Created g = create_game(port(), {{"variant", "chess"},
                                     {"mode", "local"},
                                     {"moves", Json::array({"e4", "e5", "Nf3", "Nc6"})}});
    ASSERT_EQ(g.raw.status, 201) << g.raw;
    EXPECT_EQ(game_state(port(), g.id).value("abortable", false), true)
        << "four moves given at creation, none played here";
    ASSERT_EQ(http_move(port(), g.id, g.token, "Bb5").status, 200);
    EXPECT_EQ(game_state(port(), g.id).value("abortable", false), true);
    ASSERT_EQ(http_move(port(), g.id, g.token, "a6").status, 200);
    EXPECT_EQ(game_state(port(), g.id).value("abortable", true), false);
    EXPECT_EQ(action(g.id, g.token, "abort").status, 409);

    // An imported game still going, continued against the computer, and its
    // count of given moves kept over a restart.
    const HttpResult imported = post(
        port(), "/api/import",
        {{"record", "1. e4 e5 2. Nf3 *"}, {"mode", "computer"}, {"level", 1}, {"side", "black"}});
    ASSERT_EQ(imported.status, 201) << imported;
    const std::string id = imported.json().value("id", "");
    const std::string token = imported.json().value("token", "");
    restart();
    EXPECT_EQ(game_state(port(), id).value("abortable", false), true);
    const HttpResult r = action(id, token, "abort");
    EXPECT_EQ(r.status, 200) << r;
}

TEST_F(ServerAbort, TheHumanAbortsAgainstTheComputerOverTheWebSocket) {
    start();
    Created g = create_game(
        port(), {{"variant", "chess"}, {"mode", "computer"}, {"side", "black"}, {"level", 1}});
    ASSERT_EQ(g.raw.status, 201) << g.raw;
    WsClient ws;
    ASSERT_TRUE(ws.connect(port(), ws_target(g.id, g.token))) << ws.last_error();
    const auto opened = ws.wait_state(1, kComputerTimeout);
    ASSERT_TRUE(opened) << "the computer's opening move: " << ws.last_error();
    EXPECT_EQ(opened->value("present", Json()), (Json{{"white", true}, {"black", true}}));
    EXPECT_EQ((*opened).value("abortable", false), true) << "only the computer has moved";
    ASSERT_TRUE(ws.send(Json{{"type", "abort"}}));
    const auto ack = ws.wait_for([](const Json& m) { return !is_push(m); });
    ASSERT_TRUE(ack) << ws.last_error();
    EXPECT_EQ(*ack, (Json{{"type", "ack"},
                          {"of", "abort"},
                          {"ok", true},
                          {"result", "*"},
                          {"status", "aborted"}}));
    const auto pushed =
        ws.wait_view([](const Json& v) { return v.value("status", "") == "aborted"; });
    ASSERT_TRUE(pushed) << ws.last_error();
    EXPECT_EQ(pushed->value("termination", ""), "aborted");
    EXPECT_EQ(pushed->value("abortable", true), false);
    EXPECT_EQ(ws.gaps(), 0);

    // After the human's reply both sides have moved: no abort.
    Created h = create_game(
        port(), {{"variant", "chess"}, {"mode", "computer"}, {"side", "white"}, {"level", 1}});
    WsClient human;
    connect_seat(human, h.id, h.token);
    ASSERT_EQ(http_move(port(), h.id, h.token, "e2e4").status, 200);
    ASSERT_TRUE(human.wait_state(2, kComputerTimeout)) << human.last_error();
    ASSERT_TRUE(human.send(Json{{"type", "abort"}}));
    const auto refused =
        human.wait_for([](const Json& m) { return m.value("type", "") == "error"; });
    ASSERT_TRUE(refused) << human.last_error();
    EXPECT_EQ(refused->value("status", 0), 409);
    EXPECT_EQ(game_state(port(), h.id).value("status", ""), "playing");
}

// A seat arriving or leaving is pushed as a new version of the game; it must
// not make the computer drop the move it is searching (level 8 searches for
// seconds, so the human leaves during the search).
TEST_F(ServerAbort, TheComputerRepliesWhenItsOpponentLeavesDuringTheSearch) {
    start();
    Created g = create_game(
        port(), {{"variant", "chess"}, {"mode", "computer"}, {"side", "white"}, {"level", 8}});
    ASSERT_EQ(g.raw.status, 201) << g.raw;
    {
        WsClient human;
        connect_seat(human, g.id, g.token);
        ASSERT_EQ(http_move(port(), g.id, g.token, "e2e4").status, 200);
    }
    const Json s = poll_state(
        port(), g.id, "", [](const Json& j) { return j["moves"].size() == 2; }, kComputerTimeout);
    EXPECT_EQ(s["moves"].size(), 2u) << "the computer did not reply";
    EXPECT_EQ(s.value("present", Json()), (Json{{"white", false}, {"black", true}}));
}

TEST_F(ServerAbort, AnInvitationNobodyAcceptsEndsAborted) {
    start({"--invite-seconds", "1"});
    Created g =
        create_game(port(), {{"variant", "chess"}, {"mode", "online"}, {"base_minutes", 5}});
    ASSERT_EQ(g.raw.status, 201) << g.raw;
    const Json s = wait_status(g, "aborted");
    ASSERT_EQ(s.value("status", ""), "aborted") << s.dump();
    EXPECT_EQ(s.value("result", ""), "*") << "not a time forfeit, not a win";
    EXPECT_EQ(s.value("termination", ""), "aborted");
    const HttpResult r = post(port(), "/api/games/" + g.id + "/join", {{"invite", g.invite}});
    EXPECT_EQ(r.status, 409) << r;
}

TEST_F(ServerAbort, AJoinedGameIsNotAbortedByTheInvitationTime) {
    start();
    auto [g, black] = online_pair();
    // With both seats taken and both players connected, a short invitation time
    // and waiting past it change nothing (nor does the restart).
    restart({"--invite-seconds", "1"});
    WsClient white_ws, black_ws;
    connect_seat(white_ws, g.id, g.token);
    connect_seat(black_ws, g.id, black);
    std::this_thread::sleep_for(3s);
    const Json s = game_state(port(), g.id);
    EXPECT_EQ(s.value("status", ""), "playing") << s.dump();
    EXPECT_EQ(s.value("present", Json()), (Json{{"white", true}, {"black", true}}));
}

TEST_F(ServerAbort, AnOnlineGameLeftBeforeBothSidesMovedEndsAborted) {
    start();
    const Created g = online_pair({{"base_minutes", 10}}).first;
    ASSERT_EQ(http_move(port(), g.id, g.token, "e2e4").status, 200);
    restart({"--absence-seconds", "1"});
    // Nobody is connected: the game is aborted, not won on time or by a claim.
    const Json s = wait_status(g, "aborted");
    EXPECT_EQ(s.value("status", ""), "aborted") << s.dump();
    EXPECT_EQ(s.value("result", ""), "*");
}

TEST_F(ServerAbort, TheClaimWaitsForTheAbsenceTime) {
    start();  // 120 s: far more than the steps below take
    auto [g, black] = online_pair();
    WsClient white_ws, black_ws;
    connect_seat(white_ws, g.id, g.token);
    connect_seat(black_ws, g.id, black);
    ASSERT_EQ(http_move(port(), g.id, g.token, "e2e4").status, 200);
    EXPECT_EQ(action(g.id, g.token, "claim").status, 409) << "before both sides have moved";
    ASSERT_EQ(http_move(port(), g.id, black, "e7e5").status, 200);

    HttpResult r = action(g.id, g.token, "claim");
    EXPECT_EQ(r.status, 409) << r;
    EXPECT_EQ(r.json()["error"].value("message", ""), "your opponent is connected");
    EXPECT_FALSE(game_state(port(), g.id, g.token).contains("claim_in_ms"));

    black_ws.close();
    const auto left = white_ws.wait_view([](const Json& v) {
        return v.value("present", Json::object()).value("black", true) == false;
    });
    ASSERT_TRUE(left) << "the departure is pushed: " << white_ws.last_error();
    ASSERT_TRUE(left->contains("claim_in_ms")) << left->dump();
    EXPECT_GT((*left)["claim_in_ms"].get<long long>(), 60000);
    EXPECT_LE((*left)["claim_in_ms"].get<long long>(), 120000);
    EXPECT_FALSE(game_state(port(), g.id).contains("claim_in_ms")) << "spectators see no claim";
    r = action(g.id, g.token, "claim");
    EXPECT_EQ(r.status, 409) << r;
    EXPECT_EQ(r.json()["error"].value("message", ""),
              "your opponent has been away for less than 120 s");
    EXPECT_EQ(action(g.id, g.token, "abort").status, 409) << "no escape by abort either";

    // Back again: no claim.
    connect_seat(black_ws, g.id, black);
    const auto back = white_ws.wait_view(
        [](const Json& v) { return v.value("present", Json::object()).value("black", false); });
    ASSERT_TRUE(back) << white_ws.last_error();
    EXPECT_FALSE(back->contains("claim_in_ms"));
    EXPECT_EQ(game_state(port(), g.id).value("status", ""), "playing");
}

// The server pings a silent WebSocket and closes one that does not answer
// within 30 s (docs/api.md, "Presence"): a vanished player's seat is then away
// (before, such a connection stayed open for 5 minutes).
TEST_F(ServerAbort, AVanishedConnectionStopsCountingAsPresent) {
    // Pings after 2 s of silence, closed after 4 s unanswered: the default 30 s
    // is the same mechanism (ServerConnections tests the ping itself).
    start({"--ws-idle-seconds", "4"});
    auto [g, black] = online_pair();
    WsClient white_ws;
    connect_seat(white_ws, g.id, g.token);
    const int fd = vanishing_seat(port(), g.id, black);
    ASSERT_GE(fd, 0);
    auto present_black = [](bool present) {
        return [present](const Json& v) {
            return v.value("present", Json::object()).value("black", !present) == present;
        };
    };
    EXPECT_TRUE(white_ws.wait_view(present_black(true))) << white_ws.last_error();
    const auto gone = white_ws.wait_view(present_black(false), 60s);
    ::close(fd);
    ASSERT_TRUE(gone) << "the silent connection still holds the seat: " << white_ws.last_error();
}

TEST_F(ServerAbort, ThePlayerWhoStayedClaimsTheWin) {
    start();
    auto [g, black] = online_pair();
    ASSERT_EQ(http_move(port(), g.id, g.token, "e2e4").status, 200);
    ASSERT_EQ(http_move(port(), g.id, black, "e7e5").status, 200);
    // Both sides have moved: after this nothing ends the game by itself, so a
    // short absence time cannot race the steps below.
    restart({"--absence-seconds", "1"});
    WsClient white_ws, black_ws;
    connect_seat(white_ws, g.id, g.token);
    connect_seat(black_ws, g.id, black);
    std::this_thread::sleep_for(1500ms);
    HttpResult r = action(g.id, g.token, "claim");
    EXPECT_EQ(r.status, 409) << "a connected opponent is never claimed against: " << r;

    black_ws.close();
    const auto deadline = std::chrono::steady_clock::now() + kEndTimeout;
    do {
        std::this_thread::sleep_for(100ms);
        r = action(g.id, g.token, "claim");
    } while (r.status == 409 && std::chrono::steady_clock::now() < deadline);
    ASSERT_EQ(r.status, 200) << r;
    EXPECT_EQ(r.json(), (Json{{"ok", true}, {"result", "1-0"}, {"status", "over"}}));
    const Json s = game_state(port(), g.id);
    EXPECT_EQ(s.value("status", ""), "over");
    EXPECT_EQ(s.value("result", ""), "1-0");
    EXPECT_EQ(s.value("termination", ""), "black abandoned the game");
    const std::string record = get(port(), "/api/games/" + g.id + "/record").body;
    EXPECT_NE(record.find("[Result \"1-0\"]"), std::string::npos) << record;
}

TEST_F(ServerAbort, ATimedGameIsNotClaimedTheFlagDecides) {
    start();
    auto [g, black] = online_pair({{"base_minutes", 10}});
    ASSERT_EQ(http_move(port(), g.id, g.token, "e2e4").status, 200);
    ASSERT_EQ(http_move(port(), g.id, black, "e7e5").status, 200);
    restart({"--absence-seconds", "1"});
    WsClient white_ws;
    connect_seat(white_ws, g.id, g.token);
    std::this_thread::sleep_for(2500ms);  // Black away well over the absence time
    const Json s = game_state(port(), g.id, g.token);
    EXPECT_FALSE(s.contains("claim_in_ms")) << s.dump();
    const HttpResult r = action(g.id, g.token, "claim");
    EXPECT_EQ(r.status, 409) << r;
    EXPECT_EQ(r.json()["error"].value("message", ""),
              "the clock decides a timed game: there is no claim");
    EXPECT_EQ(game_state(port(), g.id).value("status", ""), "playing")
        << "ten minutes on the clock: nothing has ended it";
}

TEST_F(ServerAbort, AComputerGameItsHumanLeftIsLost) {
    start();
    Created g = create_game(
        port(), {{"variant", "chess"}, {"mode", "computer"}, {"side", "white"}, {"level", 1}});
    ASSERT_EQ(http_move(port(), g.id, g.token, "e2e4").status, 200);
    const Json replied = poll_state(
        port(), g.id, "", [](const Json& s) { return s["moves"].size() == 2; }, kComputerTimeout);
    ASSERT_EQ(replied["moves"].size(), 2u);
    // Both sides have moved; the human never comes back.
    restart({"--abandon-seconds", "1"});
    const Json s = wait_status(g, "over");
    ASSERT_EQ(s.value("status", ""), "over") << s.dump();
    EXPECT_EQ(s.value("result", ""), "0-1");
    EXPECT_EQ(s.value("termination", ""), "white abandoned the game");
}

TEST_F(ServerAbort, AComputerGameIsKeptWhileItsHumanIsConnected) {
    start();
    Created g = create_game(
        port(), {{"variant", "chess"}, {"mode", "computer"}, {"side", "white"}, {"level", 1}});
    ASSERT_EQ(http_move(port(), g.id, g.token, "e2e4").status, 200);
    ASSERT_EQ(poll_state(
                  port(), g.id, "", [](const Json& s) { return s["moves"].size() == 2; },
                  kComputerTimeout)["moves"]
                  .size(),
              2u);
    // Connecting takes far less than 4 s after the restart; staying 5 s is
    // past the abandon time, which then runs from the departure.
    restart({"--abandon-seconds", "4"});
    WsClient human;
    connect_seat(human, g.id, g.token);
    std::this_thread::sleep_for(5s);
    EXPECT_EQ(game_state(port(), g.id).value("status", ""), "playing");
    human.close();
    const Json s = wait_status(g, "over");
    EXPECT_EQ(s.value("termination", ""), "white abandoned the game") << s.dump();
}

TEST_F(ServerAbort, GamesNobodyStartedAreAbortedWhenLeft) {
    start({"--abandon-seconds", "1"});
    Created computer = create_game(
        port(), {{"variant", "chess"}, {"mode", "computer"}, {"side", "white"}, {"level", 1}});
    Created local = create_game(port(), {{"variant", "chess"}, {"mode", "local"}});
    for (const Created* g : {&computer, &local}) {
        const Json s = wait_status(*g, "aborted");
        EXPECT_EQ(s.value("status", ""), "aborted") << s.dump();
        EXPECT_EQ(s.value("result", ""), "*") << "not a loss: the human never moved";
    }
}

TEST_F(ServerAbort, ARestartEndsNoGameByItself) {
    start();
    Created invite = create_game(port(), {{"variant", "chess"}, {"mode", "online"}});
    auto [online, black] = online_pair();
    ASSERT_EQ(http_move(port(), online.id, online.token, "e2e4").status, 200);
    ASSERT_EQ(http_move(port(), online.id, black, "e7e5").status, 200);
    Created computer = create_game(
        port(), {{"variant", "chess"}, {"mode", "computer"}, {"side", "white"}, {"level", 1}});
    ASSERT_EQ(http_move(port(), computer.id, computer.token, "e2e4").status, 200);
    ASSERT_EQ(poll_state(
                  port(), computer.id, "", [](const Json& s) { return s["moves"].size() == 2; },
                  kComputerTimeout)["moves"]
                  .size(),
              2u);
    Created local = create_game(port(), {{"variant", "chess"}, {"mode", "local"}});
    ASSERT_TRUE(server_.stop());
    // Everything happened two hours ago, and so did the server's last heartbeat.
    edit_db(
        "UPDATE games SET created_ms = created_ms - 7200000, updated_ms = updated_ms - 7200000");
    edit_db("UPDATE heartbeat SET at_ms = at_ms - 7200000");

    // Every timer is a minute: had the absences counted from before the
    // restart, every game would end at once.
    start({"--invite-seconds", "60", "--absence-seconds", "60", "--abandon-seconds", "60"});
    for (const Created* g : {&invite, &online, &computer, &local})
        EXPECT_EQ(game_state(port(), g->id).value("status", ""), "playing") << g->id;
    const Json s = game_state(port(), online.id, online.token);
    ASSERT_TRUE(s.contains("claim_in_ms")) << s.dump();
    EXPECT_GT(s["claim_in_ms"].get<long long>(), 30000) << "counted from the restart";
    EXPECT_EQ(action(online.id, online.token, "claim").status, 409);

    // And the timers run from the restart on.
    restart({"--invite-seconds", "1", "--absence-seconds", "1", "--abandon-seconds", "1"});
    EXPECT_EQ(wait_status(invite, "aborted").value("status", ""), "aborted");
    EXPECT_EQ(wait_status(local, "aborted").value("status", ""), "aborted");
    EXPECT_EQ(wait_status(computer, "over").value("termination", ""), "white abandoned the game");
    const auto deadline = std::chrono::steady_clock::now() + kEndTimeout;
    HttpResult r;
    do {
        std::this_thread::sleep_for(100ms);
        r = action(online.id, online.token, "claim");
    } while (r.status == 409 && std::chrono::steady_clock::now() < deadline);
    EXPECT_EQ(r.status, 200) << r;
}

TEST_F(ServerAbort, TheTimersAreServerOptions) {
    // A value out of range is a usage error: the server does not start.
    for (const char* option : {"--invite-seconds", "--absence-seconds", "--abandon-seconds"})
        for (const char* value : {"0", "86401", "x"}) {
            const std::string command = std::string(CHIMERA_BINARY) + " serve --db " +
                                        dir_.file("unused.db") + " " + option + " " + value +
                                        " >/dev/null 2>&1";
            const int status = std::system(command.c_str());
            EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 2) << command;
        }
    start(
        {"--invite-seconds", "86400", "--absence-seconds", "86400", "--abandon-seconds", "86400"});
    EXPECT_EQ(get(port(), "/api/health").status, 200);
}

}  // namespace
}  // namespace chimera
