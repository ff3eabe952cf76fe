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
// `--linear N` fits the free weights instead by gradient descent on the
// evaluation linearised around the weights, N times from where the last left
// them: how much each sample's evaluation moves per unit of each free weight
// it reads is measured once per round, by moving the weights (a group at a
// time, then one by one in the groups that moved it), and the descent then
// runs on those slopes alone, hundreds of steps a second. For many weights
// that few samples read each (piece-square tables), where coordinate descent
// would evaluate every sample twice per weight and step. The descent is Adam's,
// `--rate` centipawns a step (default 1), or with `--plain` in proportion to
// each weight's slope; `--l2` adds a penalty per squared centipawn a weight
// moves, and `--l2-reads R` multiplies a weight's penalty by R / n where n,
// the training positions that read it, is below R (a weight few positions
// read, from fewer games, fits their noise: a King's square in the enemy
// camp). `--blend B` trains toward B x the result + (1 - B) x the expected
// score of the search's score where the records have one (chimera match
// writes it as each move's comment), the held-out games still judged by
// their results; `--score-k` reads those scores at their own K, fitted to
// the results, instead of the evaluation's (for another engine's scores,
// chimera_label_games, whose centipawns are not ours); `--held-out-target`
// judges the held-out games by the same blended target (with `--blend 0`,
// by the scores alone: a better teacher than the results, TE14 found, and
// the judge should be the teacher). `--positions` fits nothing: it prints
// the held-out positions that have a score, one a line — the FEN, the
// score, the evaluation (both for White, in centipawns) and the result —
// for tools/eval-against, which compares the evaluation with another
// engine's. It keeps the step
// where the held-out games' loss was lowest: on chess's piece-square
// weights that is after some tens of steps, the training games' loss
// falling on long after the held-out games' has turned.
//
//   chimera_tune_eval <record file>... [--skip-plies N] [--passes N] [--threads N]
//                     [--hold NAME,NAME...] [--within N] [--linear N] [--rate R] [--l2 L]
//                     [--l2-reads R] [--blend B] [--score-k] [--held-out-target] [--plain]
//                     [--positions]
//
// prints the progress (stderr) and the fitted list in weights.h's form (stdout).
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "game/record.h"
#include "tune_positions.h"
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
    float result;  // for White (with --blend, blended with the search's score)
    // The search's score of the position when the game was played, for White
    // in centipawns (a mate ±kMateCp), or kNoScore where the record has none.
    std::int16_t score;
};

constexpr std::int16_t kNoScore = INT16_MIN;
constexpr std::int16_t kMateCp = 10000;

// The score of a match record's comment ("+0.35/12", "-M3/20": the mover's
// side), or kNoScore.
std::int16_t comment_score(const std::string& comment) {
    if (comment.size() < 2 || (comment[0] != '+' && comment[0] != '-')) return kNoScore;
    const int sign = comment[0] == '+' ? 1 : -1;
    if (comment[1] == 'M') return static_cast<std::int16_t>(sign * kMateCp);
    char* end = nullptr;
    const double pawns = std::strtod(comment.c_str() + 1, &end);
    if (end == comment.c_str() + 1 || (*end != '/' && *end != '\0' && *end != ' ') ||
        !(pawns < 100))
        return kNoScore;
    return static_cast<std::int16_t>(sign * std::lround(pawns * 100));
}

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
            if (tools::tuner_reads(ply, skip, g->in_check(), next)) {
                // A copy holds only the one state set_fen made, not the
                // scratch position's reserve for a game's worth.
                std::int16_t score =
                    ply < rec.comments.size() ? comment_score(rec.comments[ply]) : kNoScore;
                if (score != kNoScore && g->side_to_move() != WHITE)
                    score = static_cast<std::int16_t>(-score);
                if (scratch.set_fen(g->fen())) into.push_back(Sample<V>{scratch, y, score});
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

// The x in [0.01, 3] where f is lowest (golden-section search; f unimodal).
template <class F>
double golden_section_min(F f) {
    double a = 0.01, b = 3.0;
    const double r = (std::sqrt(5.0) - 1) / 2;
    for (int i = 0; i < 30; ++i) {
        const double c = b - r * (b - a), d = a + r * (b - a);
        if (f(c) < f(d))
            b = d;
        else
            a = c;
    }
    return (a + b) / 2;
}

// The K that fits the weights as they are best.
template <class V>
double fit_k(const std::vector<Sample<V>>& samples, const typename V::Weights& w, int threads) {
    return golden_section_min([&](double k) { return loss(samples, w, k, threads); });
}

// The K at which the records' scores predict the games' results best (mean
// squared error over the samples that have a score).
template <class V>
double fit_score_k(const std::vector<Sample<V>>& samples) {
    return golden_section_min([&](double k) {
        double sum = 0;
        for (const Sample<V>& s : samples)
            if (s.score != kNoScore) {
                const double d = s.result - expected(s.score, k);
                sum += d * d;
            }
        return sum;
    });
}

struct Options {
    int skip = 10, passes = 6, threads = 2;
    int within = 0;                 // 0: no bound
    int linear = 0;                 // rounds of the linearised fit; 0: coordinate descent
    double rate = 1.0;              // the linearised fit's step (Adam's), centipawns
    double l2 = 0;                  // its penalty per squared centipawn a weight moves
    double l2_reads = 0;            // below this many reading positions, more (--l2-reads)
    double blend = 1;               // the result's share of a training target (--blend)
    bool plain = false;             // plain gradient descent (with momentum), not Adam
    bool score_k = false;           // --score-k: the scores' own K, not the evaluation's
    bool held_target = false;       // --held-out-target: held-out games judged as trained
    bool positions = false;         // --positions: print the held-out positions, no fit
    std::vector<std::string> hold;  // names
};

// The evaluations of a set of samples linearised around some weights: each
// sample's evaluation (for White) and, sparse, its slope per unit of each free
// weight that moves it.
struct Linearised {
    std::vector<double> eval;           // for White, at the weights
    std::vector<float> result;          // for White
    std::vector<std::size_t> first;     // sample i's slopes: [first[i], first[i + 1])
    std::vector<std::uint16_t> weight;  // index into the free weights
    std::vector<float> slope;           // centipawns (for White) per unit of the weight
};

// How far a weight is moved to measure a slope: far enough that the
// evaluation's integer divisions round it little.
constexpr int kProbe = 16;
// Free weights moved together to find which of them a sample reads; each by
// its own multiple of kProbe, so that two with opposite effects rarely cancel.
constexpr std::size_t kGroup = 8;

// Whether the variant names the weights only some positions read, and those
// a position reads (for_each_sparse_weight beside its evaluation: chess's
// piece-square weights); they are measured only where read.
template <class V>
constexpr bool kHasSparse = requires(const typename V::Pos& p) {
    for_each_sparse_weight(p, [](int) {});
};

// The free weights' measures: where each weight of the list stands among the
// free ones (-1: held), and the free weights not sparse, which every sample
// is probed for.
struct Probes {
    std::vector<int> slot;
    std::vector<int> dense;
};

template <class V>
Probes probes(const std::vector<Sample<V>>& samples, const std::vector<int>& free) {
    Probes p;
    p.slot.assign(V::Weights::COUNT, -1);
    for (std::size_t j = 0; j < free.size(); ++j) p.slot[free[j]] = static_cast<int>(j);
    std::vector<char> sparse(V::Weights::COUNT, 0);
    if constexpr (kHasSparse<V>)
        for (const Sample<V>& s : samples)
            for_each_sparse_weight(s.pos, [&](int i) { sparse[i] = 1; });
    for (int i : free)
        if (!sparse[i]) p.dense.push_back(i);
    return p;
}

template <class V>
void linearise_part(const std::vector<Sample<V>>& samples, std::size_t from, std::size_t to,
                    typename V::Weights w, const Probes& pr, Linearised& out) {
    out.first.push_back(out.weight.size());
    std::vector<int> read;  // the sparse free weights a sample reads
    for (std::size_t i = from; i < to; ++i) {
        const Sample<V>& s = samples[i];
        const double sign = s.pos.side_to_move() == WHITE ? 1 : -1;
        const int base = V::evaluate(s.pos, w);
        out.eval.push_back(sign * base);
        out.result.push_back(s.result);
        auto probe = [&](int index) {
            w.w[index] += kProbe;
            const int e = V::evaluate(s.pos, w);
            w.w[index] -= kProbe;
            if (e == base) return;
            out.weight.push_back(static_cast<std::uint16_t>(pr.slot[index]));
            out.slope.push_back(static_cast<float>(sign * (e - base) / kProbe));
        };
        read.clear();
        if constexpr (kHasSparse<V>)
            for_each_sparse_weight(s.pos, [&](int index) {
                if (pr.slot[index] >= 0) read.push_back(index);
            });
        std::sort(read.begin(), read.end());
        read.erase(std::unique(read.begin(), read.end()), read.end());
        for (int index : read) probe(index);
        for (std::size_t g = 0; g < pr.dense.size(); g += kGroup) {
            const std::size_t end = std::min(g + kGroup, pr.dense.size());
            for (std::size_t j = g; j < end; ++j)
                w.w[pr.dense[j]] += kProbe * static_cast<int>(j - g + 2);
            const int moved = V::evaluate(s.pos, w);
            for (std::size_t j = g; j < end; ++j)
                w.w[pr.dense[j]] -= kProbe * static_cast<int>(j - g + 2);
            if (moved != base)
                for (std::size_t j = g; j < end; ++j) probe(pr.dense[j]);
        }
        out.first.push_back(out.weight.size());
    }
}

// The samples linearised around w, on `threads` threads (parts joined in order).
template <class V>
Linearised linearise(const std::vector<Sample<V>>& samples, const typename V::Weights& w,
                     const std::vector<int>& free, int threads) {
    const Probes pr = probes<V>(samples, free);
    std::vector<Linearised> parts(threads);
    std::vector<std::thread> pool;
    const std::size_t n = samples.size();
    for (int t = 0; t < threads; ++t)
        pool.emplace_back([&, t] {
            linearise_part<V>(samples, n * t / threads, n * (t + 1) / threads, w, pr, parts[t]);
        });
    for (auto& th : pool) th.join();
    Linearised all = std::move(parts[0]);
    for (int t = 1; t < threads; ++t) {
        const std::size_t offset = all.weight.size();
        all.eval.insert(all.eval.end(), parts[t].eval.begin(), parts[t].eval.end());
        all.result.insert(all.result.end(), parts[t].result.begin(), parts[t].result.end());
        for (std::size_t i = 1; i < parts[t].first.size(); ++i)
            all.first.push_back(parts[t].first[i] + offset);
        all.weight.insert(all.weight.end(), parts[t].weight.begin(), parts[t].weight.end());
        all.slope.insert(all.slope.end(), parts[t].slope.begin(), parts[t].slope.end());
    }
    return all;
}

// The linearised loss at `delta` (the free weights' moves from where the
// samples were linearised), and its gradient into `grad` if not null.
double linear_loss(const Linearised& l, const std::vector<double>& delta, double k,
                   std::vector<double>* grad) {
    if (grad) std::fill(grad->begin(), grad->end(), 0.0);
    const double scale = std::log(10.0) * k / 400.0;
    double sum = 0;
    const std::size_t n = l.eval.size();
    for (std::size_t i = 0; i < n; ++i) {
        double e = l.eval[i];
        for (std::size_t f = l.first[i]; f < l.first[i + 1]; ++f)
            e += l.slope[f] * delta[l.weight[f]];
        const double p = expected(e, k);
        const double d = l.result[i] - p;
        sum += d * d;
        if (grad) {
            const double de = -2 * d * p * (1 - p) * scale;
            for (std::size_t f = l.first[i]; f < l.first[i + 1]; ++f)
                (*grad)[l.weight[f]] += de * l.slope[f];
        }
    }
    if (grad)
        for (double& g : *grad) g /= static_cast<double>(n);
    return sum / static_cast<double>(n);
}

// o.linear rounds of the linearised fit of the free weights of w (Adam, about
// a centipawn a step; each round keeps the step where the held-out games'
// linearised loss was lowest).
template <class V>
void fit_linear(const Data<V>& data, typename V::Weights& w, const std::vector<int>& free, double k,
                const Options& o, int threads) {
    for (int round = 0; round < o.linear; ++round) {
        const Linearised train = linearise<V>(data.train, w, free, threads);
        const Linearised held = linearise<V>(data.holdout, w, free, threads);
        std::fprintf(
            stderr, "round %d: %.1f slopes a sample\n", round + 1,
            static_cast<double>(train.weight.size()) / static_cast<double>(train.eval.size()));
        const std::size_t n = free.size();
        std::vector<double> delta(n, 0.0), grad(n), m(n, 0.0), v(n, 0.0), best_delta(n, 0.0);
        // Each weight's penalty: --l2, times R / n below R reading positions.
        std::vector<double> l2(n, o.l2);
        if (o.l2_reads > 0) {
            std::vector<double> reads(n, 0.0);
            for (std::uint16_t j : train.weight) reads[j] += 1;
            std::size_t rare = 0;
            for (std::size_t j = 0; j < n; ++j) {
                l2[j] *= std::max(1.0, o.l2_reads / std::max(reads[j], 1.0));
                rare += reads[j] < o.l2_reads;
            }
            std::fprintf(stderr, "--l2-reads %.0f: %zu of %zu weights read by fewer positions\n",
                         o.l2_reads, rare, n);
        }
        double best_held = linear_loss(held, delta, k, nullptr);
        constexpr double kBeta1 = 0.9, kBeta2 = 0.999;
        // --plain: the step moves the weight with the largest first slope of
        // the loss by `rate`, each other in proportion to its own slope, so
        // that weights few samples read move little.
        double first_largest = 1e-30;
        // It stops 1,000 steps after the held-out loss last fell by 1e-6 (a
        // larger data set keeps finding smaller gains for thousands of steps).
        int since_best = 0;
        double progress_from = best_held;
        for (int step = 1; step <= 10000 && since_best < 1000; ++step) {
            const double loss_now = linear_loss(train, delta, k, &grad);
            if (step == 1)
                for (double g : grad) first_largest = std::max(first_largest, std::abs(g));
            for (std::size_t j = 0; j < n; ++j) {
                grad[j] += 2 * l2[j] * delta[j];
                m[j] = kBeta1 * m[j] + (1 - kBeta1) * grad[j];
                v[j] = kBeta2 * v[j] + (1 - kBeta2) * grad[j] * grad[j];
                const double mh = m[j] / (1 - std::pow(kBeta1, step));
                const double vh = v[j] / (1 - std::pow(kBeta2, step));
                delta[j] -=
                    o.plain ? o.rate * mh / first_largest : o.rate * mh / (std::sqrt(vh) + 1e-12);
                if (o.within > 0) {  // --within: the start's bound holds here too
                    const double start = V::kDefaults.w[free[j]] - w.w[free[j]];
                    delta[j] = std::clamp(delta[j], start - o.within, start + o.within);
                }
            }
            if (step % 20 == 0) {
                const double h = linear_loss(held, delta, k, nullptr);
                if (h < best_held) {
                    best_held = h;
                    best_delta = delta;
                }
                if (h < progress_from - 1e-6) {
                    progress_from = h;
                    since_best = 0;
                } else {
                    since_best += 20;
                }
                if (step % 200 == 0 || step == 20 || step == 60 || step == 100)
                    std::fprintf(stderr, "  step %d: loss %.6f, held out %.6f (linearised)\n", step,
                                 loss_now, h);
            }
        }
        for (std::size_t j = 0; j < n; ++j)
            w.w[free[j]] += static_cast<int>(std::lround(best_delta[j]));
        std::fprintf(stderr, "round %d: held out %.6f (linearised), %.6f (evaluated)\n", round + 1,
                     best_held, loss(data.holdout, w, k, threads));
    }
}

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
    if (o.positions) {  // the held-out positions with a score; no fit
        for (const Sample<V>& s : data.holdout) {
            if (s.score == kNoScore) continue;
            const int e = V::evaluate(s.pos, V::kDefaults);
            std::printf("%s\t%d\t%d\t%.1f\n", s.pos.fen().c_str(), s.score,
                        s.pos.side_to_move() == WHITE ? e : -e, s.result);
        }
        return 0;
    }
    typename V::Weights w = V::kDefaults;
    const double k = fit_k(data.train, w, threads);
    if (o.blend < 1) {
        // The training targets blend the result with the expected score of
        // the search's score at K (the held-out games keep their results,
        // what the fit is judged by, unless --held-out-target).
        const double ks = o.score_k ? fit_score_k(data.train) : k;
        if (o.score_k) std::fprintf(stderr, "--score-k: the scores' K %.4f\n", ks);
        auto blend = [&](std::vector<Sample<V>>& samples) {
            std::size_t scored = 0;
            for (Sample<V>& s : samples)
                if (s.score != kNoScore) {
                    s.result = static_cast<float>(o.blend * s.result +
                                                  (1 - o.blend) * expected(s.score, ks));
                    ++scored;
                }
            return scored;
        };
        std::fprintf(stderr, "--blend %.2f: %zu of %zu training positions have a search score\n",
                     o.blend, blend(data.train), data.train.size());
        if (o.held_target)
            std::fprintf(stderr, "--held-out-target: %zu of %zu held-out positions have one\n",
                         blend(data.holdout), data.holdout.size());
    }
    double best = loss(data.train, w, k, threads);
    // The weights printed are those of the pass with the lowest held-out
    // loss: later passes may fit the training games' noise.
    typename V::Weights kept = w;
    double kept_loss = loss(data.holdout, w, k, threads);
    std::fprintf(stderr, "K %.4f, loss %.6f, held out %.6f\n", k, best, kept_loss);
    if (o.linear > 0) {
        std::vector<int> free;
        for (int i = 0; i < V::Weights::COUNT; ++i)
            if (!held[i]) free.push_back(i);
        if (free.size() > 65535) {
            std::fprintf(stderr, "--linear fits at most 65,535 weights\n");
            return 2;
        }
        fit_linear(data, w, free, k, o, threads);
        const double held_out = loss(data.holdout, w, k, threads);
        std::fprintf(stderr, "linearised fit: loss %.6f, held out %.6f\n",
                     loss(data.train, w, k, threads), held_out);
        if (held_out < kept_loss) kept = w;
    }
    const std::vector<int> steps = o.linear > 0 ? std::vector<int>{} : std::vector<int>{8, 4, 2, 1};
    for (int step : steps) {
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
        if ((a == "--skip-plies" || a == "--passes" || a == "--threads" || a == "--within" ||
             a == "--linear") &&
            i + 1 < argc) {
            const int v = std::max(std::atoi(argv[++i]), 1);
            (a == "--skip-plies" ? o.skip
             : a == "--passes"   ? o.passes
             : a == "--threads"  ? o.threads
             : a == "--linear"   ? o.linear
                                 : o.within) = v;
        } else if ((a == "--rate" || a == "--l2" || a == "--l2-reads" || a == "--blend") &&
                   i + 1 < argc) {
            const double v = std::strtod(argv[++i], nullptr);
            if (!(v >= 0) || (a == "--blend" && v > 1)) {
                std::fprintf(stderr, "%s needs a number at least 0%s\n", a.c_str(),
                             a == "--blend" ? " and at most 1" : "");
                return 2;
            }
            (a == "--rate"       ? o.rate
             : a == "--l2"       ? o.l2
             : a == "--l2-reads" ? o.l2_reads
                                 : o.blend) = v;
        } else if (a == "--plain") {
            o.plain = true;
        } else if (a == "--positions") {
            o.positions = true;
        } else if (a == "--held-out-target") {
            o.held_target = true;
        } else if (a == "--score-k") {
            o.score_k = true;
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
                     "[--threads N] [--hold NAME,NAME...] [--within N] [--linear N] [--rate R] "
                     "[--l2 L] [--l2-reads R] [--blend B] [--score-k] [--held-out-target] "
                     "[--plain] [--positions]\n");
        return 2;
    }
    if (o.held_target && !(o.blend < 1)) {
        std::fprintf(stderr, "--held-out-target: the target is the result unless --blend < 1\n");
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
