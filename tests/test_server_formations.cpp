// Wataku's start formations through the server (W-5, shared/spec/wataku.md): a
// game created without a formation gets one of the four chosen at random and
// records which; a chosen formation gives exactly its position. The FENs are
// the spec's table, not the server's.
#include <set>

#include "server_client.h"

namespace chimera {
namespace {

using namespace chimera::testing;

const std::map<int, std::string> kFormationFen = {
    {1, "9/3ktk3/2nptpn2/9/9/9/2NPTPN2/3KTK3/9 w QRRBBPPTTqrrbbpptt 1"},
    {2, "9/1nk3kn1/2tp1pt2/9/9/9/2TP1PT2/1NK3KN1/9 w QRRBBPPTTqrrbbpptt 1"},
    {3, "3tkt3/2n1k1n2/3p1p3/9/9/9/3P1P3/2N1K1N2/3TKT3 w QRRBBPPTTqrrbbpptt 1"},
    {4, "1k7/3ptkt2/4npn2/9/9/9/4NPN2/3PTKT2/1K7 w QRRBBPPTTqrrbbpptt 1"},
};

class ServerFormations : public ServerFixture {};

TEST_F(ServerFormations, W5_AChosenFormationGivesExactlyItsPosition) {
    for (const auto& [n, fen] : kFormationFen) {
        SCOPED_TRACE("formation " + std::to_string(n));
        const Created g =
            create_game(port(), {{"variant", "wataku"}, {"mode", "local"}, {"formation", n}});
        ASSERT_EQ(g.raw.status, 201) << g.raw;
        const Json s = game_state(port(), g.id);
        EXPECT_EQ(s["formation"], n);
        EXPECT_EQ(s["start_fen"], fen);
        EXPECT_EQ(s["fen"], fen);
        EXPECT_EQ(s["turn"], "white");
        const HttpResult rec = get(port(), "/api/games/" + g.id + "/record");
        EXPECT_NE(rec.body.find("[FEN \"" + fen + "\"]"), std::string::npos) << rec.body;
    }
}

TEST_F(ServerFormations, W5_WithoutAFormationOneIsDrawnAtRandomAndRecorded) {
    // 24 games, each formation drawn uniformly from 4: all 24 alike has probability
    // 4 * (1/4)^24 = 4^-23, about 1.4e-14, so a single value means no random draw.
    constexpr int kGames = 24;
    std::map<std::string, int> formation_of;  // game id -> formation
    std::set<int> seen;
    for (int i = 0; i < kGames; ++i) {
        const Created g = create_game(port(), {{"variant", "wataku"}, {"mode", "local"}});
        ASSERT_EQ(g.raw.status, 201) << g.raw;
        const Json s = game_state(port(), g.id);
        ASSERT_TRUE(s["formation"].is_number_integer()) << s.dump().substr(0, 300);
        const int n = s["formation"];
        ASSERT_TRUE(kFormationFen.count(n)) << "formation " << n;
        EXPECT_EQ(s["start_fen"], kFormationFen.at(n));  // the recorded number is the one played
        formation_of[g.id] = n;
        seen.insert(n);
    }
    EXPECT_GT(seen.size(), 1u) << kGames << " games without a formation all started from formation "
                               << *seen.begin();

    // "The chosen number is recorded with the game": it survives a restart.
    ASSERT_TRUE(server_.stop());
    ASSERT_TRUE(server_.start(db()));
    for (const auto& [id, n] : formation_of) {
        const Json s = game_state(port(), id);
        EXPECT_EQ(s["formation"], n) << id;
        EXPECT_EQ(s["start_fen"], kFormationFen.at(n)) << id;
    }
}

}  // namespace
}  // namespace chimera
