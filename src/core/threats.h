// What the side to move stands to lose to the threats against it, written
// once for the evaluations that charge it (4D chess, Wataku). Of its pieces
// en prise it saves one by its move, so the second largest loss is counted
// (half of it: the move may also answer with a threat of its own), and an
// eighth of the largest for the tempo a lone threat costs.
#pragma once

namespace chimera {

class ThreatLosses {
  public:
    // One piece en prise, and what the side would lose with it.
    constexpr void add(int loss) {
        if (loss > first_) {
            second_ = first_;
            first_ = loss;
        } else if (loss > second_) {
            second_ = loss;
        }
    }
    // The charge to the side to move, in the units of the losses.
    constexpr int charge() const { return second_ / 2 + first_ / 8; }

  private:
    int first_ = 0, second_ = 0;
};

}  // namespace chimera
