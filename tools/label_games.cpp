// Scores the positions of game records with another UCI engine, for the
// evaluation's tuner: each move's comment becomes that engine's score of the
// position the move was played in ("+0.35/9" from the mover's side, "+M3" a
// mate, as `chimera match` writes its own), so that `chimera_tune_eval
// --blend` trains toward a stronger engine's judgement of our games rather
// than our own search's (docs/engine.md, "Evaluation"). Only the positions
// the tuner reads are searched (after the opening plies, not in check, the
// move played next not a capture); the other moves keep no comment. Only
// chess is labelled (the one variant other engines play): records of the
// others are copied without comments.
//
//   chimera_label_games <records> [--engine PATH] [--nodes N] [--skip-plies N]
//                       [--threads N] [--option NAME=VALUE]... > labelled
//
// Each thread runs its own engine process (one thread each, 16 MB of hash,
// kept from position to position as a match's engine keeps it between
// moves) over every T-th record; the records are written in their order.
// Progress goes to stderr.
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "game/record.h"
#include "match/match.h"
#include "protocol/uci_client.h"
#include "tune_positions.h"
#include "variants/game.h"

namespace chimera {
namespace {

struct Options {
    std::string records;
    std::string engine = "/usr/games/stockfish";
    std::uint64_t nodes = 5000;
    int skip = 10;  // as chimera_tune_eval's --skip-plies
    int threads = 2;
    std::vector<std::pair<std::string, std::string>> options;
};

// Labels records[i] for i = first, first + step, ...; false (with a message)
// when the engine fails.
bool label(const Options& o, std::vector<game::Record>& records, std::size_t first,
           std::size_t step, std::atomic<std::size_t>& done, std::string& error) {
    protocol::UciClient uci;
    Status st = uci.start(o.engine, "chess", 16, -1, o.options);
    if (!st) {
        error = st.message();
        return false;
    }
    engine::Limits limits;
    limits.nodes = o.nodes;
    for (std::size_t i = first; i < records.size(); i += step) {
        game::Record& rec = records[i];
        const std::string variant = rec.tag("Variant").empty() ? "chess" : rec.tag("Variant");
        rec.comments.assign(rec.moves.size(), "");
        if (variant != "chess") continue;
        auto g = make_game(variant);
        const std::string start = rec.tag("FEN");
        if (!start.empty() && !g->set_fen(start)) continue;
        std::vector<std::string> lan;
        for (std::size_t ply = 0; ply < rec.moves.size(); ++ply) {
            const std::string& next = rec.moves[ply];
            if (tools::tuner_reads(ply, o.skip, g->in_check(), next)) {
                engine::Result r;
                st = uci.go(start, lan, limits, r);
                if (!st) {
                    error = st.message();
                    return false;
                }
                rec.comments[ply] = match::score_comment(r);
            }
            std::string move_lan;
            if (!g->play(next, nullptr, &move_lan)) break;
            lan.push_back(move_lan);
        }
        if (++done % 500 == 0) std::fprintf(stderr, "%zu records\n", done.load());
    }
    return true;
}

int run(int argc, char** argv) {
    Options o;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        const bool has_value = i + 1 < argc;
        if (a == "--engine" && has_value) {
            o.engine = argv[++i];
        } else if ((a == "--nodes" || a == "--skip-plies" || a == "--threads") && has_value) {
            char* end = nullptr;
            const long v = std::strtol(argv[++i], &end, 10);
            if (*end != '\0' || v < (a == "--skip-plies" ? 0 : 1) || v > 100000000) {
                std::fprintf(stderr, "%s: not a count: %s\n", a.c_str(), argv[i]);
                return 2;
            }
            if (a == "--nodes") o.nodes = static_cast<std::uint64_t>(v);
            if (a == "--skip-plies") o.skip = static_cast<int>(v);
            if (a == "--threads") o.threads = static_cast<int>(v);
        } else if (a == "--option" && has_value) {
            const std::string nv = argv[++i];
            const auto eq = nv.find('=');
            if (eq == std::string::npos || eq == 0) {
                std::fprintf(stderr, "--option: NAME=VALUE expected, not %s\n", nv.c_str());
                return 2;
            }
            o.options.emplace_back(nv.substr(0, eq), nv.substr(eq + 1));
        } else if (a.rfind("--", 0) != 0 && o.records.empty()) {
            o.records = a;
        } else {
            std::fprintf(stderr,
                         "usage: chimera_label_games <records> [--engine PATH] [--nodes N] "
                         "[--skip-plies N] [--threads N] [--option NAME=VALUE]...\n");
            return 2;
        }
    }
    if (o.records.empty()) {
        std::fprintf(stderr, "chimera_label_games: no record file given\n");
        return 2;
    }
    std::ifstream in(o.records);
    if (!in) {
        std::fprintf(stderr, "cannot read %s\n", o.records.c_str());
        return 1;
    }
    std::stringstream text;
    text << in.rdbuf();
    Status st = Status::ok();
    std::vector<game::Record> records = game::parse_records(text.str(), &st);
    if (!st) {
        std::fprintf(stderr, "%s: %s\n", o.records.c_str(), st.message().c_str());
        return 1;
    }
    o.options.insert(o.options.begin(), {"Threads", "1"});
    std::atomic<std::size_t> done{0};
    std::vector<std::string> errors(o.threads);
    std::vector<char> ok(o.threads, 1);
    std::vector<std::thread> pool;
    for (int t = 0; t < o.threads; ++t)
        pool.emplace_back([&, t] {
            ok[t] = label(o, records, static_cast<std::size_t>(t),
                          static_cast<std::size_t>(o.threads), done, errors[t]);
        });
    for (auto& th : pool) th.join();
    for (int t = 0; t < o.threads; ++t)
        if (!ok[t]) {
            std::fprintf(stderr, "chimera_label_games: %s\n", errors[t].c_str());
            return 1;
        }
    for (const game::Record& rec : records)
        std::fputs((game::write_record(rec) + "\n").c_str(), stdout);
    return 0;
}

}  // namespace
}  // namespace chimera

int main(int argc, char** argv) { return chimera::run(argc, argv); }
