// Engine-facing helpers shared by the 4D chess rule tests: load a model board
// into a Position and read the engine's legal moves back as plain cell sets.
#pragma once

#include <gtest/gtest.h>

#include <initializer_list>
#include <set>
#include <string>

#include "chess4d_reference.h"
#include "variants/chess4d/position.h"

namespace chimera::test4d {

using chess4d::Position;
using ref4d::Board;
using ref4d::sq;

inline Position load(const Board& b, bool white_to_move, int halfmove = 0, int fullmove = 1) {
    Position pos;
    const std::string f = ref4d::fen(b, white_to_move, halfmove, fullmove);
    const Status s = pos.set_fen(f);
    EXPECT_TRUE(s.is_ok()) << f << ": " << s.message();
    return pos;
}

inline std::set<int> destinations(const Position& pos, int from) {
    Position::Moves ml;
    pos.legal_moves(ml);
    std::set<int> out;
    for (Move m : ml)
        if (m.from() == from) out.insert(m.to());
    return out;
}

inline ref4d::MoveSet engine_moves(const Position& pos) {
    Position::Moves ml;
    pos.legal_moves(ml);
    ref4d::MoveSet out;
    for (Move m : ml) out.insert({m.from(), m.to()});
    return out;
}

inline Move find_move(const Position& pos, int from, int to) {
    Position::Moves ml;
    pos.legal_moves(ml);
    for (Move m : ml)
        if (m.from() == from && m.to() == to) return m;
    return Move::none();
}

inline std::string names(const std::set<int>& cells) {
    std::string s;
    for (int c : cells) s += ref4d::name(c) + ' ';
    return s;
}

inline std::set<int> from_names(std::initializer_list<const char*> list) {
    std::set<int> out;
    for (const char* n : list) out.insert(sq(n));
    return out;
}

}  // namespace chimera::test4d
