#include "engine/fit.h"

#include <cmath>
#include <functional>

namespace chimera::engine {

namespace {

constexpr double kScale = 2.302585092994046 / 400.0;  // ln(10) / 400: cp -> logit

std::size_t hash_of(const std::vector<double>& x) {
    std::size_t h = 1469598103934665603ull;
    for (double v : x) h = (h ^ std::hash<double>{}(v)) * 1099511628211ull;
    return h;
}

// Solves A z = b in place for a symmetric positive definite A (Cholesky); false if singular.
bool cholesky_solve(std::vector<double> a, std::size_t n, std::vector<double>& b) {
    for (std::size_t j = 0; j < n; ++j) {
        double d = a[j * n + j];
        for (std::size_t k = 0; k < j; ++k) d -= a[j * n + k] * a[j * n + k];
        if (d <= 0) return false;
        a[j * n + j] = std::sqrt(d);
        for (std::size_t i = j + 1; i < n; ++i) {
            double s = a[i * n + j];
            for (std::size_t k = 0; k < j; ++k) s -= a[i * n + k] * a[j * n + k];
            a[i * n + j] = s / a[j * n + j];
        }
    }
    for (std::size_t i = 0; i < n; ++i) {
        double s = b[i];
        for (std::size_t k = 0; k < i; ++k) s -= a[i * n + k] * b[k];
        b[i] = s / a[i * n + i];
    }
    for (std::size_t i = n; i-- > 0;) {
        double s = b[i];
        for (std::size_t k = i + 1; k < n; ++k) s -= a[k * n + i] * b[k];
        b[i] = s / a[i * n + i];
    }
    return true;
}

}  // namespace

LogisticFit::LogisticFit(std::vector<std::string> feature_names)
    : names_(std::move(feature_names)) {}

void LogisticFit::add(const std::vector<double>& x, double y) {
    ++samples_;
    if (index_.size() < 2 * (rows_.size() + 1)) {
        index_.assign(std::max<std::size_t>(64, 4 * (rows_.size() + 1)), SIZE_MAX);
        for (std::size_t r = 0; r < rows_.size(); ++r) {
            std::size_t i = hash_of(rows_[r].x) % index_.size();
            while (index_[i] != SIZE_MAX) i = (i + 1) % index_.size();
            index_[i] = r;
        }
    }
    std::size_t i = hash_of(x) % index_.size();
    for (; index_[i] != SIZE_MAX; i = (i + 1) % index_.size()) {
        Row& row = rows_[index_[i]];
        if (row.x == x) {
            row.count += 1;
            row.sum_y += y;
            return;
        }
    }
    index_[i] = rows_.size();
    rows_.push_back(Row{x, 1, y});
}

LogisticFit::Result LogisticFit::fit(double ridge, int max_iterations) const {
    const std::size_t n = names_.size();
    Result res;
    res.weight.assign(n, 0.0);
    res.std_error.assign(n, 0.0);
    if (samples_ == 0) return res;
    std::vector<double> theta(n, 0.0);  // logit units
    std::vector<double> hessian(n * n);
    const double total = static_cast<double>(samples_);
    for (res.iterations = 1; res.iterations <= max_iterations; ++res.iterations) {
        std::vector<double> grad(n, 0.0);
        std::fill(hessian.begin(), hessian.end(), 0.0);
        double loss = 0;
        for (const Row& row : rows_) {
            double z = 0;
            for (std::size_t f = 0; f < n; ++f) z += theta[f] * row.x[f];
            const double p = 1.0 / (1.0 + std::exp(-z));
            const double lp = std::log(std::max(p, 1e-12)), lq = std::log(std::max(1.0 - p, 1e-12));
            loss -= row.sum_y * lp + (row.count - row.sum_y) * lq;
            const double r = row.sum_y - row.count * p;  // d loglik / dz
            const double w = row.count * p * (1.0 - p);
            for (std::size_t f = 0; f < n; ++f) {
                if (row.x[f] == 0) continue;
                grad[f] += r * row.x[f];
                for (std::size_t g = 0; g <= f; ++g) hessian[f * n + g] += w * row.x[f] * row.x[g];
            }
        }
        for (std::size_t f = 0; f < n; ++f) {
            for (std::size_t g = 0; g < f; ++g) hessian[g * n + f] = hessian[f * n + g];
            hessian[f * n + f] += ridge * total;
            grad[f] -= ridge * total * theta[f];
        }
        res.log_loss = loss / total;
        std::vector<double> step = grad;
        if (!cholesky_solve(hessian, n, step)) break;
        double largest = 0;
        for (std::size_t f = 0; f < n; ++f) {
            theta[f] += step[f];
            largest = std::max(largest, std::abs(step[f]));
        }
        if (largest < 1e-7) {
            res.converged = true;
            break;
        }
    }
    for (std::size_t f = 0; f < n; ++f) {
        std::vector<double> e(n, 0.0);
        e[f] = 1.0;
        if (cholesky_solve(hessian, n, e))
            res.std_error[f] = std::sqrt(std::max(0.0, e[f])) / kScale;
        res.weight[f] = theta[f] / kScale;
    }
    return res;
}

}  // namespace chimera::engine
