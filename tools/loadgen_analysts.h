// chimera_loadgen's analysts (--analysts N): N clients of the analysis
// WebSocket that keep a search running each, all through the play phase, so
// the games' latency is measured with that many analyses going on. Each asks
// for three lines of a chess position (the start, or a few plies into a
// common opening), notes how long the search takes to report depth 10, lets
// it run `hold` in all, and asks for the next position.
#pragma once

#include <atomic>
#include <boost/asio/ip/tcp.hpp>
#include <chrono>
#include <cstdint>
#include <mutex>
#include <thread>
#include <vector>

namespace chimera::loadgen {

struct AnalystStats {
    std::mutex mutex;
    std::vector<double> depth10_ms;  // per search that reached depth 10
    long searches = 0;               // requested
    long short_of_depth10 = 0;       // replaced before reaching depth 10
    long failures = 0;               // connections refused or lost, errors
};

class Analysts {
  public:
    Analysts(boost::asio::ip::tcp::endpoint server, int n, std::chrono::milliseconds hold);
    ~Analysts();  // stops and joins them
    void stop();
    AnalystStats& stats() { return stats_; }

  private:
    void run(int index);

    boost::asio::ip::tcp::endpoint server_;
    std::chrono::milliseconds hold_;
    std::atomic<bool> stop_{false};
    AnalystStats stats_;
    std::vector<std::thread> threads_;
};

}  // namespace chimera::loadgen
