// The other side of UCI: runs an engine program as a subprocess and talks to it
// over pipes (for `chimera match` with engine=PATH players, e.g. an older build
// of Chimera). Every wait is bounded; an engine that dies, stalls or answers
// nonsense gives an error Status instead of hanging the match.
#pragma once

#include <sys/types.h>

#include <string>
#include <vector>

#include "core/status.h"
#include "engine/limits.h"

namespace chimera::protocol {

class UciClient {
  public:
    UciClient() = default;
    UciClient(const UciClient&) = delete;
    UciClient& operator=(const UciClient&) = delete;
    ~UciClient();

    // Starts `path` (no arguments: Chimera reads UCI then) and completes the
    // uci/uciok handshake; then sets the options and waits for readyok. The
    // variant, Hash and Skill Level (skill < 0: not sent) only where the
    // engine has them; `options` (name, value) each must be one it lists.
    Status start(const std::string& path, const std::string& variant, int hash_mb, int skill,
                 const std::vector<std::pair<std::string, std::string>>& options = {});

    // Searches the position given by a start FEN ("" = startpos) and moves in LAN.
    Status go(const std::string& fen, const std::vector<std::string>& moves,
              const engine::Limits& limits, engine::Result& result);

  private:
    Status send(const std::string& line);
    Status read_line(std::string& line, int timeout_ms);
    Status expect(const std::string& token, int timeout_ms,
                  std::vector<std::string>* options = nullptr);
    void stop_process();

    pid_t pid_ = -1;
    int to_engine_ = -1, from_engine_ = -1;
    std::string buffer_;
    std::string path_;
};

}  // namespace chimera::protocol
