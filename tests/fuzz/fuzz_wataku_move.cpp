// libFuzzer: Wataku LAN/SAN parsing and do/undo from the four formations and a
// few middlegames, or a fuzzed FEN (see fuzz_common.h, fuzz_moves).
#include "fuzz_common.h"
#include "variants/wataku/position.h"

namespace {

constexpr std::string_view kFens[] = {
    "9/3ktk3/2nptpn2/9/9/9/2NPTPN2/3KTK3/9 w QRRBBPPTTqrrbbpptt 1",
    "9/1nk3kn1/2tp1pt2/9/9/9/2TP1PT2/1NK3KN1/9 w QRRBBPPTTqrrbbpptt 1",
    "3tkt3/2n1k1n2/3p1p3/9/9/9/3P1P3/2N1K1N2/3TKT3 w QRRBBPPTTqrrbbpptt 1",
    "1k7/3ptkt2/4npn2/9/9/9/4NPN2/3PTKT2/1K7 w QRRBBPPTTqrrbbpptt 1",
    "6kk1/9/9/9/4PTT2/3K5/9/7R1/K8 w Q 1",
};

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    chimera::fuzz::warm_up<chimera::wataku::Position>();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    chimera::fuzz::fuzz_moves<chimera::wataku::Position>(
        std::string_view(reinterpret_cast<const char*>(data), size), kFens);
    return 0;
}
