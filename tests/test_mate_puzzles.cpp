// The mate-puzzle suite (issue 17): tests/puzzles/mates.txt holds, for every
// variant, positions where the side to move mates in 1 to 4 moves, found in
// the engine's self-play games by tools/mate_puzzles and each proven there by
// an AND-OR search down to checkmate on the board (every defence tried). The
// engine must find a mate at least as short within a budget of nodes (about a
// second of search on this machine), and its first move must keep a mate:
// after it, the defender is mated or a full search sees its own mate coming.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "engine/engine.h"
#include "variants/registry.h"
#include "workload.h"

namespace chimera {
namespace {

using engine::Engine;
using engine::Limits;

struct Puzzle {
    std::string variant;
    int mate_in = 0;
    std::string fen;
    int line = 0;
};

std::vector<Puzzle> puzzles() {
    std::ifstream in(std::string(CHIMERA_TEST_DATA_DIR) + "/puzzles/mates.txt");
    std::vector<Puzzle> out;
    std::string text;
    for (int line = 1; std::getline(in, text); ++line) {
        if (text.empty() || text[0] == '#') continue;
        std::istringstream fields(text);
        Puzzle p;
        p.line = line;
        fields >> p.variant >> p.mate_in;
        std::getline(fields >> std::ws, p.fen);
        out.push_back(p);
    }
    return out;
}

TEST(MatePuzzles, TheSuiteHasMatesInOneToFourForEveryVariant) {
    std::map<std::string, std::map<int, int>> count;
    for (const Puzzle& p : puzzles()) {
        EXPECT_NE(find_variant(p.variant), nullptr) << "line " << p.line;
        EXPECT_TRUE(p.mate_in >= 1 && p.mate_in <= 4) << "line " << p.line;
        ++count[p.variant][p.mate_in];
    }
    for_each_variant([&]<class Pos>() {
        int all = 0;
        for (int n = 1; n <= 4; ++n) {
            EXPECT_GE(count[std::string(Pos::kId)][n], 1) << Pos::kId << " mate in " << n;
            all += count[std::string(Pos::kId)][n];
        }
        EXPECT_GE(all, 10) << Pos::kId;
    });
}

TEST(MatePuzzles, EveryPuzzleIsSolvedWithinItsBudget) {
    const std::vector<Puzzle> all = puzzles();
    ASSERT_FALSE(all.empty());
    // Every puzzle in the optimised tree; under the sanitizers (ten times
    // slower) a few of the short ones, which run the same search code.
    for (std::size_t i = 0; i < all.size(); i += testing::kSanitizedBuild ? 5 : 1) {
        const Puzzle& p = all[i];
        if (testing::kSanitizedBuild && p.mate_in > 2) continue;
        SCOPED_TRACE(p.variant + " line " + std::to_string(p.line) + ": " + p.fen);
        Engine e;
        e.set_hash_mb(4);
        ASSERT_TRUE(e.set_variant(p.variant));
        ASSERT_TRUE(e.set_position(p.fen, {}));
        Limits l;
        l.nodes = 1'000'000;
        const engine::Result r = e.search(l);
        ASSERT_FALSE(r.best.empty());
        EXPECT_GE(r.score, engine::VALUE_MATE - (2 * p.mate_in - 1))
            << "the engine's score " << r.score << " is not a mate in " << p.mate_in;
        // The move keeps the mate: the defender is mated, or sees itself mated.
        Engine after;
        after.set_hash_mb(4);
        ASSERT_TRUE(after.set_variant(p.variant));
        ASSERT_TRUE(after.set_position(p.fen, {r.best}));
        if (after.legal_moves().empty()) continue;  // mate (a stalemate fails the score above)
        // The defender needs the attacker's budget too: its search must see
        // the fastest mate, not just some mate (at 300,000 nodes one Wataku
        // mate in 4 showed a mate in 4 after the first move).
        Limits d;
        d.nodes = 1'000'000;
        const engine::Result reply = after.search(d);
        EXPECT_LE(reply.score, -(engine::VALUE_MATE - 2 * (p.mate_in - 1)))
            << "after " << r.best << " the defender's score is " << reply.score;
    }
}

}  // namespace
}  // namespace chimera
