// Post-game reviews (docs/api.md, "Reviews"): every position of a finished
// game evaluated by the engine at a fixed budget, each move's loss in
// expected score by the variant's win-probability model (VariantInfo::win,
// docs/engine.md "Win probability"), and the moves that lost enough marked
// as inaccuracies, mistakes and blunders. Computed once per game and engine
// on one worker that uses only the CPU the games leave (SCHED_IDLE, as the
// analysis board's), queued in order, and stored with the game.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "core/variant_info.h"
#include "server/storage.h"

namespace chimera::server {

// A move's loss in expected score (0-1, the mover's), and what it is called.
// The thresholds are those of the winning chances lichess marks by
// (0.1, 0.2, 0.3 on its -1..1 scale), here on the expected score.
inline constexpr double kInaccuracy = 0.05, kMistake = 0.10, kBlunder = 0.15;
const char* loss_name(double loss);  // "", "inaccuracy", "mistake", "blunder"

// White's expected score for a score from White's side: a mate counts 1 or 0.
double expected_score(const WinModel& model, int cp, int mate);

class ReviewService {
  public:
    // At most `queue` games wait (ComputerLimits::review_queue); each
    // position is searched to `nodes` (ComputerLimits::review_nodes).
    ReviewService(Storage& storage, std::size_t queue, std::uint64_t nodes);
    ~ReviewService();
    ReviewService(const ReviewService&) = delete;
    ReviewService& operator=(const ReviewService&) = delete;
    void shutdown();  // idempotent; a review under way is dropped, not stored

    // The engine and budget the reviews are stored under: a server with
    // another budget computes its own rather than reading another's.
    std::string engine() const;

    // A finished game's review: 200 with it when stored; else 202 with where
    // it stands (queued, computing: plies done of all), queueing it when
    // `start` (a POST); 404 without `start` when nobody asked for it; 503
    // when the queue is full; 500/503 from the database.
    int get(const StoredGame& g, bool start, std::string& body, std::string& error);

  private:
    void loop();
    // The review's JSON text; empty if shut down meanwhile.
    std::string compute(const StoredGame& g);

    Storage& storage_;
    const std::size_t queue_limit_;
    const std::uint64_t nodes_;
    std::mutex mutex_;
    std::condition_variable cv_;
    std::deque<StoredGame> queue_;
    std::string current_;  // the game being reviewed
    std::size_t done_ = 0, of_ = 0;
    bool closing_ = false;
    std::thread worker_;
};

}  // namespace chimera::server
