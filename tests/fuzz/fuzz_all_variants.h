// For the targets that reach every variant (game records, UCI, the server API).
#pragma once

#include "fuzz_common.h"
#include "variants/chess/position.h"
#include "variants/chess4d/position.h"
#include "variants/wataku/position.h"
#include "variants/wreckage/position.h"

namespace chimera::fuzz {

inline void warm_up_all_variants() {
    warm_up<chess::Position>();
    warm_up<chess4d::Position>();
    warm_up<wreckage::Position>();
    warm_up<wataku::Position>();
}

}  // namespace chimera::fuzz
