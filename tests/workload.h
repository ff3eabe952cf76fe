// How much of a long randomised workload an in-process test runs. The
// optimised tree runs all of it, with every assertion. The sanitizer tree's
// code (address and undefined-behaviour checks, fuzzing coverage, library
// assertions) runs 10-15 times slower, and what it looks for, a bad access or
// undefined behaviour on the paths taken, shows in a share of the games: it
// runs that share, and the assertions that count what the whole workload must
// have played are the optimised tree's.
#pragma once

namespace chimera::testing {

#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool kSanitizedBuild = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
inline constexpr bool kSanitizedBuild = true;
#else
inline constexpr bool kSanitizedBuild = false;
#endif
#else
inline constexpr bool kSanitizedBuild = false;
#endif

// n in the optimised tree; n / share (at least 1) in the sanitizer tree.
inline constexpr int workload(int n, int share = 3) {
    return kSanitizedBuild ? (n / share > 0 ? n / share : 1) : n;
}

}  // namespace chimera::testing
