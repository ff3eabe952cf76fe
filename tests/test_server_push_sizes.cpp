// Bytes per WebSocket push, per variant (issue 13 item 10): what a spectator
// receives on connect and after each change of a game, printed as the table in
// docs/scaling.md ("Bytes per push"). Run it with
//
//   build/tests/chimera_tests_server --gtest_filter='ServerPushSizes.*'
//
// Every variant plays the same 40 plies (the (7 * ply + 3)th legal move of
// /api/moves, Wataku in formation 1) with a 5+3 clock, then a draw is offered
// and declined and the side to move resigns.
#include <cctype>
#include <cstdio>
#include <iomanip>
#include <sstream>

#include "server_client.h"
#include "variants/registry.h"

namespace chimera {
namespace {

using namespace chimera::testing;

std::string url_encoded(const std::string& s) {
    std::ostringstream out;
    for (const unsigned char c : s) {
        if (std::isalnum(c))
            out << c;
        else
            out << '%' << std::uppercase << std::hex << std::setw(2) << std::setfill('0')
                << static_cast<int>(c) << std::dec;
    }
    return out.str();
}

struct PushSizes {
    std::string variant;
    std::size_t start_state = 0;  // the state on connect, at the start
    std::size_t move_total = 0, move_max = 0, moves = 0;
    std::size_t later_state = 0;  // the state on connect after the plies
    std::size_t draw_offer = 0, result = 0;
    std::size_t mean() const { return moves ? move_total / moves : 0; }
};

constexpr int kPlies = 40;

class ServerPushSizes : public ServerFixture {
  protected:
    // The next message on ws with the given version, and its size in bytes.
    std::size_t push_of_version(WsClient& ws, std::uint64_t version) {
        const auto deadline = std::chrono::steady_clock::now() + kIoTimeout;
        while (std::chrono::steady_clock::now() < deadline) {
            const auto text = ws.next_text();
            if (!text) break;
            const Json j = Json::parse(*text, nullptr, false);
            if (j.is_object() && j.value("version", std::uint64_t{0}) == version)
                return text->size();
        }
        ADD_FAILURE() << "no push of version " << version << ": " << ws.last_error();
        return 0;
    }

    PushSizes measure(const std::string& variant) {
        PushSizes out{variant};
        Json body{{"variant", variant}, {"mode", "local"}, {"base_minutes", 5}};
        body["increment_seconds"] = 3;
        if (variant == "wataku") body["formation"] = 1;
        const Created g = create_game(port(), body);
        EXPECT_EQ(g.raw.status, 201) << g.raw;
        WsClient watcher;
        EXPECT_TRUE(watcher.connect(port(), ws_target(g.id, "")));
        const auto first = watcher.next_text();
        EXPECT_TRUE(first) << watcher.last_error();
        out.start_state = first ? first->size() : 0;
        std::uint64_t version = 0;
        for (int ply = 0; ply < kPlies; ++ply) {
            const Json s = game_state(port(), g.id);
            if (s.value("result", "*") != "*") break;
            const Json moves = get(port(), "/api/moves?variant=" + variant +
                                               "&fen=" + url_encoded(s.value("fen", "")))
                                   .json()["legal_moves"];
            if (!moves.is_array() || moves.empty()) break;
            const std::string lan = moves[(7 * ply + 3) % moves.size()]["lan"];
            const HttpResult r = http_move(port(), g.id, g.token, lan);
            EXPECT_EQ(r.status, 200) << r;
            const std::size_t bytes = push_of_version(watcher, ++version);
            out.move_total += bytes;
            out.move_max = std::max(out.move_max, bytes);
            ++out.moves;
        }
        WsClient late;
        EXPECT_TRUE(late.connect(port(), ws_target(g.id, "")));
        const auto later = late.next_text();
        out.later_state = later ? later->size() : 0;
        const std::string draw = "/api/games/" + g.id + "/draw";
        if (game_state(port(), g.id).value("result", "*") == "*") {
            EXPECT_EQ(post(port(), draw, {{"token", g.token}, {"action", "offer"}}).status, 200);
            out.draw_offer = push_of_version(watcher, ++version);
            EXPECT_EQ(post(port(), "/api/games/" + g.id + "/resign", {{"token", g.token}}).status,
                      200);
            out.result = push_of_version(watcher, ++version);
        }
        return out;
    }
};

TEST_F(ServerPushSizes, BytesPerPushPerVariant) {
    std::vector<PushSizes> rows;
    for (const VariantInfo* info : kVariantInfos) rows.push_back(measure(std::string(info->id)));
    std::printf(
        "| variant | state on connect, start | per move: mean | per move: max | state on "
        "connect after %d plies | draw offer | resignation |\n",
        kPlies);
    std::printf("| --- | ---: | ---: | ---: | ---: | ---: | ---: |\n");
    for (const PushSizes& r : rows)
        std::printf("| %s | %zu | %zu | %zu | %zu | %zu | %zu |\n", r.variant.c_str(),
                    r.start_state, r.mean(), r.move_max, r.later_state, r.draw_offer, r.result);
    // Bounds well above what deltas and compact legal moves measure, well
    // below the full states pushed before (a 33 KB Wataku start, 4-17 KB per
    // move on average, 2-12 KB for a draw offer; docs/scaling.md).
    for (const PushSizes& r : rows) {
        SCOPED_TRACE(r.variant);
        EXPECT_EQ(r.moves, static_cast<std::size_t>(kPlies));
        EXPECT_LT(r.start_state, 6000u);
        EXPECT_LT(r.mean(), 2500u);
        EXPECT_LT(r.draw_offer, 500u);
        EXPECT_LT(r.result, 500u);
    }
}

}  // namespace
}  // namespace chimera
