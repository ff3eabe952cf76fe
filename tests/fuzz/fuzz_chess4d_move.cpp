// libFuzzer: 4D chess LAN (D-15) / SAN parsing and do/undo from a few fixed
// positions or a fuzzed FEN (see fuzz_common.h, fuzz_moves).
#include "fuzz_common.h"
#include "variants/chess4d/position.h"

namespace {

constexpr std::string_view kFens[] = {
    "4r1b1/1p1p4/3P2P1/2R2QNK/1qnk2r1/2p4p/5P1P/R1B5 w 0 1",
    "4r1b1/1p1p4/3P2P1/2R2QNK/1qnk2r1/2p4p/5P1P/R1B5 b 0 1",
    "4r1b1/1p1p2q1/3P2P1/R4QNK/3k4/2p4p/1n3PrP/R1B5 w 6 4",
    "n5b1/1pRp4/3PN1P1/7K/2k1r2r/1Rp2P1p/Q6P/2B5 b 0 7",
    "3N4/3p4/1K1P2P1/2R1R3/3k4/1bp3rp/n4P1P/2B5 w 3 11",
    "3bR3/Qp1p2P1/3P4/8/3k4/2p2r1p/4K1NP/R7 w 3 18",
    "7k/8/8/8/8/1P6/8/K7 w 0 1",
    "7k/8/8/8/r7/1P6/8/K7 w 0 1",
};

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    chimera::fuzz::warm_up<chimera::chess4d::Position>();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    chimera::fuzz::fuzz_moves<chimera::chess4d::Position>(
        std::string_view(reinterpret_cast<const char*>(data), size), kFens);
    return 0;
}
