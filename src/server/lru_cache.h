// A small map that keeps at most `capacity` entries, forgetting the least
// recently used one first; thread-safe. The game service keeps the finished
// games read lately in one, so a game being looked at is not read from the
// database again for every request.
#pragma once

#include <cstddef>
#include <list>
#include <mutex>
#include <string>
#include <unordered_map>
#include <utility>

namespace chimera::server {

template <class Value>
class LruCache {
  public:
    explicit LruCache(std::size_t capacity) : capacity_(capacity) {}

    // The value for key (now the most recent), or a default Value if there is none.
    Value get(const std::string& key) {
        std::lock_guard lock(mutex_);
        const auto it = index_.find(key);
        if (it == index_.end()) return Value{};
        order_.splice(order_.begin(), order_, it->second);
        return it->second->second;
    }

    // Stores value for key as the most recent, forgetting the oldest beyond capacity.
    void put(const std::string& key, Value value) {
        std::lock_guard lock(mutex_);
        if (capacity_ == 0) return;
        if (const auto it = index_.find(key); it != index_.end()) {
            it->second->second = std::move(value);
            order_.splice(order_.begin(), order_, it->second);
            return;
        }
        order_.emplace_front(key, std::move(value));
        index_[key] = order_.begin();
        if (order_.size() > capacity_) {
            index_.erase(order_.back().first);
            order_.pop_back();
        }
    }

    void erase(const std::string& key) {
        std::lock_guard lock(mutex_);
        const auto it = index_.find(key);
        if (it == index_.end()) return;
        order_.erase(it->second);
        index_.erase(it);
    }

    void clear() {
        std::lock_guard lock(mutex_);
        order_.clear();
        index_.clear();
    }

    std::size_t size() const {
        std::lock_guard lock(mutex_);
        return order_.size();
    }

  private:
    using Entry = std::pair<std::string, Value>;
    const std::size_t capacity_;
    mutable std::mutex mutex_;
    std::list<Entry> order_;  // most recent first
    std::unordered_map<std::string, typename std::list<Entry>::iterator> index_;
};

}  // namespace chimera::server
