// Subcommand dispatch and `chimera perft` (../shared/spec/README.md, "The
// command-line contract"): divide lines, a blank line, `Nodes searched: N`; any
// bad argument gives one `error:` line on stderr and exit status 2, with
// nothing written to stdout.
#include "app/cli.h"

#include <ostream>
#include <sstream>
#include <string_view>

#include "core/perft.h"
#include "core/text.h"
#include "protocol/uci.h"
#include "variants/registry.h"

namespace chimera::app {

namespace {

constexpr int kMaxPerftDepth = 20;

constexpr std::string_view kUsage =
    "usage: chimera <command> [arguments]\n"
    "\n"
    "commands:\n"
    "  (none) | uci        the UCI protocol on standard input\n"
    "  perft <variant> <depth> [--fen \"<FEN>\"] [--moves <lan> ...]\n"
    "                      count the legal move tree, split by root move\n"
    "  bench [perft]       search (or perft) speed on fixed positions; the search\n"
    "                      bench prints a node count that changes only with search behaviour\n"
    "  match <variant> [--games N] [--a SPEC] [--b SPEC] [--tc BASE_MS+INC_MS]\n"
    "        [--openings FILE] [--random-plies N] [--balanced CP] [--max-plies N] [--seed S]\n"
    "        [--concurrency N]\n"
    "        [--pgn FILE] [--sprt ELO0 ELO1]\n"
    "                      engine against engine; SPEC is level=1-8,nodes=N,depth=N,\n"
    "                      movetime=MS,hash=MB,name=TEXT,engine=PATH (a UCI program\n"
    "                      run as a subprocess), or random\n"
    "  replay <file>       read game records and check every move\n"
    "  tune <file>...      fit material values to the results of game records\n"
    "  serve [--port 8080] [--db chimera.db] [--static web/dist] [--threads N]\n"
    "        [--computer-threads N]\n"
    "                      the game server: JSON/WebSocket API and the browser UI;\n"
    "                      --db postgresql://USER@HOST:PORT/DB stores in PostgreSQL\n"
    "  admin --db <db> reset-password|disable|enable <name>\n"
    "                      accounts on the server's database: a new password (read\n"
    "                      from stdin; the account's sessions end), an account\n"
    "                      disabled (it cannot log in or play) or enabled again\n"
    "  play [<variant>] [--fen \"<FEN>\"] [--formation N]\n"
    "                      an interactive game in the terminal\n"
    "  help                this text\n"
    "\n"
    "(N: the number of a start position, for variants that have several)\n";

std::string variant_list() {
    std::string s;
    return variant_id_list();
}

int fail(std::ostream& err, const std::string& message) {
    err << "error: " << message << '\n';
    return kUsageError;
}

struct PerftRequest {
    std::string variant;
    int depth = 0;
    bool has_fen = false;
    std::string fen;
    std::vector<std::string> moves;
};

// Parses `<variant> <depth> [--fen F] [--moves m...]` (options in any order,
// `--fen=F` accepted too); returns an error message or "".
std::string parse_perft_args(const Args& args, PerftRequest& req) {
    std::vector<std::string> positional;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a == "--fen" || a.rfind("--fen=", 0) == 0) {
            if (req.has_fen) return "--fen given more than once";
            if (a == "--fen") {
                if (i + 1 >= args.size()) return "--fen needs a FEN string after it";
                req.fen = args[++i];
            } else {
                req.fen = a.substr(6);
            }
            req.has_fen = true;
        } else if (a == "--moves") {
            while (i + 1 < args.size() && args[i + 1].rfind("--", 0) != 0)
                req.moves.push_back(args[++i]);
        } else if (a.rfind("--", 0) == 0) {
            return "unknown option " + quoted(a) + " (expected --fen or --moves)";
        } else {
            positional.push_back(a);
        }
    }
    if (positional.empty()) return "missing <variant> (one of " + variant_list() + ")";
    if (positional.size() < 2) return "missing <depth> after the variant";
    if (positional.size() > 2) return "unexpected argument " + quoted(positional[2]);
    req.variant = positional[0];
    const auto depth = parse_uint(positional[1], 3);
    if (!depth || *depth > kMaxPerftDepth)
        return "depth " + quoted(positional[1]) + " is not an integer from 0 to " +
               std::to_string(kMaxPerftDepth);
    req.depth = *depth;
    return "";
}

template <class Pos>
int run_perft(const PerftRequest& req, std::ostream& out, std::ostream& err) {
    Pos pos;
    if (req.has_fen)
        if (Status s = pos.set_fen(req.fen); !s) return fail(err, s.message());
    for (std::size_t i = 0; i < req.moves.size(); ++i) {
        const Move m = pos.parse_lan(req.moves[i], nullptr);
        if (m.is_none())
            return fail(err, "--moves: move " + std::to_string(i + 1) + " " + quoted(req.moves[i]) +
                                 " is not a legal move in long "
                                 "algebraic notation in that position");
        pos.do_move(m);
    }
    std::ostringstream text;  // written out only when complete
    if (req.depth == 0) {
        text << "Nodes searched: 1\n";
    } else {
        std::uint64_t total = 0;
        for (const auto& [lan, n] : perft_divide(pos, req.depth)) {
            text << lan << ": " << n << '\n';
            total += n;
        }
        text << "\nNodes searched: " << total << '\n';
    }
    out << text.str() << std::flush;
    return 0;
}

}  // namespace

int cmd_perft(const Args& args, std::ostream& out, std::ostream& err) {
    PerftRequest req;
    if (std::string e = parse_perft_args(args, req); !e.empty()) return fail(err, e);
    int status = 0;
    const bool known =
        with_variant(req.variant, [&]<class Pos>() { status = run_perft<Pos>(req, out, err); });
    if (!known)
        return fail(err, "unknown variant " + quoted(req.variant) + " (expected one of " +
                             variant_list() + ")");
    return status;
}

int run(const Args& args, std::istream& in, std::ostream& out, std::ostream& err) {
    if (args.empty() || args[0] == "uci") {  // like other engines: UCI on stdin
        protocol::UciSession session(out);
        if (!args.empty()) session.handle("uci");
        session.run(in);
        return 0;
    }
    if (args[0] == "help" || args[0] == "--help" || args[0] == "-h") {
        out << kUsage << "variants: " << variant_id_list() << '\n';
        return 0;
    }
    const Args rest(args.begin() + 1, args.end());
    if (args[0] == "perft") return cmd_perft(rest, out, err);
    if (args[0] == "bench") return cmd_bench(rest, out, err);
    if (args[0] == "play") return cmd_play(rest, in, out, err);
    if (args[0] == "match") return cmd_match(rest, out, err);
    if (args[0] == "replay") return cmd_replay(rest, out, err);
    if (args[0] == "tune") return cmd_tune(rest, out, err);
    if (args[0] == "serve") return cmd_serve(rest, out, err);
    if (args[0] == "admin") return cmd_admin(rest, in, out, err);
    return fail(err, "unknown command " + quoted(args[0]) + " (try 'chimera help')");
}

}  // namespace chimera::app
