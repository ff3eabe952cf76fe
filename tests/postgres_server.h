// A throw-away PostgreSQL server for the tests, and the two storage backends
// as a test parameter.
//
// One server per test process, started on first use: `initdb` into a fresh
// temporary folder, then `pg_ctl start` on a free loopback port with its unix
// socket in that folder (as the `postgres` user through `runuser` when the
// tests run as root; the folder is then owned by it). Each test takes a new
// empty database of it (new_database). A gtest global Environment stops the
// server and deletes the folder when the tests end, failed or not; a watchdog
// process does the same if the test process dies first (a crash, a timeout's
// kill -9). The binaries are found in CHIMERA_PG_BINDIR, else the newest
// /usr/lib/postgresql/<version>/bin.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace chimera::testing {

enum class Backend { SQLITE, POSTGRES };

// "sqlite" or "postgres": the suffix of a parameterised test's name. The tests
// on PostgreSQL run in one process (tests/CMakeLists.txt) with one server:
// their names end in /postgres or their suite's begins with Postgres.
const char* backend_name(Backend b);
inline std::string backend_test_name(const ::testing::TestParamInfo<Backend>& info) {
    return backend_name(info.param);
}

// A loopback port nobody listens on now (0 if none could be had).
unsigned short free_port();

using Rows = std::vector<std::vector<std::string>>;

class PostgresServer {
  public:
    PostgresServer() = default;
    PostgresServer(const PostgresServer&) = delete;
    PostgresServer& operator=(const PostgresServer&) = delete;
    ~PostgresServer() { destroy(); }

    // Creates and starts the server if it is not running yet; false (with the
    // reason in error()) if that fails.
    bool ensure_started();
    // Stops the server, keeping its data, so that start() brings it back on the
    // same port: a database that goes away and returns.
    bool stop();
    bool start();
    // Stops the server and deletes its folder.
    void destroy();

    // A new empty database; its URI (postgresql://postgres@127.0.0.1:<port>/<name>).
    std::string new_database();
    std::string uri(const std::string& database) const;
    unsigned short port() const { return port_; }
    const std::string& error() const { return error_; }

    // How long the first start (initdb and start) and the last stop took, in ms.
    long long start_ms() const { return start_ms_; }

  private:
    bool init();
    int run(const std::vector<std::string>& argv, bool as_postgres, const std::string& log);
    void start_watchdog();

    std::string bindir_, dir_, error_;
    unsigned short port_ = 0;
    bool running_ = false, initialised_ = false;
    int database_count_ = 0;
    int watchdog_fd_ = -1;
    int watchdog_pid_ = -1;
    long long start_ms_ = 0;
};

// The process's server, started on first use. Fails the current test (and
// returns nullptr) if it cannot be started.
PostgresServer* postgres();

// Runs SQL (one or more statements) on a database named by a libpq URI or an
// SQLite file path; the rows of the last statement, each column as text
// ("NULL" for NULL). *changed, when given, is the number of rows the last
// statement changed. Failures are test failures.
Rows query_database(const std::string& db, const std::string& sql, int* changed = nullptr);

// A new empty database of the backend, as `chimera serve --db` takes it: the
// SQLite file given (not created here), or a new PostgreSQL database's URI.
// "" (and a test failure) if there is none.
std::string new_database(Backend b, const std::string& sqlite_file);

}  // namespace chimera::testing
