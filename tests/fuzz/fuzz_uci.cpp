// libFuzzer: the UCI session on arbitrary command lines. Every line is handled
// without a crash; each error is one `info string error: ...` line of printable
// text. A `go` is followed at once by `stop`, and lines that would ask for
// expensive work (deep perft, a large hash, many threads) are left out, so an
// input costs milliseconds; everything else reaches the parser as written.
#include <sstream>

#include "fuzz_all_variants.h"
#include "protocol/uci.h"

namespace {

std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return out;
}

// The largest run of digits in s, saturated (a long run counts as huge).
unsigned long long largest_number(std::string_view s) {
    unsigned long long best = 0, cur = 0;
    bool in = false;
    for (char c : s) {
        if (c >= '0' && c <= '9') {
            cur = cur > 100000000ULL ? cur : cur * 10 + static_cast<unsigned>(c - '0');
            in = true;
        } else {
            if (in) best = std::max(best, cur);
            cur = 0;
            in = false;
        }
    }
    return in ? std::max(best, cur) : best;
}

bool affordable(std::string_view line) {
    const std::string l = lower(line);
    const unsigned long long n = largest_number(l);
    if (l.find("perft") != std::string::npos && n > 2) return false;
    if (l.find("hash") != std::string::npos && n > 16) return false;
    if (l.find("thread") != std::string::npos && n > 2) return false;
    return true;
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    chimera::fuzz::warm_up_all_variants();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace chimera;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    std::ostringstream out;
    {
        protocol::UciSession session(out);
        for (std::string_view line : fuzz::split_lines(text, 16)) {
            if (!affordable(line)) continue;
            if (!session.handle(line)) break;
            if (lower(line).find("go") != std::string::npos) (void)session.handle("stop");
        }
        (void)session.handle("stop");
    }
    std::istringstream lines(out.str());
    for (std::string l; std::getline(lines, l);)
        if (l.rfind("info string error", 0) == 0) FUZZ_CHECK(fuzz::printable_line(l), l);
    return 0;
}
