// Glicko-2 ratings (Mark Glickman, "Example of the Glicko-2 system", 2013):
// a rating, its deviation (how uncertain it is) and its volatility (how much
// it is expected to move), updated after a rating period from the games of
// that period. Chimera rates each game as its own period, as lichess does,
// and lets the deviation grow with the time a player has not played
// (docs/ratings.md).
#pragma once

#include <span>

namespace chimera::players {

struct Rating {
    double rating = 1500;
    double deviation = 350;
    double volatility = 0.06;
};

// One game of the period: the opponent's rating and deviation before it, and
// the score (1 a win, 0.5 a draw, 0 a loss).
struct Result {
    double rating = 1500;
    double deviation = 350;
    double score = 0.5;
};

struct Glicko2 {
    double tau = 0.75;               // how much the volatility may change
    double max_deviation = 350;      // a new player's, and never more
    double provisional_above = 110;  // deviations above it are provisional
    double days_per_period = 5;      // inactivity: one rating period per this many days
    double convergence = 0.000001;   // the volatility's iteration stops within it
};

// The rating after a period with these games (none: only the deviation grows,
// as over one period without games).
Rating rate(const Rating& before, std::span<const Result> games, const Glicko2& system = {});

// The rating after `days` without a game: the deviation grows as over that
// many days' worth of rating periods without games (at most max_deviation).
Rating after_inactivity(const Rating& r, double days, const Glicko2& system = {});

inline bool provisional(const Rating& r, const Glicko2& system = {}) {
    return r.deviation > system.provisional_above;
}

}  // namespace chimera::players
