// The lobby's bookkeeping (issue 16; docs/api.md, "The lobby", once served):
// open challenges that everyone sees (or one named player), and the
// quick-pairing pools that match two waiting players of the same variant and
// time control, the closest ratings first, the window widening the longer
// they wait. Bounded per owner (a connection or an account). In memory, one
// per server; the caller locks nothing: it is thread-safe. Time is passed in
// (milliseconds), so it is tested with a simulated clock.
#pragma once

#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace chimera::server {

// Who is in the lobby: the owner key (a connection), the account's name
// ("" anonymous), its rating in the variant, whether it is a bot, and the
// client's address key ("" unknown), which the per-address bound counts.
struct LobbyPlayer {
    std::string owner, name;
    double rating = 1500;
    bool bot = false;
    std::string address{};
};

struct Challenge {
    std::uint64_t id = 0;
    LobbyPlayer by;
    std::string variant;
    int base_minutes = 0, increment_seconds = 0;
    bool rated = false;
    std::string side = "random";  // the creator's: white, black or random
    std::string to;               // a named player only ("": everyone)
    std::int64_t created_ms = 0;
};

// Two players paired: the challenge they play (the first player's), and the other.
struct Pairing {
    Challenge challenge;
    LobbyPlayer other;
};

class Lobby {
  public:
    static constexpr std::size_t kPerOwner = 3;    // open challenges and seeks, each
    static constexpr std::size_t kPerAddress = 6;  // of all the owners of one address
    static constexpr std::size_t kMax = 5000;      // open challenges in all
    static constexpr double kWindow = 100;         // rating window at first
    static constexpr double kWidenPerSecond = 20;  // and its growth while waiting
    static constexpr double kMaxWindow = 1000;

    // A new open challenge; "" and its id in *id, or why it is refused.
    std::string add(Challenge c, std::int64_t now, std::uint64_t* id);
    // The challenges `viewer` may see (everyone's, and those naming it).
    std::vector<Challenge> visible(const std::string& viewer_name) const;
    // Removes the owner's challenge; whether there was one.
    bool cancel(const std::string& owner, std::uint64_t id);
    // A challenge naming `name` refused by that player: removed, and returned.
    std::optional<Challenge> decline(std::uint64_t id, const std::string& name);
    // Takes a challenge to play it: refused ("" = taken) when it is one's own,
    // named for someone else, or rated for an anonymous taker.
    std::string accept(std::uint64_t id, const LobbyPlayer& taker, Pairing* out);
    // Quick pairing: matched at once with a waiting seek of the same pool
    // within both players' windows (the closest rating), else queued. Bots do
    // not quick-pair. Returns "" and *paired true with the pairing, "" and
    // false when queued (its id in *queued, for cancel), or why it is refused.
    std::string seek(Challenge c, std::int64_t now, Pairing* out, bool* paired,
                     std::uint64_t* queued = nullptr);
    // Pairs the seeks whose windows have grown to meet (called every second).
    std::vector<Pairing> match_waiting(std::int64_t now);
    // Everything of an owner goes (its connection closed); the ids removed.
    std::vector<std::uint64_t> leave(const std::string& owner);
    std::size_t open_count() const;
    std::size_t seek_count() const;

  private:
    static std::string pool(const Challenge& c);
    static double window(const Challenge& c, std::int64_t now);
    // Why one more of c.by's would be too many ("" if it is not); mutex held.
    std::string bounded(const LobbyPlayer& by) const;

    mutable std::mutex mutex_;
    std::uint64_t next_id_ = 1;
    std::map<std::uint64_t, Challenge> open_;
    std::map<std::uint64_t, Challenge> seeks_;
};

}  // namespace chimera::server
