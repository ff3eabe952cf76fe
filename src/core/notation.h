// Notation helpers shared by the variants. SAN-like display text is matched by
// generating the legal moves and comparing their canonical text, so everything
// the project prints parses back to the same move; check and annotation marks
// (+ # ! ?) are optional on input.
#pragma once

#include <string>
#include <string_view>

#include "core/move.h"
#include "core/text.h"

namespace chimera {

// "+" if the move checks, "#" if it mates, "" otherwise.
template <class Pos>
std::string check_suffix(const Pos& pos, Move m) {
    Pos& p = const_cast<Pos&>(pos);
    p.do_move(m);
    char mark = 0;
    if (p.in_check()) {
        typename Pos::Moves replies;
        p.legal_moves(replies);
        mark = replies.empty() ? '#' : '+';
    }
    p.undo_move(m);
    return mark ? std::string(1, mark) : std::string();
}

// On a board of files and ranks: the part of m's origin square that tells it
// apart from the other legal moves of the same piece, kind and extra to the same
// square — nothing, the file, the rank, or the whole square. With always_file
// the file is given even without a rival (pawn captures).
template <class Pos>
std::string origin_disambiguation(const Pos& pos, Move m, bool always_file) {
    constexpr int files = Pos::geometry().dim[0];
    typename Pos::Moves moves;
    pos.legal_moves(moves);
    bool clash = false, same_file = false, same_rank = false;
    for (Move o : moves) {
        if (o.to() != m.to() || o.from() == m.from() || o.kind() != m.kind() ||
            o.extra() != m.extra() || pos.piece_on(o.from()) != pos.piece_on(m.from()))
            continue;
        clash = true;
        same_file |= o.from() % files == m.from() % files;
        same_rank |= o.from() / files == m.from() / files;
    }
    if (!clash && !always_file) return "";
    const std::string name = Pos::square_name(m.from());  // file letter, then the rank
    if (!same_file) return name.substr(0, 1);
    if (!same_rank) return name.substr(1);
    return name;
}

inline std::string_view strip_annotations(std::string_view s) {
    while (!s.empty() && (s.back() == '+' || s.back() == '#' || s.back() == '!' || s.back() == '?'))
        s.remove_suffix(1);
    return s;
}

inline std::string lan_error(std::string_view text, std::string_view variant) {
    if (text.empty()) return "empty move text";
    return "move " + quoted(text) + " is not a legal move in long algebraic notation (" +
           std::string(variant) + ") in this position";
}

// The legal move whose canonical LAN is text (variants without a cheaper parse).
template <class Pos>
Move match_lan(const Pos& pos, std::string_view text, std::string* error) {
    typename Pos::Moves moves;
    pos.legal_moves(moves);
    for (Move m : moves)
        if (pos.lan(m) == text) return m;
    if (error) *error = lan_error(text, Pos::kId);
    return Move::none();
}

template <class Pos>
Move match_san(const Pos& pos, std::string_view text, std::string* error) {
    const std::string_view want = strip_annotations(text);
    typename Pos::Moves moves;
    pos.legal_moves(moves);
    if (!want.empty())
        for (Move m : moves)
            if (strip_annotations(pos.san(m)) == want) return m;
    if (error)
        *error = text.empty() ? std::string("empty move text")
                              : "move " + quoted(text) + " is not a legal move in this position";
    return Move::none();
}

// LAN first (the canonical protocol form), then SAN.
template <class Pos>
Move match_move(const Pos& pos, std::string_view text, std::string* error) {
    if (Move m = pos.parse_lan(text, nullptr); !m.is_none()) return m;
    return match_san(pos, text, error);
}

}  // namespace chimera
