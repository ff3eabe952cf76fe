// The compact legal moves of the state messages (docs/api.md, "Legal moves"),
// in process: decoded by the reading the docs give (decode_legal in
// push_view.cpp), they are every legal move with its LAN, squares, kind,
// piece and captures, in every variant, along random games and in positions
// with each special move; and the pushes of a game are deltas that rebuild the
// full state.
#include <gtest/gtest.h>

#include <random>
#include <set>

#include "push_view.h"
#include "server/state_json.h"
#include "variants/game.h"

namespace chimera {
namespace {

using namespace chimera::testing;
using server::JsonText;

Json compact_of(const std::vector<MoveDetail>& moves) {
    std::string text;
    JsonText j(text);
    server::write_compact_legal(j, moves);
    Json parsed = Json::parse(text, nullptr, false);
    EXPECT_FALSE(parsed.is_discarded()) << text.substr(0, 300);
    return parsed;
}

// The details a client needs, as decode_legal gives them.
Json expected_of(const std::vector<MoveDetail>& moves) {
    Json out = Json::array();
    for (const MoveDetail& d : moves)
        out.push_back({{"lan", d.lan},
                       {"from", d.from},
                       {"to", d.to},
                       {"kind", action_name(d.action)},
                       {"piece", d.piece ? std::string(1, d.piece) : std::string()},
                       {"captures", d.captures}});
    return out;
}

// Decoding gives the same moves; the order is the generator's within each origin.
void expect_round_trip(const Game& game, std::set<MoveAction>& seen) {
    const std::vector<MoveDetail> moves = game.legal_move_details(Game::Texts::WITHOUT_SAN);
    for (const MoveDetail& d : moves) seen.insert(d.action);
    Json decoded = decode_legal(compact_of(moves)), expected = expected_of(moves);
    auto by_lan = [](const Json& a, const Json& b) { return a["lan"] < b["lan"]; };
    std::sort(decoded.begin(), decoded.end(), by_lan);
    std::sort(expected.begin(), expected.end(), by_lan);
    ASSERT_EQ(decoded, expected) << game.fen();
}

TEST(StateJson, CompactLegalMovesDecodeToEveryLegalMoveInEveryVariant) {
    std::mt19937 rng(20261201);
    std::set<MoveAction> seen;
    for (const VariantInfo* info : kVariantInfos) {
        SCOPED_TRACE(info->id);
        for (int game_no = 0; game_no < 3; ++game_no) {
            auto game = make_game(info->id);
            ASSERT_TRUE(game->set_fen(info->start_fen(1 + game_no % info->start_count())));
            for (int ply = 0; ply < 160 && game->outcome() == Outcome::ONGOING; ++ply) {
                expect_round_trip(*game, seen);
                const auto moves = game->legal_moves();
                ASSERT_TRUE(game->play(moves[rng() % moves.size()].lan));
            }
        }
    }
    // Promotions, en passant and both castlings at once.
    auto chess = make_game("chess");
    ASSERT_TRUE(chess->set_fen("r3k2r/1P6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1"));
    expect_round_trip(*chess, seen);
    for (const MoveAction a :
         {MoveAction::MOVE, MoveAction::CAPTURE, MoveAction::CASTLING, MoveAction::EN_PASSANT,
          MoveAction::PROMOTION, MoveAction::DROP, MoveAction::DETONATION, MoveAction::TRAVERSE})
        EXPECT_TRUE(seen.count(a)) << "no " << action_name(a) << " was checked";
}

TEST(StateJson, PlainMovesAndCapturesAreStringsAndTheRestObjects) {
    auto chess = make_game("chess");
    ASSERT_TRUE(chess->set_fen("r3k2r/1P6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1"));
    const Json legal = compact_of(chess->legal_move_details());
    EXPECT_EQ(legal["a1"][0], "b1");
    EXPECT_NE(std::find(legal["a1"].begin(), legal["a1"].end(), Json("xa8")), legal["a1"].end());
    const auto ep = std::find_if(legal["e5"].begin(), legal["e5"].end(), [](const Json& m) {
        return m.is_object() && m.value("kind", "") == "en-passant";
    });
    ASSERT_NE(ep, legal["e5"].end()) << legal["e5"];
    EXPECT_EQ((*ep)["to"], "d6");
    EXPECT_FALSE(ep->contains("lan")) << "e5 + d6 is the LAN";
    EXPECT_NE(
        std::find(legal["b7"].begin(), legal["b7"].end(),
                  Json{{"to", "b8"}, {"lan", "b7b8q"}, {"kind", "promotion"}, {"piece", "Q"}}),
        legal["b7"].end());
    EXPECT_NE(
        std::find(legal["e1"].begin(), legal["e1"].end(), Json{{"to", "g1"}, {"kind", "castling"}}),
        legal["e1"].end());
    auto wataku = make_game("wataku");
    ASSERT_TRUE(wataku->set_fen(wataku->info().start_fen(1)));
    const Json drops = compact_of(wataku->legal_move_details());
    ASSERT_TRUE(drops.contains("Q@")) << drops.dump().substr(0, 300);
    EXPECT_TRUE(drops["Q@"][0].is_string());
}

// The shared parts of a game's versions, and the delta from each to the next.
struct Versions {
    server::StoredGame stored;
    server::StateCache cache;
    std::unique_ptr<Game> game;
    server::RoomView room;
    std::uint64_t version = 0;

    explicit Versions(std::string_view variant) : game(make_game(variant)) {
        stored.id = "g";
        stored.variant = std::string(variant);
        stored.mode = "local";
        stored.start_fen = game->fen();
        stored.seat_taken[0] = stored.seat_taken[1] = true;
        server::encode_shared_state(stored, version, *game, room, cache);
    }
    std::string full() const {
        server::ViewerState v;
        v.seat[0] = v.seat[1] = "you";
        v.you = 2;
        return server::encode_state(cache, v);
    }
    std::string play(const std::string& lan) {
        std::string san, played;
        EXPECT_TRUE(game->play(lan, &san, &played));
        stored.lan.push_back(played);
        stored.san.push_back(san);
        return next();
    }
    std::string next() {
        server::encode_shared_state(stored, ++version, *game, room, cache);
        return server::encode_delta(stored, cache, server::ClockView{});
    }
};

TEST(StateJson, DeltasRebuildTheFullStateOfEveryVersion) {
    std::mt19937 rng(7);
    for (const VariantInfo* info : kVariantInfos) {
        SCOPED_TRACE(info->id);
        Versions g(info->id);
        Json view = Json::parse(g.full());
        for (int ply = 0; ply < 60 && g.game->outcome() == Outcome::ONGOING; ++ply) {
            const auto moves = g.game->legal_moves();
            const Json delta = Json::parse(g.play(moves[rng() % moves.size()].lan));
            EXPECT_EQ(delta["type"], "move");
            ASSERT_EQ(apply_push(view, delta), Applied::APPLIED);
            ASSERT_EQ(view, Json::parse(g.full())) << "after " << delta.dump().substr(0, 200);
        }
        g.stored.draw_offer = 0;
        const Json offer = Json::parse(g.next());
        EXPECT_EQ(offer,
                  (Json{{"type", "update"}, {"version", g.version}, {"draw_offer", "white"}}));
        ASSERT_EQ(apply_push(view, offer), Applied::APPLIED);
        g.stored.result = "1/2-1/2";
        g.stored.termination = "draw agreed";
        g.stored.draw_offer = -1;
        ASSERT_EQ(apply_push(view, Json::parse(g.next())), Applied::APPLIED);
        EXPECT_EQ(view, Json::parse(g.full()));
        EXPECT_EQ(view["legal"], Json::object());
        // A change of seats, or a version that was not built, takes the full state.
        g.stored.seat_taken[1] = false;
        EXPECT_EQ(g.next(), "");
        g.version += 2;
        EXPECT_EQ(g.next(), "");
    }
}

// Presence, abortable and an abort are changes of the shared parts too: each is
// an update that brings a view to the full state of its version.
TEST(StateJson, PresenceAndAnAbortAreDeltas) {
    Versions g("chess");
    g.stored.mode = "online";
    g.room.abortable = true;
    g.next();
    Json view = Json::parse(g.full());
    EXPECT_EQ(view["present"], (Json{{"white", false}, {"black", false}}));
    g.room.present[0] = true;
    const Json arrived = Json::parse(g.next());
    EXPECT_EQ(arrived, (Json{{"type", "update"},
                             {"version", g.version},
                             {"present", {{"white", true}, {"black", false}}}}));
    EXPECT_TRUE(server::delta_touches_claim(g.cache));
    ASSERT_EQ(apply_push(view, arrived), Applied::APPLIED);
    EXPECT_EQ(view, Json::parse(g.full()));
    ASSERT_EQ(apply_push(view, Json::parse(g.play("e2e4"))), Applied::APPLIED);
    EXPECT_FALSE(server::delta_touches_claim(g.cache)) << "a move that leaves abortable as it was";
    g.stored.result = std::string(server::kAborted);
    g.stored.termination = "aborted";
    g.room.abortable = false;
    const Json aborted = Json::parse(g.next());
    EXPECT_EQ(aborted["status"], "aborted");
    EXPECT_EQ(aborted["termination"], "aborted");
    EXPECT_EQ(aborted["abortable"], false);
    EXPECT_EQ(aborted["legal"], Json::object());
    EXPECT_FALSE(aborted.contains("result")) << "an aborted game's result stays \"*\"";
    ASSERT_EQ(apply_push(view, aborted), Applied::APPLIED);
    EXPECT_EQ(view, Json::parse(g.full()));
    EXPECT_EQ(view["result"], "*");
}

// A player's claim rides on the shared delta: a number while it stands, null to end it.
TEST(StateJson, AClaimIsAddedToADeltaForOnePlayer) {
    const std::string delta = R"({"type":"update","version":3})";
    EXPECT_EQ(Json::parse(server::with_claim(delta, 1500)),
              (Json{{"type", "update"}, {"version", 3}, {"claim_in_ms", 1500}}));
    EXPECT_EQ(Json::parse(server::with_claim(delta, -1)),
              (Json{{"type", "update"}, {"version", 3}, {"claim_in_ms", nullptr}}));
    Json view{{"version", 2}, {"moves", Json::array()}, {"claim_in_ms", 9000}};
    ASSERT_EQ(apply_push(view, Json::parse(server::with_claim(delta, -1))), Applied::APPLIED);
    EXPECT_FALSE(view.contains("claim_in_ms"));
}

}  // namespace
}  // namespace chimera
