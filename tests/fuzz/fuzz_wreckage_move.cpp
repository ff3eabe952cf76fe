// libFuzzer: Wreckage LAN/SAN parsing and do/undo from a few fixed positions or
// a fuzzed FEN (see fuzz_common.h, fuzz_moves).
#include "fuzz_common.h"
#include "variants/wreckage/position.h"

namespace {

constexpr std::string_view kFens[] = {
    "xrwbqkbfrd/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/XRWBQKBFRD w BIbi - GJJJJJgjjjjj 0 1",
    "xr1bq1b1rd/2pp2k1f1/1p1w3p2/p2Dppp2p/8p1/9P/2PB1P4/1X4P1P1/PPJPP1FP2/1RWBQK1GR1 w BI - "
    "JJJJgjjjjj 0 13",
    "k9/10/10/4r5/10/3bD5/10/10/10/9K w - - - 0 1",
    "k9/10/10/10/10/3pXj4/10/10/10/9K w - - - 0 1",
    "k9/4P5/10/10/5G4/10/10/10/10/9K w - - J 0 1",
    "9k/10/10/10/10/10/3p6/10/4P5/K9 w - - - 0 1",
};

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    chimera::fuzz::warm_up<chimera::wreckage::Position>();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    chimera::fuzz::fuzz_moves<chimera::wreckage::Position>(
        std::string_view(reinterpret_cast<const char*>(data), size), kFens);
    return 0;
}
