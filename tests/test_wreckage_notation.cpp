// Wreckage FEN, LAN and the SAN-like display text, which must
// round-trip (shared/spec/README.md). Expected strings are written by hand.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "wreckage_reference.h"

namespace chimera {
namespace {

using wreckage::Position;
using wref::fen_after;
using wref::load;

using Set = std::set<std::string>;

bool accepted(const std::string& fen) {
    Position pos;
    const Status s = pos.set_fen(fen);
    if (!s.is_ok()) {
        EXPECT_FALSE(s.message().empty()) << fen;
    }
    return s.is_ok();
}

// Two Kings and `rank5` as rank 5.
std::string with_rank5(const std::string& rank5) {
    return "k9/10/10/10/10/" + rank5 + "/10/10/10/9K w - - - 0 1";
}

// ------------------------------------------------------------------

TEST(WreckageNotation, X25_StartFenRoundTripWithTenRuns) {
    EXPECT_EQ(load(std::string(Position::kStartFen)).fen(), Position::kStartFen);
    for (const char* fen :
         {"k9/10/10/10/10/4P5/10/10/10/9K b - - - 0 1",
          "5k4/10/10/10/10/10/10/10/10/5K4 w - - GJgj 17 33",
          "xr3k2rd/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/XR3K2RD b Bi - Jjjjjj 3 9"})
        EXPECT_EQ(load(fen).fen(), fen);
    EXPECT_TRUE(accepted(with_rank5("10")));
    EXPECT_TRUE(accepted(with_rank5("4P5")));
    EXPECT_TRUE(accepted(with_rank5("P9")));
    EXPECT_TRUE(accepted(with_rank5("9P")));
}

TEST(WreckageNotation, X25_RejectsBadPlacement) {
    for (const char* r : {"55", "19", "91", "46", "11", "100", "010", "0", "9", "4P4", "5P5", "P10",
                          "10P", "4p1p1p1p1p"})
        EXPECT_FALSE(accepted(with_rank5(r))) << r;
    EXPECT_FALSE(accepted(
        "xrwbqkbfrd/pppppppppp/10/10/10/10/10/PPPPPPPPPP/XRWBQKBFRD w BIbi - GJJJJJgjjjjj 0 1"));
    EXPECT_FALSE(accepted(
        "xrwbqkbfrd/pppppppppp/10/10/10/10/10/10/10/PPPPPPPPPP/XRWBQKBFRD w BIbi - - 0 1"));
    EXPECT_FALSE(accepted("9k/10/10/10/10/10/10/10/10/N8K w - - - 0 1"));  // no such letter
    // Kings: exactly one each; pawns never on their first or last rank.
    EXPECT_FALSE(accepted("10/10/10/10/10/10/10/10/10/K9 w - - - 0 1"));
    EXPECT_FALSE(accepted("9k/10/10/10/10/10/10/10/10/K8K w - - - 0 1"));
    EXPECT_FALSE(accepted("9k/10/10/10/10/10/10/10/10/KP8 w - - - 0 1"));
    EXPECT_FALSE(accepted("P8k/10/10/10/10/10/10/10/10/K9 w - - - 0 1"));
    EXPECT_FALSE(accepted("8pk/10/10/10/10/10/10/10/10/K9 w - - - 0 1"));
    EXPECT_FALSE(accepted("9k/10/10/10/10/10/10/10/10/Kj8 w - - - 0 1"));
    // The side not to move may not be in check.
    EXPECT_FALSE(accepted("9k/10/10/10/10/10/10/10/10/K8R w - - - 0 1"));
    EXPECT_TRUE(accepted("9k/10/10/10/10/10/10/10/10/K8R b - - - 0 1"));
}

TEST(WreckageNotation, X25_SideAndCastlingFields) {
    EXPECT_FALSE(accepted("9k/10/10/10/10/10/10/10/10/K9 x - - - 0 1"));
    const std::string placement = "xr3k2rd/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/XR3K2RD w ";
    for (const char* ok : {"BIbi", "B", "I", "b", "i", "Bi", "Ib", "-"})
        EXPECT_EQ(load(placement + ok + " - - 0 1").fen(), placement + ok + " - - 0 1");
    for (const char* bad : {"IB", "ib", "bB", "BB", "K", "Q", "BIbiB", "A"})
        EXPECT_FALSE(accepted(placement + bad + " - - 0 1")) << bad;
    // A right needs its King on f1/f10 and its Rook on b/i.
    EXPECT_FALSE(accepted("xr3k2rd/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/X1R2K2RD w B - - 0 1"));
    EXPECT_FALSE(accepted("xr3k2rd/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/XR2K3RD w I - - 0 1"));
    EXPECT_FALSE(accepted("xr3k2rd/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/XB3K2RD w B - - 0 1"));
}

TEST(WreckageNotation, X25_EnPassantFieldAcceptedKeptOrDropped) {
    // Capturable targets are written and read back.
    const std::string kept = "9k/10/10/10/10/4Pp4/3p6/10/10/K9 b - e3,e4 - 0 1";
    EXPECT_EQ(load(kept).fen(), kept);
    // Nobody can take: accepted, and the targets dropped (also from the key).
    const Position dropped = load("9k/10/10/10/10/4P5/10/10/10/K9 b - e3,e4 - 0 1");
    EXPECT_EQ(dropped.fen(), "9k/10/10/10/10/4P5/10/10/10/K9 b - - - 0 1");
    EXPECT_EQ(dropped.key(), load("9k/10/10/10/10/4P5/10/10/10/K9 b - - - 0 1").key());
    EXPECT_EQ(dropped.ep_targets(), wreckage::Bitboard(0));
    // A Ninja on d4 does not count as a taker.
    EXPECT_EQ(load("9k/10/10/10/10/4P5/3j6/10/10/K9 b - e3,e4 - 0 1").fen(),
              "9k/10/10/10/10/4P5/3j6/10/10/K9 b - - - 0 1");
    // Targets that fit no Pawn step are rejected.
    const std::string base = "9k/10/10/10/10/4Pp4/3p6/10/10/K9 b - ";
    for (const char* bad :
         {"e4,e3", "e6", "e5", "e2", "e3,e5", "d3,d4", "e3,e4,e5", "e3;e4", "e11", "k3"})
        EXPECT_FALSE(accepted(base + bad + " - 0 1")) << bad;
    EXPECT_FALSE(accepted("9k/10/10/10/10/4Pp4/3p6/10/10/K9 w - e3,e4 - 0 1"));  // wrong side
}

// The FEN written after `move` reads back, and `capture` still removes `victim`.
void expect_ep_fen_reads_back(const std::string& fen, const char* move, const char* capture,
                              const char* victim) {
    const std::string written = fen_after(load(fen), move);
    ASSERT_FALSE(written.empty()) << move;
    Position again;
    const Status s = again.set_fen(written);
    ASSERT_TRUE(s.is_ok()) << "the engine cannot read its own FEN " << written << ": "
                           << s.message();
    EXPECT_EQ(again.fen(), written);
    EXPECT_EQ(wref::engine_captures(again, capture), Set{victim}) << written;
}

TEST(WreckageNotation, X25_EnPassantTargetsOfAPartlyCapturableThreeStepReadBack) {
    // e2e5 passes e3 and e4; only e3 can be taken (by d4), only e4 (by f5), or both.
    expect_ep_fen_reads_back("9k/10/10/10/10/10/3p6/10/4P5/K9 w - - - 0 1", "e2e5", "d4e3", "e5");
    expect_ep_fen_reads_back("9k/10/10/10/10/5p4/10/10/4P5/K9 w - - - 0 1", "e2e5", "f5e4", "e5");
    expect_ep_fen_reads_back("9k/10/10/10/10/5p4/3p6/10/4P5/K9 w - - - 0 1", "e2e5", "d4e3", "e5");
    // Black's d9d6 passes d8 and d7; only d8 can be taken (by c7), or only d7 (by e6).
    expect_ep_fen_reads_back("k9/3p6/10/2P7/10/10/10/10/10/9K b - - - 0 1", "d9d6", "c7d8", "d6");
    expect_ep_fen_reads_back("k9/3p6/10/10/4P5/10/10/10/10/9K b - - - 0 1", "d9d6", "e6d7", "d6");
}

TEST(WreckageNotation, X25_HandField) {
    const std::string board = "9k/10/10/10/10/10/10/10/10/K9 w - - ";
    const Position full = load(board + "GJJJJJgjjjjj 0 1");
    EXPECT_EQ(full.hand(WHITE, wreckage::HAND_G), 1);
    EXPECT_EQ(full.hand(WHITE, wreckage::HAND_J), 5);
    EXPECT_EQ(full.hand(BLACK, wreckage::HAND_G), 1);
    EXPECT_EQ(full.hand(BLACK, wreckage::HAND_J), 5);
    const Position some = load(board + "Jgjj 0 1");
    EXPECT_EQ(some.hand(WHITE, wreckage::HAND_G), 0);
    EXPECT_EQ(some.hand(WHITE, wreckage::HAND_J), 1);
    EXPECT_EQ(some.hand(BLACK, wreckage::HAND_G), 1);
    EXPECT_EQ(some.hand(BLACK, wreckage::HAND_J), 2);
    EXPECT_EQ(some.fen(), board + "Jgjj 0 1");
    EXPECT_EQ(load(board + "- 0 1").hand(BLACK, wreckage::HAND_J), 0);
    for (const char* ok : {"G", "J", "g", "j", "Gg", "GJJJJJ", "gjjjjj"})
        EXPECT_EQ(load(board + ok + " 0 1").fen(), board + ok + " 0 1");
    for (const char* bad : {"JG", "GG", "JJJJJJ", "jjjjjj", "gG", "jJ", "gJ", "x", "G-", "Gjg"})
        EXPECT_FALSE(accepted(board + bad + " 0 1")) << bad;
}

TEST(WreckageNotation, X25_Counters) {
    const std::string board = "9k/10/10/10/10/10/10/10/10/K9 w - - J ";
    EXPECT_EQ(load(board + "42 17").fen(), board + "42 17");
    EXPECT_EQ(load(board + "42 17").rule50(), 42);
    for (const char* bad : {"0 0", "-1 1", "x 1", "1 x", "1 -3", "1.5 2"})
        EXPECT_FALSE(accepted(board + bad)) << bad;
    EXPECT_FALSE(accepted("9k/10/10/10/10/10/10/10/10/K9 w - - J 0"));
    // Fullmove goes up after Black's move only.
    const Position w = load(board + "0 5");
    EXPECT_EQ(fen_after(w, "a1b1"), "9k/10/10/10/10/10/10/10/10/1K8 b - - J 1 5");
    EXPECT_EQ(fen_after(load(fen_after(w, "a1b1")), "j10i10"),
              "8k1/10/10/10/10/10/10/10/10/1K8 w - - J 2 6");
}

// ------------------------------------------------------------------

void expect_lan(const std::string& fen, const std::string& text, MoveKind kind, int from, int to,
                int extra = 0) {
    const Position pos = load(fen);
    std::string err;
    const Move m = pos.parse_lan(text, &err);
    ASSERT_FALSE(m.is_none()) << text << " in " << fen << ": " << err;
    EXPECT_EQ(pos.lan(m), text);
    EXPECT_EQ(m.kind(), kind) << text;
    EXPECT_EQ(m.from(), from) << text;
    EXPECT_EQ(m.to(), to) << text;
    if (kind == MoveKind::PROMOTION || kind == MoveKind::DROP) {
        EXPECT_EQ(m.extra(), extra) << text;
    }
    EXPECT_EQ(pos.parse_move(text, &err), m) << text;
}

int sq(const char* name) { return wref::parse_sq(name); }

TEST(WreckageNotation, X26_LanForEveryMoveKind) {
    const std::string start(Position::kStartFen);
    expect_lan(start, "e2e5", MoveKind::NORMAL, sq("e2"), sq("e5"));
    expect_lan(start, "c1b3", MoveKind::NORMAL, sq("c1"), sq("b3"));
    expect_lan("9k/4P5/10/10/10/10/10/10/10/K9 w - - - 0 1", "e9e10d", MoveKind::PROMOTION,
               sq("e9"), sq("e10"), wreckage::DRAGON);
    expect_lan("9k/4P5/10/10/10/10/10/10/10/K9 w - - - 0 1", "e9e10g", MoveKind::PROMOTION,
               sq("e9"), sq("e10"), wreckage::GUILLOTINE);
    const std::string castle =
        "xr3k2rd/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/XR3K2RD w BIbi - - 0 1";
    expect_lan(castle, "f1g1c", MoveKind::CASTLING, sq("f1"), sq("g1"));
    expect_lan(castle, "f1b1c", MoveKind::CASTLING, sq("f1"), sq("b1"));
    expect_lan(castle, "f1g1", MoveKind::NORMAL, sq("f1"), sq("g1"));  // the plain step
    const std::string black_castle =
        "xr3k2rd/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/XR3K2RD b BIbi - - 0 1";
    expect_lan(black_castle, "f10i10c", MoveKind::CASTLING, sq("f10"), sq("i10"));
    expect_lan("9k/10/10/10/3rpj4/4X5/3B1b4/10/10/K9 w - - - 0 1", "e5x", MoveKind::DETONATION,
               sq("e5"), sq("e5"));
    expect_lan("9k/10/10/10/10/10/10/10/10/R4K4 w - - GJ 0 1", "G@b1", MoveKind::DROP, sq("b1"),
               sq("b1"), wreckage::GUILLOTINE);
    expect_lan("9k/10/10/10/10/10/10/10/10/R4K4 w - - GJ 0 1", "J@e4", MoveKind::DROP, sq("e4"),
               sq("e4"), wreckage::NINJA);
    expect_lan("r4k4/10/10/10/10/10/10/10/10/9K b - - gj 0 1", "G@j10", MoveKind::DROP, sq("j10"),
               sq("j10"), wreckage::GUILLOTINE);
    expect_lan("r4k4/10/10/10/10/10/10/10/10/9K b - - gj 0 1", "J@c7", MoveKind::DROP, sq("c7"),
               sq("c7"), wreckage::NINJA);
    expect_lan("9k/10/10/10/10/4Pp4/3p6/10/10/K9 b - e3,e4 - 0 1", "d4e3", MoveKind::EN_PASSANT,
               sq("d4"), sq("e3"));
    // Captures look like moves, whatever the mode.
    expect_lan("K8k/10/10/2f2b4/10/10/3bPGpr2/10/3p6/5w4 w - - - 0 1", "f4b8", MoveKind::NORMAL,
               sq("f4"), sq("b8"));
    expect_lan("K8k/10/10/2f2b4/10/10/3bPGpr2/10/3p6/5w4 w - - - 0 1", "f4h4", MoveKind::NORMAL,
               sq("f4"), sq("h4"));
}

TEST(WreckageNotation, X26_OnlyTheCanonicalTextIsAccepted) {
    const Position start;
    for (const char* bad :
         {"e2e6", "e2-e5", "E2E5", "e2e5 ", "e2", "", "e2e5q", "G@a1", "J@e2", "j@e2"})
        EXPECT_TRUE(start.parse_lan(bad).is_none()) << bad;
    const Position drops = load("r4k4/10/10/10/10/10/10/10/10/9K b - - gj 0 1");
    for (const char* bad : {"g@j10", "j@c7", "J@c2", "G@a1", "J@c10", "G@a10"})
        EXPECT_TRUE(drops.parse_lan(bad).is_none()) << bad;
    const Position castle =
        load("xr3k2rd/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/XR3K2RD w BIbi - - 0 1");
    for (const char* bad : {"f1a1c", "f1j1c", "f1f1c", "O-O", "f1h1"})
        EXPECT_TRUE(castle.parse_lan(bad).is_none()) << bad;
    const Position det = load("9k/10/10/10/3rpj4/4X5/3B1b4/10/10/K9 w - - - 0 1");
    for (const char* bad : {"e5e5", "e5X", "d4x", "x"})
        EXPECT_TRUE(det.parse_lan(bad).is_none()) << bad;
    const Position promo = load("9k/4P5/10/10/10/10/10/10/10/K9 w - - - 0 1");
    for (const char* bad : {"e9e10", "e9e10k", "e9e10p", "e9e10j", "e9e10D"})
        EXPECT_TRUE(promo.parse_lan(bad).is_none()) << bad;
}

// Every legal move's LAN and SAN-like text parse back to it, and are unique.
void expect_round_trips(const std::string& fen) {
    const Position pos = load(fen);
    Position::Moves ml;
    pos.legal_moves(ml);
    Set lans, sans;
    for (Move m : ml) {
        const std::string lan = pos.lan(m), san = pos.san(m);
        EXPECT_TRUE(lans.insert(lan).second) << lan << " twice in " << fen;
        EXPECT_TRUE(sans.insert(san).second) << san << " twice in " << fen;
        std::string err;
        EXPECT_EQ(pos.parse_lan(lan, &err), m) << lan << " in " << fen << ": " << err;
        EXPECT_EQ(pos.parse_san(san, &err), m)
            << san << " (" << lan << ") in " << fen << ": " << err;
        EXPECT_EQ(pos.parse_move(san, &err), m) << san << " in " << fen;
        EXPECT_EQ(pos.parse_move(lan, &err), m) << lan << " in " << fen;
    }
}

TEST(WreckageNotation, SanRoundTripsForEveryMoveKind) {
    for (const char* fen : {
             Position::kStartFen.data(),
             "xr3k2rd/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/XR3K2RD w BIbi - GJgj 0 1",
             "xr3k2rd/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/XR3K2RD b BIbi - GJgj 0 1",
             "K8k/10/10/2f2b4/10/10/3bPGpr2/10/3p6/5w4 w - - - 0 1",
             "9k/10/10/10/10/4Pp4/3p6/10/10/K9 b - e3,e4 - 0 1",
             "9k/10/10/10/3rpj4/4X5/3B1b4/10/10/K9 w - - - 0 1",
             "3rf4k/4P5/10/10/10/10/10/10/10/K9 w - - - 0 1",
             "9k/10/10/10/4rp4/3fD5/5b4/10/10/K9 w - - - 0 1",
             "k9/10/1b5b2/2r1r5/10/4Gpw3/3pPP4/4q5/10/9K w - - - 0 1",
             "5k3r/G3p1p3/4Xb4/2D7/10/10/10/10/10/K4R4 w - - - 0 1",
             "9k/10/10/5r4/10/10/10/10/10/5K4 w - - GJ 0 1",
             // Two Rooks, two Wazir-Knights and two Ninjas reaching the same squares.
             "9k/10/10/10/R5R3/10/1W3W4/10/10/K9 w - - - 0 1",
             "9k/10/10/10/3J1J4/10/10/10/10/K9 w - - - 0 1",
         })
        expect_round_trips(fen);
}

}  // namespace
}  // namespace chimera
