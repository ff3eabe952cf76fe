#include "game/record.h"

#include <algorithm>
#include <cctype>

#include "core/text.h"
#include "variants/game.h"

namespace chimera::game {

std::string Record::tag(std::string_view name) const {
    for (const auto& [k, v] : tags)
        if (k == name) return v;
    return "";
}

void Record::set_tag(std::string_view name, std::string value) {
    for (auto& [k, v] : tags)
        if (k == name) {
            v = std::move(value);
            return;
        }
    tags.emplace_back(std::string(name), std::move(value));
}

namespace {

std::string escape(std::string_view s) {
    std::string out;
    for (char c : s) {
        if (c == '"' || c == '\\') out += '\\';
        out += c == '\n' ? ' ' : c;
    }
    return out;
}

// Tracks line and column while scanning.
struct Scanner {
    std::string_view text;
    std::size_t pos = 0;
    int line = 1, column = 1;

    bool done() const { return pos >= text.size(); }
    char peek() const { return text[pos]; }
    char get() {
        const char c = text[pos++];
        if (c == '\n') {
            ++line;
            column = 1;
        } else {
            ++column;
        }
        return c;
    }
    std::string where() const {
        return "line " + std::to_string(line) + ", column " + std::to_string(column);
    }
    void skip_space() {
        while (!done() && (peek() == ' ' || peek() == '\t' || peek() == '\r' || peek() == '\n'))
            get();
    }
};

bool is_result(std::string_view t) {
    return t == "1-0" || t == "0-1" || t == "1/2-1/2" || t == "*";
}

}  // namespace

std::string write_record(const Record& r) {
    std::string s;
    for (const auto& [k, v] : r.tags) s += "[" + k + " \"" + escape(v) + "\"]\n";
    s += '\n';
    // Some variants number every ply (4D chess, D-16); the others number move pairs.
    const VariantInfo* info = find_variant(r.tag("Variant"));
    const bool per_ply = info && info->numbering == Numbering::PLIES;
    const bool black_first = r.tag("FEN").find(" b ") != std::string::npos;
    std::string line;
    auto emit = [&](const std::string& token) {
        if (line.size() + token.size() + 1 > 79) {
            s += line + '\n';
            line.clear();
        }
        line += (line.empty() ? "" : " ") + token;
    };
    for (std::size_t i = 0; i < r.moves.size(); ++i) {
        const std::size_t ply = i + (black_first ? 1 : 0);
        if (per_ply)
            emit(std::to_string(i + 1) + ". " + r.moves[i]);
        else if (ply % 2 == 0)
            emit(std::to_string(ply / 2 + 1) + ". " + r.moves[i]);
        else if (i == 0)
            emit("1... " + r.moves[i]);
        else
            emit(r.moves[i]);
        if (i < r.comments.size() && !r.comments[i].empty()) {
            std::string comment = r.comments[i];  // a '}' would end it early
            std::replace(comment.begin(), comment.end(), '}', ')');
            emit("{" + comment + "}");
        }
    }
    emit(r.result);
    return s + line + "\n";
}

std::vector<Record> parse_records(std::string_view text, Status* error) {
    std::vector<Record> out;
    Scanner sc{text};
    auto fail = [&](const std::string& what) {
        if (error) *error = Status::error(sc.where() + ": " + what);
        return std::vector<Record>{};
    };
    if (error) *error = Status::ok();
    while (true) {
        sc.skip_space();
        if (sc.done()) break;
        Record rec;
        bool in_moves = false, finished = false;
        while (!sc.done() && !finished) {
            sc.skip_space();
            if (sc.done()) break;
            const char c = sc.peek();
            if (c == '[') {
                if (in_moves) break;  // the next record's tags
                sc.get();
                std::string name;
                while (!sc.done() &&
                       (std::isalnum(static_cast<unsigned char>(sc.peek())) || sc.peek() == '_'))
                    name += sc.get();
                if (name.empty()) return fail("expected a tag name after '['");
                sc.skip_space();
                if (sc.done() || sc.peek() != '"')
                    return fail("expected '\"' to open the value of tag " + name);
                sc.get();
                std::string value;
                while (true) {
                    if (sc.done() || sc.peek() == '\n')
                        return fail("unterminated value of tag " + name);
                    char v = sc.get();
                    if (v == '"') break;
                    if (v == '\\') {
                        // A value ends on its line: an escaped line break does not continue it.
                        if (sc.done() || sc.peek() == '\n')
                            return fail("unterminated escape in tag " + name);
                        v = sc.get();
                    }
                    value += v;
                }
                sc.skip_space();
                if (sc.done() || sc.peek() != ']') return fail("expected ']' to close tag " + name);
                sc.get();
                rec.tags.emplace_back(name, value);
            } else if (c == '{') {
                sc.get();
                std::string comment;
                while (!sc.done() && sc.peek() != '}') comment += sc.get();
                if (sc.done()) return fail("unterminated comment");
                sc.get();
                if (!rec.moves.empty()) {
                    std::string& kept = rec.comments.back();
                    kept += (kept.empty() ? "" : " ") + comment;
                }
            } else if (c == ';') {
                while (!sc.done() && sc.peek() != '\n') sc.get();
            } else {
                in_moves = true;
                const std::string at = sc.where();
                std::string token;
                // '[' inside a token belongs to a 4D square (a1[0,1]); only at the
                // start of a token does it open the next record's tags.
                while (!sc.done() && sc.peek() != ' ' && sc.peek() != '\n' && sc.peek() != '\t' &&
                       sc.peek() != '\r' && sc.peek() != '{')
                    token += sc.get();
                if (token.size() > 64) return fail("token " + quoted(token) + " is too long");
                // "12.e4": numbers glued to the move (or to the result, "40.1-0").
                while (true) {
                    std::size_t dot = token.find_first_not_of("0123456789");
                    if (dot == std::string::npos || dot == 0 || token[dot] != '.') break;
                    while (dot < token.size() && token[dot] == '.') ++dot;
                    token = token.substr(dot);
                }
                if (token.empty()) continue;
                // Only a glued number can bring these to the front ("3.[", "3.;"):
                // where a token starts they open tags or a comment.
                if (token[0] == '[' || token[0] == ';')
                    return fail("unexpected " + quoted(token.substr(0, 1)) +
                                " after the move number at " + at);
                if (is_result(token)) {
                    rec.result = token;
                    finished = true;
                } else {
                    for (unsigned char ch : token)
                        if (ch < 0x21 || ch > 0x7E)
                            return fail("unexpected character in move " + quoted(token) + " at " +
                                        at);
                    rec.moves.push_back(token);
                    rec.comments.emplace_back();
                }
            }
        }
        if (rec.tags.empty() && rec.moves.empty()) break;
        out.push_back(std::move(rec));
        if (out.size() > 100000) return fail("too many records");
    }
    return out;
}

Status replay(const Record& r, std::string* final_fen, std::vector<std::string>* lan) {
    std::string variant = r.tag("Variant");
    if (variant.empty()) variant = kDefaultVariant;
    auto g = make_game(variant);
    if (!g) return Status::error("tag Variant: unknown variant " + quoted(variant));
    if (const std::string fen = r.tag("FEN"); !fen.empty())
        if (Status s = g->set_fen(fen); !s) return Status::error("tag FEN: " + s.message());
    for (std::size_t i = 0; i < r.moves.size(); ++i) {
        if (g->outcome() != Outcome::ONGOING)
            return Status::error("move " + std::to_string(i + 1) + " " + quoted(r.moves[i]) +
                                 ": the game was already over (" + outcome_name(g->outcome()) +
                                 ")");
        std::string played_lan;
        if (Status s = g->play(r.moves[i], nullptr, &played_lan); !s)
            return Status::error("move " + std::to_string(i + 1) + " " + quoted(r.moves[i]) + ": " +
                                 s.message());
        if (lan) lan->push_back(played_lan);
    }
    if (final_fen) *final_fen = g->fen();
    return Status::ok();
}

std::string result_text(int outcome, int side_to_move) {
    if (outcome == static_cast<int>(Outcome::ONGOING)) return "*";
    if (outcome == static_cast<int>(Outcome::CHECKMATE))
        return side_to_move == WHITE ? "0-1" : "1-0";
    return "1/2-1/2";
}

}  // namespace chimera::game
