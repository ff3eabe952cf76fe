// The analysis board's engine: searches of any position for the clients of
// the analysis WebSocket (docs/api.md, "Analysis"), apart from the games'
// computer players. Each connection has at most one search; a new request
// replaces it. Searches run on their own workers in Linux's SCHED_IDLE class
// (the CPU the games leave), each for at most max_seconds, at most max_searches at
// once in all and per_address for one client address, so neither analysis
// nor a crowd of analysts can slow a live game or lock out other analysts.
// A worker keeps its table for the connection it last served, so stepping
// through a game does not start every search cold.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "server/games.h"
#include "variants/game.h"

namespace chimera::server {

struct AnalysisLimits {
    int max_searches = 32;  // running at once on this server
    int per_address = 4;    // running at once for one client address
    int max_seconds = 60;   // a search ends by itself after this
    std::size_t hash_mb = 16;
};

// One line of a search: its score from White's point of view (centipawns,
// or a mate in `mate` moves, negative when Black mates), whether the score
// is only a bound, and its moves from the analysed position.
struct AnalysisLine {
    int cp = 0;
    int mate = 0;            // 0: no mate found
    const char* bound = "";  // "", "lower" or "upper" (White's point of view)
    std::vector<std::string> san, lan;
};

// What a search reports: after each depth it completes (at most every
// kReportMs but the first and the last), then once at its end with done set
// and why it ended: "stopped" (asked), "time" (max_seconds), "depth" (the
// deepest depth, or a mate proven), "replaced" (a newer request), "over"
// (the position has no legal move: outcome names why).
struct AnalysisReport {
    std::int64_t id = 0;
    int depth = 0, seldepth = 0;
    std::uint64_t nodes = 0, nps = 0;
    std::int64_t time_ms = 0;
    std::vector<AnalysisLine> lines;
    bool done = false;
    std::string reason, outcome;
};
std::string to_json_text(const AnalysisReport& r);

struct AnalysisRequest {
    std::int64_t id = 0;         // the client's number for it, repeated in its reports
    std::unique_ptr<Game> game;  // the position, with the moves that led there
    int lines = 1;
};

// A message of the analysis WebSocket (docs/api.md, "Analysis"): "analyse"
// (its request in *request: the position set up, the moves played), "stop" or
// "ping" in *type; else a 400 that says what is wrong and where.
ApiError parse_analysis_message(std::string_view text, std::string& type, AnalysisRequest& request);

class AnalysisService {
  public:
    static constexpr int kNice = 19;       // the workers' niceness where SCHED_IDLE is refused
    static constexpr int kReportMs = 100;  // between two reports of a search
    static constexpr int kMaxLines = 3;

    explicit AnalysisService(AnalysisLimits limits = {});
    ~AnalysisService();
    AnalysisService(const AnalysisService&) = delete;
    AnalysisService& operator=(const AnalysisService&) = delete;

    using Reporter = std::function<void(const AnalysisReport&)>;
    // One connection's searches: at most one at a time, reported to `report`
    // (called on a worker thread). Closing it (or destroying it) stops its search.
    class Session {
      public:
        ~Session();
        // Starts a search, replacing the one going on; refused (429: this
        // address has per_address searches going; 503: the server has
        // max_searches) with nothing stopped.
        ApiError start(AnalysisRequest request);
        void stop();

      private:
        friend class AnalysisService;
        Session(AnalysisService& s, std::string address, Reporter r, std::uint64_t id)
            : service_(s), address_(std::move(address)), report_(std::move(r)), id_(id) {}
        AnalysisService& service_;
        const std::string address_;
        const Reporter report_;
        const std::uint64_t id_;
    };
    std::unique_ptr<Session> open(std::string address, Reporter report);

    // Searches going on.
    int running() const;
    // Stops every search and the workers (idempotent): no report is made
    // after it returns. Called before the network layer the reports go to
    // is torn down.
    void shutdown();

    // A request as a worker holds it.
    struct Job {
        AnalysisRequest request;
        Reporter report;  // a copy: it may outlive its session
        std::uint64_t session = 0;
    };

  private:
    struct Worker;
    void work(Worker& w);
    // Runs a job, the mutex unlocked (lock), and locks it again.
    void run_job(Worker& w, Job& job, std::unique_lock<std::mutex>& lock);
    void stop_session(const Session& s);

    const AnalysisLimits limits_;
    mutable std::mutex mutex_;
    std::condition_variable cv_;
    std::vector<std::unique_ptr<Worker>> workers_;
    std::map<std::string, int> by_address_;  // searches going on per address
    int running_ = 0;
    std::uint64_t next_session_ = 1;
    bool closing_ = false;
};

}  // namespace chimera::server
