// Fits evaluation terms to game results (the "Texel" method): each sample is a
// position's feature vector x (e.g. material differences, White minus Black)
// and the game's result y for White (1, 1/2, 0). The model is
//     P(White scores) = 1 / (1 + 10^(-(w . x) / 400)),
// the Elo curve, so the fitted weights w are in centipawns on the scale the
// search uses (100 cp ~ 64%). Fitted by Newton's method on the log-likelihood
// with a small ridge; the inverse Hessian gives each weight's standard error.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace chimera::engine {

class LogisticFit {
  public:
    explicit LogisticFit(std::vector<std::string> feature_names);

    // Adds a sample; identical feature vectors are merged (count and sum of y).
    void add(const std::vector<double>& x, double y);

    struct Result {
        std::vector<double> weight;     // centipawns per unit of each feature
        std::vector<double> std_error;  // one standard error of each weight
        double log_loss = 0;            // mean cross-entropy at the fit
        int iterations = 0;
        bool converged = false;
    };
    Result fit(double ridge = 1e-3, int max_iterations = 50) const;

    std::size_t samples() const { return samples_; }
    std::size_t distinct() const { return rows_.size(); }
    const std::vector<std::string>& names() const { return names_; }

  private:
    struct Row {
        std::vector<double> x;
        double count = 0, sum_y = 0;
    };
    std::vector<std::string> names_;
    std::vector<Row> rows_;
    std::vector<std::size_t> index_;  // open-addressing table into rows_
    std::size_t samples_ = 0;
};

}  // namespace chimera::engine
