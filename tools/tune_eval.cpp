// Fits a variant evaluation's weights (its weights.h) to game
// results: the "Texel" method over the whole evaluation. Every quiet position
// of the records (not in check, the move played next not a capture, after the
// opening plies) is a sample; the loss is the mean squared difference between
// the game's result (1, 1/2, 0 for White) and the evaluation's expected score
// 1 / (1 + 10^(-K·e/400)) (the variant is the records' own), K first fitted to the weights as they
// are so that the scale stays the engine's. Coordinate descent: each weight is moved by a step
// either way while that lowers the loss, with steps 8, 4, 2 and 1. One game in ten is held out: its
// loss is printed after every pass, and the weights printed are those of the pass where it was
// lowest. `--hold` keeps the named weights where they are (a weight a test
// or a tactic depends on); `--within N` keeps every weight within N of its
// start (a conservative fit, where a free one overfits its engine's games).
//
//   chimera_tune_eval <record file>... [--skip-plies N] [--passes N] [--threads N]
//                     [--hold NAME,NAME...] [--within N]
//
// prints the progress (stderr) and the fitted list in weights.h's form (stdout).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "game/record.h"
#include "variants/chess/eval.h"
#include "variants/chess4d/eval.h"
#include "variants/game.h"
#include "variants/wataku/eval.h"
#include "variants/wreckage/eval.h"

namespace chimera {
namespace {

// The variants with a list of weights: the position, the list and the
// evaluation that reads it.
template <class P, class W, const W& Defaults, const auto& Names,
          int (*Evaluate)(const P&, const W&)>
struct Tuned {
    using Pos = P;
    using Weights = W;
    static constexpr const W& kDefaults = Defaults;
    static constexpr const auto& kNames = Names;
    static int evaluate(const P& pos, const W& w) { return Evaluate(pos, w); }
};
using Chess = Tuned<chess::Position, chess::EvalWeights, chess::kEvalWeights,
                    chess::kEvalWeightNames, chess::evaluate_with>;
using Chess4d = Tuned<chess4d::Position, chess4d::EvalWeights, chess4d::kEvalWeights,
                      chess4d::kEvalWeightNames, chess4d::evaluate_with>;
using Wataku = Tuned<wataku::Position, wataku::EvalWeights, wataku::kEvalWeights,
                     wataku::kEvalWeightNames, wataku::evaluate_with>;
using Wreckage = Tuned<wreckage::Position, wreckage::EvalWeights, wreckage::kEvalWeights,
                       wreckage::kEvalWeightNames, wreckage::evaluate_with>;

// The variant of the first finished game of `path`.
std::string variant_of(const std::string& path) {
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    Status st = Status::ok();
    for (const game::Record& rec : game::parse_records(text.str(), &st))
        if (!rec.tag("Variant").empty()) return rec.tag("Variant");
    return "chess";
}

template <class V>
struct Sample {
    typename V::Pos pos;
    float result;  // for White
};

template <class V>
struct Data {
    std::vector<Sample<V>> train, holdout;
};

// The quiet positions of the games in `path`, every tenth game held out.
template <class V>
bool load(const std::string& path, int skip, Data<V>& data, std::size_t& games) {
    std::ifstream in(path);
    if (!in) {
        std::fprintf(stderr, "cannot read %s\n", path.c_str());
        return false;
    }
    std::stringstream text;
    text << in.rdbuf();
    Status st = Status::ok();
    const auto records = game::parse_records(text.str(), &st);
    if (!st) {
        std::fprintf(stderr, "%s: %s\n", path.c_str(), st.message().c_str());
        return false;
    }
    typename V::Pos scratch;
    for (const game::Record& rec : records) {
        const float y = rec.result == "1-0"       ? 1.0f
                        : rec.result == "0-1"     ? 0.0f
                        : rec.result == "1/2-1/2" ? 0.5f
                                                  : -1.0f;
        const std::string variant = rec.tag("Variant").empty() ? "chess" : rec.tag("Variant");
        if (y < 0 || variant != V::Pos::kId) continue;
        auto g = make_game(variant);
        if (!rec.tag("FEN").empty() && !g->set_fen(rec.tag("FEN"))) continue;
        auto& into = games % 10 == 9 ? data.holdout : data.train;
        ++games;
        for (std::size_t ply = 0; ply < rec.moves.size(); ++ply) {
            const std::string& next = rec.moves[ply];
            if (static_cast<int>(ply) >= skip && !g->in_check() &&
                next.find('x') == std::string::npos) {
                // A copy holds only the one state set_fen made, not the
                // scratch position's reserve for a game's worth.
                if (scratch.set_fen(g->fen())) into.push_back(Sample<V>{scratch, y});
            }
            if (!g->play(next)) break;
        }
    }
    return true;
}

double expected(double eval, double k) { return 1.0 / (1.0 + std::pow(10.0, -k * eval / 400.0)); }

// Mean squared error of the evaluation with weights w over the samples, on
// `threads` threads.
template <class V>
double loss(const std::vector<Sample<V>>& samples, const typename V::Weights& w, double k,
            int threads) {
    std::vector<double> part(threads, 0.0);
    std::vector<std::thread> pool;
    const std::size_t n = samples.size();
    for (int t = 0; t < threads; ++t)
        pool.emplace_back([&, t] {
            double sum = 0;
            for (std::size_t i = n * t / threads; i < n * (t + 1) / threads; ++i) {
                const Sample<V>& s = samples[i];
                const int e = V::evaluate(s.pos, w);
                const double white = s.pos.side_to_move() == WHITE ? e : -e;
                const double d = s.result - expected(white, k);
                sum += d * d;
            }
            part[t] = sum;
        });
    for (auto& th : pool) th.join();
    double sum = 0;
    for (double p : part) sum += p;
    return sum / static_cast<double>(n);
}

// The K that fits the weights as they are best (golden-section search).
template <class V>
double fit_k(const std::vector<Sample<V>>& samples, const typename V::Weights& w, int threads) {
    double a = 0.01, b = 3.0;
    const double r = (std::sqrt(5.0) - 1) / 2;
    for (int i = 0; i < 30; ++i) {
        const double c = b - r * (b - a), d = a + r * (b - a);
        if (loss(samples, w, c, threads) < loss(samples, w, d, threads))
            b = d;
        else
            a = c;
    }
    return (a + b) / 2;
}

struct Options {
    int skip = 10, passes = 6, threads = 2;
    int within = 0;                 // 0: no bound
    std::vector<std::string> hold;  // names
};

// Fits V's weights to the games of `files` and prints them.
template <class V>
int run(const std::vector<std::string>& files, const Options& o) {
    const int threads = o.threads;
    bool held[V::Weights::COUNT] = {};
    for (const std::string& name : o.hold) {
        int i = 0;
        while (i < V::Weights::COUNT && V::kNames[i] != name) ++i;
        if (i == V::Weights::COUNT) {
            std::fprintf(stderr, "--hold: %s is not a weight of this variant\n", name.c_str());
            return 2;
        }
        held[i] = true;
    }
    Data<V> data;
    std::size_t games = 0;
    for (const auto& f : files)
        if (!load(f, o.skip, data, games)) return 1;
    if (data.train.empty() || data.holdout.empty()) {
        std::fprintf(stderr, "no quiet positions of finished games\n");
        return 1;
    }
    std::fprintf(stderr, "%zu games, %zu positions to fit, %zu held out\n", games,
                 data.train.size(), data.holdout.size());
    typename V::Weights w = V::kDefaults;
    const double k = fit_k(data.train, w, threads);
    double best = loss(data.train, w, k, threads);
    // The weights printed are those of the pass with the lowest held-out
    // loss: later passes may fit the training games' noise.
    typename V::Weights kept = w;
    double kept_loss = loss(data.holdout, w, k, threads);
    std::fprintf(stderr, "K %.4f, loss %.6f, held out %.6f\n", k, best, kept_loss);
    for (int step : {8, 4, 2, 1}) {
        for (int pass = 0; pass < o.passes; ++pass) {
            int moved = 0;
            for (int i = 0; i < V::Weights::COUNT; ++i) {
                if (held[i]) continue;
                for (int dir : {+1, -1}) {
                    w.w[i] += dir * step;
                    if (o.within > 0 && std::abs(w.w[i] - V::kDefaults.w[i]) > o.within) {
                        w.w[i] -= dir * step;
                        continue;
                    }
                    const double l = loss(data.train, w, k, threads);
                    if (l < best) {
                        best = l;
                        ++moved;
                        break;
                    }
                    w.w[i] -= dir * step;
                }
            }
            const double held_out = loss(data.holdout, w, k, threads);
            if (held_out < kept_loss) {
                kept = w;
                kept_loss = held_out;
            }
            std::fprintf(stderr, "step %d pass %d: %d moved, loss %.6f, held out %.6f\n", step,
                         pass + 1, moved, best, held_out);
            if (moved == 0) break;
        }
    }
    for (int i = 0; i < V::Weights::COUNT; ++i)
        std::printf("    X(%s, %d) \\\n", std::string(V::kNames[i]).c_str(), kept.w[i]);
    return 0;
}

}  // namespace
}  // namespace chimera

int main(int argc, char** argv) {
    using namespace chimera;
    Options o;
    std::vector<std::string> files;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if ((a == "--skip-plies" || a == "--passes" || a == "--threads" || a == "--within") &&
            i + 1 < argc) {
            const int v = std::max(std::atoi(argv[++i]), 1);
            (a == "--skip-plies" ? o.skip
             : a == "--passes"   ? o.passes
             : a == "--threads"  ? o.threads
                                 : o.within) = v;
        } else if (a == "--hold" && i + 1 < argc) {
            std::stringstream names(argv[++i]);
            for (std::string n; std::getline(names, n, ',');)
                if (!n.empty()) o.hold.push_back(n);
        } else if (a.rfind("--", 0) == 0) {
            std::fprintf(stderr, "unknown option or missing value: %s\n", a.c_str());
            return 2;
        } else {
            files.push_back(a);
        }
    }
    if (files.empty()) {
        std::fprintf(stderr,
                     "usage: chimera_tune_eval <record file>... [--skip-plies N] [--passes N] "
                     "[--threads N] [--hold NAME,NAME...] [--within N]\n");
        return 2;
    }
    const std::string variant = variant_of(files.front());
    if (variant == Chess::Pos::kId) return run<Chess>(files, o);
    if (variant == Chess4d::Pos::kId) return run<Chess4d>(files, o);
    if (variant == Wreckage::Pos::kId) return run<Wreckage>(files, o);
    if (variant == Wataku::Pos::kId) return run<Wataku>(files, o);
    std::fprintf(stderr, "%s has no list of weights to fit\n", variant.c_str());
    return 1;
}
