#include "server/analysis.h"

#include <pthread.h>
#include <sched.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <chrono>
#include <optional>

#include "core/text.h"
#include "engine/engine.h"
#include "server/api.h"
#include "variants/registry.h"

namespace chimera::server {

namespace {

using engine::Value;

// A score from the side to move's point of view as the report gives it.
AnalysisLine line_of(const engine::Info& info, const Game& root) {
    AnalysisLine line;
    const int sign = root.side_to_move() == WHITE ? 1 : -1;
    const Value v = info.score;
    if (engine::is_mate_score(v)) {
        const int moves = v > 0 ? (engine::VALUE_MATE - v + 1) / 2 : -(engine::VALUE_MATE + v) / 2;
        line.mate = sign * moves;
    } else {
        line.cp = sign * v;
    }
    const bool lower = sign > 0 ? info.lowerbound : info.upperbound;
    const bool upper = sign > 0 ? info.upperbound : info.lowerbound;
    line.bound = lower ? "lower" : upper ? "upper" : "";
    std::unique_ptr<Game> g = root.clone();
    for (const std::string& lan : info.pv) {
        std::string san;
        if (!g->play(lan, &san)) break;  // never: the engine's line is legal
        line.san.push_back(std::move(san));
        line.lan.push_back(lan);
    }
    return line;
}

}  // namespace

ApiError parse_analysis_message(std::string_view text, std::string& type,
                                AnalysisRequest& request) {
    const Json j = Json::parse(text.begin(), text.end(), nullptr, false);
    if (j.is_discarded() || !j.is_object() || !j.contains("type") || !j["type"].is_string())
        return ApiError{400, "expected a JSON object with a string 'type'"};
    type = j["type"].get<std::string>();
    if (type != "analyse" && type != "stop" && type != "ping")
        return ApiError{
            400, "unknown message type " + chimera::quoted(type) + " (analyse, stop or ping)"};
    for (auto it = j.begin(); it != j.end(); ++it) {
        const std::string& k = it.key();
        const bool known =
            k == "type" || (type == "analyse" && (k == "id" || k == "variant" || k == "fen" ||
                                                  k == "moves" || k == "lines"));
        if (!known)
            return ApiError{400, "unknown field " + chimera::quoted(k) + " in a " +
                                     chimera::quoted(type) + " message"};
    }
    if (type != "analyse") return {};
    auto integer = [&](const char* name, std::int64_t lo, std::int64_t hi, std::int64_t fallback,
                       std::int64_t& out) -> ApiError {
        if (!j.contains(name)) return out = fallback, ApiError{};
        const Json& v = j[name];
        if (!v.is_number_integer() || v.get<std::int64_t>() < lo || v.get<std::int64_t>() > hi)
            return ApiError{400, std::string("field '") + name + "' must be an integer from " +
                                     std::to_string(lo) + " to " + std::to_string(hi)};
        return out = v.get<std::int64_t>(), ApiError{};
    };
    std::int64_t lines = 1;
    if (ApiError e = integer("id", 0, (std::int64_t{1} << 53) - 1, 0, request.id)) return e;
    if (ApiError e = integer("lines", 1, AnalysisService::kMaxLines, 1, lines)) return e;
    request.lines = static_cast<int>(lines);
    if (!j.contains("variant") || !j["variant"].is_string())
        return ApiError{400, "field 'variant' must be a variant id (GET /api/variants)"};
    const std::string variant = j["variant"].get<std::string>();
    request.game = make_game(variant);
    if (!request.game) return ApiError{400, "unknown variant " + chimera::quoted(variant)};
    if (j.contains("fen")) {
        if (!j["fen"].is_string() || j["fen"].get_ref<const std::string&>().size() > 1000)
            return ApiError{400, "field 'fen' must be a FEN of at most 1000 characters"};
        if (Status s = request.game->set_fen(j["fen"].get<std::string>()); !s)
            return ApiError{400, "fen: " + s.message()};
    }
    if (j.contains("moves")) {
        const Json& moves = j["moves"];
        if (!moves.is_array() || moves.size() > 2000)
            return ApiError{400, "field 'moves' must be an array of at most 2000 moves"};
        for (std::size_t i = 0; i < moves.size(); ++i) {
            const std::string where = "moves[" + std::to_string(i) + "]";
            if (!moves[i].is_string() || moves[i].get_ref<const std::string&>().size() > 64)
                return ApiError{400, where + " must be a move (LAN or SAN)"};
            const std::string& m = moves[i].get_ref<const std::string&>();
            if (request.game->outcome() != Outcome::ONGOING)
                return ApiError{400, where + ": " + chimera::quoted(m) + " comes after the end (" +
                                         outcome_name(request.game->outcome()) + ")"};
            if (Status s = request.game->play(m); !s)
                return ApiError{400, where + ": " + chimera::quoted(m) + ": " + s.message()};
        }
    }
    return {};
}

std::string to_json_text(const AnalysisReport& r) {
    Json lines = Json::array();
    for (const AnalysisLine& l : r.lines) {
        Json score = l.mate != 0 ? Json{{"mate", l.mate}} : Json{{"cp", l.cp}};
        Json line{{"score", score}, {"san", l.san}, {"lan", l.lan}};
        if (*l.bound) line["bound"] = l.bound;
        lines.push_back(std::move(line));
    }
    Json j{{"type", r.done ? "done" : "analysis"},
           {"id", r.id},
           {"depth", r.depth},
           {"seldepth", r.seldepth},
           {"nodes", r.nodes},
           {"nps", r.nps},
           {"time_ms", r.time_ms},
           {"lines", lines}};
    if (r.done) j["reason"] = r.reason;
    if (!r.outcome.empty()) j["outcome"] = r.outcome;
    return j.dump();
}

// The end of a request that was acknowledged but never searched: its "done".
// (The reporter only posts to its connection, so this may run under the lock.)
void dropped(const AnalysisService::Job& job, const char* reason);

struct AnalysisService::Worker {
    engine::Engine engine;
    std::thread thread;
    std::condition_variable cv;
    // Under the service's mutex: the job to start, the one replacing the
    // current search of the same session, and whether to stop the current one.
    std::optional<Job> job, next;
    bool busy = false;  // counted in running_ from start until its last job ends
    bool stop_asked = false;
    std::uint64_t session = 0;   // the session served now or last
    std::uint64_t table_of = 0;  // the session whose searches the table holds (worker thread)
    std::string address;
};

void dropped(const AnalysisService::Job& job, const char* reason) {
    AnalysisReport r;
    r.id = job.request.id;
    r.done = true;
    r.reason = reason;
    job.report(r);
}

AnalysisService::AnalysisService(AnalysisLimits limits) : limits_(limits) {}

AnalysisService::~AnalysisService() { shutdown(); }

void AnalysisService::shutdown() {
    {
        std::lock_guard lock(mutex_);
        if (closing_) return;
        closing_ = true;
        for (auto& w : workers_) {
            w->stop_asked = true;
            w->next.reset();
            w->job.reset();  // never started: nothing of it is reported after shutdown
            w->engine.stop();
            w->cv.notify_one();
        }
    }
    for (auto& w : workers_) w->thread.join();
}

std::unique_ptr<AnalysisService::Session> AnalysisService::open(std::string address,
                                                                Reporter report) {
    std::lock_guard lock(mutex_);
    return std::unique_ptr<Session>(
        new Session(*this, std::move(address), std::move(report), next_session_++));
}

int AnalysisService::running() const {
    std::lock_guard lock(mutex_);
    return running_;
}

AnalysisService::Session::~Session() { service_.stop_session(*this); }

void AnalysisService::Session::stop() { service_.stop_session(*this); }

ApiError AnalysisService::Session::start(AnalysisRequest request) {
    AnalysisService& s = service_;
    std::unique_lock lock(s.mutex_);
    if (s.closing_) return ApiError{503, "the server is stopping"};
    Job job{std::move(request), report_, id_};
    for (auto& w : s.workers_)
        if (w->busy && w->session == id_) {
            // This connection's search goes on: the new one follows it at once.
            if (w->next) dropped(*w->next, "replaced");  // acked, never started
            w->next = std::move(job);
            w->stop_asked = true;
            w->engine.stop();
            return {};
        }
    const auto it = s.by_address_.find(address_);
    if (it != s.by_address_.end() && it->second >= s.limits_.per_address)
        return ApiError{429, "your address has " + std::to_string(it->second) +
                                 " analyses going on already; stop one first"};
    if (s.running_ >= s.limits_.max_searches)
        return ApiError{503, "every analysis slot of the server is taken; try again shortly"};
    Worker* free = nullptr;
    for (auto& w : s.workers_)
        if (!w->busy && (!free || w->session == id_)) free = w.get();
    if (!free) {
        s.workers_.push_back(std::make_unique<Worker>());
        free = s.workers_.back().get();
        free->thread = std::thread([&s, free] { s.work(*free); });
    }
    free->busy = true;
    free->session = id_;
    free->stop_asked = false;
    free->address = address_;
    free->job = std::move(job);
    ++s.running_;
    ++s.by_address_[address_];
    free->cv.notify_one();
    return {};
}

void AnalysisService::stop_session(const Session& session) {
    std::lock_guard lock(mutex_);
    for (auto& w : workers_)
        if (w->busy && w->session == session.id_) {
            if (w->next) dropped(*w->next, "stopped");
            w->next.reset();
            w->stop_asked = true;
            w->engine.stop();
        }
}

void AnalysisService::work(Worker& w) {
    // Only the CPU the games leave: Linux's SCHED_IDLE class (per thread) gives
    // way at once to a live game's move, the clocks and the computer players,
    // which keep their speed and strength; the analyses share what is left
    // equally. Where the class is refused, the lowest niceness.
    sched_param none{};
    if (pthread_setschedparam(pthread_self(), SCHED_IDLE, &none) != 0)
        setpriority(PRIO_PROCESS, static_cast<id_t>(syscall(SYS_gettid)), kNice);
    w.engine.set_hash_mb(limits_.hash_mb);
    std::unique_lock lock(mutex_);
    while (true) {
        w.cv.wait(lock, [&] { return closing_ || w.job.has_value(); });
        if (closing_) return;
        Job job = std::move(*w.job);
        w.job.reset();
        lock.unlock();
        if (w.table_of != job.session) w.engine.new_game();
        w.table_of = job.session;
        run_job(w, job, lock);
        // lock held again here
        if (w.next) {
            w.job = std::move(w.next);
            w.next.reset();
            w.stop_asked = false;
            continue;
        }
        w.busy = false;
        --running_;
        if (--by_address_[w.address] == 0) by_address_.erase(w.address);
    }
}

void AnalysisService::run_job(Worker& w, Job& job, std::unique_lock<std::mutex>& lock) {
    const Game& root = *job.request.game;
    AnalysisReport last;
    last.id = job.request.id;
    if (const Outcome o = root.outcome(); o != Outcome::ONGOING) {
        last.done = true;
        last.reason = "over";
        last.outcome = outcome_name(o);
        job.report(last);
        lock.lock();
        return;
    }
    w.engine.set_position(root);
    engine::Limits limits;
    limits.movetime_ms = limits_.max_seconds * 1000;
    limits.multipv = job.request.lines;
    const std::size_t expected = std::min<std::size_t>(static_cast<std::size_t>(job.request.lines),
                                                       root.legal_moves().size());
    auto last_sent = std::chrono::steady_clock::now() - std::chrono::hours(1);
    AnalysisReport building;
    building.id = job.request.id;
    auto on_info = [&](const engine::Info& info) {
        if (info.multipv == 1) {
            building.lines.clear();
            building.depth = info.depth;
            building.seldepth = info.seldepth;
        }
        building.seldepth = std::max(building.seldepth, info.seldepth);
        building.nodes = info.nodes;
        building.nps = info.nps;
        building.time_ms = info.time_ms;
        building.lines.push_back(line_of(info, root));
        if (building.lines.size() < expected) return;
        last = building;
        const auto now = std::chrono::steady_clock::now();
        if (now - last_sent < std::chrono::milliseconds(kReportMs)) return;
        last_sent = now;
        job.report(last);
    };
    {
        std::lock_guard armed(mutex_);
        w.engine.arm();
        if (w.stop_asked) w.engine.stop();
    }
    const auto started = std::chrono::steady_clock::now();
    w.engine.search_armed(limits, on_info);
    const auto took = std::chrono::steady_clock::now() - started;
    lock.lock();
    last.done = true;
    // The whole search's time, beyond the last depth it completed.
    last.time_ms = static_cast<std::int64_t>(
        std::chrono::duration_cast<std::chrono::milliseconds>(took).count());
    last.reason = w.next                                                       ? "replaced"
                  : w.stop_asked                                               ? "stopped"
                  : took >= std::chrono::milliseconds(limits.movetime_ms - 50) ? "time"
                                                                               : "depth";
    lock.unlock();
    job.report(last);
    lock.lock();
}

}  // namespace chimera::server
