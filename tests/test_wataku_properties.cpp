// Wataku Genesis properties over random playouts from all four formations (W-5):
// at every ply the engine's legal actions equal the slow model's (as LAN strings),
// activity per square equals the model's, check agrees, every legal action's
// do/undo restores FEN and key and lands on the model's successor FEN, the key
// equals a fresh computation, FEN round-trips, and LAN / SAN parse back to the same
// action. The playouts lean toward Traverses, deployments, captures and moves back
// (to provoke W-26 repetitions); the test counts what occurred and insists that
// Traverses, deployments, captures, dormant pieces and checks all did.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "variants/wataku/position.h"
#include "wataku_reference.h"
#include "workload.h"

namespace chimera {
namespace {

using wataku::Position;
using wtest::diff;
using wtest::Names;

struct Stats {
    long plies = 0, actions_checked = 0;
    long traverses = 0, deployments = 0, captures = 0;  // played
    long traverses_seen = 0, dormant_seen = 0, checks = 0, wakes = 0;
    long mates = 0, stalemates = 0, repetitions = 0;
};

std::string identity(const std::string& fen) { return fen.substr(0, fen.rfind(' ')); }

char kind_letter(MoveKind k) {
    return k == MoveKind::DROP ? 'D' : k == MoveKind::TRAVERSE ? 'T' : 'M';
}

// Checks one position against the model; false (after reporting) on a mismatch.
bool verify(Position& pos, std::mt19937_64& rng, Stats& st, std::vector<Move>& checking) {
    const std::string fen = pos.fen();
    const std::uint64_t key = pos.key();
    const refw::Pos p = refw::parse_fen(fen);
    EXPECT_EQ(refw::to_fen(p), fen) << "model FEN reader/writer";
    EXPECT_EQ(key, pos.compute_key()) << fen;
    EXPECT_TRUE(pos.is_consistent()) << fen;
    {
        Position q;
        const Status s = q.set_fen(fen);
        EXPECT_TRUE(s.is_ok()) << fen << ": " << s.message();
        EXPECT_EQ(q.fen(), fen);
        EXPECT_EQ(q.key(), key) << fen;
    }

    // W-7 activity, square by square.
    const auto act = refw::activity(p);
    for (int s = 0; s < 81; ++s) {
        if (pos.is_active(s) != act[static_cast<std::size_t>(s)]) {
            ADD_FAILURE() << "activity of " << refw::name(s) << ": engine " << pos.is_active(s)
                          << " model " << act[static_cast<std::size_t>(s)] << " in " << fen;
            return false;
        }
        if (refw::at(p, s) != '.' && !act[static_cast<std::size_t>(s)]) ++st.dormant_seen;
    }
    const bool check = refw::in_check(p, p.white);
    if (pos.in_check() != check) {
        ADD_FAILURE() << "in_check: engine " << pos.in_check() << " model " << check << " in "
                      << fen;
        return false;
    }
    st.checks += check;

    // W-9 ... W-22: the legal actions as sets of LAN strings.
    Position::Moves ml;
    pos.legal_moves(ml);
    std::map<std::string, refw::Action> model;
    for (const refw::Action& a : refw::legal_actions(p)) model.emplace(a.lan(), a);
    Names got, want;
    for (Move m : ml) got.insert(pos.lan(m));
    for (const auto& [lan, a] : model) want.insert(lan);
    if (got != want || got.size() != ml.size()) {
        ADD_FAILURE() << "legal actions differ in " << fen << " (" << ml.size() << " engine moves, "
                      << got.size() << " distinct)\n"
                      << diff(got, want);
        return false;
    }

    // Every action: kind, capture flag, successor FEN, key, do/undo.
    std::vector<Move> sample;
    for (Move m : ml) {
        const std::string lan = pos.lan(m);
        const refw::Action& a = model.at(lan);
        ++st.actions_checked;
        st.traverses_seen += a.type == 'T';
        EXPECT_EQ(kind_letter(m.kind()), a.type) << lan << " in " << fen;
        EXPECT_EQ(pos.is_capture(m), a.capture) << lan << " in " << fen;
        const refw::Pos next = refw::apply(p, a);
        pos.do_move(m);
        const std::string after = pos.fen();
        if (after != refw::to_fen(next)) {
            ADD_FAILURE() << lan << " in " << fen << " gives " << after << ", model "
                          << refw::to_fen(next);
            pos.undo_move(m);
            return false;
        }
        EXPECT_EQ(pos.key(), pos.compute_key()) << lan << " in " << fen;
        if (pos.in_check()) checking.push_back(m);
        if (a.type != 'D' ||
            (rng() & 7) == 0) {  // the model's check test on a share of deployments
            EXPECT_EQ(pos.in_check(), refw::in_check(next, next.white)) << lan << " in " << fen;
        }
        pos.undo_move(m);
        if (pos.fen() != fen || pos.key() != key) {
            ADD_FAILURE() << "undo of " << lan << " in " << fen << " gives " << pos.fen();
            return false;
        }
        // W-29: LAN parses back (every move and Traverse, one deployment in 16).
        if (a.type != 'D' || (rng() & 15) == 0) {
            EXPECT_EQ(pos.parse_lan(lan), m) << lan << " in " << fen;
            EXPECT_EQ(pos.parse_move(lan), m) << lan << " in " << fen;
        }
        if ((rng() % ml.size()) < 2) sample.push_back(m);
    }
    // SAN parses back (a few actions per ply: matching SAN generates every action's SAN).
    for (Move m : sample) {
        const std::string san = pos.san(m);
        EXPECT_EQ(pos.parse_san(san), m) << san << " (" << pos.lan(m) << ") in " << fen;
        EXPECT_EQ(san.find('@') != std::string::npos, m.kind() == MoveKind::DROP) << san;
    }
    return true;
}

// A random legal action, leaning toward checks, captures, Traverses, deployments (on
// the edge rather than inside), and moving the piece just moved back where it came from.
Move pick(const Position& pos, const Position::Moves& ml, const std::vector<Move>& checking,
          Move last_own, std::mt19937_64& rng) {
    std::vector<Move> caps, travs, drops, back;
    for (Move m : ml) {
        // Deployments lean toward the edge, where a 9-wide numbering wraps around.
        const int f = m.to() % 9, r = m.to() / 9;
        const bool edge = f == 0 || f == 8 || r == 0 || r == 8;
        if (m.kind() == MoveKind::DROP && (edge || (rng() & 3) == 0))
            drops.push_back(m);
        else if (m.kind() == MoveKind::TRAVERSE)
            travs.push_back(m);
        else if (pos.is_capture(m))
            caps.push_back(m);
        if (m.kind() != MoveKind::DROP && !last_own.is_none() && m.from() == last_own.to() &&
            m.to() == last_own.from())
            back.push_back(m);
    }
    auto any = [&](const std::vector<Move>& v) { return v[rng() % v.size()]; };
    const auto r = static_cast<int>(rng() % 100);
    if (r < 15 && !checking.empty()) return any(checking);
    if (r < 40 && !caps.empty()) return any(caps);
    if (r < 62 && !travs.empty()) return any(travs);
    if (r < 72 && !drops.empty()) return any(drops);
    if (r < 75 && !back.empty()) return any(back);
    return ml[rng() % ml.size()];
}

void playout(int formation, std::mt19937_64& rng, int max_plies, Stats& st) {
    Position pos;
    ASSERT_TRUE(pos.set_formation(formation).is_ok());
    std::map<std::string, int> seen{{identity(pos.fen()), 1}};
    std::vector<Move> history;
    for (int ply = 0; ply < max_plies; ++ply) {
        std::vector<Move> checking;
        if (!verify(pos, rng, st, checking)) return;
        ++st.plies;
        Position::Moves ml;
        pos.legal_moves(ml);
        // W-24 ... W-26, judged independently: no action (mate or stalemate by the
        // model's check), else the third occurrence of placement, side and reserves.
        const std::string fen = pos.fen();
        Outcome want = Outcome::ONGOING;
        if (ml.empty())
            want = refw::in_check(refw::parse_fen(fen), pos.side_to_move() == WHITE)
                       ? Outcome::CHECKMATE
                       : Outcome::STALEMATE;
        else if (seen[identity(fen)] >= 3)
            want = Outcome::REPETITION;
        EXPECT_EQ(pos.outcome(), want) << fen;
        if (want != Outcome::ONGOING) {
            st.mates += want == Outcome::CHECKMATE;
            st.stalemates += want == Outcome::STALEMATE;
            st.repetitions += want == Outcome::REPETITION;
            return;
        }
        const Move last_own = history.size() >= 2 ? history[history.size() - 2] : Move::none();
        const Move m = pick(pos, ml, checking, last_own, rng);
        st.traverses += m.kind() == MoveKind::TRAVERSE;
        st.deployments += m.kind() == MoveKind::DROP;
        st.captures += pos.is_capture(m);
        const int dormant_before = popcount(pos.pieces() & ~pos.active(WHITE) & ~pos.active(BLACK));
        pos.do_move(m);
        const int dormant_after = popcount(pos.pieces() & ~pos.active(WHITE) & ~pos.active(BLACK));
        st.wakes += dormant_after < dormant_before;
        history.push_back(m);
        ++seen[identity(pos.fen())];
    }
}

TEST(WatakuProperties, RandomPlayoutsAgreeWithTheModel) {
    Stats st;
    const int games = testing::workload(10);
    for (int formation = 1; formation <= 4; ++formation) {
        std::mt19937_64 rng(0x5EED0000ULL + static_cast<std::uint64_t>(formation));
        for (int game = 0; game < games; ++game) {
            playout(formation, rng, 160, st);
            if (HasFailure()) break;
        }
    }
    std::printf(
        "plies %ld, actions checked %ld; played: traverses %ld, deployments %ld, "
        "captures %ld; seen: legal traverses %ld, dormant pieces %ld, checks %ld, "
        "wake-ups %ld; ends: mates %ld, stalemates %ld, repetitions %ld\n",
        st.plies, st.actions_checked, st.traverses, st.deployments, st.captures, st.traverses_seen,
        st.dormant_seen, st.checks, st.wakes, st.mates, st.stalemates, st.repetitions);
    EXPECT_GE(st.plies, 2000 * games / 10);
    if (testing::kSanitizedBuild) return;  // a share of the games: see workload.h
    EXPECT_GT(st.traverses, 0);
    EXPECT_GT(st.deployments, 0);
    EXPECT_GT(st.captures, 0);
    EXPECT_GT(st.dormant_seen, 0);
    EXPECT_GT(st.checks, 0);
    EXPECT_GT(st.wakes, 0);
}

}  // namespace
}  // namespace chimera
