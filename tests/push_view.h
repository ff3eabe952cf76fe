// How a client reads the server's pushes (docs/api.md, "The WebSocket" and
// "Legal moves"), for the tests: no sockets here, so the in-process tests
// (chimera_tests_server_unit) use it too.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace chimera::testing {

using Json = nlohmann::json;

// The compact legal moves of a state or a delta (docs/api.md, "Legal moves"),
// decoded: an array of {lan, from, to, kind, piece, captures}.
Json decode_legal(const Json& legal);

// A push: a full state or a delta ("move", "update").
inline bool is_push(const Json& j) {
    const std::string type = j.is_object() ? j.value("type", "") : "";
    return type == "state" || type == "move" || type == "update";
}

// How a push changes a view's state, as a client applies it (docs/api.md, "The
// WebSocket"): a state replaces it; a move or an update applies to the version
// just before its own; one at or below the version held is stale; one further
// ahead is a gap (the view keeps its state).
enum class Applied { APPLIED, STALE, GAP, NOT_A_PUSH };
Applied apply_push(Json& view, const Json& push);

}  // namespace chimera::testing
