#include "server/review.h"

#include <pthread.h>
#include <sched.h>
#include <sys/resource.h>

#include <algorithm>
#include <cmath>

#include "engine/engine.h"
#include "server/api.h"
#include "server/games.h"
#include "server/room.h"
#include "variants/registry.h"

namespace chimera::server {

const char* loss_name(double loss) {
    return loss >= kBlunder      ? "blunder"
           : loss >= kMistake    ? "mistake"
           : loss >= kInaccuracy ? "inaccuracy"
                                 : "";
}

double expected_score(const WinModel& model, int cp, int mate) {
    if (mate != 0) return mate > 0 ? 1.0 : 0.0;
    return 1.0 / (1.0 + std::pow(10.0, -model.slope * cp / 400.0));
}

ReviewService::ReviewService(Storage& storage, std::size_t queue, std::uint64_t nodes)
    : storage_(storage), queue_limit_(queue), nodes_(nodes) {
    worker_ = std::thread([this] { loop(); });
}

ReviewService::~ReviewService() { shutdown(); }

void ReviewService::shutdown() {
    {
        std::lock_guard lock(mutex_);
        if (closing_) return;
        closing_ = true;
    }
    cv_.notify_all();
    if (worker_.joinable()) worker_.join();
}

std::string ReviewService::engine() const {
    return "Chimera 0.1, " + std::to_string(nodes_) + " nodes a position";
}

int ReviewService::get(const StoredGame& g, bool start, std::string& body, std::string& error) {
    bool found = false;
    if (Status s = storage_.load_review(g.id, engine(), body, &found); !s) {
        error = s.message();
        return s.is_unavailable() ? 503 : 500;
    }
    if (found) return 200;
    std::lock_guard lock(mutex_);
    if (current_ == g.id) {
        body = Json{{"status", "computing"}, {"done", done_}, {"of", of_}}.dump();
        return 202;
    }
    const auto it = std::find_if(queue_.begin(), queue_.end(),
                                 [&](const StoredGame& q) { return q.id == g.id; });
    if (it != queue_.end()) {
        body =
            Json{{"status", "queued"}, {"ahead", it - queue_.begin() + (current_.empty() ? 0 : 1)}}
                .dump();
        return 202;
    }
    // Neither under way nor waiting: it may have been stored since the read above.
    if (Status s = storage_.load_review(g.id, engine(), body, &found); !s) {
        error = s.message();
        return s.is_unavailable() ? 503 : 500;
    }
    if (found) return 200;
    if (!start) {
        error = "this game has no review yet: POST to this address asks for one";
        return 404;
    }
    if (closing_) return error = "the server is stopping", 503;
    if (queue_.size() >= queue_limit_) {
        error = "the server has " + std::to_string(queue_.size()) +
                " reviews waiting; ask again in a few minutes";
        return 503;
    }
    queue_.push_back(g);
    body = Json{{"status", "queued"}, {"ahead", queue_.size() - 1 + (current_.empty() ? 0 : 1)}}
               .dump();
    cv_.notify_one();
    return 202;
}

void ReviewService::loop() {
    // Only the CPU the games leave, as the analysis board's searches.
    sched_param none{};
    if (pthread_setschedparam(pthread_self(), SCHED_IDLE, &none) != 0)
        setpriority(PRIO_PROCESS, 0, 19);
    std::unique_lock lock(mutex_);
    while (true) {
        cv_.wait(lock, [&] { return closing_ || !queue_.empty(); });
        if (closing_) return;
        StoredGame g = std::move(queue_.front());
        queue_.pop_front();
        current_ = g.id;
        done_ = 0;
        of_ = g.lan.size() + 1;
        lock.unlock();
        const std::string review = compute(g);
        // A review that cannot be stored is asked for again by the next request.
        if (!review.empty()) (void)storage_.save_review(g.id, engine(), review, now_ms());
        lock.lock();
        current_.clear();
    }
}

std::string ReviewService::compute(const StoredGame& stored) {
    std::unique_ptr<Game> g = make_game(stored.variant);
    if (!g || (!stored.start_fen.empty() && !g->set_fen(stored.start_fen))) return {};
    const WinModel& model = g->info().win;
    engine::Engine engine;
    engine.set_hash_mb(16);
    (void)engine.set_variant(stored.variant);
    Json evals = Json::array(), expected = Json::array(), best = Json::array();
    std::vector<double> white_e;  // White's expected score of each position
    const std::size_t n = stored.lan.size();
    for (std::size_t k = 0; k <= n; ++k) {
        {
            std::lock_guard lock(mutex_);
            if (closing_) return {};
            done_ = k;
        }
        const Outcome o = g->outcome();
        double e = 0.5;
        if (o != Outcome::ONGOING) {
            // The end on the board: the game's result says what it is worth.
            e = stored.result == "1-0" ? 1.0 : stored.result == "0-1" ? 0.0 : 0.5;
            evals.push_back({{"outcome", outcome_name(o)}});
            best.push_back(nullptr);
        } else {
            engine.set_position(*g);
            engine::Limits limits;
            limits.nodes = nodes_;
            const engine::Result r = engine.search(limits);
            const int sign = g->side_to_move() == WHITE ? 1 : -1;
            int cp = 0, mate = 0;
            if (engine::is_mate_score(r.score))
                mate = sign * (r.score > 0 ? (engine::VALUE_MATE - r.score + 1) / 2
                                           : -(engine::VALUE_MATE + r.score) / 2);
            else
                cp = sign * r.score;
            e = expected_score(model, cp, mate);
            evals.push_back(mate != 0 ? Json{{"mate", mate}} : Json{{"cp", cp}});
            std::string san;
            std::unique_ptr<Game> after = g->clone();
            best.push_back(!r.best.empty() && after->play(r.best, &san) ? Json(san)
                                                                        : Json(nullptr));
        }
        white_e.push_back(e);
        expected.push_back(std::round(e * 1000) / 1000);
        if (k < n && !g->play(stored.lan[k])) return {};  // a stored game replays
    }
    // Each move's loss: the mover's expected score before it (the best move's)
    // less after it.
    Json moves = Json::array();
    struct Tally {
        int marks[3] = {0, 0, 0};
        double loss = 0;
        int moves = 0;
    } tally[2];
    std::unique_ptr<Game> replay = make_game(stored.variant);
    if (!stored.start_fen.empty()) (void)replay->set_fen(stored.start_fen);
    for (std::size_t k = 1; k <= n; ++k) {
        const int mover = replay->side_to_move() == WHITE ? 0 : 1;
        (void)replay->play(stored.lan[k - 1]);
        const double before = mover == 0 ? white_e[k - 1] : 1 - white_e[k - 1];
        const double after = mover == 0 ? white_e[k] : 1 - white_e[k];
        const double loss = std::max(0.0, before - after);
        const std::string mark = loss_name(loss);
        Tally& t = tally[mover];
        t.loss += loss;
        ++t.moves;
        if (mark == "inaccuracy") ++t.marks[0];
        if (mark == "mistake") ++t.marks[1];
        if (mark == "blunder") ++t.marks[2];
        Json m{{"ply", k},
               {"side", mover == 0 ? "white" : "black"},
               {"san", k - 1 < stored.san.size() ? stored.san[k - 1] : stored.lan[k - 1]},
               {"loss", std::round(loss * 1000) / 1000}};
        if (!mark.empty()) {
            m["mark"] = mark;
            m["best"] = best[k - 1];
        }
        moves.push_back(std::move(m));
    }
    Json summary = Json::object();
    for (int side = 0; side < 2; ++side) {
        const Tally& t = tally[side];
        summary[side == 0 ? "white" : "black"] = {
            {"inaccuracies", t.marks[0]},
            {"mistakes", t.marks[1]},
            {"blunders", t.marks[2]},
            {"average_loss", t.moves ? std::round(t.loss / t.moves * 1000) / 1000 : 0.0}};
    }
    return Json{{"engine", ReviewService::engine()},
                {"variant", stored.variant},
                {"plies", n},
                {"slope", model.slope},
                {"evals", evals},
                {"expected", expected},
                {"best", best},
                {"moves", moves},
                {"summary", summary}}
        .dump();
}

std::string GameService::review(const std::string& id, bool start, int& status, ApiError& err) {
    auto room = find(id, err);
    if (!room) return {};  // err says why
    StoredGame g;
    {
        std::lock_guard rl(room->mutex);
        if (room->data.result == kAborted)
            return err = fail(409, "an aborted game has no review"), std::string();
        if (room->data.result == "*")
            return err =
                       fail(409, "the game is still going on: its review comes once it has ended"),
                   std::string();
        g = room->data;
    }
    std::string body, error;
    status = reviews_->get(g, start, body, error);
    if (status >= 400) err = fail(status, error);
    return body;
}

}  // namespace chimera::server
