// `chimera play`: a game between two people at one terminal, refereed by the
// rules core. Moves are typed in SAN or LAN; `help` lists the commands.
#include <istream>
#include <ostream>
#include <random>

#include "app/cli.h"
#include "core/text.h"
#include "variants/game.h"

namespace chimera::app {

namespace {

constexpr std::string_view kHelp =
    "Type a move in SAN (Nf3, Raa1[0,1], T~e5, Q@e5) or long algebraic (g1f3, a1[0,0]a1[0,1]).\n"
    "Commands: moves (list legal moves), undo, fen, board, new, help, quit.\n";

void show(const Game& g, std::ostream& out) { out << '\n' << g.diagram() << g.fen() << '\n'; }

// Prints the result and returns true when the game is over.
bool report_end(const Game& g, std::ostream& out) {
    const Outcome o = g.outcome();
    if (o == Outcome::ONGOING) {
        out << (g.side_to_move() == WHITE ? "White" : "Black") << " to move"
            << (g.in_check() ? " (in check)" : "") << ".\n";
        return false;
    }
    if (o == Outcome::CHECKMATE)
        out << "Checkmate: " << (g.side_to_move() == WHITE ? "Black" : "White") << " wins.\n";
    else
        out << "Draw by " << outcome_name(o) << ".\n";
    return true;
}

}  // namespace

int cmd_play(const Args& args, std::istream& in, std::ostream& out, std::ostream& err) {
    std::string variant{kDefaultVariant}, fen;
    int formation = 0;
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "--fen" && i + 1 < args.size()) {
            fen = args[++i];
        } else if (args[i] == "--formation" && i + 1 < args.size()) {
            const auto n = parse_uint(args[++i], 2);
            if (!n || *n < 1) {
                err << "error: --formation takes the number of a start position\n";
                return kUsageError;
            }
            formation = *n;
        } else if (args[i].rfind("--", 0) != 0)
            variant = args[i];
        else {
            err << "error: unknown option " << quoted(args[i]) << '\n';
            return kUsageError;
        }
    }
    auto game = make_game(variant);
    if (!game) {
        err << "error: unknown variant " << quoted(variant) << '\n';
        return kUsageError;
    }
    const VariantInfo& info = game->info();
    if (formation && (!info.random_start() || formation > info.start_count())) {
        err << "error: --formation: " << variant << " has "
            << (info.random_start() ? "start positions 1-" + std::to_string(info.start_count())
                                    : std::string("one start position"))
            << '\n';
        return kUsageError;
    }
    if (info.random_start() && fen.empty()) {
        // Several starts: a random one unless one is chosen.
        std::mt19937_64 rng{std::random_device{}()};
        if (!formation) formation = info.draw_start(rng);
        fen = info.start_fen(formation);
        out << info.starts[static_cast<std::size_t>(formation - 1)].name << ".\n";
    }
    if (!fen.empty())
        if (Status s = game->set_fen(fen); !s) {
            err << "error: " << s.message() << '\n';
            return kUsageError;
        }
    out << "Chimera: " << variant << ". " << kHelp;
    show(*game, out);
    bool over = report_end(*game, out);
    std::string line;
    while (out << "> " << std::flush, std::getline(in, line)) {
        const auto words = split_fields(line);
        if (words.empty()) continue;
        const std::string_view cmd = words[0];
        if (cmd == "quit" || cmd == "exit") break;
        if (cmd == "help") {
            out << kHelp;
        } else if (cmd == "moves") {
            for (const MoveText& m : game->legal_moves()) out << m.san << "  ";
            out << '\n';
        } else if (cmd == "fen") {
            out << game->fen() << '\n';
        } else if (cmd == "board") {
            show(*game, out);
        } else if (cmd == "undo") {
            out << (game->undo() ? "Move taken back.\n" : "Nothing to undo.\n");
            show(*game, out);
            over = report_end(*game, out);
        } else if (cmd == "new") {
            game = make_game(variant);
            show(*game, out);
            over = report_end(*game, out);
        } else if (over) {
            out << "The game is over; type new, undo or quit.\n";
        } else {
            std::string san;
            if (Status s = game->play(line, &san); !s) {
                out << "Not played: " << s.message() << ".\n";
                continue;
            }
            out << "Played " << san << '\n';
            show(*game, out);
            over = report_end(*game, out);
        }
    }
    return 0;
}

}  // namespace chimera::app
