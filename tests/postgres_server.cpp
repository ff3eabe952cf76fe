// The throw-away PostgreSQL server of the tests (postgres_server.h).
#include "postgres_server.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <libpq-fe.h>
#include <netinet/in.h>
#include <pwd.h>
#include <spawn.h>
#include <sqlite3.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <random>
#include <sstream>

extern char** environ;

namespace chimera::testing {

namespace {

using Clock = std::chrono::steady_clock;

long long ms_since(Clock::time_point t) {
    return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - t).count();
}

// CHIMERA_PG_BINDIR, else the bin folder of the newest /usr/lib/postgresql/<version>.
std::string find_bindir() {
    if (const char* env = std::getenv("CHIMERA_PG_BINDIR"); env && *env) return env;
    std::string best;
    int best_version = -1;
    std::error_code ec;
    for (const auto& e : std::filesystem::directory_iterator("/usr/lib/postgresql", ec)) {
        const int version = std::atoi(e.path().filename().c_str());
        if (version > best_version && std::filesystem::exists(e.path() / "bin" / "initdb")) {
            best_version = version;
            best = (e.path() / "bin").string();
        }
    }
    return best;
}

const char* runuser_path() {
    for (const char* p : {"/usr/sbin/runuser", "/sbin/runuser", "/usr/bin/runuser"})
        if (::access(p, X_OK) == 0) return p;
    return nullptr;
}

std::string tail_of(const std::string& path) {
    std::ifstream in(path);
    std::ostringstream s;
    s << in.rdbuf();
    const std::string text = s.str();
    return text.size() > 2000 ? text.substr(text.size() - 2000) : text;
}

// Stops the server when the tests end, whatever their result.
class PostgresEnvironment : public ::testing::Environment {
  public:
    void TearDown() override {
        if (!server_) return;
        const auto t = Clock::now();
        server_->destroy();
        std::printf(
            "PostgreSQL for the tests: started in %lld ms (initdb and start), stopped and "
            "deleted in %lld ms\n",
            server_->start_ms(), ms_since(t));
        server_.reset();
    }
    PostgresServer& server() {
        if (!server_) server_ = std::make_unique<PostgresServer>();
        return *server_;
    }

  private:
    std::unique_ptr<PostgresServer> server_;
};

PostgresEnvironment* const environment =
    static_cast<PostgresEnvironment*>(::testing::AddGlobalTestEnvironment(new PostgresEnvironment));

}  // namespace

unsigned short free_port() {
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t len = sizeof a;
    unsigned short port = 0;
    if (::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0 &&
        ::getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len) == 0)
        port = ntohs(a.sin_port);
    ::close(fd);
    return port;
}

const char* backend_name(Backend b) { return b == Backend::POSTGRES ? "postgres" : "sqlite"; }

PostgresServer* postgres() {
    PostgresServer& s = environment->server();
    if (!s.ensure_started()) {
        ADD_FAILURE() << "no PostgreSQL for the test: " << s.error();
        return nullptr;
    }
    return &s;
}

bool PostgresServer::ensure_started() {
    if (running_) return true;
    if (!error_.empty()) return false;  // it failed before: no second try
    const auto t = Clock::now();
    if (!initialised_ && !init()) return false;
    if (!start()) return false;
    if (start_ms_ == 0) start_ms_ = ms_since(t);
    return true;
}

// Runs a program to its end, its output appended to log; its exit status, or -1.
int PostgresServer::run(const std::vector<std::string>& argv, bool as_postgres,
                        const std::string& log) {
    std::vector<std::string> args;
    if (as_postgres && ::geteuid() == 0) {
        const char* runuser = runuser_path();
        if (!runuser) return -1;
        args = {runuser, "-u", "postgres", "--"};
    }
    args.insert(args.end(), argv.begin(), argv.end());
    std::vector<char*> cargs;
    for (std::string& a : args) cargs.push_back(a.data());
    cargs.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 1, log.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
    posix_spawn_file_actions_adddup2(&actions, 1, 2);
    pid_t pid = -1;
    const int rc = posix_spawn(&pid, cargs[0], &actions, nullptr, cargs.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    if (rc != 0) return -1;
    int status = 0;
    if (::waitpid(pid, &status, 0) != pid) return -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

// A process of its own session that waits for the end of this one: told
// "done" it exits; if the pipe closes first (this process died), it stops the
// server at once and deletes the folder.
void PostgresServer::start_watchdog() {
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0) return;
    const std::string as_postgres =
        ::geteuid() == 0 && runuser_path() ? std::string(runuser_path()) + " -u postgres -- " : "";
    const std::string script = "read line; [ \"$line\" = done ] && exit 0; " + as_postgres + "'" +
                               bindir_ + "/pg_ctl' -D '" + dir_ +
                               "/data' -m immediate stop >/dev/null 2>&1; rm -rf '" + dir_ + "'";
    std::vector<std::string> args{"/bin/sh", "-c", script};
    std::vector<char*> cargs;
    for (std::string& a : args) cargs.push_back(a.data());
    cargs.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, fds[0], 0);
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
    posix_spawnattr_t attr;
    posix_spawnattr_init(&attr);
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSID);
    pid_t pid = -1;
    if (posix_spawn(&pid, cargs[0], &actions, &attr, cargs.data(), environ) == 0) {
        watchdog_pid_ = pid;
        watchdog_fd_ = fds[1];
    } else {
        ::close(fds[1]);
    }
    posix_spawnattr_destroy(&attr);
    posix_spawn_file_actions_destroy(&actions);
    ::close(fds[0]);
}

bool PostgresServer::init() {
    bindir_ = find_bindir();
    if (bindir_.empty()) {
        error_ =
            "no PostgreSQL server binaries (apt-get install postgresql, or set "
            "CHIMERA_PG_BINDIR)";
        return false;
    }
    std::random_device rd;
    dir_ = (std::filesystem::temp_directory_path() /
            ("chimera-pg-" + std::to_string(::getpid()) + "-" + std::to_string(rd())))
               .string();
    std::error_code ec;
    std::filesystem::create_directories(dir_, ec);
    if (ec) {
        error_ = "cannot create " + dir_ + ": " + ec.message();
        return false;
    }
    ::chmod(dir_.c_str(), 0700);
    if (::geteuid() == 0) {
        const passwd* pw = ::getpwnam("postgres");
        if (!pw || !runuser_path()) {
            error_ = "running as root, but there is no postgres user or no runuser";
            return false;
        }
        if (::chown(dir_.c_str(), pw->pw_uid, pw->pw_gid) != 0) {
            error_ = "cannot give " + dir_ + " to the postgres user";
            return false;
        }
    }
    start_watchdog();
    const std::string log = dir_ + "/initdb.log";
    if (run({bindir_ + "/initdb", "-D", dir_ + "/data", "-A", "trust", "-U", "postgres", "-E",
             "UTF8", "--locale=C", "--no-sync", "--no-instructions"},
            true, log) != 0) {
        error_ = "initdb failed: " + tail_of(log);
        return false;
    }
    initialised_ = true;
    return true;
}

bool PostgresServer::start() {
    // A first start takes any free port (again if another process took it
    // meanwhile); a start after stop() keeps the port, as a database that
    // returns does.
    if (running_) return true;
    const bool keep_port = port_ != 0;
    for (int attempt = 0; attempt < 3; ++attempt) {
        if (!keep_port) port_ = free_port();
        const std::string options = "-p " + std::to_string(port_) + " -k " + dir_ +
                                    " -c listen_addresses=127.0.0.1 -c fsync=off"
                                    " -c full_page_writes=off -c shared_buffers=16MB";
        if (run({bindir_ + "/pg_ctl", "-D", dir_ + "/data", "-l", dir_ + "/postgres.log", "-w",
                 "-t", "60", "-o", options, "start"},
                true, dir_ + "/pg_ctl.log") == 0) {
            running_ = true;
            return true;
        }
        if (keep_port) break;
    }
    error_ = "pg_ctl start failed: " + tail_of(dir_ + "/postgres.log");
    return false;
}

bool PostgresServer::stop() {
    if (!running_) return true;
    const bool ok =
        run({bindir_ + "/pg_ctl", "-D", dir_ + "/data", "-m", "fast", "-w", "-t", "60", "stop"},
            true, dir_ + "/pg_ctl.log") == 0;
    if (ok) running_ = false;
    return ok;
}

void PostgresServer::destroy() {
    if (running_) (void)stop();
    if (!dir_.empty()) {
        std::error_code ec;
        std::filesystem::remove_all(dir_, ec);
        dir_.clear();
    }
    if (watchdog_fd_ >= 0) {
        int status = 0;
        if (::waitpid(watchdog_pid_, &status, WNOHANG) == 0)
            (void)!::write(watchdog_fd_, "done\n", 5);
        ::close(watchdog_fd_);
        ::waitpid(watchdog_pid_, &status, 0);
        watchdog_fd_ = -1;
    }
}

std::string PostgresServer::uri(const std::string& database) const {
    return "postgresql://postgres@127.0.0.1:" + std::to_string(port_) + "/" + database;
}

std::string PostgresServer::new_database() {
    if (!ensure_started()) return "";
    const std::string name = "chimera_test_" + std::to_string(++database_count_);
    query_database(uri("postgres"), "CREATE DATABASE " + name);
    return uri(name);
}

std::string new_database(Backend b, const std::string& sqlite_file) {
    if (b == Backend::SQLITE) return sqlite_file;
    PostgresServer* pg = postgres();
    return pg ? pg->new_database() : "";
}

namespace {

Rows query_postgres(const std::string& uri, const std::string& sql, int* changed) {
    Rows rows;
    PGconn* c = PQconnectdb(uri.c_str());
    if (PQstatus(c) != CONNECTION_OK) {
        ADD_FAILURE() << "cannot connect to " << uri << ": " << PQerrorMessage(c);
        PQfinish(c);
        return rows;
    }
    PQsetNoticeProcessor(
        c, [](void*, const char*) {}, nullptr);
    PGresult* r = PQexec(c, sql.c_str());
    const ExecStatusType st = PQresultStatus(r);
    if (st != PGRES_COMMAND_OK && st != PGRES_TUPLES_OK) {
        ADD_FAILURE() << sql << ": " << PQresultErrorMessage(r);
    } else {
        for (int i = 0; i < PQntuples(r); ++i) {
            rows.emplace_back();
            for (int j = 0; j < PQnfields(r); ++j)
                rows.back().push_back(PQgetisnull(r, i, j) ? "NULL" : PQgetvalue(r, i, j));
        }
        if (changed) *changed = std::atoi(PQcmdTuples(r));
    }
    PQclear(r);
    PQfinish(c);
    return rows;
}

Rows query_sqlite(const std::string& path, const std::string& sql, int* changed) {
    Rows rows;
    sqlite3* h = nullptr;
    if (sqlite3_open_v2(path.c_str(), &h, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr) !=
        SQLITE_OK) {
        ADD_FAILURE() << "cannot open " << path << ": " << (h ? sqlite3_errmsg(h) : "");
        sqlite3_close(h);
        return rows;
    }
    sqlite3_busy_timeout(h, 5000);
    char* msg = nullptr;
    const int rc = sqlite3_exec(
        h, sql.c_str(),
        [](void* out, int n, char** values, char**) {
            auto& r = *static_cast<Rows*>(out);
            r.emplace_back();
            for (int i = 0; i < n; ++i) r.back().push_back(values[i] ? values[i] : "NULL");
            return 0;
        },
        &rows, &msg);
    EXPECT_EQ(rc, SQLITE_OK) << sql << ": " << (msg ? msg : "");
    sqlite3_free(msg);
    if (changed) *changed = sqlite3_changes(h);
    sqlite3_close(h);
    return rows;
}

}  // namespace

Rows query_database(const std::string& db, const std::string& sql, int* changed) {
    if (db.starts_with("postgresql://") || db.starts_with("postgres://"))
        return query_postgres(db, sql, changed);
    return query_sqlite(db, sql, changed);
}

}  // namespace chimera::testing
