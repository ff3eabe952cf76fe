// Persistence of games behind an interface with two backends: an SQLite file
// and PostgreSQL (the store several servers can share, docs/scaling.md); the
// game logic does not know which. Every accepted move is committed before it
// is acknowledged. Games going on are loaded at start; finished ones stay in
// the store, read one at a time on demand and listed a page at a time from an
// index. Both backends have the same schema versions (migrations.h).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/status.h"

namespace chimera::server {

// A statement on the players' tables (accounts, sessions, ratings:
// players_store.cpp), one text for both backends: standard SQL, parameters
// $1, $2, ... each first used in that order, values as text.
struct SqlStatement {
    const char* name;
    const char* sql;
};
struct SqlCall {
    const SqlStatement* statement = nullptr;
    std::vector<std::string> params;
    // The transaction goes through only if this statement changes exactly one
    // row; otherwise nothing is stored and the run fails with Status::conflict.
    bool one_row = false;
};
using SqlRows = std::vector<std::vector<std::string>>;

// Everything needed to rebuild a game after a restart.
struct StoredGame {
    std::string id;
    std::string variant;
    std::string start_fen;
    int formation = 0;       // start position number for variants with several, 0 otherwise
    std::string mode;        // computer | online | local
    int level = 0;           // computer level 1-8
    int computer_side = -1;  // 0 White, 1 Black, -1 none
    std::string token[2];    // seat tokens
    bool seat_taken[2] = {false, false};
    std::string invite;  // invitation code for online games
    std::int64_t base_ms = 0, inc_ms = 0;
    std::int64_t remaining_ms[2] = {0, 0};
    std::string result = "*";
    std::string termination;
    int draw_offer = -1;      // side offering a draw, -1 none
    int takeback_offer = -1;  // side asking to take back its last move (online games), -1 none
    // After an online game: the side offering a rematch (-1 none), and the
    // rematch game once both want it ("" none).
    int rematch_offer = -1;
    std::string rematch_id;
    // The accounts that hold the seats ("" anonymous, or the computer), and
    // whether the game is rated (between two accounts, docs/ratings.md).
    std::string account[2];
    bool rated = false;
    // Not stored: statements to run in the same transaction as the game's
    // next write (the ratings after its result); cleared once it is stored.
    std::vector<SqlCall> with_write;
    std::int64_t created_ms = 0, updated_ms = 0;
    std::int64_t turn_started_ms =
        0;                         // wall-clock ms when the running clock's turn began, 0 if none
    std::vector<std::string> lan;  // moves played
    std::vector<std::string> san;
    // How many of them were given with the game (moves at creation, an import):
    // only the moves after them count as played on the server.
    std::size_t given_plies = 0;
    // How many times the stored row has been written since it was created.
    // A write goes through only if the stored row is still at this version
    // (so a server whose copy is behind cannot overwrite what another server
    // stored), and then raises it, here and in the database, by one.
    std::int64_t version = 0;
    // load_game: the moves the stored row counts, and how many takebacks the
    // game has had (take_back raises it). Another count of takebacks than a
    // server holds means the moves changed, not only grew: it reads the game
    // again whole.
    std::size_t stored_plies = 0;
    std::int64_t takebacks = 0;
    // Several servers (PostgreSQL): the server that holds the game's timed
    // duties when it is created ("" for none). Written with a new game only;
    // the leases (keep_alive, sweep, take_released) change it after.
    std::string owner;
    // Since when (wall-clock ms) no WebSocket has held each seat; 0 while one
    // does. With several servers the database keeps it (set_presence).
    std::int64_t away_ms[2] = {0, 0};
};

// A seat's presence over all servers after set_presence: away_ms as stored
// (0: present), and, when that changed, the game's new version.
struct Presence {
    bool changed = false;
    std::int64_t away_ms = 0;
    std::int64_t version = 0;
};

// A game a server has just taken the duties of: from a server that stopped
// renewing (previous_owner), or one nobody held ("": given up), with when its
// duties were last done there (wall-clock ms; 0 if not known), and the
// game's version after the takeover. The takeover credits the game, in the
// same statement, with the time from then on: its running clock's turn start
// and its seats' away times move on by it (docs/scaling.md, "Failover").
struct Lease {
    std::string id;
    std::string previous_owner;
    std::int64_t last_duty_ms = 0;
    std::int64_t version = 0;
};

// An aborted game is over without a result. It is stored as kAborted, so that
// "over" is `result != "*"` everywhere, and shown as the record writes it:
// result "*" with the termination "aborted" (public_result, status_name).
inline constexpr std::string_view kAborted = "aborted";
inline std::string_view public_result(std::string_view result) {
    return result == kAborted ? "*" : result;
}
// "playing", "over" (with a result) or "aborted".
inline std::string_view status_name(std::string_view result) {
    return result == "*" ? "playing" : result == kAborted ? "aborted" : "over";
}

// One line of the game list: no tokens, no invitation.
struct GameSummary {
    std::string id, variant, mode;
    int level = 0;
    std::size_t plies = 0;
    std::string result, termination;
    std::int64_t updated_ms = 0;
};

// A place in the list of finished games, which is ordered by (updated_ms, id),
// newest first; a finished game's updated_ms never changes again.
struct ListCursor {
    std::int64_t updated_ms = 0;
    std::string id;
};

class Storage {
  public:
    virtual ~Storage() = default;
    // Stores a new game with the moves it already has (an import), in one transaction.
    virtual Status create_game(const StoredGame& g) = 0;
    // Appends one move and the game's new state in one transaction. Like
    // update_game, it fails with Status::conflict, storing nothing, if the
    // stored game is not at g.version, and raises g.version when it stores.
    virtual Status append_move(StoredGame& g, const std::string& lan, const std::string& san) = 0;
    // Saves the game row (seats, clocks, result, draw offer).
    virtual Status update_game(StoredGame& g) = 0;
    // A takeback: the game's row as g holds it and only its first
    // g.lan.size() moves of the `stored` held before, in one transaction;
    // like update_game it fails with Status::conflict, storing nothing, if
    // the stored game is not at g.version with `stored` moves.
    virtual Status take_back(StoredGame& g, std::size_t stored) = 0;
    // A rematch: the finished game's row as `finished` holds it (its
    // rematch_id set) and the new game, in one transaction; like update_game
    // it fails with Status::conflict, storing neither, if the finished game is
    // not stored at finished.version, and raises that when it stores.
    virtual Status start_rematch(StoredGame& finished, const StoredGame& fresh) = 0;
    // The games still going (result "*"), with their moves, oldest first.
    virtual Status load_unfinished(std::vector<StoredGame>& out) = 0;
    // One game with its moves after the first after_ply (all of them for 0),
    // as of one commit; *found is false if there is none.
    virtual Status load_game(const std::string& id, StoredGame& out, bool* found,
                             std::size_t after_ply) = 0;
    Status load_game(const std::string& id, StoredGame& out, bool* found) {
        return load_game(id, out, found, 0);
    }
    // The games of `ids` that there are, with all their moves, as of one
    // commit where the backend can (a takeover reads thousands at once).
    virtual Status load_games(const std::vector<std::string>& ids, std::vector<StoredGame>& out) {
        out.clear();
        for (const std::string& id : ids) {
            StoredGame g;
            bool found = false;
            if (Status s = load_game(id, g, &found); !s) return s;
            if (found) out.push_back(std::move(g));
        }
        return Status::ok();
    }
    // Finished games, newest first, strictly after `before` in that order when
    // given, at most limit.
    virtual Status list_finished(const ListCursor* before, std::size_t limit,
                                 std::vector<GameSummary>& out) = 0;
    // How many finished games are stored (kept as they change, not counted).
    virtual Status count_finished(std::int64_t& count) = 0;
    // The server's last sign of life, written every second: after a crash, the
    // running clocks are charged up to it and the downtime after it is not.
    // A finished game's review by `engine` (its name and budget): the JSON text
    // the API sends. Saving one that is there replaces it.
    virtual Status save_review(const std::string& id, const std::string& engine,
                               const std::string& review, std::int64_t now_ms) = 0;
    // *found is false when the game has no review by that engine.
    virtual Status load_review(const std::string& id, const std::string& engine,
                               std::string& review, bool* found) = 0;

    // Runs the calls in order in one transaction (one that only reads: on a
    // snapshot); the rows each returns in (*rows)[i] and how many rows each
    // changed in (*changed)[i], when asked for. NULL reads as "".
    virtual Status run_sql(const std::vector<SqlCall>& calls, std::vector<SqlRows>* rows,
                           std::vector<std::int64_t>* changed = nullptr) = 0;

    virtual Status heartbeat(std::int64_t at_ms) = 0;
    virtual Status last_heartbeat(std::int64_t& at_ms) = 0;

    // Where the stored writes of games are told, by every server on the same
    // database (this one's own included), as they commit: on_change(id,
    // version) with the game's new version, and on_change("", 0) after some
    // may have been missed (the database was away): then every game held may
    // be behind. Called on a thread of the storage's; an empty function stops
    // it, and it is stopped before the storage goes away. A backend for one
    // server (SQLite) has nothing to tell.
    using OnChange = std::function<void(const std::string& id, std::int64_t version)>;
    virtual void watch(OnChange on_change) { (void)on_change; }

    // Whether several servers may use this store at once (PostgreSQL): then
    // each game's timed duties belong to the holder of its lease.
    virtual bool shared() const { return false; }

    // Leases and presence with several servers (docs/scaling.md, "Several
    // servers"). A server holds the duties of the games whose `owner` it is,
    // for as long as its own row is alive: one row renewed per server, not
    // one per game. A backend for one server holds nothing and tells nothing.
    //
    // Server `instance` is alive, seen at now_ms, until until_ms: its leases
    // and its presence hold until then. *fresh: it had no row, at its first
    // call or because it was taken for gone meanwhile (sweep took its games
    // and dropped its presence: it must read which games it still holds,
    // held_games, and store its presence again).
    virtual Status keep_alive(const std::string& instance, std::int64_t now_ms,
                              std::int64_t until_ms, bool* fresh) {
        (void)instance, (void)now_ms, (void)until_ms;
        *fresh = false;
        return Status::ok();
    }
    // The games going on that `instance` holds.
    virtual Status held_games(const std::string& instance, std::vector<std::string>& ids) {
        (void)instance;
        ids.clear();
        return Status::ok();
    }
    // The servers whose row ran out before now_ms are gone: the seats only
    // they held are away from their last renewal, their presence and their
    // rows are dropped, and `taker` takes their games at now_ms (*taken;
    // with taker "", they are given up as of the last renewal). Two servers
    // never sweep the same one, nor take one game. Any server may sweep, at
    // any time.
    virtual Status sweep(const std::string& taker, std::int64_t now_ms, std::vector<Lease>& taken) {
        (void)taker, (void)now_ms;
        taken.clear();
        return Status::ok();
    }
    // `instance` takes, at now_ms, the games nobody holds (given up by a
    // server that drained or stopped); *taken: those.
    virtual Status take_released(const std::string& instance, std::int64_t now_ms,
                                 std::vector<Lease>& taken) {
        (void)instance, (void)now_ms;
        taken.clear();
        return Status::ok();
    }
    // `instance` gives up, at now_ms, every game it holds (it drains).
    virtual Status release_leases(const std::string& instance, std::int64_t now_ms) {
        (void)instance, (void)now_ms;
        return Status::ok();
    }
    // `instance` stops at now_ms: its games are given up, the seats only it
    // held are away from then, and its presence and its row are dropped.
    virtual Status leave(const std::string& instance, std::int64_t now_ms) {
        (void)instance, (void)now_ms;
        return Status::ok();
    }
    // Stores whether server `instance` holds a WebSocket of seat `side` of
    // game `id` (here) at now_ms. A seat is present while a server that is
    // alive holds one; when that changes, the game's away_ms of the seat
    // becomes 0 or now_ms, with a new version, told like every write.
    // Nothing is stored for a game that is over.
    virtual Status set_presence(const std::string& id, int side, const std::string& instance,
                                bool here, std::int64_t now_ms, Presence& out) {
        (void)id, (void)side, (void)instance, (void)here, (void)now_ms;
        out = {};
        return Status::ok();
    }
};

// Where a backend reports, one line each, that its database went away and
// that it is back: once per outage, not once per refused request.
using StorageLog = std::function<void(const std::string& line)>;

// SQLite in WAL mode with versioned migrations (schema_version table).
std::unique_ptr<Storage> open_sqlite(const std::string& path, Status* status);

// PostgreSQL through libpq, `uri` a libpq connection URI, with the same
// versioned migrations. A database that goes away makes the calls fail with
// Status::unavailable; the next call after it is back reconnects.
std::unique_ptr<Storage> open_postgres(const std::string& uri, Status* status, StorageLog log = {});

// Whether `db` (the --db of `chimera serve`) names a PostgreSQL database: a
// connection URI beginning postgresql:// or postgres://. Anything else is an
// SQLite file.
bool is_postgres_uri(std::string_view db);

// The backend `db` names, opened and migrated.
std::unique_ptr<Storage> open_storage(const std::string& db, Status* status, StorageLog log = {});

// `db` as it may be shown (logs, the start line): a URI's password replaced by ***.
std::string printable_db(const std::string& db);

}  // namespace chimera::server
