// Small string helpers for the parsers: splitting on spaces and strict integers.
#pragma once

#include <charconv>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace chimera {

inline std::vector<std::string_view> split_fields(std::string_view s) {
    std::vector<std::string_view> out;
    std::size_t i = 0;
    while (i < s.size()) {
        while (i < s.size() && s[i] == ' ') ++i;
        std::size_t j = i;
        while (j < s.size() && s[j] != ' ') ++j;
        if (j > i) out.push_back(s.substr(i, j - i));
        i = j;
    }
    return out;
}

// FEN move counters: read with up to 9 digits, written no larger than this, so
// every FEN the project writes reads back.
inline constexpr int kCounterDigits = 9;
inline constexpr int kCounterMax = 999'999'999;

// A decimal integer made of digits only (no sign, no spaces), at most max_digits long.
inline std::optional<int> parse_uint(std::string_view s, int max_digits = 6) {
    if (s.empty() || static_cast<int>(s.size()) > max_digits) return std::nullopt;
    for (char c : s)
        if (c < '0' || c > '9') return std::nullopt;
    int v = 0;
    std::from_chars(s.data(), s.data() + s.size(), v);
    return v;
}

// Quotes a piece of user input for an error message, escaping control bytes.
inline std::string quoted(std::string_view s) {
    std::string out = "'";
    for (unsigned char c : s.substr(0, 80)) {
        if (c < 0x20 || c >= 0x7F) {
            static const char* hex = "0123456789abcdef";
            out += "\\x";
            out += hex[c >> 4];
            out += hex[c & 15];
        } else {
            out += static_cast<char>(c);
        }
    }
    if (s.size() > 80) out += "...";
    return out + "'";
}

// "FEN placement, character 7 'x'" with the character escaped when unprintable.
inline std::string fen_char_where(std::string_view field, std::size_t index, char c) {
    return "FEN " + std::string(field) + ", character " + std::to_string(index + 1) + " " +
           quoted(std::string_view(&c, 1));
}

}  // namespace chimera
