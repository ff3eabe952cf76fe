// Wataku Genesis formations (W-5), FEN (W-28), LAN (W-29) and the SAN-like display
// notation (shared/spec/README.md: it must round-trip). Expected values are written
// from the spec text; the slow model of wataku_reference.h is checked against the
// spec's own perft numbers here too.
#include <gtest/gtest.h>

#include <array>
#include <cctype>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "variants/wataku/position.h"
#include "wataku_reference.h"

namespace chimera {
namespace {

using refw::make_fen;
using wataku::Position;
using wtest::engine_lans;
using wtest::find;
using wtest::load;
using wtest::Names;
using wtest::play;

// ---------------------------------------------------------------- W-5 formations

struct Formation {
    const char* white;  // the table's "White places" column
    const char* fen;    // the table's FEN column
    long long perft1, perft2;
};
const std::array<Formation, 4> kFormations{{
    {"Kd2 Kf2 Te2 Te3 Nc3 Ng3 Pd3 Pf3",
     "9/3ktk3/2nptpn2/9/9/9/2NPTPN2/3KTK3/9 w QRRBBPPTTqrrbbpptt 1", 365, 131484},
    {"Kc2 Nb2 Tc3 Pd3 Kg2 Nh2 Tg3 Pf3",
     "9/1nk3kn1/2tp1pt2/9/9/9/2TP1PT2/1NK3KN1/9 w QRRBBPPTTqrrbbpptt 1", 359, 127086},
    {"Ke1 Ke2 Td1 Tf1 Nc2 Ng2 Pd3 Pf3",
     "3tkt3/2n1k1n2/3p1p3/9/9/9/3P1P3/2N1K1N2/3TKT3 w QRRBBPPTTqrrbbpptt 1", 358, 125132},
    {"Kb1 Kf2 Te2 Tg2 Ne3 Ng3 Pf3 Pd2",
     "1k7/3ptkt2/4npn2/9/9/9/4NPN2/3PTKT2/1K7 w QRRBBPPTTqrrbbpptt 1", 369, 132424},
}};

// The placement of the table, Black mirrored top to bottom (rank r -> 10 - r).
refw::Pos formation_from_table(const Formation& f) {
    refw::Pos p;
    p.b.fill('.');
    const std::string_view list = f.white;
    for (std::size_t i = 0; i < list.size(); i += 4) {
        const int file = list[i + 1] - 'a', rank = list[i + 2] - '1';
        p.b[static_cast<std::size_t>(refw::sq(file, rank))] = list[i];
        p.b[static_cast<std::size_t>(refw::sq(file, 8 - rank))] =
            static_cast<char>(std::tolower(static_cast<unsigned char>(list[i])));
    }
    p.reserve = {{{1, 2, 2, 0, 2, 2}, {1, 2, 2, 0, 2, 2}}};  // Q R R B B P P T T each
    return p;
}

TEST(WatakuNotation, W5_FourFormationsMatchTheTable) {
    for (int n = 1; n <= 4; ++n) {
        const Formation& f = kFormations[static_cast<std::size_t>(n - 1)];
        EXPECT_EQ(refw::to_fen(formation_from_table(f)), f.fen) << n;
        Position pos;
        ASSERT_TRUE(pos.set_formation(n).is_ok()) << n;
        EXPECT_EQ(pos.fen(), f.fen) << n;
        EXPECT_EQ(pos.side_to_move(), WHITE);
        // Each formation places K x2, N x2, T x2, P x2 per side; the reserve is the rest.
        for (Color c : {WHITE, BLACK}) {
            EXPECT_EQ(popcount(pos.pieces(c, wataku::KING)), 2);
            EXPECT_EQ(popcount(pos.pieces(c, wataku::KNIGHT)), 2);
            EXPECT_EQ(popcount(pos.pieces(c, wataku::TURTLE)), 2);
            EXPECT_EQ(popcount(pos.pieces(c, wataku::PAWN)), 2);
            EXPECT_EQ(popcount(pos.pieces(c)), 8);
            EXPECT_EQ(pos.reserve(c, wataku::QUEEN), 1);
            EXPECT_EQ(pos.reserve(c, wataku::ROOK), 2);
            EXPECT_EQ(pos.reserve(c, wataku::BISHOP), 2);
            EXPECT_EQ(pos.reserve(c, wataku::KNIGHT), 0);
            EXPECT_EQ(pos.reserve(c, wataku::PAWN), 2);
            EXPECT_EQ(pos.reserve(c, wataku::TURTLE), 2);
        }
    }
    Position pos;
    EXPECT_EQ(pos.fen(), kFormations[0].fen);  // formation 1 is the default start
    EXPECT_FALSE(pos.set_formation(0).is_ok());
    EXPECT_FALSE(pos.set_formation(5).is_ok());
}

// Formation 2: the Kings in two groups; 1 and 3: one group (3 with the Kings
// touching); 4: King b1 touches no friendly piece. Every placed piece is active.
TEST(WatakuNotation, W5_FormationGroupsAsDescribed) {
    auto group = [](const refw::Pos& p, const char* s) {
        auto g = refw::group_of(p, refw::sq(s));
        return std::set<int>(g.begin(), g.end());
    };
    const refw::Pos f1 = refw::parse_fen(kFormations[0].fen),
                    f2 = refw::parse_fen(kFormations[1].fen),
                    f3 = refw::parse_fen(kFormations[2].fen),
                    f4 = refw::parse_fen(kFormations[3].fen);
    EXPECT_TRUE(group(f1, "d2").count(refw::sq("f2")));
    EXPECT_FALSE(group(f2, "c2").count(refw::sq("g2")));
    EXPECT_TRUE(group(f3, "e1").count(refw::sq("e2")));
    EXPECT_TRUE(refw::touch(refw::sq("e1"), refw::sq("e2")));
    EXPECT_EQ(group(f4, "b1").size(), 1u);
    for (int n = 1; n <= 4; ++n) {
        Position pos;
        ASSERT_TRUE(pos.set_formation(n).is_ok());
        EXPECT_EQ(wtest::engine_active(pos).size(), 16u) << n;
        EXPECT_EQ(wtest::ref_active(pos.fen()).size(), 16u) << n;
    }
}

long long engine_perft(Position& pos, int depth) {
    Position::Moves ml;
    pos.legal_moves(ml);
    if (depth == 1) return static_cast<long long>(ml.size());
    long long n = 0;
    for (Move m : ml) {
        pos.do_move(m);
        n += engine_perft(pos, depth - 1);
        pos.undo_move(m);
    }
    return n;
}

// W-5's perft numbers, by the engine and by the slow model (which is how the model
// itself is validated). The first move is already a War move: 5 kinds x 65 empty
// squares = 325 deployments, the rest moves.
TEST(WatakuNotation, W5_PerftOfTheFormationsEngineAndModel) {
    for (int n = 1; n <= 4; ++n) {
        const Formation& f = kFormations[static_cast<std::size_t>(n - 1)];
        Position pos;
        ASSERT_TRUE(pos.set_formation(n).is_ok());
        EXPECT_EQ(engine_perft(pos, 1), f.perft1) << n;
        EXPECT_EQ(engine_perft(pos, 2), f.perft2) << n;
        const refw::Pos p = refw::parse_fen(f.fen);
        EXPECT_EQ(refw::perft(p, 1), f.perft1) << n;
#if !defined(__SANITIZE_ADDRESS__)
        // The reference model's depth 2 (30 s under the sanitizers, which look
        // at the engine: the optimised tree checks the model).
        EXPECT_EQ(refw::perft(p, 2), f.perft2) << n;
#endif
        int drops = 0;
        for (const auto& a : refw::legal_actions(p)) drops += a.type == 'D';
        EXPECT_EQ(drops, 325) << n;
    }
}

// ---------------------------------------------------------------- W-28 FEN

TEST(WatakuNotation, W28_FenRoundTrip) {
    for (const char* fen : {
             "9/3ktk3/2nptpn2/9/9/9/2NPTPN2/3KTK3/9 w QRRBBPPTTqrrbbpptt 1",
             "9/3ktk3/2nptpn2/9/9/9/2NPTPN2/3KTK3/9 b - 12",
             "9/3k1k3/9/9/9/9/9/3K1K3/9 w q 100",
             "9/3k1k3/9/9/9/9/9/3K1K3/9 b Q 3",
             "kkqrbnpt1/9/9/9/9/9/9/9/KKQRBNPT1 w RBNPTTTrbnpttt 5",
         }) {
        Position pos;
        load(pos, fen);
        EXPECT_EQ(pos.fen(), fen);
    }
}

TEST(WatakuNotation, W28_RejectsInvalidFens) {
    const std::string f1 = "9/3ktk3/2nptpn2/9/9/9/2NPTPN2/3KTK3/9";
    const std::vector<std::pair<std::string, const char*>> bad{
        {f1 + " w QRRBBPPTTqrrbbpptt", "three fields"},
        {f1 + " w QRRBBPPTTqrrbbpptt 1 0", "five fields"},
        {f1 + " x - 1", "side"},
        {"8/3ktk3/2nptpn2/9/9/9/2NPTPN2/3KTK3/9 w - 1", "a rank of 8 points"},
        {"P9/3ktk3/2nptpn2/9/9/9/2NPTPN2/3KTK3/9 w - 1", "a rank of 10 points"},
        {"3ktk3/2nptpn2/9/9/9/2NPTPN2/3KTK3/9 w - 1", "8 ranks"},
        {"9/9/3ktk3/2nptpn2/9/9/9/2NPTPN2/3KTK3/9 w - 1", "10 ranks"},
        {"9/3ktk3/2nptpn2/45/9/9/2NPTPN2/3KTK3/9 w - 1", "adjacent digits 45"},
        {"9/3ktk3/2nptpn2/9/9/9/2NPTPN2/3KT13/9 w - 1", "adjacent digits 13"},
        {"9/3ktk3/2nptpn2/9/9/9/2NPTPN2/3KT4/9 w - 1", "one White King"},
        {"9/3ktk3/2nptpn2/9/K8/9/2NPTPN2/3KTK3/9 w - 1", "three White Kings"},
        {"9/3kt4/2nptpn2/9/9/9/2NPTPN2/3KTK3/9 w - 1", "one Black King"},
        {make_fen({"Ke5", "Ka1", "kf6", "ki9"}), "Kings of opposite colours touch (diagonal)"},
        {make_fen({"Ke5", "Ka1", "ke4", "ki9"}), "Kings of opposite colours touch (straight)"},
        {make_fen({"Kd1", "Ka1", "Re2", "ke9", "kh9"}), "side not to move is in check"},
        {f1 + " w RQ 1", "reserve out of order (R before Q)"},
        {f1 + " w qQ 1", "reserve out of order (Black before White)"},
        {f1 + " w QRRBBPPTTqrrbbttpp 1", "reserve out of order (t before p)"},
        {f1 + " w K 1", "a King in reserve"},
        {f1 + " w Qk 1", "a Black King in reserve"},
        {f1 + " w QX 1", "not a piece letter in reserve"},
        {f1 + " w - 0", "fullmove 0"},
        {f1 + " w - 01", "fullmove with a leading zero"},
        {f1 + " w - -1", "negative fullmove"},
        {f1 + " w - +1", "signed fullmove"},
        {f1 + " w - 1a", "fullmove not a number"},
    };
    for (const auto& [fen, why] : bad) {
        Position pos;
        const Status s = pos.set_fen(fen);
        EXPECT_FALSE(s.is_ok()) << why << ": " << fen;
        EXPECT_TRUE(s.is_ok() || !s.message().empty()) << why;
    }
}

TEST(WatakuNotation, W28_AcceptsValidCornerCases) {
    for (const std::string& fen : {
             // the Rook on e3 is dormant: Black, not to move, is not in check
             make_fen({"Kd1", "Ka1", "Re3", "ke9", "kh9"}),
             // Kings of one colour may touch; Black is to move and in check
             make_fen({"Kd1", "Ke1", "Re2", "ke9", "kd9"}, 'b'),
             make_fen({"Ka1", "Kc1", "ki9", "kg9"}, 'w', "q", 10),
             make_fen({"Ka1", "Kc1", "ki9", "kg9"}, 'b', "Q", 123),
         }) {
        Position pos;
        const Status s = pos.set_fen(fen);
        EXPECT_TRUE(s.is_ok()) << fen << ": " << s.message();
    }
}

// The fullmove number grows after Black's action only.
TEST(WatakuNotation, W28_FullmoveGrowsAfterBlacksAction) {
    Position pos;
    load(pos, make_fen({"Ka1", "Kc1", "ki9", "kg9"}, 'w', "-", 7));
    play(pos, "a1a2");
    EXPECT_EQ(pos.fen(), make_fen({"Ka2", "Kc1", "ki9", "kg9"}, 'b', "-", 7));
    play(pos, "i9i8");
    EXPECT_EQ(pos.fen(), make_fen({"Ka2", "Kc1", "ki8", "kg9"}, 'w', "-", 8));
}

// ---------------------------------------------------------------- W-29 LAN

// Crowd of test_wataku_rules.cpp (Traverses e5e8, e5g7 for the Turtle).
const std::string kCrowdWithReserveFen =
    make_fen({"Kd4", "Ke3", "Te5", "Pe6", "Ne7", "Tf5", "Re4", "Qd5", "Bc5", "Bb5", "Pa5", "Pf6",
              "Td6", "kc7", "ki1", "pg5"},
             'w', "T");

TEST(WatakuNotation, W29_LanOfMovesTraversesAndDeployments) {
    Position pos;
    load(pos, kCrowdWithReserveFen);
    const Move t = pos.parse_lan("e5e8");
    ASSERT_FALSE(t.is_none());
    EXPECT_EQ(t.kind(), MoveKind::TRAVERSE);
    EXPECT_EQ(t.from(), refw::sq("e5"));
    EXPECT_EQ(t.to(), refw::sq("e8"));
    const Move n = pos.parse_lan("f6g5");
    ASSERT_FALSE(n.is_none());
    EXPECT_EQ(n.kind(), MoveKind::NORMAL);
    const Move d = pos.parse_lan("T@e9");
    ASSERT_FALSE(d.is_none());
    EXPECT_EQ(d.kind(), MoveKind::DROP);
    EXPECT_EQ(d.to(), refw::sq("e9"));
    EXPECT_EQ(d.extra(), int(wataku::TURTLE));
    for (Move m : {t, n, d}) EXPECT_EQ(pos.parse_lan(pos.lan(m)), m);
    for (const char* bad :
         {"", "e5", "e5e9", "e5e5", "t@e9", "T@e10", "T@e5", "Q@e9", "e5-e8", "E5E8", "j1a1"}) {
        std::string err;
        EXPECT_TRUE(pos.parse_lan(bad, &err).is_none()) << bad;
        EXPECT_FALSE(err.empty()) << bad;
    }
}

// Black deploys with an upper-case letter too (W-29).
TEST(WatakuNotation, W29_BlackDeploysWithAnUpperCaseLetter) {
    Position pos;
    load(pos, make_fen({"Ka1", "Kc1", "ki9", "kg9"}, 'b', "q"));
    const Names lans = engine_lans(pos);
    EXPECT_TRUE(lans.count("Q@e5"));
    EXPECT_FALSE(lans.count("q@e5"));
    const Move m = pos.parse_lan("Q@e5");
    ASSERT_FALSE(m.is_none());
    pos.do_move(m);
    EXPECT_EQ(pos.fen(), make_fen({"Ka1", "Kc1", "ki9", "kg9", "qe5"}, 'w', "-", 2));
}

// Every legal action of several positions: LAN and SAN parse back to the same
// action; no two actions share a LAN (an ordinary move and a Traverse never share
// both squares); deployments show '@', Traverses a mark of their own (a character
// that is neither a letter, a digit, 'x', '+' nor '#'); captures 'x'; '+' / '#'
// exactly when the action checks / mates (judged by the model).
void check_notation(const std::string& fen) {
    Position pos;
    load(pos, fen);
    Position::Moves ml;
    pos.legal_moves(ml);
    Names lans, sans;
    const refw::Pos p = refw::parse_fen(fen);
    for (const refw::Action& a : refw::legal_actions(p)) {
        const Move m = find(pos, a.lan());
        ASSERT_FALSE(m.is_none()) << a.lan() << " in " << fen;
        const std::string lan = pos.lan(m), san = pos.san(m);
        lans.insert(lan);
        sans.insert(san);
        EXPECT_EQ(pos.parse_lan(lan), m) << lan;
        EXPECT_EQ(pos.parse_move(lan), m) << lan;
        EXPECT_EQ(pos.parse_san(san), m) << san << " (" << lan << ") in " << fen;
        EXPECT_EQ(pos.parse_move(san), m) << san;
        const refw::Pos after = refw::apply(p, a);
        const bool check = refw::in_check(after, after.white);
        const bool mate = check && refw::legal_actions(after).empty();
        EXPECT_EQ(san.back() == '+', check && !mate) << san;
        EXPECT_EQ(san.back() == '#', mate) << san;
        EXPECT_EQ(san.find('x') != std::string::npos, a.capture) << san;
        EXPECT_EQ(san.find('@') != std::string::npos, a.type == 'D') << san;
        bool own_mark = false;
        for (char c : san)
            own_mark |= !std::isalnum(static_cast<unsigned char>(c)) && c != 'x' && c != '+' &&
                        c != '#' && c != '@';
        EXPECT_EQ(own_mark, a.type == 'T') << san << " (" << lan << ")";
    }
    EXPECT_EQ(lans.size(), ml.size()) << fen;
    EXPECT_EQ(sans.size(), ml.size()) << fen;
}

TEST(WatakuNotation, W29_LanAndSanRoundTripWithDistinctMarks) {
    check_notation(kCrowdWithReserveFen);
    check_notation(kFormations[0].fen);
    check_notation(kFormations[3].fen);
    check_notation(make_fen({"Ka1", "Ki1", "Rc3", "kc9", "kg9"}, 'w', "T"));      // T@b2+ wakes c3
    check_notation(make_fen({"Kf8", "Ka1", "Re8", "ka9", "ki1"}, 'w', "R"));      // R@d9#
    check_notation(make_fen({"Ke1", "Kh5", "Ng6", "kg8", "pf8", "re8", "ka9"}));  // in check
}

// Two Knights reach e4 in formation 1 (c3, g3); Turtle e3 steps to e4 while Turtle
// e2 Traverses over e3 to e4: four different texts, each parsing back.
TEST(WatakuNotation, W29_SanTellsApartPiecesAndKindsOfAction) {
    Position pos;
    ASSERT_TRUE(pos.set_formation(1).is_ok());
    Names sans;
    for (const char* lan : {"c3e4", "g3e4", "e3e4", "e2e4"}) {
        const Move m = find(pos, lan);
        ASSERT_FALSE(m.is_none()) << lan;
        EXPECT_EQ(pos.parse_san(pos.san(m)), m) << lan << " " << pos.san(m);
        sans.insert(pos.san(m));
    }
    EXPECT_EQ(sans.size(), 4u);
    EXPECT_EQ(find(pos, "e2e4").kind(), MoveKind::TRAVERSE);
    EXPECT_EQ(find(pos, "e3e4").kind(), MoveKind::NORMAL);
}

}  // namespace
}  // namespace chimera
