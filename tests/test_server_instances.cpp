// Two game services on one database, in process, on both backends: what two
// `chimera serve` instances behind a round-robin balancer do with one game
// (docs/scaling.md, "Several servers"). Every write of a game checks the
// version it was based on, so a server whose copy is behind never stores over
// the other's, and any server answers for any game: it reads a game it does
// not hold from the database, and reads it again when what it holds is stale.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <set>
#include <thread>

#include "postgres_server.h"
#include "push_view.h"
#include "server/games.h"
#include "server/storage.h"
#include "server_client.h"

namespace chimera {
namespace {

using namespace chimera::testing;
using namespace std::chrono_literals;
using server::ApiError;
using server::GameService;

class TwoServers : public ::testing::TestWithParam<Backend> {
  protected:
    void SetUp() override {
        db_ = new_database(GetParam(), dir_.file("shared.db"));
        ASSERT_FALSE(db_.empty());
        a_ = open_service();
        b_ = open_service();
        ASSERT_TRUE(a_ && b_);
    }

    std::unique_ptr<GameService> open_service(server::AbsenceRules rules = {}) {
        Status st = Status::ok();
        auto storage = server::open_storage(db_, &st);
        EXPECT_TRUE(storage) << st.message();
        if (!storage) return nullptr;
        auto s =
            std::make_unique<GameService>(std::move(storage), 1, server::ComputerLimits{}, rules);
        EXPECT_TRUE(s->restore());
        return s;
    }

    // A local game (one token for both sides) created on a.
    server::SeatGrant local_game(const std::string& fen = "") {
        server::CreateRequest req;
        req.mode = "local";
        req.variant = "chess";
        req.fen = fen;
        ApiError err;
        server::SeatGrant g = a_->create(req, err);
        EXPECT_FALSE(err) << err.message;
        return g;
    }

    // An online game created on a (its creator White), read by b while its
    // second seat is still open, then joined on a: b's copy has the seat open.
    struct Joined {
        server::SeatGrant white, black;
    };
    Joined joined_on_a_while_b_holds_it_open() {
        server::CreateRequest req;
        req.mode = "online";
        req.variant = "chess";
        req.side = "white";
        ApiError err;
        Joined j;
        j.white = a_->create(req, err);
        EXPECT_FALSE(err) << err.message;
        EXPECT_FALSE(b_->state(j.white.id, "", err).empty()) << err.message;
        j.black = a_->join(j.white.id, j.white.invite, err);
        EXPECT_FALSE(err) << err.message;
        return j;
    }

    Rows stored_moves(const std::string& id) {
        return query_database(
            db_, "SELECT ply, lan FROM moves WHERE game_id = '" + id + "' ORDER BY ply");
    }

    TempDir dir_;
    std::string db_;
    std::unique_ptr<GameService> a_, b_;
};

TEST_P(TwoServers, AGameCreatedOnOneIsPlayedOnTheOtherAndBackAgain) {
    const server::SeatGrant g = local_game();
    ApiError err;
    EXPECT_EQ(a_->move(g.id, g.token, "e2e4", err).ply, 1u);
    ASSERT_FALSE(err) << err.message;
    // b has never seen the game: it reads it, with White's move, and Black moves.
    EXPECT_EQ(b_->move(g.id, g.token, "e7e5", err).ply, 2u);
    ASSERT_FALSE(err) << err.message;
    // a still holds the game after 1. e4: Black to move, so Nf3 looks illegal
    // there. It is refused only after a reads the game again and finds it legal.
    const server::MoveAck third = a_->move(g.id, g.token, "g1f3", err);
    ASSERT_FALSE(err) << err.message;
    EXPECT_EQ(third.ply, 3u);
    EXPECT_EQ(third.san, "Nf3");
    EXPECT_EQ(stored_moves(g.id), (Rows{{"1", "e2e4"}, {"2", "e7e5"}, {"3", "g1f3"}}));
}

TEST_P(TwoServers, AMoveOnAStaleCopyIsDecidedOnWhatIsStored) {
    const server::SeatGrant g = local_game();
    ApiError err;
    // Both hold the game at the start.
    ASSERT_FALSE(b_->state(g.id, "", err).empty()) << err.message;
    a_->move(g.id, g.token, "e2e4", err);
    ASSERT_FALSE(err) << err.message;
    // On b's copy White is to move and d2d4 is legal; on what is stored it is
    // Black's turn, and d2d4 is no move of Black's.
    b_->move(g.id, g.token, "d2d4", err);
    EXPECT_EQ(err.status, 400) << err.message;
    EXPECT_EQ(stored_moves(g.id), (Rows{{"1", "e2e4"}}));
    // And b now shows what is stored.
    const Json state = Json::parse(b_->state(g.id, "", err));
    EXPECT_EQ(state["moves"].size(), 1u);
}

TEST_P(TwoServers, ASeatTakenOnOneServerIsTakenOnTheOther) {
    const auto [g, joined] = joined_on_a_while_b_holds_it_open();
    ASSERT_FALSE(HasFailure());
    ApiError err;
    // b's copy still has the seat open; the database has it taken.
    b_->join(g.id, g.invite, err);
    EXPECT_EQ(err.status, 409) << err.message;
    EXPECT_EQ(err.message, "both seats are taken");
    // The player who joined on a moves on b once White has moved (on b).
    b_->move(g.id, g.token, "e2e4", err);
    ASSERT_FALSE(err) << err.message;
    b_->move(g.id, joined.token, "e7e5", err);
    EXPECT_FALSE(err) << err.message;
}

// The invited player connects the moment the join answers, and the balancer
// may send the WebSocket to a server whose copy still has the seat open (on
// PostgreSQL the change is on its way to it; on SQLite nothing tells it): it
// is seen as the player it is, never as a spectator, and its presence counts.
TEST_P(TwoServers, APlayerWhoJoinedOnOneServerIsSeatedWhenItConnectsToTheOther) {
    const auto [g, black] = joined_on_a_while_b_holds_it_open();
    ASSERT_FALSE(HasFailure());
    ApiError err;
    std::vector<Json> pushes;
    const std::uint64_t h = b_->subscribe(
        g.id, black.token, [&](const server::Push& p) { pushes.push_back(Json::parse(*p.text)); });
    ASSERT_NE(h, 0u);
    ASSERT_FALSE(pushes.empty());
    EXPECT_EQ(pushes.front()["you"], "black") << pushes.front().dump();
    EXPECT_EQ(pushes.front()["present"]["black"], true) << pushes.front().dump();
    // What b answers over HTTP with the token is Black's view too.
    const Json state = Json::parse(b_->state(g.id, black.token, err));
    EXPECT_EQ(state["you"], "black") << state.dump();
    // A token that holds no seat is a spectator's, on either server.
    for (GameService* s : {a_.get(), b_.get()}) {
        const Json stranger = Json::parse(s->state(g.id, "not-a-token", err));
        EXPECT_TRUE(stranger["you"].is_null()) << stranger.dump();
    }
    b_->unsubscribe(g.id, h);
}

TEST_P(TwoServers, AResultStoredByOneEndsTheGameOnTheOther) {
    const server::SeatGrant g = local_game();
    ApiError err;
    ASSERT_FALSE(b_->state(g.id, "", err).empty()) << err.message;
    a_->resign(g.id, g.token, err);
    ASSERT_FALSE(err) << err.message;
    b_->move(g.id, g.token, "e2e4", err);
    EXPECT_EQ(err.status, 409);
    EXPECT_EQ(err.message, "the game is over");
    EXPECT_TRUE(stored_moves(g.id).empty());
    EXPECT_EQ(query_database(db_, "SELECT result FROM games WHERE id = '" + g.id + "'"),
              (Rows{{"0-1"}}));
}

// Both servers take moves of one game at once, from several threads each:
// every ply is stored once, every acknowledged move is the one stored at its
// ply, and the stored moves replay as a game.
TEST_P(TwoServers, MovesRacingOnBothServersAreStoredOncePerPlyAsAcknowledged) {
    // Kings and rooks only: every side always has a legal rook move to try.
    const server::SeatGrant g = local_game("r3k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    std::mutex m;
    std::map<std::size_t, std::string> acked;  // ply -> LAN
    std::atomic<int> conflicts{0};
    auto player = [&](GameService* s, int seed) {
        const char* white[] = {"a1a2", "a2a1", "a1b1", "b1a1", "e1f1", "f1e1"};
        const char* black[] = {"a8a7", "a7a8", "a8b8", "b8a8", "e8f8", "f8e8"};
        for (int i = 0; i < 60; ++i) {
            ApiError err;
            const std::string st = s->state(g.id, "", err);
            if (err) continue;
            const Json j = Json::parse(st);
            if (j["result"] != "*") return;
            const bool w = j["turn"] == "white";
            const char* lan = (w ? white : black)[(seed + i) % 6];
            const server::MoveAck ack = s->move(g.id, g.token, lan, err);
            if (err) {
                if (err.status == 409 && err.conflict) ++conflicts;
                continue;
            }
            std::lock_guard lock(m);
            EXPECT_TRUE(acked.emplace(ack.ply, lan).second) << "ply " << ack.ply << " twice";
        }
    };
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t) threads.emplace_back(player, t % 2 ? a_.get() : b_.get(), t);
    for (auto& t : threads) t.join();
    const Rows stored = stored_moves(g.id);
    ASSERT_FALSE(acked.empty());
    for (const auto& [ply, lan] : acked) {
        ASSERT_LE(ply, stored.size());
        EXPECT_EQ(stored[ply - 1][1], lan) << "ply " << ply;
    }
    for (std::size_t i = 0; i < stored.size(); ++i) EXPECT_EQ(stored[i][0], std::to_string(i + 1));
    // What is stored replays on a third server.
    auto c = open_service();
    ApiError err;
    const Json state = Json::parse(c->state(g.id, "", err));
    ASSERT_FALSE(err) << err.message;
    EXPECT_EQ(state["moves"].size(), stored.size());
    EXPECT_EQ(query_database(db_, "SELECT version >= plies FROM games WHERE id = '" + g.id + "'")
                  .at(0)
                  .at(0),
              GetParam() == Backend::POSTGRES ? "t" : "1");
}

// PostgreSQL tells every server of every stored write (NOTIFY): a viewer on
// one server sees the moves made on another as they are stored, in order,
// without anyone touching the game on its server.
class PostgresTwoServers : public TwoServers {};

TEST_P(PostgresTwoServers, AViewerOnOneServerSeesEveryMoveMadeOnTheOtherInOrder) {
    const server::SeatGrant g = local_game();
    std::mutex m;
    std::condition_variable cv;
    Json view;
    std::vector<std::uint64_t> versions;
    int gaps = 0;
    const std::uint64_t handle = b_->subscribe(g.id, "", [&](const server::Push& p) {
        std::lock_guard lock(m);
        versions.push_back(p.version);
        if (apply_push(view, Json::parse(*p.text)) == Applied::GAP) ++gaps;
        cv.notify_all();
    });
    ASSERT_NE(handle, 0u);
    const std::vector<std::string> moves = {"e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6"};
    ApiError err;
    for (const std::string& mv : moves) {
        a_->move(g.id, g.token, mv, err);
        ASSERT_FALSE(err) << err.message;
    }
    std::unique_lock lock(m);
    const bool seen = cv.wait_for(lock, std::chrono::seconds(10), [&] {
        return view.contains("moves") && view["moves"].size() == moves.size();
    });
    ASSERT_TRUE(seen) << "b's viewer has " << view.dump();
    EXPECT_EQ(gaps, 0);
    EXPECT_TRUE(std::is_sorted(versions.begin(), versions.end()));
    EXPECT_EQ(std::adjacent_find(versions.begin(), versions.end()), versions.end());
    std::vector<std::string> seen_lan;
    for (const Json& mv : view["moves"]) seen_lan.push_back(mv.value("lan", ""));
    EXPECT_EQ(seen_lan, moves);
    lock.unlock();
    b_->unsubscribe(g.id, handle);
}

// A takeback on one server: a viewer on the other gets the shorter game (a
// full state, no gap), and the other server plays on from it.
TEST_P(PostgresTwoServers, ATakebackOnOneServerIsSeenAndPlayedOnByTheOther) {
    const server::SeatGrant g = local_game();
    std::mutex m;
    std::condition_variable cv;
    Json view;
    int gaps = 0;
    const std::uint64_t handle = b_->subscribe(g.id, "", [&](const server::Push& p) {
        std::lock_guard lock(m);
        if (apply_push(view, Json::parse(*p.text)) == Applied::GAP) ++gaps;
        cv.notify_all();
    });
    ASSERT_NE(handle, 0u);
    ApiError err;
    for (const char* mv : {"e2e4", "e7e5", "g1f3"}) {
        a_->move(g.id, g.token, mv, err);
        ASSERT_FALSE(err) << err.message;
    }
    auto moves_seen = [&](std::size_t n) {
        std::unique_lock lock(m);
        return cv.wait_for(lock, std::chrono::seconds(10),
                           [&] { return view.contains("moves") && view["moves"].size() == n; });
    };
    ASSERT_TRUE(moves_seen(3)) << view.dump();
    a_->take_back(g.id, g.token, "offer", err);
    ASSERT_FALSE(err) << err.message;
    ASSERT_TRUE(moves_seen(2)) << view.dump();
    // b plays on from the game as stored: Black's move after 1. e4 e5 is White's again.
    EXPECT_EQ(b_->move(g.id, g.token, "b1c3", err).ply, 3u);
    ASSERT_FALSE(err) << err.message;
    ASSERT_TRUE(moves_seen(3)) << view.dump();
    {
        std::lock_guard lock(m);
        EXPECT_EQ(view["moves"][2]["lan"], "b1c3");
        EXPECT_EQ(gaps, 0);
    }
    b_->unsubscribe(g.id, handle);
}

// A takeback and a new move on one server, however soon the other reads the
// game again: the other has the new line (the takeback count tells it the
// moves changed, not only grew) and plays on from it.
TEST_P(PostgresTwoServers, ATakebackAndAnotherMoveAreNotMistakenForNothingChanged) {
    const server::SeatGrant g = local_game();
    ApiError err;
    for (const char* mv : {"e2e4", "e7e5", "g1f3"}) {
        a_->move(g.id, g.token, mv, err);
        ASSERT_FALSE(err) << err.message;
    }
    (void)b_->state(g.id, g.token, err);  // b holds the game with its three moves
    ASSERT_FALSE(err) << err.message;
    a_->take_back(g.id, g.token, "offer", err);
    ASSERT_FALSE(err) << err.message;
    a_->move(g.id, g.token, "b1c3", err);  // as many moves as b holds, another line
    ASSERT_FALSE(err) << err.message;
    // b's move is judged on the new line: after 2. Nc3, ...Bb4 is legal (after 2. Nf3 too).
    EXPECT_EQ(b_->move(g.id, g.token, "f8b4", err).ply, 4u);
    ASSERT_FALSE(err) << err.message;
    const Json state = Json::parse(b_->state(g.id, g.token, err));
    ASSERT_FALSE(err) << err.message;
    std::vector<std::string> lan;
    for (const Json& m : state["moves"]) lan.push_back(m["lan"]);
    EXPECT_EQ(lan, (std::vector<std::string>{"e2e4", "e7e5", "b1c3", "f8b4"}));
    // a, told of b's move, has the same game.
    Json again;
    for (int i = 0; i < 500; ++i) {
        again = Json::parse(a_->state(g.id, g.token, err));
        ASSERT_FALSE(err) << err.message;
        if (again["moves"].size() == 4) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    EXPECT_EQ(again["moves"], state["moves"]);
    EXPECT_EQ(again["fen"], state["fen"]);
}

// A server that stops (here: stops renewing its leases, as a kill -9 would)
// has its games taken over by another within GameService::kLeaseMs +
// kRenewMs. The time nobody held the game is not charged to the player whose
// clock was running, and the new holder runs the clock from then on.
// A rematch offered on one server is told to a view of the finished game on
// the other, accepted there, and both servers give each player the same seat.
TEST_P(PostgresTwoServers, ARematchOfferedOnOneServerIsSeenAndAcceptedOnTheOther) {
    server::CreateRequest req;
    req.mode = "online";
    req.variant = "wreckage";
    ApiError err;
    const server::SeatGrant white = a_->create(req, err);
    ASSERT_FALSE(err) << err.message;
    const server::SeatGrant black = a_->join(white.id, white.invite, err);
    ASSERT_FALSE(err) << err.message;
    a_->resign(white.id, black.token, err);
    ASSERT_FALSE(err) << err.message;
    std::mutex m;
    std::condition_variable cv;
    Json view;
    const std::uint64_t handle = b_->subscribe(white.id, white.token, [&](const server::Push& p) {
        std::lock_guard lock(m);
        view = Json::parse(*p.text);
        cv.notify_all();
    });
    ASSERT_NE(handle, 0u);
    auto seen = [&](const std::function<bool(const Json&)>& pred) {
        std::unique_lock lock(m);
        return cv.wait_for(lock, std::chrono::seconds(10), [&] { return pred(view); });
    };
    ASSERT_TRUE(seen([](const Json& v) { return v.contains("rematch"); })) << view.dump();
    EXPECT_EQ(a_->rematch(white.id, black.token, "offer", err).offer, 1);
    ASSERT_FALSE(err) << err.message;
    ASSERT_TRUE(seen([](const Json& v) { return v["rematch"]["offer"] == "black"; }))
        << view.dump();
    const server::RematchAck mine = b_->rematch(white.id, white.token, "accept", err);
    ASSERT_FALSE(err) << err.message;
    EXPECT_EQ(mine.seat.side, "black");
    const server::RematchAck theirs = a_->rematch(white.id, black.token, "offer", err);
    ASSERT_FALSE(err) << err.message;
    EXPECT_EQ(theirs.seat.id, mine.seat.id);
    EXPECT_EQ(theirs.seat.side, "white");
    EXPECT_EQ(query_database(db_, "SELECT count(*) FROM games WHERE id = '" + mine.seat.id + "'"),
              (Rows{{"1"}}));
    // The new game is played on either server.
    const Json legal = Json::parse(a_->state(mine.seat.id, theirs.seat.token, err))["legal"];
    ASSERT_FALSE(err) << err.message;
    ASSERT_TRUE(legal.contains("e2")) << legal;
    EXPECT_EQ(a_->move(mine.seat.id, theirs.seat.token, "e2e5", err).ply, 1u);
    ASSERT_FALSE(err) << err.message;
    b_->unsubscribe(white.id, handle);
}

TEST_P(PostgresTwoServers, TheGamesOfAServerThatStopsAreTakenOverAndTheGapIsNotCharged) {
    server::CreateRequest req;
    req.mode = "online";
    req.variant = "chess";
    req.base_ms = 60000;
    ApiError err;
    const server::SeatGrant g = a_->create(req, err);
    ASSERT_FALSE(err) << err.message;
    const server::SeatGrant black = a_->join(g.id, g.invite, err);
    ASSERT_FALSE(err) << err.message;
    a_->move(g.id, g.token, "e2e4", err);
    ASSERT_FALSE(err) << err.message;
    a_->move(g.id, black.token, "e7e5", err);  // White's clock runs from here
    ASSERT_FALSE(err) << err.message;
    const std::int64_t white_turn = server::now_ms();
    ASSERT_FALSE(b_->state(g.id, "", err).empty()) << err.message;  // b holds a copy
    const std::string owner_query = "SELECT owner FROM games WHERE id = '" + g.id + "'";
    const std::string first_owner = query_database(db_, owner_query).at(0).at(0);
    ASSERT_FALSE(first_owner.empty());

    a_->shutdown();
    const std::int64_t stopped = server::now_ms();
    std::int64_t taken = 0;
    while (server::now_ms() - stopped < 15000) {
        if (query_database(db_, owner_query).at(0).at(0) != first_owner) {
            taken = server::now_ms();
            break;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    ASSERT_GT(taken, 0) << "nobody took the game over within 15 s";
    EXPECT_LE(taken - stopped, GameService::kLeaseMs + GameService::kRenewMs + 1000);
    // Let the takeover's credit reach b's copy of the game.
    std::this_thread::sleep_for(std::chrono::milliseconds(300));

    const Json state = Json::parse(b_->state(g.id, "", err));
    ASSERT_FALSE(err) << err.message;
    const std::int64_t now = server::now_ms();
    const std::int64_t white_ms = state["clock"]["white_ms"].get<std::int64_t>();
    EXPECT_EQ(state["clock"]["running"], "white");
    // Charged without the credit: everything since White's turn began.
    const std::int64_t uncredited = 60000 - (now - white_turn);
    EXPECT_GT(white_ms, uncredited + (taken - stopped) - GameService::kRenewMs - 500)
        << "the time without a holder was charged";
    // And never more than White had when the first server stopped.
    EXPECT_LE(white_ms, 60000 - (stopped - white_turn) + GameService::kRenewMs + 200);

    // The new holder decides: Black resigns on b, and the game is over on b.
    b_->resign(g.id, black.token, err);
    EXPECT_FALSE(err) << err.message;
}

// A server that starts beside a running one holds none of its games: it reads
// one when asked for it, and takes the games over only when the other stops.
TEST_P(PostgresTwoServers, AServerStartingBesideAnotherHoldsOnlyWhatItLeasesAndReadsTheRest) {
    const server::SeatGrant g1 = local_game(), g2 = local_game();
    auto c = open_service();
    ASSERT_TRUE(c);
    EXPECT_EQ(c->counts().live, 0u) << "it loaded games another server holds";
    ApiError err;
    c->move(g1.id, g1.token, "e2e4", err);  // read on demand
    ASSERT_FALSE(err) << err.message;
    EXPECT_EQ(c->counts().live, 1u);
    a_->shutdown();
    b_->shutdown();
    const auto stopped = std::chrono::steady_clock::now();
    while (c->counts().live < 2 && std::chrono::steady_clock::now() - stopped < 15s)
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    EXPECT_EQ(c->counts().live, 2u) << "the games of the stopped servers were not taken over";
    c->move(g2.id, g2.token, "d2d4", err);
    EXPECT_FALSE(err) << err.message;
}

// Presence is shared (migration 7): each server stores which seats it holds a
// WebSocket of, so every server sees a player who left from the server they
// were on, and one of them decides the claim by absence.

// An online game on `s`, joined, with both sides' first move: a win by
// absence can be claimed in it.
struct Seats {
    std::string id, white, black;
};
Seats claimable_game(GameService& s) {
    server::CreateRequest req;
    req.mode = "online";
    req.variant = "chess";
    req.side = "white";
    ApiError err;
    const server::SeatGrant g = s.create(req, err);
    EXPECT_FALSE(err) << err.message;
    const server::SeatGrant black = s.join(g.id, g.invite, err);
    EXPECT_FALSE(err) << err.message;
    s.move(g.id, g.token, "e2e4", err);
    s.move(g.id, black.token, "e7e5", err);
    EXPECT_FALSE(err) << err.message;
    return {g.id, g.token, black.token};
}

// Waits up to 10 s for what server `s` shows of the game to satisfy `done`.
template <class Pred>
Json state_when(GameService& s, const std::string& id, const std::string& token, Pred done) {
    Json state;
    const auto until = std::chrono::steady_clock::now() + 10s;
    do {
        ApiError err;
        state = Json::parse(s.state(id, token, err));
        if (done(state)) break;
        std::this_thread::sleep_for(20ms);
    } while (std::chrono::steady_clock::now() < until);
    return state;
}

TEST_P(PostgresTwoServers, AWinByAbsenceIsClaimedOnAnyServerFromThePresenceAllOfThemStore) {
    server::AbsenceRules rules;
    rules.absence_ms = 800;
    auto c = open_service(rules), d = open_service(rules);
    const Seats g = claimable_game(*c);
    const auto ignore = [](const server::Push&) {};
    const std::uint64_t w = c->subscribe(g.id, g.white, ignore);
    std::uint64_t b = d->subscribe(g.id, g.black, ignore);  // Black is on the other server
    ASSERT_TRUE(w && b);
    const auto black_present = [](const Json& j) { return j["present"]["black"] == true; };
    const auto black_away = [](const Json& j) { return j["present"]["black"] == false; };
    EXPECT_TRUE(black_present(state_when(*c, g.id, "", black_present)))
        << "c does not see Black, connected to d";
    ApiError err;
    d->claim(g.id, g.white, err);
    EXPECT_EQ(err.status, 409);
    EXPECT_EQ(err.message, "your opponent is connected");

    d->unsubscribe(g.id, b);  // Black leaves d: c, which holds the game, sees it
    const Json left = state_when(*c, g.id, g.white, black_away);
    ASSERT_TRUE(black_away(left)) << left.dump();
    EXPECT_GT(left.value("claim_in_ms", -1), 0) << left.dump();
    c->claim(g.id, g.white, err = {});
    EXPECT_EQ(err.status, 409);
    EXPECT_EQ(err.message, "your opponent has been away for less than 1 s");

    // Black comes back on c, then leaves again: the absence counts anew.
    b = c->subscribe(g.id, g.black, ignore);
    EXPECT_TRUE(black_present(state_when(*d, g.id, "", black_present)));
    d->claim(g.id, g.white, err = {});
    EXPECT_EQ(err.message, "your opponent is connected");
    c->unsubscribe(g.id, b);
    const std::int64_t left_at = server::now_ms();
    ASSERT_TRUE(black_away(state_when(*d, g.id, "", black_away)));

    // Once Black has been away long enough, White claims on d (not the holder).
    std::this_thread::sleep_for(std::chrono::milliseconds(rules.absence_ms + 100));
    const server::ActionAck won = d->claim(g.id, g.white, err = {});
    ASSERT_FALSE(err) << err.message;
    EXPECT_GE(server::now_ms() - left_at, rules.absence_ms);
    EXPECT_EQ(won.result, "1-0");
    EXPECT_EQ(
        query_database(db_, "SELECT result, termination FROM games WHERE id = '" + g.id + "'"),
        (Rows{{"1-0", "black abandoned the game"}}));
    // A game that is over keeps no presence.
    EXPECT_EQ(query_database(db_, "SELECT count(*) FROM presence WHERE game_id = '" + g.id + "'"),
              (Rows{{"0"}}));
    c->unsubscribe(g.id, w);
}

// The storage's side of it, with server names and times of the test's own
// (an hour ahead, so that the services of the fixture never take these
// servers for gone): a seat is present while a server that is alive holds
// it; a server that stops renewing is swept, the seats only it held are away
// from its last renewal, and its games go to the server that swept it.
TEST_P(PostgresTwoServers, WhatAServerThatIsGoneHeldIsAwayOrTakenFromItsLastRenewal) {
    const Seats g = claimable_game(*a_);
    // The fixture's servers stop: nobody else takes the games given up here.
    a_->shutdown();
    b_->shutdown();
    Status st = Status::ok();
    auto store = server::open_storage(db_, &st);
    ASSERT_TRUE(store) << st.message();
    const std::int64_t t0 = server::now_ms() + 3600 * 1000;
    bool fresh = false;
    ASSERT_TRUE(store->keep_alive("x", t0, t0 + 4000, &fresh));
    EXPECT_TRUE(fresh);
    ASSERT_TRUE(store->keep_alive("x", t0, t0 + 4000, &fresh));
    EXPECT_FALSE(fresh);
    ASSERT_TRUE(store->keep_alive("y", t0, t0 + 100, &fresh));
    bool found = false;
    auto away = [&] {
        server::StoredGame stored;
        EXPECT_TRUE(store->load_game(g.id, stored, &found));
        return std::pair{stored.away_ms[1], stored.version};
    };
    const auto [away_before, version_before] = away();
    EXPECT_GT(away_before, 0) << "nobody has held Black's seat yet";
    // A game y holds, and one x holds.
    server::StoredGame held_by_y;
    held_by_y.id = "0000000000y1";
    held_by_y.variant = "chess";
    held_by_y.start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    held_by_y.mode = "local";
    held_by_y.token[0] = held_by_y.token[1] = "t";
    held_by_y.seat_taken[0] = held_by_y.seat_taken[1] = true;
    held_by_y.owner = "y";
    server::StoredGame held_by_x = held_by_y;
    // y's game is timed, White's clock running since before y's last renewal,
    // and White away since before it.
    held_by_y.base_ms = held_by_y.remaining_ms[0] = held_by_y.remaining_ms[1] = 60000;
    held_by_y.lan = {"e2e4", "e7e5"};
    held_by_y.san = {"e4", "e5"};
    held_by_y.turn_started_ms = t0 - 500;
    held_by_y.away_ms[0] = t0 - 1000;
    held_by_x.id = "0000000000x1";
    held_by_x.owner = "x";
    ASSERT_TRUE(store->create_game(held_by_y));
    ASSERT_TRUE(store->create_game(held_by_x));
    std::vector<std::string> held;
    ASSERT_TRUE(store->held_games("y", held));
    EXPECT_EQ(held, std::vector<std::string>{held_by_y.id});

    server::Presence p;
    ASSERT_TRUE(store->set_presence(g.id, 1, "x", true, t0, p));
    EXPECT_TRUE(p.changed);
    EXPECT_EQ(p.away_ms, 0);
    EXPECT_EQ(p.version, version_before + 1);
    EXPECT_EQ(away(), (std::pair{std::int64_t{0}, version_before + 1}));
    ASSERT_TRUE(store->set_presence(g.id, 1, "y", true, t0 + 10, p));
    EXPECT_FALSE(p.changed) << "present already";
    ASSERT_TRUE(store->set_presence(g.id, 1, "x", false, t0 + 20, p));
    EXPECT_FALSE(p.changed) << "y, alive, still holds the seat";
    std::vector<server::Lease> taken;
    ASSERT_TRUE(store->sweep("z", t0 + 50, taken));
    EXPECT_TRUE(taken.empty());
    EXPECT_EQ(away().first, 0) << "y was swept while alive";

    ASSERT_TRUE(store->sweep("z", t0 + 200, taken));  // y stopped renewing at t0
    EXPECT_EQ(away(), (std::pair{t0, version_before + 2}));
    ASSERT_EQ(taken.size(), 1u);
    EXPECT_EQ(taken[0].id, held_by_y.id);
    EXPECT_EQ(taken[0].previous_owner, "y");
    EXPECT_EQ(taken[0].last_duty_ms, t0);
    // Credited in the statement that moved the lease: nobody's time ran, and
    // nobody was away, from y's last renewal (t0) to the takeover (t0 + 200).
    server::StoredGame credited;
    ASSERT_TRUE(store->load_game(held_by_y.id, credited, &found));
    EXPECT_EQ(credited.turn_started_ms, t0 - 500 + 200);
    EXPECT_EQ(credited.away_ms[0], t0 - 1000 + 200);
    EXPECT_EQ(credited.away_ms[1], 0);
    EXPECT_EQ(credited.version, 1);
    EXPECT_EQ(taken[0].version, credited.version);
    ASSERT_TRUE(store->held_games("z", held));
    EXPECT_EQ(held, std::vector<std::string>{held_by_y.id});
    EXPECT_EQ(query_database(db_, "SELECT count(*) FROM presence WHERE instance = 'y'"),
              (Rows{{"0"}}));
    EXPECT_EQ(query_database(db_, "SELECT id FROM instances WHERE id IN ('x', 'y')"),
              (Rows{{"x"}}));
    ASSERT_TRUE(store->sweep("w", t0 + 300, taken));  // once only
    EXPECT_TRUE(taken.empty());
    ASSERT_TRUE(store->keep_alive("y", t0 + 300, t0 + 4300, &fresh));
    EXPECT_TRUE(fresh) << "y was taken for gone: it must read what it holds again";
    ASSERT_TRUE(store->held_games("y", held));
    EXPECT_TRUE(held.empty());

    // A seat whose last holder leaves is away from then; a seat that is away
    // stays away from when it left.
    ASSERT_TRUE(store->set_presence(g.id, 1, "x", true, t0 + 400, p));
    ASSERT_TRUE(store->set_presence(g.id, 1, "x", false, t0 + 500, p));
    EXPECT_TRUE(p.changed);
    EXPECT_EQ(away().first, t0 + 500);
    ASSERT_TRUE(store->set_presence(g.id, 1, "y", false, t0 + 600, p));
    EXPECT_FALSE(p.changed);
    EXPECT_EQ(away().first, t0 + 500);

    // A server that leaves: the seats only it held are away from then, and
    // its games are given up, for the next server to take them.
    ASSERT_TRUE(store->set_presence(g.id, 0, "x", true, t0 + 700, p));
    ASSERT_TRUE(store->leave("x", t0 + 800));
    server::StoredGame stored;
    ASSERT_TRUE(store->load_game(g.id, stored, &found));
    EXPECT_EQ(stored.away_ms[0], t0 + 800);
    EXPECT_EQ(query_database(db_, "SELECT count(*) FROM instances WHERE id = 'x'"), (Rows{{"0"}}));
    ASSERT_TRUE(store->take_released("w", t0 + 900, taken));
    std::map<std::string, std::int64_t> released;
    for (const server::Lease& l : taken) released[l.id] = l.last_duty_ms;
    EXPECT_EQ(released.count(g.id), 1u) << "the game a_ gave up when it stopped";
    ASSERT_EQ(released.count(held_by_x.id), 1u);
    EXPECT_EQ(released[held_by_x.id], t0 + 800);
    ASSERT_TRUE(store->take_released("v", t0 + 900, taken));
    EXPECT_TRUE(taken.empty()) << "a game given up is taken once";

    // Nothing is stored for a game that is over.
    auto c = open_service();
    ApiError err;
    c->resign(g.id, g.white, err);
    ASSERT_FALSE(err) << err.message;
    ASSERT_TRUE(store->set_presence(g.id, 0, "y", true, t0 + 900, p));
    EXPECT_FALSE(p.changed);
    EXPECT_EQ(query_database(db_, "SELECT count(*) FROM presence WHERE game_id = '" + g.id + "'"),
              (Rows{{"0"}}));
}

// A server that was taken for gone while it was alive (its renewals did not
// reach the database for a while) stores its presence again once they do.
TEST_P(PostgresTwoServers, AServerTakenForGoneWhileAliveStoresItsPresenceAgain) {
    const Seats g = claimable_game(*a_);
    const std::uint64_t w = a_->subscribe(g.id, g.white, [](const server::Push&) {});
    const std::string away_white = "SELECT away_white FROM games WHERE id = '" + g.id + "'";
    EXPECT_EQ(query_database(db_, away_white), (Rows{{"0"}}));
    Status st = Status::ok();
    auto store = server::open_storage(db_, &st);
    ASSERT_TRUE(store) << st.message();
    // Every server is taken for gone: as far as the database knows, White left.
    const std::int64_t swept = server::now_ms();
    std::vector<server::Lease> given_up;
    ASSERT_TRUE(store->sweep("", swept + 3600 * 1000, given_up));
    EXPECT_TRUE(given_up.empty()) << "games given up are taken by the next renewal, not here";
    EXPECT_NE(query_database(db_, away_white), (Rows{{"0"}}));
    const auto present = [](const Json& j) { return j["present"]["white"] == true; };
    const Json back = state_when(*b_, g.id, "", present);
    EXPECT_TRUE(present(back)) << back.dump();
    EXPECT_EQ(query_database(db_, away_white), (Rows{{"0"}}));
    EXPECT_LE(server::now_ms() - swept, GameService::kRenewMs + 1000);
    a_->unsubscribe(g.id, w);
}

// The time nobody held a game (all its servers stopped) does not count as a
// player's absence: a new holder moves the seats' away times on by it.
TEST_P(PostgresTwoServers, TheTimeNobodyHeldAGameDoesNotCountAsAbsence) {
    b_->shutdown();
    const Seats g = claimable_game(*a_);
    const std::string away_query =
        "SELECT away_white, away_black FROM games WHERE id = '" + g.id + "'";
    const Rows before = query_database(db_, away_query);
    a_->shutdown();
    const std::int64_t stopped = server::now_ms();
    std::this_thread::sleep_for(1500ms);
    auto c = open_service();  // takes the game over at its start
    const std::int64_t started = server::now_ms();
    const Rows after = query_database(db_, away_query);
    ASSERT_EQ(after.size(), 1u);
    for (int side = 0; side < 2; ++side) {
        const std::int64_t was = std::stoll(before.at(0).at(side)),
                           is = std::stoll(after.at(0).at(side));
        EXPECT_GE(is - was, 1500) << "side " << side << ": the gap counted as absence";
        EXPECT_LE(is - was, started - was);
        EXPECT_GE(is - was, started - stopped - 100);
    }
}

INSTANTIATE_TEST_SUITE_P(Backends, PostgresTwoServers, ::testing::Values(Backend::POSTGRES),
                         backend_test_name);

INSTANTIATE_TEST_SUITE_P(Backends, TwoServers,
                         ::testing::Values(Backend::SQLITE, Backend::POSTGRES), backend_test_name);

}  // namespace
}  // namespace chimera
