// `chimera match` (engine against engine) and `chimera replay` (read and
// validate game records).
#include "match/match.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <iterator>
#include <mutex>
#include <ostream>
#include <sstream>

#include "app/cli.h"
#include "core/text.h"
#include "engine/fit.h"
#include "game/record.h"
#include "protocol/uci_client.h"
#include "variants/registry.h"

namespace chimera::app {

namespace {}  // namespace

int cmd_match(const Args& args, std::ostream& out, std::ostream& err) {
    match::MatchConfig c;
    std::string pgn_path;
    bool winprob = false;
    if (args.empty())
        return usage_error(
            err,
            "usage: chimera match <variant> [--games N] [--a SPEC] [--b SPEC] "
            "(SPEC: level=N,nodes=N,depth=N,movetime=MS,hash=MB,name=X,engine=PATH "
            "or random) [--tc BASE+INC] [--openings FILE] [--random-plies N] "
            "[--balanced CP] [--max-plies N] [--seed S] [--concurrency N] [--pgn FILE] "
            "[--sprt ELO0 ELO1] [--winprob]");
    c.variant = args[0];
    if (!with_variant(c.variant, []<class>() {}))
        return usage_error(err, "unknown variant " + quoted(c.variant));
    (void)match::parse_player("level=8", c.a);
    (void)match::parse_player("level=8", c.b);
    for (std::size_t i = 1; i < args.size(); ++i) {
        const std::string& a = args[i];
        auto value = [&]() -> const std::string* {
            return i + 1 < args.size() ? &args[++i] : nullptr;
        };
        auto number = [&](int lo, int hi, int& dst) -> bool {
            const std::string* v = value();
            auto n = v ? parse_uint(*v, 9) : std::nullopt;
            if (!n || *n < lo || *n > hi) return false;
            dst = *n;
            return true;
        };
        if (a == "--games") {
            if (!number(1, 100000, c.games)) return usage_error(err, "--games takes 1..100000");
        } else if (a == "--a" || a == "--b") {
            const std::string* v = value();
            match::PlayerConfig p;
            if (!v) return usage_error(err, a + " needs a player spec");
            if (Status s = match::parse_player(*v, p); !s) return usage_error(err, s.message());
            if (!p.engine.empty() && !p.random) {  // check the program speaks UCI before the games
                protocol::UciClient probe;
                if (Status s = probe.start(p.engine, c.variant, 1, p.skill_given ? p.skill : -1,
                                           p.options);
                    !s)
                    return usage_error(err, s.message());
            }
            (a == "--a" ? c.a : c.b) = p;
        } else if (a == "--tc") {
            const std::string* v = value();
            const std::size_t plus = v ? v->find('+') : std::string::npos;
            auto base = v ? parse_uint(v->substr(0, plus), 9) : std::nullopt;
            auto inc = plus != std::string::npos ? parse_uint(v->substr(plus + 1), 9)
                                                 : std::optional<int>(0);
            if (!base || !inc || *base < 1)
                return usage_error(err, "--tc takes BASE_MS+INC_MS, e.g. 10000+100");
            c.base_ms = *base;
            c.inc_ms = *inc;
        } else if (a == "--openings") {
            const std::string* v = value();
            if (!v) return usage_error(err, "--openings needs a file name");
            std::ifstream in(*v);
            if (!in) return usage_error(err, "cannot read " + quoted(*v));
            std::stringstream text;
            text << in.rdbuf();
            if (Status s = match::read_openings(c.variant, *v, text.str(), c.openings); !s)
                return usage_error(err, s.message());
        } else if (a == "--random-plies") {
            if (!number(0, 40, c.random_plies))
                return usage_error(err, "--random-plies takes 0..40");
        } else if (a == "--balanced") {
            if (!number(0, 2000, c.balanced_cp))
                return usage_error(err, "--balanced takes 0..2000 (centipawns)");
        } else if (a == "--max-plies") {
            if (!number(10, 10000, c.max_plies))
                return usage_error(err, "--max-plies takes 10..10000");
        } else if (a == "--seed") {
            int s = 0;
            if (!number(0, 1 << 30, s))
                return usage_error(err, "--seed takes a non-negative integer");
            c.seed = static_cast<std::uint64_t>(s);
        } else if (a == "--concurrency") {
            if (!number(1, 64, c.concurrency)) return usage_error(err, "--concurrency takes 1..64");
        } else if (a == "--pgn") {
            const std::string* v = value();
            if (!v) return usage_error(err, "--pgn needs a file name");
            pgn_path = *v;
        } else if (a == "--winprob") {
            winprob = true;
        } else if (a == "--sprt") {
            const std::string* e0 = value();
            const std::string* e1 = value();
            try {
                if (!e0 || !e1) throw std::invalid_argument("missing");
                c.elo0 = std::stod(*e0);
                c.elo1 = std::stod(*e1);
            } catch (const std::exception&) {
                return usage_error(err, "--sprt takes two Elo bounds, e.g. --sprt 0 10");
            }
            c.sprt = true;
        } else {
            return usage_error(err, "unknown option " + quoted(a));
        }
    }
    std::ofstream pgn;
    if (!pgn_path.empty()) {
        pgn.open(pgn_path);
        if (!pgn) return usage_error(err, "cannot write " + quoted(pgn_path));
    }
    out << "match " << c.variant << ": A = " << c.a.name << ", B = " << c.b.name << ", " << c.games
        << " games\n";
    // --winprob: every searched position's score against the game's result.
    engine::LogisticFit fit({"cp", "first move"});
    const int kEdges[] = {-800, -400, -200, -100, -50, 0, 50, 100, 200, 400, 800};
    constexpr int kBuckets = static_cast<int>(std::size(kEdges)) + 1;
    double bucket_sum[kBuckets] = {}, bucket_n[kBuckets] = {};
    int drawn = 0;
    const match::MatchStats stats = match::run_match(c, [&](int i, const match::GameResult& g) {
        if (winprob) {
            drawn += g.score_white == 0.5;
            for (int cp : g.white_cp) {
                fit.add({static_cast<double>(cp), 1.0}, g.score_white);
                const int b =
                    static_cast<int>(std::upper_bound(std::begin(kEdges), std::end(kEdges), cp) -
                                     std::begin(kEdges));
                bucket_sum[b] += g.score_white;
                ++bucket_n[b];
            }
        }
        out << "game " << i + 1 << ": " << g.record.tag("White") << " - " << g.record.tag("Black")
            << " " << g.record.result << " (" << g.termination << ", " << g.record.moves.size()
            << " plies)\n"
            << std::flush;
        if (pgn) pgn << game::write_record(g.record) << '\n' << std::flush;
    });
    char line[200];
    std::snprintf(line, sizeof line, "A: W %d D %d L %d  score %.1f%%  Elo %+.0f +/- %.0f\n",
                  stats.wins, stats.draws, stats.losses, 100 * stats.score(), stats.elo(),
                  stats.elo_error95());
    out << line;
    if (c.sprt) out << match::sprt_verdict(stats, c) << '\n';
    if (winprob) {
        // White's expected score E(cp) = 1 / (1 + 10^(-(slope * cp + edge) / 400)).
        const auto r = fit.fit();
        std::snprintf(line, sizeof line,
                      "winprob: %zu positions of %d games (%d drawn): slope %.3f +/- %.3f, White's "
                      "edge %.0f cp, log loss %.4f\n",
                      fit.samples(), c.games, drawn, r.weight[0], 2 * r.std_error[0], r.weight[1],
                      r.log_loss);
        out << line;
        for (int b = 0; b < kBuckets; ++b) {
            if (bucket_n[b] == 0) continue;
            const int lo = b == 0 ? -99999 : kEdges[b - 1],
                      hi = b == kBuckets - 1 ? 99999 : kEdges[b];
            const double mid = b == 0              ? kEdges[0] * 1.25
                               : b == kBuckets - 1 ? kEdges[kBuckets - 2] * 1.25
                                                   : (lo + hi) / 2.0;
            const double model = 1 / (1 + std::pow(10.0, -(r.weight[0] * mid + r.weight[1]) / 400));
            std::snprintf(line, sizeof line,
                          "winprob:   cp in [%6d, %6d): %7.0f positions, White scored %.3f (model "
                          "at %+.0f: %.3f)\n",
                          lo, hi, bucket_n[b], bucket_sum[b] / bucket_n[b], mid, model);
            out << line;
        }
    }
    return 0;
}

int cmd_replay(const Args& args, std::ostream& out, std::ostream& err) {
    if (args.size() != 1) return usage_error(err, "usage: chimera replay <record file>");
    std::ifstream in(args[0]);
    if (!in) return usage_error(err, "cannot read " + quoted(args[0]));
    std::stringstream text;
    text << in.rdbuf();
    Status parse_status = Status::ok();
    const auto records = game::parse_records(text.str(), &parse_status);
    if (!parse_status) return usage_error(err, args[0] + ": " + parse_status.message());
    for (std::size_t i = 0; i < records.size(); ++i) {
        std::string fen;
        if (Status s = game::replay(records[i], &fen); !s)
            return usage_error(err,
                               args[0] + ": game " + std::to_string(i + 1) + ": " + s.message());
        out << "game " << i + 1 << ": " << records[i].moves.size() << " moves, "
            << records[i].result << ", final position " << fen << '\n';
    }
    out << records.size() << " games replayed, every move legal\n";
    return 0;
}

}  // namespace chimera::app
