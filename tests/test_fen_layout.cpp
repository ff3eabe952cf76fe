// Each variant's FenLayout (core/variant_info.h), which the board editor
// builds a FEN from without knowing the variant, against the variant's own
// FEN writer (W-28, X-25, D-14 and chess): over positions reached by random
// play, the FEN has the layout's fields; its placement is the board as
// drawn (rows from the top, small boards side by side) with digit runs; its
// hand lists each side's letters in hand_order; its castling letters come
// in the layout's order.
#include <gtest/gtest.h>

#include <random>
#include <sstream>

#include "variants/game.h"
#include "variants/registry.h"

namespace chimera {
namespace {

std::vector<std::string> fields_of(const std::string& fen) {
    std::istringstream in(fen);
    std::vector<std::string> out;
    for (std::string f; in >> f;) out.push_back(f);
    return out;
}

// The placement as the editor writes it from a board view.
std::string placement_of(const BoardView& v) {
    const int X = v.dims[0], Y = v.dims[1], Z = v.dims[2], W = v.dims[3];
    std::vector<std::string> grid(static_cast<std::size_t>(W * Y),
                                  std::string(static_cast<std::size_t>(Z * X), '.'));
    for (int i = 0; i < static_cast<int>(v.pieces.size()); ++i) {
        const int x = i % X, y = (i / X) % Y, z = (i / (X * Y)) % Z, w = i / (X * Y * Z);
        const int row = (W - 1 - w) * Y + (Y - 1 - y), col = z * X + x;
        grid[static_cast<std::size_t>(row)][static_cast<std::size_t>(col)] =
            v.pieces[static_cast<std::size_t>(i)];
    }
    std::string out;
    for (std::size_t r = 0; r < grid.size(); ++r) {
        if (r) out += '/';
        int run = 0;
        for (char c : grid[r]) {
            if (c == '.') {
                ++run;
                continue;
            }
            if (run) out += std::to_string(run);
            run = 0;
            out += c;
        }
        if (run) out += std::to_string(run);
    }
    return out;
}

std::string hand_of(const BoardView& v, std::string_view order) {
    std::string out;
    for (int side = 0; side < 2; ++side)
        for (char letter : order)
            for (char c : v.hand[side])
                if (c == letter) out += side == 0 ? letter : static_cast<char>(letter - 'A' + 'a');
    return out.empty() ? "-" : out;
}

TEST(FenLayout, TheEditorsRulesWriteEachVariantsFen) {
    std::mt19937 rng(11);
    for (const VariantInfo* info : kVariantInfos) {
        SCOPED_TRACE(std::string(info->id));
        const FenLayout& layout = info->fen;
        ASSERT_FALSE(layout.fields.empty());
        EXPECT_EQ(layout.fields[0], "placement");
        EXPECT_EQ(layout.fields[1], "side");
        int checked = 0, with_hands = 0, with_castling = 0;
        for (int game = 0; game < 20; ++game) {
            auto g = make_game(info->id);
            for (int ply = 0; ply < 60 && g->outcome() == Outcome::ONGOING; ++ply) {
                const std::string fen = g->fen();
                const auto f = fields_of(fen);
                ASSERT_EQ(f.size(), layout.fields.size()) << fen;
                const BoardView v = g->view();
                for (std::size_t i = 0; i < f.size(); ++i) {
                    const std::string_view name = layout.fields[i];
                    if (name == "placement") {
                        EXPECT_EQ(f[i], placement_of(v)) << fen;
                    }
                    if (name == "side") {
                        EXPECT_EQ(f[i], v.side_to_move == WHITE ? "w" : "b") << fen;
                    }
                    if (name == "hand") {
                        EXPECT_EQ(f[i], hand_of(v, layout.hand_order)) << fen;
                        with_hands += f[i] != "-";
                    }
                    if (name == "castling" && f[i] != "-") {
                        // A subsequence of the layout's letters.
                        std::size_t at = 0;
                        for (char c : f[i]) {
                            at = layout.castling.find(c, at);
                            ASSERT_NE(at, std::string_view::npos) << fen;
                            ++at;
                        }
                        ++with_castling;
                    }
                }
                ++checked;
                const auto moves = g->legal_moves();
                ASSERT_TRUE(g->play(moves[rng() % moves.size()].lan));
            }
        }
        EXPECT_GT(checked, 200);
        const bool has_hand = !layout.hand_order.empty(), has_castling = !layout.castling.empty();
        if (has_hand) {
            EXPECT_GT(with_hands, 0);
        }
        if (has_castling) {
            EXPECT_GT(with_castling, 0);
        }
    }
}

}  // namespace
}  // namespace chimera
