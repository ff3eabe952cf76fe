// The variant contract, checked for every variant of the registry, so that a
// new variant is covered without a line here: its descriptor agrees with its
// rules (starts, bench positions, piece letters, board kind), seeded random
// playouts keep the structural invariants at every ply, the one erased Game
// plays and undoes as the typed position does, and the engine searches a Game
// exactly as it searches the same position replayed from text.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>
#include <string>
#include <type_traits>
#include <vector>

#include "engine/engine.h"
#include "variants/game.h"
#include "variants/registry.h"
#include "workload.h"

namespace chimera {
namespace {

template <class Pos>
std::string letters_in(const Pos& pos) {
    std::string out;
    for (int sq = 0; sq < Pos::geometry().cells(); ++sq)
        if (const char c = pos.piece_char(sq)) out += c;
    if constexpr (requires { pos.reserve_text(WHITE); })
        for (Color c : {WHITE, BLACK}) out += pos.reserve_text(c);
    return out;
}

char upper(char c) { return c >= 'a' && c <= 'z' ? static_cast<char>(c - 32) : c; }

TEST(Contract, EveryDescriptorAgreesWithItsRules) {
    std::set<std::string_view> ids;
    for_each_variant([&]<class Pos>() {
        const VariantInfo& info = Pos::kInfo;
        SCOPED_TRACE(std::string(info.id));
        EXPECT_TRUE(ids.insert(info.id).second) << "two variants share the id";
        EXPECT_EQ(find_variant(info.id), &info);
        EXPECT_FALSE(info.name.empty());
        EXPECT_FALSE(info.description.empty());
        ASSERT_FALSE(info.starts.empty());
        EXPECT_EQ(info.random_start(), info.starts.size() > 1);
        EXPECT_EQ(info.start_kind.empty(), !info.random_start());
        // The default position is the first start; every start reads and writes back.
        EXPECT_EQ(Pos().fen(), info.default_fen());
        std::set<char> letters;
        for (const PieceInfo& p : info.pieces) {
            EXPECT_EQ(p.letter, upper(p.letter)) << p.letter;
            EXPECT_TRUE(letters.insert(p.letter).second)
                << "piece letter listed twice: " << p.letter;
            EXPECT_FALSE(p.name.empty());
        }
        for (const StartPosition& s : info.starts) {
            Pos pos;
            ASSERT_TRUE(pos.set_fen(s.fen)) << s.name;
            EXPECT_EQ(pos.fen(), s.fen) << s.name;
            for (char c : letters_in(pos))
                EXPECT_TRUE(letters.count(upper(c)))
                    << s.name << ": piece " << c << " is not in the descriptor";
        }
        for (auto list : {info.bench_perft, info.bench_search})
            for (const BenchPosition& b : list) {
                Pos pos;
                if (!b.fen.empty()) {
                    EXPECT_TRUE(pos.set_fen(b.fen)) << b.label;
                }
                EXPECT_GT(b.depth, 0) << b.label;
            }
        // Board kind and geometry: four small boards exactly when there are Z/W axes.
        constexpr Geometry g = Pos::geometry();
        EXPECT_EQ(info.board == BoardKind::BOARDS_4D, g.dim[2] * g.dim[3] > 1);
        EXPECT_EQ(
            info.hand_name.empty(), !requires(const Pos& p) { p.reserve_text(WHITE); });
    });
    EXPECT_EQ(ids.size(), kVariantInfos.size());
    EXPECT_NE(find_variant(kDefaultVariant), nullptr);
    EXPECT_EQ(find_variant("no-such-variant"), nullptr);
}

// At every ply of seeded random playouts from every start: the structure is
// consistent, the incremental key equals the recomputed one, every legal move's
// LAN and SAN parse back to it, do/undo and the null move restore the position,
// and the outcome agrees with the legal move list.
TEST(Contract, RandomPlayoutsKeepTheInvariants) {
    for_each_variant([&]<class Pos>() {
        SCOPED_TRACE(std::string(Pos::kId));
        std::mt19937_64 rng(0xC0DE);
        for (const StartPosition& s : Pos::kInfo.starts) {
            for (int game = 0; game < testing::workload(6); ++game) {
                Pos pos;
                ASSERT_TRUE(pos.set_fen(s.fen));
                for (int ply = 0; ply < 60; ++ply) {
                    ASSERT_TRUE(pos.is_consistent()) << pos.fen();
                    ASSERT_EQ(pos.key(), pos.compute_key()) << pos.fen();
                    typename Pos::Moves moves;
                    pos.legal_moves(moves);
                    const Outcome o = pos.outcome();
                    if (moves.empty()) {
                        EXPECT_TRUE(o == Outcome::CHECKMATE || o == Outcome::STALEMATE)
                            << pos.fen();
                        EXPECT_EQ(o == Outcome::CHECKMATE, pos.in_check()) << pos.fen();
                        break;
                    }
                    EXPECT_NE(o, Outcome::CHECKMATE);
                    EXPECT_NE(o, Outcome::STALEMATE);
                    const std::string fen = pos.fen();
                    const std::uint64_t key = pos.key();
                    for (Move m : moves) {
                        EXPECT_EQ(pos.parse_lan(pos.lan(m)), m) << fen << " " << pos.lan(m);
                        if (ply % 10 == 0) {
                            EXPECT_EQ(pos.parse_move(pos.san(m)), m) << fen << " " << pos.san(m);
                        }
                        pos.do_move(m);
                        pos.undo_move(m);
                    }
                    EXPECT_EQ(pos.fen(), fen);
                    EXPECT_EQ(pos.key(), key);
                    if (!pos.in_check()) {
                        const Color mover = pos.side_to_move();
                        pos.do_null_move();
                        EXPECT_EQ(pos.side_to_move(), ~mover);
                        EXPECT_EQ(pos.key(), pos.compute_key());
                        pos.undo_null_move();
                        EXPECT_EQ(pos.fen(), fen);
                        EXPECT_EQ(pos.key(), key);
                    }
                    pos.do_move(moves[rng() % moves.size()]);
                }
            }
        }
    });
}

// capture_moves (the quiescence search's moves) gives exactly the legal moves
// that remove an enemy piece, plus one promotion per promoting pawn move that
// takes nothing; checked along seeded random playouts that prefer captures,
// so that they reach the middle of exchanges.
TEST(Contract, CaptureMovesAreTheLegalMovesThatTakeAPiece) {
    for_each_variant([&]<class Pos>() {
        SCOPED_TRACE(std::string(Pos::kId));
        std::mt19937_64 rng(0x5EE);
        int captures_seen = 0;
        for (const StartPosition& s : Pos::kInfo.starts) {
            for (int game = 0; game < testing::workload(8); ++game) {
                Pos pos;
                ASSERT_TRUE(pos.set_fen(s.fen));
                for (int ply = 0; ply < 120; ++ply) {
                    typename Pos::Moves legal, captures;
                    pos.legal_moves(legal);
                    pos.capture_moves(captures);
                    if (legal.empty()) break;
                    const Color them = ~pos.side_to_move();
                    std::set<std::uint32_t> expected, promoting;
                    for (Move m : legal) {
                        const int before = popcount(pos.pieces(them));
                        pos.do_move(m);
                        const bool takes = popcount(pos.pieces(them)) < before;
                        pos.undo_move(m);
                        if (takes)
                            expected.insert(m.raw());
                        else if (m.kind() == MoveKind::PROMOTION)
                            promoting.insert(static_cast<std::uint32_t>(m.from() << 7 | m.to()));
                    }
                    std::set<std::uint32_t> got, quiet_promotions;
                    for (Move m : captures) {
                        ASSERT_TRUE(legal.contains(m)) << pos.fen() << " " << pos.lan(m);
                        EXPECT_TRUE(got.insert(m.raw()).second) << "twice: " << pos.lan(m);
                        if (expected.contains(m.raw())) continue;
                        EXPECT_EQ(m.kind(), MoveKind::PROMOTION)
                            << pos.fen() << ": " << pos.lan(m) << " takes nothing";
                        EXPECT_TRUE(quiet_promotions
                                        .insert(static_cast<std::uint32_t>(m.from() << 7 | m.to()))
                                        .second)
                            << pos.fen() << ": two promotions of one move " << pos.lan(m);
                    }
                    for (std::uint32_t raw : expected)
                        EXPECT_TRUE(got.contains(raw))
                            << pos.fen() << ": the capture " << pos.lan(Move::from_raw(raw))
                            << " is missing";
                    EXPECT_EQ(quiet_promotions, promoting) << pos.fen();
                    captures_seen += static_cast<int>(expected.size());
                    const bool take = !captures.empty() && rng() % 2 == 0;
                    pos.do_move(take ? captures[rng() % captures.size()]
                                     : legal[rng() % legal.size()]);
                }
            }
        }
        EXPECT_GT(captures_seen, 20) << "the playouts reached too few captures to check";
    });
}

// Every square a move is said to capture on holds a piece before the move, and
// not that piece after it (an en-passant capture takes the pawn beside the
// destination, never the empty destination).
TEST(Contract, CapturedSquaresHoldThePiecesTheMoveTakes) {
    for_each_variant([&]<class Pos>() {
        SCOPED_TRACE(std::string(Pos::kId));
        std::mt19937_64 rng(0xCA97);
        std::vector<std::string> fens;
        for (const StartPosition& s : Pos::kInfo.starts) fens.emplace_back(s.fen);
        if constexpr (Pos::kId == std::string_view("chess"))
            fens.emplace_back("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");  // e5xd6 en passant
        int captures = 0;
        for (const std::string& fen : fens) {
            for (int game = 0; game < testing::workload(4); ++game) {
                std::unique_ptr<Game> g = make_game(Pos::kId);
                ASSERT_TRUE(g->set_fen(fen)) << fen;
                for (int ply = 0; ply < 80 && g->outcome() == Outcome::ONGOING; ++ply) {
                    const BoardView before = g->view();
                    const std::vector<MoveDetail> details = g->legal_move_details();
                    if (details.empty()) break;
                    for (const MoveDetail& d : details) {
                        if (d.captures.empty()) continue;
                        auto copy = g->clone();
                        ASSERT_TRUE(copy->play(d.move));
                        const BoardView after = copy->view();
                        for (const std::string& sq : d.captures) {
                            const auto at =
                                std::find(before.squares.begin(), before.squares.end(), sq);
                            ASSERT_NE(at, before.squares.end()) << sq;
                            const auto i = static_cast<std::size_t>(at - before.squares.begin());
                            EXPECT_NE(before.pieces[i], '.')
                                << g->fen() << " " << d.lan << " takes on empty " << sq;
                            EXPECT_NE(after.pieces[i], before.pieces[i])
                                << g->fen() << " " << d.lan << " leaves the piece it takes on "
                                << sq;
                            ++captures;
                        }
                    }
                    ASSERT_TRUE(g->play(details[rng() % details.size()].move));
                }
            }
        }
        EXPECT_GT(captures, 0) << "no capture was seen";
    });
}

// The erased game plays, parses, clones and undoes as its typed position does.
TEST(Contract, TheErasedGameFollowsItsPosition) {
    for_each_variant([&]<class Pos>() {
        SCOPED_TRACE(std::string(Pos::kId));
        std::unique_ptr<Game> game = make_game(Pos::kId);
        ASSERT_TRUE(game);
        EXPECT_EQ(&game->info(), &Pos::kInfo);
        ASSERT_NE(game->position_of<Pos>(), nullptr);
        for_each_variant([&]<class Other>() {
            if constexpr (!std::is_same_v<Other, Pos>) {
                EXPECT_EQ(game->position_of<Other>(), nullptr);
            }
        });
        Pos typed;
        std::mt19937_64 rng(7);
        std::vector<std::string> fens{game->fen()};
        for (int ply = 0; ply < 30 && game->outcome() == Outcome::ONGOING; ++ply) {
            const std::vector<MoveDetail> details = game->legal_move_details();
            const std::vector<MoveText> texts = game->legal_moves();
            ASSERT_EQ(details.size(), texts.size());
            const MoveDetail& d = details[rng() % details.size()];
            EXPECT_EQ(game->parse(d.lan), d.move);
            EXPECT_EQ(game->parse(d.san), d.move);
            EXPECT_FALSE(d.to.empty());
            EXPECT_EQ(d.from.empty(), d.action == MoveAction::DROP);
            // Half the plies by the typed move, half by text: the same position either way.
            std::string san, lan;
            ASSERT_TRUE(ply % 2 ? game->play(d.move, &san, &lan) : game->play(d.lan, &san, &lan));
            EXPECT_EQ(san, d.san);
            EXPECT_EQ(lan, d.lan);
            typed.do_move(d.move);
            EXPECT_EQ(game->fen(), typed.fen());
            fens.push_back(game->fen());
        }
        EXPECT_FALSE(game->play(Move::none()));
        auto copy = game->clone();
        ASSERT_TRUE(copy->undo());
        EXPECT_NE(copy->fen(), game->fen()) << "a clone shares state with its original";
        while (game->ply_count() > 0) {
            EXPECT_EQ(game->fen(), fens[game->ply_count()]);
            ASSERT_TRUE(game->undo());
        }
        EXPECT_EQ(game->fen(), fens[0]);
        EXPECT_FALSE(game->undo());
        const BoardView v = game->view();
        EXPECT_EQ(v.info, &Pos::kInfo);
        EXPECT_EQ(static_cast<int>(v.squares.size()), Pos::geometry().cells());
        EXPECT_EQ(v.pieces.size(), v.squares.size());
    });
}

// The engine searching a Game (the server's and match runner's path) and the
// same position replayed from LAN (the protocol's path) give the same search.
TEST(Contract, TheEngineSearchesAGameAsTheSameReplayedPosition) {
    for_each_variant([&]<class Pos>() {
        SCOPED_TRACE(std::string(Pos::kId));
        std::unique_ptr<Game> game = make_game(Pos::kId);
        std::vector<std::string> lan;
        std::mt19937_64 rng(11);
        for (int ply = 0; ply < 6; ++ply) {
            const auto moves = game->legal_moves();
            std::string played;
            ASSERT_TRUE(game->play(moves[rng() % moves.size()].lan, nullptr, &played));
            lan.push_back(played);
        }
        engine::Limits limits;
        limits.depth = 4;
        engine::Engine direct, replayed;
        direct.set_position(*game);
        ASSERT_TRUE(replayed.set_variant(Pos::kId));
        ASSERT_TRUE(replayed.set_position("", lan));
        EXPECT_EQ(direct.fen(), replayed.fen());
        const engine::Result a = direct.search(limits), b = replayed.search(limits);
        EXPECT_EQ(a.best, b.best);
        EXPECT_EQ(a.nodes, b.nodes);
        EXPECT_EQ(a.score, b.score);
        ASSERT_FALSE(a.move.is_none());
        std::string san;
        EXPECT_TRUE(game->play(a.move, &san)) << a.best;
        EXPECT_FALSE(san.empty());
    });
}

}  // namespace
}  // namespace chimera
