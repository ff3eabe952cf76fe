// The SQLite storage of `chimera serve`, seen from outside: the database is in
// WAL mode and records its schema version (storage.h: "SQLite in WAL mode with
// versioned migrations (schema_version table)"); a database newer than the
// program, or a file that is not a database, is refused at start with a clear
// message and a nonzero exit; an empty file or a database from before the
// first migration is brought up to date without losing what it holds.
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "binary_under_test.h"
#include "server_client.h"

extern char** environ;

namespace chimera {
namespace {

using namespace chimera::testing;

// Runs SQL and returns the rows, each row's columns as text (NULL as "NULL").
// The tests read the stored rows as the server left them (postgres_server.h).
Rows query(const std::string& db, const std::string& sql) { return query_database(db, sql); }

std::string read_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

// `chimera serve` run to its end (or killed once it announces it is serving).
struct ServeRun {
    bool exited = false;  // by itself, with a status
    int status = -1;      // exit status when exited
    bool served = false;  // printed "serving on" (then killed)
    std::string out, err;
};

ServeRun run_serve(const TempDir& dir, const std::string& db,
                   std::chrono::milliseconds timeout = kStartTimeout,
                   const std::vector<std::string>& extra = {}) {
    ServeRun run;
    const std::string out_path = dir.file("run.out"), err_path = dir.file("run.err");
    std::filesystem::remove(out_path);
    std::filesystem::remove(err_path);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 1, out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC,
                                     0644);
    posix_spawn_file_actions_addopen(&actions, 2, err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC,
                                     0644);
    std::vector<std::string> args{::chimera::testing::chimera_binary(),
                                  "serve",
                                  "--port",
                                  "0",
                                  "--db",
                                  db,
                                  "--static",
                                  db + ".no-static"};
    args.insert(args.end(), extra.begin(), extra.end());
    std::vector<char*> argv;
    for (auto& s : args) argv.push_back(s.data());
    argv.push_back(nullptr);
    pid_t pid = -1;
    const int rc = posix_spawn(&pid, ::chimera::testing::chimera_binary(), &actions, nullptr,
                               argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    if (rc != 0) {
        ADD_FAILURE() << "cannot start " << ::chimera::testing::chimera_binary();
        return run;
    }
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    int status = 0;
    while (std::chrono::steady_clock::now() < deadline) {
        if (waitpid(pid, &status, WNOHANG) == pid) {
            run.exited = WIFEXITED(status);
            run.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
            pid = -1;
            break;
        }
        if (read_file(out_path).find("serving on") != std::string::npos) {
            run.served = true;
            break;
        }
        std::this_thread::sleep_for(20ms);
    }
    if (pid > 0) {
        ::kill(pid, SIGKILL);
        waitpid(pid, &status, 0);
    }
    run.out = read_file(out_path);
    run.err = read_file(err_path);
    return run;
}

class ServerStorage : public ::testing::Test {
  protected:
    std::string db() const { return dir_.file("chimera.db"); }
    unsigned short port() const { return server_.port(); }

    // The schema version a brand-new database gets from this server.
    int current_version() {
        TempDir other;
        ServerProcess s;
        if (!s.start(other.file("fresh.db"))) return -1;
        get(s.port(), "/api/health");
        s.stop();
        const auto rows = query(other.file("fresh.db"), "SELECT version FROM schema_version");
        return rows.size() == 1 ? std::stoi(rows[0][0]) : -1;
    }

    // Starts the server on db(), plays one move in a new game and stops it cleanly.
    std::string game_with_a_move() {
        EXPECT_TRUE(server_.start(db()));
        const Created g = create_game(port(), {{"variant", "chess"}, {"mode", "local"}});
        EXPECT_EQ(g.raw.status, 201) << g.raw;
        EXPECT_EQ(http_move(port(), g.id, g.token, "e2e4").status, 200);
        EXPECT_TRUE(server_.stop());
        return g.id;
    }

    TempDir dir_;
    ServerProcess server_;
};

TEST_F(ServerStorage, DatabaseIsInWalModeAndRecordsItsSchemaVersion) {
    ASSERT_TRUE(server_.start(db()));
    const Created g = create_game(port(), {{"variant", "chess"}, {"mode", "local"}});
    ASSERT_EQ(g.raw.status, 201) << g.raw;
    ASSERT_EQ(http_move(port(), g.id, g.token, "e2e4").status, 200);

    // Read while the server runs (WAL lets a reader in beside the writer).
    EXPECT_EQ(query(db(), "PRAGMA journal_mode"), (std::vector<std::vector<std::string>>{{"wal"}}));
    const auto versions = query(db(), "SELECT version FROM schema_version");
    ASSERT_EQ(versions.size(), 1u) << "schema_version holds one row, the version reached";
    const int version = std::stoi(versions[0][0]);
    EXPECT_GE(version, 1);
    const auto tables =
        query(db(), "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name");
    for (const char* t : {"games", "moves", "schema_version"})
        EXPECT_NE(std::find(tables.begin(), tables.end(), std::vector<std::string>{t}),
                  tables.end())
            << t;
    // The acknowledged move is already committed.
    EXPECT_EQ(query(db(), "SELECT lan FROM moves WHERE game_id = '" + g.id + "'"),
              (std::vector<std::vector<std::string>>{{"e2e4"}}));

    // A restart on the same database neither migrates again nor adds rows.
    ASSERT_TRUE(server_.stop());
    ASSERT_TRUE(server_.start(db()));
    EXPECT_NE(server_.first_line().find("1 games restored"), std::string::npos)
        << server_.first_line();
    EXPECT_EQ(get(port(), "/api/health").status,
              200);  // serving, so past the SIGTERM race (see the last test)
    EXPECT_EQ(query(db(), "SELECT version FROM schema_version"),
              (std::vector<std::vector<std::string>>{{std::to_string(version)}}));
    EXPECT_EQ(query(db(), "PRAGMA journal_mode"), (std::vector<std::vector<std::string>>{{"wal"}}));
    EXPECT_TRUE(server_.stop());
}

TEST_F(ServerStorage, NewerSchemaVersionIsRefusedAtStart) {
    const std::string id = game_with_a_move();
    const int version = std::stoi(query(db(), "SELECT version FROM schema_version").at(0).at(0));
    const std::string newer = std::to_string(version + 1);
    query(db(), "UPDATE schema_version SET version = " + newer);

    const ServeRun run = run_serve(dir_, db());
    EXPECT_FALSE(run.served) << "the server started on a database newer than itself: " << run.out;
    EXPECT_TRUE(run.exited) << "no exit within the timeout, or killed by a signal";
    EXPECT_NE(run.status, 0);
    // One clear line on stderr naming the problem and both versions.
    EXPECT_TRUE(run.err.rfind("error:", 0) == 0) << run.err;
    EXPECT_NE(run.err.find("schema version " + newer), std::string::npos) << run.err;
    EXPECT_NE(run.err.find("newer"), std::string::npos) << run.err;
    EXPECT_NE(run.err.find(std::to_string(version)), std::string::npos) << run.err;
    EXPECT_EQ(run.out.find("serving"), std::string::npos) << run.out;

    // Nothing was touched: the version stays, the game is still there.
    EXPECT_EQ(query(db(), "SELECT version FROM schema_version"),
              (std::vector<std::vector<std::string>>{{newer}}));
    EXPECT_EQ(query(db(), "SELECT count(*) FROM moves WHERE game_id = '" + id + "'"),
              (std::vector<std::vector<std::string>>{{"1"}}));
}

TEST_F(ServerStorage, AFileThatIsNotADatabaseIsRefusedAndLeftAlone) {
    const std::string text =
        "this is not an SQLite database, but somebody's notes\n" + std::string(4096, 'n');
    std::ofstream(db(), std::ios::binary) << text;
    const ServeRun run = run_serve(dir_, db());
    EXPECT_FALSE(run.served) << run.out;
    EXPECT_TRUE(run.exited);
    EXPECT_NE(run.status, 0);
    EXPECT_TRUE(run.err.rfind("error:", 0) == 0) << run.err;
    EXPECT_NE(run.err.find("database"), std::string::npos) << run.err;
    EXPECT_EQ(read_file(db()), text);
}

TEST_F(ServerStorage, AnEmptyFileIsMigratedToTheCurrentSchema) {
    const int current = current_version();
    ASSERT_GE(current, 1);
    std::ofstream(db(), std::ios::binary).flush();
    ASSERT_EQ(std::filesystem::file_size(db()), 0u);
    const std::string id = game_with_a_move();
    EXPECT_EQ(query(db(), "SELECT version FROM schema_version"),
              (std::vector<std::vector<std::string>>{{std::to_string(current)}}));
    EXPECT_EQ(query(db(), "PRAGMA journal_mode"), (std::vector<std::vector<std::string>>{{"wal"}}));
    ASSERT_TRUE(server_.start(db()));
    EXPECT_EQ(lans_of(game_state(port(), id)), (std::vector<std::string>{"e2e4"}));
    EXPECT_TRUE(server_.stop());
}

TEST_F(ServerStorage, ADatabaseFromBeforeTheFirstMigrationIsMigratedAndKeepsItsData) {
    const int current = current_version();
    ASSERT_GE(current, 1);
    // Version 0 both ways: a schema_version table with no row, and one saying 0;
    // each database also holds a table of its own that must survive.
    for (const char* setup : {"CREATE TABLE schema_version (version INTEGER NOT NULL);",
                              "CREATE TABLE schema_version (version INTEGER NOT NULL); "
                              "INSERT INTO schema_version VALUES (0);"}) {
        SCOPED_TRACE(setup);
        std::filesystem::remove(db());
        query(db(), std::string(setup) +
                        "CREATE TABLE notes (text TEXT); INSERT INTO notes VALUES ('keep me');");
        ASSERT_EQ(query(db(), "PRAGMA journal_mode"),
                  (std::vector<std::vector<std::string>>{{"delete"}}));

        const std::string id = game_with_a_move();
        EXPECT_EQ(query(db(), "SELECT version FROM schema_version"),
                  (std::vector<std::vector<std::string>>{{std::to_string(current)}}));
        EXPECT_EQ(query(db(), "PRAGMA journal_mode"),
                  (std::vector<std::vector<std::string>>{{"wal"}}));
        EXPECT_EQ(query(db(), "SELECT text FROM notes"),
                  (std::vector<std::vector<std::string>>{{"keep me"}}));
        ASSERT_TRUE(server_.start(db()));
        EXPECT_EQ(lans_of(game_state(port(), id)), (std::vector<std::string>{"e2e4"}));
        EXPECT_TRUE(server_.stop());
    }
}

// Schema version 3 (finished games leave memory): a database of version 2 gets
// each game's ply count and the two partial indexes the start and the list of
// finished games read from; the start reads the unfinished games and the
// list a page of finished ones through them, not by scanning every game.
TEST_F(ServerStorage, AVersion2DatabaseGetsPliesAndTheIndexesOfFinishedGames) {
    // The schema as migrations 1 and 2 left it, with a live game and a finished one.
    query(db(),
          "CREATE TABLE schema_version (version INTEGER NOT NULL); INSERT INTO schema_version "
          "VALUES (2);"
          "CREATE TABLE games (id TEXT PRIMARY KEY, variant TEXT NOT NULL, start_fen TEXT NOT "
          "NULL, formation INTEGER NOT NULL DEFAULT 0, mode TEXT NOT NULL, level INTEGER NOT NULL "
          "DEFAULT 0, computer_side INTEGER NOT NULL DEFAULT -1, token_white TEXT NOT NULL, "
          "token_black TEXT NOT NULL, white_taken INTEGER NOT NULL, black_taken INTEGER NOT NULL, "
          "invite TEXT NOT NULL, base_ms INTEGER NOT NULL, inc_ms INTEGER NOT NULL, "
          "remaining_white INTEGER NOT NULL, remaining_black INTEGER NOT NULL, result TEXT NOT "
          "NULL, termination TEXT NOT NULL, draw_offer INTEGER NOT NULL, created_ms INTEGER NOT "
          "NULL, updated_ms INTEGER NOT NULL, turn_started_ms INTEGER NOT NULL DEFAULT 0);"
          "CREATE TABLE moves (game_id TEXT NOT NULL REFERENCES games(id), ply INTEGER NOT NULL, "
          "lan TEXT NOT NULL, san TEXT NOT NULL, PRIMARY KEY (game_id, ply));"
          "CREATE INDEX games_updated ON games(updated_ms);"
          "CREATE TABLE heartbeat (id INTEGER PRIMARY KEY CHECK (id = 1), at_ms INTEGER NOT NULL);"
          "INSERT INTO games VALUES ('aaaaaaaaaaaa', 'chess', "
          "'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', 0, 'local', 0, -1, 't1', "
          "'t1', 1, 1, '', 0, 0, 0, 0, '*', '', -1, 1000, 2000, 0);"
          "INSERT INTO games VALUES ('bbbbbbbbbbbb', 'chess', "
          "'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', 0, 'local', 0, -1, 't2', "
          "'t2', 1, 1, '', 0, 0, 0, 0, '0-1', 'white resigned', -1, 1000, 3000, 0);"
          "INSERT INTO moves VALUES ('aaaaaaaaaaaa', 1, 'e2e4', 'e4');"
          "INSERT INTO moves VALUES ('bbbbbbbbbbbb', 1, 'd2d4', 'd4'), ('bbbbbbbbbbbb', 2, "
          "'d7d5', 'd5');");
    ASSERT_TRUE(server_.start(db()));
    EXPECT_NE(server_.first_line().find("2 games restored: 1 in play, 1 finished"),
              std::string::npos)
        << server_.first_line();
    const Json list = get(port(), "/api/games").json();
    ASSERT_EQ(list["live"].size(), 1u) << list;
    EXPECT_EQ(list["live"][0]["plies"], 1);
    ASSERT_EQ(list["recent"].size(), 1u) << list;
    EXPECT_EQ(list["recent"][0]["id"], "bbbbbbbbbbbb");
    EXPECT_EQ(list["recent"][0]["plies"], 2);
    EXPECT_EQ(lans_of(game_state(port(), "bbbbbbbbbbbb")),
              (std::vector<std::string>{"d2d4", "d7d5"}));
    ASSERT_TRUE(server_.stop());

    EXPECT_GE(std::stoi(query(db(), "SELECT version FROM schema_version").at(0).at(0)), 3);
    EXPECT_EQ(
        query(db(), "SELECT id, plies FROM games ORDER BY id"),
        (std::vector<std::vector<std::string>>{{"aaaaaaaaaaaa", "1"}, {"bbbbbbbbbbbb", "2"}}));
    // Migration 4's indexes, and not the one it dropped (later migrations add others).
    const auto indexes = query(db(),
                               "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = "
                               "'games' AND sql IS NOT NULL AND name IN ('games_finished', "
                               "'games_unfinished', 'games_updated') ORDER BY name");
    EXPECT_EQ(indexes,
              (std::vector<std::vector<std::string>>{{"games_finished"}, {"games_unfinished"}}));
    // The number of finished games, kept by triggers from the one there was.
    EXPECT_EQ(query(db(), "SELECT n FROM finished_count"),
              (std::vector<std::vector<std::string>>{{"1"}}));
    // The plans of the two reads whose cost must not grow with finished games.
    auto plan = [&](const std::string& sql) {
        std::string out;
        for (const auto& row : query(db(), "EXPLAIN QUERY PLAN " + sql)) out += row.back() + "\n";
        return out;
    };
    const std::string start = plan("SELECT id FROM games WHERE result = '*' ORDER BY created_ms");
    EXPECT_NE(start.find("INDEX games_unfinished"), std::string::npos) << start;
    const std::string page = plan(
        "SELECT id, plies FROM games WHERE result <> '*' AND (updated_ms, id) < (1, 'a') "
        "ORDER BY updated_ms DESC, id DESC LIMIT 20");
    EXPECT_NE(page.find("SEARCH games USING INDEX games_finished"), std::string::npos) << page;
    EXPECT_EQ(page.find("TEMP B-TREE"), std::string::npos) << page;
}

// The signal handler is installed before the port is announced (src/app/serve.cpp),
// so a SIGTERM sent as soon as the server says where it serves still stops it
// cleanly. Before that fix this failed on the first of 20 tries.
// Behind a load balancer (docs/deploy.md): with --drain-seconds, SIGTERM
// first makes the server unready and refuses new games, while the games going
// on still take moves; then it stops cleanly.
TEST_F(ServerStorage, SigtermWithADrainTimeIsUnreadyAndTakesNoNewGamesButMovesUntilItStops) {
    ASSERT_TRUE(server_.start(db(), {"--drain-seconds", "2"}));
    EXPECT_EQ(get(server_.port(), "/api/ready").status, 200);
    const Created g = create_game(server_.port(), Json{{"variant", "chess"}, {"mode", "local"}});
    ASSERT_EQ(g.raw.status, 201) << g.raw;
    const auto signalled = std::chrono::steady_clock::now();
    ASSERT_EQ(::kill(server_.pid(), SIGTERM), 0);
    HttpResult ready;
    for (int i = 0; i < 40 && ready.status != 503; ++i) {
        std::this_thread::sleep_for(25ms);
        ready = get(server_.port(), "/api/ready");
    }
    EXPECT_EQ(ready.status, 503) << ready;
    EXPECT_EQ(ready.json()["error"].value("status", 0), 503);
    EXPECT_EQ(get(server_.port(), "/api/health").status, 200);
    const HttpResult refused =
        post(server_.port(), "/api/games", Json{{"variant", "chess"}, {"mode", "local"}});
    EXPECT_EQ(refused.status, 503) << refused;
    EXPECT_EQ(http_move(server_.port(), g.id, g.token, "e2e4").status, 200);
    // It stops by itself once the drain is over.
    while (server_.alive() && std::chrono::steady_clock::now() - signalled < 20s)
        std::this_thread::sleep_for(50ms);
    EXPECT_FALSE(server_.alive()) << "still running 20 s after SIGTERM";
    EXPECT_GE(std::chrono::steady_clock::now() - signalled, 2s);
    ASSERT_TRUE(server_.start(db()));
    EXPECT_EQ(game_state(server_.port(), g.id)["moves"].size(), 1u);
}

// A number out of an option's range, or not a number, is one line naming the
// option and its range, status 2, and no server.
TEST_F(ServerStorage, ABadNumberIsOneErrorLineAndStatus2) {
    const struct {
        const char* option;
        std::vector<const char*> bad;
        const char* range;
    } cases[] = {
        {"--drain-seconds", {"-1", "601", "2s", ""}, "0-600"},
        {"--review-nodes", {"999", "100000001", "5e4", "-20000", ""}, "1000-100000000"},
        {"--review-queue", {"0", "10001"}, "1-10000"},
    };
    for (const auto& c : cases)
        for (const char* bad : c.bad) {
            SCOPED_TRACE(std::string(c.option) + " '" + bad + "'");
            const ServeRun run = run_serve(dir_, db(), kStartTimeout, {c.option, bad});
            EXPECT_TRUE(run.exited);
            EXPECT_EQ(run.status, 2);
            EXPECT_FALSE(run.served);
            EXPECT_EQ(run.err, std::string("error: ") + c.option + " takes " + c.range + "\n");
        }
}

TEST_F(ServerStorage, SigtermRightAfterTheAnnouncementStopsCleanly) {
    for (int i = 0; i < 20; ++i) {
        SCOPED_TRACE("try " + std::to_string(i + 1));
        ASSERT_TRUE(server_.start(db()));
        ASSERT_TRUE(server_.stop());  // fails the test on a non-zero or signalled exit
    }
}

// --- On PostgreSQL -----------------------------------------------------------

// Counts the lines of text that contain `what`.
int lines_with(const std::string& text, const std::string& what) {
    int n = 0;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) n += line.find(what) != std::string::npos;
    return n;
}

// A --db URI that is malformed, names no server, or a database that is not
// there: one line on stderr saying so, exit status 2, nothing served, and
// never the password.
TEST(PostgresServe, ABadOrUnreachableUriIsOneErrorLineAndStatus2) {
    PostgresServer* pg = postgres();
    ASSERT_TRUE(pg);
    TempDir dir;
    const std::string port = std::to_string(pg->port());
    for (const std::string& uri :
         {std::string("postgresql://postgres@127.0.0.1:1/chimera"),
          std::string("postgresql://postgres:hunter2@127.0.0.1:1/chimera"),
          std::string("postgres://127.0.0.1:notaport/chimera"),
          std::string("postgresql://postgres@127.0.0.1:") + port + "/chimera?sslmode=nonsense",
          std::string("postgresql://postgres:hunter2@127.0.0.1:") + port + "/no_such_database",
          std::string("postgresql://postgres@127.0.0.1:") + port + "/%zz"}) {
        SCOPED_TRACE(uri);
        const ServeRun run = run_serve(dir, uri);
        EXPECT_FALSE(run.served) << run.out;
        EXPECT_TRUE(run.exited) << "no exit within the timeout, or killed by a signal";
        EXPECT_EQ(run.status, 2) << run.err;
        EXPECT_EQ(run.err.rfind("error: database", 0), 0u) << run.err;
        EXPECT_EQ(std::count(run.err.begin(), run.err.end(), '\n'), 1) << run.err;
        EXPECT_EQ(run.err.find("hunter2"), std::string::npos) << run.err;
        EXPECT_EQ(run.out.find("hunter2"), std::string::npos) << run.out;
    }
}

// The database goes away under a running server: moves are refused with 503
// (and not stored), a game in memory is still shown, the outage is one line
// on stderr however many requests fail and however long it lasts, and the
// server plays on once the database is back.
TEST(PostgresServe, ADatabaseThatGoesAwayRefusesMovesWith503AndIsBackWhenItReturns) {
    PostgresServer* pg = postgres();
    ASSERT_TRUE(pg);
    TempDir dir;
    const std::string db = pg->new_database();
    ServerProcess server;
    server.set_log_path(dir.file("server.log"));
    ASSERT_TRUE(server.start(db));
    EXPECT_NE(server.first_line().find("(database " + db + ","), std::string::npos)
        << server.first_line();
    const Created g = create_game(server.port(), {{"variant", "chess"}, {"mode", "local"}});
    ASSERT_EQ(g.raw.status, 201) << g.raw;
    ASSERT_EQ(http_move(server.port(), g.id, g.token, "e2e4").status, 200);
    WsClient ws;
    ASSERT_TRUE(ws.connect(server.port(), ws_target(g.id, g.token)));
    ASSERT_TRUE(ws.next());

    struct Restart {  // the database comes back whatever happens below
        PostgresServer& pg;
        ~Restart() { pg.start(); }
    } restart{*pg};
    ASSERT_TRUE(pg->stop());
    for (int i = 0; i < 5; ++i) {
        const HttpResult r = http_move(server.port(), g.id, g.token, "e7e5");
        EXPECT_EQ(r.status, 503) << r;
        const Json error = r.json();
        ASSERT_TRUE(error.is_object()) << r;
        EXPECT_EQ(error["error"]["status"], 503) << r;
        EXPECT_NE(error["error"]["message"].get<std::string>().find("database"), std::string::npos)
            << r;
    }
    ASSERT_TRUE(ws.send(Json{{"type", "move"}, {"move", "e7e5"}}));
    const auto refused = ws.wait_for([](const Json& j) { return j.value("type", "") == "error"; });
    ASSERT_TRUE(refused) << ws.last_error();
    EXPECT_EQ((*refused)["status"], 503) << *refused;
    const HttpResult created =
        post(server.port(), "/api/games", {{"variant", "chess"}, {"mode", "local"}});
    EXPECT_EQ(created.status, 503) << created;
    EXPECT_EQ(lans_of(game_state(server.port(), g.id)), (std::vector<std::string>{"e2e4"}));
    std::this_thread::sleep_for(std::chrono::milliseconds(2500));  // heartbeats fail meanwhile
    EXPECT_EQ(lines_with(server.log(), "error: database"), 1) << server.log();

    ASSERT_TRUE(pg->start());
    // The next request after the database is back reconnects (attempts are at
    // most one a second, so it may take one more).
    HttpResult moved;
    const auto deadline = std::chrono::steady_clock::now() + kStartTimeout;
    do {
        moved = http_move(server.port(), g.id, g.token, "e7e5");
        if (moved.status != 503) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
    } while (std::chrono::steady_clock::now() < deadline);
    EXPECT_EQ(moved.status, 200) << moved;
    EXPECT_EQ(http_move(server.port(), g.id, g.token, "g1f3").status, 200);
    EXPECT_EQ(lines_with(server.log(), "is back"), 1) << server.log();
    EXPECT_EQ(lines_with(server.log(), "error: database"), 1) << server.log();

    // Only the acknowledged moves were stored.
    server.kill_hard();
    ASSERT_TRUE(server.start(db));
    EXPECT_EQ(lans_of(game_state(server.port(), g.id)),
              (std::vector<std::string>{"e2e4", "e7e5", "g1f3"}));
    EXPECT_TRUE(server.stop());
}

}  // namespace
}  // namespace chimera
