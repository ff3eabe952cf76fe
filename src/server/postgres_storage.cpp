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
#include <sys/eventfd.h>
#include <unistd.h>

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
#include "server/postgres_connection.h"
#include "server/postgres_sql.h"
#include "server/storage.h"

namespace chimera::server {

namespace {

using namespace pg;

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
    ~PostgresStorage() override {
        stop_watching();
        if (wake_fd_ >= 0) ::close(wake_fd_);
    }

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
            if (Status s = c.run(kTakeReleased, Params() << instance << now_ms, &r); !s) return s;
            for (int i = 0; i < PQntuples(r.get()); ++i) {
                const std::int64_t given_up = number(r.get(), i, 1);
                taken.push_back(
                    {text(r.get(), i, 0), "", given_up < 0 ? -given_up : 0, number(r.get(), i, 2)});
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
                if (Status s = taker.empty()
                                   ? c.run(kGiveUpGoneGames, Params() << instance << last)
                                   : c.run(kTakeGoneGames,
                                           Params() << instance << taker << last << now_ms, &games);
                    !s)
                    return c.rollback(s);
                if (Status s = c.exec("COMMIT"); !s) return s;
                for (int j = 0; j < (taker.empty() ? 0 : PQntuples(games.get())); ++j)
                    taken.push_back(
                        {text(games.get(), j, 0), instance, last, number(games.get(), j, 1)});
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
        if (!g.with_write.empty()) return append_move_with(g, lan, san);
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

    // A move with statements beside it (the ratings after a rated game's last
    // move), in one transaction.
    Status append_move_with(StoredGame& g, const std::string& lan, const std::string& san) {
        return write_with_calls(g, [&](Connection& c) -> Status {
            Result r;
            if (Status s = c.run(kAppendMove, game_params(g) << lan << san, &r); !s) return s;
            return affected(r.get()) == 1 ? Status::ok() : changed_meanwhile(g);
        });
    }

    // g's write (`row`) and g.with_write in one transaction; g's version moves
    // on and its statements are cleared once it is stored. After a lost answer
    // the first run may or may not have been committed (another write may have
    // moved the version on too): the caller is told to try again, and reads
    // the game anew then.
    Status write_with_calls(StoredGame& g, const std::function<Status(Connection&)>& row) {
        Status done = with(writer(g.id), [&](Connection& c, bool again) -> Status {
            if (again) return Status::unavailable("database: the connection was lost; try again");
            if (Status s = c.exec("BEGIN"); !s) return s;
            if (Status s = row(c); !s) return c.rollback(s);
            if (Status s = run_calls(c, g.with_write); !s) return c.rollback(s);
            return c.exec("COMMIT");
        });
        if (done) {
            ++g.version;
            g.with_write.clear();
        }
        return done;
    }

    Status take_back(StoredGame& g, std::size_t stored) override {
        Status done = with(writer(g.id), [&](Connection& c, bool again) -> Status {
            Result r;
            if (Status s = c.run(kTakeBack, game_params(g) << stored, &r); !s) return s;
            if (affected(r.get()) == static_cast<long long>(stored - g.lan.size()))
                return Status::ok();
            // After a lost answer the first run may have stored it: one version on.
            if (again) {
                Result v;
                if (Status s = c.run(kGameVersion, Params() << g.id, &v); !s) return s;
                if (PQntuples(v.get()) == 1 && number(v.get(), 0, 0) == g.version + 1)
                    return Status::ok();
            }
            return changed_meanwhile(g);
        });
        if (done) {
            ++g.version;
            ++g.takebacks;
        }
        return done;
    }

    Status start_rematch(StoredGame& finished, const StoredGame& fresh) override {
        Status done = with(writer(finished.id), [&](Connection& c, bool again) -> Status {
            if (again) {  // the first run may have been committed
                Result r;
                if (Status s = c.run(kGameToken, Params() << fresh.id, &r); !s) return s;
                if (PQntuples(r.get()) == 1 && text(r.get(), 0, 0) == fresh.token[0])
                    return Status::ok();
            }
            if (Status s = c.exec("BEGIN"); !s) return s;
            if (Status s = write_row(c, finished); !s) return c.rollback(s);
            if (Status s = c.run(kInsertGame, game_params(fresh) << fresh.owner); !s)
                return c.rollback(s);
            for (std::size_t i = 0; i < fresh.lan.size(); ++i)
                if (Status s = c.run(kInsertMove,
                                     Params() << fresh.id << i + 1 << fresh.lan[i] << fresh.san[i]);
                    !s)
                    return c.rollback(s);
            return c.exec("COMMIT");
        });
        if (done) ++finished.version;
        return done;
    }

    Status update_game(StoredGame& g) override {
        if (!g.with_write.empty())
            return write_with_calls(g, [&](Connection& c) { return write_row(c, g); });
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
            // After the game's columns:
            constexpr int kLan = kGameColumnCount, kSan = kLan + 1, kPlies = kLan + 2,
                          kTakebacks = kLan + 3;
            out.stored_plies = static_cast<std::size_t>(number(r.get(), 0, kPlies));
            out.takebacks = number(r.get(), 0, kTakebacks);
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

    Status save_review(const std::string& id, const std::string& engine, const std::string& review,
                       std::int64_t now_ms) override {
        return with(*writers_[0], [&](Connection& c, bool) {
            return c.run(kSaveReview, Params() << id << engine << review << now_ms);
        });
    }

    Status load_review(const std::string& id, const std::string& engine, std::string& review,
                       bool* found) override {
        return with(reader_, [&](Connection& c, bool) -> Status {
            *found = false;
            Result r;
            if (Status s = c.run(kLoadReview, Params() << id << engine, &r); !s) return s;
            if (PQntuples(r.get()) == 1) {
                *found = true;
                review = text(r.get(), 0, 0);
            }
            return Status::ok();
        });
    }

    Status run_sql(const std::vector<SqlCall>& calls, std::vector<SqlRows>* out,
                   std::vector<std::int64_t>* changed) override {
        return with(*writers_[0], [&](Connection& c, bool again) -> Status {
            // A transaction that was sent may have been committed: it is not sent again.
            if (again) return Status::unavailable("database: the connection was lost; try again");
            if (Status s = c.exec("BEGIN"); !s) return s;
            if (Status s = run_calls(c, calls, out, changed); !s) return c.rollback(s);
            return c.exec("COMMIT");
        });
    }

    // The calls inside the transaction going on; on a failure the caller rolls back.
    static Status run_calls(Connection& c, const std::vector<SqlCall>& calls,
                            std::vector<SqlRows>* out = nullptr,
                            std::vector<std::int64_t>* changed = nullptr) {
        if (out) out->assign(calls.size(), {});
        if (changed) changed->assign(calls.size(), 0);
        for (std::size_t i = 0; i < calls.size(); ++i) {
            const SqlCall& call = calls[i];
            Params p;
            for (const std::string& v : call.params) p << v;
            Result r;
            if (Status s = c.run(Statement{call.statement->name, call.statement->sql}, p, &r); !s)
                return s;
            const long long n = affected(r.get());
            if (changed) (*changed)[i] = n;
            if (out)
                for (int row = 0; row < PQntuples(r.get()); ++row) {
                    std::vector<std::string>& v = (*out)[i].emplace_back();
                    for (int col = 0; col < PQnfields(r.get()); ++col)
                        v.push_back(text(r.get(), row, col));
                }
            if (call.one_row && n != 1)
                return Status::conflict(std::string("database: ") + call.statement->name +
                                        " changed " + std::to_string(n) + " rows, not one");
        }
        return Status::ok();
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
        const std::uint64_t one = 1;
        if (wake_fd_ >= 0) (void)!::write(wake_fd_, &one, sizeof one);  // out of its poll at once
        watcher_.join();                                                // (else within kWatchTick)
        std::uint64_t drained = 0;
        if (wake_fd_ >= 0) (void)!::read(wake_fd_, &drained, sizeof drained);
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
                    pollfd p{wake_fd_, POLLIN, 0};
                    ::poll(&p, wake_fd_ >= 0 ? 1 : 0, kWatchTickMs);
                    continue;
                }
                listening = listen(c);
                if (!listening) {
                    wait = std::chrono::steady_clock::now() + std::chrono::seconds(1);
                    continue;
                }
                on_change_("", 0);  // writes may have gone untold meanwhile
            }
            pollfd p[2] = {{c.socket(), POLLIN, 0}, {wake_fd_, POLLIN, 0}};
            if (p[0].fd >= 0) ::poll(p, wake_fd_ >= 0 ? 2 : 1, kWatchTickMs);
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
    // Written by stop_watching to wake the watcher (-1: it wakes every tick).
    int wake_fd_ = ::eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
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
