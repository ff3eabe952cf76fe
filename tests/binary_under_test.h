// The `chimera` binary the black-box tests start: the one built beside them
// (CHIMERA_BINARY, set by tests/CMakeLists.txt), unless the environment names
// another. The sanitizer run uses that: the optimised tree's black-box tests
// (server over sockets, CLI, UCI) are run against build-debug/chimera with
// CHIMERA_BINARY=... CHIMERA_BINARY_SANITIZED=1, so they need not be compiled
// a second time with the sanitizers.
#pragma once

#include <cstdlib>
#include <string>

namespace chimera::testing {

inline const char* chimera_binary() {
    static const char* path = [] {
        const char* env = std::getenv("CHIMERA_BINARY");
        return env && *env ? env : CHIMERA_BINARY;
    }();
    return path;
}

// Whether the binary under test runs under AddressSanitizer (much slower, and
// its memory use is ASan's): this test build itself, or a binary named so.
inline bool binary_is_sanitized() {
#if defined(__SANITIZE_ADDRESS__)
    return true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
    return true;
#endif
#endif
    const char* env = std::getenv("CHIMERA_BINARY_SANITIZED");
    return env && std::string(env) == "1";
}

}  // namespace chimera::testing
