// PostgreSQL storage through libpq's C API: connections that write (a game's
// writes always through the same one) and a read-only one for the reads of
// finished games and of the list (as the SQLite backend has a reader), the
// same numbered migrations (migrations.h), every statement prepared once per
// connection and run with parameters.
//
// A database that goes away: a call fails with Status::unavailable (the API
// answers 503), the outage and the return are each reported once through the
// StorageLog, and the next call after the database is back reconnects. A call
// whose connection was lost is run once more on a new connection, so a
// restart of the database between two moves goes unnoticed; every call is
// written so that running it again is right even when the first run was
// committed and only its answer was lost (append_move finds its move stored).
//
// Several servers on one database (docs/scaling.md, "Several servers"): a
// game row is written only if it is stored at the version the server holds
// (and raises it), and a move only if the game is also at the ply before it,
// checked in the move's one-statement transaction; so a server whose copy of
// a game is behind can never overwrite it, and is told so (Status::conflict).
#include <libpq-fe.h>
#include <poll.h>

#include <array>
#include <atomic>
#include <charconv>
#include <chrono>
#include <climits>
#include <concepts>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <string_view>
#include <thread>
#include <unordered_map>
#include <vector>

#include "server/migrations.h"
#include "server/storage.h"

namespace chimera::server {

namespace {

// A statement, prepared on a connection the first time it is used there.
struct Statement {
    const char* name;
    const char* sql;
};

#define CHIMERA_GAME_COLUMNS                                                                    \
    "id, variant, start_fen, formation, mode, level, computer_side, token_white, token_black, " \
    "white_taken, black_taken, invite, base_ms, inc_ms, remaining_white, remaining_black, "     \
    "result, termination, draw_offer, created_ms, updated_ms, turn_started_ms, given_plies, "   \
    "version, away_white, away_black"

// $1-$27 of the game statements are the game's columns (game_params): $24 the
// version the server holds, $25 its moves, $26-$27 its seats' away_ms.
constexpr Statement kInsertGame{
    "insert_game", "INSERT INTO games(" CHIMERA_GAME_COLUMNS
                   ", plies, owner) VALUES($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, "
                   "$14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $26, $27, $25, $28)"};
// Leases (migration 7): a server holds the games whose owner it is while its
// row in `instances` is alive. Every statement that locks several game rows
// locks them in the order of their ids, so none waits for another in a
// circle. A game given up at $2 has owner '' and lease_until -$2.
constexpr Statement kReleaseLeases{
    "release_leases",
    "WITH c AS (SELECT id FROM games WHERE owner = $1 AND result = '*' ORDER BY id FOR UPDATE) "
    "UPDATE games g SET owner = '', lease_until = -$2::bigint FROM c WHERE g.id = c.id"};
// The games nobody holds, but those another server is taking at this moment.
constexpr Statement kTakeReleased{
    "take_released",
    "WITH c AS (SELECT id, lease_until FROM games WHERE owner = '' AND result = '*' "
    "ORDER BY id FOR UPDATE SKIP LOCKED) "
    "UPDATE games g SET owner = $1, lease_until = 0 FROM c WHERE g.id = c.id "
    "RETURNING g.id, c.lease_until"};
constexpr Statement kHeldGames{"held_games",
                               "SELECT id FROM games WHERE owner = $1 AND result = '*'"};
// Each write notifies the listening servers of the game's new version; the
// notification is delivered when the write commits (docs/scaling.md).
#define CHIMERA_NOTIFY "pg_notify('chimera_games', id || ' ' || version)"

// Presence (migration 7). A server's row says until when it is alive ($3);
// a seat counts as present while a server alive holds a row for it.
constexpr Statement kKeepAlive{
    "keep_alive",
    "UPDATE instances SET renewed_ms = $2::bigint, alive_until = $3::bigint "
    "WHERE id = $1"};
constexpr Statement kFirstAlive{
    "first_alive",
    "INSERT INTO instances(id, renewed_ms, alive_until) VALUES($1, $2::bigint, $3::bigint) "
    "ON CONFLICT (id) DO UPDATE SET renewed_ms = excluded.renewed_ms, "
    "alive_until = excluded.alive_until"};
constexpr Statement kLockGame{"lock_game",
                              "SELECT result, away_white, away_black FROM games WHERE id = $1 "
                              "FOR UPDATE"};
constexpr Statement kPresent{"present",
                             "INSERT INTO presence(game_id, side, instance) "
                             "VALUES($1, $2::integer, $3) ON CONFLICT DO NOTHING"};
constexpr Statement kAbsent{"absent",
                            "DELETE FROM presence WHERE game_id = $1 AND side = $2::integer "
                            "AND instance = $3"};
// The seat $2 of game $1 is held by a server alive at $4 other than $3.
#define CHIMERA_HELD_ELSEWHERE                                                                 \
    "EXISTS (SELECT 1 FROM presence p JOIN instances i ON i.id = p.instance "                  \
    "WHERE p.game_id = $1 AND p.side = $2::integer AND p.instance <> $3 AND i.alive_until >= " \
    "$4::bigint)"
constexpr Statement kHeldElsewhere{"held_elsewhere", "SELECT " CHIMERA_HELD_ELSEWHERE};
// Seat $2 of game $1 away from AWAY (0: present), with a new version.
#define CHIMERA_SET_AWAY(AWAY)                                           \
    "UPDATE games SET away_white = CASE WHEN $2::integer = 0 THEN " AWAY \
    " ELSE away_white "                                                  \
    "END, away_black = CASE WHEN $2::integer = 1 THEN " AWAY             \
    " ELSE away_black END, "                                             \
    "version = version + 1 WHERE id = $1 AND result = '*'"
constexpr Statement kSetAway{"set_away",
                             CHIMERA_SET_AWAY("$3::bigint") " RETURNING version, " CHIMERA_NOTIFY};
// A gone server's seat ($3 ''): away from $5, its last renewal, unless a
// server alive at $4 holds it or it is away already.
constexpr Statement kAwayIfNobody{"away_if_nobody",
                                  CHIMERA_SET_AWAY("$5::bigint")
                                  " AND (CASE WHEN $2::integer = 0 THEN away_white ELSE "
                                  "away_black END) = 0 AND NOT " CHIMERA_HELD_ELSEWHERE
                                  " RETURNING " CHIMERA_NOTIFY};
constexpr Statement kGoneInstances{"gone_instances",
                                   "SELECT id FROM instances WHERE alive_until < $1::bigint "
                                   "ORDER BY id"};
constexpr Statement kTakeGone{"take_gone",
                              "DELETE FROM instances WHERE id = $1 AND alive_until < $2::bigint "
                              "RETURNING renewed_ms"};
constexpr Statement kDropPresence{"drop_presence",
                                  "DELETE FROM presence WHERE instance = $1 "
                                  "RETURNING game_id, side"};
// The games of gone server $1 and those it held a seat of.
constexpr Statement kLockGoneGames{
    "lock_gone_games",
    "SELECT id FROM games WHERE result = '*' AND (owner = $1 OR id IN (SELECT game_id FROM "
    "presence WHERE instance = $1)) ORDER BY id FOR UPDATE"};
// Gone server $1's games to $2, or given up as of its last renewal $3 ($2 '').
constexpr Statement kTakeGoneGames{
    "take_gone_games",
    "UPDATE games SET owner = $2, lease_until = CASE WHEN $2 = '' THEN -$3::bigint ELSE 0 END "
    "WHERE owner = $1 AND result = '*' RETURNING id"};
constexpr Statement kLeave{"leave",
                           "UPDATE instances SET renewed_ms = $2::bigint, alive_until = $2::bigint "
                           "WHERE id = $1"};
#define CHIMERA_GAME_SET                                                                        \
    "variant = $2, start_fen = $3, formation = $4, mode = $5, level = $6, computer_side = $7, " \
    "token_white = $8, token_black = $9, white_taken = $10, black_taken = $11, invite = $12, "  \
    "base_ms = $13, inc_ms = $14, remaining_white = $15, remaining_black = $16, result = $17, " \
    "termination = $18, draw_offer = $19, created_ms = $20, updated_ms = $21, "                 \
    "turn_started_ms = $22, given_plies = $23, version = $24::bigint + 1, "                     \
    "away_white = $26::bigint, away_black = $27::bigint"
// Only a game stored at the version the server holds ($24), with the moves it
// holds ($25), is written; the write raises the version by one.
constexpr Statement kUpdateGame{"update_game",
                                "UPDATE games SET " CHIMERA_GAME_SET
                                " WHERE id = $1 AND version = $24::bigint AND plies = $25::integer "
                                "RETURNING " CHIMERA_NOTIFY};
// The move ($25 its ply, $28 LAN, $29 SAN) and the game's new row in one
// statement, so one round trip and one transaction; nothing is stored unless
// the stored game is at the version and the ply before it.
constexpr Statement kAppendMove{
    "append_move",
    "WITH g AS (UPDATE games SET " CHIMERA_GAME_SET
    ", plies = $25::integer WHERE id = $1 AND version = $24::bigint AND plies = $25::integer - 1 "
    "RETURNING id, " CHIMERA_NOTIFY
    ") "
    "INSERT INTO moves(game_id, ply, lan, san) SELECT id, $25::integer, $28::text, $29::text "
    "FROM g"};
constexpr Statement kInsertMove{"insert_move",
                                "INSERT INTO moves(game_id, ply, lan, san) VALUES($1, $2, $3, $4)"};
constexpr Statement kMoveAt{"move_at", "SELECT lan FROM moves WHERE game_id = $1 AND ply = $2"};
constexpr Statement kGameToken{"game_token", "SELECT token_white FROM games WHERE id = $1"};
constexpr Statement kGameVersion{"game_version", "SELECT version FROM games WHERE id = $1"};
constexpr Statement kUnfinished{"unfinished",
                                "SELECT " CHIMERA_GAME_COLUMNS
                                " FROM games WHERE result = '*' ORDER BY created_ms, id"};
constexpr Statement kUnfinishedMoves{
    "unfinished_moves",
    "SELECT m.game_id, m.lan, m.san FROM moves m JOIN games g ON g.id = m.game_id "
    "WHERE g.result = '*' ORDER BY m.game_id, m.ply"};
constexpr Statement kGamesIn{
    "games_in", "SELECT " CHIMERA_GAME_COLUMNS " FROM games WHERE id = ANY($1::text[])"};
constexpr Statement kMovesIn{"moves_in",
                             "SELECT game_id, lan, san FROM moves WHERE game_id = ANY($1::text[]) "
                             "ORDER BY game_id, ply"};
// The row and its moves after ply $2 from one snapshot: one statement.
constexpr Statement kGame{"game",
                          "SELECT " CHIMERA_GAME_COLUMNS
                          ", m.lan, m.san FROM games LEFT JOIN moves m ON m.game_id = games.id "
                          "AND m.ply > $2::integer WHERE games.id = $1 ORDER BY m.ply"};
constexpr Statement kListFinished{
    "list_finished",
    "SELECT id, variant, mode, level, plies, result, termination, updated_ms FROM games "
    "WHERE result <> '*' AND (updated_ms, id) < ($1::bigint, $2::text) "
    "ORDER BY updated_ms DESC, id DESC LIMIT $3::bigint"};
constexpr Statement kCountFinished{"count_finished", "SELECT n FROM finished_count WHERE id = 1"};
constexpr Statement kHeartbeat{"heartbeat",
                               "INSERT INTO heartbeat(id, at_ms) VALUES(1, $1) "
                               "ON CONFLICT (id) DO UPDATE SET at_ms = excluded.at_ms"};
constexpr Statement kLastHeartbeat{"last_heartbeat", "SELECT at_ms FROM heartbeat WHERE id = 1"};
constexpr Statement kSetVersion{"set_version", "INSERT INTO schema_version VALUES($1)"};

// Presence is committed without waiting for the disk: nobody is told that it
// is stored, and what a crash of the database could lose of it is the last
// fraction of a second of arrivals and departures, which the servers correct
// (a lost version shows as a conflict on the next write, which reads the game
// again). Every move still waits for its commit.
constexpr const char* kPresenceBegin = "BEGIN; SET LOCAL synchronous_commit TO OFF";

// Serialises migrations of servers starting on one database at once (any
// constant: "chimera" in ASCII, as a big-endian integer).
constexpr const char* kMigrationLock = "SELECT pg_advisory_xact_lock(27980824710574689)";

struct ResultFree {
    void operator()(PGresult* r) const { PQclear(r); }
};
using Result = std::unique_ptr<PGresult, ResultFree>;

// The text parameters of a statement.
class Params {
  public:
    Params& operator<<(std::string s) {
        values_.push_back(std::move(s));
        return *this;
    }
    template <class N>
    requires std::integral<N> Params& operator<<(N n) {
        values_.push_back(std::to_string(static_cast<long long>(n)));
        return *this;
    }
    std::vector<const char*> pointers() const {
        std::vector<const char*> p;
        for (const std::string& v : values_) p.push_back(v.c_str());
        return p;
    }

  private:
    std::vector<std::string> values_;
};

Params game_params(const StoredGame& g) {
    Params p;
    p << g.id << g.variant << g.start_fen << g.formation << g.mode << g.level << g.computer_side
      << g.token[0] << g.token[1] << int{g.seat_taken[0]} << int{g.seat_taken[1]} << g.invite
      << g.base_ms << g.inc_ms << g.remaining_ms[0] << g.remaining_ms[1] << g.result
      << g.termination << g.draw_offer << g.created_ms << g.updated_ms << g.turn_started_ms
      << g.given_plies << g.version << g.lan.size() << g.away_ms[0] << g.away_ms[1];
    return p;
}

std::string text(const PGresult* r, int row, int col) { return PQgetvalue(r, row, col); }
std::int64_t number(const PGresult* r, int row, int col) {
    const char* v = PQgetvalue(r, row, col);
    std::int64_t n = 0;
    std::from_chars(v, v + std::strlen(v), n);
    return n;
}
long long affected(const PGresult* r) {
    const char* n = PQcmdTuples(const_cast<PGresult*>(r));
    return *n ? std::atoll(n) : 0;
}

// A game row as selected with CHIMERA_GAME_COLUMNS, without its moves.
StoredGame read_game(const PGresult* r, int row) {
    StoredGame g;
    g.id = text(r, row, 0);
    g.variant = text(r, row, 1);
    g.start_fen = text(r, row, 2);
    g.formation = static_cast<int>(number(r, row, 3));
    g.mode = text(r, row, 4);
    g.level = static_cast<int>(number(r, row, 5));
    g.computer_side = static_cast<int>(number(r, row, 6));
    g.token[0] = text(r, row, 7);
    g.token[1] = text(r, row, 8);
    g.seat_taken[0] = number(r, row, 9) != 0;
    g.seat_taken[1] = number(r, row, 10) != 0;
    g.invite = text(r, row, 11);
    g.base_ms = number(r, row, 12);
    g.inc_ms = number(r, row, 13);
    g.remaining_ms[0] = number(r, row, 14);
    g.remaining_ms[1] = number(r, row, 15);
    g.result = text(r, row, 16);
    g.termination = text(r, row, 17);
    g.draw_offer = static_cast<int>(number(r, row, 18));
    g.created_ms = number(r, row, 19);
    g.updated_ms = number(r, row, 20);
    g.turn_started_ms = number(r, row, 21);
    g.given_plies = static_cast<std::size_t>(number(r, row, 22));
    g.version = number(r, row, 23);
    g.away_ms[0] = number(r, row, 24);
    g.away_ms[1] = number(r, row, 25);
    return g;
}

// libpq's messages end in a newline and may add a hint on another line: one line.
std::string one_line(std::string m) {
    for (char& c : m)
        if (c == '\n' || c == '\t' || c == '\r') c = ' ';
    while (!m.empty() && m.back() == ' ') m.pop_back();
    std::string out;
    for (char c : m)
        if (c != ' ' || out.empty() || out.back() != ' ') out += c;
    return out;
}

// SQLSTATE classes of a database that is not there: connection exceptions (08)
// and an operator's or a crash's shutdown, or a database that is not ready (57P).
bool gone(const char* sqlstate) {
    return sqlstate &&
           (std::strncmp(sqlstate, "08", 2) == 0 || std::strncmp(sqlstate, "57P", 3) == 0);
}

// One connection to the database and the statements prepared on it, used by
// one thread at a time (its mutex). A connection found lost is closed, so the
// next use connects again.
class Connection {
  public:
    Connection(std::string uri, bool read_only) : uri_(std::move(uri)), read_only_(read_only) {}
    Connection(const Connection&) = delete;
    Connection& operator=(const Connection&) = delete;
    ~Connection() { close(); }

    bool lost() const { return !conn_ || PQstatus(conn_) != CONNECTION_OK; }

    // (Re)connects. A failure is Status::unavailable: the database may come back.
    Status connect() {
        close();
        // The URI's own settings override these (they come before it).
        const char* keys[] = {"connect_timeout", "application_name", "dbname", nullptr};
        const char* values[] = {"5", "chimera", uri_.c_str(), nullptr};
        conn_ = PQconnectdbParams(keys, values, 1);
        if (lost()) {
            const std::string why = conn_ ? one_line(PQerrorMessage(conn_)) : "out of memory";
            close();
            return Status::unavailable("database: cannot connect to " + printable_db(uri_) + ": " +
                                       why);
        }
        // Notices ("... already exists, skipping") are not the server's to print.
        PQsetNoticeProcessor(
            conn_, [](void*, const char*) {}, nullptr);
        if (read_only_)
            if (Status s = exec("SET default_transaction_read_only = on"); !s) return s;
        return Status::ok();
    }

    // A command without parameters or rows (BEGIN, COMMIT, a migration); its
    // failure names `what`, or the command itself.
    Status exec(const char* sql, const std::string& what = {}) {
        if (lost()) return Status::unavailable("database: connection lost");
        Result r(PQexec(conn_, sql));
        const ExecStatusType st = r ? PQresultStatus(r.get()) : PGRES_FATAL_ERROR;
        if (st != PGRES_COMMAND_OK && st != PGRES_TUPLES_OK)
            return failure(what.empty() ? sql : what, r.get());
        return Status::ok();
    }

    // Runs a prepared statement; its rows, if any, in *rows.
    Status run(const Statement& st, const Params& p, Result* rows = nullptr) {
        if (lost()) return Status::unavailable("database: connection lost");
        if (!prepared_.count(st.name)) {
            Result r(PQprepare(conn_, st.name, st.sql, 0, nullptr));
            if (!r || PQresultStatus(r.get()) != PGRES_COMMAND_OK)
                return failure(std::string("prepare ") + st.name, r.get());
            prepared_.insert(st.name);
        }
        const std::vector<const char*> values = p.pointers();
        Result r(PQexecPrepared(conn_, st.name, static_cast<int>(values.size()), values.data(),
                                nullptr, nullptr, 0));
        const ExecStatusType status = r ? PQresultStatus(r.get()) : PGRES_FATAL_ERROR;
        if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK)
            return failure(st.name, r.get());
        if (rows) *rows = std::move(r);
        return Status::ok();
    }

    // Rolls the open transaction back and returns why.
    Status rollback(Status why) {
        if (!lost()) (void)exec("ROLLBACK");
        return why;
    }

    // For a connection that LISTENs: its socket (-1 when lost), and the next
    // notification received (null when there is none yet).
    int socket() const { return lost() ? -1 : PQsocket(conn_); }
    std::unique_ptr<PGnotify, void (*)(void*)> next_notification() {
        if (!lost() && !PQconsumeInput(conn_)) close();
        return {lost() ? nullptr : PQnotifies(conn_), PQfreemem};
    }

    std::mutex mutex;

  private:
    // A failed command: Status::unavailable if the database is not there (then
    // the connection is closed), an error otherwise.
    Status failure(const std::string& what, const PGresult* r) {
        const char* state = r ? PQresultErrorField(r, PG_DIAG_SQLSTATE) : nullptr;
        const std::string why = one_line(r && *PQresultErrorMessage(r) ? PQresultErrorMessage(r)
                                                                       : PQerrorMessage(conn_));
        const std::string message = "database: " + what + ": " + why;
        if (!lost() && !gone(state)) return Status::error(message);
        close();
        return Status::unavailable(message);
    }

    void close() {
        if (conn_) PQfinish(conn_);
        conn_ = nullptr;
        prepared_.clear();
    }

    std::string uri_;
    bool read_only_;
    PGconn* conn_ = nullptr;
    std::set<std::string_view> prepared_;  // statement names prepared on this connection
};

// Connections that write. Each request waits for its commit (for the disk,
// with PostgreSQL's durable default), so with one connection the commits of
// all games would queue behind each other; with several, those of different
// games wait together and PostgreSQL flushes them at once. Measured with
// `chimera_loadgen` (100 games, closed loop, --threads 8): 1,200-1,600 moves/s
// with one, 1,500-2,500 with four.
constexpr std::size_t kWriters = 4;

class PostgresStorage final : public Storage {
  public:
    PostgresStorage(const std::string& uri, StorageLog log)
        : uri_(uri), reader_(uri, true), log_(std::move(log)), shown_(printable_db(uri)) {}
    PostgresStorage(const PostgresStorage&) = delete;
    PostgresStorage& operator=(const PostgresStorage&) = delete;
    ~PostgresStorage() override { stop_watching(); }

    bool shared() const override { return true; }

    Status release_leases(const std::string& instance, std::int64_t now_ms) override {
        return with(*writers_[0], [&](Connection& c, bool) {
            return c.run(kReleaseLeases, Params() << instance << now_ms);
        });
    }

    Status take_released(const std::string& instance, std::int64_t now_ms,
                         std::vector<Lease>& taken) override {
        (void)now_ms;
        return with(*writers_[0], [&](Connection& c, bool) -> Status {
            taken.clear();
            Result r;
            if (Status s = c.run(kTakeReleased, Params() << instance, &r); !s) return s;
            for (int i = 0; i < PQntuples(r.get()); ++i) {
                const std::int64_t given_up = number(r.get(), i, 1);
                taken.push_back({text(r.get(), i, 0), "", given_up < 0 ? -given_up : 0});
            }
            return Status::ok();
        });
    }

    Status held_games(const std::string& instance, std::vector<std::string>& ids) override {
        return with(*writers_[0], [&](Connection& c, bool) -> Status {
            ids.clear();
            Result r;
            if (Status s = c.run(kHeldGames, Params() << instance, &r); !s) return s;
            for (int i = 0; i < PQntuples(r.get()); ++i) ids.push_back(text(r.get(), i, 0));
            return Status::ok();
        });
    }

    Status keep_alive(const std::string& instance, std::int64_t now_ms, std::int64_t until_ms,
                      bool* fresh) override {
        return with(*writers_[0], [&](Connection& c, bool) -> Status {
            *fresh = false;
            Result r;
            const Params p = Params() << instance << now_ms << until_ms;
            if (Status s = c.run(kKeepAlive, p, &r); !s) return s;
            if (affected(r.get()) == 1) return Status::ok();
            *fresh = true;
            return c.run(kFirstAlive, p);
        });
    }

    Status leave(const std::string& instance, std::int64_t now_ms) override {
        Status s = with(*writers_[0], [&](Connection& c, bool) {
            return c.run(kLeave, Params() << instance << now_ms);
        });
        std::vector<Lease> given_up;
        return s ? sweep("", now_ms + 1, given_up) : s;
    }

    // One transaction: the game row locked first, so that the presence
    // counted after it is the one every other server sees, and a server
    // changing the same seat at once waits for this one. Presence is not
    // worth a wait for the disk (kPresenceCommit).
    Status set_presence(const std::string& id, int side, const std::string& instance, bool here,
                        std::int64_t now_ms, Presence& out) override {
        return with(writer(id), [&](Connection& c, bool) -> Status {
            out = {};
            if (Status s = c.exec(kPresenceBegin); !s) return s;
            Result g;
            if (Status s = c.run(kLockGame, Params() << id, &g); !s) return c.rollback(s);
            const bool going = PQntuples(g.get()) == 1 && text(g.get(), 0, 0) == "*";
            const Params seat = Params() << id << side << instance;
            if (Status s = c.run(here && going ? kPresent : kAbsent, seat); !s)
                return c.rollback(s);
            if (!going) return c.exec("COMMIT");
            const std::int64_t away = number(g.get(), 0, 1 + side);
            out.away_ms = away;
            bool elsewhere = false;
            if (!here) {
                Result e;
                if (Status s =
                        c.run(kHeldElsewhere, Params() << id << side << instance << now_ms, &e);
                    !s)
                    return c.rollback(s);
                elsewhere = text(e.get(), 0, 0) == "t";
            }
            const bool present = here || elsewhere;
            if (present == (away == 0)) return c.exec("COMMIT");
            Result v;
            const std::int64_t now_away = present ? 0 : now_ms;
            if (Status s = c.run(kSetAway, Params() << id << side << now_away, &v); !s)
                return c.rollback(s);
            if (Status s = c.exec("COMMIT"); !s) return s;
            out = {true, now_away, number(v.get(), 0, 0)};
            return Status::ok();
        });
    }

    // Each gone server in a transaction of its own: its row taken (so that
    // two servers sweeping at once do not both sweep it, and one that renews
    // meanwhile is left alone), the games it held or held a seat of locked,
    // in the order of their ids, then its presence dropped, the seats nobody
    // else holds marked away from its last renewal, and its games taken.
    Status sweep(const std::string& taker, std::int64_t now_ms,
                 std::vector<Lease>& taken) override {
        return with(*writers_[0], [&](Connection& c, bool) -> Status {
            taken.clear();
            Result gone;
            if (Status s = c.run(kGoneInstances, Params() << now_ms, &gone); !s) return s;
            for (int i = 0; i < PQntuples(gone.get()); ++i) {
                const std::string instance = text(gone.get(), i, 0);
                if (Status s = c.exec("BEGIN"); !s) return s;  // durable: it moves leases
                Result row, seats, games;
                if (Status s = c.run(kTakeGone, Params() << instance << now_ms, &row); !s)
                    return c.rollback(s);
                if (PQntuples(row.get()) == 0) {
                    if (Status s = c.exec("COMMIT"); !s) return s;
                    continue;
                }
                const std::int64_t last = number(row.get(), 0, 0);
                if (Status s = c.run(kLockGoneGames, Params() << instance); !s)
                    return c.rollback(s);
                if (Status s = c.run(kDropPresence, Params() << instance, &seats); !s)
                    return c.rollback(s);
                for (int j = 0; j < PQntuples(seats.get()); ++j) {
                    const Params seat = Params()
                                        << text(seats.get(), j, 0) << number(seats.get(), j, 1)
                                        << std::string() << now_ms << last;
                    if (Status s = c.run(kAwayIfNobody, seat); !s) return c.rollback(s);
                }
                if (Status s = c.run(kTakeGoneGames, Params() << instance << taker << last, &games);
                    !s)
                    return c.rollback(s);
                if (Status s = c.exec("COMMIT"); !s) return s;
                for (int j = 0; j < PQntuples(games.get()); ++j)
                    taken.push_back({text(games.get(), j, 0), instance, last});
            }
            return Status::ok();
        });
    }

    // Listens before it returns when the database is there, so that no write
    // committed after the call goes untold.
    void watch(OnChange on_change) override {
        stop_watching();
        if (!on_change) return;
        on_change_ = std::move(on_change);
        auto c = std::make_unique<Connection>(uri_, false);
        const bool listening = listen(*c);
        watching_ = true;
        watcher_ = std::thread(
            [this, c = std::move(c), listening]() mutable { watch_loop(*c, listening); });
    }

    Status open() {
        for (auto& w : writers_) w = std::make_unique<Connection>(uri_, false);
        if (Status s = writers_[0]->connect(); !s) return Status::error(s.message());
        if (Status s = migrate(); !s) return s;
        if (Status s = reader_.connect(); !s) return Status::error(s.message());
        return Status::ok();
    }

    Status create_game(const StoredGame& g) override {
        return with(writer(g.id), [&](Connection& c, bool again) -> Status {
            if (again) {  // the first run may have been committed
                Result r;
                if (Status s = c.run(kGameToken, Params() << g.id, &r); !s) return s;
                if (PQntuples(r.get()) == 1 && text(r.get(), 0, 0) == g.token[0])
                    return Status::ok();
            }
            if (Status s = c.exec("BEGIN"); !s) return s;
            if (Status s = c.run(kInsertGame, game_params(g) << g.owner); !s) return c.rollback(s);
            for (std::size_t i = 0; i < g.lan.size(); ++i)
                if (Status s =
                        c.run(kInsertMove, Params() << g.id << i + 1 << g.lan[i] << g.san[i]);
                    !s)
                    return c.rollback(s);
            return c.exec("COMMIT");
        });
    }

    Status append_move(StoredGame& g, const std::string& lan, const std::string& san) override {
        Status done = with(writer(g.id), [&](Connection& c, bool again) -> Status {
            Result r;
            if (Status s = c.run(kAppendMove, game_params(g) << lan << san, &r); !s) return s;
            if (affected(r.get()) == 1) return Status::ok();
            // Not stored: the stored game is not at the version and ply before
            // this move. After a lost answer it may be at this very move, one
            // version on, from the first run: then that run stored it.
            if (again) {
                Result at, v;
                if (Status s = c.run(kMoveAt, Params() << g.id << g.lan.size(), &at); !s) return s;
                if (Status s = c.run(kGameVersion, Params() << g.id, &v); !s) return s;
                if (PQntuples(at.get()) == 1 && text(at.get(), 0, 0) == lan &&
                    PQntuples(v.get()) == 1 && number(v.get(), 0, 0) == g.version + 1)
                    return Status::ok();
            }
            return changed_meanwhile(g);
        });
        if (done) ++g.version;
        return done;
    }

    Status update_game(StoredGame& g) override {
        Status done = with(writer(g.id), [&](Connection& c, bool) { return write_row(c, g); });
        if (done) ++g.version;
        return done;
    }

    Status load_unfinished(std::vector<StoredGame>& out) override {
        return load_snapshot(kUnfinished, kUnfinishedMoves, Params(), out);
    }

    Status load_games(const std::vector<std::string>& ids, std::vector<StoredGame>& out) override {
        out.clear();
        std::string array = "{";
        for (const std::string& id : ids) {
            if (id.find_first_of("{},\"\\ ") != std::string::npos)
                return Status::error("database: bad game id " + id);
            array += (array.size() > 1 ? "," : "") + id;
        }
        return load_snapshot(kGamesIn, kMovesIn, Params() << array + "}", out);
    }

    // Game rows and their moves (ordered by game, then ply) as of one snapshot.
    Status load_snapshot(const Statement& rows, const Statement& moves_of, const Params& p,
                         std::vector<StoredGame>& out) {
        const std::size_t keep = out.size();
        return with(*writers_[0], [&](Connection& c, bool) -> Status {
            out.resize(keep);
            if (Status s = c.exec("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"); !s) return s;
            Result games, moves;
            if (Status s = c.run(rows, p, &games); !s) return c.rollback(s);
            if (Status s = c.run(moves_of, p, &moves); !s) return c.rollback(s);
            if (Status s = c.exec("COMMIT"); !s) return s;
            std::unordered_map<std::string, std::size_t> index;
            for (int i = 0; i < PQntuples(games.get()); ++i) {
                index[text(games.get(), i, 0)] = out.size();
                out.push_back(read_game(games.get(), i));
            }
            for (int i = 0; i < PQntuples(moves.get()); ++i) {
                const auto it = index.find(text(moves.get(), i, 0));
                if (it == index.end()) continue;
                out[it->second].lan.push_back(text(moves.get(), i, 1));
                out[it->second].san.push_back(text(moves.get(), i, 2));
            }
            return Status::ok();
        });
    }

    Status load_game(const std::string& id, StoredGame& out, bool* found,
                     std::size_t after_ply) override {
        return with(reader_, [&](Connection& c, bool) -> Status {
            *found = false;
            Result r;
            if (Status s = c.run(kGame, Params() << id << after_ply, &r); !s) return s;
            const int rows = PQntuples(r.get());
            if (rows == 0) return Status::ok();
            out = read_game(r.get(), 0);
            *found = true;
            constexpr int kLan = 26, kSan = 27;  // after the game's columns
            for (int i = 0; i < rows; ++i) {
                if (PQgetisnull(r.get(), i, kLan)) continue;  // a game without moves
                out.lan.push_back(text(r.get(), i, kLan));
                out.san.push_back(text(r.get(), i, kSan));
            }
            return Status::ok();
        });
    }

    Status list_finished(const ListCursor* before, std::size_t limit,
                         std::vector<GameSummary>& out) override {
        const std::size_t keep = out.size();
        return with(reader_, [&](Connection& c, bool) -> Status {
            out.resize(keep);
            Params p;
            p << (before ? before->updated_ms : std::int64_t{INT64_MAX})
              << (before ? before->id : std::string()) << limit;
            Result r;
            if (Status s = c.run(kListFinished, p, &r); !s) return s;
            for (int i = 0; i < PQntuples(r.get()); ++i)
                out.push_back({text(r.get(), i, 0), text(r.get(), i, 1), text(r.get(), i, 2),
                               static_cast<int>(number(r.get(), i, 3)),
                               static_cast<std::size_t>(number(r.get(), i, 4)), text(r.get(), i, 5),
                               text(r.get(), i, 6), number(r.get(), i, 7)});
            return Status::ok();
        });
    }

    Status count_finished(std::int64_t& count) override {
        return with(reader_, [&](Connection& c, bool) -> Status {
            Result r;
            if (Status s = c.run(kCountFinished, Params(), &r); !s) return s;
            if (PQntuples(r.get()) != 1)
                return Status::error("database: finished_count has no row");
            count = number(r.get(), 0, 0);
            return Status::ok();
        });
    }

    Status heartbeat(std::int64_t at_ms) override {
        return with(*writers_[0],
                    [&](Connection& c, bool) { return c.run(kHeartbeat, Params() << at_ms); });
    }

    Status last_heartbeat(std::int64_t& at_ms) override {
        return with(*writers_[0], [&](Connection& c, bool) -> Status {
            at_ms = 0;
            Result r;
            if (Status s = c.run(kLastHeartbeat, Params(), &r); !s) return s;
            if (PQntuples(r.get()) == 1) at_ms = number(r.get(), 0, 0);
            return Status::ok();
        });
    }

  private:
    // Runs op(connection, again) under the connection's lock, connecting first
    // if it is closed. A connection lost before or during op is replaced and op
    // run once more (again = true). Reports the database going and coming back.
    template <class Op>
    Status with(Connection& c, Op&& op) {
        std::lock_guard lock(c.mutex);
        Status s = c.lost() ? reconnect(c) : Status::ok();
        if (s) {
            s = op(c, false);
            if (s.is_unavailable()) {
                s = reconnect(c);
                if (s) s = op(c, true);
            }
        }
        report(s);
        return s;
    }

    // The writer of a game: its writes go through one connection, in order;
    // the writes of other games go through the others meanwhile, so their
    // commits wait for the disk together (PostgreSQL flushes them at once).
    Connection& writer(const std::string& id) {
        return *writers_[std::hash<std::string>{}(id) % writers_.size()];
    }

    // c.connect(), but not within a second of a failed attempt on any
    // connection: while the database is away a call fails at once instead of
    // each waiting for an attempt of its own (up to connect_timeout when the
    // host is unreachable). Once one connects, the others may at once.
    Status reconnect(Connection& c) {
        {
            std::lock_guard lock(retry_mutex_);
            if (std::chrono::steady_clock::now() < retry_at_)
                return Status::unavailable(last_failure_);
        }
        Status s = c.connect();
        std::lock_guard lock(retry_mutex_);
        if (s) {
            retry_at_ = {};
        } else {
            retry_at_ = std::chrono::steady_clock::now() + std::chrono::seconds(1);
            last_failure_ = s.message();
        }
        return s;
    }

    // One line when the database goes away, one when it is back.
    void report(const Status& s) {
        const bool down = s.is_unavailable();
        if (down_.exchange(down) == down || !log_) return;
        std::lock_guard lock(log_mutex_);
        log_(down ? "error: " + s.message() +
                        " (moves and actions are refused with 503 until it returns)"
                  : "database: " + shown_ + " is back: connected again");
    }

    static Status write_row(Connection& c, const StoredGame& g) {
        Result r;
        if (Status s = c.run(kUpdateGame, game_params(g), &r); !s) return s;
        if (affected(r.get()) == 1) return Status::ok();
        return changed_meanwhile(g);
    }

    // The stored game is not the one this server holds: another one changed it.
    static Status changed_meanwhile(const StoredGame& g) {
        return Status::conflict("database: game " + g.id + " is no longer at version " +
                                std::to_string(g.version) + " with " +
                                std::to_string(g.lan.size()) + " moves: it changed meanwhile");
    }

    // Brings the schema to kSchemaVersion in one transaction (PostgreSQL's DDL
    // is transactional: a failed migration leaves the database as it was).
    Status migrate() {
        Connection& c = *writers_[0];
        if (Status s = c.exec("BEGIN"); !s) return s;
        if (Status s = c.exec(kMigrationLock); !s) return c.rollback(s);
        if (Status s =
                c.exec("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)");
            !s)
            return c.rollback(s);
        Result r;
        const Statement version{"schema_version", "SELECT max(version) FROM schema_version"};
        if (Status s = c.run(version, Params(), &r); !s) return c.rollback(s);
        const int from = PQgetisnull(r.get(), 0, 0) ? 0 : static_cast<int>(number(r.get(), 0, 0));
        if (from > kSchemaVersion)
            return c.rollback(Status::error("database: schema version " + std::to_string(from) +
                                            " is newer than this program (" +
                                            std::to_string(kSchemaVersion) + ")"));
        if (from == kSchemaVersion) return c.exec("COMMIT");
        for (int v = from; v < kSchemaVersion; ++v)
            if (Status s = c.exec(migrations()[v].postgres, "migration " + std::to_string(v + 1));
                !s)
                return c.rollback(s);
        if (Status s = c.exec("DELETE FROM schema_version"); !s) return c.rollback(s);
        if (Status s = c.run(kSetVersion, Params() << kSchemaVersion); !s) return c.rollback(s);
        return c.exec("COMMIT");
    }

    void stop_watching() {
        if (!watcher_.joinable()) return;
        watching_ = false;
        watcher_.join();  // it wakes at least every kWatchTick
    }

    static constexpr int kWatchTickMs = 200;

    // A connection of its own LISTENs; a notification's payload is "<id>
    // <version>". While it cannot listen it tries again every second, and
    // once it listens again it says that notifications may have been missed.
    static bool listen(Connection& c) { return c.connect() && c.exec("LISTEN chimera_games"); }

    void watch_loop(Connection& c, bool listening) {
        auto wait = std::chrono::steady_clock::now();
        while (watching_) {
            if (!listening) {
                if (std::chrono::steady_clock::now() < wait) {
                    std::this_thread::sleep_for(std::chrono::milliseconds(kWatchTickMs));
                    continue;
                }
                listening = listen(c);
                if (!listening) {
                    wait = std::chrono::steady_clock::now() + std::chrono::seconds(1);
                    continue;
                }
                on_change_("", 0);  // writes may have gone untold meanwhile
            }
            pollfd p{c.socket(), POLLIN, 0};
            if (p.fd >= 0) ::poll(&p, 1, kWatchTickMs);
            while (auto n = c.next_notification()) {
                const std::string_view payload = n->extra;
                const std::size_t space = payload.find(' ');
                if (space == std::string_view::npos) continue;
                std::int64_t version = 0;
                const std::string_view v = payload.substr(space + 1);
                if (std::from_chars(v.data(), v.data() + v.size(), version).ec != std::errc{})
                    continue;
                on_change_(std::string(payload.substr(0, space)), version);
            }
            if (c.socket() < 0) listening = false;
        }
    }

    // Writers: a game's by its id (writer()); the first also migrates, loads
    // and keeps the heartbeat. The reader: finished games, the list, the count.
    std::string uri_;
    std::array<std::unique_ptr<Connection>, kWriters> writers_;
    Connection reader_;
    StorageLog log_;
    std::string shown_;  // the URI without its password
    std::atomic<bool> down_{false};
    std::mutex log_mutex_;
    std::mutex retry_mutex_;
    std::chrono::steady_clock::time_point retry_at_{};
    std::string last_failure_;
    OnChange on_change_;
    std::atomic<bool> watching_{false};
    std::thread watcher_;
};

}  // namespace

std::unique_ptr<Storage> open_postgres(const std::string& uri, Status* status, StorageLog log) {
    // A malformed URI is said so, before any attempt to connect.
    char* why = nullptr;
    if (PQconninfoOption* parsed = PQconninfoParse(uri.c_str(), &why)) {
        PQconninfoFree(parsed);
    } else {
        const std::string message = why ? one_line(why) : "out of memory";
        PQfreemem(why);
        if (status) *status = Status::error("database: " + printable_db(uri) + ": " + message);
        return nullptr;
    }
    auto s = std::make_unique<PostgresStorage>(uri, std::move(log));
    Status st = s->open();
    if (status) *status = st;
    if (!st) return nullptr;
    return s;
}

}  // namespace chimera::server
