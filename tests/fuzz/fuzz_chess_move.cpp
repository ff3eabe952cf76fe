// libFuzzer: chess LAN/SAN parsing and do/undo from a few fixed positions or a
// fuzzed FEN (see fuzz_common.h, fuzz_moves).
#include "fuzz_common.h"
#include "variants/chess/position.h"

namespace {

constexpr std::string_view kFens[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r3k2r/1P4P1/8/3pP3/8/8/1p4p1/R3K2R w KQkq d6 0 1",
    "R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1",
    "rnb1kbnr/pppp1ppp/8/4p3/7q/P4P2/1PPPP1PP/RNBQKBNR w KQkq - 1 3",
};

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    chimera::fuzz::warm_up<chimera::chess::Position>();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    chimera::fuzz::fuzz_moves<chimera::chess::Position>(
        std::string_view(reinterpret_cast<const char*>(data), size), kFens);
    return 0;
}
