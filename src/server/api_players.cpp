// The players' pages of the API (docs/api.md, "Ratings and players"): a
// variant's leaderboard, and a player's ratings, rating history and games.
#include <algorithm>
#include <chrono>
#include <cmath>

#include "core/text.h"
#include "players/glicko2.h"
#include "players/names.h"
#include "server/api.h"
#include "server/ratings_sql.h"
#include "variants/registry.h"

namespace chimera::server {

namespace {

constexpr double kDayMs = 24.0 * 3600 * 1000;

std::int64_t now() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
}

// A stored rating row (rating, deviation, volatility, games, last_ms from
// column `from`) as it stands now: its deviation grown with the days since.
Json rating_json(const std::vector<std::string>& r, std::size_t from) {
    const players::Rating stored{std::stod(r.at(from)), std::stod(r.at(from + 1)),
                                 std::stod(r.at(from + 2))};
    const players::Rating now_r = players::after_inactivity(
        stored, static_cast<double>(now() - std::stoll(r.at(from + 4))) / kDayMs);
    return Json{{"rating", std::lround(now_r.rating)},
                {"deviation", std::lround(now_r.deviation)},
                {"provisional", players::provisional(now_r)},
                {"games", std::stoll(r.at(from + 3))}};
}

ApiResponse failure(const Status& s) {
    return from_error(ApiError{s.is_unavailable() ? 503 : 500, s.message()});
}

}  // namespace

ApiResponse handle_players(Storage& storage, const std::vector<std::string_view>& seg,
                           const std::map<std::string, std::string>& params) {
    auto param = [&](const char* k) {
        const auto it = params.find(k);
        return it == params.end() ? std::string() : it->second;
    };
    for (const auto& [k, v] : params)
        if (k != "limit" && k != "variant" && k != "result" && k != "rated")
            return from_error({400, "unknown query parameter " + chimera::quoted(k)});
    if (seg[1] == "ratings") {
        // GET /api/ratings/<variant>[?limit=N]: the best established ratings.
        if (seg.size() != 3) return from_error({404, "use /api/ratings/<variant>"});
        const std::string variant(seg[2]);
        if (!find_variant(variant))
            return from_error({404, "unknown variant " + chimera::quoted(variant)});
        int limit = 50;
        if (const std::string l = param("limit"); !l.empty()) {
            const auto n = parse_uint(l, 3);
            if (!n || *n < 1 || *n > 200) return from_error({400, "limit must be 1-200"});
            limit = *n;
        }
        std::vector<SqlRows> rows;
        if (Status s = storage.run_sql({{&sql::kLeaderboard, {variant}}}, &rows); !s)
            return failure(s);
        Json list = Json::array();
        for (const auto& r : rows.at(0)) {
            Json entry = rating_json(r, 1);
            if (entry["provisional"].get<bool>()) continue;  // established ratings only
            entry["name"] = r.at(0);
            list.push_back(std::move(entry));
            if (static_cast<int>(list.size()) == limit) break;
        }
        // Best first as they stand now (the deviations grown, the ratings not).
        return json_response(200, Json{{"variant", variant}, {"players", list}});
    }
    // GET /api/players/<name>[?variant=&result=win|loss|draw&rated=true|false&limit=N]
    if (seg.size() != 3) return from_error({404, "use /api/players/<name>"});
    const std::string id = players::name_key(seg[2].substr(0, 64));
    std::vector<SqlRows> rows;
    if (Status s = storage.run_sql({{&sql::kPlayer, {id}}}, &rows); !s) return failure(s);
    if (rows.at(0).empty() || rows[0][0].at(3) != "0")
        return from_error({404, "no player " + chimera::quoted(std::string(seg[2]))});
    const auto account = rows[0][0];
    const std::string name = account.at(1);
    const std::string variant = param("variant"), result = param("result"), rated = param("rated");
    if (!variant.empty() && !find_variant(variant))
        return from_error({400, "variant: unknown variant " + chimera::quoted(variant)});
    if (!result.empty() && result != "win" && result != "loss" && result != "draw")
        return from_error({400, "result must be win, loss or draw"});
    if (!rated.empty() && rated != "true" && rated != "false")
        return from_error({400, "rated must be true or false"});
    int limit = 50;
    if (const std::string l = param("limit"); !l.empty()) {
        const auto n = parse_uint(l, 4);
        if (!n || *n < 1 || *n > 1000) return from_error({400, "limit must be 1-1000"});
        limit = *n;
    }
    if (Status s = storage.run_sql(
            {{&sql::kPlayerRatings, {id}},
             {&sql::kPlayerHistory, {id}},
             {&sql::kPlayerGames, {name, variant, rated, rated == "true" ? "1" : "0"}}},
            &rows);
        !s)
        return failure(s);
    Json ratings = Json::object(), history = Json::object(), games = Json::array();
    for (const auto& r : rows.at(0)) ratings[r.at(0)] = rating_json(r, 1);
    for (const auto& r : rows.at(1))
        history[r.at(0)].push_back(Json{{"at_ms", std::stoll(r.at(1))},
                                        {"rating", std::lround(std::stod(r.at(2)))},
                                        {"game", r.at(3)}});
    for (const auto& r : rows.at(2)) {
        // id, variant, mode, plies, result, termination, updated_ms, white, black, rated
        const int side = r.at(7) == name ? 0 : 1;
        const std::string& res = r.at(4);
        const std::string outcome =
            res == "1/2-1/2"                                                  ? "draw"
            : (res == "1-0") == (side == 0) && (res == "1-0" || res == "0-1") ? "win"
            : res == "1-0" || res == "0-1"                                    ? "loss"
                                                                              : "none";
        if (!variant.empty() && r.at(1) != variant) continue;
        if (!result.empty() && outcome != result) continue;
        if (!rated.empty() && (r.at(9) != "0") != (rated == "true")) continue;
        games.push_back(Json{{"id", r.at(0)},
                             {"variant", r.at(1)},
                             {"mode", r.at(2)},
                             {"plies", std::stoll(r.at(3))},
                             {"result", std::string(public_result(res))},
                             {"termination", r.at(5)},
                             {"updated_ms", std::stoll(r.at(6))},
                             {"white", r.at(7).empty() ? Json() : Json(r.at(7))},
                             {"black", r.at(8).empty() ? Json() : Json(r.at(8))},
                             {"rated", r.at(9) != "0"},
                             {"side", side == 0 ? "white" : "black"},
                             {"outcome", outcome}});
        if (static_cast<int>(games.size()) == limit) break;
    }
    return json_response(200, Json{{"name", name},
                                   {"created_ms", std::stoll(account.at(2))},
                                   {"bot", account.at(4) != "0"},
                                   {"ratings", ratings},
                                   {"history", history},
                                   {"games", games}});
}

}  // namespace chimera::server
