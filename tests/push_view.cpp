// The client's reading of the pushes (push_view.h).
#include "push_view.h"

#include <cstdint>
#include <string>

namespace chimera::testing {

Json decode_legal(const Json& legal) {
    Json out = Json::array();
    if (!legal.is_object()) return out;
    for (const auto& [key, moves] : legal.items()) {
        const bool drop = !key.empty() && key.back() == '@';
        const Json base{{"from", drop ? "" : key},
                        {"kind", drop ? "drop" : "move"},
                        {"piece", drop ? key.substr(0, key.size() - 1) : ""},
                        {"captures", Json::array()}};
        for (const Json& m : moves) {
            Json d = base;
            if (m.is_object()) {
                d["lan"] = key + m.value("to", "");
                d.update(m);
            } else {
                const std::string text = m.get<std::string>();
                const bool capture = text.rfind('x', 0) == 0;
                d["to"] = capture ? text.substr(1) : text;
                d["lan"] = key + d["to"].get<std::string>();
                if (capture) d["kind"] = "capture", d["captures"] = Json::array({d["to"]});
            }
            out.push_back(d);
        }
    }
    return out;
}

Applied apply_push(Json& view, const Json& push) {
    const std::string type = push.is_object() ? push.value("type", "") : "";
    if (type == "state") {
        view = push;
        return Applied::APPLIED;
    }
    if (type != "move" && type != "update") return Applied::NOT_A_PUSH;
    if (!view.contains("version")) return Applied::GAP;
    const auto held = view["version"].get<std::uint64_t>();
    const auto version = push.value("version", std::uint64_t{0});
    if (version <= held) return Applied::STALE;
    if (version != held + 1) return Applied::GAP;
    if (type == "move" && push.value("ply", std::size_t{0}) != view["moves"].size() + 1)
        return Applied::GAP;
    view["version"] = version;
    if (type == "move") view["moves"].push_back({{"lan", push["lan"]}, {"san", push["san"]}});
    for (const char* field : {"fen", "turn", "legal", "status", "result", "termination",
                              "draw_offer", "present", "abortable"})
        if (push.contains(field)) view[field] = push[field];
    // A player's claim comes with every delta while it stands; null: it is gone.
    if (push.contains("claim_in_ms")) {
        if (push["claim_in_ms"].is_null())
            view.erase("claim_in_ms");
        else
            view["claim_in_ms"] = push["claim_in_ms"];
    }
    if (push.contains("board")) view["board"].update(push["board"]);
    if (push.contains("clock") && view["clock"].is_object()) view["clock"].update(push["clock"]);
    return Applied::APPLIED;
}

}  // namespace chimera::testing
