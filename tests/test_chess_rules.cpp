// Orthodox chess (FIDE Laws, standard FEN, UCI long algebraic, SAN): castling,
// en passant, promotion, end rules and notation. Expected values come from the
// Laws; positions are chosen so that the answer can be read off the board.
#include <gtest/gtest.h>

#include <initializer_list>
#include <random>
#include <set>
#include <string>

#include "variants/chess/attacks.h"
#include "variants/chess/position.h"

namespace chimera {
namespace {

using chess::Position;

Position at(const char* fen) {
    Position pos;
    const Status s = pos.set_fen(fen);
    EXPECT_TRUE(s.is_ok()) << fen << ": " << s.message();
    return pos;
}

bool legal(const Position& pos, const char* lan) { return !pos.parse_lan(lan).is_none(); }

void play(Position& pos, std::initializer_list<const char*> moves) {
    for (const char* text : moves) {
        const Move m = pos.parse_move(text);
        ASSERT_FALSE(m.is_none()) << text << " in " << pos.fen();
        pos.do_move(m);
    }
}

int sq(const char* name) { return chess::make_square(name[0] - 'a', name[1] - '1'); }

std::string castling_field(const Position& pos) {
    const std::string f = pos.fen();
    const auto a = f.find(' ') + 3;  // after "<placement> w "
    return f.substr(a, f.find(' ', a) - a);
}

constexpr const char* kCastle = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";

// ------------------------------------------------------------------ castling

// The stored slider multipliers (attacks.h) all work, so no start searches for
// them, and the tables they index give the reference slide for any occupancy.
template <class Tables, auto Dirs>
void expect_stored_magics_work(const char* name) {
    const Tables& t = Tables::instance();
    std::string found;
    for (int s = 0; s < chess::SQ_NB; ++s) found += std::to_string(t.magic(s)) + "ULL, ";
    EXPECT_EQ(t.searched(), 0) << name << ": stored multipliers failed; working ones: " << found;
    std::mt19937_64 rng(7);
    for (int i = 0; i < 20000; ++i) {
        const int s = static_cast<int>(rng() % chess::SQ_NB);
        const Bitboard64 occ = rng() & rng();
        ASSERT_EQ(t.attacks(s, occ), slide<chess::kGeometry>(s, occ, Dirs))
            << name << " on " << s << " with occupancy " << occ;
    }
}

TEST(ChessAttacks, StoredMagicMultipliersWorkAndMatchTheReferenceSlide) {
    expect_stored_magics_work<chess::RookMagics, chess::kRookDirs>("rook");
    expect_stored_magics_work<chess::BishopMagics, chess::kBishopDirs>("bishop");
}

TEST(ChessRules, CastlingBothSidesMovesKingAndRook) {
    Position pos = at(kCastle);
    Move m = pos.parse_lan("e1g1");
    ASSERT_FALSE(m.is_none());
    EXPECT_EQ(m.kind(), MoveKind::CASTLING);
    EXPECT_EQ(pos.san(m), "O-O");
    pos.do_move(m);
    EXPECT_EQ(pos.fen(), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
    pos.undo_move(m);
    EXPECT_EQ(pos.fen(), kCastle);
    m = pos.parse_lan("e1c1");
    ASSERT_FALSE(m.is_none());
    EXPECT_EQ(pos.san(m), "O-O-O");
    pos.do_move(m);
    EXPECT_EQ(pos.fen(), "r3k2r/8/8/8/8/8/8/2KR3R b kq - 1 1");

    pos = at("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1");
    EXPECT_EQ(pos.parse_san("O-O"), pos.parse_lan("e8g8"));
    play(pos, {"O-O"});
    EXPECT_EQ(pos.fen(), "r4rk1/8/8/8/8/8/8/R3K2R w KQ - 1 2");
    pos = at("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1");
    play(pos, {"O-O-O"});
    EXPECT_EQ(pos.fen(), "2kr3r/8/8/8/8/8/8/R3K2R w KQ - 1 2");
}

TEST(ChessRules, CastlingNotThroughCheck) {
    Position pos = at("4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1");  // f1 attacked
    EXPECT_FALSE(legal(pos, "e1g1"));
    EXPECT_TRUE(legal(pos, "e1c1"));
    pos = at("3rk3/8/8/8/8/8/8/R3K2R w KQ - 0 1");  // d1 attacked
    EXPECT_FALSE(legal(pos, "e1c1"));
    EXPECT_TRUE(legal(pos, "e1g1"));
    // b1 is passed by the Rook only: an attack there does not matter.
    pos = at("1r2k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    EXPECT_TRUE(legal(pos, "e1c1"));
    pos = at("r3k2r/8/8/8/8/8/1K6/5R2 b kq - 0 1");  // f8 attacked
    EXPECT_FALSE(legal(pos, "e8g8"));
    EXPECT_TRUE(legal(pos, "e8c8"));
}

TEST(ChessRules, CastlingNotOutOfCheck) {
    const Position pos = at("4r1k1/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    EXPECT_TRUE(pos.in_check());
    EXPECT_FALSE(legal(pos, "e1g1"));
    EXPECT_FALSE(legal(pos, "e1c1"));
}

TEST(ChessRules, CastlingNotIntoCheck) {
    Position pos = at("1k4r1/8/8/8/8/8/8/R3K2R w KQ - 0 1");  // g1 attacked
    EXPECT_FALSE(legal(pos, "e1g1"));
    EXPECT_TRUE(legal(pos, "e1c1"));
    pos = at("1kr5/8/8/8/8/8/8/R3K2R w KQ - 0 1");  // c1 attacked
    EXPECT_FALSE(legal(pos, "e1c1"));
    EXPECT_TRUE(legal(pos, "e1g1"));
}

TEST(ChessRules, CastlingNotWhenBlocked) {
    Position pos = at("4k3/8/8/8/8/8/8/R3KB1R w KQ - 0 1");
    EXPECT_FALSE(legal(pos, "e1g1"));
    EXPECT_TRUE(legal(pos, "e1c1"));
    pos = at("4k3/8/8/8/8/8/8/R3K1NR w KQ - 0 1");
    EXPECT_FALSE(legal(pos, "e1g1"));
    pos = at("4k3/8/8/8/8/8/8/RN2K2R w KQ - 0 1");  // b1 must be empty too
    EXPECT_FALSE(legal(pos, "e1c1"));
    EXPECT_TRUE(legal(pos, "e1g1"));
    pos = at("4k3/8/8/8/8/8/8/R2QK2R w KQ - 0 1");
    EXPECT_FALSE(legal(pos, "e1c1"));
}

TEST(ChessRules, CastlingRightsLostAfterKingMove) {
    Position pos = at(kCastle);
    play(pos, {"e1e2", "e8e7", "e2e1", "e7e8"});
    EXPECT_EQ(castling_field(pos), "-");
    EXPECT_FALSE(legal(pos, "e1g1"));
    EXPECT_FALSE(legal(pos, "e1c1"));
    play(pos, {"a1a2"});
    EXPECT_FALSE(legal(pos, "e8g8"));
    EXPECT_FALSE(legal(pos, "e8c8"));
}

TEST(ChessRules, CastlingRightsLostAfterRookMove) {
    Position pos = at(kCastle);
    play(pos, {"a1a2", "h8h7", "a2a1", "h7h8"});
    EXPECT_EQ(castling_field(pos), "Kq");
    EXPECT_TRUE(legal(pos, "e1g1"));
    EXPECT_FALSE(legal(pos, "e1c1"));
    play(pos, {"e1g1"});
    EXPECT_TRUE(legal(pos, "e8c8"));
    EXPECT_FALSE(legal(pos, "e8g8"));
}

TEST(ChessRules, CastlingRightsLostWhenRookCaptured) {
    Position pos = at(kCastle);
    play(pos, {"h1h8"});  // the capturing Rook leaves h1, the captured one h8
    EXPECT_EQ(castling_field(pos), "Qq");
    pos = at("r3k2r/8/8/8/8/8/6B1/R3K2R w KQkq - 0 1");
    play(pos, {"g2a8"});
    EXPECT_EQ(castling_field(pos), "KQk");
    play(pos, {"e8f8"});
    EXPECT_EQ(castling_field(pos), "KQ");
}

// ------------------------------------------------------------------ en passant

TEST(ChessRules, EnPassantRightAfterTheDoubleStepOnly) {
    Position pos = at("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1");
    play(pos, {"d7d5"});
    EXPECT_EQ(pos.fen(), "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
    const Move ep = pos.parse_lan("e5d6");
    ASSERT_FALSE(ep.is_none());
    EXPECT_EQ(ep.kind(), MoveKind::EN_PASSANT);
    EXPECT_TRUE(pos.is_capture(ep));
    EXPECT_EQ(pos.san(ep), "exd6");
    Position after = pos;
    after.do_move(ep);
    EXPECT_EQ(after.fen(), "4k3/8/3P4/8/8/8/8/4K3 b - - 0 2");
    after.undo_move(ep);
    EXPECT_EQ(after.fen(), pos.fen());
    // One move later the right is gone.
    play(pos, {"e1e2", "e8e7"});
    EXPECT_FALSE(legal(pos, "e5d6"));

    pos = at("4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1");
    play(pos, {"e2e4"});
    EXPECT_EQ(pos.fen(), "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1");
    EXPECT_EQ(pos.parse_lan("d4e3").kind(), MoveKind::EN_PASSANT);
}

TEST(ChessRules, EnPassantSquareWrittenOnlyWhenACaptureIsPossible) {
    Position pos;
    play(pos, {"e2e4"});
    EXPECT_EQ(pos.fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    // Given in the FEN, it is still dropped when nobody can take.
    pos = at("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    EXPECT_EQ(pos.fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
}

TEST(ChessRules, EnPassantIllegalWhenItExposesTheKingAlongTheRank) {
    // Both pawns leave rank 5 and the Rook h5 would see the King a5.
    Position pos = at("8/2p5/8/KP5r/8/8/8/4k3 b - - 0 1");
    play(pos, {"c7c5"});
    EXPECT_FALSE(legal(pos, "b5c6"));
    EXPECT_EQ(pos.fen(), "8/8/8/KPp4r/8/8/8/4k3 w - - 0 2");
    Position::Moves ml;
    pos.legal_moves(ml);
    for (Move m : ml) EXPECT_NE(m.kind(), MoveKind::EN_PASSANT) << pos.lan(m);
    // Without the Rook the same capture is legal.
    pos = at("8/2p5/8/KP6/8/8/8/4k3 b - - 0 1");
    play(pos, {"c7c5"});
    EXPECT_TRUE(legal(pos, "b5c6"));
    EXPECT_EQ(pos.fen(), "8/8/8/KPp5/8/8/8/4k3 w - c6 0 2");
}

TEST(ChessRules, EnPassantCanCaptureACheckingPawn) {
    Position pos = at("4k3/4p3/8/3P4/3K4/8/8/8 b - - 0 1");
    play(pos, {"e7e5"});
    EXPECT_TRUE(pos.in_check());
    ASSERT_TRUE(legal(pos, "d5e6"));
    play(pos, {"d5e6"});
    EXPECT_EQ(pos.fen(), "4k3/8/4P3/8/3K4/8/8/8 b - - 0 2");
}

// ------------------------------------------------------------------ promotion

TEST(ChessRules, FourPromotionsByPushAndByCapture) {
    const Position pos = at("1r5k/P7/8/8/8/8/8/K7 w - - 0 1");
    const std::pair<char, chess::PieceType> kinds[] = {
        {'q', chess::QUEEN}, {'r', chess::ROOK}, {'b', chess::BISHOP}, {'n', chess::KNIGHT}};
    for (const char* to : {"a8", "b8"})
        for (const auto& [letter, type] : kinds) {
            const std::string lan = std::string("a7") + to + letter;
            const Move m = pos.parse_lan(lan);
            ASSERT_FALSE(m.is_none()) << lan;
            EXPECT_EQ(m.kind(), MoveKind::PROMOTION);
            EXPECT_EQ(pos.lan(m), lan);
            Position after = pos;
            after.do_move(m);
            EXPECT_EQ(after.piece_on(sq(to)), chess::make_piece(WHITE, type)) << lan;
            EXPECT_EQ(after.rule50(), 0);
        }
    EXPECT_TRUE(pos.parse_lan("a7a8").is_none());  // the piece must be named
    EXPECT_TRUE(pos.parse_lan("a7a8k").is_none());
    EXPECT_TRUE(pos.parse_lan("a7a8p").is_none());
    // Black promotes on rank 1.
    Position black = at("k7/8/8/8/8/8/4p3/K7 b - - 0 1");
    play(black, {"e2e1n"});
    EXPECT_EQ(black.piece_on(sq("e1")), chess::make_piece(BLACK, chess::KNIGHT));
}

TEST(ChessRules, PromotionSan) {
    const Position pos = at("7k/4P3/8/8/8/8/8/K7 w - - 0 1");
    EXPECT_EQ(pos.san(pos.parse_lan("e7e8q")), "e8=Q+");
    EXPECT_EQ(pos.san(pos.parse_lan("e7e8r")), "e8=R+");
    EXPECT_EQ(pos.san(pos.parse_lan("e7e8b")), "e8=B");
    EXPECT_EQ(pos.san(pos.parse_lan("e7e8n")), "e8=N");
    EXPECT_EQ(pos.parse_san("e8=Q+"), pos.parse_lan("e7e8q"));
    EXPECT_EQ(pos.parse_san("e8=N"), pos.parse_lan("e7e8n"));
    const Position cap = at("1r5k/P7/8/8/8/8/8/K7 w - - 0 1");
    EXPECT_EQ(cap.san(cap.parse_lan("a7b8q")), "axb8=Q+");
    EXPECT_EQ(cap.san(cap.parse_lan("a7a8q")), "a8=Q");  // the Rook b8 blocks the rank
}

// ------------------------------------------------------------------ end of game

TEST(ChessRules, CheckmateFoolsMate) {
    Position pos;
    play(pos, {"f3", "e5", "g4"});
    EXPECT_EQ(pos.san(pos.parse_lan("d8h4")), "Qh4#");
    play(pos, {"Qh4#"});
    EXPECT_TRUE(pos.in_check());
    EXPECT_EQ(pos.outcome(), Outcome::CHECKMATE);
}

TEST(ChessRules, Stalemate) {
    EXPECT_EQ(at("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").outcome(), Outcome::STALEMATE);
    // Decided before the move-count rule.
    EXPECT_EQ(at("7k/5Q2/6K1/8/8/8/8/8 b - - 100 80").outcome(), Outcome::STALEMATE);
    Position pos = at("7k/8/6K1/8/8/8/5Q2/8 w - - 0 1");
    EXPECT_EQ(pos.outcome(), Outcome::ONGOING);
    EXPECT_EQ(pos.san(pos.parse_lan("f2f7")), "Qf7");
    play(pos, {"Qf7"});
    EXPECT_FALSE(pos.in_check());
    EXPECT_EQ(pos.outcome(), Outcome::STALEMATE);
}

TEST(ChessRules, ThreefoldRepetitionCountsTheStartPosition) {
    Position pos;
    const char* cycle[] = {"g1f3", "g8f6", "f3g1", "f6g8"};
    for (int ply = 0; ply < 8; ++ply) {
        play(pos, {cycle[ply % 4]});
        EXPECT_EQ(pos.outcome(), ply == 7 ? Outcome::REPETITION : Outcome::ONGOING) << ply;
    }
}

TEST(ChessRules, RepetitionNeedsTheSameCastlingRights) {
    // The King walk returns to the start placement without castling rights, so the
    // first position counts once only; (Kf1, Kf8, White to move) is the first to
    // occur three times, after ply 2, 6 and 10.
    Position pos = at(kCastle);
    const char* cycle[] = {"e1f1", "e8f8", "f1e1", "f8e8"};
    for (int ply = 1; ply <= 12; ++ply) {
        play(pos, {cycle[(ply - 1) % 4]});
        EXPECT_EQ(pos.outcome(), ply >= 10 ? Outcome::REPETITION : Outcome::ONGOING) << ply;
    }
}

TEST(ChessRules, RepetitionIgnoresAnEnPassantSquareNobodyCanTake) {
    // After 1.e4 no Black pawn can take en passant, so the position after 1.e4 is
    // the same as after 3.Ng1 and 5.Ng1: third occurrence at ply 9.
    Position pos;
    const char* moves[] = {"e2e4", "g8f6", "g1f3", "f6g8", "f3g1", "g8f6", "g1f3", "f6g8", "f3g1"};
    for (int ply = 1; ply <= 9; ++ply) {
        play(pos, {moves[ply - 1]});
        EXPECT_EQ(pos.outcome(), ply == 9 ? Outcome::REPETITION : Outcome::ONGOING) << ply;
    }
}

TEST(ChessRules, RepetitionCountsAnEnPassantRightThatExists) {
    // After e2e4 the pawn d4 may take en passant: that position differs from the
    // same placement later. The first position to occur three times is the one
    // after ply 2 (again after 6 and 10).
    Position pos = at("4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1");
    const char* moves[] = {"e2e4", "e8e7", "e1e2", "e7e8", "e2e1"};
    const char* cycle[] = {"e8e7", "e1e2", "e7e8", "e2e1"};
    for (int ply = 1; ply <= 10; ++ply) {
        play(pos, {ply <= 5 ? moves[ply - 1] : cycle[(ply - 6) % 4]});
        EXPECT_EQ(pos.outcome(), ply == 10 ? Outcome::REPETITION : Outcome::ONGOING) << ply;
    }
}

TEST(ChessRules, FiftyMoveRuleIsHundredPlies) {
    Position pos = at("6k1/5ppp/8/8/8/8/8/R5K1 w - - 98 80");
    EXPECT_EQ(pos.outcome(), Outcome::ONGOING);
    play(pos, {"a1a2"});
    EXPECT_EQ(pos.rule50(), 99);
    EXPECT_EQ(pos.outcome(), Outcome::ONGOING);
    play(pos, {"g8h8"});
    EXPECT_EQ(pos.rule50(), 100);
    EXPECT_EQ(pos.outcome(), Outcome::MOVE_RULE);
    EXPECT_EQ(pos.fen(), "7k/5ppp/8/8/8/8/R7/6K1 w - - 100 81");
}

TEST(ChessRules, FiftyMoveCounterResetByPawnMovesAndCaptures) {
    const Position start = at("6k1/5pp1/7p/8/8/8/1P6/R5K1 w - - 60 80");
    Position pos = start;
    play(pos, {"b2b4"});
    EXPECT_EQ(pos.rule50(), 0);
    pos = start;
    play(pos, {"a1a2", "h6h5"});
    EXPECT_EQ(pos.rule50(), 0);
    pos = start;
    play(pos, {"a1a2"});
    EXPECT_EQ(pos.rule50(), 61);
    pos = at("6k1/5ppp/8/8/8/8/8/1R4K1 w - - 60 80");
    play(pos, {"b1b7", "g8f8"});
    EXPECT_EQ(pos.rule50(), 62);
    play(pos, {"b7f7"});  // capture
    EXPECT_EQ(pos.rule50(), 0);
}

TEST(ChessRules, MateOnTheHundredthPlyWins) {
    Position pos = at("6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 80");
    EXPECT_EQ(pos.san(pos.parse_lan("a1a8")), "Ra8#");
    play(pos, {"Ra8#"});
    EXPECT_EQ(pos.rule50(), 100);
    EXPECT_EQ(pos.outcome(), Outcome::CHECKMATE);
}

TEST(ChessRules, InsufficientMaterial) {
    for (const char* dead : {"8/8/4k3/8/8/3K4/8/8 w - - 0 1",       // K v K
                             "8/8/4k3/8/8/3K4/8/2B5 w - - 0 1",     // K+B v K
                             "8/8/4k3/8/8/3K4/8/2N5 b - - 0 1",     // K+N v K
                             "8/8/4kn2/8/8/3K4/8/8 w - - 0 1",      // K v K+N
                             "5b2/8/4k3/8/8/3K4/8/2B5 w - - 0 1",   // bishops c1, f8: dark
                             "8/8/4k3/8/8/3K4/8/2B1B3 w - - 0 1"})  // c1, e1: both dark
        EXPECT_EQ(at(dead).outcome(), Outcome::INSUFFICIENT) << dead;
    for (const char* alive : {"2b5/8/4k3/8/8/3K4/8/2B5 w - - 0 1",  // c1 dark, c8 light
                              "8/8/4k3/8/8/3K4/8/1NN5 w - - 0 1",   // K+N+N
                              "8/8/4kn2/8/8/3K4/8/2B5 w - - 0 1",   // K+B v K+N
                              "8/8/4k3/8/8/3K4/4P3/8 w - - 0 1",    // a pawn
                              "8/8/4k3/8/8/3K4/8/7R w - - 0 1"})    // a Rook
        EXPECT_EQ(at(alive).outcome(), Outcome::ONGOING) << alive;
    // Capturing the last piece leaves bare Kings.
    Position pos = at("8/8/4k3/8/8/3K4/3n4/8 w - - 0 1");
    play(pos, {"d3d2"});
    EXPECT_EQ(pos.outcome(), Outcome::INSUFFICIENT);
}

// ------------------------------------------------------------------ notation

TEST(ChessRules, SanDisambiguation) {
    Position pos = at("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");  // by file
    EXPECT_EQ(pos.san(pos.parse_lan("b1d2")), "Nbd2");
    EXPECT_EQ(pos.san(pos.parse_lan("f1d2")), "Nfd2");
    EXPECT_EQ(pos.san(pos.parse_lan("b1c3")), "Nc3");
    EXPECT_TRUE(pos.parse_san("Nd2").is_none());
    pos = at("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1");  // by rank
    EXPECT_EQ(pos.san(pos.parse_lan("a1a3")), "R1a3");
    EXPECT_EQ(pos.san(pos.parse_lan("a5a3")), "R5a3");
    pos = at("4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1");  // by file, by rank, by both
    EXPECT_EQ(pos.san(pos.parse_lan("a1b2")), "Qa1b2");
    EXPECT_EQ(pos.san(pos.parse_lan("c1b2")), "Qcb2");
    EXPECT_EQ(pos.san(pos.parse_lan("a3b2")), "Q3b2");
    for (const char* s : {"Qa1b2", "Qcb2", "Q3b2"}) EXPECT_FALSE(pos.parse_san(s).is_none()) << s;
    pos = at("4k3/8/8/3p4/2P1P3/8/8/4K3 w - - 0 1");  // pawn captures name their file
    EXPECT_EQ(pos.san(pos.parse_lan("c4d5")), "cxd5");
    EXPECT_EQ(pos.san(pos.parse_lan("e4d5")), "exd5");
}

TEST(ChessRules, SanAndLanRoundTripInRandomGames) {
    std::mt19937 rng(1);
    const char* starts[] = {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
                            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"};
    for (const char* fen : starts)
        for (int game = 0; game < 6; ++game) {
            Position pos = at(fen);
            for (int ply = 0; ply < 40; ++ply) {
                Position::Moves ml;
                pos.legal_moves(ml);
                if (ml.empty()) break;
                std::set<std::string> sans;
                for (Move m : ml) {
                    const std::string lan = pos.lan(m), san = pos.san(m);
                    EXPECT_EQ(lan.size(), m.kind() == MoveKind::PROMOTION ? 5u : 4u) << lan;
                    EXPECT_EQ(lan.substr(0, 4),
                              Position::square_name(m.from()) + Position::square_name(m.to()));
                    EXPECT_EQ(pos.parse_lan(lan), m) << lan;
                    EXPECT_EQ(pos.parse_san(san), m) << san << " in " << pos.fen();
                    EXPECT_EQ(pos.parse_move(san), m) << san;
                    EXPECT_TRUE(sans.insert(san).second) << "duplicate " << san;
                    EXPECT_EQ(san.find('x') != std::string::npos, pos.is_capture(m)) << san;
                }
                pos.do_move(ml[rng() % ml.size()]);
            }
        }
}

TEST(ChessRules, FenErrorsRejectedAndLeaveThePositionUnchanged) {
    Position pos = at(kCastle);
    for (const char* bad : {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0",     // 5 fields
                            "4k3/8/8/8/8/8/8/4K3 w - - 0 1 x",        // 7 fields
                            "4k3/8/8/8/8/8/8/3K13 w - - 0 1",         // adjacent digits
                            "4k3/8/8/8/8/8/8/4K2 w - - 0 1",          // 7 squares
                            "r3k2r/8/8/8/8/8/8/R3K3 w KQkq - 0 1",    // K right, no h1 Rook
                            "r3k2r/8/8/8/8/8/8/R3K2R w qkQK - 0 1",   // order
                            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq e3 0 1",  // no double step
                            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 0",   // fullmove 0
                            "r3k2r/8/8/8/8/8/8/P3K2R w Kkq - 0 1",    // pawn on rank 1
                            "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1",  // Black, not to move, in check
                            "4k3/8/8/8/8/8/8/8 w - - 0 1"}) {   // no White King
        const Status s = pos.set_fen(bad);
        EXPECT_FALSE(s.is_ok()) << bad;
        EXPECT_FALSE(s.message().empty()) << bad;
        EXPECT_EQ(pos.fen(), kCastle) << bad;
    }
}

}  // namespace
}  // namespace chimera
