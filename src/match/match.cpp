#include "match/match.h"

#include <algorithm>
#include <cmath>
#include <future>
#include <map>
#include <random>

#include "core/text.h"
#include "engine/engine.h"
#include "protocol/uci_client.h"
#include "variants/game.h"

namespace chimera::match {

using engine::Clock;
using engine::elapsed_ms;
using engine::Engine;
using engine::Limits;
using engine::Result;

Status parse_player(std::string_view spec, PlayerConfig& out) {
    std::size_t start = 0;
    while (start < spec.size()) {
        std::size_t end = spec.find(',', start);
        if (end == std::string_view::npos) end = spec.size();
        const std::string_view item = spec.substr(start, end - start);
        const std::size_t eq = item.find('=');
        if (item == "random") {
            out.random = true;
            start = end + 1;
            continue;
        }
        if (eq == std::string_view::npos)
            return Status::error("player option " + quoted(item) + " is not key=value");
        const std::string_view key = item.substr(0, eq), value = item.substr(eq + 1);
        if (key == "name") {
            out.name = std::string(value);
        } else if (key == "engine") {
            if (value.empty()) return Status::error("player option engine needs a program path");
            out.engine = std::string(value);
        } else if (key == "random") {
            out.random = value == "1";
        } else if (key == "fresh") {
            out.fresh = value == "1";
        } else if (key.substr(0, 7) == "option.") {
            if (key.size() == 7 || value.empty())
                return Status::error("player option " + quoted(item) + " is not option.NAME=VALUE");
            out.options.emplace_back(std::string(key.substr(7)), std::string(value));
        } else {
            const auto n = parse_uint(value, 12);
            if (!n)
                return Status::error("player option " + quoted(key) + ": " + quoted(value) +
                                     " is not a number");
            if (key == "level" && *n >= 1 && *n <= 8)
                out.skill = *n, out.skill_given = true;
            else if (key == "nodes")
                out.nodes = static_cast<std::uint64_t>(*n);
            else if (key == "depth" && *n <= 100)
                out.depth = *n;
            else if (key == "movetime")
                out.movetime_ms = *n;
            else if (key == "hash" && *n >= 1 && *n <= 4096)
                out.hash_mb = static_cast<std::size_t>(*n) ? *n : 1;
            else
                return Status::error("player option " + quoted(key) + "=" + std::string(value) +
                                     " is unknown or out of range");
        }
        start = end + 1;
    }
    if (!out.options.empty() && out.engine.empty())
        return Status::error("option.NAME=VALUE is for an engine=PATH player");
    if (out.fresh && !out.engine.empty())
        return Status::error("fresh=1 is for a player in this process, not an engine=PATH player");
    if (out.name.empty()) {
        out.name = out.random           ? "random mover"
                   : out.engine.empty() ? "level " + std::to_string(out.skill)
                   : out.skill_given    ? out.engine + " level " + std::to_string(out.skill)
                                        : out.engine;
        for (const auto& [name, value] : out.options) out.name += " " + name + "=" + value;
    }
    return Status::ok();
}

double MatchStats::score() const {
    const int n = wins + draws + losses;
    return n ? (wins + 0.5 * draws) / n : 0.5;
}

namespace {
double elo_of(double p) {
    p = std::clamp(p, 1e-4, 1 - 1e-4);
    return -400.0 * std::log10(1.0 / p - 1.0);
}
double expected(double elo) { return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0)); }
}  // namespace

double MatchStats::elo() const { return elo_of(score()); }

double MatchStats::elo_error95() const {
    const int n = wins + draws + losses;
    if (n < 2) return 0;
    const double p = score();
    const double var =
        (wins * (1 - p) * (1 - p) + draws * (0.5 - p) * (0.5 - p) + losses * p * p) / n;
    const double se = std::sqrt(var / n);
    return (elo_of(p + 1.96 * se) - elo_of(p - 1.96 * se)) / 2;
}

// Log-likelihood ratio of elo1 against elo0 under a normal approximation of the
// per-game score (the usual GSPRT form).
double MatchStats::llr(double elo0, double elo1) const {
    const int n = wins + draws + losses;
    if (n < 2) return 0;
    const double p = score();
    const double var =
        (wins * (1 - p) * (1 - p) + draws * (0.5 - p) * (0.5 - p) + losses * p * p) / n;
    if (var <= 0) return 0;
    const double s0 = expected(elo0), s1 = expected(elo1);
    return n * (s1 - s0) * (2 * p - s0 - s1) / (2 * var);
}

std::string sprt_verdict(const MatchStats& s, const MatchConfig& c) {
    const double llr = s.llr(c.elo0, c.elo1);
    const double lower = std::log(c.beta / (1 - c.alpha)), upper = std::log((1 - c.beta) / c.alpha);
    char buf[160];
    std::snprintf(buf, sizeof buf, "SPRT elo0=%.1f elo1=%.1f: LLR %.2f [%.2f, %.2f] %s", c.elo0,
                  c.elo1, llr, lower, upper,
                  llr >= upper   ? "H1 accepted"
                  : llr <= lower ? "H0 accepted"
                                 : "inconclusive");
    return buf;
}

Status read_openings(const std::string& variant, const std::string& path, const std::string& text,
                     std::vector<std::string>& out) {
    out.clear();
    std::size_t start = 0;
    for (int line_no = 1; start <= text.size(); ++line_no) {
        std::size_t end = text.find('\n', start);
        if (end == std::string::npos) end = text.size();
        std::string line = text.substr(start, end - start);
        start = end + 1;
        if (!line.empty() && line.back() == '\r') line.pop_back();
        const std::size_t first = line.find_first_not_of(" \t");
        if (first == std::string::npos || line[first] == '#') continue;
        line = line.substr(first, line.find_last_not_of(" \t") + 1 - first);
        const std::string where = path + ":" + std::to_string(line_no) + ": ";
        auto g = make_game(variant);
        if (Status s = g->set_fen(line); !s) return Status::error(where + s.message());
        if (g->outcome() != Outcome::ONGOING)
            return Status::error(where + "the game is already over (" +
                                 std::string(outcome_name(g->outcome())) + ")");
        out.push_back(line);
    }
    if (out.empty()) return Status::error(path + ": no start position in the file");
    return Status::ok();
}

std::string score_comment(const Result& r) {
    char buf[32];
    if (engine::is_mate_score(r.score)) {
        const int plies = engine::VALUE_MATE - std::abs(r.score);
        std::snprintf(buf, sizeof buf, "%sM%d/%d", r.score > 0 ? "+" : "-", (plies + 1) / 2,
                      r.depth);
    } else {
        std::snprintf(buf, sizeof buf, "%+.2f/%d", r.score / 100.0, r.depth);
    }
    return buf;
}

namespace {

struct Opening {
    std::string fen;               // start position ("" = the variant's start)
    std::vector<std::string> lan;  // random plies
    std::vector<std::string> san;
};

Opening draw_opening(const MatchConfig& c, std::size_t pair, std::mt19937_64& rng) {
    Opening o;
    auto g = make_game(c.variant);
    // The pair's position from the openings file, or, for a variant with
    // several starts, a random one.
    if (!c.openings.empty()) {
        o.fen = c.openings[pair % c.openings.size()];
        (void)g->set_fen(o.fen);
    } else if (const VariantInfo& info = g->info(); info.random_start()) {
        o.fen = std::string(info.start_fen(info.draw_start(rng)));
        (void)g->set_fen(o.fen);
    }
    for (int i = 0; i < c.random_plies; ++i) {
        const auto moves = g->legal_moves();
        if (moves.empty()) break;
        const MoveText& m = moves[rng() % moves.size()];
        std::string san, lan;
        (void)g->play(m.lan, &san, &lan);
        if (g->outcome() != Outcome::ONGOING) {
            (void)g->undo();
            break;
        }
        o.lan.push_back(lan);
        o.san.push_back(san);
    }
    return o;
}

// Whether neither side is more than balanced_cp ahead after the opening, by
// a fresh single-threaded search at fixed nodes (so both games of a pair,
// which draw the same opening, judge it alike).
bool balanced(const MatchConfig& c, const Opening& o) {
    Engine judge;
    (void)judge.set_variant(c.variant);
    judge.set_hash_mb(1);
    if (!judge.set_position(o.fen, o.lan)) return false;
    Limits l;
    l.nodes = 10000;
    return std::abs(judge.search(l).score) <= c.balanced_cp;
}

Opening make_opening(const MatchConfig& c, std::size_t pair, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    Opening o = draw_opening(c, pair, rng);
    if (c.balanced_cp <= 0 || c.random_plies == 0) return o;
    for (int attempt = 1; attempt < 100 && !balanced(c, o); ++attempt)
        o = draw_opening(c, pair, rng);
    return o;
}

GameResult play_game(const MatchConfig& c, const Opening& opening, bool a_is_white) {
    GameResult out;
    auto g = make_game(c.variant);
    if (!opening.fen.empty()) (void)g->set_fen(opening.fen);
    std::vector<std::string> lan = opening.lan;
    out.record.moves = opening.san;
    out.record.comments.assign(opening.san.size(), "");
    for (const auto& m : lan) (void)g->play(m);

    Engine engines[2];  // [0] plays White
    const PlayerConfig* players[2] = {a_is_white ? &c.a : &c.b, a_is_white ? &c.b : &c.a};
    for (int s = 0; s < 2; ++s) {
        (void)engines[s].set_variant(c.variant);
        engines[s].set_hash_mb(static_cast<std::size_t>(players[s]->hash_mb));
        engines[s].set_skill_level(players[s]->skill);
        engines[s].set_seed(c.seed * 7919 + static_cast<std::uint64_t>(s) +
                            (a_is_white ? 100 : 200));
    }
    std::unique_ptr<protocol::UciClient> uci[2];
    std::string failure;
    for (int s = 0; s < 2; ++s) {
        if (players[s]->engine.empty() || players[s]->random) continue;
        uci[s] = std::make_unique<protocol::UciClient>();
        if (Status st = uci[s]->start(players[s]->engine, c.variant, players[s]->hash_mb,
                                      players[s]->skill_given ? players[s]->skill : -1,
                                      players[s]->options);
            !st)
            failure = st.message();
    }
    int clock[2] = {c.base_ms, c.base_ms};
    std::mt19937_64 random_pick(
        c.seed ^ std::hash<std::string>{}(opening.fen + std::to_string(opening.lan.size())) ^
        (a_is_white ? 1 : 2));
    int decided_plies = 0, decided_sign = 0;
    std::string termination;
    double white_score = -1;
    while (true) {
        if (!failure.empty()) {
            termination = "engine failure: " + failure;
            white_score = 0.5;  // not counted against either side's play
            break;
        }
        const Outcome o = g->outcome();
        if (o != Outcome::ONGOING) {
            termination = outcome_name(o);
            white_score = o == Outcome::CHECKMATE ? (g->side_to_move() == WHITE ? 0 : 1) : 0.5;
            break;
        }
        if (static_cast<int>(lan.size()) >= c.max_plies) {
            termination = "adjudication: move limit";
            white_score = 0.5;
            break;
        }
        const int side = g->side_to_move();
        Engine& e = engines[side];
        e.set_position(*g);
        Limits l;
        l.nodes = players[side]->nodes;
        l.depth = players[side]->depth;
        l.movetime_ms = players[side]->movetime_ms;
        if (c.base_ms > 0) {
            l.time_ms[0] = clock[0];
            l.time_ms[1] = clock[1];
            l.inc_ms[0] = l.inc_ms[1] = c.inc_ms;
        }
        const auto t0 = Clock::now();
        Result r;
        if (players[side]->random) {
            const auto moves = g->legal_moves();
            r.best = moves[random_pick() % moves.size()].lan;
        } else if (uci[side]) {
            if (Status st = uci[side]->go(opening.fen, lan, l, r); !st) {
                termination = "engine failure: " + st.message();
                white_score = side == WHITE ? 0 : 1;
                break;
            }
        } else {
            if (players[side]->fresh) e.new_game();
            r = e.search(l);
        }
        const auto spent = static_cast<int>(elapsed_ms(t0));
        if (c.base_ms > 0) {
            clock[side] -= spent;
            if (clock[side] < 0) {
                termination = "time forfeit";
                white_score = side == WHITE ? 0 : 1;
                break;
            }
            clock[side] += c.inc_ms;
        }
        std::string san, played;
        const bool played_ok = uci[side] || players[side]->random
                                   ? !r.best.empty() && g->play(r.best, &san, &played)
                                   : !r.move.is_none() && g->play(r.move, &san, &played);
        if (!played_ok) {
            termination = "illegal move by engine";
            white_score = side == WHITE ? 0 : 1;
            break;
        }
        lan.push_back(played);
        out.record.moves.push_back(san);
        out.record.comments.push_back(players[side]->random ? "" : score_comment(r));
        if (!players[side]->random && !engine::is_mate_score(r.score))
            out.white_cp.push_back(side == WHITE ? r.score : -r.score);
        // Resign adjudication: scores beyond the threshold, from White's side, agreeing in sign.
        const int white_view = side == WHITE ? r.score : -r.score;
        if (c.resign_cp > 0 && std::abs(white_view) >= c.resign_cp) {
            const int sign = white_view > 0 ? 1 : -1;
            decided_plies = sign == decided_sign ? decided_plies + 1 : 1;
            decided_sign = sign;
            if (decided_plies >= c.resign_moves) {
                termination = "adjudication: decisive score";
                white_score = sign > 0 ? 1 : 0;
                break;
            }
        } else {
            decided_plies = 0;
        }
    }
    out.score_a = a_is_white ? white_score : 1 - white_score;
    out.score_white = white_score;
    out.termination = termination;
    game::Record& rec = out.record;
    rec.set_tag("Event", "Chimera match");
    rec.set_tag("Variant", c.variant);
    if (!opening.fen.empty()) rec.set_tag("FEN", opening.fen);
    rec.set_tag("White", players[0]->name);
    rec.set_tag("Black", players[1]->name);
    rec.result = white_score == 1 ? "1-0" : white_score == 0 ? "0-1" : "1/2-1/2";
    rec.set_tag("Result", rec.result);
    rec.set_tag("Termination", termination);
    rec.set_tag("PlyCount", std::to_string(rec.moves.size()));
    return out;
}

}  // namespace

MatchStats run_match(const MatchConfig& c,
                     const std::function<void(int, const GameResult&)>& on_game) {
    MatchStats stats;
    std::map<int, std::future<GameResult>> running;
    int next = 0, reported = 0;
    const int width = std::max(1, c.concurrency);
    // Both games of a pair play one opening, drawn (and judged, with
    // --balanced) once: games are launched in order, so the second of a pair
    // follows the first.
    Opening opening;
    auto launch = [&](int i) {
        if (i % 2 == 0)
            opening = make_opening(c, static_cast<std::size_t>(i / 2),
                                   c.seed * 1000003ULL + static_cast<std::uint64_t>(i / 2));
        running[i] = std::async(std::launch::async,
                                [&c, opening, i] { return play_game(c, opening, i % 2 == 0); });
    };
    while (reported < c.games) {
        while (next < c.games && static_cast<int>(running.size()) < width) launch(next++);
        GameResult r = running.begin()->second.get();
        running.erase(running.begin());
        if (r.score_a == 1)
            ++stats.wins;
        else if (r.score_a == 0)
            ++stats.losses;
        else
            ++stats.draws;
        if (on_game) on_game(reported, r);
        ++reported;
        if (c.sprt) {
            const double llr = stats.llr(c.elo0, c.elo1);
            if (llr >= std::log((1 - c.beta) / c.alpha) ||
                llr <= std::log(c.beta / (1 - c.alpha))) {
                for (auto& [i, f] : running) f.wait();
                break;
            }
        }
    }
    return stats;
}

}  // namespace chimera::match
