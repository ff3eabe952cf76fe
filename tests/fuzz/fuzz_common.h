// Shared checks for the libFuzzer targets: a failed check prints what went wrong
// and aborts, which libFuzzer reports as a crash with the input saved.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "core/move.h"
#include "core/notation.h"
#include "core/perft.h"
#include "core/status.h"

namespace chimera::fuzz {

[[noreturn]] inline void fail(const char* what, std::string_view detail) {
    std::string shown;  // control and non-ASCII bytes as \xNN, newlines kept
    for (unsigned char c : detail.substr(0, 4000)) {
        if (c == '\n' || (c >= 0x20 && c < 0x7F)) {
            shown += static_cast<char>(c);
        } else {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\x%02x", c);
            shown += buf;
        }
    }
    std::fprintf(stderr, "\nFUZZ CHECK FAILED: %s\n%s\n", what, shown.c_str());
    std::abort();
}

#define FUZZ_CHECK(cond, detail)                             \
    do {                                                     \
        if (!(cond)) ::chimera::fuzz::fail(#cond, (detail)); \
    } while (0)

// The slider tables are built (magic numbers searched) on first use, which takes
// seconds under coverage instrumentation: do it before libFuzzer's per-input timer.
template <class Pos>
void warm_up() {
    Pos pos;
    typename Pos::Moves moves;
    pos.legal_moves(moves);
    (void)perft(pos, 2);
}

// What the CLI prints after "error: " as its only line: non-empty printable ASCII.
inline bool printable_line(std::string_view s) {
    if (s.empty()) return false;
    for (unsigned char c : s)
        if (c < 0x20 || c >= 0x7F) return false;
    return true;
}

inline std::vector<std::string_view> split_lines(std::string_view s, std::size_t max_parts) {
    std::vector<std::string_view> out;
    while (!s.empty() && out.size() < max_parts) {
        const std::size_t nl = s.find('\n');
        out.push_back(s.substr(0, nl));
        if (nl == std::string_view::npos) break;
        s.remove_prefix(nl + 1);
    }
    return out;
}

// Everything notation and do/undo promise for one legal move m of pos.
template <class Pos>
void check_legal_move(Pos& pos, Move m) {
    const std::string before = pos.fen();
    typename Pos::Moves legal;
    pos.legal_moves(legal);
    FUZZ_CHECK(legal.contains(m), before + " | " + pos.lan(m));

    const std::string lan = pos.lan(m);
    FUZZ_CHECK(pos.parse_lan(lan) == m, before + " | lan " + lan);
    FUZZ_CHECK(pos.parse_move(lan) == m, before + " | lan via parse_move " + lan);
    const std::string san = pos.san(m);
    FUZZ_CHECK(pos.parse_san(san) == m, before + " | san " + san);
    FUZZ_CHECK(pos.parse_move(san) == m, before + " | san via parse_move " + san);

    const std::uint64_t key = pos.key();
    pos.do_move(m);
    FUZZ_CHECK(pos.is_consistent(), before + " | after " + lan + " -> " + pos.fen());
    // A legal move from a valid position gives a valid position: its FEN reads back.
    const std::string after = pos.fen();
    Pos reread;
    const Status s = reread.set_fen(after);
    FUZZ_CHECK(s.is_ok(), before + " | " + lan + " -> " + after + " rejected: " + s.message());
    FUZZ_CHECK(reread.fen() == after, after + " reads back as " + reread.fen());
    FUZZ_CHECK(reread.key() == pos.key(), "hash differs after re-reading " + after);
    pos.undo_move(m);
    FUZZ_CHECK(pos.fen() == before, before + " | " + lan + " undone gives " + pos.fen());
    FUZZ_CHECK(pos.key() == key, before + " | " + lan + " undone: hash differs");
    FUZZ_CHECK(pos.is_consistent(), before + " | " + lan + " undone: inconsistent");
}

// set_fen on arbitrary text: a failure leaves the position alone and explains
// itself on one printable line; a success round-trips and every move behaves.
template <class Pos>
void fuzz_fen(std::string_view text) {
    Pos pos;
    const std::string start = pos.fen();
    const Status s = pos.set_fen(text);
    if (!s) {
        FUZZ_CHECK(printable_line(s.message()), s.message());
        FUZZ_CHECK(pos.fen() == start, "failed set_fen changed the position");
        return;
    }
    FUZZ_CHECK(pos.is_consistent(), text);
    const std::string fen = pos.fen();
    Pos again;
    const Status s2 = again.set_fen(fen);
    FUZZ_CHECK(s2.is_ok(), fen + " (from " + std::string(text) + ") rejected: " + s2.message());
    FUZZ_CHECK(again.fen() == fen, fen + " reads back as " + again.fen());
    FUZZ_CHECK(again.key() == pos.key(), "hash differs after re-reading " + fen);

    typename Pos::Moves moves;
    pos.legal_moves(moves);
    FUZZ_CHECK(perft(pos, 1) == moves.size(), fen);
    std::uint64_t sum = 0;
    for (const auto& [lan, n] : perft_divide(pos, 1)) sum += n;
    FUZZ_CHECK(sum == moves.size(), fen);
    for (Move m : moves) check_legal_move(pos, m);
    FUZZ_CHECK(pos.fen() == fen, fen);
    (void)pos.outcome();
    (void)pos.diagram();
}

// A position chosen by the first byte (one of `fixed`, or the FEN on the first
// line when the top bit is set), then move text, one move per line: each parser
// either fails with a printable message or returns a legal move in canonical form;
// moves that parse are checked and played, and everything is undone at the end.
template <class Pos, std::size_t N>
void fuzz_moves(std::string_view data, const std::string_view (&fixed)[N]) {
    if (data.empty()) return;
    const auto selector = static_cast<unsigned char>(data[0]);
    data.remove_prefix(1);
    Pos pos;
    if (selector & 0x80) {
        const std::size_t nl = data.find('\n');
        if (!pos.set_fen(data.substr(0, nl))) return;
        data = nl == std::string_view::npos ? std::string_view() : data.substr(nl + 1);
    } else if (!pos.set_fen(fixed[selector % N])) {
        fail("fixed FEN rejected", fixed[selector % N]);
    }
    const std::string start = pos.fen();
    std::vector<Move> played;
    for (std::string_view text : split_lines(data, 24)) {
        std::string e1, e2, e3;
        const Move by_lan = pos.parse_lan(text, &e1);
        const Move by_san = pos.parse_san(text, &e2);
        const Move by_any = pos.parse_move(text, &e3);
        if (by_lan.is_none())
            FUZZ_CHECK(printable_line(e1), e1);
        else
            FUZZ_CHECK(pos.lan(by_lan) == text, pos.fen() + " | lan accepted " + std::string(text) +
                                                    " for " + pos.lan(by_lan));
        if (by_san.is_none())
            FUZZ_CHECK(printable_line(e2), e2);
        else
            FUZZ_CHECK(
                strip_annotations(pos.san(by_san)) == strip_annotations(text),
                pos.fen() + " | san accepted " + std::string(text) + " for " + pos.san(by_san));
        FUZZ_CHECK(by_any == (by_lan.is_none() ? by_san : by_lan),
                   pos.fen() + " | parse_move disagrees on " + std::string(text));
        if (by_any.is_none()) {
            FUZZ_CHECK(printable_line(e3), e3);
            continue;
        }
        check_legal_move(pos, by_any);
        pos.do_move(by_any);
        played.push_back(by_any);
    }
    for (auto it = played.rbegin(); it != played.rend(); ++it) pos.undo_move(*it);
    FUZZ_CHECK(pos.fen() == start, start + " after undoing all: " + pos.fen());
}

}  // namespace chimera::fuzz
