// The lobby WebSocket's messages read and checked (docs/api.md, "The lobby"):
// pure functions of the text, with no network in them, so the fuzzer
// (tests/fuzz/fuzz_server_api.cpp) and the connection (lobby_ws.cpp) share
// them without the fuzzer compiling Asio and Beast.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "server/games.h"
#include "server/lobby.h"

namespace chimera::server {

// A lobby message read and checked (docs/api.md, "The lobby"): its type, and
// for a challenge or seek its fields in `challenge` (variant known, clock in
// range and not 0+0, side, a valid name in `to`), for cancel/accept/decline
// the challenge's id. Pure: fuzzed (tests/fuzz/fuzz_server_api.cpp, LOBBY).
struct LobbyRequest {
    std::string type;
    Challenge challenge;
    std::uint64_t id = 0;
};
ApiError parse_lobby_message(std::string_view text, LobbyRequest& out);

}  // namespace chimera::server
