// libFuzzer: wataku set_fen on arbitrary bytes (see fuzz_common.h, fuzz_fen).
#include "fuzz_common.h"
#include "variants/wataku/position.h"

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    chimera::fuzz::warm_up<chimera::wataku::Position>();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    chimera::fuzz::fuzz_fen<chimera::wataku::Position>(
        std::string_view(reinterpret_cast<const char*>(data), size));
    return 0;
}
