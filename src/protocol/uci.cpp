#include "protocol/uci.h"

#include <algorithm>
#include <cctype>
#include <istream>
#include <optional>
#include <ostream>
#include <sstream>

#include "core/text.h"
#include "variants/registry.h"

namespace chimera::protocol {

namespace {

constexpr std::size_t kMaxLine = 1 << 16;

// Splits off the first space-separated word.
std::string_view next_word(std::string_view& s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    std::size_t n = 0;
    while (n < s.size() && s[n] != ' ' && s[n] != '\t') ++n;
    std::string_view w = s.substr(0, n);
    s.remove_prefix(n);
    return w;
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
        s.remove_suffix(1);
    return s;
}

bool iequals(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(a[i])) !=
            std::tolower(static_cast<unsigned char>(b[i])))
            return false;
    return true;
}

std::optional<long long> parse_int(std::string_view s, long long lo, long long hi) {
    bool neg = !s.empty() && s[0] == '-';
    if (neg) s.remove_prefix(1);
    if (s.empty() || s.size() > 12) return std::nullopt;
    long long v = 0;
    for (char c : s) {
        if (c < '0' || c > '9') return std::nullopt;
        v = v * 10 + (c - '0');
    }
    if (neg) v = -v;
    if (v < lo || v > hi) return std::nullopt;
    return v;
}

}  // namespace

std::string uci_score(int v) {
    if (engine::is_mate_score(v)) {
        const int moves = v > 0 ? (engine::VALUE_MATE - v + 1) / 2 : -(engine::VALUE_MATE + v) / 2;
        return "mate " + std::to_string(moves);
    }
    return "cp " + std::to_string(v);
}

UciSession::UciSession(std::ostream& out) : out_(out) {}

UciSession::~UciSession() {
    engine_.stop();
    engine_.wait();
}

void UciSession::send(const std::string& line) {
    std::lock_guard lock(out_mutex_);
    out_ << line << '\n' << std::flush;
}

void UciSession::error(const std::string& message) { send("info string error: " + message); }

void UciSession::run(std::istream& in) {
    std::string line;
    while (std::getline(in, line))
        if (!handle(line)) return;
    engine_.wait();
}

bool UciSession::handle(std::string_view line) {
    if (line.size() > kMaxLine) {
        error("line longer than " + std::to_string(kMaxLine) + " bytes ignored");
        return true;
    }
    std::string_view rest = trim(line);
    const std::string_view cmd = next_word(rest);
    rest = trim(rest);
    if (cmd.empty()) return true;
    if (cmd == "quit") {
        engine_.stop();
        engine_.wait();
        return false;
    }
    if (cmd == "uci") {
        cmd_uci();
    } else if (cmd == "isready") {
        send("readyok");
    } else if (cmd == "ucinewgame") {
        engine_.stop();
        engine_.new_game();
    } else if (cmd == "setoption") {
        cmd_setoption(rest);
    } else if (cmd == "position") {
        cmd_position(rest);
    } else if (cmd == "go") {
        cmd_go(rest);
    } else if (cmd == "stop") {
        engine_.stop();
    } else if (cmd == "ponderhit") {
        // Pondering is not offered (no Ponder option); nothing to do.
    } else if (cmd == "d") {
        std::istringstream board(engine_.diagram());
        for (std::string l; std::getline(board, l);) send(l);
        send("Fen: " + engine_.fen());
    } else {
        error("unknown command " + quoted(cmd));
    }
    return true;
}

void UciSession::cmd_uci() {
    send("id name Chimera 0.1");
    send("id author the Chimera developers");
    std::string variants =
        "option name UCI_Variant type combo default " + std::string(kDefaultVariant);
    for (const VariantInfo* v : kVariantInfos) variants += " var " + std::string(v->id);
    send(variants);
    send("option name Hash type spin default 16 min 1 max 65536");
    send("option name Threads type spin default 1 min 1 max 256");
    send("option name Skill Level type spin default 8 min 1 max 8");
    send("option name MultiPV type spin default 1 min 1 max 256");
    send("option name Move Overhead type spin default 30 min 0 max 5000");
    send("option name Clear Hash type button");
    send("uciok");
}

// setoption name <name with spaces> [value <value>]
void UciSession::cmd_setoption(std::string_view args) {
    if (engine_.searching()) return error("setoption during a search is ignored");
    if (next_word(args) != "name") return error("setoption: expected 'name'");
    const std::size_t at = args.find(" value ");
    const std::string_view name = trim(args.substr(0, at));
    const std::string_view value = at == std::string_view::npos ? "" : trim(args.substr(at + 7));
    auto spin = [&](long long lo, long long hi) -> std::optional<long long> {
        auto v = parse_int(value, lo, hi);
        if (!v)
            error("setoption " + std::string(name) + ": value " + quoted(value) +
                  " is not an integer from " + std::to_string(lo) + " to " + std::to_string(hi));
        return v;
    };
    if (iequals(name, "UCI_Variant")) {
        if (Status s = engine_.set_variant(value); !s)
            error("setoption UCI_Variant: " + s.message());
    } else if (iequals(name, "Hash")) {
        if (auto v = spin(1, 65536)) engine_.set_hash_mb(static_cast<std::size_t>(*v));
    } else if (iequals(name, "Threads")) {
        if (auto v = spin(1, 256)) engine_.set_threads(static_cast<int>(*v));
    } else if (iequals(name, "Skill Level")) {
        if (auto v = spin(1, 8)) engine_.set_skill_level(static_cast<int>(*v));
    } else if (iequals(name, "MultiPV")) {
        if (auto v = spin(1, 256)) engine_.set_multipv(static_cast<int>(*v));
    } else if (iequals(name, "Move Overhead")) {
        if (auto v = spin(0, 5000)) engine_.set_move_overhead(static_cast<int>(*v));
    } else if (iequals(name, "Clear Hash")) {
        engine_.new_game();
    } else {
        error("setoption: unknown option " + quoted(name));
    }
}

// position startpos|fen <FEN fields> [moves <lan> ...]
void UciSession::cmd_position(std::string_view args) {
    if (engine_.searching()) {
        engine_.stop();
        engine_.wait();
    }
    const std::string_view kind = next_word(args);
    std::string fen;
    const std::size_t at = args.find("moves");
    std::string_view before = at == std::string_view::npos ? args : args.substr(0, at);
    if (kind == "fen") {
        fen = std::string(trim(before));
        if (fen.empty()) return error("position fen: missing FEN");
    } else if (kind != "startpos") {
        return error("position: expected 'startpos' or 'fen', got " + quoted(kind));
    } else if (!trim(before).empty()) {
        return error("position startpos: unexpected " + quoted(trim(before)));
    }
    std::vector<std::string> moves;
    if (at != std::string_view::npos) {
        std::string_view m = args.substr(at + 5);
        for (std::string_view w = next_word(m); !w.empty(); w = next_word(m)) moves.emplace_back(w);
    }
    if (Status s = engine_.set_position(fen, moves); !s) error("position: " + s.message());
}

void UciSession::cmd_go(std::string_view args) {
    if (engine_.searching()) return error("go: a search is already running");
    engine::Limits limits;
    for (std::string_view w = next_word(args); !w.empty(); w = next_word(args)) {
        auto number = [&](long long lo, long long hi) -> std::optional<long long> {
            const std::string_view v = next_word(args);
            auto n = parse_int(v, lo, hi);
            if (!n)
                error("go " + std::string(w) + ": " + quoted(v) + " is not an integer from " +
                      std::to_string(lo) + " to " + std::to_string(hi));
            return n;
        };
        std::optional<long long> n;
        if (w == "infinite") {
            limits.infinite = true;
            continue;
        }
        if (w == "ponder") continue;
        if (w == "perft") {
            if (!(n = number(0, 20))) return;
            std::uint64_t total = *n == 0 ? 1 : 0;
            for (const auto& [lan, count] : engine_.perft_divide(static_cast<int>(*n))) {
                send(lan + ": " + std::to_string(count));
                total += count;
            }
            if (*n > 0) send("");  // the perft contract: depth 0 prints only the total
            send("Nodes searched: " + std::to_string(total));
            return;
        }
        const long long kMaxMs = 1LL << 40;
        if (w == "depth") {
            if (!(n = number(1, engine::MAX_PLY - 8))) return;
            limits.depth = static_cast<int>(*n);
        } else if (w == "nodes") {
            if (!(n = number(1, 1LL << 40))) return;
            limits.nodes = static_cast<std::uint64_t>(*n);
        } else if (w == "movetime") {
            if (!(n = number(1, kMaxMs))) return;
            limits.movetime_ms = static_cast<int>(std::min<long long>(*n, 1 << 30));
        } else if (w == "wtime" || w == "btime") {
            if (!(n = number(-kMaxMs, kMaxMs))) return;
            limits.time_ms[w == "btime"] = static_cast<int>(std::clamp<long long>(*n, 0, 1 << 30));
        } else if (w == "winc" || w == "binc") {
            if (!(n = number(-kMaxMs, kMaxMs))) return;
            limits.inc_ms[w == "binc"] = static_cast<int>(std::clamp<long long>(*n, 0, 1 << 30));
        } else if (w == "movestogo") {
            if (!(n = number(1, 1000))) return;
            limits.movestogo = static_cast<int>(*n);
        } else if (w == "searchmoves" || w == "mate") {
            return error("go " + std::string(w) + " is not supported");
        } else {
            return error("go: unknown parameter " + quoted(w));
        }
    }
    engine_.go(
        limits,
        [this](const engine::Info& info) {
            std::string line =
                "info depth " + std::to_string(info.depth) + " seldepth " +
                std::to_string(info.seldepth) + " multipv " + std::to_string(info.multipv) +
                " score " + uci_score(info.score) + " nodes " + std::to_string(info.nodes) +
                " nps " + std::to_string(info.nps) + " hashfull " + std::to_string(info.hashfull) +
                " time " + std::to_string(info.time_ms) + " pv";
            for (const auto& m : info.pv) line += " " + m;
            send(line);
        },
        [this](const engine::Result& r) {
            send("bestmove " + (r.best.empty() ? std::string("(none)") : r.best) +
                 (r.ponder.empty() ? "" : " ponder " + r.ponder));
        });
}

}  // namespace chimera::protocol
