// Shared by test_uci.cpp and test_uci_binary.cpp: reading UCI output and
// checking it against the rules of the variant (Position::parse_lan).
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <regex>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "variants/registry.h"

namespace chimera::uci_test {

using Lines = std::vector<std::string>;
using Clock = std::chrono::steady_clock;

inline std::int64_t ms_since(Clock::time_point t0) {
    return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - t0).count();
}

inline bool starts_with(std::string_view s, std::string_view p) {
    return s.substr(0, p.size()) == p;
}

inline int count_prefix(const Lines& lines, std::string_view p) {
    int n = 0;
    for (const auto& l : lines) n += starts_with(l, p);
    return n;
}

inline std::string joined(const Lines& lines) {
    std::string s;
    for (const auto& l : lines) s += l + "\n";
    return s;
}

// Checks a LAN line (bestmove or pv) against the rules; "" when legal.
inline std::string check_line(std::string_view variant, std::string_view fen, const Lines& moves,
                              const Lines& line) {
    std::string problem = "unknown variant";
    with_variant(variant, [&]<class Pos>() {
        Pos p;
        if (!fen.empty() && !p.set_fen(fen)) {
            problem = "bad test FEN";
            return;
        }
        for (const auto& m : moves) p.do_move(p.parse_lan(m));
        for (const auto& m : line) {
            const Move mv = p.parse_lan(m);
            if (mv.is_none()) {
                problem = "illegal move '" + m + "' in " + p.fen();
                return;
            }
            p.do_move(mv);
        }
        problem.clear();
    });
    return problem;
}

inline std::string rules_fen(std::string_view variant, std::string_view fen, const Lines& moves) {
    std::string out;
    with_variant(variant, [&]<class Pos>() {
        Pos p;
        if (!fen.empty()) {
            EXPECT_TRUE(p.set_fen(fen)) << fen;
        }
        for (const auto& m : moves) {
            const Move mv = p.parse_lan(m);
            EXPECT_FALSE(mv.is_none()) << "test setup: " << m << " is illegal";
            if (!mv.is_none()) p.do_move(mv);
        }
        out = p.fen();
    });
    return out;
}

inline Lines words(const std::string& s) {
    std::istringstream in(s);
    Lines w;
    for (std::string x; in >> x;) w.push_back(x);
    return w;
}

// Checks a finished search's output: info lines with depth/score/pv whose pv
// is legal, no bogus "mate 0", and exactly one legal bestmove (or "(none)").
inline void check_search_output(const Lines& out, std::string_view variant, std::string_view fen,
                                const Lines& moves, bool expect_none = false) {
    SCOPED_TRACE(joined(out));
    EXPECT_EQ(count_prefix(out, "bestmove "), 1);
    static const std::regex info_re("^info depth \\d+ .*score (cp|mate) -?\\d+ .*pv( \\S+)+$");
    int infos = 0;
    for (const auto& l : out) {
        if (!starts_with(l, "info depth")) continue;
        ++infos;
        EXPECT_TRUE(std::regex_match(l, info_re)) << l;
        if (!expect_none) {
            EXPECT_EQ(l.find("score mate 0 "), std::string::npos) << l;
        }
        const auto at = l.find(" pv ");
        if (at != std::string::npos) {
            EXPECT_EQ(check_line(variant, fen, moves, words(l.substr(at + 4))), "");
        }
    }
    for (const auto& l : out) {
        if (!starts_with(l, "bestmove ")) continue;
        const Lines w = words(l);
        ASSERT_GE(w.size(), 2u);
        if (expect_none) {
            EXPECT_EQ(l, "bestmove (none)");
            continue;
        }
        EXPECT_GT(infos, 0);
        Lines line{w[1]};
        if (w.size() == 4 && w[2] == "ponder")
            line.push_back(w[3]);
        else
            EXPECT_EQ(w.size(), 2u) << l;
        EXPECT_EQ(check_line(variant, fen, moves, line), "") << l;
    }
}

// Start positions from the specs.
struct VariantCase {
    const char* id;
    const char* start_fen;
    Lines moves;      // a legal sequence from the start
    const char* fen;  // another valid position
    Lines illegal;    // moves illegal at the start
    Lines bad_fens;
};

inline const std::vector<VariantCase>& variants() {
    static const std::vector<VariantCase> v = {
        {"chess",
         "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
         {"e2e4", "e7e5", "g1f3"},
         "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
         {"e2e5", "e1e2", "e7e5", "e2e4q", "zz", "e2"},
         {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1", "8/8/8/8/8/8/8/8 w - - 0 1",
          "4k3/8/8/8/8/8/8/4K2R x - - 0 1", "4k3/4R3/8/8/8/8/8/4K3 w - - 0 1"}},
        // D-4, with the source's tutorial move Ra1[0,0]-a1[0,1].
        {"chess4d",
         "4r1b1/1p1p4/3P2P1/2R2QNK/1qnk2r1/2p4p/5P1P/R1B5 w 0 1",
         {"a1[0,0]a1[0,1]", "c3[0,0]c2[0,0]"},
         "8/8/8/3Q4/k1K5/8/8/6R1 w 0 1",
         {"a1[0,0]b2[0,0]", "a1[0,0]", "a1[0,0]a1[0,2]", "e2e4"},
         {"4r1b1/1p1p4/3P2P1/2R2QNK/1qnk2r1/2p4p/5P1P/R1B14 w 0 1", "8/8/8/8/8/8/8/8 w 0 1",
          "4r1b1/1p1p4/3P2P1/2R2QNK/1qnk2r1/2p4p/5P1P/R1B5 w 0"}},
        // X-4; a Pawn may go up to the middle; J@d4 needs d2 empty.
        {"wreckage",
         "xrwbqkbfrd/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/XRWBQKBFRD w BIbi - GJJJJJgjjjjj 0 1",
         {"e2e5", "e9e6", "J@e4"},
         "5k4/4ppp3/G9/10/10/10/10/10/10/9K w - - jj 0 1",
         {"e2e6", "J@d4", "G@a1", "f1g1c", "a1x"},
         {"xrwbqkbfrd/pppppppppp/55/10/10/10/10/10/PPPPPPPPPP/XRWBQKBFRD w BIbi - GJJJJJgjjjjj 0 1",
          "xrwbqkbfrd/pppppppppp/10/10/10/10/10/PPPPPPPPPP/XRWBQKBFRD w BIbi - GJJJJJgjjjjj 0 1",
          "5k4/10/10/10/10/10/10/10/10/9K w - - JJJJJJ 0 1"}},
        // W-5 formation 1; deployments anywhere (W-18).
        {"wataku",
         "9/3ktk3/2nptpn2/9/9/9/2NPTPN2/3KTK3/9 w QRRBBPPTTqrrbbpptt 1",
         {"Q@e5", "T@e4", "c3b5"},
         "k8/2K6/1P7/9/9/9/9/3R5/4K3k w - 1",
         {"d2d4", "K@e5", "Q@e2", "e3e5"},
         {"9/3ktk3/2nptpn2/9/9/9/2NPTPN2/3KTK3/9 w QRRBBPPTTqrrbbpptt",
          "k8/9/9/9/9/9/9/9/4K3k w - 1",
          "9/3ktk3/2nptpn2/9/9/9/2NPTPN2/3KTK3/45 w QRRBBPPTTqrrbbpptt 1"}},
    };
    return v;
}

inline void PrintTo(const VariantCase& v, std::ostream* os) { *os << v.id; }

}  // namespace chimera::uci_test
