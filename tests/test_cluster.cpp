// The cluster (docs/scaling.md "Several servers", docs/deploy.md): the tests'
// throw-away PostgreSQL, three `chimera serve` instances on one database, and
// haproxy in front of them with the committed deploy/haproxy.cfg (round-robin,
// health checks on /api/ready), all on loopback. Players play through the
// balancer, so their requests reach every instance (but the lobby's, which
// reach one: it pairs players before and after the kill, and on its standby
// once its own instance is gone); spectators watch on the
// third instance directly. One instance is killed with kill -9 while the games
// are going on; they finish on the others. The players' WebSockets (through
// the balancer) that were on it reconnect, through the balancer, to the others;
// one player does not come back, and the opponent claims the win by absence.
// A timed game held by the killed instance is not charged the time nobody
// held it. Then the database must hold every acknowledged move at its ply,
// and every result, and what the spectators saw.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <random>

#include "postgres_server.h"
#include "server_client.h"

namespace chimera {
namespace {

using namespace chimera::testing;
using namespace std::chrono_literals;

// A child process (haproxy, openssl), its output in a log; killed when it goes.
class Child {
  public:
    Child() = default;
    Child(const Child&) = delete;
    Child& operator=(const Child&) = delete;
    ~Child() { stop(); }
    bool start(const std::vector<std::string>& argv, const std::string& log) {
        pid_ = ::fork();
        if (pid_ == 0) {
            const int fd = ::open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
            ::dup2(fd, 1);
            ::dup2(fd, 2);
            std::vector<char*> args;
            for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
            args.push_back(nullptr);
            ::execvp(args[0], args.data());
            ::_exit(127);
        }
        return pid_ > 0;
    }
    // Waits for a child that ends by itself; its exit status (-1 if it did not).
    int wait() {
        int status = 0;
        if (pid_ <= 0 || ::waitpid(pid_, &status, 0) != pid_) return -1;
        pid_ = -1;
        return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    }
    void stop() {
        if (pid_ <= 0) return;
        ::kill(pid_, SIGKILL);
        ::waitpid(pid_, nullptr, 0);
        pid_ = -1;
    }

  private:
    pid_t pid_ = -1;
};

std::string read_file(const std::string& path) {
    std::ifstream in(path);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// An HTTP call through the balancer as a client makes it: again while no
// instance answers (0, 502, 503: one was just killed and is not marked down yet).
HttpResult through(unsigned short port, const std::string& method, const std::string& target,
                   const Json& body = nullptr) {
    HttpResult r;
    for (int attempt = 0; attempt < 100; ++attempt) {
        r = http_request(port, method, target, body.is_null() ? "" : body.dump());
        if (r.status != 0 && r.status != 502 && r.status != 503) return r;
        std::this_thread::sleep_for(100ms);
    }
    return r;
}

struct ClusterGame {
    std::string variant, mode, id, token[2];
    std::map<std::size_t, std::string> acked;  // ply -> LAN, as acknowledged
    WsClient spectator;
    WsClient player[2];  // an online game's players, through the balancer
    bool over = false;
    bool left = false;  // a player left for good: the opponent claims
};

// Reads what has arrived on a player's WebSocket (as a browser does), so that
// the server never holds it as a slow reader; false once it is closed.
bool pump(WsClient& ws) {
    while (ws.is_open() && ws.next_text(1ms)) {
    }
    return ws.is_open();
}

// Connects through the balancer, again while the instance it reaches is
// going down (as the browser client reconnects).
bool connect_through(WsClient& ws, unsigned short lb, const std::string& target) {
    for (int attempt = 0; attempt < 50; ++attempt) {
        if (ws.connect(lb, target) && ws.next(2s)) return true;  // the first state came
        std::this_thread::sleep_for(100ms);
    }
    return false;
}

// The lobby is one for the site (deploy/haproxy.cfg sends every lobby
// WebSocket to one instance, a standby while it is down): three players who
// enter it through the balancer, which would have spread them over the three
// instances, see one another's challenges; one accepts another's, and both
// are paired into one online game that any instance serves.
void lobby_pairs_through(unsigned short lb) {
    std::unique_ptr<WsClient> player[3];
    for (auto& p : player) {
        p = std::make_unique<WsClient>();
        bool entered = false;
        for (int attempt = 0; attempt < 50 && !entered; ++attempt) {
            const auto first = p->connect(lb, "/api/lobby/ws") ? p->next(2s) : std::nullopt;
            entered = first && (*first)["type"] == "lobby";
            if (!entered) std::this_thread::sleep_for(100ms);
        }
        ASSERT_TRUE(entered) << "the lobby did not answer through the balancer: "
                             << p->last_error();
    }
    ASSERT_TRUE(player[0]->send(Json{{"type", "challenge"},
                                     {"variant", "wataku"},
                                     {"base_minutes", 5},
                                     {"increment_seconds", 3},
                                     {"side", "white"}}));
    const auto ack = player[0]->wait_for([](const Json& j) { return j["type"] == "ack"; });
    ASSERT_TRUE(ack) << "the challenge was not acknowledged";
    const std::uint64_t id = (*ack)["id"].get<std::uint64_t>();
    for (int i = 1; i < 3; ++i) {
        const auto added = player[i]->wait_for(
            [&](const Json& j) { return j["type"] == "added" && j["challenge"]["id"] == id; });
        EXPECT_TRUE(added) << "player " << i << " did not see the challenge";
    }
    ASSERT_TRUE(player[2]->send(Json{{"type", "accept"}, {"id", id}}));
    const auto is_paired = [](const Json& j) { return j["type"] == "paired"; };
    const auto a = player[0]->wait_for(is_paired), b = player[2]->wait_for(is_paired);
    ASSERT_TRUE(a && b) << "the players were not paired";
    EXPECT_EQ((*a)["game"], (*b)["game"]);
    EXPECT_EQ((*a)["side"], "white");
    const auto removed =
        player[1]->wait_for([&](const Json& j) { return j["type"] == "removed" && j["id"] == id; });
    EXPECT_TRUE(removed) << "the taken challenge stayed listed";
    const std::string game = (*a)["game"];
    for (const auto* seat : {&*a, &*b}) {
        const HttpResult s = through(
            lb, "GET", "/api/games/" + game + "?token=" + (*seat)["token"].get<std::string>());
        ASSERT_EQ(s.status, 200) << s;
        EXPECT_EQ(s.json()["mode"], "online");
        EXPECT_EQ(s.json()["variant"], "wataku");
        EXPECT_EQ(s.json()["you"], (*seat)["side"]);
    }
}

constexpr int kAbsenceSeconds = 2;
constexpr std::int64_t kLeaseMs = 4000, kRenewMs = 1000;  // GameService's

std::int64_t wall_ms() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
}

TEST(PostgresCluster, ThreeInstancesBehindHaproxyPlayOnThroughAKill9) {
    if (::system("command -v haproxy >/dev/null 2>&1") != 0)
        GTEST_FAIL() << "haproxy is not installed (make deps installs it)";
    PostgresServer* pg = postgres();
    ASSERT_TRUE(pg);
    const std::string db = pg->new_database();
    TempDir dir;

    ServerProcess instance[3];
    for (int i = 0; i < 3; ++i) {
        instance[i].set_log_path(dir.file("instance" + std::to_string(i + 1) + ".log"));
        ASSERT_TRUE(instance[i].start(db, {"--trusted-proxy", "127.0.0.1", "--absence-seconds",
                                           std::to_string(kAbsenceSeconds)}));
    }

    // A self-signed certificate for the balancer's TLS.
    const std::string pem = dir.file("chimera.pem");
    Child openssl;
    ASSERT_TRUE(openssl.start({"openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days",
                               "1", "-subj", "/CN=localhost", "-keyout", pem, "-out", pem},
                              dir.file("openssl.log")));
    ASSERT_EQ(openssl.wait(), 0) << read_file(dir.file("openssl.log"));

    const unsigned short lb = free_port(), lb_tls = free_port();
    ASSERT_TRUE(lb != 0 && lb_tls != 0) << "no free loopback port";
    ::setenv("CHIMERA_HTTP_BIND", ("127.0.0.1:" + std::to_string(lb)).c_str(), 1);
    ::setenv("CHIMERA_HTTPS_BIND", ("127.0.0.1:" + std::to_string(lb_tls)).c_str(), 1);
    ::setenv("CHIMERA_TLS_PEM", pem.c_str(), 1);
    for (int i = 0; i < 3; ++i)
        ::setenv(("CHIMERA_INSTANCE_" + std::to_string(i + 1)).c_str(),
                 ("127.0.0.1:" + std::to_string(instance[i].port())).c_str(), 1);
    Child haproxy;
    const std::string config = std::string(CHIMERA_TEST_DATA_DIR) + "/../deploy/haproxy.cfg";
    ASSERT_TRUE(haproxy.start({"haproxy", "-db", "-f", config}, dir.file("haproxy.log")));
    // On a failure, what the balancer saw (servers marked down, sessions shut)
    // goes to the test's output: the logs go with the temporary directory.
    struct ShowLogOnFailure {
        std::string path;
        ~ShowLogOnFailure() {
            if (::testing::Test::HasFailure()) std::cerr << "haproxy log:\n" << read_file(path);
        }
    } show_haproxy_log{dir.file("haproxy.log")};
    // Ready once it answers and has marked the instances up.
    HttpResult ready;
    for (int i = 0; i < 100 && ready.status != 200; ++i) {
        std::this_thread::sleep_for(100ms);
        ready = http_request(lb, "GET", "/api/ready", "");
    }
    ASSERT_EQ(ready.status, 200) << read_file(dir.file("haproxy.log"));
    // TLS ends at the balancer.
    const std::string tls_cmd =
        "curl -sk --max-time 5 https://127.0.0.1:" + std::to_string(lb_tls) + "/api/ready > " +
        dir.file("tls.out");
    EXPECT_EQ(::system(tls_cmd.c_str()), 0);
    EXPECT_NE(read_file(dir.file("tls.out")).find("\"ready\":true"), std::string::npos);

    lobby_pairs_through(lb);
    if (HasFatalFailure()) return;

    // Every variant, online and against the computer, created through the balancer.
    std::vector<std::unique_ptr<ClusterGame>> games;
    for (const char* variant : {"chess", "chess4d", "wreckage", "wataku"}) {
        for (const char* mode : {"online", "computer"}) {
            auto g = std::make_unique<ClusterGame>();
            g->variant = variant;
            g->mode = mode;
            Json body{{"variant", variant}, {"mode", mode}};
            if (g->mode == "computer") body["level"] = 1;
            const HttpResult c = through(lb, "POST", "/api/games", body);
            ASSERT_EQ(c.status, 201) << c;
            g->id = c.json().value("id", "");
            g->token[0] = c.json().value("token", "");
            if (g->mode == "online") {
                const HttpResult j = through(lb, "POST", "/api/games/" + g->id + "/join",
                                             Json{{"invite", c.json().value("invite", "")}});
                ASSERT_EQ(j.status, 200) << j;
                g->token[1] = j.json().value("token", "");
                for (int side = 0; side < 2; ++side)
                    ASSERT_TRUE(
                        connect_through(g->player[side], lb, ws_target(g->id, g->token[side])))
                        << g->player[side].last_error();
            }
            ASSERT_TRUE(g->spectator.connect(instance[2].port(), ws_target(g->id, "")))
                << g->spectator.last_error();
            games.push_back(std::move(g));
        }
    }

    // Plays one move in each game still going (random legal moves; the
    // computer answers by itself).
    std::mt19937 rng(20261201);
    auto play_round = [&] {
        for (auto& g : games) {
            for (WsClient& ws : g->player) (void)pump(ws);
            if (g->over || g->left) continue;
            const HttpResult s = through(lb, "GET", "/api/games/" + g->id);
            ASSERT_EQ(s.status, 200) << s;
            const Json state = s.json();
            if (state.value("status", "") != "playing") {
                g->over = true;
                continue;
            }
            const int side = state.value("turn", "") == "white" ? 0 : 1;
            if (g->mode == "computer" && side == 1) continue;  // its reply comes
            const std::vector<std::string> legal = legal_lans(state);
            ASSERT_FALSE(legal.empty());
            const std::string lan = legal[rng() % legal.size()];
            const HttpResult m = through(lb, "POST", "/api/games/" + g->id + "/move",
                                         Json{{"token", g->token[side]}, {"move", lan}});
            if (m.status == 200) {
                const std::size_t ply = m.json().value("ply", std::size_t{0});
                EXPECT_TRUE(g->acked.emplace(ply, lan).second) << g->id << " ply " << ply;
            }
            // Anything else (the position changed under a retry, the computer
            // moved first) is decided by what the next state says.
        }
    };

    for (int i = 0; i < 12; ++i) play_round();
    // An instance dies mid-game; the balancer's checks mark it down, and the
    // games it held the leases of are taken over by the others.
    // The one of the first two (the spectators are on the third) that holds
    // the most games going on.
    std::string killed;
    std::string held_by_killed;
    Rows orphans;
    int victim = -1;
    for (int i = 0; i < 2; ++i) {
        const std::string name =
            get(instance[i].port(), "/api/health").json().value("instance", "");
        ASSERT_FALSE(name.empty());
        const std::string q =
            "SELECT id, plies FROM games WHERE result = '*' AND owner = '" + name + "'";
        Rows held = query_database(db, q);
        if (victim < 0 || held.size() > orphans.size())
            victim = i, killed = name, held_by_killed = q, orphans = std::move(held);
    }
    ASSERT_FALSE(orphans.empty()) << "no instance holds a game going on";

    // A timed game on the instance that dies, White's clock running.
    const unsigned short victim_port = instance[victim].port();
    const HttpResult timed =
        http_request(victim_port, "POST", "/api/games",
                     Json{{"variant", "chess"}, {"mode", "online"}, {"base_minutes", 1}}.dump());
    ASSERT_EQ(timed.status, 201) << timed;
    const std::string timed_id = timed.json().value("id", "");
    const std::string timed_white = timed.json().value("token", "");
    const HttpResult timed_join =
        http_request(victim_port, "POST", "/api/games/" + timed_id + "/join",
                     Json{{"invite", timed.json().value("invite", "")}}.dump());
    ASSERT_EQ(timed_join.status, 200) << timed_join;
    const std::string timed_black = timed_join.json().value("token", "");
    for (const auto& [token, lan] : {std::pair{timed_white, "e2e4"}, {timed_black, "e7e5"}})
        ASSERT_EQ(http_request(victim_port, "POST", "/api/games/" + timed_id + "/move",
                               Json{{"token", token}, {"move", lan}}.dump())
                      .status,
                  200);
    const std::int64_t white_turn = wall_ms();  // just after: White's clock runs

    // Its last renewal is this one or a later one: renewals come every
    // kRenewMs, or later on a busy machine, and what the sweep credits runs
    // from the last one.
    const std::int64_t renewed_before = std::stoll(
        query_database(db, "SELECT renewed_ms FROM instances WHERE id = '" + killed + "'")
            .at(0)
            .at(0));
    instance[victim].kill_hard();
    const auto killed_at = std::chrono::steady_clock::now();
    const std::int64_t killed_ms = wall_ms();
    // How long before the kill the last renewal may have been.
    const std::int64_t late = std::max<std::int64_t>(kRenewMs, killed_ms - renewed_before);

    // The timed game is taken over within the lease and a renewal; White
    // then moves, and is charged only the time the game had a holder.
    const std::string timed_owner = "SELECT owner FROM games WHERE id = '" + timed_id + "'";
    std::int64_t taken_ms = 0;
    while (wall_ms() - killed_ms < 15000) {
        if (query_database(db, timed_owner).at(0).at(0) != killed) {
            taken_ms = wall_ms();
            break;
        }
        std::this_thread::sleep_for(20ms);
    }
    ASSERT_GT(taken_ms, 0) << "the timed game was not taken over within 15 s";
    // The bound: the lease, a renewal, and the commit of the sweep (up to
    // half a second on this machine's disk).
    EXPECT_LE(taken_ms - killed_ms, kLeaseMs + kRenewMs + 1000);
    RecordProperty("takeover_ms", static_cast<int>(taken_ms - killed_ms));
    const HttpResult white_moves = through(lb, "POST", "/api/games/" + timed_id + "/move",
                                           Json{{"token", timed_white}, {"move", "g1f3"}});
    const std::int64_t moved_ms = wall_ms();
    ASSERT_EQ(white_moves.status, 200) << white_moves;
    const std::int64_t charged =
        60000 - std::stoll(query_database(db, "SELECT remaining_white FROM games WHERE id = '" +
                                                  timed_id + "'")
                               .at(0)
                               .at(0));
    // Charged from White's turn to the killed instance's last renewal (up to
    // kRenewMs before the kill), and from the takeover to the move.
    // (The margin: the takeover's commit, up to half a second on this disk.)
    EXPECT_LE(charged, (killed_ms - white_turn) + (moved_ms - taken_ms) + 600)
        << "the time nobody held the game was charged";
    EXPECT_GE(charged, (killed_ms - white_turn) - late + (moved_ms - taken_ms) - 300);

    for (int i = 0; i < 12; ++i) play_round();
    // The lobby still pairs players: on its standby if the lobby's instance
    // was the one killed (else it dies at the end).
    lobby_pairs_through(lb);
    // Within the lease and a renewal (4 s + 1 s), nothing is held by it.
    Rows still = query_database(db, held_by_killed);
    while (!still.empty() && std::chrono::steady_clock::now() - killed_at < 10s) {
        std::this_thread::sleep_for(100ms);
        still = query_database(db, held_by_killed);
    }
    EXPECT_TRUE(still.empty()) << still.size() << " games still held by the killed instance";

    // The players' WebSockets that were on the killed instance are closed;
    // they reconnect through the balancer, but for one player, who leaves.
    int reconnected = 0;
    ClusterGame* left = nullptr;
    int left_side = -1;
    for (auto& g : games)
        for (int side = 0; side < 2; ++side) {
            if (g->mode != "online" || pump(g->player[side])) continue;
            if (!left && !g->over) {
                left = g.get(), left_side = side;
                left->left = true;
                continue;
            }
            ASSERT_TRUE(connect_through(g->player[side], lb, ws_target(g->id, g->token[side])))
                << g->player[side].last_error();
            ++reconnected;
        }
    ASSERT_TRUE(left) << "no player's WebSocket was on the killed instance";
    RecordProperty("player_websockets_reconnected", reconnected);
    for (int i = 0; i < 6; ++i) play_round();
    // Every player who is connected is present, as the spectators (on the
    // third instance) see it; the one who left is away, from the killed
    // instance's last renewal, and the opponent claims the win by absence.
    for (auto& g : games) {
        if (g->mode != "online" || g->over) continue;
        SCOPED_TRACE(g->variant + " " + g->id);
        const auto seen = g->spectator.wait_view(
            [&](const Json& v) {
                return v["present"]["white"] == (g.get() != left || left_side != 0) &&
                       v["present"]["black"] == (g.get() != left || left_side != 1);
            },
            10s);
        EXPECT_TRUE(seen) << g->spectator.view()["present"].dump() << " (gaps "
                          << g->spectator.gaps() << ", stale " << g->spectator.stale() << ", open "
                          << g->spectator.is_open() << ", " << g->spectator.last_error() << ")";
        if (!seen) {  // what the database holds of the game's seats
            const std::string where = " = '" + g->id + "'";
            std::string stored;
            for (const std::string& q :
                 {"SELECT away_white, away_black, version, owner FROM games WHERE id" + where,
                  "SELECT side, instance FROM presence WHERE game_id" + where})
                for (const auto& row : query_database(db, q))
                    for (const auto& c : row) stored += c + " ";
            ADD_FAILURE() << "stored (away, version, owner; presence): " << stored;
        }
    }
    // The seat that was left is away from the killed instance's last renewal
    // (at most kRenewMs before the kill), or, if that instance also held the
    // game, from the takeover (the time nobody held the game is not counted).
    const std::string away_column = left_side == 0 ? "away_white" : "away_black";
    const std::int64_t away_since = std::stoll(
        query_database(db, "SELECT " + away_column + " FROM games WHERE id = '" + left->id + "'")
            .at(0)
            .at(0));
    const bool left_game_held_by_killed = std::any_of(
        orphans.begin(), orphans.end(), [&](const auto& o) { return o[0] == left->id; });
    if (left_game_held_by_killed) {
        EXPECT_GE(away_since, killed_ms - late + kLeaseMs - 200);
        EXPECT_LE(away_since, wall_ms());
    } else {
        EXPECT_GE(away_since, killed_ms - late - 200);
        EXPECT_LE(away_since, killed_ms + 200);
    }
    HttpResult claim;
    for (int attempt = 0; attempt < 100; ++attempt) {
        claim = through(lb, "POST", "/api/games/" + left->id + "/claim",
                        Json{{"token", left->token[1 - left_side]}});
        if (claim.status == 200) break;
        EXPECT_EQ(claim.status, 409) << claim;
        std::this_thread::sleep_for(100ms);
    }
    EXPECT_EQ(claim.status, 200) << claim;
    EXPECT_GE(wall_ms() - away_since, kAbsenceSeconds * 1000) << "claimed before the absence";
    left->over = true;
    // Its computer games go on: the computer answered on their new holders.
    for (const auto& orphan : orphans)
        for (auto& g : games)
            if (g->id == orphan[0] && g->mode == "computer" && !g->over) {
                const Rows plies =
                    query_database(db, "SELECT plies FROM games WHERE id = '" + g->id + "'");
                EXPECT_GT(std::stoi(plies.at(0).at(0)), std::stoi(orphan[1]) + 1)
                    << g->variant << " computer game " << g->id << " stalled after the kill";
            }
    RecordProperty("games_held_by_the_killed_instance", static_cast<int>(orphans.size()));
    // Then every game ends: each side to move resigns.
    for (auto& g : games) {
        if (g->over) continue;
        const Json state = through(lb, "GET", "/api/games/" + g->id).json();
        const int side = state.value("turn", "") == "white" ? 0 : 1;
        const std::string& token = g->mode == "computer" ? g->token[0] : g->token[side];
        const HttpResult r =
            through(lb, "POST", "/api/games/" + g->id + "/resign", Json{{"token", token}});
        EXPECT_TRUE(r.status == 200 || r.status == 409) << r;  // 409: it ended meanwhile
    }

    for (auto& g : games) {
        SCOPED_TRACE(g->variant + " " + g->mode + " " + g->id);
        const Rows moves = query_database(
            db, "SELECT ply, lan FROM moves WHERE game_id = '" + g->id + "' ORDER BY ply");
        const Rows row = query_database(
            db, "SELECT result, plies, remaining_white, remaining_black FROM games WHERE id = '" +
                    g->id + "'");
        ASSERT_EQ(row.size(), 1u);
        EXPECT_NE(row[0][0], "*") << "the game did not end";
        if (g.get() == left) {
            EXPECT_EQ(
                query_database(db, "SELECT termination FROM games WHERE id = '" + g->id + "'"),
                (Rows{{std::string(left_side == 0 ? "white" : "black") + " abandoned the game"}}));
        }
        EXPECT_EQ(row[0][1], std::to_string(moves.size()));
        for (std::size_t i = 0; i < moves.size(); ++i)
            EXPECT_EQ(moves[i][0], std::to_string(i + 1));
        for (const auto& [ply, lan] : g->acked) {
            ASSERT_LE(ply, moves.size()) << "acknowledged ply " << ply << " is not stored";
            EXPECT_EQ(moves[ply - 1][1], lan) << "ply " << ply;
        }
        if (g->mode == "computer") {
            EXPECT_GE(moves.size(), 2u) << "the computer never moved";
        }
        // The spectator on the third instance saw every stored move, in order.
        const auto seen = g->spectator.wait_view(
            [&](const Json& v) { return v.value("status", "") != "playing"; }, 10s);
        ASSERT_TRUE(seen) << "the spectator did not see the end: " << g->spectator.view().dump();
        EXPECT_EQ(lans_of(*seen).size(), moves.size());
        const std::vector<std::string> seen_lans = lans_of(*seen);
        for (std::size_t i = 0; i < moves.size() && i < seen_lans.size(); ++i) {
            EXPECT_EQ(seen_lans[i], moves[i][1]);
        }
    }
    // The lobby's own instance (the first) dies too, if it was not the one
    // killed: the lobby pairs players on its standby.
    if (victim != 0) {
        instance[0].kill_hard();
        lobby_pairs_through(lb);
    }
    haproxy.stop();
    for (int i = 1; i < 3; ++i) {
        if (i == victim) continue;
        EXPECT_TRUE(instance[i].stop()) << instance[i].log();
    }
}

}  // namespace
}  // namespace chimera
