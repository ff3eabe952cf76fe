// `chimera serve`: the game server with the browser UI.
#include <algorithm>
#include <iostream>
#include <mutex>
#include <optional>
#include <ostream>
#include <thread>

#include "app/cli.h"
#include "core/text.h"
#include "server/accounts.h"
#include "server/analysis.h"
#include "server/http_server.h"

namespace chimera::app {

int cmd_serve(const Args& args, std::ostream& out, std::ostream& err) {
    server::ServerOptions options;
    std::string db = "chimera.db";
    // One search per core at a time; more would only slow each other down.
    int computer_threads =
        static_cast<int>(std::clamp(std::thread::hardware_concurrency(), 1u, 64u));
    server::AbsenceRules absence;
    options.static_dir = "web/dist";
    server::ComputerLimits computer_limits;
    server::AnalysisLimits analysis_limits;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        const std::string* v = i + 1 < args.size() ? &args[i + 1] : nullptr;
        auto number = [&](int lo, int hi) -> std::optional<int> {
            auto n = v ? parse_uint(*v, 6) : std::nullopt;
            if (!n || *n < lo || *n > hi) return std::nullopt;
            ++i;
            return n;
        };
        if (a == "--port") {
            auto n = number(0, 65535);
            if (!n) return err << "error: --port takes 0-65535\n", kUsageError;
            options.port = static_cast<unsigned short>(*n);
        } else if (a == "--threads") {
            auto n = number(1, 64);
            if (!n) return err << "error: --threads takes 1-64\n", kUsageError;
            options.threads = *n;
        } else if (a == "--computer-threads") {
            auto n = number(1, 64);
            if (!n) return err << "error: --computer-threads takes 1-64\n", kUsageError;
            computer_threads = *n;
        } else if (a == "--idle-seconds") {
            auto n = number(1, 3600);
            if (!n) return err << "error: --idle-seconds takes 1-3600\n", kUsageError;
            options.idle_seconds = *n;
        } else if (a == "--header-seconds" || a == "--ws-idle-seconds") {
            auto n = number(a == "--header-seconds" ? 1 : 2, 3600);
            if (!n)
                return err << "error: " << a << " takes " << (a == "--header-seconds" ? 1 : 2)
                           << "-3600\n",
                       kUsageError;
            (a == "--header-seconds" ? options.header_seconds : options.ws_idle_seconds) = *n;
        } else if (a == "--invite-seconds" || a == "--absence-seconds" ||
                   a == "--abandon-seconds") {
            auto n = number(1, 86400);
            if (!n) return err << "error: " << a << " takes 1-86400\n", kUsageError;
            (a == "--invite-seconds"    ? absence.invite_ms
             : a == "--absence-seconds" ? absence.absence_ms
                                        : absence.abandon_ms) = *n * 1000LL;
        } else if (a == "--requests-per-second" || a == "--request-burst") {
            auto n = number(1, 100000);
            if (!n) return err << "error: " << a << " takes 1-100000\n", kUsageError;
            (a == "--requests-per-second" ? options.requests_per_second : options.request_burst) =
                *n;
        } else if (a == "--max-connections" || a == "--max-connections-per-address" ||
                   a == "--games-per-minute") {
            auto n = number(1, 999999);
            if (!n) return err << "error: " << a << " takes 1-999999\n", kUsageError;
            (a == "--max-connections"               ? options.max_connections
             : a == "--max-connections-per-address" ? options.max_connections_per_address
                                                    : options.games_per_minute_per_address) = *n;
        } else if (a == "--trusted-proxy" && v) {
            server::Network n;
            if (Status s = server::parse_network(*v, n); !s)
                return err << "error: --trusted-proxy: " << s.message() << '\n', kUsageError;
            options.trusted_proxies.push_back(n);
            ++i;
        } else if (a == "--computer-games-per-address" || a == "--computer-queue" ||
                   a == "--review-queue") {
            auto n = number(1, 10000);
            if (!n) return err << "error: " << a << " takes 1-10000\n", kUsageError;
            (a == "--computer-queue" ? computer_limits.queue
             : a == "--review-queue" ? computer_limits.review_queue
                                     : computer_limits.per_address) = *n;
        } else if (a == "--review-nodes") {
            auto n = v ? parse_uint(*v, 9) : std::nullopt;
            if (!n || *n < 1000 || *n > 100'000'000)
                return err << "error: " << a << " takes 1000-100000000\n", kUsageError;
            computer_limits.review_nodes = static_cast<int>(*n);
            ++i;
        } else if (a == "--analysis-searches" || a == "--analysis-per-address" ||
                   a == "--analysis-seconds") {
            auto n =
                number(a == "--analysis-searches" ? 0 : 1, a == "--analysis-seconds" ? 3600 : 1000);
            if (!n)
                return err << "error: " << a << " takes "
                           << (a == "--analysis-searches"  ? "0-1000"
                               : a == "--analysis-seconds" ? "1-3600"
                                                           : "1-1000")
                           << "\n",
                       kUsageError;
            (a == "--analysis-searches"      ? analysis_limits.max_searches
             : a == "--analysis-per-address" ? analysis_limits.per_address
                                             : analysis_limits.max_seconds) = *n;
        } else if (a == "--drain-seconds") {
            auto n = number(0, 600);
            if (!n) return err << "error: " << a << " takes 0-600\n", kUsageError;
            options.drain_ms = static_cast<int>(*n * 1000);
        } else if (a == "--games-per-minute-total") {
            auto n = number(1, 999999);
            if (!n) return err << "error: " << a << " takes 1-999999\n", kUsageError;
            options.games_per_minute_total = *n;
        } else if ((a == "--db" || a == "--static" || a == "--address") && v) {
            (a == "--db" ? db : a == "--static" ? options.static_dir : options.address) = *v;
            ++i;
        } else {
            err << "error: unknown or incomplete option " << chimera::quoted(a)
                << " (--port N --db FILE|URI --static DIR --threads N --computer-threads N "
                   "--address IP"
                   " --max-connections N --max-connections-per-address N --games-per-minute N "
                   "--games-per-minute-total N --trusted-proxy IP[/BITS] "
                   "--computer-games-per-address N --computer-queue N --review-queue N "
                   "--review-nodes N "
                   "--analysis-searches N --analysis-per-address N --analysis-seconds N "
                   "--idle-seconds N --header-seconds N --ws-idle-seconds N"
                   " --requests-per-second N --request-burst N --invite-seconds N"
                   " --absence-seconds N --abandon-seconds N --drain-seconds N)\n";
            return kUsageError;
        }
    }
    // A database that goes away (PostgreSQL) and comes back is reported once
    // each way; the lines come from the threads that notice.
    std::mutex log_mutex;
    auto log = [&err, &log_mutex](const std::string& line) {
        std::lock_guard lock(log_mutex);
        err << line << std::endl;
    };
    Status st = Status::ok();
    auto storage = server::open_storage(db, &st, log);
    // A --db that cannot be used (a bad or unreachable URI, a file that is no
    // database, a schema newer than the program) is bad input.
    if (!storage) return err << "error: " << st.message() << '\n', kUsageError;
    server::GameService games(std::move(storage), computer_threads, computer_limits, absence);
    std::vector<std::string> skipped;
    if (Status s = games.restore(&skipped); !s) return err << "error: " << s.message() << '\n', 1;
    for (const std::string& why : skipped) err << "warning: left out " << why << '\n';
    // Analysis: its own workers, below the games' priority; --analysis-searches 0 turns it off.
    std::optional<server::AnalysisService> analysis;
    if (analysis_limits.max_searches > 0) analysis.emplace(analysis_limits);
    // Accounts, on the same database; their password hashing on a thread of its own.
    server::AccountService accounts(games.storage());
    accounts.on_deleted = [&games](const std::string& name) { games.forget_account(name); };
    games.account_disabled = [&accounts](const std::string& name) {
        return accounts.disabled(name);
    };
    server::HttpServer http(games, options, analysis ? &*analysis : nullptr, &accounts);
    unsigned short port = 0;
    if (Status s = http.start(&port); !s) return err << "error: " << s.message() << '\n', 1;
    http.handle_signals();
    err << "connections: at most " << http.connection_cap() << " at once (descriptor limit "
        << http.descriptor_limit() << ")" << std::endl;
    // Restored: the games going on, back in memory, and the finished ones, read on demand.
    const server::GameCounts counts = games.counts();
    out << "Chimera is serving on http://localhost:" << port << "/ (database "
        << server::printable_db(db) << ", " << counts.live + counts.finished
        << " games restored: " << counts.live << " in play, " << counts.finished << " finished)"
        << std::endl;
    http.run(true);
    accounts.stop();   // its last answers go to the network before that goes
    games.shutdown();  // before the network layer is torn down
    if (analysis) analysis->shutdown();
    out << "Chimera stopped." << std::endl;
    return 0;
}

}  // namespace chimera::app
