// The server's JSON text writer (server/json_text.h) produces what a JSON parser
// reads back exactly: escaping of every control and ASCII character, UTF-8
// passed through, nesting, commas, and continuing an already written object.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "server/json_text.h"

namespace chimera::server {
namespace {

TEST(JsonText, EveryAsciiCharacterAndUtf8RoundTrip) {
    std::string s;
    for (int c = 1; c < 128; ++c) s += static_cast<char>(c);
    s += "\xc3\xa9\xe2\x98\x85";  // é ★
    std::string out;
    JsonText(out).begin_object().field("text", s).field("empty", "").end_object();
    const auto j = nlohmann::json::parse(out);
    EXPECT_EQ(j["text"].get<std::string>(), s);
    EXPECT_EQ(j["empty"].get<std::string>(), "");
}

TEST(JsonText, NestingNumbersAndRawFragments) {
    std::string out;
    JsonText j(out);
    j.begin_object()
        .field("n", std::int64_t{-5})
        .field("u", std::uint64_t{18446744073709551615ull})
        .field("b", false);
    j.key("list").strings({"a", "b\"c"});
    j.key("empty").begin_array().end_array();
    j.key("objs").begin_array();
    for (int i = 0; i < 3; ++i) j.begin_object().field("i", i).end_object();
    j.end_array();
    j.key("raw").raw_array(R"({"x":1},{"x":2})");
    j.key("none").null();
    j.end_object();
    const auto p = nlohmann::json::parse(out);
    EXPECT_EQ(p["n"], -5);
    EXPECT_EQ(p["u"].get<std::uint64_t>(), 18446744073709551615ull);
    EXPECT_EQ(p["b"], false);
    EXPECT_EQ(p["list"], nlohmann::json({"a", "b\"c"}));
    EXPECT_TRUE(p["empty"].is_array() && p["empty"].empty());
    ASSERT_EQ(p["objs"].size(), 3u);
    EXPECT_EQ(p["objs"][2]["i"], 2);
    EXPECT_EQ(p["raw"][1]["x"], 2);
    EXPECT_TRUE(p["none"].is_null());
}

TEST(JsonText, ContinuesAnOpenObject) {
    std::string cached;
    JsonText(cached).begin_object().field("type", "state");
    std::string out = cached;
    JsonText(out, JsonText::Continue{}).field("you", "white");
    out += '}';
    const auto p = nlohmann::json::parse(out);
    EXPECT_EQ(p["type"], "state");
    EXPECT_EQ(p["you"], "white");
}

}  // namespace
}  // namespace chimera::server
