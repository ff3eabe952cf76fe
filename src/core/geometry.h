// Board geometry as a compile-time parameter: up to four axes (X file, Y rank,
// Z, W), cells numbered x + X*y + X*Y*z + X*Y*Z*w. Orthodox chess is 8x8x1x1,
// a 4D board 4x4x2x2, a 10x10 board 10x10x1x1. Movement primitives
// (leapers, rays of sliders) are direction vectors over these axes; the
// tables built from them are constexpr so there is no init order to get wrong.
#pragma once

#include <array>
#include <cstdint>

#include "core/bitboard.h"

namespace chimera {

struct Vec4 {
    int d[4] = {0, 0, 0, 0};
};

struct Coord4 {
    int c[4] = {0, 0, 0, 0};
};

struct Geometry {
    int dim[4] = {1, 1, 1, 1};

    constexpr int cells() const { return dim[0] * dim[1] * dim[2] * dim[3]; }
    constexpr int stride(int axis) const {
        int s = 1;
        for (int a = 0; a < axis; ++a) s *= dim[a];
        return s;
    }
    constexpr Coord4 coord(int sq) const {
        Coord4 r;
        for (int a = 0; a < 4; ++a) {
            r.c[a] = sq % dim[a];
            sq /= dim[a];
        }
        return r;
    }
    constexpr bool contains(const Coord4& c) const {
        for (int a = 0; a < 4; ++a)
            if (c.c[a] < 0 || c.c[a] >= dim[a]) return false;
        return true;
    }
    constexpr int index(const Coord4& c) const {
        int s = 0;
        for (int a = 3; a >= 0; --a) s = s * dim[a] + c.c[a];
        return s;
    }
    // The cell reached from sq by v, or -1 when it leaves the board.
    constexpr int step(int sq, const Vec4& v) const {
        Coord4 c = coord(sq);
        for (int a = 0; a < 4; ++a) c.c[a] += v.d[a];
        return contains(c) ? index(c) : -1;
    }
    // Signed index offset of one step along v (valid where the step stays on the board).
    constexpr int delta(const Vec4& v) const {
        int s = 0;
        for (int a = 0; a < 4; ++a) s += v.d[a] * stride(a);
        return s;
    }
};

// The unsigned integer type wide enough for one bit per cell.
template <Geometry G>
using BitsFor = std::conditional_t<(G.cells() <= 64), Bitboard64, Bitboard128>;

// Leaper table: for every cell, the cells reached by one application of any vector.
template <Geometry G, std::size_t N>
constexpr std::array<BitsFor<G>, G.cells()> leaper_table(const std::array<Vec4, N>& vecs) {
    using B = BitsFor<G>;
    std::array<B, G.cells()> t{};
    for (int sq = 0; sq < G.cells(); ++sq)
        for (const Vec4& v : vecs)
            if (int to = G.step(sq, v); to >= 0) t[sq] |= B(1) << to;
    return t;
}

// Ray along v from sq (excluding sq) until the edge, ignoring blockers.
template <Geometry G>
constexpr BitsFor<G> ray(int sq, const Vec4& v) {
    using B = BitsFor<G>;
    B r = 0;
    for (int s = G.step(sq, v); s >= 0; s = G.step(s, v)) r |= B(1) << s;
    return r;
}

// Sliding attacks along the vectors from sq, stopping at (and including) the first
// occupied cell in each direction. The slow reference used to build fast tables.
template <Geometry G, std::size_t N>
constexpr BitsFor<G> slide(int sq, BitsFor<G> occ, const std::array<Vec4, N>& vecs) {
    using B = BitsFor<G>;
    B r = 0;
    for (const Vec4& v : vecs)
        for (int s = G.step(sq, v); s >= 0; s = G.step(s, v)) {
            r |= B(1) << s;
            if (occ & (B(1) << s)) break;
        }
    return r;
}

// All vectors whose components lie in {-1,0,1} on the given axes (not all zero):
// the king's steps on the board's axes.
template <std::size_t N>
constexpr std::array<Vec4, N> unit_steps(int axes) {
    std::array<Vec4, N> out{};
    std::size_t n = 0;
    int total = 1;
    for (int a = 0; a < axes; ++a) total *= 3;
    for (int code = 0; code < total; ++code) {
        Vec4 v;
        int c = code;
        bool nonzero = false;
        for (int a = 0; a < axes; ++a) {
            v.d[a] = c % 3 - 1;
            c /= 3;
            nonzero |= v.d[a] != 0;
        }
        if (nonzero && n < N) out[n++] = v;
    }
    return out;
}

}  // namespace chimera
