// Perft: the number of leaf nodes of the legal move tree, counting the last ply
// in bulk (the size of the legal move list), plus the per-root-move split.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/move.h"

namespace chimera {

template <class Pos>
std::uint64_t perft(Pos& pos, int depth) {
    if (depth <= 0) return 1;
    typename Pos::Moves moves;
    pos.legal_moves(moves);
    if (depth == 1) return moves.size();
    std::uint64_t nodes = 0;
    for (Move m : moves) {
        pos.do_move(m);
        nodes += perft(pos, depth - 1);
        pos.undo_move(m);
    }
    return nodes;
}

// Root moves in LAN with their subtree counts (depth >= 1).
template <class Pos>
std::vector<std::pair<std::string, std::uint64_t>> perft_divide(Pos& pos, int depth) {
    std::vector<std::pair<std::string, std::uint64_t>> out;
    if (depth <= 0) return out;
    typename Pos::Moves moves;
    pos.legal_moves(moves);
    for (Move m : moves) {
        std::string text = pos.lan(m);
        pos.do_move(m);
        out.emplace_back(std::move(text), perft(pos, depth - 1));
        pos.undo_move(m);
    }
    return out;
}

}  // namespace chimera
