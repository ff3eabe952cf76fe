// Sides and other small vocabulary shared by every variant.
#pragma once

#include <cstdint>

namespace chimera {

enum Color : std::uint8_t { WHITE, BLACK, COLOR_NB = 2 };

constexpr Color operator~(Color c) { return Color(c ^ 1); }

}  // namespace chimera
