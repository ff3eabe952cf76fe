// `chimera tune`: measures material values from game records by fitting them to
// the games' results (engine/fit.h). Features per sampled position, White minus
// Black: the number of pieces of each letter on the board, of each letter in
// hand or reserve, of dormant pieces, plus White's first-move edge and
// the side to move. Samples are quiet positions (not in check, the move played
// next not a capture) after the opening plies.
#include <algorithm>
#include <fstream>
#include <iomanip>
#include <map>
#include <ostream>
#include <sstream>

#include "app/cli.h"
#include "core/text.h"
#include "engine/fit.h"
#include "game/record.h"
#include "variants/game.h"

namespace chimera::app {

namespace {

struct Sample {
    std::map<std::string, double> x;
    double y;
};

char upper(char c) { return c >= 'a' && c <= 'z' ? static_cast<char>(c - 32) : c; }

// The features of the game's current position, White minus Black.
std::map<std::string, double> features(const Game& g) {
    std::map<std::string, double> x;
    const BoardView v = g.view();
    for (std::size_t i = 0; i < v.pieces.size(); ++i) {
        const char c = v.pieces[i];
        if (c == '.' || upper(c) == 'K') continue;
        const double sign = c == upper(c) ? 1 : -1;
        x[std::string(1, upper(c))] += sign;
        if (i < v.dormant.size() && v.dormant[i] == '1') x["dormant"] += sign;
    }
    for (int side = 0; side < 2; ++side)
        for (char c : v.hand[side]) x[std::string(1, upper(c)) + " in hand"] += side == 0 ? 1 : -1;
    x["first move"] = 1;
    x["to move"] = g.side_to_move() == WHITE ? 1 : -1;
    return x;
}

}  // namespace

int cmd_tune(const Args& args, std::ostream& out, std::ostream& err) {
    const std::string usage = "usage: chimera tune <record file>... [--skip-plies N]";
    int skip = 12;
    std::vector<std::string> files;
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "--skip-plies") {
            auto n = i + 1 < args.size() ? parse_uint(args[++i], 4) : std::nullopt;
            if (!n) return usage_error(err, "--skip-plies takes a number of plies");
            skip = *n;
        } else {
            files.push_back(args[i]);
        }
    }
    if (files.empty()) return usage_error(err, usage);

    std::vector<Sample> samples;
    std::string variant;
    std::size_t games = 0;
    for (const std::string& path : files) {
        std::ifstream in(path);
        if (!in) return usage_error(err, "cannot read " + chimera::quoted(path));
        std::stringstream text;
        text << in.rdbuf();
        Status st = Status::ok();
        const auto records = game::parse_records(text.str(), &st);
        if (!st) return usage_error(err, path + ": " + st.message());
        for (std::size_t r = 0; r < records.size(); ++r) {
            const game::Record& rec = records[r];
            const double y = rec.result == "1-0"       ? 1
                             : rec.result == "0-1"     ? 0
                             : rec.result == "1/2-1/2" ? 0.5
                                                       : -1;
            if (y < 0) continue;  // unfinished
            const std::string v =
                rec.tag("Variant").empty() ? std::string(kDefaultVariant) : rec.tag("Variant");
            if (variant.empty()) variant = v;
            if (v != variant)
                return usage_error(err, path + ": game " + std::to_string(r + 1) + " is " + v +
                                            ", not " + variant);
            auto g = make_game(v);
            if (!g)
                return usage_error(err, path + ": game " + std::to_string(r + 1) +
                                            ": unknown variant " + chimera::quoted(v));
            if (!rec.tag("FEN").empty())
                if (Status s = g->set_fen(rec.tag("FEN")); !s)
                    return usage_error(
                        err, path + ": game " + std::to_string(r + 1) + ": " + s.message());
            for (std::size_t ply = 0; ply < rec.moves.size(); ++ply) {
                const std::string& next = rec.moves[ply];
                if (static_cast<int>(ply) >= skip && !g->in_check() &&
                    next.find('x') == std::string::npos)
                    samples.push_back({features(*g), y});
                if (Status s = g->play(next); !s)
                    return usage_error(err, path + ": game " + std::to_string(r + 1) + ", ply " +
                                                std::to_string(ply + 1) + ": " + s.message());
            }
            ++games;
        }
    }
    if (samples.empty()) return usage_error(err, "no finished games with positions to sample");

    std::vector<std::string> names;
    for (const Sample& s : samples)
        for (const auto& [k, val] : s.x)
            if (std::find(names.begin(), names.end(), k) == names.end()) names.push_back(k);
    std::sort(names.begin(), names.end());
    engine::LogisticFit fit(names);
    for (const Sample& s : samples) {
        std::vector<double> x(names.size(), 0.0);
        for (std::size_t f = 0; f < names.size(); ++f)
            if (auto it = s.x.find(names[f]); it != s.x.end()) x[f] = it->second;
        fit.add(x, s.y);
    }
    const auto res = fit.fit();
    out << variant << ": " << games << " games, " << fit.samples() << " quiet positions ("
        << fit.distinct() << " distinct feature vectors), log loss " << std::fixed
        << std::setprecision(4) << res.log_loss << (res.converged ? "" : " (not converged)")
        << "\n";
    out << "feature           cp      +/- 95%\n";
    for (std::size_t f = 0; f < names.size(); ++f)
        out << std::left << std::setw(14) << names[f] << std::right << std::setw(8)
            << std::setprecision(0) << res.weight[f] << std::setw(10) << 1.96 * res.std_error[f]
            << '\n';
    return 0;
}

}  // namespace chimera::app
