// The search, generic over the variant and compiled once per variant: iterative
// deepening, principal-variation alpha-beta with a shared transposition table,
// aspiration windows, quiescence search over each variant's captures (its own
// capture generator, losing captures pruned by static exchange), check
// extensions, move ordering (hash move, winning captures by victim and capture
// history, killers, quiet moves by their butterfly and continuation
// histories, losing captures last), reverse futility, null-move, futility,
// late-move and static-exchange pruning, late-move reductions, repetition and
// move-count draws, and mate scores with distance. One Search object is one
// thread of a Lazy SMP search; nothing in it allocates per node.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <memory>
#include <vector>

#include "engine/history.h"
#include "engine/limits.h"
#include "engine/score.h"
#include "engine/tt.h"

namespace chimera::engine {

// Draws the search treats as such below the root: a repeated position, the
// variant's move-count rule, dead material.
template <class Pos>
bool is_search_draw(const Pos& pos) {
    if (pos.repetition_count() >= 1) return true;
    // The move rule draws only a position that is not mate: a mate given on
    // the rule's last ply wins, as the game decides (PositionBase::outcome
    // looks for a legal move first). Only a side in check can be mated, so
    // the rare position at the limit in check pays for a move generation.
    if constexpr (Pos::kMoveRulePlies > 0)
        if (pos.rule50() >= Pos::kMoveRulePlies) {
            if (!pos.in_check()) return true;
            typename Pos::Moves moves;
            pos.legal_moves(moves);
            return !moves.empty();
        }
    if constexpr (requires { pos.insufficient_material(); })
        if (pos.insufficient_material()) return true;
    return false;
}

struct RootMove {
    Move move;
    Value score = -VALUE_INFINITE;
    Value previous = -VALUE_INFINITE;
    int seldepth = 0;
    std::vector<Move> pv;
    int order = 0;  // its key in the root's move order (order_root_moves)
};

template <class Pos>
class Search {
  public:
    using Moves = typename Pos::Moves;

    Search(const Pos& root, TranspositionTable& tt, SharedState& shared, int thread_id,
           Histories<Pos>& histories)
        : pos_(root), tt_(tt), shared_(shared), thread_id_(thread_id), h_(histories) {
        Moves moves;
        pos_.legal_moves(moves);
        for (Move m : moves)
            root_moves_.push_back(RootMove{m, -VALUE_INFINITE, -VALUE_INFINITE, 0, {m}});
        for (Frame& f : frames_) f.cont = &h_.none;
        build_reductions();
    }

    // Iterative deepening until a limit or the stop flag; the main thread (id 0)
    // reports each finished iteration through `report`.
    void iterate(const Limits& limits, const InfoCallback& report) {
        if (root_moves_.empty()) return;
        const int max_depth = limits.depth > 0 ? std::min(limits.depth, MAX_PLY - 8) : MAX_PLY - 8;
        const int multipv = std::clamp(limits.multipv, 1, static_cast<int>(root_moves_.size()));
        for (int depth = 1 + (thread_id_ & 1); depth <= max_depth; ++depth) {
            for (RootMove& rm : root_moves_) rm.previous = rm.score;
            for (pv_index_ = 0; pv_index_ < multipv; ++pv_index_) {
                aspiration(depth);
                if (stopped()) break;
                std::stable_sort(root_moves_.begin() + pv_index_, root_moves_.end(), by_score);
            }
            if (stopped() && completed_depth_ > 0) break;
            completed_depth_ = depth;
            std::stable_sort(root_moves_.begin(), root_moves_.begin() + multipv, by_score);
            if (thread_id_ == 0) {
                if (report) report_lines(depth, multipv, report);
                if (out_of_time_after_iteration()) break;
            }
            if (is_mate_score(root_moves_[0].score) &&
                depth > 2 * (VALUE_MATE - std::abs(root_moves_[0].score)) + 4)
                break;  // a mate is proven well inside the horizon
            if (stopped()) break;
        }
    }

    const std::vector<RootMove>& root_moves() const { return root_moves_; }
    int completed_depth() const { return completed_depth_; }
    std::uint64_t nodes() const { return nodes_; }
    const Pos& position() const { return pos_; }

  private:
    using Continuation = typename Histories<Pos>::Continuation;
    // What a ply of the current line keeps: the continuation table of the
    // move made there (the empty one for a null move), its static
    // evaluation, killers.
    struct Frame {
        Continuation* cont = nullptr;
        Value eval = VALUE_NONE;
        Move killers[2];
        Move excluded;            // the move a singular-extension search leaves out
        bool after_null = false;  // this ply follows a null move
        // The node's row of the pawn history (its structure's slot and side).
        std::int16_t (*pawn)[Pos::kCells] = nullptr;
    };
    // Frames are indexed ply + 2, so that the two plies before the root exist.
    Frame& frame(int ply) { return frames_[ply + 2]; }

    static bool by_score(const RootMove& a, const RootMove& b) { return a.score > b.score; }

    // The least depth of the null move's reduced search. A variant whose
    // quiet moves often threaten mate where quiescence cannot see it (a drop,
    // a quiet check) sets Pos::kNullMoveMinDepth to 1, so that the side that
    // passed is shown the threat by a one-ply search rather than judged by
    // quiescence; the others fall into quiescence as usual.
    static constexpr int kNullMoveMinDepth = [] {
        if constexpr (requires { Pos::kNullMoveMinDepth; })
            return Pos::kNullMoveMinDepth;
        else
            return 0;
    }();

    // Whether futility pruning looks at the depth a quiet move would be
    // searched to once reduced (up to 5 plies), or only at the last two
    // plies of the search, for a variant that sets
    // Pos::kFutilityAtReducedDepth to false.
    static constexpr bool kFutilityAtReducedDepth = [] {
        if constexpr (requires { Pos::kFutilityAtReducedDepth; })
            return Pos::kFutilityAtReducedDepth;
        else
            return true;
    }();

    bool stopped() const { return shared_.stop.load(std::memory_order_relaxed); }

    void build_reductions() {
        for (int d = 1; d < 64; ++d)
            for (int m = 1; m < 64; ++m)
                reductions_[d][m] = static_cast<std::int8_t>(0.4 + std::log(d) * std::log(m) / 2.2);
    }

    // The late-move reduction of the count-th move at depth, before the
    // node's adjustments.
    int base_reduction(int depth, int count) const {
        return reductions_[std::min(depth, 63)][std::min(count, 63)];
    }

    // After an iteration of a timed search: whether to stop rather than
    // start another. The share of the optimum time it may use grows while
    // the best move keeps changing (a decaying count of changes) and while
    // the score falls from the iterations before, and shrinks while both
    // stay put; the hard maximum still bounds every search.
    bool out_of_time_after_iteration() {
        const Move best = root_moves_[0].move;
        const Value score = root_moves_[0].score;
        best_changes_ = best_changes_ / 2 + (completed_depth_ > 1 && best != last_best_ ? 1 : 0);
        const double falling =
            last_score_ == VALUE_NONE || is_mate_score(score) || is_mate_score(last_score_)
                ? 1.0
                : std::clamp(1.0 + (last_score_ - score) / 150.0, 0.75, 1.5);
        last_best_ = best;
        last_score_ = score;
        if (!shared_.optimum_ms || shared_.fixed_time) return false;
        const double share = 0.45 * (1.0 + best_changes_) * falling;
        if (static_cast<double>(elapsed_ms(shared_.start)) >=
            static_cast<double>(shared_.optimum_ms) * share) {
            shared_.stop = true;
            return true;
        }
        return false;
    }

    // Checked every 1024 nodes: the hard time limit and the node limit hold even
    // inside the first iteration (moves it could not score are never reported).
    void poll() {
        if ((nodes_ & 1023) != 0) return;
        shared_.nodes.fetch_add(1024, std::memory_order_relaxed);
        if (thread_id_ != 0) return;
        if (shared_.node_limit &&
            shared_.nodes.load(std::memory_order_relaxed) >= shared_.node_limit)
            shared_.stop = true;
        if (shared_.maximum_ms && elapsed_ms(shared_.start) >= shared_.maximum_ms)
            shared_.stop = true;
    }

    void aspiration(int depth) {
        root_depth_ = depth;
        RootMove& rm = root_moves_[pv_index_];
        Value prev = rm.previous;
        Value delta = 25;
        Value alpha = -VALUE_INFINITE, beta = VALUE_INFINITE;
        if (depth >= 5 && prev > -VALUE_INFINITE && !is_mate_score(prev)) {
            alpha = std::max(prev - delta, -VALUE_INFINITE);
            beta = std::min(prev + delta, VALUE_INFINITE);
        }
        while (true) {
            const Value v = root_search(alpha, beta, depth);
            if (stopped()) return;
            if (v <= alpha) {
                beta = (alpha + beta) / 2;
                alpha = std::max(v - delta, -VALUE_INFINITE);
            } else if (v >= beta) {
                beta = std::min(v + delta, VALUE_INFINITE);
            } else {
                return;
            }
            delta += delta / 2 + 5;
            if (delta > 1000) alpha = -VALUE_INFINITE, beta = VALUE_INFINITE;
        }
    }

    Value root_search(Value alpha, Value beta, int depth) {
        Value best = -VALUE_INFINITE;
        seldepth_ = 0;
        frame(0).eval = pos_.in_check() ? VALUE_NONE : evaluate(pos_);
        if constexpr (Histories<Pos>::kPawnHistory)
            frame(0).pawn =
                h_.pawn[structure_of() % Histories<Pos>::kPawnSize][pos_.side_to_move()];
        order_root_moves();
        int searched = 0;
        for (std::size_t i = static_cast<std::size_t>(pv_index_); i < root_moves_.size(); ++i) {
            RootMove& rm = root_moves_[i];
            const bool quiet = move_gain(pos_, rm.move) == 0;
            const int history = quiet ? quiet_history(rm.move, 0) : 0;
            make(rm.move, 0);
            const bool gives_check = pos_.in_check();
            const int ext = gives_check ? 1 : 0;
            Value v;
            if (searched == 0) {
                v = -search(-beta, -alpha, depth - 1 + ext, 1, true);
            } else {
                // Late quiet moves that give no check are reduced as at any
                // PV node, and searched again in full if they beat alpha.
                int r = 0;
                if (depth >= 3 && quiet && !gives_check && searched >= 3)
                    r = std::clamp(base_reduction(depth, searched) - history / 8192, 0, depth - 2);
                v = -search(-alpha - 1, -alpha, depth - 1 + ext - r, 1, false);
                if (v > alpha && r > 0) v = -search(-alpha - 1, -alpha, depth - 1 + ext, 1, false);
                if (v > alpha && v < beta) v = -search(-beta, -alpha, depth - 1 + ext, 1, true);
            }
            pos_.undo_move(rm.move);
            ++searched;
            if (stopped()) return best;
            if (searched == 1 || v > alpha) {
                rm.score = v;
                rm.seldepth = seldepth_;
                rm.pv.assign(1, rm.move);
                for (int k = 0; k < pv_len_[1]; ++k) rm.pv.push_back(pv_[1][k]);
            } else {
                rm.score = -VALUE_INFINITE;  // only an upper bound: sort it below
            }
            if (v > best) best = v;
            if (v > alpha) {
                alpha = v;
                if (v >= beta) break;
            }
        }
        return best;
    }

    // The root's moves after the first (the best so far, or the line being
    // searched): those scored in this iteration by their scores, the others
    // as any node orders its moves (captures, killers, histories), which
    // root_search's late-move reductions rely on.
    void order_root_moves() {
        const auto first = root_moves_.begin() + pv_index_ + 1;
        if (first >= root_moves_.end()) return;
        Moves moves;
        for (auto it = first; it != root_moves_.end(); ++it) moves.push(it->move);
        int scores[Pos::kMaxMoves];
        score_moves(moves, scores, Move::none(), 0);
        for (std::size_t i = 0; i < moves.size(); ++i) {
            RootMove& rm = *(first + static_cast<std::ptrdiff_t>(i));
            rm.order = rm.score != -VALUE_INFINITE ? (1 << 30) + rm.score : scores[i];
        }
        std::stable_sort(first, root_moves_.end(),
                         [](const RootMove& a, const RootMove& b) { return a.order > b.order; });
    }

    // The type of the piece a move moves (the dropped one for a drop).
    int moved_type(Move m) const {
        return m.kind() == MoveKind::DROP ? m.extra()
                                          : static_cast<int>(type_of(pos_.piece_on(m.from())));
    }

    // Makes m at ply, noting its continuation table in the ply's frame.
    void make(Move m, int ply) {
        Frame& f = frame(ply);
        f.cont = &h_.continuation[moved_type(m)][m.to()];
        pos_.do_move(m);
    }

    // A quiet move's history: butterfly, and continuation after the moves one
    // and two plies before.
    int quiet_history(Move m, int ply) const {
        const int pt = moved_type(m);
        int h = h_.main[pos_.side_to_move()][m.from()][m.to()] +
                (*frames_[ply + 1].cont)[pt][m.to()] + (*frames_[ply].cont)[pt][m.to()];
        if constexpr (Histories<Pos>::kPawnHistory) h += frames_[ply + 2].pawn[pt][m.to()];
        return h;
    }
    int capture_history(Move m) const {
        return h_.capture[moved_type(m)][m.to()][type_of(pos_.piece_on(m.to()))];
    }

    // Orders moves in place: the hash move, captures that do not lose material
    // by victim and capture history, killers, quiet moves by history (and by
    // the threats against them, where the variant defines order_threats and
    // threat_order_bonus beside its evaluation), then the captures that lose
    // material.
    void score_moves(const Moves& moves, int* scores, Move hash_move, int ply) const {
        if constexpr (requires(const Pos& p, Move m) {
                          threat_order_bonus(p, order_threats(p), m);
                      }) {
            const auto threats = order_threats(pos_);
            score_moves(moves, scores, hash_move, ply,
                        [&](Move m) { return threat_order_bonus(pos_, threats, m); });
        } else {
            score_moves(moves, scores, hash_move, ply, [](Move) { return 0; });
        }
    }
    template <class Bonus>
    void score_moves(const Moves& moves, int* scores, Move hash_move, int ply,
                     Bonus quiet_bonus) const {
        const Frame& f = frames_[ply + 2];
        for (std::size_t i = 0; i < moves.size(); ++i) {
            const Move m = moves[i];
            int s;
            if (m == hash_move)
                s = 1 << 30;
            else if (int gain = move_gain(pos_, m); gain > 0)
                s = (see_ge(pos_, m, 0) ? 1 << 26 : -(1 << 26)) + gain * 16 +
                    capture_history(m) / 16;
            else if (m == f.killers[0])
                s = (1 << 25) + 2;
            else if (m == f.killers[1])
                s = (1 << 25) + 1;
            else
                s = quiet_history(m, ply) + quiet_bonus(m);
            scores[i] = s;
        }
    }

    // Quiescence ordering: the hash move, then most valuable victim, least
    // valuable attacker.
    void score_captures(const Moves& moves, int* scores, Move hash_move) const {
        for (std::size_t i = 0; i < moves.size(); ++i) {
            const Move m = moves[i];
            scores[i] =
                m == hash_move ? 1 << 30 : move_gain(pos_, m) * 16 - mover_value(pos_, m) / 16;
        }
    }

    static Move pick(Moves& moves, int* scores, std::size_t i) {
        std::size_t best = i;
        for (std::size_t j = i + 1; j < moves.size(); ++j)
            if (scores[j] > scores[best]) best = j;
        std::swap(moves[i], moves[best]);
        std::swap(scores[i], scores[best]);
        return moves[i];
    }

    static int stat_bonus(int depth) { return std::min(250 * depth - 150, 2500); }

    // A quiet move (not best) tried at ply: its histories move by bonus.
    void update_quiet_history(Move m, int ply, int bonus) {
        const int pt = moved_type(m);
        gravity<Histories<Pos>::kMainBound>(h_.main[pos_.side_to_move()][m.from()][m.to()], bonus);
        for (Continuation* c : {frames_[ply + 1].cont, frames_[ply].cont})
            if (c != &h_.none) gravity<Histories<Pos>::kContBound>((*c)[pt][m.to()], bonus);
        if constexpr (Histories<Pos>::kPawnHistory)
            gravity<Histories<Pos>::kPawnBound>(frames_[ply + 2].pawn[pt][m.to()], bonus);
    }
    void update_capture_history(Move m, int bonus) {
        gravity<Histories<Pos>::kCaptureBound>(
            h_.capture[moved_type(m)][m.to()][type_of(pos_.piece_on(m.to()))], bonus);
    }

    // A cut-off by `best` at ply: it gains, every other move tried loses.
    void update_stats(Move best, bool best_quiet, int ply, int depth, const Move* quiets,
                      int quiet_count, const Move* captures, int capture_count) {
        const int bonus = stat_bonus(depth);
        if (best_quiet) {
            Frame& f = frame(ply);
            if (f.killers[0] != best) {
                f.killers[1] = f.killers[0];
                f.killers[0] = best;
            }
            update_quiet_history(best, ply, bonus);
            for (int q = 0; q < quiet_count; ++q)
                if (quiets[q] != best) update_quiet_history(quiets[q], ply, -bonus);
        } else {
            update_capture_history(best, bonus);
        }
        for (int c = 0; c < capture_count; ++c)
            if (captures[c] != best) update_capture_history(captures[c], -bonus);
    }

    Value search(Value alpha, Value beta, int depth, int ply, bool pv_node) {
        if (depth <= 0) return qsearch(alpha, beta, ply, 0);
        ++nodes_;
        poll();
        pv_len_[ply] = 0;
        if (ply > seldepth_) seldepth_ = ply;
        if (stopped()) return 0;

        // Step 1. Draws, ply limit and mate-distance pruning.
        if (is_search_draw(pos_)) return VALUE_DRAW;
        const bool in_check = pos_.in_check();
        if (ply >= MAX_PLY - 4) return in_check ? VALUE_DRAW : evaluate(pos_);
        alpha = std::max(alpha, mated_in(ply));
        beta = std::min(beta, mate_in(ply + 1));
        if (alpha >= beta) return alpha;

        // Step 2. Transposition table (not while a move is excluded: the
        // entry is the node's with all its moves).
        Frame& here = frame(ply);
        const Move excluded = here.excluded;
        TTHit tt;
        const bool tt_hit = excluded.is_none() && tt_.probe(pos_.key(), tt);
        const Value tt_value = tt_hit ? from_tt(tt.value, ply) : VALUE_NONE;
        if (tt_hit && !pv_node && tt.depth >= depth &&
            (tt.bound == BOUND_EXACT || (tt.bound == BOUND_LOWER && tt_value >= beta) ||
             (tt.bound == BOUND_UPPER && tt_value <= alpha)))
            return tt_value;

        // Step 3. Static evaluation, reverse futility pruning and null-move
        // pruning, before any move is generated (a stalemate they prune is
        // the usual, accepted risk of both).
        // The table's entry holds the static evaluation (no need to compute
        // it again) and, where its bound allows, a better estimate of the
        // node's value, which the pruning below uses in its place.
        // The static evaluation is corrected by what searches of positions
        // with the same structure found (the table keeps it uncorrected).
        // The structure's key is computed once for the node: the correction
        // history and the pawn history both read it.
        const std::uint64_t structure = structure_of();
        const Value raw_eval = in_check ? -VALUE_INFINITE : stored_or_evaluate(tt_hit, tt);
        const Value static_eval = in_check ? raw_eval : corrected(raw_eval, structure);
        const Value eval =
            in_check || !tt_hit ? static_eval : tt_refined(static_eval, tt_value, tt.bound);
        // Improving: better than this side's position two plies before (not
        // in check either), so the margins below can be smaller.
        here.eval = in_check ? VALUE_NONE : static_eval;
        const bool improving = !in_check && ply >= 2 && frame(ply - 2).eval != VALUE_NONE &&
                               static_eval > frame(ply - 2).eval;
        if (!pv_node && !in_check && depth <= 6 && !is_mate_score(beta) && excluded.is_none() &&
            eval - 90 * depth + (improving ? 40 : 0) >= beta)
            return eval;
        if (!pv_node && !in_check && depth >= 3 && eval >= beta && !is_mate_score(beta) &&
            excluded.is_none() && !here.after_null && pos_.null_move_ok()) {
            const int r = 3 + depth / 4 + std::min(3, (eval - beta) / 200);
            here.cont = &h_.none;
            pos_.do_null_move();
            frame(ply + 1).after_null = true;
            Value v = -search(-beta, -beta + 1, std::max(depth - 1 - r, kNullMoveMinDepth), ply + 1,
                              false);
            frame(ply + 1).after_null = false;
            pos_.undo_null_move();
            if (stopped()) return 0;
            if (v >= beta) return is_mate_score(v) ? beta : v;
        }

        // Step 4. Moves; no legal move is mate or stalemate.
        Moves moves;
        pos_.legal_moves(moves);
        if (moves.empty()) return in_check ? mated_in(ply) : VALUE_DRAW;

        // Step 5. Move loop.
        if constexpr (Histories<Pos>::kPawnHistory)
            here.pawn = h_.pawn[structure % Histories<Pos>::kPawnSize][pos_.side_to_move()];
        int scores[Pos::kMaxMoves];
        score_moves(moves, scores, tt_hit ? tt.move : Move::none(), ply);
        const Value alpha_orig = alpha;
        // The table's move captures (it is tried first): the quiet moves
        // after it are less likely to matter, and are reduced a ply more.
        bool tt_capture = false;
        Value best = -VALUE_INFINITE;
        Move best_move;
        int searched = 0;
        Move quiets[64], captures[32];
        int quiet_count = 0, capture_count = 0;
        for (std::size_t i = 0; i < moves.size(); ++i) {
            const Move m = pick(moves, scores, i);
            if (m == excluded) continue;
            const int gain = move_gain(pos_, m);
            const bool quiet = gain == 0;
            if (tt_hit && m == tt.move && !quiet) tt_capture = true;
            const int history = quiet ? quiet_history(m, ply) : 0;
            // Step 6. Pruning at shallow depth, at non-PV nodes out of check
            // once a move was searched: quiet moves by futility (they cannot
            // reach alpha at the frontier), by count (late-move pruning, fewer
            // while not improving) and by their history; every move that loses
            // too much material by static exchange. A move that gives check
            // is never pruned here: it may be the mate.
            const bool may_prune = !pv_node && !in_check && searched > 0 && !is_mate_score(alpha);
            bool prune = false;
            if (may_prune && quiet) {
                // The depth the move would be searched to once reduced
                // (less with a good history): futility looks that far.
                const int lmr_depth =
                    std::max(depth - 1 - base_reduction(depth, searched + 1) + history / 8192, 0);
                const bool futile = kFutilityAtReducedDepth
                                        ? lmr_depth <= 5 && eval + 80 + 100 * lmr_depth <= alpha
                                        : depth <= 2 && eval + 150 * depth <= alpha;
                prune = futile ||
                        (depth <= 5 && quiet_count >= (3 + depth * depth) / (improving ? 1 : 2)) ||
                        (depth <= 3 && history < -3000 * depth) ||
                        (depth <= 7 && !see_ge(pos_, m, -30 * depth * depth));
            } else if (may_prune && depth <= 6) {
                prune = !see_ge(pos_, m, -100 * depth);
            }
            // Step 7. Singular extension: the table's move, when every other
            // move searched shallower falls short of its value by a margin,
            // is the only good one and searched a ply deeper. If another
            // also beats that margin and it is above beta, two moves cut off
            // (the node's value is taken); a table move above beta that is
            // not singular is searched a ply shallower.
            int singular = 0;
            if (depth >= 8 && m == tt.move && excluded.is_none() && ply > 0 &&
                (tt.bound & BOUND_LOWER) && tt.depth >= depth - 3 && !is_mate_score(tt_value)) {
                const Value singular_beta = tt_value - 2 * depth;
                here.excluded = m;
                const Value v =
                    search(singular_beta - 1, singular_beta, (depth - 1) / 2, ply, false);
                here.excluded = Move::none();
                if (stopped()) return 0;
                if (v < singular_beta)
                    singular = 1;
                else if (singular_beta >= beta)
                    return singular_beta;
                else if (tt_value >= beta)
                    singular = -1;
            }
            make(m, ply);
            const bool gives_check = pos_.in_check();
            if (prune && !gives_check) {
                pos_.undo_move(m);
                continue;
            }
            // Extensions stop at twice the iteration's depth, and a check is
            // extended only within twice the remaining depth and 8 plies:
            // lines of checks cannot grow the tree without bound. A check that
            // loses material by static exchange is not extended either: a
            // sacrifice that works shows at the depth it is searched to. The
            // exchange is judged before the move, taken back for that only
            // when the move checks (few do).
            bool extend_check =
                gives_check && singular < 1 && ply < 2 * root_depth_ && ply < 2 * depth + 8;
            if (extend_check) {
                pos_.undo_move(m);
                extend_check = see_ge(pos_, m, 0);
                pos_.do_move(m);
            }
            const int ext = ply < 2 * root_depth_ ? std::max(singular, extend_check ? 1 : 0)
                                                  : std::min(singular, 0);
            const int new_depth = depth - 1 + ext;
            Value v;
            if (searched == 0) {
                v = -search(-beta, -alpha, new_depth, ply + 1, pv_node);
            } else {
                // Late-move reductions for quiet moves that are not extended
                // (so a check is reduced, a ply less, where it loses material
                // by static exchange or its line is past the extension limits
                // above), from the third move at non-PV nodes and the fourth
                // at PV nodes (searched counts the moves before this one):
                // more at non-PV nodes, while not improving and after a
                // capturing table move, less for a killer and for a move with
                // a good history.
                int r = 0;
                if (depth >= 3 && quiet && !in_check && !extend_check &&
                    searched >= (pv_node ? 3 : 2)) {
                    r = base_reduction(depth, searched) + (pv_node ? 0 : 1) + (improving ? 0 : 1) -
                        history / 8192 - (m == here.killers[0] || m == here.killers[1] ? 1 : 0) +
                        (tt_capture ? 1 : 0) - (gives_check ? 1 : 0);
                    r = std::clamp(r, 0, new_depth - 1);
                }
                v = -search(-alpha - 1, -alpha, new_depth - r, ply + 1, false);
                if (v > alpha && r > 0) v = -search(-alpha - 1, -alpha, new_depth, ply + 1, false);
                if (v > alpha && v < beta && pv_node)
                    v = -search(-beta, -alpha, new_depth, ply + 1, true);
            }
            pos_.undo_move(m);
            ++searched;
            if (stopped()) return 0;
            if (v > best) {
                best = v;
                best_move = m;
                if (v > alpha) {
                    alpha = v;
                    if (pv_node) {
                        pv_[ply][0] = m;
                        for (int k = 0; k < pv_len_[ply + 1]; ++k)
                            pv_[ply][k + 1] = pv_[ply + 1][k];
                        pv_len_[ply] = pv_len_[ply + 1] + 1;
                    }
                    if (v >= beta) {
                        update_stats(m, quiet, ply, depth, quiets, quiet_count, captures,
                                     capture_count);
                        break;
                    }
                }
            }
            if (quiet && quiet_count < 64)
                quiets[quiet_count++] = m;
            else if (!quiet && capture_count < 32)
                captures[capture_count++] = m;
        }
        if (searched == 0)  // every move pruned (or the only one excluded)
            return excluded.is_none() ? eval : alpha;

        // Step 8. Store (not a search with a move excluded).
        if (!excluded.is_none()) return best;
        const Bound bound = best >= beta        ? BOUND_LOWER
                            : best > alpha_orig ? BOUND_EXACT
                                                : BOUND_UPPER;
        tt_.store(pos_.key(), best_move, to_tt(best, ply), raw_eval, depth, bound);
        // Step 9. The correction history learns from a result the static
        // evaluation got wrong, where the bound says which way: not in check,
        // not where a capture decided, never from a mate.
        if (!in_check && (best_move.is_none() || move_gain(pos_, best_move) == 0) &&
            !is_mate_score(best) && !(bound == BOUND_LOWER && best <= static_eval) &&
            !(bound == BOUND_UPPER && best >= static_eval))
            update_correction(best - static_eval, depth, structure);
        return best;
    }

    // Whether the variant defines a structure (structure_key beside its
    // evaluation), which the correction history is kept by.
    static constexpr bool kStructure = requires(const Pos& p) { structure_key(p); };
    // The key of the position's structure, or 0 where the variant has none.
    std::uint64_t structure_of() const {
        if constexpr (kStructure)
            return structure_key(pos_);
        else
            return 0;
    }
    // The slot of the correction history for the side to move's structure
    // (its key), or none where the variant defines no structure.
    std::int16_t* correction_slot(std::uint64_t structure) {
        if constexpr (kStructure) {
            constexpr auto kMask = Histories<Pos>::kCorrectionSize - 1;
            return &h_.correction[pos_.side_to_move()][structure & kMask];
        } else {
            return nullptr;
        }
    }
    Value corrected(Value raw, std::uint64_t structure) {
        const std::int16_t* slot = correction_slot(structure);
        if (!slot) return raw;
        return std::clamp(raw + *slot / Histories<Pos>::kCorrectionGrain,
                          -VALUE_MATE_IN_MAX_PLY + 1, VALUE_MATE_IN_MAX_PLY - 1);
    }
    // Moves the slot toward the error seen, the more the deeper the search
    // that saw it (a running average; the slot stays within its bound).
    void update_correction(Value error, int depth, std::uint64_t structure) {
        std::int16_t* slot = correction_slot(structure);
        if (!slot) return;
        constexpr int kGrain = Histories<Pos>::kCorrectionGrain;
        constexpr int kBound = Histories<Pos>::kCorrectionBound;
        const int target = std::clamp(error * kGrain, -kBound, kBound);
        const int weight = std::min(depth + 1, 16);
        *slot = static_cast<std::int16_t>((*slot * (256 - weight) + target * weight) / 256);
    }

    // The static evaluation the table's entry holds, else computed (an entry
    // written in check holds none).
    Value stored_or_evaluate(bool tt_hit, const TTHit& tt) {
        if (tt_hit && tt.eval != VALUE_NONE && std::abs(tt.eval) < VALUE_INFINITE) return tt.eval;
        return evaluate(pos_);
    }

    // The table's value in place of the static evaluation where its bound
    // says it is the better estimate: a lower bound above it, an upper bound
    // below it; never a mate score.
    static Value tt_refined(Value static_eval, Value tt_value, Bound bound) {
        if (is_mate_score(tt_value)) return static_eval;
        return (bound & (tt_value > static_eval ? BOUND_LOWER : BOUND_UPPER)) ? tt_value
                                                                              : static_eval;
    }

    // The variant's captures (every legal reply when in check), standing pat
    // on the evaluation; captures that lose material by static exchange, or
    // that cannot reach alpha even with a margin, are not searched.
    Value qsearch(Value alpha, Value beta, int ply, int qdepth) {
        ++nodes_;
        poll();
        pv_len_[ply] = 0;
        if (ply > seldepth_) seldepth_ = ply;
        if (stopped()) return 0;
        if (is_search_draw(pos_)) return VALUE_DRAW;
        const bool in_check = pos_.in_check();
        if (ply >= MAX_PLY - 4 || qdepth > 16) return in_check ? VALUE_DRAW : evaluate(pos_);

        TTHit tt;
        const bool tt_hit = tt_.probe(pos_.key(), tt);
        if (tt_hit) {
            const Value v = from_tt(tt.value, ply);
            if (tt.bound == BOUND_EXACT || (tt.bound == BOUND_LOWER && v >= beta) ||
                (tt.bound == BOUND_UPPER && v <= alpha))
                return v;
        }

        const Value alpha_orig = alpha;
        Value best = -VALUE_INFINITE;
        Value stand = -VALUE_INFINITE, raw = -VALUE_INFINITE;
        Moves moves;
        if (in_check) {
            pos_.legal_moves(moves);
            if (moves.empty()) return mated_in(ply);
        } else {
            raw = stored_or_evaluate(tt_hit, tt);
            stand = corrected(raw, structure_of());
            if (tt_hit) stand = tt_refined(stand, from_tt(tt.value, ply), tt.bound);
            if (stand >= beta) return stand;
            if (stand > alpha) alpha = stand;
            best = stand;
            pos_.capture_moves(moves);
        }
        int scores[Pos::kMaxMoves];
        score_captures(moves, scores, tt_hit ? tt.move : Move::none());
        Move best_move;
        for (std::size_t i = 0; i < moves.size(); ++i) {
            const Move m = pick(moves, scores, i);
            if (!in_check) {
                if (stand + move_gain(pos_, m) + 200 <= alpha) continue;  // delta pruning
                if (!see_ge(pos_, m, 0)) continue;
            }
            make(m, ply);
            const Value v = -qsearch(-beta, -alpha, ply + 1, qdepth + 1);
            pos_.undo_move(m);
            if (stopped()) return 0;
            if (v > best) {
                best = v;
                if (v > alpha) {
                    best_move = m;
                    alpha = v;
                    if (v >= beta) break;
                }
            }
        }
        const Bound bound = best >= beta        ? BOUND_LOWER
                            : best > alpha_orig ? BOUND_EXACT
                                                : BOUND_UPPER;
        tt_.store(pos_.key(), best_move, to_tt(best, ply), raw, 0, bound);
        return best;
    }

    void report_lines(int depth, int multipv, const InfoCallback& report) const {
        const std::int64_t ms = elapsed_ms(shared_.start);
        const std::uint64_t nodes = shared_.nodes.load(std::memory_order_relaxed) + (nodes_ & 1023);
        for (int i = 0; i < multipv; ++i) {
            const RootMove& rm = root_moves_[static_cast<std::size_t>(i)];
            const bool scored = rm.score != -VALUE_INFINITE || rm.previous != -VALUE_INFINITE;
            // A limit hit before any root move was scored: the first line reports the
            // root's static evaluation, the other lines nothing.
            if (!scored && i > 0) continue;
            Info info;
            info.depth = depth;
            info.seldepth = rm.seldepth;
            info.multipv = i + 1;
            info.score = !scored                       ? evaluate(pos_)
                         : rm.score == -VALUE_INFINITE ? rm.previous
                                                       : rm.score;
            info.nodes = nodes;
            info.time_ms = ms;
            info.nps = ms > 0 ? nodes * 1000 / static_cast<std::uint64_t>(ms) : nodes;
            info.hashfull = tt_.hashfull();
            Pos p = pos_;
            for (Move m : rm.pv) {
                info.pv.push_back(p.lan(m));
                p.do_move(m);
            }
            report(info);
        }
    }

    Pos pos_;
    TranspositionTable& tt_;
    SharedState& shared_;
    int thread_id_;
    std::vector<RootMove> root_moves_;
    int pv_index_ = 0;
    int completed_depth_ = 0;
    int root_depth_ = 1;  // the depth of the iteration going on
    int seldepth_ = 0;
    std::uint64_t nodes_ = 0;
    // Time management: the best move and score of the last iteration, and a
    // decaying count of the iterations that changed the best move.
    Move last_best_;
    Value last_score_ = VALUE_NONE;
    double best_changes_ = 0;
    Histories<Pos>& h_;
    Frame frames_[MAX_PLY + 4];
    Move pv_[MAX_PLY + 1][MAX_PLY + 1]{};
    int pv_len_[MAX_PLY + 2]{};
    std::int8_t reductions_[64][64]{};
};

}  // namespace chimera::engine
