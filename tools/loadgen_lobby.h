// chimera_loadgen's lobby viewers (--lobby-viewers N): N clients of the
// lobby WebSocket, as N people with the home page open, that read every
// change of the list; and --lobby-churn R challenges a second posted and
// cancelled again by two posters, so every viewer is sent 2 R changes a
// second. The time from a challenge's sending to its `added` arriving is
// measured at every viewer (the fan-out).
#pragma once

#include <atomic>
#include <boost/asio/ip/tcp.hpp>
#include <chrono>
#include <cstdint>
#include <memory>
#include <thread>
#include <vector>

namespace chimera::loadgen {

struct LobbyStats {
    std::vector<std::uint32_t> added_us;  // send -> `added` at a viewer, sorted
    long connected = 0, messages = 0, failures = 0, posted = 0;
};

class LobbyViewers {
  public:
    LobbyViewers(boost::asio::ip::tcp::endpoint server, int viewers, double churn_per_second);
    ~LobbyViewers();
    // Connects the viewers (true when all are in), then starts the posters.
    bool start();
    // Stops posting and reading; the figures.
    LobbyStats stop();

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace chimera::loadgen
