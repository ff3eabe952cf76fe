// Wreckage property tests: seeded random playouts from the start and from busy
// middlegames, biased toward the rare move kinds, comparing the engine with the
// slow rule-text model of wreckage_reference.h at every ply (legal moves as LAN
// sets, captured squares, the FEN after every move, check), and checking the
// engine's own invariants (do/undo, incremental key, FEN and notation round trips).
#include <gtest/gtest.h>

#include <chrono>
#include <iostream>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "workload.h"
#include "wreckage_reference.h"

namespace chimera {
namespace {

using wreckage::Position;
using wref::Ref;
using wref::RefMove;

// The model itself against the perft numbers of X-4 (36, 1 296, 55 580).
std::uint64_t ref_perft(const Ref& p, int depth) {
    if (depth == 0) return 1;
    const auto moves = wref::legal_moves(p);
    if (depth == 1) return moves.size();
    std::uint64_t n = 0;
    for (const auto& m : moves) n += ref_perft(m.next, depth - 1);
    return n;
}

TEST(WreckageProperties, X4_ReferenceModelMatchesSpecPerft) {
    Ref start;
    ASSERT_TRUE(wref::parse_fen(std::string(Position::kStartFen), start));
    EXPECT_EQ(wref::to_fen(start), Position::kStartFen);
    EXPECT_EQ(ref_perft(start, 1), 36u);
    EXPECT_EQ(ref_perft(start, 2), 1296u);
    EXPECT_EQ(ref_perft(start, 3), 55580u);
}

// Busy positions built by hand (each is checked to load): castling on all four
// wings available, pawns near promotion, Dragons, Detonators and Guillotines
// amid enemy pieces, hands partly used.
const char* const kStartFens[] = {
    "xrwbqkbfrd/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/XRWBQKBFRD w BIbi - GJJJJJgjjjjj 0 1",
    "xr3k2rd/pp2bp1ppp/2p1w2f2/3q1P4/1p2D2g2/p1P3X3/3d2j3/1G3Q1W2/PP1PJ1PP1P/1R3K2RD w BIbi - "
    "JJJjjjj 0 20",
    "1r3k2r1/pP1x2ppJ1/2w1b2q2/1g1pDp1W2/1P2X1B3/3pP1d3/1b4f3/2Q2j2p1/PP1J2P1P1/1R3K2R1 b BIbi - "
    "GJJjjj 3 25",
    "1r3k2r1/p1p1p1p1p1/10/1P5P2/10/10/3p1p4/10/2P1P1P3/1R3K2R1 w BIbi - GJJJgjjj 0 30",
    "4k5/1P6p1/10/2J4d2/10/3X2x3/10/1j6p1/10/5K4 w - - GJJgjj 0 40",
    "1r3k2r1/pp1pp1pppp/3dxg3w/2p1G2b2/4pP4/3PqD1Q2/2P3X3/1F4W3/PP1P2PPPP/1R3K2R1 w BIbi - JJjj 5 "
    "18",
};

struct Stats {
    std::map<std::string, int> played;
    int plies = 0, moves_checked = 0, failures = 0, fen_failures = 0;
};

// Classifies a move for the feature counters and the bias of the playout.
std::vector<std::string> features(const Position& pos, Move m, const RefMove& r) {
    std::vector<std::string> f;
    const auto pt = wreckage::type_of(pos.piece_on(m.from()));
    const int caps = r.raw.ncap;
    switch (m.kind()) {
        case MoveKind::DROP:
            if (m.extra() == wreckage::GUILLOTINE)
                f.push_back("drop G");
            else
                f.push_back(wref::rel_rank(pos.side_to_move() == WHITE, m.to()) > 2
                                ? "drop J with push"
                                : "drop J");
            break;
        case MoveKind::PROMOTION:
            f.push_back("promotion");
            break;
        case MoveKind::EN_PASSANT:
            f.push_back("en passant");
            break;
        case MoveKind::DETONATION:
            f.push_back("detonation");
            break;
        case MoveKind::CASTLING:
            f.push_back(std::string("castling ") +
                        (pos.side_to_move() == WHITE ? "white " : "black ") +
                        (m.to() > m.from() ? "i-side" : "b-side"));
            break;
        default:
            break;
    }
    if (pt == wreckage::DRAGON && caps) {
        const int dr = wref::rank_of(m.to()) - wref::rank_of(m.from());
        const bool forward = pos.side_to_move() == WHITE ? dr > 0 : dr < 0;
        f.push_back(forward ? "Dragon approach" : "Dragon withdrawal");
    }
    if (pt == wreckage::GUILLOTINE && caps == 2) f.push_back("Guillotine double capture");
    if (pt == wreckage::GUILLOTINE && caps == 1 && r.raw.cap[0] != m.to())
        f.push_back("Guillotine fly-over");
    return f;
}

double weight(const std::vector<std::string>& feats, const RefMove& r) {
    double w = 1.0 + 6.0 * r.raw.ncap + (r.next.nep ? 25.0 : 0.0);  // steps that allow en passant
    for (const auto& f : feats) {
        if (f == "drop J")
            w = 0.15;
        else if (f == "drop J with push")
            w = 0.3;
        else if (f == "drop G")
            w = 1.5;
        else if (f == "promotion")
            w += 4;
        else
            w += 25;  // castling, en passant, detonation, Dragon and Guillotine captures
    }
    return w;
}

// Every check of one position; returns the reference's moves keyed by LAN.
std::map<std::string, RefMove> check_position(Position& pos, std::mt19937_64& rng, Stats& st) {
    const std::string fen = pos.fen();
    const std::uint64_t key = pos.key();
    EXPECT_EQ(key, pos.compute_key()) << fen;
    EXPECT_TRUE(pos.is_consistent()) << fen;

    Position copy;  // FEN round trip: every FEN the engine writes reads back
    const Status s = copy.set_fen(fen);
    if (!s.is_ok()) {
        if (st.fen_failures++ < 3)
            ADD_FAILURE() << "the engine rejects its own FEN " << fen << ": " << s.message();
    } else {
        EXPECT_EQ(copy.fen(), fen);
        EXPECT_EQ(copy.key(), key) << fen;
    }

    const Ref ref = wref::from_engine(pos);
    EXPECT_EQ(wref::to_fen(ref), fen);
    EXPECT_EQ(pos.in_check(), wref::in_check(ref)) << fen;
    std::map<std::string, RefMove> expected;
    for (auto& m : wref::legal_moves(ref)) {
        const bool fresh = expected.emplace(m.lan, m).second;
        EXPECT_TRUE(fresh) << "reference generated " << m.lan << " twice in " << fen;
    }

    Position::Moves ml;
    pos.legal_moves(ml);
    std::set<std::string> got;
    for (Move m : ml) {
        const std::string lan = pos.lan(m);
        EXPECT_TRUE(got.insert(lan).second) << "engine generated " << lan << " twice in " << fen;
    }
    std::set<std::string> want;
    for (const auto& [lan, m] : expected) want.insert(lan);
    if (got != want) {
        ++st.failures;
        std::set<std::string> extra, missing;
        for (const auto& x : got)
            if (!want.count(x)) extra.insert(x);
        for (const auto& x : want)
            if (!got.count(x)) missing.insert(x);
        ADD_FAILURE() << "legal moves differ in " << fen << "\n  engine only: " << wref::show(extra)
                      << "\n  reference only: " << wref::show(missing);
    }

    std::uniform_int_distribution<std::size_t> pick(0, ml.size() ? ml.size() - 1 : 0);
    const std::size_t san_a = pick(rng), san_b = pick(rng);
    for (std::size_t i = 0; i < ml.size(); ++i) {
        const Move m = ml[i];
        const std::string lan = pos.lan(m);
        ++st.moves_checked;
        std::string err;
        EXPECT_EQ(pos.parse_lan(lan, &err), m) << lan << " in " << fen << ": " << err;
        if (i == san_a || i == san_b) {
            const std::string san = pos.san(m);
            EXPECT_EQ(pos.parse_san(san, &err), m)
                << san << " (" << lan << ") in " << fen << ": " << err;
            EXPECT_EQ(pos.parse_move(san, &err), m) << san << " in " << fen;
            EXPECT_EQ(pos.parse_move(lan, &err), m) << lan << " in " << fen;
        }
        std::set<int> caps;
        for (wreckage::Bitboard b = pos.captures_of(m); b;) caps.insert(pop_lsb(b));
        const auto it = expected.find(lan);
        if (it != expected.end()) {
            EXPECT_EQ(caps, it->second.captured())
                << "captured squares of " << lan << " in " << fen;
        }

        pos.do_move(m);
        EXPECT_EQ(pos.key(), pos.compute_key()) << lan << " from " << fen;
        if (it != expected.end() && st.failures < 20) {
            const std::string next = wref::to_fen(it->second.next);
            if (pos.fen() != next) ++st.failures;
            EXPECT_EQ(pos.fen(), next) << "after " << lan << " from " << fen;
        }
        pos.undo_move(m);
        EXPECT_EQ(pos.fen(), fen) << "undo of " << lan;
        EXPECT_EQ(pos.key(), key) << "undo of " << lan << " in " << fen;
    }
    return expected;
}

void playout(const std::string& start, std::uint64_t seed, int max_plies, Stats& st) {
    Position pos;
    const Status s = pos.set_fen(start);
    ASSERT_TRUE(s.is_ok()) << start << ": " << s.message();
    std::mt19937_64 rng(seed);
    std::vector<Move> played;
    for (int ply = 0; ply < max_plies && st.failures < 20; ++ply) {
        const auto expected = check_position(pos, rng, st);
        ++st.plies;
        Position::Moves ml;
        pos.legal_moves(ml);
        if (ml.empty()) {
            const Ref ref = wref::from_engine(pos);
            EXPECT_EQ(pos.outcome(), wref::in_check(ref) ? Outcome::CHECKMATE : Outcome::STALEMATE);
            break;
        }
        std::vector<double> w;
        std::vector<std::vector<std::string>> feats;
        for (Move m : ml) {
            const auto it = expected.find(pos.lan(m));
            if (it == expected.end()) {
                feats.emplace_back();
                w.push_back(0.0);
                continue;
            }
            feats.push_back(features(pos, m, it->second));
            w.push_back(weight(feats.back(), it->second));
        }
        std::discrete_distribution<std::size_t> choose(w.begin(), w.end());
        const std::size_t i = choose(rng);
        if (w[i] == 0.0) break;
        for (const auto& f : feats[i]) ++st.played[f];
        pos.do_move(ml[i]);
        played.push_back(ml[i]);
    }
    // Unwinding the whole game restores the start exactly.
    for (auto it = played.rbegin(); it != played.rend(); ++it) pos.undo_move(*it);
    Position fresh;
    ASSERT_TRUE(fresh.set_fen(start).is_ok());
    EXPECT_EQ(pos.fen(), fresh.fen());
    EXPECT_EQ(pos.key(), fresh.key());
}

Stats run_playouts(int rounds, int max_plies, std::uint64_t seed) {
    Stats st;
    for (int round = 0; round < rounds; ++round)
        for (const char* fen : kStartFens) playout(fen, seed++, max_plies, st);
    return st;
}

std::string summary(const Stats& st) {
    std::string s = "plies " + std::to_string(st.plies) + ", moves checked " +
                    std::to_string(st.moves_checked) + "\n";
    for (const auto& [f, n] : st.played) s += "  " + f + ": " + std::to_string(n) + "\n";
    return s;
}

// A short run for every build (the sanitizer build included).
TEST(WreckageProperties, ShortPlayoutsAgreeWithReferenceModel) {
    const Stats st = run_playouts(1, 30, 0xC0FFEE);
    EXPECT_GE(st.plies, 150) << summary(st);
    EXPECT_EQ(st.fen_failures, 0) << "positions whose FEN the engine cannot read back";
}

// Thousands of plies; every feature must have been played at least once.
TEST(WreckageProperties, RandomPlayoutsAgreeWithReferenceModelSlow) {
    const auto t0 = std::chrono::steady_clock::now();
    const int rounds = testing::workload(8);
    const Stats st = run_playouts(rounds, 90, 0x5EED0001);
    const double secs =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::cout << summary(st) << secs << " s\n";
    EXPECT_GE(st.plies, 2500 * rounds / 8);
    EXPECT_EQ(st.fen_failures, 0) << "positions whose FEN the engine cannot read back";
    if (testing::kSanitizedBuild) return;  // a share of the games: see workload.h
    for (const char* f : {"drop G", "drop J with push", "promotion", "castling white b-side",
                          "castling white i-side", "castling black b-side", "castling black i-side",
                          "en passant", "detonation", "Dragon approach", "Dragon withdrawal",
                          "Guillotine double capture", "Guillotine fly-over"})
        EXPECT_GE(st.played.count(f) ? st.played.at(f) : 0, 1) << f << " never played\n"
                                                               << summary(st);
}

}  // namespace
}  // namespace chimera
