// The compact move shared by every variant.
//
// Layout of the 32-bit value:
//   bits  0-6   from cell (0..127); for a drop, the destination as well
//   bits  7-13  to cell (0..127)
//   bits 14-17  MoveKind
//   bits 18-22  extra: the promotion piece type or the dropped piece type
// Value 0 is Move::none(); it is never a legal move because kind NORMAL with
// from == to is no variant's move.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

namespace chimera {

enum class MoveKind : std::uint8_t {
    NORMAL,
    PROMOTION,
    EN_PASSANT,
    CASTLING,
    DROP,
    DETONATION,
    TRAVERSE,
};

class Move {
  public:
    constexpr Move() = default;
    constexpr Move(int from, int to, MoveKind kind = MoveKind::NORMAL, int extra = 0)
        : v_(static_cast<std::uint32_t>(from) | static_cast<std::uint32_t>(to) << 7 |
             static_cast<std::uint32_t>(kind) << 14 | static_cast<std::uint32_t>(extra) << 18) {}

    static constexpr Move none() { return Move(); }
    static constexpr Move from_raw(std::uint32_t v) {
        Move m;
        m.v_ = v;
        return m;
    }

    constexpr int from() const { return static_cast<int>(v_ & 0x7F); }
    constexpr int to() const { return static_cast<int>(v_ >> 7 & 0x7F); }
    constexpr MoveKind kind() const { return static_cast<MoveKind>(v_ >> 14 & 0xF); }
    constexpr int extra() const { return static_cast<int>(v_ >> 18 & 0x1F); }
    constexpr std::uint32_t raw() const { return v_; }
    constexpr bool is_none() const { return v_ == 0; }

    constexpr bool operator==(const Move&) const = default;

  private:
    std::uint32_t v_ = 0;
};

// A fixed-capacity list of moves living on the stack: move generation never allocates.
template <std::size_t Capacity>
class MoveList {
  public:
    constexpr void push(Move m) { moves_[size_++] = m; }
    constexpr std::size_t size() const { return size_; }
    constexpr bool empty() const { return size_ == 0; }
    constexpr void clear() { size_ = 0; }
    constexpr void pop() { --size_; }
    constexpr const Move& operator[](std::size_t i) const { return moves_[i]; }
    constexpr Move& operator[](std::size_t i) { return moves_[i]; }
    constexpr const Move* begin() const { return moves_.data(); }
    constexpr const Move* end() const { return moves_.data() + size_; }
    constexpr Move* begin() { return moves_.data(); }
    constexpr Move* end() { return moves_.data() + size_; }
    constexpr bool contains(Move m) const {
        for (Move x : *this)
            if (x == m) return true;
        return false;
    }
    static constexpr std::size_t capacity() { return Capacity; }

  private:
    std::array<Move, Capacity> moves_;
    std::size_t size_ = 0;
};

}  // namespace chimera
