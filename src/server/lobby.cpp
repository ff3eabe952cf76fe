#include "server/lobby.h"

#include <algorithm>
#include <cmath>

#include "players/names.h"

namespace chimera::server {

std::string Lobby::pool(const Challenge& c) {
    return c.variant + '/' + std::to_string(c.base_minutes) + '+' +
           std::to_string(c.increment_seconds) + (c.rated ? "/rated" : "/casual");
}

double Lobby::window(const Challenge& c, std::int64_t now) {
    const double waited = static_cast<double>(std::max<std::int64_t>(0, now - c.created_ms)) / 1000;
    return std::min(kMaxWindow, kWindow + kWidenPerSecond * waited);
}

std::string Lobby::bounded(const LobbyPlayer& by) const {
    std::size_t mine = 0, here = 0;
    for (const auto* m : {&open_, &seeks_})
        for (const auto& [id, c] : *m) {
            mine += c.by.owner == by.owner;
            here += !by.address.empty() && c.by.address == by.address;
        }
    if (mine >= kPerOwner)
        return "at most " + std::to_string(kPerOwner) + " challenges and seeks at once";
    if (here >= kPerAddress)
        return "at most " + std::to_string(kPerAddress) +
               " challenges and seeks at once from one address";
    return "";
}

std::string Lobby::add(Challenge c, std::int64_t now, std::uint64_t* id) {
    if (c.rated && c.by.name.empty()) return "a rated challenge is between accounts: log in first";
    if (!c.to.empty() && players::name_key(c.to) == players::name_key(c.by.name))
        return "a challenge names someone else";
    std::lock_guard lock(mutex_);
    if (std::string why = bounded(c.by); !why.empty()) return why;
    if (open_.size() >= kMax) return "the lobby is full; try again in a minute";
    c.id = next_id_++;
    c.created_ms = now;
    *id = c.id;
    open_[c.id] = std::move(c);
    return "";
}

std::vector<Challenge> Lobby::visible(const std::string& viewer_name) const {
    std::lock_guard lock(mutex_);
    std::vector<Challenge> out;
    const std::string me = players::name_key(viewer_name);
    for (const auto& [id, c] : open_)
        if (c.to.empty() || (!me.empty() && players::name_key(c.to) == me)) out.push_back(c);
    return out;
}

bool Lobby::cancel(const std::string& owner, std::uint64_t id) {
    std::lock_guard lock(mutex_);
    for (auto* m : {&open_, &seeks_}) {
        const auto it = m->find(id);
        if (it != m->end() && it->second.by.owner == owner) {
            m->erase(it);
            return true;
        }
    }
    return false;
}

std::string Lobby::accept(std::uint64_t id, const LobbyPlayer& taker, Pairing* out) {
    std::lock_guard lock(mutex_);
    const auto it = open_.find(id);
    if (it == open_.end()) return "the challenge is gone (taken, cancelled or its creator left)";
    const Challenge& c = it->second;
    if (c.by.owner == taker.owner ||
        (!c.by.name.empty() && players::name_key(c.by.name) == players::name_key(taker.name)))
        return "that challenge is your own";
    if (!c.to.empty() && players::name_key(c.to) != players::name_key(taker.name))
        return "that challenge is for " + c.to;
    if (c.rated && taker.name.empty()) return "a rated challenge is between accounts: log in first";
    if (taker.bot && c.to.empty()) return "a bot plays only the challenges that name it";
    *out = Pairing{c, taker};
    open_.erase(it);
    return "";
}

std::optional<Challenge> Lobby::decline(std::uint64_t id, const std::string& name) {
    std::lock_guard lock(mutex_);
    const auto it = open_.find(id);
    if (it == open_.end() || it->second.to.empty() || name.empty() ||
        players::name_key(it->second.to) != players::name_key(name))
        return std::nullopt;
    Challenge c = std::move(it->second);
    open_.erase(it);
    return c;
}

std::string Lobby::seek(Challenge c, std::int64_t now, Pairing* out, bool* paired,
                        std::uint64_t* queued) {
    *paired = false;
    if (c.by.bot) return "bots do not use quick pairing: challenge them";
    if (c.rated && c.by.name.empty())
        return "rated quick pairing is between accounts: log in first";
    std::lock_guard lock(mutex_);
    if (std::string why = bounded(c.by); !why.empty()) return why;
    c.created_ms = now;
    const std::string p = pool(c);
    // The waiting seek of the pool with the closest rating, within both windows.
    auto best = seeks_.end();
    double best_gap = 0;
    for (auto it = seeks_.begin(); it != seeks_.end(); ++it) {
        const Challenge& w = it->second;
        if (pool(w) != p || w.by.owner == c.by.owner) continue;
        if (!c.by.name.empty() && players::name_key(w.by.name) == players::name_key(c.by.name))
            continue;
        const double gap = std::abs(w.by.rating - c.by.rating);
        if (gap > std::min(window(w, now), window(c, now))) continue;
        if (best == seeks_.end() || gap < best_gap) best = it, best_gap = gap;
    }
    if (best != seeks_.end()) {
        *out = Pairing{best->second, c.by};
        seeks_.erase(best);
        *paired = true;
        return "";
    }
    c.id = next_id_++;
    if (queued) *queued = c.id;
    seeks_[c.id] = std::move(c);
    return "";
}

std::vector<Pairing> Lobby::match_waiting(std::int64_t now) {
    std::lock_guard lock(mutex_);
    std::vector<Pairing> out;
    for (bool found = true; found;) {
        found = false;
        // The closest pair of any pool whose windows now meet, oldest first.
        auto a = seeks_.end(), b = seeks_.end();
        double best_gap = 0;
        for (auto i = seeks_.begin(); i != seeks_.end(); ++i)
            for (auto j = std::next(i); j != seeks_.end(); ++j) {
                const LobbyPlayer &x = i->second.by, &y = j->second.by;
                if (pool(i->second) != pool(j->second) || x.owner == y.owner ||
                    (!x.name.empty() && players::name_key(x.name) == players::name_key(y.name)))
                    continue;
                const double gap = std::abs(i->second.by.rating - j->second.by.rating);
                if (gap > std::min(window(i->second, now), window(j->second, now))) continue;
                if (a == seeks_.end() || gap < best_gap) a = i, b = j, best_gap = gap;
            }
        if (a != seeks_.end()) {
            out.push_back(Pairing{a->second, b->second.by});
            seeks_.erase(a);
            seeks_.erase(b);
            found = true;
        }
    }
    return out;
}

std::vector<std::uint64_t> Lobby::leave(const std::string& owner) {
    std::lock_guard lock(mutex_);
    std::vector<std::uint64_t> gone;
    for (auto* m : {&open_, &seeks_})
        for (auto it = m->begin(); it != m->end();)
            if (it->second.by.owner == owner) {
                gone.push_back(it->first);
                it = m->erase(it);
            } else {
                ++it;
            }
    return gone;
}

std::size_t Lobby::open_count() const {
    std::lock_guard lock(mutex_);
    return open_.size();
}

std::size_t Lobby::seek_count() const {
    std::lock_guard lock(mutex_);
    return seeks_.size();
}

}  // namespace chimera::server
