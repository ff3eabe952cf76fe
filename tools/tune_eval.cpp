// Fits the chess evaluation's weights (src/variants/chess/weights.h) to game
// results: the "Texel" method over the whole evaluation. Every quiet position
// of the records (not in check, the move played next not a capture, after the
// opening plies) is a sample; the loss is the mean squared difference between
// the game's result (1, 1/2, 0 for White) and the evaluation's expected score
// 1 / (1 + 10^(-K·e/400)), K first fitted to the weights as they are so that
// the scale stays the engine's. Coordinate descent: each weight is moved by a
// step either way while that lowers the loss, with steps 8, 4, 2 and 1. One
// game in ten is held out: its loss is printed after every pass, and the
// weights printed are those of the pass where it was lowest.
//
//   chimera_tune_eval <record file>... [--skip-plies N] [--passes N] [--threads N]
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
#include "variants/game.h"

namespace chimera {
namespace {

using chess::EvalWeights;

struct Sample {
    chess::Position pos;
    float result;  // for White
};

struct Data {
    std::vector<Sample> train, holdout;
};

// The quiet positions of the games in `path`, every tenth game held out.
bool load(const std::string& path, int skip, Data& data, std::size_t& games) {
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
    chess::Position scratch;
    for (const game::Record& rec : records) {
        const float y = rec.result == "1-0"       ? 1.0f
                        : rec.result == "0-1"     ? 0.0f
                        : rec.result == "1/2-1/2" ? 0.5f
                                                  : -1.0f;
        const std::string variant = rec.tag("Variant").empty() ? "chess" : rec.tag("Variant");
        if (y < 0 || variant != "chess") continue;
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
                if (scratch.set_fen(g->fen())) into.push_back(Sample{scratch, y});
            }
            if (!g->play(next)) break;
        }
    }
    return true;
}

double expected(double eval, double k) { return 1.0 / (1.0 + std::pow(10.0, -k * eval / 400.0)); }

// Mean squared error of the evaluation with weights w over the samples, on
// `threads` threads.
double loss(const std::vector<Sample>& samples, const EvalWeights& w, double k, int threads) {
    std::vector<double> part(threads, 0.0);
    std::vector<std::thread> pool;
    const std::size_t n = samples.size();
    for (int t = 0; t < threads; ++t)
        pool.emplace_back([&, t] {
            double sum = 0;
            for (std::size_t i = n * t / threads; i < n * (t + 1) / threads; ++i) {
                const Sample& s = samples[i];
                const int e = chess::evaluate_with(s.pos, w);
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
double fit_k(const std::vector<Sample>& samples, const EvalWeights& w, int threads) {
    double a = 0.1, b = 3.0;
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

}  // namespace
}  // namespace chimera

int main(int argc, char** argv) {
    using namespace chimera;
    int skip = 10, passes = 6, threads = 2;
    std::vector<std::string> files;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if ((a == "--skip-plies" || a == "--passes" || a == "--threads") && i + 1 < argc) {
            const int v = std::atoi(argv[++i]);
            (a == "--skip-plies" ? skip : a == "--passes" ? passes : threads) = std::max(v, 1);
        } else {
            files.push_back(a);
        }
    }
    if (files.empty()) {
        std::fprintf(stderr,
                     "usage: chimera_tune_eval <record file>... [--skip-plies N] [--passes N] "
                     "[--threads N]\n");
        return 2;
    }
    Data data;
    std::size_t games = 0;
    for (const auto& f : files)
        if (!load(f, skip, data, games)) return 1;
    if (data.train.empty() || data.holdout.empty()) {
        std::fprintf(stderr, "no quiet positions of finished chess games\n");
        return 1;
    }
    std::fprintf(stderr, "%zu games, %zu positions to fit, %zu held out\n", games,
                 data.train.size(), data.holdout.size());
    EvalWeights w = chess::kEvalWeights;
    const double k = fit_k(data.train, w, threads);
    double best = loss(data.train, w, k, threads);
    // The weights printed are those of the pass with the lowest held-out
    // loss: later passes may fit the training games' noise.
    EvalWeights kept = w;
    double kept_loss = loss(data.holdout, w, k, threads);
    std::fprintf(stderr, "K %.4f, loss %.6f, held out %.6f\n", k, best, kept_loss);
    for (int step : {8, 4, 2, 1}) {
        for (int pass = 0; pass < passes; ++pass) {
            int moved = 0;
            for (int i = 0; i < EvalWeights::COUNT; ++i) {
                for (int dir : {+1, -1}) {
                    w.w[i] += dir * step;
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
    for (int i = 0; i < EvalWeights::COUNT; ++i)
        std::printf("    X(%s, %d) \\\n", std::string(chess::kEvalWeightNames[i]).c_str(),
                    kept.w[i]);
    return 0;
}
