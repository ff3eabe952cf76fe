// Keeps docs/api.md honest: every example in it is run, in order, against a
// real server started for the test, and every response and WebSocket message
// must match the documented one. The conventions (see "How to read the
// examples" in docs/api.md):
//
//   ```http            a request: "METHOD target", optional headers, a blank line, the body
//   ```http            its response: "HTTP/1.1 <status> <reason>", headers, a blank line, the body
//   ```websocket       a script: "CONNECT <name> <target>", "<name>> <message>" sends
//                      (JSON, or any text), "<name>< <json>" expects, "CLOSE <name>"
//
// "{name}" in a request is replaced by a value captured earlier; the string
// "{name}" in an expected JSON value captures the actual value (or, when name is
// already known, must equal it). "..." matches anything; an array ending in
// "..." matches any array that starts with the listed elements; an object lists
// the fields that must be present (others may be). Non-JSON bodies: every
// line of the example must appear in the actual body.
#include <fstream>
#include <regex>
#include <set>

#include "server_client.h"

namespace chimera {
namespace {

using namespace chimera::testing;

using Vars = std::map<std::string, std::string>;

struct Block {
    std::string lang;
    std::vector<std::string> lines;
    int line = 0;  // of the opening fence
};

std::vector<Block> fenced_blocks(const std::string& text) {
    std::vector<Block> out;
    std::istringstream in(text);
    std::string line;
    int n = 0;
    Block* open = nullptr;
    while (std::getline(in, line)) {
        ++n;
        if (line.rfind("```", 0) == 0) {
            if (open) {
                open = nullptr;
            } else {
                out.push_back(Block{line.substr(3), {}, n});
                open = &out.back();
            }
            continue;
        }
        if (open) open->lines.push_back(line);
    }
    return out;
}

// Replaces {name} by its value; unknown names are reported.
std::string substitute(const std::string& s, const Vars& vars,
                       std::vector<std::string>* unknown = nullptr) {
    static const std::regex kVar(R"(\{([a-z_][a-z0-9_]*)\})");
    std::string out;
    auto begin = std::sregex_iterator(s.begin(), s.end(), kVar);
    std::size_t last = 0;
    for (auto it = begin; it != std::sregex_iterator(); ++it) {
        out += s.substr(last, static_cast<std::size_t>(it->position()) - last);
        const auto v = vars.find((*it)[1]);
        if (v != vars.end()) {
            out += v->second;
        } else {
            if (unknown) unknown->push_back((*it)[1]);
            out += it->str();
        }
        last = static_cast<std::size_t>(it->position() + it->length());
    }
    return out + s.substr(last);
}

// Matches actual against the documented value; captures placeholders; appends mismatches.
void match(const Json& expected, const Json& actual, const std::string& path, Vars& vars,
           std::vector<std::string>& errors) {
    static const std::regex kCapture(R"(^\{([a-z_][a-z0-9_]*)\}$)");
    if (expected.is_string()) {
        const std::string& e = expected.get_ref<const std::string&>();
        if (e == "...") return;
        std::smatch m;
        if (std::regex_match(e, m, kCapture)) {
            const std::string value =
                actual.is_string() ? actual.get<std::string>() : actual.dump();
            const auto it = vars.find(m[1]);
            if (it == vars.end()) {
                if (actual.is_null() || value.empty())
                    errors.push_back(path + ": nothing to capture as " + e);
                vars[m[1]] = value;
            } else if (it->second != value) {
                errors.push_back(path + ": expected " + it->second + " (" + e + "), got " +
                                 actual.dump());
            }
            return;
        }
        const std::string want = substitute(e, vars);
        if (!actual.is_string() || actual.get<std::string>() != want)
            errors.push_back(path + ": expected \"" + want + "\", got " +
                             actual.dump().substr(0, 300));
        return;
    }
    if (expected.is_object()) {
        if (!actual.is_object())
            return errors.push_back(path + ": expected an object, got " +
                                    actual.dump().substr(0, 300));
        for (auto it = expected.begin(); it != expected.end(); ++it) {
            if (!actual.contains(it.key())) {
                errors.push_back(path + "." + it.key() + ": missing");
                continue;
            }
            match(it.value(), actual[it.key()], path + "." + it.key(), vars, errors);
        }
        return;
    }
    if (expected.is_array()) {
        if (!actual.is_array())
            return errors.push_back(path + ": expected an array, got " +
                                    actual.dump().substr(0, 300));
        const bool open = !expected.empty() && expected.back() == "...";
        const std::size_t n = expected.size() - (open ? 1 : 0);
        if (open ? actual.size() < n : actual.size() != n)
            return errors.push_back(path + ": expected " + std::to_string(n) +
                                    (open ? " or more" : "") + " elements, got " +
                                    std::to_string(actual.size()) + ": " +
                                    actual.dump().substr(0, 300));
        for (std::size_t i = 0; i < n; ++i)
            match(expected[i], actual[i], path + "[" + std::to_string(i) + "]", vars, errors);
        return;
    }
    if (expected != actual)
        errors.push_back(path + ": expected " + expected.dump() + ", got " +
                         actual.dump().substr(0, 300));
}

std::string join_lines(const std::vector<std::string>& lines, std::size_t from) {
    std::string out;
    for (std::size_t i = from; i < lines.size(); ++i)
        out += lines[i] + (i + 1 < lines.size() ? "\n" : "");
    return out;
}

// Splits an HTTP message block into its first line, headers and body.
void split_message(const Block& b, std::string& first, std::map<std::string, std::string>& headers,
                   std::string& body) {
    first = b.lines.empty() ? "" : b.lines[0];
    std::size_t i = 1;
    for (; i < b.lines.size() && !b.lines[i].empty(); ++i) {
        const auto colon = b.lines[i].find(':');
        if (colon == std::string::npos) continue;
        std::string name = b.lines[i].substr(0, colon);
        std::transform(name.begin(), name.end(), name.begin(),
                       [](unsigned char c) { return std::tolower(c); });
        headers[name] = b.lines[i].substr(
            colon + 1 + (b.lines[i].size() > colon + 1 && b.lines[i][colon + 1] == ' '));
    }
    body = i < b.lines.size() ? join_lines(b.lines, i + 1) : "";
}

bool is_request(const Block& b) {
    static const std::regex kRequest(R"(^(GET|POST|PUT|DELETE|PATCH|HEAD) /\S*$)");
    return b.lang == "http" && !b.lines.empty() && std::regex_match(b.lines[0], kRequest);
}

std::string normalized(const std::string& method, const std::string& target) {
    static const std::regex kVar(R"(\{[a-z_][a-z0-9_]*\})");
    return method + " " + std::regex_replace(target.substr(0, target.find('?')), kVar, "{}");
}

// An expected header value with "{name}" captures and "..." wildcards.
bool header_matches(const std::string& want, const std::string& got, Vars& vars) {
    static const std::regex kPart(R"(\{([a-z_][a-z0-9_]*)\}|\.\.\.)");
    std::string pattern;
    std::vector<std::string> names;
    std::size_t last = 0;
    auto quote = [](const std::string& text) {
        static const std::regex kSpecial(R"([.^$|()\[\]{}*+?\\])");
        return std::regex_replace(text, kSpecial, R"(\$&)");
    };
    for (std::sregex_iterator it(want.begin(), want.end(), kPart), end; it != end; ++it) {
        pattern += quote(want.substr(last, static_cast<std::size_t>(it->position()) - last));
        if ((*it)[1].matched) {
            const std::string name = (*it)[1];
            pattern += vars.count(name) ? quote(vars[name]) : "([^;, ]+)";
            if (!vars.count(name)) names.push_back(name);
        } else {
            pattern += ".*";
        }
        last = static_cast<std::size_t>(it->position() + it->length());
    }
    pattern += quote(want.substr(last));
    std::smatch m;
    if (!std::regex_match(got, m, std::regex(pattern))) return false;
    for (std::size_t i = 0; i < names.size(); ++i) vars[names[i]] = m[i + 1];
    return true;
}

class DocsRunner {
  public:
    explicit DocsRunner(unsigned short port) : port_(port) {}

    void http_example(const Block& req, const Block& res) {
        std::string first, body;
        std::map<std::string, std::string> headers;
        split_message(req, first, headers, body);
        std::vector<std::string> unknown;
        const std::string method = first.substr(0, first.find(' '));
        const std::string target = substitute(first.substr(first.find(' ') + 1), vars_, &unknown);
        body = substitute(body, vars_, &unknown);
        for (const auto& u : unknown)
            ADD_FAILURE() << "line " << req.line << ": unknown placeholder {" << u << "}";
        covered.insert(normalized(method, first.substr(first.find(' ') + 1)));
        // Other request headers (a Cookie, an Origin) are sent as written.
        Headers extra;
        for (const auto& [name, value] : headers)
            if (name != "content-type")
                extra.emplace_back(name, substitute(value, vars_, &unknown));
        const HttpResult got = http_request(
            port_, method, target, body,
            headers.count("content-type") ? headers["content-type"] : "application/json", extra);

        std::string status_line, expected_body;
        std::map<std::string, std::string> expected_headers;
        split_message(res, status_line, expected_headers, expected_body);
        static const std::regex kStatus(R"(^HTTP/1\.1 (\d{3})( .*)?$)");
        std::smatch m;
        ASSERT_TRUE(std::regex_match(status_line, m, kStatus))
            << "line " << res.line << ": not a status line: " << status_line;
        EXPECT_EQ(got.status, std::stoi(m[1])) << "line " << req.line << ": " << first << "\n"
                                               << got;
        if (expected_headers.count("content-type")) {
            EXPECT_EQ(got.content_type, expected_headers["content-type"]) << "line " << res.line;
        }
        // Other response headers: "{name}" captures (or must equal a known
        // value), "..." matches anything, the rest must be there as written.
        for (const auto& [name, want] : expected_headers) {
            if (name == "content-type") continue;
            if (!header_matches(want, got.header(name), vars_))
                ADD_FAILURE() << "line " << res.line << ": header " << name << " is \""
                              << got.header(name) << "\", not like \"" << want << "\"";
        }
        const Json want = Json::parse(expected_body, nullptr, false);
        std::vector<std::string> errors;
        if (!want.is_discarded()) {
            const Json actual = got.json();
            if (actual.is_discarded()) {
                errors.push_back("the response is not JSON: " + got.body.substr(0, 300));
            } else {
                match(want, actual, "body", vars_, errors);
            }
        } else {
            std::istringstream lines(expected_body);
            std::string line;
            while (std::getline(lines, line))
                if (!line.empty() && got.body.find(substitute(line, vars_)) == std::string::npos)
                    errors.push_back("body lacks the line: " + substitute(line, vars_));
        }
        for (const auto& e : errors)
            ADD_FAILURE() << "line " << res.line << " (" << first << "): " << e;
        ++examples;
    }

    void websocket_script(const Block& b) {
        // "CONNECT <name> <target>", then handshake headers: "| Name: value" each.
        static const std::regex kConnect(R"(^CONNECT (\w+) (\S+)((?: \| [\w-]+: [^|]+)*)$)");
        static const std::regex kHeader(R"( \| ([\w-]+): ([^|]+))");
        static const std::regex kMessage(R"(^(\w+)([<>]) (.*)$)");
        static const std::regex kClose(R"(^CLOSE (\w+)$)");
        for (std::size_t i = 0; i < b.lines.size(); ++i) {
            const std::string& line = b.lines[i];
            const int at = b.line + 1 + static_cast<int>(i);
            std::smatch m;
            if (line.empty() || line[0] == '#') continue;
            std::vector<std::string> unknown;
            if (std::regex_match(line, m, kConnect)) {
                auto& ws = sockets_[m[1]];
                ws = std::make_unique<WsClient>();
                covered.insert(normalized("WS", m[2]));
                Headers headers;
                const std::string rest = m[3];
                for (std::sregex_iterator h(rest.begin(), rest.end(), kHeader), end; h != end; ++h)
                    headers.emplace_back((*h)[1], substitute((*h)[2], vars_, &unknown));
                ASSERT_TRUE(ws->connect(port_, substitute(m[2], vars_, &unknown), 0, headers))
                    << "line " << at << ": " << ws->last_error();
            } else if (std::regex_match(line, m, kClose)) {
                ASSERT_TRUE(sockets_.count(m[1])) << "line " << at << ": no connection " << m[1];
                sockets_[m[1]]->close();
            } else if (std::regex_match(line, m, kMessage)) {
                ASSERT_TRUE(sockets_.count(m[1])) << "line " << at << ": no connection " << m[1];
                WsClient& ws = *sockets_[m[1]];
                // What is sent has its placeholders filled in; what is expected
                // keeps them, for match() to capture or compare (a number too).
                const std::string text =
                    m[2] == ">" ? substitute(m[3], vars_, &unknown) : std::string(m[3]);
                const Json j = Json::parse(text, nullptr, false);
                if (m[2] == ">") {
                    // A message that is not JSON is sent as it is (examples of bad input).
                    if (j.is_object()) covered.insert("send " + j.value("type", "?"));
                    ASSERT_TRUE(ws.send(text)) << "line " << at << ": " << ws.last_error();
                } else {
                    ASSERT_FALSE(j.is_discarded())
                        << "line " << at << ": an expected message must be JSON";
                    covered.insert("receive " + j.value("type", "?"));
                    std::vector<std::string> last_errors;
                    auto got = ws.wait_for([&](const Json& actual) {
                        Vars trial = vars_;
                        last_errors.clear();
                        match(j, actual, "message", trial, last_errors);
                        if (!last_errors.empty()) return false;
                        vars_ = trial;
                        return true;
                    });
                    EXPECT_TRUE(got)
                        << "line " << at << ": no matching message (" << ws.last_error()
                        << "); last mismatch: " << (last_errors.empty() ? "" : last_errors.front());
                    ++examples;
                }
            } else {
                ADD_FAILURE() << "line " << at << ": not a script line: " << line;
            }
            for (const auto& u : unknown)
                ADD_FAILURE() << "line " << at << ": unknown placeholder {" << u << "}";
        }
    }

    int examples = 0;
    std::set<std::string> covered;

  private:
    unsigned short port_;
    Vars vars_;
    std::map<std::string, std::unique_ptr<WsClient>> sockets_;
};

TEST(ServerDocsMatcher, RejectsWhatDiffers) {
    Vars vars{{"id", "abc"}};
    std::vector<std::string> errors;
    match(Json::parse(R"({"a": 1, "b": "{id}", "c": ["x", "..."], "d": "..."})"),
          Json::parse(R"({"a": 1, "b": "abc", "c": ["x", "y"], "d": null, "e": 5})"), "body", vars,
          errors);
    EXPECT_TRUE(errors.empty()) << errors.front();
    for (const char* bad :
         {R"({"a": 2, "b": "abc", "c": ["x"], "d": 1})",
          R"({"a": 1, "b": "abd", "c": ["x"], "d": 1})", R"({"a": 1, "b": "abc", "c": [], "d": 1})",
          R"({"a": 1, "b": "abc", "c": ["x"]})"}) {
        errors.clear();
        match(Json::parse(R"({"a": 1, "b": "{id}", "c": ["x", "..."], "d": "..."})"),
              Json::parse(bad), "body", vars, errors);
        EXPECT_FALSE(errors.empty()) << bad;
    }
    errors.clear();
    match(Json::parse(R"(["a"])"), Json::parse(R"(["a", "b"])"), "body", vars, errors);
    EXPECT_FALSE(errors.empty()) << "a closed array must have exactly the listed elements";
    errors.clear();
    match(Json::parse(R"({"t": "{new}"})"), Json::parse(R"({"t": "xyz"})"), "body", vars, errors);
    EXPECT_TRUE(errors.empty());
    EXPECT_EQ(vars["new"], "xyz");
    EXPECT_EQ(substitute("/api/games/{id}?token={new}", vars), "/api/games/abc?token=xyz");
}

TEST(ServerDocs, EveryExampleInApiMdHolds) {
    std::ifstream in(std::string(CHIMERA_TEST_DATA_DIR) + "/../docs/api.md");
    ASSERT_TRUE(in) << "docs/api.md is missing";
    std::stringstream ss;
    ss << in.rdbuf();
    const std::vector<Block> blocks = fenced_blocks(ss.str());

    TempDir dir;
    ServerProcess server;
    ASSERT_TRUE(server.start(dir.file("docs.db")));
    DocsRunner runner(server.port());
    for (std::size_t i = 0; i < blocks.size(); ++i) {
        const Block& b = blocks[i];
        if (is_request(b)) {
            ASSERT_TRUE(i + 1 < blocks.size() && blocks[i + 1].lang == "http" &&
                        !blocks[i + 1].lines.empty() &&
                        blocks[i + 1].lines[0].rfind("HTTP/", 0) == 0)
                << "line " << b.line << ": a request must be followed by its response";
            runner.http_example(b, blocks[i + 1]);
            ++i;
        } else if (b.lang == "http") {
            ADD_FAILURE() << "line " << b.line
                          << ": an http block that is neither a request nor its response";
        } else if (b.lang == "websocket") {
            runner.websocket_script(b);
        }
        if (::testing::Test::HasFatalFailure()) break;
    }
    EXPECT_GE(runner.examples, 40);

    // Every endpoint and every WebSocket message has at least one example.
    for (const char* endpoint : {"GET /api/health",
                                 "GET /api/variants",
                                 "GET /api/moves",
                                 "GET /api/games",
                                 "POST /api/games",
                                 "GET /api/games/{}",
                                 "GET /api/games/{}/ply",
                                 "POST /api/games/{}/join",
                                 "POST /api/games/{}/move",
                                 "POST /api/games/{}/resign",
                                 "POST /api/games/{}/draw",
                                 "POST /api/games/{}/abort",
                                 "POST /api/games/{}/claim",
                                 "GET /api/games/{}/record",
                                 "POST /api/import",
                                 "POST /api/games/{}/takeback",
                                 "POST /api/games/{}/rematch",
                                 "GET /api/account",
                                 "POST /api/account/signup",
                                 "POST /api/account/login",
                                 "POST /api/account/logout",
                                 "POST /api/account/password",
                                 "GET /api/account/export",
                                 "POST /api/account/delete",
                                 "POST /api/account/bot",
                                 "WS /api/games/{}/ws",
                                 "WS /api/lobby/ws",
                                 "send challenge",
                                 "send seek",
                                 "send accept",
                                 "send decline",
                                 "send cancel",
                                 "receive lobby",
                                 "receive added",
                                 "receive removed",
                                 "receive paired",
                                 "receive declined",
                                 "send move",
                                 "send resign",
                                 "send draw",
                                 "send abort",
                                 "send claim",
                                 "send ping",
                                 "receive state",
                                 "receive ack",
                                 "receive error"})
        EXPECT_TRUE(runner.covered.count(endpoint)) << "docs/api.md has no example of " << endpoint;
    EXPECT_TRUE(server.stop());
}

}  // namespace
}  // namespace chimera
