#include "engine/engine.h"

#include <algorithm>

#include "core/text.h"
#include "engine/search.h"
#include "variants/registry.h"

namespace chimera::engine {

SkillLevel skill_level(int level) {
    static constexpr SkillLevel kLevels[9] = {
        {1, 1, 1, 0},        // unused
        {1, 250, 5, 350},    // 1
        {2, 1000, 4, 140},   // 2
        {3, 3000, 4, 90},    // 3
        {4, 8000, 3, 55},    // 4
        {6, 20000, 3, 30},   // 5
        {8, 50000, 2, 15},   // 6
        {12, 120000, 2, 6},  // 7
        {0, 0, 1, 0},        // 8: full strength
    };
    return kLevels[std::clamp(level, 1, 8)];
}

namespace {

// Among the root moves within `spread` of the best, a random one, likelier the
// closer it is to the best: the weaker levels' controlled imprecision.
const RootMove& choose_with_spread(const std::vector<RootMove>& moves, int count, int spread,
                                   std::mt19937_64& rng) {
    const Value best = moves[0].score;
    if (spread <= 0 || is_mate_score(best)) return moves[0];
    std::vector<int> weights;
    for (int i = 0; i < count; ++i) {
        const Value loss = best - moves[static_cast<std::size_t>(i)].score;
        weights.push_back(loss <= spread &&
                                  moves[static_cast<std::size_t>(i)].score > -VALUE_INFINITE
                              ? spread - loss + spread / 4 + 1
                              : 0);
    }
    std::discrete_distribution<int> pick(weights.begin(), weights.end());
    return moves[static_cast<std::size_t>(pick(rng))];
}

// One search of pos with the skill level's caps: Lazy SMP threads on the shared
// table, then the chosen root move (the best, or a near-best one at the weaker
// levels).
template <class Pos>
Result run_search(const Pos& current, const Limits& requested, int threads, int skill,
                  std::mt19937_64& rng, TranspositionTable& tt,
                  std::unique_ptr<HistoryStore>& histories, SharedState& shared,
                  const InfoCallback& info) {
    Limits limits = requested;
    const SkillLevel level = skill_level(skill);
    if (skill < 8) {
        if (!limits.depth || limits.depth > level.max_depth) limits.depth = level.max_depth;
        if (!limits.nodes || limits.nodes > level.max_nodes) limits.nodes = level.max_nodes;
        limits.multipv = std::max(limits.multipv, level.multipv);
        threads = 1;
    }
    shared.node_limit = limits.nodes;
    tt.new_search();
    std::vector<std::unique_ptr<Search<Pos>>> searches;
    for (int t = 0; t < std::max(1, threads); ++t)
        searches.push_back(std::make_unique<Search<Pos>>(current, tt, shared, t,
                                                         histories_for<Pos>(histories, t)));
    Result result;
    if (searches[0]->root_moves().empty()) return result;
    std::vector<std::thread> helpers;
    for (std::size_t t = 1; t < searches.size(); ++t)
        helpers.emplace_back([&, t] { searches[t]->iterate(limits, nullptr); });
    searches[0]->iterate(limits, info);
    shared.stop = true;
    for (auto& h : helpers) h.join();

    const auto& moves = searches[0]->root_moves();
    const int count = std::min<int>(limits.multipv, static_cast<int>(moves.size()));
    const RootMove& chosen =
        skill < 8 ? choose_with_spread(moves, count, level.spread, rng) : moves[0];
    result.move = chosen.move;
    result.best = current.lan(chosen.move);
    if (chosen.pv.size() > 1) {
        Pos p = current;
        p.do_move(chosen.move);
        result.ponder = p.lan(chosen.pv[1]);
    }
    result.score = chosen.score == -VALUE_INFINITE ? chosen.previous : chosen.score;
    if (result.score == -VALUE_INFINITE)
        result.score = evaluate(current);  // stopped before any score
    result.depth = searches[0]->completed_depth();
    for (const auto& s : searches) result.nodes += s->nodes();
    return result;
}

// The position after moves (LAN only, the protocol's notation) from fen (or
// the start), as a game; an error names the move that does not parse.
template <class Pos>
Status replay(std::string_view fen, const std::vector<std::string>& moves,
              std::unique_ptr<Game>& out) {
    auto game = std::make_unique<GameOf<Pos>>();
    if (!fen.empty())
        if (Status s = game->set_fen(fen); !s) return s;
    for (std::size_t i = 0; i < moves.size(); ++i) {
        std::string error;
        const Move m = game->position().parse_lan(moves[i], &error);
        if (m.is_none()) return Status::error("move " + std::to_string(i + 1) + ": " + error);
        (void)game->play(m);
    }
    out = std::move(game);
    return Status::ok();
}

}  // namespace

Engine::Engine() : game_(make_game(kDefaultVariant)), tt_(16) {}

Engine::~Engine() {
    stop();
    wait();
}

Status Engine::set_variant(std::string_view id) {
    auto game = make_game(id);
    if (!game) return Status::error("unknown variant " + quoted(id));
    wait();
    game_ = std::move(game);
    tt_.clear();
    histories_.reset();
    return Status::ok();
}

std::string_view Engine::variant() const { return game_->variant(); }

Status Engine::set_position(std::string_view fen, const std::vector<std::string>& moves) {
    wait();
    std::unique_ptr<Game> next;
    Status s = Status::ok();
    with_variant(variant(), [&]<class Pos>() { s = replay<Pos>(fen, moves, next); });
    if (s) game_ = std::move(next);
    return s;
}

void Engine::set_position(const Game& game) {
    wait();
    if (game.variant() != variant()) {
        tt_.clear();
        histories_.reset();
    }
    game_ = game.clone();
}

std::string Engine::fen() const { return game_->fen(); }
std::string Engine::diagram() const { return game_->diagram(); }
std::vector<std::string> Engine::legal_moves() const {
    std::vector<std::string> out;
    for (MoveText& m : game_->legal_moves()) out.push_back(std::move(m.lan));
    return out;
}

void Engine::set_hash_mb(std::size_t mb) {
    wait();
    tt_.resize(std::clamp<std::size_t>(mb, 1, 65536));
}
void Engine::set_threads(int n) { threads_ = std::clamp(n, 1, 256); }
void Engine::set_skill_level(int level) { skill_ = std::clamp(level, 1, 8); }
void Engine::set_multipv(int n) { multipv_ = std::clamp(n, 1, 256); }
void Engine::set_seed(std::uint64_t seed) { rng_.seed(seed); }

void Engine::set_move_overhead(int ms) { move_overhead_ms_ = std::clamp(ms, 0, 5000); }

void Engine::new_game() {
    wait();
    tt_.clear();
    histories_.reset();
}

Result Engine::search(const Limits& limits, InfoCallback on_info) {
    wait();
    arm();
    return search_armed(limits, std::move(on_info));
}

void Engine::arm() {
    shared_.stop = false;
    stop_requested_ = false;
}

Result Engine::search_armed(const Limits& limits, InfoCallback on_info) {
    wait();
    return run(limits, on_info);
}

// Starts the clock and plans the time (the variant's model where the limits
// name no movestogo), then searches.
Result Engine::run(Limits limits, const InfoCallback& info) {
    limits.multipv = std::max(limits.multipv, multipv_);
    shared_.nodes = 0;
    shared_.start = Clock::now();
    plan_time(limits, game_->side_to_move(), shared_, move_overhead_ms_,
              game_->info().time.moves_left);
    Result r;
    with_variant(variant(), [&]<class Pos>() {
        r = run_search(*game_->position_of<Pos>(), limits, threads_, skill_, rng_, tt_, histories_,
                       shared_, info);
    });
    return r;
}

void Engine::go(const Limits& limits, InfoCallback on_info,
                std::function<void(const Result&)> on_done) {
    wait();
    std::lock_guard lock(mutex_);
    running_ = true;
    shared_.stop = false;
    stop_requested_ = false;
    worker_ =
        std::thread([this, limits, on_info = std::move(on_info), on_done = std::move(on_done)] {
            Result r = run(limits, on_info);
            // An infinite search reports its move only after stop (UCI), so it waits here.
            while (limits.infinite && !stop_requested_)
                std::this_thread::sleep_for(std::chrono::milliseconds(1));
            {
                // Not searching any more before the result is reported, so a command
                // that follows the reported move is accepted.
                std::lock_guard done_lock(mutex_);
                running_ = false;
            }
            if (on_done) on_done(r);
        });
}

void Engine::stop() {
    stop_requested_ = true;
    shared_.stop = true;
}

void Engine::wait() {
    std::thread t;
    {
        std::lock_guard lock(mutex_);
        t = std::move(worker_);
    }
    if (t.joinable()) t.join();
}

bool Engine::searching() const {
    std::lock_guard lock(mutex_);
    return running_;
}

std::vector<std::pair<std::string, std::uint64_t>> Engine::perft_divide(int depth) const {
    return game_->perft_divide(depth);
}

}  // namespace chimera::engine
