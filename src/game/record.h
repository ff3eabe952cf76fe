// Game records: a PGN-like text with tags (Variant, FEN, White, Black, Result,
// Termination, ...) and the SAN-like moves of the variant. Reading a record
// replays and validates every move with the rules core; malformed text is
// rejected with a message giving the line and column.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/status.h"

namespace chimera::game {

struct Record {
    std::vector<std::pair<std::string, std::string>> tags;  // in order of appearance
    std::vector<std::string> moves;                         // SAN-like, as written
    // The comment after each move ("" for none; as many as moves, or none at
    // all): a match's search score of the position the move was played in,
    // "+0.35/12" from the mover's side ("+M3" a mate), as other tools write it.
    std::vector<std::string> comments;
    std::string result = "*";  // 1-0, 0-1, 1/2-1/2, *

    std::string tag(std::string_view name) const;
    void set_tag(std::string_view name, std::string value);
};

// The text of one record (tags, a blank line, numbered moves with their
// comments, the result).
std::string write_record(const Record& r);

// Parses every record in text; on error, *error says where ("line 3, column 7: ...").
// A comment after a move is kept as that move's (several are joined by a
// space); comments before the first move are dropped.
std::vector<Record> parse_records(std::string_view text, Status* error);

// Replays a record: the Variant tag (default chess), the FEN tag (default the
// start position), then each move, which must be legal. Returns the final FEN
// in *final_fen and the moves in LAN in *lan.
Status replay(const Record& r, std::string* final_fen = nullptr,
              std::vector<std::string>* lan = nullptr);

// "1-0", "0-1", "1/2-1/2" for a finished game, given the outcome and the side to move.
std::string result_text(int outcome, int side_to_move);

}  // namespace chimera::game
