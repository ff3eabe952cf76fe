// The storage interface (src/server/storage.h) in process, on both backends:
// every test of StorageBackends runs on an SQLite file and on a database of
// the tests' throw-away PostgreSQL server, and must give the same answers.
// Then what only PostgreSQL has: the two schemas compared, and a database that
// restarts or goes away under an open storage.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <mutex>
#include <optional>
#include <sstream>
#include <thread>

#include "postgres_server.h"
#include "server/migrations.h"
#include "server/storage.h"
#include "server_client.h"

namespace chimera {
namespace {

using namespace chimera::testing;
using server::GameSummary;
using server::ListCursor;
using server::Storage;
using server::StoredGame;

constexpr const char* kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

// A game with every field set to something other than its default.
StoredGame sample_game(const std::string& id, std::int64_t created_ms) {
    StoredGame g;
    g.id = id;
    g.variant = "chess";
    g.start_fen = kStart;
    g.formation = 2;
    g.mode = "online";
    g.level = 5;
    g.computer_side = 1;
    g.token[0] = "white-" + id;
    g.token[1] = "black-" + id;
    g.seat_taken[0] = true;
    g.invite = "invite-" + id;
    g.base_ms = 60000;
    g.inc_ms = 2000;
    g.remaining_ms[0] = 59000;
    g.remaining_ms[1] = 58000;
    g.draw_offer = 0;
    g.created_ms = created_ms;
    g.updated_ms = created_ms + 1;
    g.turn_started_ms = created_ms + 2;
    return g;
}

// Every field of a game, to compare two and show the difference.
std::string fields(const StoredGame& g) {
    std::ostringstream s;
    s << g.id << '|' << g.variant << '|' << g.start_fen << '|' << g.formation << '|' << g.mode
      << '|' << g.level << '|' << g.computer_side << '|' << g.token[0] << '|' << g.token[1] << '|'
      << g.seat_taken[0] << g.seat_taken[1] << '|' << g.invite << '|' << g.base_ms << '|'
      << g.inc_ms << '|' << g.remaining_ms[0] << '|' << g.remaining_ms[1] << '|' << g.result << '|'
      << g.termination << '|' << g.draw_offer << '|' << g.created_ms << '|' << g.updated_ms << '|'
      << g.turn_started_ms << '|' << g.given_plies << '|' << g.version << '|';
    for (std::size_t i = 0; i < g.lan.size(); ++i) s << g.lan[i] << '/' << g.san[i] << ' ';
    return s.str();
}

std::vector<std::string> ids_of(const std::vector<StoredGame>& games) {
    std::vector<std::string> out;
    for (const StoredGame& g : games) out.push_back(g.id);
    return out;
}

class StorageBackends : public ::testing::TestWithParam<Backend> {
  protected:
    void SetUp() override {
        db_ = new_database(GetParam(), dir_.file("storage.db"));
        ASSERT_FALSE(db_.empty());
        store_ = open(db_);
        ASSERT_TRUE(store_);
    }

    // Opens the storage on db; on failure nullptr, the reason in *why (or a test failure).
    static std::unique_ptr<Storage> open(const std::string& db, Status* why = nullptr) {
        Status st = Status::ok();
        auto s = server::open_storage(db, &st);
        if (why)
            *why = st;
        else
            EXPECT_TRUE(s) << st.message();
        return s;
    }

    // Plays a move in g and stores it.
    void play(StoredGame& g, const std::string& lan, const std::string& san) {
        g.lan.push_back(lan);
        g.san.push_back(san);
        g.remaining_ms[g.lan.size() % 2] -= 100;
        g.updated_ms += 10;
        const Status s = store_->append_move(g, lan, san);
        EXPECT_TRUE(s) << s.message();
    }

    StoredGame load(const std::string& id) {
        StoredGame g;
        bool found = false;
        const Status s = store_->load_game(id, g, &found);
        EXPECT_TRUE(s) << s.message();
        EXPECT_TRUE(found) << id;
        return g;
    }

    TempDir dir_;
    std::string db_;
    std::unique_ptr<Storage> store_;
};

TEST_P(StorageBackends, AGameComesBackWithEveryField) {
    StoredGame g = sample_game("aaaaaaaaaaa1", 1000);
    g.lan = {"e2e4", "e7e5"};
    g.san = {"e4", "e5"};
    g.given_plies = 2;
    // Text that would break SQL built from strings goes through as it is.
    g.termination = "it's \"odd\"; DROP TABLE games; -- \xc3\xbc";
    ASSERT_TRUE(store_->create_game(g));
    EXPECT_EQ(fields(load(g.id)), fields(g));
    std::vector<StoredGame> live;
    ASSERT_TRUE(store_->load_unfinished(live));
    ASSERT_EQ(live.size(), 1u);
    EXPECT_EQ(fields(live[0]), fields(g));

    StoredGame missing;
    bool found = true;
    ASSERT_TRUE(store_->load_game("000000000000", missing, &found));
    EXPECT_FALSE(found);
    // A game without moves is found too, with none.
    const StoredGame empty = sample_game("aaaaaaaaaaa2", 2000);
    ASSERT_TRUE(store_->create_game(empty));
    EXPECT_EQ(fields(load(empty.id)), fields(empty));
}

TEST_P(StorageBackends, MovesAndRowChangesAreStoredAndSurviveAReopen) {
    StoredGame g = sample_game("bbbbbbbbbbb1", 1000);
    ASSERT_TRUE(store_->create_game(g));
    play(g, "e2e4", "e4");
    play(g, "c7c5", "c5");
    play(g, "g1f3", "Nf3");
    g.seat_taken[1] = true;
    g.draw_offer = 1;
    ASSERT_TRUE(store_->update_game(g));
    store_ = open(db_);
    ASSERT_TRUE(store_);
    std::vector<StoredGame> live;
    ASSERT_TRUE(store_->load_unfinished(live));
    ASSERT_EQ(live.size(), 1u);
    EXPECT_EQ(fields(live[0]), fields(g));
}

// A move is stored at its ply once: another move for the same ply is refused
// (an error, not an unavailable database) and the stored one stays.
TEST_P(StorageBackends, AMoveIsNotStoredTwiceAtOnePly) {
    StoredGame g = sample_game("ccccccccccc1", 1000);
    ASSERT_TRUE(store_->create_game(g));
    play(g, "e2e4", "e4");
    StoredGame other = g;
    other.lan = {"d2d4"};
    other.san = {"d4"};
    const Status s = store_->append_move(other, "d2d4", "d4");
    EXPECT_FALSE(s) << "a second move at ply 1 was stored";
    EXPECT_FALSE(s.is_unavailable()) << s.message();
    EXPECT_EQ(load(g.id).lan, (std::vector<std::string>{"e2e4"}));
    play(g, "e7e5", "e5");
    EXPECT_EQ(load(g.id).lan, (std::vector<std::string>{"e2e4", "e7e5"}));
}

// Two servers holding copies of one game (docs/scaling.md, "Several servers"):
// the one whose copy is behind stores nothing over the other's.
TEST_P(StorageBackends, AWriteOnAnOlderVersionIsAConflictAndStoresNothing) {
    StoredGame a = sample_game("v", 1000);
    ASSERT_TRUE(store_->create_game(a));
    EXPECT_EQ(load("v").version, 0);
    StoredGame b = a;  // the second server's copy
    play(a, "e2e4", "e4");
    EXPECT_EQ(a.version, 1);
    EXPECT_EQ(load("v").version, 1);

    b.lan.push_back("d2d4");
    b.san.push_back("d4");
    const Status move = store_->append_move(b, "d2d4", "d4");
    EXPECT_TRUE(move.is_conflict()) << move.message();
    b.lan.pop_back();
    b.san.pop_back();
    b.draw_offer = 1;
    const Status row = store_->update_game(b);
    EXPECT_TRUE(row.is_conflict()) << row.message();
    EXPECT_EQ(b.version, 0);
    EXPECT_EQ(fields(load("v")), fields(a));

    // Read again, the second server's copy is current and writes.
    b = load("v");
    b.draw_offer = 1;
    ASSERT_TRUE(store_->update_game(b));
    EXPECT_EQ(b.version, 2);
    EXPECT_EQ(load("v").draw_offer, 1);
    EXPECT_EQ(load("v").version, 2);
}

TEST_P(StorageBackends, TheStartLoadsOnlyTheGamesGoingOnOldestFirst) {
    StoredGame late = sample_game("ddddddddddd3", 3000), early = sample_game("ddddddddddd1", 1000),
               ends = sample_game("ddddddddddd2", 2000),
               imported = sample_game("ddddddddddd4", 500);
    imported.result = "0-1";
    imported.termination = "result recorded in the imported game";
    for (StoredGame* g : {&late, &early, &ends, &imported}) ASSERT_TRUE(store_->create_game(*g));
    play(late, "e2e4", "e4");
    play(early, "d2d4", "d4");
    ends.result = "1-0";
    ends.termination = "black resigned";
    ASSERT_TRUE(store_->update_game(ends));
    std::vector<StoredGame> live;
    ASSERT_TRUE(store_->load_unfinished(live));
    EXPECT_EQ(ids_of(live), (std::vector<std::string>{early.id, late.id}));
    ASSERT_EQ(live.size(), 2u);
    EXPECT_EQ(fields(live[0]), fields(early));
    EXPECT_EQ(fields(live[1]), fields(late));
}

// Newest first by (updated_ms, id), a page at a time after a cursor, every
// finished game once; games going on are not listed.
TEST_P(StorageBackends, FinishedGamesArePagedNewestFirstByKeyset) {
    const std::vector<std::pair<std::int64_t, std::string>> finished{
        {100, "eeeeeeeeeee1"}, {200, "eeeeeeeeeee3"}, {200, "eeeeeeeeeee2"}, {200, "eeeeeeeeeee4"},
        {300, "eeeeeeeeeee0"}, {400, "eeeeeeeeeee6"}, {400, "eeeeeeeeeee5"}};
    for (const auto& [updated, id] : finished) {
        StoredGame g = sample_game(id, 10);
        g.lan = {"f2f3"};
        g.san = {"f3"};
        g.result = "0-1";
        g.termination = "white resigned";
        g.updated_ms = updated;
        ASSERT_TRUE(store_->create_game(g));
    }
    StoredGame live = sample_game("eeeeeeeeeee9", 10);
    live.updated_ms = 250;
    ASSERT_TRUE(store_->create_game(live));

    std::vector<std::pair<std::int64_t, std::string>> expected = finished;
    std::sort(expected.rbegin(), expected.rend());
    std::vector<std::pair<std::int64_t, std::string>> listed;
    std::optional<ListCursor> cursor;
    for (int page = 0; page < 10; ++page) {
        std::vector<GameSummary> rows;
        ASSERT_TRUE(store_->list_finished(cursor ? &*cursor : nullptr, 3, rows));
        EXPECT_LE(rows.size(), 3u);
        for (const GameSummary& r : rows) {
            listed.emplace_back(r.updated_ms, r.id);
            EXPECT_EQ(r.result, "0-1");
            EXPECT_EQ(r.termination, "white resigned");
            EXPECT_EQ(r.plies, 1u);
            EXPECT_EQ(r.level, 5);
            EXPECT_EQ(r.variant, "chess");
            EXPECT_EQ(r.mode, "online");
        }
        if (rows.size() < 3) break;
        cursor = ListCursor{rows.back().updated_ms, rows.back().id};
    }
    EXPECT_EQ(listed, expected);
    // Strictly after the cursor: from the middle of the three at 200.
    std::vector<GameSummary> after;
    const ListCursor middle{200, "eeeeeeeeeee3"};
    ASSERT_TRUE(store_->list_finished(&middle, 10, after));
    ASSERT_EQ(after.size(), 2u);
    EXPECT_EQ(after[0].id, "eeeeeeeeeee2");
    EXPECT_EQ(after[1].id, "eeeeeeeeeee1");
}

TEST_P(StorageBackends, TheCountOfFinishedGamesIsKeptAsGamesEnd) {
    auto count = [&] {
        std::int64_t n = -1;
        EXPECT_TRUE(store_->count_finished(n));
        return n;
    };
    EXPECT_EQ(count(), 0);
    StoredGame going = sample_game("fffffffffff1", 1000),
               imported = sample_game("fffffffffff2", 10);
    imported.result = "1/2-1/2";
    ASSERT_TRUE(store_->create_game(going));
    EXPECT_EQ(count(), 0);
    ASSERT_TRUE(store_->create_game(imported));
    EXPECT_EQ(count(), 1);
    going.result = std::string(server::kAborted);
    ASSERT_TRUE(store_->update_game(going));
    EXPECT_EQ(count(), 2);
    going.termination = "aborted";  // a finished game written again is not counted again
    ASSERT_TRUE(store_->update_game(going));
    EXPECT_EQ(count(), 2);
    store_ = open(db_);
    ASSERT_TRUE(store_);
    EXPECT_EQ(count(), 2);
}

TEST_P(StorageBackends, TheHeartbeatIsTheLastOneWritten) {
    std::int64_t at = -1;
    ASSERT_TRUE(store_->last_heartbeat(at));
    EXPECT_EQ(at, 0);
    ASSERT_TRUE(store_->heartbeat(1234));
    ASSERT_TRUE(store_->heartbeat(5678));
    store_ = open(db_);
    ASSERT_TRUE(store_);
    ASSERT_TRUE(store_->last_heartbeat(at));
    EXPECT_EQ(at, 5678);
    EXPECT_EQ(query_database(db_, "SELECT count(*) FROM heartbeat"), (Rows{{"1"}}));
}

// A database stays at its version when opened again, and one of a version
// newer than the program is refused with both versions named, untouched.
TEST_P(StorageBackends, ANewerSchemaIsRefusedAndAReopenDoesNotMigrateAgain) {
    const std::string current = std::to_string(server::kSchemaVersion);
    EXPECT_EQ(query_database(db_, "SELECT version FROM schema_version"), (Rows{{current}}));
    store_ = open(db_);
    ASSERT_TRUE(store_);
    EXPECT_EQ(query_database(db_, "SELECT version FROM schema_version"), (Rows{{current}}));
    store_.reset();

    const std::string newer = std::to_string(server::kSchemaVersion + 1);
    query_database(db_, "UPDATE schema_version SET version = " + newer);
    Status why = Status::ok();
    EXPECT_FALSE(open(db_, &why)) << "opened a database newer than the program";
    EXPECT_NE(why.message().find("schema version " + newer + " is newer than this program (" +
                                 current + ")"),
              std::string::npos)
        << why.message();
    EXPECT_EQ(query_database(db_, "SELECT version FROM schema_version"), (Rows{{newer}}));
}

// A database the first three migrations made, with a game going on and a
// finished one, is brought to the current version by the fourth: ply counts,
// the finished count, the list.
TEST_P(StorageBackends, AnOlderSchemaIsMigratedAndKeepsItsData) {
    const bool pg = GetParam() == Backend::POSTGRES;
    const std::string old = new_database(GetParam(), dir_.file("old.db"));
    ASSERT_FALSE(old.empty());
    std::string sql =
        "CREATE TABLE schema_version (version INTEGER NOT NULL);"
        "INSERT INTO schema_version VALUES (3);";
    for (int v = 0; v < 3; ++v)
        sql += pg ? server::migrations()[v].postgres : server::migrations()[v].sqlite;
    sql +=
        "INSERT INTO games(id, variant, start_fen, mode, token_white, token_black, white_taken, "
        "black_taken, invite, base_ms, inc_ms, remaining_white, remaining_black, result, "
        "termination, draw_offer, created_ms, updated_ms) VALUES "
        "('ggggggggggg1', 'chess', '" +
        std::string(kStart) +
        "', 'local', 't1', 't1', 1, 1, "
        "'', 0, 0, 0, 0, '*', '', -1, 1000, 2000), "
        "('ggggggggggg2', 'chess', '" +
        std::string(kStart) +
        "', 'local', 't2', 't2', 1, 1, "
        "'', 0, 0, 0, 0, '0-1', 'white resigned', -1, 1000, 3000);"
        "INSERT INTO moves VALUES ('ggggggggggg1', 1, 'e2e4', 'e4'), "
        "('ggggggggggg2', 1, 'd2d4', 'd4'), ('ggggggggggg2', 2, 'd7d5', 'd5');";
    query_database(old, sql);
    store_ = open(old);
    ASSERT_TRUE(store_);
    EXPECT_EQ(query_database(old, "SELECT version FROM schema_version"),
              (Rows{{std::to_string(server::kSchemaVersion)}}));
    EXPECT_EQ(query_database(old, "SELECT id, plies FROM games ORDER BY id"),
              (Rows{{"ggggggggggg1", "1"}, {"ggggggggggg2", "2"}}));
    std::int64_t n = 0;
    ASSERT_TRUE(store_->count_finished(n));
    EXPECT_EQ(n, 1);
    std::vector<GameSummary> rows;
    ASSERT_TRUE(store_->list_finished(nullptr, 10, rows));
    ASSERT_EQ(rows.size(), 1u);
    EXPECT_EQ(rows[0].id, "ggggggggggg2");
    EXPECT_EQ(rows[0].plies, 2u);
    EXPECT_EQ(load("ggggggggggg2").lan, (std::vector<std::string>{"d2d4", "d7d5"}));
}

// Migration 7 gives the leases of migration 6 up as of their last renewal
// (lease_until - 4 s), for the servers of the new schema to take, and has the
// seats of the games going on away from the upgrade.
TEST_P(StorageBackends, TheLeasesOfMigration6AreGivenUpAsOfTheirLastRenewal) {
    const bool pg = GetParam() == Backend::POSTGRES;
    const std::string old = new_database(GetParam(), dir_.file("six.db"));
    ASSERT_FALSE(old.empty());
    std::string sql =
        "CREATE TABLE schema_version (version INTEGER NOT NULL);"
        "INSERT INTO schema_version VALUES (6);";
    for (int v = 0; v < 6; ++v)
        sql += pg ? server::migrations()[v].postgres : server::migrations()[v].sqlite;
    for (const auto& [id, result, lease] : {std::tuple{"ggggggggggg1", "*", "50000"},
                                            {"ggggggggggg2", "*", "-7000"},
                                            {"ggggggggggg3", "1-0", "50000"}})
        sql += std::string(
                   "INSERT INTO games(id, variant, start_fen, mode, token_white, "
                   "token_black, white_taken, black_taken, invite, base_ms, inc_ms, "
                   "remaining_white, remaining_black, result, termination, draw_offer, "
                   "created_ms, updated_ms, owner, lease_until) VALUES ('") +
               id + "', 'chess', '" + kStart + "', 'local', 't', 't', 1, 1, '', 0, 0, 0, 0, '" +
               result + "', '', -1, 1000, 2000, 'old', " + lease + ");";
    query_database(old, sql);
    const auto wall_ms = [] {
        return std::chrono::duration_cast<std::chrono::milliseconds>(
                   std::chrono::system_clock::now().time_since_epoch())
            .count();
    };
    const std::int64_t before = wall_ms();
    store_ = open(old);
    ASSERT_TRUE(store_);
    EXPECT_EQ(query_database(old, "SELECT id, owner, lease_until FROM games ORDER BY id"),
              (Rows{{"ggggggggggg1", "", "-46000"},
                    {"ggggggggggg2", "", "-7000"},
                    {"ggggggggggg3", "old", "50000"}}));
    const StoredGame going = load("ggggggggggg1");
    for (const std::int64_t away : going.away_ms) {
        EXPECT_GE(away, before / 1000 * 1000);
        EXPECT_LE(away, wall_ms());
    }
    EXPECT_EQ(load("ggggggggggg3").away_ms[0], 0) << "a finished game has no presence";
}

// A migration that fails (here: a table of the same name is there already)
// stops the open with the reason, and leaves what was there as it was.
TEST_P(StorageBackends, AMigrationThatFailsLeavesTheDatabaseAsItWas) {
    const std::string other = new_database(GetParam(), dir_.file("other.db"));
    ASSERT_FALSE(other.empty());
    query_database(other, "CREATE TABLE games (note TEXT); INSERT INTO games VALUES ('mine');");
    for (int attempt = 0; attempt < 2; ++attempt) {
        Status why = Status::ok();
        EXPECT_FALSE(open(other, &why));
        EXPECT_NE(why.message().find("already exists"), std::string::npos) << why.message();
    }
    EXPECT_EQ(query_database(other, "SELECT note FROM games"), (Rows{{"mine"}}));
    const std::string moves_tables =
        GetParam() == Backend::POSTGRES
            ? "SELECT count(*) FROM information_schema.tables WHERE table_name = 'moves'"
            : "SELECT count(*) FROM sqlite_master WHERE name = 'moves'";
    EXPECT_EQ(query_database(other, moves_tables), (Rows{{"0"}})) << "migration 1 was half done";
}

INSTANTIATE_TEST_SUITE_P(Backends, StorageBackends,
                         ::testing::Values(Backend::SQLITE, Backend::POSTGRES), backend_test_name);

// SQLite's log (the -wal file) is copied back into the database by a thread of
// the storage's own (src/server/sqlite_storage.cpp), not inside a move's
// commit: with automatic checkpoints off and nothing else copying, the
// database file would keep its size and the log would grow for ever.
TEST(SqliteStorage, TheLogIsCopiedIntoTheDatabaseWhileTheStorageStaysOpen) {
    TempDir dir;
    const std::string db = dir.file("log.db");
    Status st = Status::ok();
    auto store = server::open_storage(db, &st);
    ASSERT_TRUE(store) << st.message();
    StoredGame g = sample_game("g", 1000);
    ASSERT_TRUE(store->create_game(g));
    const auto size_of = [](const std::string& f) {
        std::error_code ec;
        const auto n = std::filesystem::file_size(f, ec);
        return ec ? std::uintmax_t{0} : n;
    };
    const std::uintmax_t before = size_of(db);
    // A few thousand moves: several times SQLite's 1,000-page threshold.
    const std::string lan(40, 'm');
    for (int i = 0; i < 3000; ++i) {
        g.lan.push_back(lan + std::to_string(i));
        g.san.push_back(lan);
        g.updated_ms += 1;
        ASSERT_TRUE(store->append_move(g, g.lan.back(), g.san.back()));
    }
    std::uintmax_t after = size_of(db);
    for (int i = 0; i < 100 && after <= before; ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        after = size_of(db);
    }
    EXPECT_GT(after, before) << "the database file did not grow within 10 s of 3,000 commits";
    // What was copied is what was committed: a second connection reads it all.
    EXPECT_EQ(query_database(db, "SELECT count(*) FROM moves WHERE game_id = 'g'").at(0).at(0),
              "3000");
}

// The tables of a database with their columns in order, and its indexes
// (those the migrations made, not the primary keys').
struct Schema {
    std::string version;
    Rows columns;  // table, column
    Rows indexes;  // name
};

Schema sqlite_schema(const std::string& db) {
    Schema s;
    s.version = query_database(db, "SELECT version FROM schema_version").at(0).at(0);
    for (const auto& t : query_database(db,
                                        "SELECT name FROM sqlite_master WHERE type = 'table' "
                                        "AND name NOT LIKE 'sqlite_%' ORDER BY name"))
        for (const auto& c :
             query_database(db, "SELECT name FROM pragma_table_info('" + t[0] + "') ORDER BY cid"))
            s.columns.push_back({t[0], c[0]});
    s.indexes = query_database(db,
                               "SELECT name FROM sqlite_master WHERE type = 'index' AND sql "
                               "IS NOT NULL ORDER BY name");
    return s;
}

Schema postgres_schema(const std::string& db) {
    Schema s;
    s.version = query_database(db, "SELECT version FROM schema_version").at(0).at(0);
    s.columns = query_database(db,
                               "SELECT table_name, column_name FROM information_schema.columns "
                               "WHERE table_schema = current_schema() "
                               "ORDER BY table_name, ordinal_position");
    s.indexes = query_database(db,
                               "SELECT indexname FROM pg_indexes WHERE schemaname = "
                               "current_schema() AND indexname NOT LIKE '%_pkey' ORDER BY 1");
    return s;
}

// Version N is the same schema in both backends (migrations.h).
TEST(PostgresAndSqliteSchema, BothEndAtTheSameVersionWithTheSameTablesColumnsAndIndexes) {
    TempDir dir;
    const std::string lite = dir.file("schema.db"), pg = new_database(Backend::POSTGRES, "");
    ASSERT_FALSE(pg.empty());
    for (const std::string& db : {lite, pg}) {
        Status st = Status::ok();
        ASSERT_TRUE(server::open_storage(db, &st)) << st.message();
    }
    const Schema a = sqlite_schema(lite), b = postgres_schema(pg);
    EXPECT_EQ(a.version, std::to_string(server::kSchemaVersion));
    EXPECT_EQ(b.version, a.version);
    EXPECT_EQ(b.columns, a.columns);
    EXPECT_EQ(b.indexes, a.indexes);
    EXPECT_GE(a.columns.size(), 30u) << "the schema was not read";
    EXPECT_EQ(a.indexes, (Rows{{"accounts_bot_token"},
                               {"games_account_black"},
                               {"games_account_white"},
                               {"games_finished"},
                               {"games_owner"},
                               {"games_unfinished"},
                               {"presence_instance"},
                               {"rating_changes_account"},
                               {"sessions_account"}}));
    // PostgreSQL orders ids bytewise, as SQLite and the server do, in any locale.
    EXPECT_EQ(query_database(pg,
                             "SELECT collation_name FROM information_schema.columns WHERE "
                             "table_name = 'games' AND column_name = 'id'"),
              (Rows{{"C"}}));
    EXPECT_EQ(server::migrations().size(), static_cast<std::size_t>(server::kSchemaVersion));
}

// The list of finished games is read from its index, not by scanning every game.
TEST(PostgresStorage, TheListOfFinishedGamesIsReadFromItsIndex) {
    const std::string pg = new_database(Backend::POSTGRES, "");
    ASSERT_FALSE(pg.empty());
    Status st = Status::ok();
    ASSERT_TRUE(server::open_storage(pg, &st)) << st.message();
    // On an empty table a scan of every row, or of a bitmap of the index then
    // sorted, costs as little as the index read in order: both are ruled out,
    // so the plan shows whether an ordered index read answers the query.
    const Rows plan = query_database(
        pg,
        "SET enable_seqscan = off; SET enable_bitmapscan = off; EXPLAIN SELECT id FROM games WHERE "
        "result <> '*' AND "
        "(updated_ms, id) < (1::bigint, 'a'::text) ORDER BY updated_ms DESC, id DESC LIMIT 20");
    std::string text;
    for (const auto& row : plan) text += row[0] + "\n";
    EXPECT_NE(text.find("games_finished"), std::string::npos) << text;
    EXPECT_EQ(text.find("Sort"), std::string::npos) << text;
}

// Servers that start together on a new database migrate it once: the others
// wait for it (an advisory lock) and find it done.
TEST(PostgresStorage, ServersStartingTogetherMigrateOnce) {
    const std::string pg = new_database(Backend::POSTGRES, "");
    ASSERT_FALSE(pg.empty());
    std::vector<Status> results(4, Status::ok());
    std::vector<std::thread> starts;
    for (Status& result : results)
        starts.emplace_back([&pg, &result] { server::open_storage(pg, &result); });
    for (std::thread& t : starts) t.join();
    for (const Status& s : results) EXPECT_TRUE(s) << s.message();
    EXPECT_EQ(query_database(pg, "SELECT version FROM schema_version"),
              (Rows{{std::to_string(server::kSchemaVersion)}}));
}

// Stops the tests' PostgreSQL server for a while; starts it again at the end
// of the scope, whatever happens in between.
class DatabaseAway {
  public:
    explicit DatabaseAway(PostgresServer& pg) : pg_(pg) { EXPECT_TRUE(pg_.stop()); }
    ~DatabaseAway() { back(); }
    bool back() { return pg_.start(); }

  private:
    PostgresServer& pg_;
};

TEST(PostgresStorage, ADatabaseThatRestartsOrGoesAwayIsReportedOnceAndReconnected) {
    PostgresServer* pg = postgres();
    ASSERT_TRUE(pg);
    const std::string db = pg->new_database();
    std::mutex mu;
    std::vector<std::string> lines;
    auto log = [&](const std::string& line) {
        std::lock_guard lock(mu);
        lines.push_back(line);
    };
    Status st = Status::ok();
    auto store = server::open_storage(db, &st, log);
    ASSERT_TRUE(store) << st.message();
    StoredGame g = sample_game("hhhhhhhhhhh1", 1000);
    ASSERT_TRUE(store->create_game(g));
    auto play = [&](const std::string& lan) {
        StoredGame next = g;
        next.lan.push_back(lan);
        next.san.push_back(lan);
        const Status s = store->append_move(next, lan, lan);
        if (s) g = next;
        return s;
    };

    // A restart between two calls goes unnoticed: the lost connections are replaced.
    ASSERT_TRUE(pg->stop());
    ASSERT_TRUE(pg->start());
    EXPECT_TRUE(play("e2e4"));
    std::vector<GameSummary> rows;
    EXPECT_TRUE(store->list_finished(nullptr, 5, rows));
    EXPECT_TRUE(lines.empty()) << lines.front();

    {
        DatabaseAway away(*pg);
        for (const char* lan : {"e7e5", "d7d5", "c7c5"}) {
            const Status s = play(lan);
            EXPECT_FALSE(s) << lan << " was stored in a database that is not there";
            EXPECT_TRUE(s.is_unavailable()) << s.message();
        }
        StoredGame read;
        bool found = false;
        EXPECT_TRUE(store->load_game(g.id, read, &found).is_unavailable());
        EXPECT_TRUE(store->heartbeat(2000).is_unavailable());
        ASSERT_EQ(lines.size(), 1u) << "the outage is reported once";
        EXPECT_EQ(lines[0].rfind("error: database: ", 0), 0u) << lines[0];
        ASSERT_TRUE(away.back());
    }
    // The next call after the pause between attempts (a second) connects again.
    std::this_thread::sleep_for(std::chrono::milliseconds(1100));
    EXPECT_TRUE(play("e7e5"));
    ASSERT_EQ(lines.size(), 2u);
    EXPECT_NE(lines[1].find("is back"), std::string::npos) << lines[1];
    // The reader connects again too, without another line.
    StoredGame read;
    bool found = false;
    ASSERT_TRUE(store->load_game(g.id, read, &found));
    EXPECT_EQ(read.lan, (std::vector<std::string>{"e2e4", "e7e5"}));
    EXPECT_TRUE(store->heartbeat(3000));
    EXPECT_EQ(lines.size(), 2u);
}

}  // namespace
}  // namespace chimera
