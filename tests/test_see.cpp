// Static exchange evaluation per variant (issue 17): exact values at their
// thresholds in chess and 4D chess (the swap algorithm of core/see.h), the
// approximations of Wreckage (every capture mode, a detonating Detonator that
// stays) and Wataku Genesis (dormant pieces defend nothing, W-8); and, along
// random playouts of every variant, that a capture the opponent can answer
// by taking the mover is never called safe by the approximations.
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "variants/chess/eval.h"
#include "variants/chess4d/eval.h"
#include "variants/registry.h"
#include "variants/wataku/eval.h"
#include "variants/wreckage/eval.h"
#include "workload.h"

namespace chimera {
namespace {

template <class Pos>
Pos load(const std::string& fen) {
    Pos pos;
    EXPECT_TRUE(pos.set_fen(fen)) << fen;
    return pos;
}

// The legal move from one square to another (by their names), or none.
template <class Pos>
Move find_move(const Pos& pos, const std::string& from, const std::string& to) {
    typename Pos::Moves moves;
    pos.legal_moves(moves);
    for (Move m : moves)
        if (Pos::square_name(m.from()) == from && Pos::square_name(m.to()) == to) return m;
    ADD_FAILURE() << "no move " << from << "-" << to << " in " << pos.fen();
    return Move::none();
}

// see_ge holds at `value` and not one centipawn above: the exchange is worth value.
template <class Pos>
void expect_exchange(const Pos& pos, Move m, int value) {
    EXPECT_TRUE(see_ge(pos, m, value)) << pos.fen() << " " << pos.lan(m) << " >= " << value;
    EXPECT_FALSE(see_ge(pos, m, value + 1)) << pos.fen() << " " << pos.lan(m) << " > " << value;
}

TEST(StaticExchange, ChessSwapsOnTheSquareWithTheLeastValuableAttackerFirst) {
    using chess::Position;
    // An undefended pawn: the Rook wins it.
    Position a = load<Position>("1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1");
    expect_exchange(a, find_move(a, "e1", "e5"), 100);
    // Knight takes a pawn guarded by a Knight, a Bishop and a Queen behind it;
    // White's Rook and Queen behind it recapture: White ends a Knight for a
    // pawn down (the x-rays join as the line opens).
    Position b = load<Position>("1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1");
    expect_exchange(b, find_move(b, "d3", "e5"), 100 - 320);
    // An undefended Queen, and a Queen that takes a pawn guarded by a pawn.
    Position c = load<Position>("4k3/8/8/3q4/8/8/8/3QK3 w - - 0 1");
    expect_exchange(c, find_move(c, "d1", "d5"), 950);
    Position d = load<Position>("4k3/8/2p5/3p4/8/8/8/3QK3 w - - 0 1");
    expect_exchange(d, find_move(d, "d1", "d5"), 100 - 950);
    // A quiet move onto a square a pawn attacks loses the piece.
    Position e = load<Position>("4k3/8/8/2p5/8/8/8/3QK3 w - - 0 1");
    expect_exchange(e, find_move(e, "d1", "d4"), -950);
}

TEST(StaticExchange, Chess4dSwapsAcrossBoards) {
    using chess4d::Position;
    // The Rook b1[0,0] takes the pawn b3[0,0]; the Bishop c4[0,0] takes back.
    Position a = load<Position>("7k/8/8/8/2b5/1p6/8/1R1K4 w 0 1");
    const Move take = find_move(a, Position::square_name(chess4d::make_square(1, 0, 0, 0)),
                                Position::square_name(chess4d::make_square(1, 2, 0, 0)));
    expect_exchange(a, take, 100 - 420);
    Position b = load<Position>("7k/8/8/8/8/1p6/8/1R1K4 w 0 1");
    const Move free = find_move(b, Position::square_name(chess4d::make_square(1, 0, 0, 0)),
                                Position::square_name(chess4d::make_square(1, 2, 0, 0)));
    expect_exchange(b, free, 100);
}

TEST(StaticExchange, WreckageCountsTheMoverWhereItStands) {
    using wreckage::Position;
    // the Detonator d4 removes the Ferz-Knight e5 and stays on d4,
    // which the Rook d9 attacks: it loses the difference.
    auto detonation = [](const Position& pos) {
        Position::Moves moves;
        pos.legal_moves(moves);
        for (Move m : moves)
            if (m.kind() == MoveKind::DETONATION) return m;
        ADD_FAILURE() << "no detonation in " << pos.fen();
        return Move::none();
    };
    const int ferz_knight = wreckage::piece_value(wreckage::FERZ_KNIGHT);
    const int detonator = wreckage::piece_value(wreckage::DETONATOR);
    Position a = load<Position>("9k/3r6/10/10/10/4f5/3X6/10/10/K9 w - - - 0 1");
    expect_exchange(a, detonation(a), ferz_knight - detonator);
    Position b = load<Position>("9k/10/10/10/10/4f5/3X6/10/10/K9 w - - - 0 1");
    expect_exchange(b, detonation(b), ferz_knight);
    // The Queen takes a pawn that a pawn guards, or one that nothing guards.
    const int pawn = wreckage::piece_value(wreckage::PAWN);
    const int queen = wreckage::piece_value(wreckage::QUEEN);
    Position c = load<Position>("9k/10/10/10/3p6/4p5/10/10/10/K3Q5 w - - - 0 1");
    expect_exchange(c, find_move(c, "e1", "e5"), pawn - queen);
    Position d = load<Position>("9k/10/10/10/10/4p5/10/10/10/K3Q5 w - - - 0 1");
    expect_exchange(d, find_move(d, "e1", "e5"), pawn);
}

TEST(StaticExchange, WatakuDormantPiecesDefendNothing) {
    using wataku::Position;
    // The Queen a2 takes the pawn a6, guarded by the Bishop b7: an active
    // guard (its group holds the King b8) takes back, a dormant one cannot (W-8).
    Position active = load<Position>("8k/1k7/1b7/p8/9/9/9/Q8/KK7 w - 1");
    const Move a = find_move(active, "a2", "a6");
    EXPECT_FALSE(see_ge(active, a, 0));
    EXPECT_TRUE(see_ge(active, a, 40 - 950));
    Position dormant = load<Position>("8k/8k/1b7/p8/9/9/9/Q8/KK7 w - 1");
    const Move d = find_move(dormant, "a2", "a6");
    EXPECT_TRUE(see_ge(dormant, d, 0));
    // W-15: a Turtle is never taken, wherever it goes.
    Position turtle = load<Position>("8k/1k7/1b7/9/9/9/9/T8/KK7 w - 1");
    EXPECT_TRUE(see_ge(turtle, find_move(turtle, "a2", "a3"), 0));
}

// The approximations (Wreckage, Wataku), along seeded random playouts: for
// every legal move whose gain is less than the mover is worth, if some reply
// of the opponent removes the mover where it then stands, the exchange is
// not called even (see_ge(m, gain) fails). (The swap of chess and 4D chess
// rightly calls such a move even when the taker would be taken back.)
TEST(StaticExchange, TheApproximationsNeverCallAMoverTheOpponentCanTakeSafe) {
    for_each_variant([&]<class Pos>() {
        if (Pos::kId != std::string_view("wreckage") && Pos::kId != std::string_view("wataku"))
            return;
        SCOPED_TRACE(std::string(Pos::kId));
        using Bitboard = typename Pos::Bitboard;
        std::mt19937_64 rng(0x5EE5);
        int checked = 0;
        for (const StartPosition& s : Pos::kInfo.starts) {
            for (int game = 0; game < testing::workload(4, 4); ++game) {
                Pos pos;
                ASSERT_TRUE(pos.set_fen(s.fen));
                for (int ply = 0; ply < (testing::kSanitizedBuild ? 40 : 80); ++ply) {
                    typename Pos::Moves moves;
                    pos.legal_moves(moves);
                    if (moves.empty()) break;
                    const Color us = pos.side_to_move();
                    for (Move m : moves) {
                        if (ply % 3 != 0 || m.kind() == MoveKind::CASTLING ||
                            m.kind() == MoveKind::PROMOTION || m.kind() == MoveKind::EN_PASSANT)
                            continue;
                        const int gain = move_gain(pos, m);
                        if (gain >= mover_value(pos, m)) continue;
                        const Bitboard at =
                            Bitboard{1} << (m.kind() == MoveKind::DETONATION ? m.from() : m.to());
                        pos.do_move(m);
                        typename Pos::Moves replies;
                        pos.legal_moves(replies);
                        bool taken = false;
                        for (std::size_t i = 0; i < replies.size() && !taken; ++i) {
                            // (An en-passant capture of a pawn's long step is
                            // not counted by Wreckage's approximation.)
                            if (replies[i].kind() == MoveKind::EN_PASSANT) continue;
                            pos.do_move(replies[i]);
                            taken = !(pos.pieces(us) & at);
                            pos.undo_move(replies[i]);
                        }
                        pos.undo_move(m);
                        if (!taken) continue;
                        ++checked;
                        EXPECT_FALSE(see_ge(pos, m, gain))
                            << pos.fen() << " " << pos.lan(m) << ": a reply takes the mover";
                    }
                    pos.do_move(moves[rng() % moves.size()]);
                }
            }
        }
        EXPECT_GT(checked, 20) << "too few exchanges met to check";
    });
}

}  // namespace
}  // namespace chimera
