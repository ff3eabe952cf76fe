// Writes JSON text straight into a string, for the messages the server sends
// most (the game state on every change): no document tree, so no allocation
// per value. Commas are placed by the writer; keys and strings are escaped.
// Output is checked against nlohmann::json parsing in the server tests.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace chimera::server {

class JsonText {
  public:
    explicit JsonText(std::string& out) : out_(out) {}
    // Continues an object or array already open in out with at least one member.
    struct Continue {};
    JsonText(std::string& out, Continue) : out_(out), first_(false) {}

    JsonText& begin_object() { return open('{'); }
    JsonText& end_object() { return close('}'); }
    JsonText& begin_array() { return open('['); }
    JsonText& end_array() { return close(']'); }

    JsonText& key(std::string_view k) {
        separate();
        quote(k);
        out_ += ':';
        after_key_ = true;
        return *this;
    }
    JsonText& value(std::string_view s) {
        separate();
        quote(s);
        return *this;
    }
    JsonText& value(const char* s) { return value(std::string_view(s)); }
    JsonText& value(const std::string& s) { return value(std::string_view(s)); }
    JsonText& value(std::int64_t n) {
        separate();
        out_ += std::to_string(n);
        return *this;
    }
    JsonText& value(int n) { return value(static_cast<std::int64_t>(n)); }
    JsonText& value(std::uint64_t n) {
        separate();
        out_ += std::to_string(n);
        return *this;
    }
    JsonText& value(bool b) {
        separate();
        out_ += b ? "true" : "false";
        return *this;
    }
    JsonText& null() {
        separate();
        out_ += "null";
        return *this;
    }
    // A value already in JSON form (e.g. a cached fragment).
    JsonText& raw(std::string_view json) {
        separate();
        out_ += json;
        return *this;
    }
    // An array whose members are already in JSON form, comma-separated.
    JsonText& raw_array(std::string_view members) {
        separate();
        out_ += '[';
        out_ += members;
        out_ += ']';
        return *this;
    }

    template <class T>
    JsonText& field(std::string_view k, const T& v) {
        return key(k).value(v);
    }
    JsonText& strings(const std::vector<std::string>& list) {
        begin_array();
        for (const std::string& s : list) value(s);
        return end_array();
    }

    // Appends s as a JSON string literal (with quotes) to out.
    static void quote_into(std::string& out, std::string_view s) {
        static constexpr char kHex[] = "0123456789abcdef";
        out += '"';
        for (const char ch : s) {
            const auto c = static_cast<unsigned char>(ch);
            switch (c) {
                case '"':
                    out += "\\\"";
                    break;
                case '\\':
                    out += "\\\\";
                    break;
                case '\n':
                    out += "\\n";
                    break;
                case '\r':
                    out += "\\r";
                    break;
                case '\t':
                    out += "\\t";
                    break;
                default:
                    if (c < 0x20) {
                        out += "\\u00";
                        out += kHex[c >> 4];
                        out += kHex[c & 15];
                    } else {
                        out += ch;  // UTF-8 passes through unchanged
                    }
            }
        }
        out += '"';
    }

  private:
    JsonText& open(char c) {
        separate();
        out_ += c;
        first_ = true;
        return *this;
    }
    JsonText& close(char c) {
        out_ += c;
        first_ = false;
        return *this;
    }
    void separate() {
        if (after_key_) {
            after_key_ = false;
        } else if (first_) {
            first_ = false;
        } else {
            out_ += ',';
        }
    }
    void quote(std::string_view s) { quote_into(out_, s); }

    std::string& out_;
    bool first_ = true;
    bool after_key_ = false;
};

}  // namespace chimera::server
