// The placement field shared by every variant's FEN: rows from the top separated
// by '/', each `width` cells of piece letters and digit runs of empty cells
// ("10" is one run when rows are ten wide; adjacent runs such as "44" are invalid).
#pragma once

#include <string>
#include <string_view>

#include "core/status.h"
#include "core/text.h"

namespace chimera {

struct PlacementShape {
    int width;            // cells per row
    int rows;             // rows in the field
    const char* row;      // "rank" or "row", for messages
    const char* cells;    // "squares" or "points", for messages
    const char* letters;  // the piece letters, for messages
    bool top_is_high;     // rows are named from the highest number down (ranks)
};

// Calls put(row, col, letter) for each piece letter that is_piece accepts, with
// row 0 the first row of the field; returns the first error, saying where.
template <class IsPiece, class Put>
Status parse_placement(std::string_view field, const PlacementShape& s, IsPiece is_piece, Put put) {
    auto name = [&](int row) {
        return std::string(s.row) + " " + std::to_string(s.top_is_high ? s.rows - row : row + 1);
    };
    int row = 0, col = 0;
    bool last_digit = false;
    for (std::size_t i = 0; i < field.size(); ++i) {
        const char c = field[i];
        const std::string where = fen_char_where("placement", i, c);
        const std::string too_many =
            where + ": " + name(row) + " has more than " + std::to_string(s.width) + " " + s.cells;
        if (c == '/') {
            if (col != s.width)
                return Status::error(where + ": " + name(row) + " has " + std::to_string(col) +
                                     " " + s.cells + ", expected " + std::to_string(s.width));
            if (++row >= s.rows)
                return Status::error(where + ": more than " + std::to_string(s.rows) + " " + s.row +
                                     "s");
            col = 0;
            last_digit = false;
        } else if (c >= '1' && c <= '9' && c - '0' <= s.width) {
            if (last_digit)
                return Status::error(where +
                                     ": adjacent digits (two runs of empty cells in a row)");
            int run = c - '0';
            if (c == '1' && s.width >= 10 && i + 1 < field.size() && field[i + 1] == '0') {
                run = 10;
                ++i;
            }
            col += run;
            if (col > s.width) return Status::error(too_many);
            last_digit = true;
        } else if (is_piece(c)) {
            if (col >= s.width) return Status::error(too_many);
            put(row, col++, c);
            last_digit = false;
        } else {
            return Status::error(where + ": not a piece letter (" + s.letters + "), digit or '/'");
        }
    }
    if (row != s.rows - 1 || col != s.width)
        return Status::error("FEN placement: expected " + std::to_string(s.rows) + " " + s.row +
                             "s of " + std::to_string(s.width) + " " + s.cells + ", ended in " +
                             name(row) + " after " + std::to_string(col) + " " + s.cells);
    return Status::ok();
}

}  // namespace chimera
