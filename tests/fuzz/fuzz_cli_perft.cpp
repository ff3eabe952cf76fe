// libFuzzer: `chimera perft` argument vectors (one argument per input line after
// the fixed "perft") for chimera::app::run, checked against the command-line
// contract (../shared/spec/README.md): on success a well-formed divide listing;
// on failure exit status 2, one `error:` line on stderr and nothing on stdout.
// Depths from 3 to 20 are lowered to 2 so that one input never runs long. Other
// subcommands are not fuzzed here: several of them (uci, serve, match, bench)
// read stdin, listen or run for a long time by design.
#include <sstream>

#include "app/cli.h"
#include "fuzz_common.h"
#include "variants/registry.h"

namespace {

using chimera::fuzz::fail;

void check_divide(const std::string& out, const std::string& context) {
    if (out == "Nodes searched: 1\n") return;  // depth 0
    std::istringstream in(out);
    std::string line;
    std::uint64_t sum = 0;
    bool blank = false;
    while (std::getline(in, line)) {
        if (line.empty()) {
            FUZZ_CHECK(!blank, context + " | two blank lines\n" + out);
            blank = true;
            continue;
        }
        if (blank) {
            FUZZ_CHECK(line.rfind("Nodes searched: ", 0) == 0, context + "\n" + out);
            const auto total = std::stoull(line.substr(16));
            FUZZ_CHECK(total == sum, context + " | total does not match the lines\n" + out);
            FUZZ_CHECK(in.peek() == EOF, context + " | text after the total\n" + out);
            return;
        }
        const std::size_t colon = line.rfind(": ");
        FUZZ_CHECK(colon != std::string::npos && colon > 0, context + " | bad line " + line);
        const std::string count = line.substr(colon + 2);
        FUZZ_CHECK(!count.empty() && count.find_first_not_of("0123456789") == std::string::npos,
                   context + " | bad count in " + line);
        sum += std::stoull(count);
    }
    fail("perft output has no 'Nodes searched' line", context + "\n" + out);
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    // Builds every variant's tables before the per-input timer starts (fuzz_common.h).
    for (const chimera::VariantInfo* v : chimera::kVariantInfos) {
        const std::string_view id = v->id;
        std::istringstream in;
        std::ostringstream out, err;
        (void)chimera::app::run({"perft", std::string(id), "2"}, in, out, err);
    }
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    chimera::app::Args args{"perft"};
    for (std::string_view a : chimera::fuzz::split_lines(text, 64)) args.emplace_back(a);
    for (auto& a : args)
        if (const auto d = chimera::parse_uint(a, 3); d && *d > 2 && *d <= 20) a = "2";

    std::string context = "args:";
    for (const auto& a : args) context += " [" + a + "]";
    std::istringstream in;
    std::ostringstream out, err;
    const int status = chimera::app::run(args, in, out, err);
    const std::string o = out.str(), e = err.str();
    if (status == 0) {
        FUZZ_CHECK(e.empty(), context + " | stderr on success: " + e);
        check_divide(o, context);
        return 0;
    }
    FUZZ_CHECK(status == chimera::app::kUsageError,
               context + " | status " + std::to_string(status));
    FUZZ_CHECK(o.empty(), context + " | stdout on error: " + o);
    FUZZ_CHECK(e.rfind("error: ", 0) == 0, context + " | " + e);
    FUZZ_CHECK(!e.empty() && e.back() == '\n', context + " | " + e);
    FUZZ_CHECK(chimera::fuzz::printable_line(std::string_view(e).substr(0, e.size() - 1)),
               context + " | stderr is not one printable line: " + e);
    return 0;
}
