// Rated games (docs/ratings.md): the players' Glicko-2 ratings after a rated
// game, written in the transaction that stores its result, and the players
// as the state shows them.
#include <cstdio>

#include "players/glicko2.h"
#include "players/names.h"
#include "server/games.h"
#include "server/json_text.h"
#include "server/ratings_sql.h"
#include "server/room.h"

namespace chimera::server {

namespace {

constexpr double kDayMs = 24.0 * 3600 * 1000;

std::string number(double v) {
    char b[40];
    std::snprintf(b, sizeof b, "%.6f", v);
    return b;
}

// A rating as stored: the rating, how many games it counts, its last game.
struct StoredRating {
    players::Rating rating;
    std::int64_t games = 0, last_ms = 0;
    bool found = false;   // a rating in the variant
    bool exists = false;  // the account
};

// The stored ratings of the two accounts (ids) in a variant.
Status read_ratings(Storage& storage, const std::string& variant, const std::string ids[2],
                    StoredRating out[2]) {
    std::vector<SqlRows> rows;
    if (Status s = storage.run_sql({{&sql::kRatingsOf, {variant, ids[0], ids[1]}}}, &rows); !s)
        return s;
    for (const auto& r : rows.at(0))
        for (int side = 0; side < 2; ++side) {
            if (r.at(0) != ids[side]) continue;
            out[side].exists = true;
            if (r.at(1).empty()) continue;  // no rating yet
            out[side].rating = {std::stod(r.at(1)), std::stod(r.at(2)), std::stod(r.at(3))};
            out[side].games = std::stoll(r.at(4));
            out[side].last_ms = std::stoll(r.at(5));
            out[side].found = true;
        }
    return Status::ok();
}

// The rating as it stands at `now`: its deviation grown with the days since its last game.
players::Rating current(const StoredRating& s, std::int64_t now) {
    if (!s.found) return players::Rating{};
    return players::after_inactivity(s.rating, static_cast<double>(now - s.last_ms) / kDayMs);
}

}  // namespace

Status GameService::rate_result(StoredGame& g, std::int64_t now) {
    g.with_write.clear();
    if (!g.rated || g.account[0].empty() || g.account[1].empty()) return Status::ok();
    const double white = g.result == "1-0" ? 1 : g.result == "0-1" ? 0 : 0.5;
    if (g.result != "1-0" && g.result != "0-1" && g.result != "1/2-1/2") return Status::ok();
    const std::string ids[2] = {players::name_key(g.account[0]), players::name_key(g.account[1])};
    StoredRating stored[2];
    if (Status s = read_ratings(*storage_, g.variant, ids, stored); !s) return s;
    // An account deleted meanwhile (on another server) is not rated, nor its opponent.
    if (!stored[0].exists || !stored[1].exists) return Status::ok();
    const players::Rating before[2] = {current(stored[0], now), current(stored[1], now)};
    // In the order of the accounts' ids, so two games of the same two players
    // ending at once lock their rows in one order (no deadlock).
    const int first = ids[0] <= ids[1] ? 0 : 1;
    for (int side : {first, 1 - first}) {
        const players::Result game{before[1 - side].rating, before[1 - side].deviation,
                                   side == 0 ? white : 1 - white};
        const players::Rating after = players::rate(before[side], std::span(&game, 1));
        // Written over the rating it was computed from only: a game of the same
        // player stored meanwhile makes the write fail (a conflict), and it is
        // computed again from the new rating.
        if (stored[side].found)
            g.with_write.push_back(
                {&sql::kUpdateRating,
                 {number(after.rating), number(after.deviation), number(after.volatility),
                  std::to_string(now), ids[side], g.variant, std::to_string(stored[side].games)},
                 true});
        else
            g.with_write.push_back(
                {&sql::kInsertRating,
                 {ids[side], g.variant, number(after.rating), number(after.deviation),
                  number(after.volatility), std::to_string(now)},
                 true});
        g.with_write.push_back(
            {&sql::kInsertRatingChange,
             {g.id, ids[side], g.variant, number(before[side].rating), number(after.rating),
              number(after.deviation), std::to_string(now)}});
    }
    return Status::ok();
}

void GameService::forget_account(const std::string& name) {
    for (auto& room : live_rooms()) {
        std::lock_guard rl(room->mutex);
        for (std::string& a : room->data.account)
            if (a == name) a.clear(), room->players_read = false;
    }
    finished_.clear();
}

void GameService::read_players(const Room& room) const {
    const StoredGame& g = room.data;
    room.players_read = true;
    if (g.account[0].empty() && g.account[1].empty()) {
        room.players = "null";
        return;
    }
    const std::string ids[2] = {players::name_key(g.account[0]), players::name_key(g.account[1])};
    StoredRating stored[2];
    // After a rated game: the ratings before and after it.
    double before[2] = {0, 0}, after[2] = {0, 0}, deviation[2] = {0, 0};
    bool changed[2] = {false, false};
    if (g.rated && g.result != "*") {
        std::vector<SqlRows> rows;
        if (Status s = storage_->run_sql({{&sql::kRatingChangesOfGame, {g.id}}}, &rows); s)
            for (const auto& r : rows.at(0))
                for (int side = 0; side < 2; ++side)
                    if (r.at(0) == ids[side]) {
                        before[side] = std::stod(r.at(1));
                        after[side] = std::stod(r.at(2));
                        deviation[side] = std::stod(r.at(3));
                        changed[side] = true;
                    }
    }
    if (!changed[0] || !changed[1]) (void)read_ratings(*storage_, g.variant, ids, stored);
    const std::int64_t now = now_ms();
    std::string out;
    JsonText j(out);
    j.begin_object();
    for (int side = 0; side < 2; ++side) {
        j.key(kSideName[side]);
        if (g.account[side].empty()) {
            j.raw("null");
            continue;
        }
        const players::Rating r = changed[side]
                                      ? players::Rating{after[side], deviation[side], 0.06}
                                      : current(stored[side], now);
        j.begin_object()
            .field("name", g.account[side])
            .field("rating", static_cast<std::int64_t>(std::lround(r.rating)))
            .field("provisional", players::provisional(r));
        if (changed[side]) j.field("before", static_cast<std::int64_t>(std::lround(before[side])));
        j.end_object();
    }
    j.end_object();
    room.players = out;
}

}  // namespace chimera::server
