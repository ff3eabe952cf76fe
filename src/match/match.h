// Engine-versus-engine matches, in process or with UCI subprocesses (so this
// layer sits above both the engine and the protocol): N games with alternating colours,
// opening variety (a random start where the variant has several, or start
// positions from a file; a few random plies; each opening played once with
// each colour), node/depth/time limits or a
// real clock with increment, adjudication of long or decided games, and the
// statistics: W/D/L, Elo with a 95% interval, and an SPRT verdict.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/status.h"
#include "engine/limits.h"
#include "game/record.h"
#include "variants/registry.h"

namespace chimera::match {

struct PlayerConfig {
    std::string name;
    int skill = 8;
    // Whether level= was given: only then is an engine= player sent a Skill
    // Level (another engine's scale is its own: Stockfish's 8 of 20 is weak).
    bool skill_given = false;
    // option.NAME=VALUE: UCI options for an engine= player, sent in order
    // (e.g. option.UCI_LimitStrength=true,option.UCI_Elo=2400).
    std::vector<std::pair<std::string, std::string>> options;
    std::uint64_t nodes = 0;
    int depth = 0;
    int movetime_ms = 0;
    int hash_mb = 16;
    bool random = false;  // plays a uniformly random legal move (a baseline, not a level)
    // Clears its table and move statistics before every move (fresh=1): how
    // a computer that forgets between moves plays, to measure what keeping them is worth.
    bool fresh = false;
    std::string engine;  // a UCI engine program to run as a subprocess ("" = in process)
};

// Parses "level=6,nodes=20000,depth=8,movetime=100,hash=16,name=x,fresh=1,
// engine=PATH,option.NAME=VALUE" or "random".
Status parse_player(std::string_view spec, PlayerConfig& out);

struct MatchConfig {
    std::string variant{kDefaultVariant};
    int games = 10;
    PlayerConfig a, b;
    int base_ms = 0, inc_ms = 0;  // a clock per side when base_ms > 0
    // --openings FILE: start positions (FENs), pair k of games (one with
    // each colour) starting from openings[k % size], the random plies
    // played after it; empty: the variant's start (a random one where it
    // has several).
    std::vector<std::string> openings;
    int random_plies = 4;
    // --balanced CP: an opening whose random plies leave a side more than CP
    // ahead (by a 10,000-node search) is drawn again, up to 100 times, so
    // that pairs of games decided before the engines play do not dilute the
    // result (0: every opening is kept).
    int balanced_cp = 0;
    int max_plies = 400;   // then a draw by adjudication
    int resign_cp = 1500;  // both engines agree for resign_moves plies: adjudicated win
    int resign_moves = 6;
    std::uint64_t seed = 1;
    int concurrency = 1;
    bool sprt = false;
    double elo0 = 0, elo1 = 10, alpha = 0.05, beta = 0.05;
};

struct GameResult {
    double score_a = 0;  // 1, 0.5 or 0 from player A's side
    double score_white = 0;
    std::string termination;
    game::Record record;
    // The searching side's score of each position it searched, from White's
    // side, in centipawns (mate scores left out): the samples of a
    // win-probability fit (chimera match --winprob).
    std::vector<int> white_cp;
};

struct MatchStats {
    int wins = 0, draws = 0, losses = 0;  // of player A
    double score() const;
    double elo() const;
    double elo_error95() const;  // half width of the 95% interval
    double llr(double elo0, double elo1) const;
};

std::string sprt_verdict(const MatchStats& s, const MatchConfig& c);

// A searched move's comment in a record: its score from the mover's side in
// pawns and the depth, "+0.35/12", or a mate in moves, "+M3/9" / "-M2/4" (as
// cutechess writes them, so that other tools read our records' scores too).
std::string score_comment(const engine::Result& r);

// Reads an openings file: one FEN a line, blank lines and lines starting
// with '#' skipped. Every FEN must set up a game of the variant that is not
// over; the first that does not is reported as "FILE:LINE: why".
Status read_openings(const std::string& variant, const std::string& path, const std::string& text,
                     std::vector<std::string>& out);

// Plays the match; on_game is called (from the calling thread, in game order)
// after each finished game.
MatchStats run_match(const MatchConfig& config,
                     const std::function<void(int index, const GameResult&)>& on_game);

}  // namespace chimera::match
