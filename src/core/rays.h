// Slider attacks for boards of any size by the classical ray method: for each
// direction a precomputed ray per cell; the first blocker is the lowest set
// bit of (ray & occupancy) when the direction increases the cell index and the
// highest when it decreases it. Used for the 81- and 100-cell boards, where a
// magic multiplier does not fit one machine word. Also a direction table that
// tells whether two cells share a line and which way.
#pragma once

#include <array>
#include <cstdint>

#include "core/geometry.h"

namespace chimera {

template <Geometry G, auto Dirs>
struct RayTables {
    using B = BitsFor<G>;
    static constexpr int kDirs = static_cast<int>(Dirs.size());

    std::array<std::array<B, G.cells()>, Dirs.size()> rays{};
    std::array<std::array<std::int8_t, G.cells()>, Dirs.size()> next{};  // one step, -1 off board
    std::array<bool, Dirs.size()> increasing{};

    constexpr RayTables() {
        for (int d = 0; d < kDirs; ++d) {
            increasing[d] = G.delta(Dirs[d]) > 0;
            for (int sq = 0; sq < G.cells(); ++sq) {
                rays[d][sq] = ray<G>(sq, Dirs[d]);
                next[d][sq] = static_cast<std::int8_t>(G.step(sq, Dirs[d]));
            }
        }
    }

    // Cells reached from sq along direction d, up to and including the first blocker.
    constexpr B along(int d, int sq, B occ) const {
        const B r = rays[d][sq];
        const B blockers = r & occ;
        if (!blockers) return r;
        const int b = increasing[d] ? lsb(blockers) : msb(blockers);
        return r ^ rays[d][b];
    }
    // The first occupied cell from sq along d, or -1.
    constexpr int first_blocker(int d, int sq, B occ) const {
        const B blockers = rays[d][sq] & occ;
        if (!blockers) return -1;
        return increasing[d] ? lsb(blockers) : msb(blockers);
    }
    constexpr B attacks(int sq, B occ) const {
        B a = 0;
        for (int d = 0; d < kDirs; ++d) a |= along(d, sq, occ);
        return a;
    }
};

// For two cells on one line of the direction set: the index of the direction
// leading from a to b, and the distance in steps; -1 / 0 otherwise.
template <Geometry G, auto Dirs>
struct DirectionTable {
    std::array<std::array<std::int8_t, G.cells()>, G.cells()> dir{};
    std::array<std::array<std::int8_t, G.cells()>, G.cells()> dist{};

    constexpr DirectionTable() {
        for (auto& row : dir) row.fill(-1);
        for (int a = 0; a < G.cells(); ++a)
            for (int d = 0; d < static_cast<int>(Dirs.size()); ++d) {
                int k = 1;
                for (int s = G.step(a, Dirs[d]); s >= 0; s = G.step(s, Dirs[d]), ++k) {
                    dir[a][s] = static_cast<std::int8_t>(d);
                    dist[a][s] = static_cast<std::int8_t>(k);
                }
            }
    }
};

}  // namespace chimera
