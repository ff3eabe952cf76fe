// SQLite storage: one database file in WAL mode with synchronous=NORMAL — a
// committed transaction is in the log before COMMIT returns, so it survives a
// kill -9 of the server (a power cut may lose the last few) — and numbered
// migrations (migrations.h, shared with the PostgreSQL backend) applied in
// order on open.
//
// Checkpoints (copying the log back into the database, the only step that
// waits for the disk: two fsyncs) run on a thread of their own with its own
// connection, never inside a move's commit: SQLite's automatic checkpoint
// would run them in whichever commit crossed the threshold, under the storage
// lock, and a slow disk then stalls every move behind it. The same thread
// starts the log's writeback early so that those fsyncs find little to write
// (docs/scaling.md, "Storage and the disk").
#include <fcntl.h>
#include <sqlite3.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include "server/migrations.h"
#include "server/storage.h"

namespace chimera::server {

namespace {

// One SQLite connection and its prepared statements, used by one thread at a
// time (its mutex).
class Connection {
  public:
    Connection() = default;
    Connection(const Connection&) = delete;
    Connection& operator=(const Connection&) = delete;
    ~Connection() {
        for (auto& [sql, st] : statements_) sqlite3_finalize(st);
        if (db_) sqlite3_close(db_);
    }

    Status open(const std::string& path, int flags) {
        if (sqlite3_open_v2(path.c_str(), &db_, flags | SQLITE_OPEN_NOMUTEX, nullptr) != SQLITE_OK)
            return error("open " + path);
        sqlite3_busy_timeout(db_, 5000);
        return Status::ok();
    }

    Status error(const std::string& what) const {
        return Status::error("database: " + what + ": " +
                             (db_ ? sqlite3_errmsg(db_) : "no connection"));
    }
    Status rollback(const std::string& what) {
        Status e = error(what);
        (void)exec("ROLLBACK");
        return e;
    }
    Status exec(const char* sql) {
        char* msg = nullptr;
        if (sqlite3_exec(db_, sql, nullptr, nullptr, &msg) != SQLITE_OK) {
            Status e = Status::error(std::string("database: ") + (msg ? msg : "error"));
            sqlite3_free(msg);
            return e;
        }
        return Status::ok();
    }
    // A prepared statement kept for the connection's lifetime (the SQL texts are
    // literals, so their addresses are the keys); reset before it is returned.
    sqlite3_stmt* statement(const char* sql) {
        auto [it, fresh] = statements_.try_emplace(sql, nullptr);
        if (fresh && sqlite3_prepare_v3(db_, sql, -1, SQLITE_PREPARE_PERSISTENT, &it->second,
                                        nullptr) != SQLITE_OK) {
            statements_.erase(it);
            return nullptr;
        }
        sqlite3_reset(it->second);
        sqlite3_clear_bindings(it->second);
        return it->second;
    }
    // Runs a cached statement without parameters or rows (BEGIN, COMMIT).
    Status step_once(const char* sql) {
        sqlite3_stmt* st = statement(sql);
        if (!st) return error(std::string("prepare ") + sql);
        const int rc = sqlite3_step(st);
        sqlite3_reset(st);
        return rc == SQLITE_DONE ? Status::ok() : error(sql);
    }
    sqlite3_stmt* prepare(const char* sql) {
        sqlite3_stmt* st = nullptr;
        return sqlite3_prepare_v2(db_, sql, -1, &st, nullptr) == SQLITE_OK ? st : nullptr;
    }

    sqlite3* handle() const { return db_; }

    std::mutex mutex;

  private:
    sqlite3* db_ = nullptr;
    std::map<const char*, sqlite3_stmt*> statements_;
};

// Not named bind: with <functional> in sight, a call bind(st, i, id) would
// find std::bind by argument-dependent lookup, a better match for a
// non-const or temporary string, and bind nothing.
void bind_text(sqlite3_stmt* st, int i, const std::string& s) {
    sqlite3_bind_text(st, i, s.c_str(), static_cast<int>(s.size()), SQLITE_TRANSIENT);
}
std::string text(sqlite3_stmt* st, int col) {
    const unsigned char* t = sqlite3_column_text(st, col);
    return t ? reinterpret_cast<const char*>(t) : "";
}

#define CHIMERA_GAME_COLUMNS                                                                    \
    "id, variant, start_fen, formation, mode, level, computer_side, token_white, token_black, " \
    "white_taken, black_taken, invite, base_ms, inc_ms, remaining_white, remaining_black, "     \
    "result, termination, draw_offer, created_ms, updated_ms, turn_started_ms, given_plies, "   \
    "version, away_white, away_black, takeback_offer, rematch_offer, rematch_id, "              \
    "account_white, account_black, rated"

constexpr int kGameColumnCount = 32;  // in CHIMERA_GAME_COLUMNS

// A game row as selected with CHIMERA_GAME_COLUMNS, without its moves.
StoredGame read_game(sqlite3_stmt* st) {
    StoredGame g;
    g.id = text(st, 0);
    g.variant = text(st, 1);
    g.start_fen = text(st, 2);
    g.formation = sqlite3_column_int(st, 3);
    g.mode = text(st, 4);
    g.level = sqlite3_column_int(st, 5);
    g.computer_side = sqlite3_column_int(st, 6);
    g.token[0] = text(st, 7);
    g.token[1] = text(st, 8);
    g.seat_taken[0] = sqlite3_column_int(st, 9) != 0;
    g.seat_taken[1] = sqlite3_column_int(st, 10) != 0;
    g.invite = text(st, 11);
    g.base_ms = sqlite3_column_int64(st, 12);
    g.inc_ms = sqlite3_column_int64(st, 13);
    g.remaining_ms[0] = sqlite3_column_int64(st, 14);
    g.remaining_ms[1] = sqlite3_column_int64(st, 15);
    g.result = text(st, 16);
    g.termination = text(st, 17);
    g.draw_offer = sqlite3_column_int(st, 18);
    g.created_ms = sqlite3_column_int64(st, 19);
    g.updated_ms = sqlite3_column_int64(st, 20);
    g.turn_started_ms = sqlite3_column_int64(st, 21);
    g.given_plies = static_cast<std::size_t>(sqlite3_column_int64(st, 22));
    g.version = sqlite3_column_int64(st, 23);
    g.away_ms[0] = sqlite3_column_int64(st, 24);
    g.away_ms[1] = sqlite3_column_int64(st, 25);
    g.takeback_offer = sqlite3_column_int(st, 26);
    g.rematch_offer = sqlite3_column_int(st, 27);
    g.rematch_id = text(st, 28);
    g.account[0] = text(st, 29);
    g.account[1] = text(st, 30);
    g.rated = sqlite3_column_int(st, 31) != 0;
    return g;
}

// Writes go through one connection. Reads of finished games and of the list
// go through a second, read-only one (WAL lets it read beside the writer), so
// a reader never holds up a move being committed. An in-memory or temporary
// database (":memory:", "") is private to its connection: there the one
// connection does both.
class SqliteStorage final : public Storage {
  public:
    SqliteStorage() = default;
    SqliteStorage(const SqliteStorage&) = delete;
    SqliteStorage& operator=(const SqliteStorage&) = delete;
    ~SqliteStorage() override {
        if (!checkpoint_thread_.joinable()) return;
        {
            std::lock_guard lock(checkpoint_mutex_);
            stopping_ = true;
        }
        checkpoint_wake_.notify_one();
        checkpoint_thread_.join();
        if (wal_fd_ >= 0) ::close(wal_fd_);
    }

    Status open(const std::string& path) {
        if (Status s = db_.open(path, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE); !s) return s;
        if (Status s = db_.exec(
                "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON;");
            !s)
            return s;
        if (Status s = migrate(); !s) return s;
        if (path.empty() || path == ":memory:") return Status::ok();
        reader_storage_ = std::make_unique<Connection>();
        if (Status s = reader_storage_->open(path, SQLITE_OPEN_READONLY); !s) return s;
        reader_ = reader_storage_.get();
        return start_checkpoints(path);
    }

    Status create_game(const StoredGame& g) override {
        std::lock_guard lock(db_.mutex);
        if (Status s = db_.step_once("BEGIN IMMEDIATE"); !s) return s;
        if (Status s = write_game(g, true); !s) return db_.rollback(s.message());
        for (std::size_t i = 0; i < g.lan.size(); ++i)
            if (Status s = insert_move(g.id, i + 1, g.lan[i], g.san[i]); !s)
                return db_.rollback(s.message());
        return db_.step_once("COMMIT");
    }

    Status save_review(const std::string& id, const std::string& engine, const std::string& review,
                       std::int64_t now_ms) override {
        std::lock_guard lock(db_.mutex);
        sqlite3_stmt* st = db_.statement(
            "INSERT OR REPLACE INTO reviews(game_id, engine, review, created_ms) VALUES(?, ?, ?, "
            "?)");
        if (!st) return db_.error("prepare review");
        sqlite3_bind_text(st, 1, id.data(), static_cast<int>(id.size()), SQLITE_TRANSIENT);
        sqlite3_bind_text(st, 2, engine.data(), static_cast<int>(engine.size()), SQLITE_TRANSIENT);
        sqlite3_bind_text(st, 3, review.data(), static_cast<int>(review.size()), SQLITE_TRANSIENT);
        sqlite3_bind_int64(st, 4, now_ms);
        const int rc = sqlite3_step(st);
        sqlite3_reset(st);
        return rc == SQLITE_DONE ? Status::ok() : db_.error("save review");
    }

    Status load_review(const std::string& id, const std::string& engine, std::string& review,
                       bool* found) override {
        std::lock_guard lock(db_.mutex);
        *found = false;
        sqlite3_stmt* st =
            db_.statement("SELECT review FROM reviews WHERE game_id = ? AND engine = ?");
        if (!st) return db_.error("prepare review read");
        sqlite3_bind_text(st, 1, id.data(), static_cast<int>(id.size()), SQLITE_TRANSIENT);
        sqlite3_bind_text(st, 2, engine.data(), static_cast<int>(engine.size()), SQLITE_TRANSIENT);
        const int rc = sqlite3_step(st);
        if (rc == SQLITE_ROW) {
            *found = true;
            review.assign(reinterpret_cast<const char*>(sqlite3_column_text(st, 0)),
                          static_cast<std::size_t>(sqlite3_column_bytes(st, 0)));
        }
        sqlite3_reset(st);
        return rc == SQLITE_ROW || rc == SQLITE_DONE ? Status::ok() : db_.error("review read");
    }

    Status heartbeat(std::int64_t at_ms) override {
        std::lock_guard lock(db_.mutex);
        sqlite3_stmt* st =
            db_.statement("INSERT OR REPLACE INTO heartbeat(id, at_ms) VALUES(1, ?)");
        if (!st) return db_.error("prepare heartbeat");
        sqlite3_bind_int64(st, 1, at_ms);
        const int rc = sqlite3_step(st);
        sqlite3_reset(st);
        return rc == SQLITE_DONE ? Status::ok() : db_.error("heartbeat");
    }

    Status last_heartbeat(std::int64_t& at_ms) override {
        std::lock_guard lock(db_.mutex);
        at_ms = 0;
        sqlite3_stmt* st = db_.statement("SELECT at_ms FROM heartbeat WHERE id = 1");
        if (!st) return db_.error("prepare heartbeat read");
        const int rc = sqlite3_step(st);
        if (rc == SQLITE_ROW) at_ms = sqlite3_column_int64(st, 0);
        sqlite3_reset(st);
        return rc == SQLITE_ROW || rc == SQLITE_DONE ? Status::ok() : db_.error("heartbeat read");
    }

    Status update_game(StoredGame& g) override {
        std::lock_guard lock(db_.mutex);
        if (g.with_write.empty()) {
            Status s = write_game(g, false);
            if (s) ++g.version;
            return s;
        }
        if (Status s = db_.step_once("BEGIN IMMEDIATE"); !s) return s;
        Status s = write_game(g, false);
        if (s) s = run_calls(g.with_write);
        if (!s) {
            (void)db_.step_once("ROLLBACK");
            return s;
        }
        if (Status c = db_.step_once("COMMIT"); !c) return c;
        ++g.version;
        g.with_write.clear();
        return Status::ok();
    }

    Status append_move(StoredGame& g, const std::string& lan, const std::string& san) override {
        std::lock_guard lock(db_.mutex);
        if (Status s = db_.step_once("BEGIN IMMEDIATE"); !s) return s;
        // The row first: if another server changed the game, nothing is stored.
        if (Status s = write_game(g, false); !s) {
            (void)db_.step_once("ROLLBACK");
            return s;
        }
        if (Status s = insert_move(g.id, g.lan.size(), lan, san); !s)
            return db_.rollback(s.message());
        if (Status s = run_calls(g.with_write); !s) {
            (void)db_.step_once("ROLLBACK");
            return s;
        }
        if (Status s = db_.step_once("COMMIT"); !s) return s;
        ++g.version;
        g.with_write.clear();
        return Status::ok();
    }

    Status start_rematch(StoredGame& finished, const StoredGame& fresh) override {
        std::lock_guard lock(db_.mutex);
        if (Status s = db_.step_once("BEGIN IMMEDIATE"); !s) return s;
        if (Status s = write_game(finished, false); !s) {
            (void)db_.step_once("ROLLBACK");
            return s;
        }
        if (Status s = write_game(fresh, true); !s) return db_.rollback(s.message());
        for (std::size_t i = 0; i < fresh.lan.size(); ++i)
            if (Status s = insert_move(fresh.id, i + 1, fresh.lan[i], fresh.san[i]); !s)
                return db_.rollback(s.message());
        if (Status s = db_.step_once("COMMIT"); !s) return s;
        ++finished.version;
        return Status::ok();
    }

    Status run_sql(const std::vector<SqlCall>& calls, std::vector<SqlRows>* rows,
                   std::vector<std::int64_t>* changed) override {
        std::lock_guard lock(db_.mutex);
        if (Status s = db_.step_once("BEGIN IMMEDIATE"); !s) return s;
        if (Status s = run_calls(calls, rows, changed); !s) {
            (void)db_.step_once("ROLLBACK");
            return s;
        }
        return db_.step_once("COMMIT");
    }

    // The calls inside the transaction going on (db_.mutex held); on a failure
    // the caller rolls back.
    Status run_calls(const std::vector<SqlCall>& calls, std::vector<SqlRows>* rows = nullptr,
                     std::vector<std::int64_t>* changed = nullptr) {
        if (rows) rows->assign(calls.size(), {});
        if (changed) changed->assign(calls.size(), 0);
        for (std::size_t i = 0; i < calls.size(); ++i) {
            const SqlCall& call = calls[i];
            sqlite3_stmt* st = db_.statement(call.statement->sql);
            if (!st) return db_.error(std::string("prepare ") + call.statement->name);
            for (std::size_t p = 0; p < call.params.size(); ++p)
                bind_text(st, int(p) + 1, call.params[p]);
            int rc = 0;
            while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
                if (!rows) continue;
                std::vector<std::string>& row = (*rows)[i].emplace_back();
                for (int c = 0; c < sqlite3_column_count(st); ++c) row.push_back(text(st, c));
            }
            sqlite3_reset(st);
            if (rc != SQLITE_DONE) return db_.error(call.statement->name);
            const std::int64_t n = sqlite3_changes(db_.handle());
            if (changed) (*changed)[i] = n;
            if (call.one_row && n != 1)
                return Status::conflict(std::string("database: ") + call.statement->name +
                                        " changed " + std::to_string(n) + " rows, not one");
        }
        return Status::ok();
    }

    Status take_back(StoredGame& g, std::size_t stored) override {
        std::lock_guard lock(db_.mutex);
        if (Status s = db_.step_once("BEGIN IMMEDIATE"); !s) return s;
        if (Status s = write_game(g, false); !s) {
            (void)db_.step_once("ROLLBACK");
            return s;
        }
        sqlite3_stmt* st = db_.statement("DELETE FROM moves WHERE game_id = ? AND ply > ?");
        if (!st) return db_.rollback("prepare takeback");
        bind_text(st, 1, g.id);
        sqlite3_bind_int64(st, 2, static_cast<std::int64_t>(g.lan.size()));
        const int rc = sqlite3_step(st);
        const int deleted = sqlite3_changes(db_.handle());
        sqlite3_reset(st);
        if (rc != SQLITE_DONE) return db_.rollback("takeback");
        if (static_cast<std::size_t>(deleted) != stored - g.lan.size())
            return db_.rollback("takeback: the game had " + std::to_string(g.lan.size() + deleted) +
                                " moves stored, not " + std::to_string(stored));
        sqlite3_stmt* count =
            db_.statement("UPDATE games SET takebacks = takebacks + 1 WHERE id = ?");
        if (!count) return db_.rollback("prepare takeback count");
        bind_text(count, 1, g.id);
        const int counted = sqlite3_step(count);
        sqlite3_reset(count);
        if (counted != SQLITE_DONE) return db_.rollback("takeback count");
        if (Status s = db_.step_once("COMMIT"); !s) return s;
        ++g.version;
        ++g.takebacks;
        return Status::ok();
    }

    Status load_unfinished(std::vector<StoredGame>& out) override {
        std::lock_guard lock(db_.mutex);
        sqlite3_stmt* st = db_.prepare("SELECT " CHIMERA_GAME_COLUMNS
                                       " FROM games WHERE result = '*' ORDER BY created_ms");
        if (!st) return db_.error("prepare load");
        int rc;
        while ((rc = sqlite3_step(st)) == SQLITE_ROW) out.push_back(read_game(st));
        sqlite3_finalize(st);
        if (rc != SQLITE_DONE) return db_.error("load");
        for (StoredGame& g : out)
            if (Status s = read_moves(db_, g); !s) return s;
        return Status::ok();
    }

    Status load_game(const std::string& id, StoredGame& out, bool* found,
                     std::size_t after_ply) override {
        std::lock_guard lock(reader_->mutex);
        *found = false;
        // One read transaction: the row and its moves as of one commit.
        if (Status s = reader_->step_once("BEGIN"); !s) return s;
        sqlite3_stmt* st = reader_->statement("SELECT " CHIMERA_GAME_COLUMNS
                                              ", plies, takebacks FROM games WHERE id = ?");
        if (!st) return reader_->rollback("prepare game read");
        bind_text(st, 1, id);
        const int rc = sqlite3_step(st);
        if (rc == SQLITE_ROW) {
            out = read_game(st);
            out.stored_plies = static_cast<std::size_t>(sqlite3_column_int64(st, kGameColumnCount));
            out.takebacks = sqlite3_column_int64(st, kGameColumnCount + 1);
            *found = true;
        }
        sqlite3_reset(st);
        if (rc != SQLITE_ROW && rc != SQLITE_DONE) return reader_->rollback("game read");
        if (*found)
            if (Status s = read_moves(*reader_, out, after_ply); !s)
                return reader_->rollback(s.message());
        return reader_->step_once("COMMIT");
    }

    Status list_finished(const ListCursor* before, std::size_t limit,
                         std::vector<GameSummary>& out) override {
        std::lock_guard lock(reader_->mutex);
        sqlite3_stmt* st = reader_->statement(
            "SELECT id, variant, mode, level, plies, result, termination, updated_ms FROM games "
            "WHERE result <> '*' AND (updated_ms, id) < (?1, ?2) "
            "ORDER BY updated_ms DESC, id DESC LIMIT ?3");
        if (!st) return reader_->error("prepare list");
        sqlite3_bind_int64(st, 1, before ? before->updated_ms : INT64_MAX);
        bind_text(st, 2, before ? before->id : std::string());
        sqlite3_bind_int64(st, 3, static_cast<sqlite3_int64>(limit));
        int rc;
        while ((rc = sqlite3_step(st)) == SQLITE_ROW)
            out.push_back({text(st, 0), text(st, 1), text(st, 2), sqlite3_column_int(st, 3),
                           static_cast<std::size_t>(sqlite3_column_int64(st, 4)), text(st, 5),
                           text(st, 6), sqlite3_column_int64(st, 7)});
        sqlite3_reset(st);
        return rc == SQLITE_DONE ? Status::ok() : reader_->error("list");
    }

    Status count_finished(std::int64_t& count) override {
        std::lock_guard lock(reader_->mutex);
        count = 0;
        sqlite3_stmt* st = reader_->statement("SELECT n FROM finished_count WHERE id = 1");
        if (!st) return reader_->error("prepare count");
        const int rc = sqlite3_step(st);
        if (rc == SQLITE_ROW) count = sqlite3_column_int64(st, 0);
        sqlite3_reset(st);
        return rc == SQLITE_ROW ? Status::ok() : reader_->error("count");
    }

  private:
    // Appends the stored moves of g after the first after_ply, in order.
    static Status read_moves(Connection& c, StoredGame& g, std::size_t after_ply = 0) {
        sqlite3_stmt* mv =
            c.statement("SELECT lan, san FROM moves WHERE game_id = ? AND ply > ? ORDER BY ply");
        if (!mv) return c.error("prepare moves");
        bind_text(mv, 1, g.id);
        sqlite3_bind_int64(mv, 2, static_cast<sqlite3_int64>(after_ply));
        int rc;
        while ((rc = sqlite3_step(mv)) == SQLITE_ROW) {
            g.lan.push_back(text(mv, 0));
            g.san.push_back(text(mv, 1));
        }
        sqlite3_reset(mv);
        return rc == SQLITE_DONE ? Status::ok() : c.error("moves of " + g.id);
    }

    Status migrate() {
        if (Status s =
                db_.exec("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)");
            !s)
            return s;
        int version = 0;
        if (sqlite3_stmt* st = db_.prepare("SELECT version FROM schema_version")) {
            if (sqlite3_step(st) == SQLITE_ROW) version = sqlite3_column_int(st, 0);
            sqlite3_finalize(st);
        }
        const int target = kSchemaVersion;
        if (version > target)
            return Status::error("database: schema version " + std::to_string(version) +
                                 " is newer than this program (" + std::to_string(target) + ")");
        for (int v = version; v < target; ++v) {
            if (Status s = db_.exec("BEGIN IMMEDIATE"); !s) return s;
            if (Status s = db_.exec(migrations()[v].sqlite); !s) return db_.rollback(s.message());
            const std::string set =
                "DELETE FROM schema_version; INSERT INTO schema_version VALUES(" +
                std::to_string(v + 1) + ")";
            if (Status s = db_.exec(set.c_str()); !s) return db_.rollback(s.message());
            if (Status s = db_.exec("COMMIT"); !s) return s;
        }
        return Status::ok();
    }

    Status insert_move(const std::string& id, std::size_t ply, const std::string& lan,
                       const std::string& san) {
        sqlite3_stmt* st =
            db_.statement("INSERT INTO moves(game_id, ply, lan, san) VALUES(?,?,?,?)");
        if (!st) return db_.error("prepare move insert");
        bind_text(st, 1, id);
        sqlite3_bind_int64(st, 2, static_cast<sqlite3_int64>(ply));
        bind_text(st, 3, lan);
        bind_text(st, 4, san);
        const int rc = sqlite3_step(st);
        sqlite3_reset(st);
        return rc == SQLITE_DONE ? Status::ok() : db_.error("insert move");
    }

    Status write_game(const StoredGame& g, bool insert) {
        const char* sql =
            insert
                ? "INSERT INTO games(" CHIMERA_GAME_COLUMNS
                  ", plies) "
                  "VALUES(?1,?2,?3,?4,?5,?6,?7,?8,?9,?10,?11,?12,?13,?14,?15,?16,?17,?18,?19,?20,"
                  "?21,?22,?23,?25,?26,?27,?28,?29,?30,?31,?32,?33,?24)"
                : "UPDATE games SET variant=?2, start_fen=?3, formation=?4, mode=?5, level=?6, "
                  "computer_side=?7, token_white=?8, token_black=?9, white_taken=?10, "
                  "black_taken=?11, invite=?12, base_ms=?13, inc_ms=?14, remaining_white=?15, "
                  "remaining_black=?16, result=?17, termination=?18, draw_offer=?19, "
                  "created_ms=?20, updated_ms=?21, turn_started_ms=?22, given_plies=?23, "
                  "plies=?24, away_white=?26, away_black=?27, takeback_offer=?28, "
                  "rematch_offer=?29, rematch_id=?30, account_white=?31, account_black=?32, "
                  "rated=?33, "
                  "version=?25 + 1 WHERE id=?1 AND version=?25";
        sqlite3_stmt* st = db_.statement(sql);
        if (!st) return db_.error("prepare game write");
        bind_text(st, 1, g.id);
        bind_text(st, 2, g.variant);
        bind_text(st, 3, g.start_fen);
        sqlite3_bind_int(st, 4, g.formation);
        bind_text(st, 5, g.mode);
        sqlite3_bind_int(st, 6, g.level);
        sqlite3_bind_int(st, 7, g.computer_side);
        bind_text(st, 8, g.token[0]);
        bind_text(st, 9, g.token[1]);
        sqlite3_bind_int(st, 10, g.seat_taken[0]);
        sqlite3_bind_int(st, 11, g.seat_taken[1]);
        bind_text(st, 12, g.invite);
        sqlite3_bind_int64(st, 13, g.base_ms);
        sqlite3_bind_int64(st, 14, g.inc_ms);
        sqlite3_bind_int64(st, 15, g.remaining_ms[0]);
        sqlite3_bind_int64(st, 16, g.remaining_ms[1]);
        bind_text(st, 17, g.result);
        bind_text(st, 18, g.termination);
        sqlite3_bind_int(st, 19, g.draw_offer);
        sqlite3_bind_int64(st, 20, g.created_ms);
        sqlite3_bind_int64(st, 21, g.updated_ms);
        sqlite3_bind_int64(st, 22, g.turn_started_ms);
        sqlite3_bind_int64(st, 23, static_cast<sqlite3_int64>(g.given_plies));
        sqlite3_bind_int64(st, 24, static_cast<sqlite3_int64>(g.lan.size()));
        sqlite3_bind_int64(st, 25, g.version);
        sqlite3_bind_int64(st, 26, g.away_ms[0]);
        sqlite3_bind_int64(st, 27, g.away_ms[1]);
        sqlite3_bind_int(st, 28, g.takeback_offer);
        sqlite3_bind_int(st, 29, g.rematch_offer);
        bind_text(st, 30, g.rematch_id);
        bind_text(st, 31, g.account[0]);
        bind_text(st, 32, g.account[1]);
        sqlite3_bind_int(st, 33, g.rated ? 1 : 0);
        const int rc = sqlite3_step(st);
        sqlite3_reset(st);
        if (rc != SQLITE_DONE) return db_.error(insert ? "insert game" : "update game");
        if (!insert && sqlite3_changes(db_.handle()) == 0)
            return Status::conflict("database: game " + g.id + " is no longer at version " +
                                    std::to_string(g.version) + ": it changed meanwhile");
        return Status::ok();
    }

    // The log is copied back once it holds kCheckpointPages pages (SQLite's own
    // default threshold) or kCheckpointEvery after the last copy, whichever
    // comes first. In between, every kWritebackEvery, the thread asks the
    // kernel to start writing the log out (sync_file_range, which does not
    // wait): a checkpoint's fsync of the log then has little left to write.
    // That matters because a commit appending to a page of the log that the
    // fsync is writing out waits for it — on a slow disk, every move waits.
    static constexpr int kCheckpointPages = 1000;
    static constexpr auto kCheckpointEvery = std::chrono::seconds(1);
    static constexpr auto kWritebackEvery = std::chrono::milliseconds(50);

    Status start_checkpoints(const std::string& path) {
        if (Status s = checkpointer_.open(path, SQLITE_OPEN_READWRITE); !s) return s;
        // A connection learns that the database is in WAL mode when it first
        // reads it; until then a checkpoint through it does nothing. The
        // synchronous setting is per connection, and it is the checkpointer's
        // that decides whether a checkpoint syncs.
        if (Status s =
                checkpointer_.exec("PRAGMA synchronous=NORMAL; SELECT version FROM schema_version");
            !s)
            return s;
        wal_path_ = path + "-wal";
        sqlite3_wal_autocheckpoint(db_.handle(), 0);
        sqlite3_wal_hook(db_.handle(), &SqliteStorage::committed, this);
        checkpoint_thread_ = std::thread([this] { checkpoint_loop(); });
        return Status::ok();
    }

    // Called by SQLite in the writer after each commit, with the log's size.
    static int committed(void* self, sqlite3*, const char*, int pages) {
        static_cast<SqliteStorage*>(self)->wal_pages_.store(pages, std::memory_order_relaxed);
        return SQLITE_OK;
    }

    void checkpoint_loop() {
        auto last = std::chrono::steady_clock::now();
        std::unique_lock lock(checkpoint_mutex_);
        while (!stopping_) {
            checkpoint_wake_.wait_for(lock, kWritebackEvery);
            if (stopping_) break;
            lock.unlock();
            // The log exists from the first read on (the migrations'); should
            // it not, there is nothing to write out yet.
            if (wal_fd_ < 0) wal_fd_ = ::open(wal_path_.c_str(), O_RDONLY | O_CLOEXEC);
            if (wal_fd_ >= 0) ::sync_file_range(wal_fd_, 0, 0, SYNC_FILE_RANGE_WRITE);
            const auto now = std::chrono::steady_clock::now();
            if (wal_pages_.load(std::memory_order_relaxed) >= kCheckpointPages ||
                now - last >= kCheckpointEvery) {
                // PASSIVE: copies what no reader still needs and never waits
                // for the writer, which goes on appending to the log meanwhile.
                (void)sqlite3_wal_checkpoint_v2(checkpointer_.handle(), nullptr,
                                                SQLITE_CHECKPOINT_PASSIVE, nullptr, nullptr);
                wal_pages_.store(0, std::memory_order_relaxed);
                last = now;
            }
            lock.lock();
        }
    }

    Connection db_;  // the writer
    std::unique_ptr<Connection> reader_storage_;
    Connection* reader_ = &db_;
    Connection checkpointer_;
    std::string wal_path_;
    int wal_fd_ = -1;  // the log, opened by the checkpoint thread
    std::atomic<int> wal_pages_{0};
    std::mutex checkpoint_mutex_;
    std::condition_variable checkpoint_wake_;
    bool stopping_ = false;
    std::thread checkpoint_thread_;
};

}  // namespace

std::unique_ptr<Storage> open_sqlite(const std::string& path, Status* status) {
    auto s = std::make_unique<SqliteStorage>();
    Status st = s->open(path);
    if (status) *status = st;
    if (!st) return nullptr;
    return s;
}

}  // namespace chimera::server
