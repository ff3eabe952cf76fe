// What viewers see: states, records, the list of games, subscriptions,
// presence and the pushes.
#include <algorithm>

#include "game/record.h"
#include "server/games.h"
#include "server/room.h"

namespace chimera::server {

namespace {

// Newest first: by the last change, then by id, as the list of finished games
// is ordered in storage.
bool newer(const GameSummary& a, const GameSummary& b) {
    return a.updated_ms != b.updated_ms ? a.updated_ms > b.updated_ms : a.id > b.id;
}

}  // namespace

std::string GameService::state(const std::string& id, const std::string& token, ApiError& err,
                               std::uint64_t* version) {
    auto room = find(id, err);
    if (!room) return {};  // err says why
    std::lock_guard rl(room->mutex);
    const int viewer = viewer_of(*room, token);
    if (version) *version = room->version;
    return state_locked(*room, viewer);
}

int GameService::viewer_of(Room& room, const std::string& token) {
    const int viewer = seat_of(room, token);
    if (viewer != kSpectator || token.empty() || room.data.result != "*") return viewer;
    if (Status s = refresh(room); !s) return viewer;  // a spectator's, as held
    return seat_of(room, token);
}

// The state message for one viewer (encoded at the API edge, state_json.cpp):
// the shared part once per version, then this viewer's clocks, seats and invitation.
std::string GameService::state_locked(const Room& r, int viewer) const {
    const StoredGame& g = r.data;
    if (!r.players_read) read_players(r);
    encode_shared_state(g, r.version, *r.game, room_view(r), r.state);
    ViewerState v;
    v.clock = clock_view(r);
    for (int s = 0; s < 2; ++s)
        v.seat[s] = g.computer_side == s                   ? "computer"
                    : viewer == s || viewer == kViewerBoth ? "you"
                    : g.seat_taken[s]                      ? "human"
                                                           : "open";
    v.you = viewer == kViewerBoth ? 2 : viewer;
    v.claim_in_ms = claim_in_ms(r, viewer, rules_.absence_ms);
    if (viewer != kSpectator && g.mode == "online" && !(g.seat_taken[0] && g.seat_taken[1]))
        v.invite = g.invite;
    return encode_state(r.state, v);
}

std::unique_ptr<Game> GameService::position_at(const std::string& id, std::size_t n,
                                               ApiError& err) {
    auto room = find(id, err);
    if (!room) return {};  // err says why
    std::unique_ptr<Game> g;
    {
        std::lock_guard rl(room->mutex);
        if (n > room->game->ply_count())
            return err = fail(400, "n is beyond the last ply"), nullptr;
        g = room->game->clone();
    }
    while (g->ply_count() > n) (void)g->undo();
    return g;
}

std::string GameService::record(const std::string& id, ApiError& err) {
    auto room = find(id, err);
    if (!room) return {};  // err says why
    std::lock_guard rl(room->mutex);
    const StoredGame& g = room->data;
    game::Record rec;
    rec.set_tag("Event", "Chimera game");
    rec.set_tag("Site", "Chimera");
    rec.set_tag("Variant", g.variant);
    rec.set_tag("FEN", g.start_fen);
    if (g.formation) rec.set_tag("Formation", std::to_string(g.formation));
    auto name = [&](int s) {
        return g.computer_side == s ? "Chimera level " + std::to_string(g.level)
                                    : std::string("Player");
    };
    rec.set_tag("White", name(0));
    rec.set_tag("Black", name(1));
    rec.set_tag("Result", std::string(public_result(g.result)));
    if (!g.termination.empty()) rec.set_tag("Termination", g.termination);
    if (g.base_ms > 0)
        rec.set_tag("TimeControl",
                    std::to_string(g.base_ms / 1000) + "+" + std::to_string(g.inc_ms / 1000));
    rec.moves = g.san;
    rec.result = public_result(g.result);
    return game::write_record(rec);
}

GameListing GameService::list(std::size_t limit, const std::optional<ListCursor>& before,
                              ApiError& err) {
    GameListing out;
    if (!before) {
        std::vector<std::shared_ptr<Room>> all;
        {
            std::lock_guard lock(rooms_mutex_);
            all.reserve(rooms_.size());
            for (auto& [id, r] : rooms_) all.push_back(r);
        }
        for (auto& r : all) {
            std::lock_guard rl(r->mutex);
            const StoredGame& g = r->data;
            if (g.result == "*")
                out.live.push_back({g.id, g.variant, g.mode, g.level, g.lan.size(), g.result,
                                    g.termination, g.updated_ms});
        }
        const std::size_t shown = std::min(limit, out.live.size());
        std::partial_sort(out.live.begin(), out.live.begin() + static_cast<std::ptrdiff_t>(shown),
                          out.live.end(), newer);
        out.live.resize(shown);
    }
    // One more than a page tells whether there is a next one.
    if (Status s = storage_->list_finished(before ? &*before : nullptr, limit + 1, out.recent); !s)
        return refused(err, storage_failure(s));
    if (out.recent.size() > limit) {
        out.recent.resize(limit);
        out.next = ListCursor{out.recent.back().updated_ms, out.recent.back().id};
    }
    // A game that ended after the live games were read is listed as finished only.
    std::erase_if(out.live, [&](const GameSummary& l) {
        return std::any_of(out.recent.begin(), out.recent.end(),
                           [&](const GameSummary& r) { return r.id == l.id; });
    });
    return out;
}

std::uint64_t GameService::subscribe(const std::string& id, const std::string& token,
                                     Subscriber s) {
    ApiError err;
    auto room = find(id, err);
    if (!room) return 0;
    std::lock_guard rl(room->mutex);
    const std::uint64_t h = next_handle_++;
    const int viewer = viewer_of(*room, token);
    const bool going = room->data.result == "*";
    // Tells the others before this view is added; a finished game is only shown.
    if (going) count_presence(*room, viewer, +1);
    s(Push{room->version, std::make_shared<const std::string>(state_locked(*room, viewer)), true});
    if (going)
        room->subscribers[h] = {viewer, std::move(s)};
    else
        watch_after(*room, viewer, h, std::move(s));  // told of rematch offers
    return h;
}

void GameService::unsubscribe(const std::string& id, std::uint64_t handle) {
    if (unwatch_after(id, handle)) return;
    auto room = find_live(id);
    if (!room) return;
    std::lock_guard rl(room->mutex);
    const auto it = room->subscribers.find(handle);
    if (it == room->subscribers.end()) {
        (void)unwatch_after(id, handle);  // moved there by retire meanwhile
        return;
    }
    const int viewer = it->second.first;
    room->subscribers.erase(it);
    count_presence(*room, viewer, -1);
}

void GameService::count_presence(Room& room, int viewer, int delta) {
    bool changed = false;
    const std::int64_t now = now_ms();
    for (int s = 0; s < 2; ++s) {
        if (viewer != s && viewer != kViewerBoth) continue;
        const bool was_present = room.present[s] > 0;
        room.present[s] += delta;
        if (was_present == (room.present[s] > 0)) continue;
        if (shared_) {
            store_presence(room, s);
            continue;
        }
        room.data.away_ms[s] = room.present[s] > 0 ? 0 : now;
        changed = true;
    }
    // A seat's arrival or departure is a change of the game others see
    // (`present`, `claim_in_ms`), while it goes on.
    if (!changed || room.data.result != "*") return;
    ++room.version;
    publish(room);
}

void GameService::store_presence(Room& room, int side) {
    const bool here = room.present[side] > 0;
    if (here == room.presence_stored[side] || room.data.result != "*") return;
    Presence p;
    if (Status s = storage_->set_presence(room.data.id, side, instance_, here, now_ms(), p); !s)
        return;  // tried again at the next renewal
    room.presence_stored[side] = here;
    if (!p.changed) return;
    if (p.version != room.data.version + 1) {  // other writes came first: read them all
        (void)refresh(room);
        return;
    }
    room.data.away_ms[side] = p.away_ms;
    room.data.version = p.version;
    ++room.version;
    publish(room);
}

// After a change: one delta for every subscriber (a player who may claim the
// win gets it with claim_in_ms), or the whole state per kind of viewer when the
// change is not a delta's (seats taken, no previous version).
void GameService::publish(Room& room) {
    if (room.subscribers.empty()) return;
    if (!room.players_read) read_players(room);
    encode_shared_state(room.data, room.version, *room.game, room_view(room), room.state);
    std::string delta = encode_delta(room.data, room.state, clock_view(room));
    const bool touches_claim = !delta.empty() && delta_touches_claim(room.state);
    room.state.previous = SharedParts{};  // only this push needed it
    if (!delta.empty()) {
        const Push push{room.version, std::make_shared<const std::string>(std::move(delta)), false};
        Push for_seat[2];
        for (auto& [h, sub] : room.subscribers) {
            const int viewer = sub.first;
            const std::int64_t claim = claim_in_ms(room, viewer, rules_.absence_ms);
            if (claim < 0 && !(touches_claim && may_claim(room.data, viewer))) {
                sub.second(push);
                continue;
            }
            if (!for_seat[viewer].text)
                for_seat[viewer] =
                    Push{room.version,
                         std::make_shared<const std::string>(with_claim(*push.text, claim)), false};
            sub.second(for_seat[viewer]);
        }
        return;
    }
    std::map<int, std::shared_ptr<const std::string>> by_viewer;
    for (auto& [h, sub] : room.subscribers) {
        auto it = by_viewer.find(sub.first);
        if (it == by_viewer.end())
            it = by_viewer
                     .emplace(sub.first,
                              std::make_shared<const std::string>(state_locked(room, sub.first)))
                     .first;
        sub.second(Push{room.version, it->second, true});
    }
}

}  // namespace chimera::server
