// Failed logins slow down, never lock (docs/api.md, "Accounts"). Three
// back-offs, each doubling from one second per failure beyond its free ones
// up to five minutes, and cleared by a success where it applies:
//
// - an address trying one account (3 free failures);
// - an address trying any accounts (10 free): one address guessing many;
// - an account tried from anywhere (20 free): many addresses guessing one.
//   It holds back only addresses that have not logged in to the account
//   lately, so an attack on an account never keeps its owner out, at their
//   usual address; at a new one they wait at most the back-off.
//
// Time is passed in (milliseconds), so it is tested with a simulated clock.
// One per server: with several servers each slows what it sees.
#pragma once

#include <algorithm>
#include <cstdint>
#include <deque>
#include <map>
#include <mutex>
#include <string>

namespace chimera::server {

class LoginThrottle {
  public:
    static constexpr std::int64_t kMaxDelayMs = 5 * 60 * 1000;
    static constexpr int kFreePair = 3, kFreeAddress = 10, kFreeAccount = 20;
    static constexpr std::size_t kKnownAddresses = 8;  // per account
    // Entries idle this long are forgotten (and all back-offs have run out).
    static constexpr std::int64_t kForgetMs = 60 * 60 * 1000;

    // 0 if an attempt to log in to `account` from `address` may go on now,
    // else the milliseconds to wait.
    std::int64_t wait_ms(const std::string& account, const std::string& address, std::int64_t now) {
        std::lock_guard lock(mutex_);
        std::int64_t until = std::max(pair(account, address).until, by_address_[address].until);
        auto acc = accounts_.find(account);
        if (acc != accounts_.end() && !known(acc->second, address))
            until = std::max(until, acc->second.backoff.until);
        return std::max<std::int64_t>(0, until - now);
    }

    void failed(const std::string& account, const std::string& address, std::int64_t now) {
        std::lock_guard lock(mutex_);
        forget_idle(now);
        step(pair(account, address), kFreePair, now);
        step(by_address_[address], kFreeAddress, now);
        step(accounts_[account].backoff, kFreeAccount, now);
    }

    void succeeded(const std::string& account, const std::string& address, std::int64_t now) {
        std::lock_guard lock(mutex_);
        pairs_.erase(account + '\n' + address);
        Account& acc = accounts_[account];
        acc.backoff.last = now;
        if (!known(acc, address)) {
            acc.known.push_back(address);
            if (acc.known.size() > kKnownAddresses) acc.known.pop_front();
        }
    }

    std::size_t entries() const {
        std::lock_guard lock(mutex_);
        return pairs_.size() + by_address_.size() + accounts_.size();
    }

  private:
    struct Backoff {
        int failures = 0;
        std::int64_t until = 0, last = 0;
    };
    struct Account {
        Backoff backoff;
        std::deque<std::string> known;  // addresses that logged in lately
    };

    static void step(Backoff& b, int free, std::int64_t now) {
        ++b.failures;
        b.last = now;
        if (b.failures <= free) return;
        const int doublings = std::min(b.failures - free - 1, 20);
        b.until = now + std::min<std::int64_t>(kMaxDelayMs, std::int64_t{1000} << doublings);
    }
    static bool known(const Account& a, const std::string& address) {
        return std::find(a.known.begin(), a.known.end(), address) != a.known.end();
    }
    Backoff& pair(const std::string& account, const std::string& address) {
        return pairs_[account + '\n' + address];
    }
    // Every so often, the entries idle for kForgetMs go (their back-off is over).
    void forget_idle(std::int64_t now) {
        if (now - last_sweep_ < 60 * 1000) return;
        last_sweep_ = now;
        auto idle = [&](const Backoff& b) { return now - b.last > kForgetMs && b.until <= now; };
        std::erase_if(pairs_, [&](const auto& e) { return idle(e.second); });
        std::erase_if(by_address_, [&](const auto& e) { return idle(e.second); });
        std::erase_if(accounts_, [&](const auto& e) { return idle(e.second.backoff); });
    }

    mutable std::mutex mutex_;
    std::map<std::string, Backoff> pairs_, by_address_;
    std::map<std::string, Account> accounts_;
    std::int64_t last_sweep_ = 0;
};

}  // namespace chimera::server
