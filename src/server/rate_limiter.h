// A token bucket: `burst` tokens, refilled at `rate` a second, one per
// request. Time is passed in (now), so the limits are tested with a simulated
// clock rather than with the speed of the machine; allow() without an argument
// reads the steady clock.
#pragma once

#include <algorithm>
#include <chrono>

namespace chimera::server {

class RateLimiter {
  public:
    using Clock = std::chrono::steady_clock;

    RateLimiter(double rate, double burst, Clock::time_point now = Clock::now())
        : rate_(rate), burst_(burst), tokens_(burst), last_(now) {}

    bool allow(Clock::time_point now) {
        tokens_ = std::min(burst_, tokens_ + rate_ * seconds(now - last_));
        last_ = std::max(last_, now);
        if (tokens_ < 1) return false;
        tokens_ -= 1;
        return true;
    }
    bool allow() { return allow(Clock::now()); }

    // Whether the bucket has refilled completely (it can be forgotten).
    bool full(Clock::time_point now = Clock::now()) const {
        return tokens_ + rate_ * seconds(now - last_) >= burst_;
    }

  private:
    static double seconds(Clock::duration d) {
        return std::max(0.0, std::chrono::duration<double>(d).count());
    }

    double rate_, burst_, tokens_;
    Clock::time_point last_;
};

}  // namespace chimera::server
