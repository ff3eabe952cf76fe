// Placement storage shared by the variants: a mailbox (piece per cell) kept in
// step with one bitboard per piece type and per colour. A piece code is
// colour << TypeBits | type, 0 meaning an empty cell (type 0 is never a piece).
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "core/bitboard.h"
#include "core/color.h"

namespace chimera {

template <class Bits, int Cells, int TypeCount, int TypeBits = 3>
class PieceBoard {
    static_assert(TypeCount <= (1 << TypeBits));

  public:
    static constexpr int kCells = Cells;
    static constexpr int kTypes = TypeCount;  // piece types, the empty type 0 included

    static constexpr std::uint8_t make(Color c, int type) {
        return static_cast<std::uint8_t>(c << TypeBits | type);
    }
    static constexpr Color color_of(std::uint8_t p) { return Color(p >> TypeBits); }
    static constexpr int type_of(std::uint8_t p) { return p & ((1 << TypeBits) - 1); }

    std::uint8_t at(int sq) const { return board_[sq]; }
    Bits all() const { return by_color_[WHITE] | by_color_[BLACK]; }
    Bits of(Color c) const { return by_color_[c]; }
    Bits of_type(int t) const { return by_type_[t]; }
    Bits of(Color c, int t) const { return by_color_[c] & by_type_[t]; }

    void clear() { *this = PieceBoard(); }

    void put(std::uint8_t p, int sq) {
        board_[sq] = p;
        by_type_[type_of(p)] |= Bits(1) << sq;
        by_color_[color_of(p)] |= Bits(1) << sq;
    }
    void remove(int sq) {
        const std::uint8_t p = board_[sq];
        by_type_[type_of(p)] ^= Bits(1) << sq;
        by_color_[color_of(p)] ^= Bits(1) << sq;
        board_[sq] = 0;
    }
    void move(int from, int to) {
        const std::uint8_t p = board_[from];
        const Bits ft = (Bits(1) << from) | (Bits(1) << to);
        by_type_[type_of(p)] ^= ft;
        by_color_[color_of(p)] ^= ft;
        board_[from] = 0;
        board_[to] = p;
    }

    // Mailbox and bitboards describe the same placement.
    bool consistent() const {
        Bits seen = 0;
        for (int t = 1; t < TypeCount; ++t) {
            if (seen & by_type_[t]) return false;
            seen |= by_type_[t];
        }
        if (seen != all() || (by_color_[WHITE] & by_color_[BLACK]) || by_type_[0]) return false;
        for (int sq = 0; sq < Cells; ++sq) {
            const std::uint8_t p = board_[sq];
            const bool occupied = (seen >> sq) & 1;
            if (p == 0 ? occupied : !((of(color_of(p), type_of(p)) >> sq) & 1)) return false;
        }
        return true;
    }

  private:
    std::array<std::uint8_t, Cells> board_{};
    std::array<Bits, TypeCount> by_type_{};
    std::array<Bits, COLOR_NB> by_color_{};
};

// Number of earlier occurrences of the current position in a state chain whose
// entries carry `key` and a progress counter `rule50` (plies since the last
// irreversible move): only positions within that window can repeat.
template <class State>
int repetitions(const std::vector<State>& states) {
    const int n = static_cast<int>(states.size());
    const State& now = states.back();
    const int reach = now.rule50 < n - 1 ? now.rule50 : n - 1;
    int count = 0;
    for (int back = 2; back <= reach; back += 2)
        if (states[n - 1 - back].key == now.key) ++count;
    return count;
}

}  // namespace chimera
