// Property tests over thousands of seeded random playouts per variant, checked at
// every ply against the slow reference rules of property_reference.h:
//  * the engine's state (placement, side, castling, en passant, counters: its FEN)
//    equals that of a reference game played alongside;
//  * the legal move list equals the reference generator's, as a set of
//    (from, to, kind, promotion), for chess and for 4D chess (D-5 ... D-12);
//  * for EVERY legal move: do_move gives the reference result, leaves the mover's
//    King unattacked by the reference attack test, keeps key() == compute_key()
//    and is_consistent(), and undo_move restores FEN, key and every square;
//  * FEN write -> parse -> write round-trips with the same key;
//  * every move's LAN (also equal to the spec's spelling) and SAN parse back to
//    that move, are unique in the list, and SAN's +/# marks are right.
// The number of games scales with the environment variable CHIMERA_PROPERTY_SCALE
// (default 1 in optimised builds, 0.02 in debug and sanitizer builds). The oracle's
// own checks are in test_properties_reference.cpp.
#include <gtest/gtest.h>

#include "property_checker.h"

namespace chimera::test::props {
namespace {

template <class Pos>
class Properties : public ::testing::Test {};

using Variants = ::testing::Types<chess::Position, chess4d::Position>;
TYPED_TEST_SUITE(Properties, Variants);

// State, key, FEN, move generation, do/undo of every legal move, at every ply.
TYPED_TEST(Properties, RandomPlayoutsAgreeWithReferenceRules) {
    run_playouts<TypeParam>(scaled(Variant<TypeParam>::kGames), false, 0x5EEDC0DE, true);
}

// The same plus LAN/SAN round trips of every legal move (parse_san is quadratic in
// the number of moves, so fewer games).
TYPED_TEST(Properties, RandomPlayoutsRoundTripNotation) {
    run_playouts<TypeParam>(scaled(Variant<TypeParam>::kNotationGames), true, 0xA11CE, false);
}

}  // namespace
}  // namespace chimera::test::props
