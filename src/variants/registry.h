// The one list of variants. Adding a variant is one folder under variants/,
// its line in the build list (src/CMakeLists.txt) and its two lines here; every
// other layer asks this registry (by id, or over all variants) and never spells
// a variant's name.
#pragma once

#include <array>
#include <string>
#include <string_view>
#include <utility>

#include "core/variant.h"
#include "core/variant_info.h"
#include "variants/chess/variant.h"
#include "variants/chess4d/variant.h"
#include "variants/wataku/variant.h"
#include "variants/wreckage/variant.h"

namespace chimera {

template <VariantPosition... Ps>
struct VariantList {
    static constexpr std::size_t size = sizeof...(Ps);
    static constexpr std::array<const VariantInfo*, size> infos{&Ps::kInfo...};

    // Calls f.template operator()<Pos>() for each variant, in list order.
    template <class F>
    static void for_each(F&& f) {
        (f.template operator()<Ps>(), ...);
    }
    // Calls f.template operator()<Pos>() for the variant named id; false when id is unknown.
    template <class F>
    static bool with(std::string_view id, F&& f) {
        return ((id == Ps::kId ? (f.template operator()<Ps>(), true) : false) || ...);
    }
};

// In the order the site lists them: the variants Chimera is for, then the
// calibration variant.
using Variants =
    VariantList<wataku::Position, wreckage::Position, chess4d::Position, chess::Position>;

// The variant of a UCI session before UCI_Variant is set, and of requests that name none.
inline constexpr std::string_view kDefaultVariant = chess::Position::kId;

inline constexpr const auto& kVariantInfos = Variants::infos;

template <class F>
void for_each_variant(F&& f) {
    Variants::for_each(std::forward<F>(f));
}

template <class F>
bool with_variant(std::string_view id, F&& f) {
    return Variants::with(id, std::forward<F>(f));
}

// The descriptor of the variant named id, or nullptr.
inline const VariantInfo* find_variant(std::string_view id) {
    for (const VariantInfo* v : kVariantInfos)
        if (v->id == id) return v;
    return nullptr;
}

// "wataku, wreckage, chess4d, chess": for messages that list the choices.
inline std::string variant_id_list(std::string_view separator = ", ") {
    std::string s;
    for (const VariantInfo* v : kVariantInfos)
        s += (s.empty() ? "" : std::string(separator)) + std::string(v->id);
    return s;
}

}  // namespace chimera
