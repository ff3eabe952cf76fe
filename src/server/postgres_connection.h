// One libpq connection with its prepared statements, and what the
// PostgreSQL backend's files share to run statements on it: parameters as
// text, results read as text or numbers, libpq's messages on one line.
#pragma once

#include <libpq-fe.h>

#include <charconv>
#include <concepts>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "core/status.h"
#include "server/storage.h"

namespace chimera::server::pg {

// A statement, prepared on a connection the first time it is used there.
struct Statement {
    const char* name;
    const char* sql;
};

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

inline std::string text(const PGresult* r, int row, int col) { return PQgetvalue(r, row, col); }
inline std::int64_t number(const PGresult* r, int row, int col) {
    const char* v = PQgetvalue(r, row, col);
    std::int64_t n = 0;
    std::from_chars(v, v + std::strlen(v), n);
    return n;
}
inline long long affected(const PGresult* r) {
    const char* n = PQcmdTuples(const_cast<PGresult*>(r));
    return *n ? std::atoll(n) : 0;
}

// libpq's messages end in a newline and may add a hint on another line: one line.
inline std::string one_line(std::string m) {
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
inline bool gone(const char* sqlstate) {
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

}  // namespace chimera::server::pg
