// Magic-bitboard slider attacks for boards of at most 64 cells.
//
// For a set of slider direction vectors over a geometry, each cell gets a
// mask of the cells whose occupancy matters, a magic multiplier that maps
// every subset of that mask to a distinct (or constructively colliding) slot,
// and a slice of one shared attack table. The tables are immutable and built
// once, on first use, with the attacks of the reference slide() in geometry.h
// (its rays walked once per cell, not once per subset). A variant
// may pass the multipliers it found before (Hints, one per cell): each is
// checked against every subset of its mask and kept only if it works, so a
// wrong hint costs time, never a wrong attack. Cells without a working hint get
// a seeded search (deterministic, but ~10^6 tries for an 8x8 rook: a quarter of
// a second in a release build, seconds under the sanitizers, on every start).
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "core/geometry.h"
#include "core/zobrist.h"

namespace chimera {

template <Geometry G, auto Dirs, auto Hints = std::array<Bitboard64, 0>{}>
class MagicSliders {
    static_assert(G.cells() <= 64, "magic sliders need a board of at most 64 cells");

  public:
    Bitboard64 attacks(int sq, Bitboard64 occ) const {
        const Entry& e = entries_[sq];
        return table_[e.offset + (((occ & e.mask) * e.magic) >> e.shift)];
    }

    static const MagicSliders& instance() {
        static const MagicSliders tables;
        return tables;
    }

    Bitboard64 magic(int sq) const { return entries_[sq].magic; }
    // How many cells had no working hint and were searched.
    int searched() const { return searched_; }

  private:
    struct Entry {
        Bitboard64 mask = 0;
        Bitboard64 magic = 0;
        std::uint32_t offset = 0;
        unsigned shift = 63;
    };

    MagicSliders() {
        std::uint64_t rng = 0x5EED0F0C7A11ULL + static_cast<std::uint64_t>(G.cells());
        std::vector<Bitboard64> occs, refs;
        for (int sq = 0; sq < G.cells(); ++sq) {
            Entry& e = entries_[sq];
            // The cells of each ray from sq, nearest first, walked for every
            // subset below (the same attacks as slide(), which would step
            // through the geometry again for each of the thousands of subsets).
            // The mask is the rays less their last cells: a blocker on the
            // edge changes nothing.
            std::array<std::array<Bitboard64, G.cells()>, Dirs.size()> rays{};
            std::array<int, Dirs.size()> lengths{};
            e.mask = 0;
            for (std::size_t d = 0; d < Dirs.size(); ++d) {
                for (int s = G.step(sq, Dirs[d]); s >= 0; s = G.step(s, Dirs[d]))
                    rays[d][static_cast<std::size_t>(lengths[d]++)] = Bitboard64(1) << s;
                for (int i = 0; i + 1 < lengths[d]; ++i)
                    e.mask |= rays[d][static_cast<std::size_t>(i)];
            }
            const auto attacks_of = [&](Bitboard64 occ) {
                Bitboard64 r = 0;
                for (std::size_t d = 0; d < Dirs.size(); ++d)
                    for (int i = 0; i < lengths[d]; ++i) {
                        r |= rays[d][static_cast<std::size_t>(i)];
                        if (occ & rays[d][static_cast<std::size_t>(i)]) break;
                    }
                return r;
            };
            int bits = popcount(e.mask);
            e.shift = static_cast<unsigned>(64 - (bits ? bits : 1));
            e.offset = static_cast<std::uint32_t>(table_.size());
            std::size_t slots = std::size_t(1) << (64 - e.shift);
            occs.clear();
            refs.clear();
            Bitboard64 sub = 0;
            do {  // Carry-Rippler enumeration of all subsets of the mask
                occs.push_back(sub);
                refs.push_back(attacks_of(sub));
                sub = (sub - e.mask) & e.mask;
            } while (sub);
            table_.resize(table_.size() + slots);
            std::vector<int> stamp(slots, 0);
            if constexpr (Hints.size() == std::size_t(G.cells())) {
                if (try_magic(e, Hints[sq], occs, refs, stamp, 1)) continue;
            }
            ++searched_;
            find_magic(e, occs, refs, stamp, rng);
        }
    }

    static int bits_of(const Entry& e) { return popcount(e.mask); }

    // Fills e's slice of the table for this multiplier; false on a harmful collision.
    bool try_magic(Entry& e, Bitboard64 magic, const std::vector<Bitboard64>& occs,
                   const std::vector<Bitboard64>& refs, std::vector<int>& stamp, int attempt) {
        Bitboard64* slice = table_.data() + e.offset;
        for (std::size_t i = 0; i < occs.size(); ++i) {
            std::size_t idx = e.mask ? ((occs[i] & e.mask) * magic) >> e.shift : 0;
            if (stamp[idx] != attempt) {
                stamp[idx] = attempt;
                slice[idx] = refs[i];
            } else if (slice[idx] != refs[i]) {
                return false;
            }
        }
        e.magic = magic;
        return true;
    }

    void find_magic(Entry& e, const std::vector<Bitboard64>& occs,
                    const std::vector<Bitboard64>& refs, std::vector<int>& stamp,
                    std::uint64_t& rng) {
        for (int attempt = 2;; ++attempt) {
            Bitboard64 magic = e.mask ? splitmix64(rng) & splitmix64(rng) & splitmix64(rng) : 0;
            if (bits_of(e) >= 8 && popcount((e.mask * magic) >> 56) < 6) continue;
            if (try_magic(e, magic, occs, refs, stamp, attempt)) return;
        }
    }

    std::array<Entry, G.cells()> entries_{};
    std::vector<Bitboard64> table_;
    int searched_ = 0;
};

// Lines through pairs of cells for a slider direction set: between(a, b) is the
// set strictly between a and b when both lie on one ray, line(a, b) the whole line
// through them (both empty otherwise). Used for pins, blocks and discovered checks.
template <Geometry G, auto Dirs>
struct LineTables {
    std::array<std::array<BitsFor<G>, G.cells()>, G.cells()> between{};
    std::array<std::array<BitsFor<G>, G.cells()>, G.cells()> line{};

    constexpr LineTables() {
        using B = BitsFor<G>;
        for (int a = 0; a < G.cells(); ++a)
            for (const Vec4& v : Dirs) {
                B path = 0;
                Vec4 back;
                for (int i = 0; i < 4; ++i) back.d[i] = -v.d[i];
                B full = ray<G>(a, v) | ray<G>(a, back) | (B(1) << a);
                for (int s = G.step(a, v); s >= 0; s = G.step(s, v)) {
                    between[a][s] = path;
                    line[a][s] = full;
                    path |= B(1) << s;
                }
            }
    }
};

}  // namespace chimera
