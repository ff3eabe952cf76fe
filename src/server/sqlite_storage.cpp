// SQLite storage: one database file in WAL mode with synchronous=NORMAL — a
// committed transaction is in the log before COMMIT returns, so it survives a
// kill -9 of the server (a power cut may lose the last few) — and numbered
// migrations applied in order on open.
#include <sqlite3.h>

#include <map>
#include <mutex>

#include "server/storage.h"

namespace chimera::server {

namespace {

// Migration N brings the schema from version N to N+1.
constexpr const char* kMigrations[] = {
    R"sql(
    CREATE TABLE games (
        id TEXT PRIMARY KEY,
        variant TEXT NOT NULL,
        start_fen TEXT NOT NULL,
        formation INTEGER NOT NULL DEFAULT 0,
        mode TEXT NOT NULL,
        level INTEGER NOT NULL DEFAULT 0,
        computer_side INTEGER NOT NULL DEFAULT -1,
        token_white TEXT NOT NULL,
        token_black TEXT NOT NULL,
        white_taken INTEGER NOT NULL,
        black_taken INTEGER NOT NULL,
        invite TEXT NOT NULL,
        base_ms INTEGER NOT NULL,
        inc_ms INTEGER NOT NULL,
        remaining_white INTEGER NOT NULL,
        remaining_black INTEGER NOT NULL,
        result TEXT NOT NULL,
        termination TEXT NOT NULL,
        draw_offer INTEGER NOT NULL,
        created_ms INTEGER NOT NULL,
        updated_ms INTEGER NOT NULL
    );
    CREATE TABLE moves (
        game_id TEXT NOT NULL REFERENCES games(id),
        ply INTEGER NOT NULL,
        lan TEXT NOT NULL,
        san TEXT NOT NULL,
        PRIMARY KEY (game_id, ply)
    );
    CREATE INDEX games_updated ON games(updated_ms);
    )sql",
    // 2: when the running clock's turn began, and the server's last sign of
    // life, so a restart charges the time used before it and not the downtime.
    R"sql(
    ALTER TABLE games ADD COLUMN turn_started_ms INTEGER NOT NULL DEFAULT 0;
    CREATE TABLE heartbeat (id INTEGER PRIMARY KEY CHECK (id = 1), at_ms INTEGER NOT NULL);
    )sql",
    // 3: how many of a game's moves were given with it (at creation, by an
    // import), so an abort counts only the moves played on the server. Games
    // stored before have 0: all their moves count, so none becomes abortable.
    R"sql(
    ALTER TABLE games ADD COLUMN given_plies INTEGER NOT NULL DEFAULT 0;
    )sql",
};

class SqliteStorage final : public Storage {
  public:
    ~SqliteStorage() override {
        for (auto& [sql, st] : statements_) sqlite3_finalize(st);
        if (db_) sqlite3_close(db_);
    }

    Status open(const std::string& path) {
        if (sqlite3_open_v2(path.c_str(), &db_,
                            SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX,
                            nullptr) != SQLITE_OK)
            return error("open " + path);
        sqlite3_busy_timeout(db_, 5000);
        if (Status s =
                exec("PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON;");
            !s)
            return s;
        return migrate();
    }

    Status create_game(const StoredGame& g) override {
        std::lock_guard lock(mutex_);
        if (Status s = step_once("BEGIN IMMEDIATE"); !s) return s;
        if (Status s = write_game(g, true); !s) return rollback(s.message());
        for (std::size_t i = 0; i < g.lan.size(); ++i)
            if (Status s = insert_move(g.id, i + 1, g.lan[i], g.san[i]); !s)
                return rollback(s.message());
        return step_once("COMMIT");
    }

    Status heartbeat(std::int64_t at_ms) override {
        std::lock_guard lock(mutex_);
        sqlite3_stmt* st = statement("INSERT OR REPLACE INTO heartbeat(id, at_ms) VALUES(1, ?)");
        if (!st) return error("prepare heartbeat");
        sqlite3_bind_int64(st, 1, at_ms);
        const int rc = sqlite3_step(st);
        sqlite3_reset(st);
        return rc == SQLITE_DONE ? Status::ok() : error("heartbeat");
    }

    Status last_heartbeat(std::int64_t& at_ms) override {
        std::lock_guard lock(mutex_);
        at_ms = 0;
        sqlite3_stmt* st = statement("SELECT at_ms FROM heartbeat WHERE id = 1");
        if (!st) return error("prepare heartbeat read");
        const int rc = sqlite3_step(st);
        if (rc == SQLITE_ROW) at_ms = sqlite3_column_int64(st, 0);
        sqlite3_reset(st);
        return rc == SQLITE_ROW || rc == SQLITE_DONE ? Status::ok() : error("heartbeat read");
    }

    Status update_game(const StoredGame& g) override {
        std::lock_guard lock(mutex_);
        return write_game(g, false);
    }

    Status append_move(const StoredGame& g, const std::string& lan,
                       const std::string& san) override {
        std::lock_guard lock(mutex_);
        if (Status s = step_once("BEGIN IMMEDIATE"); !s) return s;
        if (Status s = insert_move(g.id, g.lan.size(), lan, san); !s) return rollback(s.message());
        if (Status s = write_game(g, false); !s) return rollback(s.message());
        return step_once("COMMIT");
    }

    Status load_all(std::vector<StoredGame>& out) override {
        std::lock_guard lock(mutex_);
        sqlite3_stmt* st = prepare(
            "SELECT id, variant, start_fen, formation, mode, level, computer_side, token_white, "
            "token_black, white_taken, black_taken, invite, base_ms, inc_ms, remaining_white, "
            "remaining_black, result, termination, draw_offer, created_ms, updated_ms, "
            "turn_started_ms, given_plies FROM games "
            "ORDER BY created_ms");
        if (!st) return error("prepare load");
        while (sqlite3_step(st) == SQLITE_ROW) {
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
            out.push_back(std::move(g));
        }
        sqlite3_finalize(st);
        sqlite3_stmt* mv = prepare("SELECT lan, san FROM moves WHERE game_id = ? ORDER BY ply");
        if (!mv) return error("prepare moves");
        for (StoredGame& g : out) {
            bind(mv, 1, g.id);
            while (sqlite3_step(mv) == SQLITE_ROW) {
                g.lan.push_back(text(mv, 0));
                g.san.push_back(text(mv, 1));
            }
            sqlite3_reset(mv);
        }
        sqlite3_finalize(mv);
        return Status::ok();
    }

  private:
    Status error(const std::string& what) {
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
    static void bind(sqlite3_stmt* st, int i, const std::string& s) {
        sqlite3_bind_text(st, i, s.c_str(), static_cast<int>(s.size()), SQLITE_TRANSIENT);
    }
    static std::string text(sqlite3_stmt* st, int col) {
        const unsigned char* t = sqlite3_column_text(st, col);
        return t ? reinterpret_cast<const char*>(t) : "";
    }

    Status migrate() {
        if (Status s = exec("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)");
            !s)
            return s;
        int version = 0;
        if (sqlite3_stmt* st = prepare("SELECT version FROM schema_version")) {
            if (sqlite3_step(st) == SQLITE_ROW) version = sqlite3_column_int(st, 0);
            sqlite3_finalize(st);
        }
        const int target = static_cast<int>(std::size(kMigrations));
        if (version > target)
            return Status::error("database: schema version " + std::to_string(version) +
                                 " is newer than this program (" + std::to_string(target) + ")");
        for (int v = version; v < target; ++v) {
            if (Status s = exec("BEGIN IMMEDIATE"); !s) return s;
            if (Status s = exec(kMigrations[v]); !s) return rollback(s.message());
            const std::string set =
                "DELETE FROM schema_version; INSERT INTO schema_version VALUES(" +
                std::to_string(v + 1) + ")";
            if (Status s = exec(set.c_str()); !s) return rollback(s.message());
            if (Status s = exec("COMMIT"); !s) return s;
        }
        return Status::ok();
    }

    Status insert_move(const std::string& id, std::size_t ply, const std::string& lan,
                       const std::string& san) {
        sqlite3_stmt* st = statement("INSERT INTO moves(game_id, ply, lan, san) VALUES(?,?,?,?)");
        if (!st) return error("prepare move insert");
        bind(st, 1, id);
        sqlite3_bind_int64(st, 2, static_cast<sqlite3_int64>(ply));
        bind(st, 3, lan);
        bind(st, 4, san);
        const int rc = sqlite3_step(st);
        sqlite3_reset(st);
        return rc == SQLITE_DONE ? Status::ok() : error("insert move");
    }

    Status write_game(const StoredGame& g, bool insert) {
        const char* sql =
            insert
                ? "INSERT INTO games(id, variant, start_fen, formation, mode, level, "
                  "computer_side, "
                  "token_white, token_black, white_taken, black_taken, invite, base_ms, inc_ms, "
                  "remaining_white, remaining_black, result, termination, draw_offer, created_ms, "
                  "updated_ms, turn_started_ms, given_plies) "
                  "VALUES(?1,?2,?3,?4,?5,?6,?7,?8,?9,?10,?11,?12,?13,?14,?15,?16,?17,?18,?19,?20,?"
                  "21,?22,?23)"
                : "UPDATE games SET variant=?2, start_fen=?3, formation=?4, mode=?5, level=?6, "
                  "computer_side=?7, token_white=?8, token_black=?9, white_taken=?10, "
                  "black_taken=?11, "
                  "invite=?12, base_ms=?13, inc_ms=?14, remaining_white=?15, remaining_black=?16, "
                  "result=?17, termination=?18, draw_offer=?19, created_ms=?20, updated_ms=?21, "
                  "turn_started_ms=?22, given_plies=?23 WHERE id=?1";
        sqlite3_stmt* st = statement(sql);
        if (!st) return error("prepare game write");
        bind(st, 1, g.id);
        bind(st, 2, g.variant);
        bind(st, 3, g.start_fen);
        sqlite3_bind_int(st, 4, g.formation);
        bind(st, 5, g.mode);
        sqlite3_bind_int(st, 6, g.level);
        sqlite3_bind_int(st, 7, g.computer_side);
        bind(st, 8, g.token[0]);
        bind(st, 9, g.token[1]);
        sqlite3_bind_int(st, 10, g.seat_taken[0]);
        sqlite3_bind_int(st, 11, g.seat_taken[1]);
        bind(st, 12, g.invite);
        sqlite3_bind_int64(st, 13, g.base_ms);
        sqlite3_bind_int64(st, 14, g.inc_ms);
        sqlite3_bind_int64(st, 15, g.remaining_ms[0]);
        sqlite3_bind_int64(st, 16, g.remaining_ms[1]);
        bind(st, 17, g.result);
        bind(st, 18, g.termination);
        sqlite3_bind_int(st, 19, g.draw_offer);
        sqlite3_bind_int64(st, 20, g.created_ms);
        sqlite3_bind_int64(st, 21, g.updated_ms);
        sqlite3_bind_int64(st, 22, g.turn_started_ms);
        sqlite3_bind_int64(st, 23, static_cast<sqlite3_int64>(g.given_plies));
        const int rc = sqlite3_step(st);
        sqlite3_reset(st);
        return rc == SQLITE_DONE ? Status::ok() : error(insert ? "insert game" : "update game");
    }

    sqlite3* db_ = nullptr;
    std::mutex mutex_;
    std::map<const char*, sqlite3_stmt*> statements_;
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
