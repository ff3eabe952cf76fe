// The list of variants and static dispatch over it: the CLI, protocol and server
// pick a variant by id once, then run fully typed code for it.
#pragma once

#include <array>
#include <string_view>

#include "variants/chess/position.h"
#include "variants/chess4d/position.h"
#include "variants/wataku/position.h"
#include "variants/wreckage/position.h"

namespace chimera {

inline constexpr std::array<std::string_view, 4> kVariantIds{
    chess::Position::kId, chess4d::Position::kId, wreckage::Position::kId, wataku::Position::kId};

// Calls f.template operator()<Pos>() for the variant named id; false when id is unknown.
template <class F>
bool with_variant(std::string_view id, F&& f) {
    if (id == chess::Position::kId) {
        f.template operator()<chess::Position>();
        return true;
    }
    if (id == chess4d::Position::kId) {
        f.template operator()<chess4d::Position>();
        return true;
    }
    if (id == wreckage::Position::kId) {
        f.template operator()<wreckage::Position>();
        return true;
    }
    if (id == wataku::Position::kId) {
        f.template operator()<wataku::Position>();
        return true;
    }
    return false;
}

}  // namespace chimera
