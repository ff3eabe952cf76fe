#include "server/lobby_messages.h"

#include <vector>

#include "core/text.h"
#include "players/names.h"
#include "server/api.h"
#include "variants/registry.h"

namespace chimera::server {

ApiError parse_lobby_message(std::string_view text, LobbyRequest& out) {
    out.type.clear();
    out.challenge = Challenge();
    out.id = 0;
    const Json probe = Json::parse(text, nullptr, false);
    if (!probe.is_object() || !probe.contains("type") || !probe["type"].is_string())
        return {400, "a lobby message is a JSON object with a string field 'type'"};
    out.type = probe["type"].get<std::string>();
    Json j;
    if (out.type == "challenge" || out.type == "seek") {
        std::vector<Field> fields{{"type", Type::STRING, true},
                                  {"variant", Type::STRING, true},
                                  {"base_minutes", Type::INTEGER, true},
                                  {"increment_seconds", Type::INTEGER, true},
                                  {"rated", Type::BOOLEAN, false}};
        if (out.type == "challenge") {
            fields.push_back({"side", Type::STRING, false});
            fields.push_back({"to", Type::STRING, false});
        }
        if (ApiError e = parse_body(text, fields, j)) return e;
        Challenge& c = out.challenge;
        c.variant = j["variant"].get<std::string>();
        if (!find_variant(c.variant)) return {400, "unknown variant " + chimera::quoted(c.variant)};
        const auto base = j["base_minutes"].get<std::int64_t>();
        const auto inc = j["increment_seconds"].get<std::int64_t>();
        if (base < 0 || base > 180) return {400, "field 'base_minutes' must be from 0 to 180"};
        if (inc < 0 || inc > 180) return {400, "field 'increment_seconds' must be from 0 to 180"};
        if (base == 0 && inc == 0)
            return {400, "a lobby game has a clock: base_minutes or increment_seconds above 0"};
        c.base_minutes = static_cast<int>(base);
        c.increment_seconds = static_cast<int>(inc);
        c.rated = j.value("rated", false);
        c.side = j.value("side", std::string("random"));
        if (c.side != "white" && c.side != "black" && c.side != "random")
            return {400, "field 'side' must be white, black or random"};
        c.to = j.value("to", std::string());
        if (!c.to.empty())
            if (const std::string why = players::name_problem(c.to); !why.empty())
                return {400, "to: " + why};
        return {};
    }
    if (out.type == "cancel" || out.type == "accept" || out.type == "decline") {
        if (ApiError e =
                parse_body(text, {{"type", Type::STRING, true}, {"id", Type::INTEGER, true}}, j))
            return e;
        const auto id = j["id"].get<std::int64_t>();
        if (id <= 0) return {400, "field 'id' must be a challenge's id (from 1)"};
        out.id = static_cast<std::uint64_t>(id);
        return {};
    }
    if (out.type == "ping") return {};
    return {400, "unknown message type " + chimera::quoted(out.type) +
                     " (challenge, seek, cancel, accept, decline or ping)"};
}

}  // namespace chimera::server
