// The steps of Glickman's paper, numbered as there.
#include "players/glicko2.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace chimera::players {

namespace {

// The Glicko-2 scale: ratings and deviations divided by this, around 1500.
constexpr double kScale = 173.7178;

double g(double phi) {
    return 1 / std::sqrt(1 + 3 * phi * phi / (std::numbers::pi * std::numbers::pi));
}

double expected(double mu, double mu_j, double phi_j) {
    return 1 / (1 + std::exp(-g(phi_j) * (mu - mu_j)));
}

// Step 5: the new volatility, by the Illinois variant of regula falsi on f.
double new_volatility(double sigma, double phi, double v, double delta, const Glicko2& sys) {
    const double a = std::log(sigma * sigma);
    const double tau2 = sys.tau * sys.tau;
    auto f = [&](double x) {
        const double ex = std::exp(x);
        const double d = phi * phi + v + ex;
        return ex * (delta * delta - phi * phi - v - ex) / (2 * d * d) - (x - a) / tau2;
    };
    double A = a, B = 0;
    if (delta * delta > phi * phi + v) {
        B = std::log(delta * delta - phi * phi - v);
    } else {
        int k = 1;
        while (f(a - k * sys.tau) < 0) ++k;
        B = a - k * sys.tau;
    }
    double fA = f(A), fB = f(B);
    for (int i = 0; i < 200 && std::abs(B - A) > sys.convergence; ++i) {
        const double C = A + (A - B) * fA / (fB - fA);
        const double fC = f(C);
        if (fC * fB <= 0) {
            A = B;
            fA = fB;
        } else {
            fA /= 2;
        }
        B = C;
        fB = fC;
    }
    return std::exp(A / 2);
}

}  // namespace

Rating rate(const Rating& before, std::span<const Result> games, const Glicko2& sys) {
    // Step 2: to the Glicko-2 scale.
    const double mu = (before.rating - 1500) / kScale;
    const double phi = before.deviation / kScale;
    const double sigma = before.volatility;
    if (games.empty()) {
        // Only step 6: the deviation grows by one period's volatility.
        Rating r = before;
        r.deviation = std::min(sys.max_deviation, std::sqrt(phi * phi + sigma * sigma) * kScale);
        return r;
    }
    // Steps 3 and 4: the estimated variance v and improvement delta.
    double inverse_v = 0, sum = 0;
    for (const Result& game : games) {
        const double mu_j = (game.rating - 1500) / kScale, phi_j = game.deviation / kScale;
        const double e = expected(mu, mu_j, phi_j);
        inverse_v += g(phi_j) * g(phi_j) * e * (1 - e);
        sum += g(phi_j) * (game.score - e);
    }
    const double v = 1 / inverse_v;
    const double delta = v * sum;
    // Steps 5 to 7.
    const double sigma2 = new_volatility(sigma, phi, v, delta, sys);
    const double phi_star = std::sqrt(phi * phi + sigma2 * sigma2);
    const double phi2 = 1 / std::sqrt(1 / (phi_star * phi_star) + 1 / v);
    const double mu2 = mu + phi2 * phi2 * sum;
    // Step 8: back to the Glicko scale.
    return Rating{mu2 * kScale + 1500, std::min(sys.max_deviation, phi2 * kScale), sigma2};
}

Rating after_inactivity(const Rating& r, double days, const Glicko2& sys) {
    if (days <= 0) return r;
    const double phi = r.deviation / kScale;
    const double periods = days / sys.days_per_period;
    Rating out = r;
    out.deviation = std::min(sys.max_deviation,
                             std::sqrt(phi * phi + r.volatility * r.volatility * periods) * kScale);
    return out;
}

}  // namespace chimera::players
