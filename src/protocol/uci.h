// The UCI protocol over text streams: parses each command and drives the
// engine facade. Malformed input is answered with `info string error: …` and
// otherwise ignored; nothing the client sends can crash the session.
#pragma once

#include <iosfwd>
#include <mutex>
#include <string>
#include <string_view>

#include "engine/engine.h"

namespace chimera::protocol {

class UciSession {
  public:
    explicit UciSession(std::ostream& out);
    ~UciSession();

    // Handles one command line; false after `quit`.
    bool handle(std::string_view line);
    // Reads commands until `quit` or end of input, then waits for a running search.
    void run(std::istream& in);

  private:
    void send(const std::string& line);
    void error(const std::string& message);
    void cmd_uci();
    void cmd_setoption(std::string_view args);
    void cmd_position(std::string_view args);
    void cmd_go(std::string_view args);

    engine::Engine engine_;
    std::ostream& out_;
    std::mutex out_mutex_;
};

// `score cp N` or `score mate N` for a search value.
std::string uci_score(int value);

}  // namespace chimera::protocol
