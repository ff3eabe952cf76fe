// The JSON API as a pure function of a request: method, path, query, body →
// status, content type, body. The HTTP layer (http_server.cpp) only moves
// bytes; validation of every field happens here, with a 4xx JSON error for
// anything malformed, mistyped, unknown or out of range.
#pragma once

#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "server/games.h"

namespace chimera::server {

using Json = nlohmann::json;

struct ApiResponse {
    int status = 200;
    std::string content_type = "application/json";
    std::string body;
    std::vector<std::pair<std::string, std::string>> headers;  // more, e.g. Set-Cookie
};

// A request body's fields: each a name, a type and whether it must be there.
enum class Type { STRING, INTEGER, BOOLEAN, ARRAY_OF_STRINGS };
struct Field {
    const char* name;
    Type type;
    bool required;
};
// Parses body as a JSON object with exactly the known fields, of the right types.
ApiError parse_body(std::string_view body, const std::vector<Field>& fields, Json& out);
ApiResponse json_response(int status, const Json& j);
ApiResponse from_error(const ApiError& e);

// Decoded `?a=b&c=d` (percent-escapes and '+' handled).
std::map<std::string, std::string> parse_query(std::string_view query);

// client: the address key of who asks (counted by the per-address limits);
// account: the name of its account ("" anonymous).
ApiResponse handle_api(GameService& games, std::string_view method, std::string_view path,
                       std::string_view query, std::string_view body, std::string_view client = "",
                       std::string_view account = "");

// GET /api/ratings/<variant> (the leaderboard) and /api/players/<name> (a
// player's page: ratings, their history, games) (api_players.cpp).
ApiResponse handle_players(Storage& storage, const std::vector<std::string_view>& seg,
                           const std::map<std::string, std::string>& params);

// A WebSocket message from a client: {"type": "move"|"resign"|"draw"|"abort"|"claim"|"ping"|
// "state", ...}. Returns the reply to send to that client only (for "state", the full state).
std::string handle_ws_message(GameService& games, const std::string& id, const std::string& token,
                              std::string_view message);

std::string error_json(int status, const std::string& message);

}  // namespace chimera::server
