// libFuzzer: the server's JSON API (api.h, the pure function behind HTTP) and its
// WebSocket messages on arbitrary requests. Input: "METHOD PATH[?QUERY]" on the
// first line, the body after it; METHOD "WS" sends the body as a WebSocket
// message instead, "ANALYSIS" as a message of the analysis WebSocket, "LOBBY"
// as one of the lobby's (parse_lobby_message). "@ID", "@TOKEN" and "@INVITE"
// stand for a live game made at start-up, so the fuzzer reaches the per-game actions. Every answer
// is a status 200-599 with JSON that parses, and every error names its status and a message.
#include <memory>
#include <nlohmann/json.hpp>
#include <set>

#include "fuzz_all_variants.h"
#include "server/analysis.h"
#include "server/api.h"
#include "server/lobby_messages.h"
#include "server/storage.h"

namespace {

using chimera::server::GameService;

std::unique_ptr<GameService> service;
std::string game_id, game_token, game_invite;

std::string substitute(std::string s) {
    const std::pair<const char*, const std::string*> names[] = {
        {"@ID", &game_id}, {"@TOKEN", &game_token}, {"@INVITE", &game_invite}};
    for (const auto& [name, value] : names)
        for (std::size_t at = s.find(name); at != std::string::npos;
             at = s.find(name, at + value->size()))
            s.replace(at, std::string_view(name).size(), *value);
    return s;
}

void check_json(const std::string& body, int status, const std::string& request) {
    const auto j = nlohmann::json::parse(body, nullptr, false);
    FUZZ_CHECK(!j.is_discarded(), request + "\n-- answer is not JSON: " + body);
    if (status >= 400) {
        FUZZ_CHECK(j.contains("error") && j["error"].is_object(),
                   request + "\n-- error without 'error': " + body);
        FUZZ_CHECK(j["error"]["status"] == status, request + "\n-- error status differs: " + body);
        FUZZ_CHECK(
            j["error"]["message"].is_string() && !j["error"]["message"].get<std::string>().empty(),
            request + "\n-- error without a message: " + body);
    }
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    using namespace chimera;
    fuzz::warm_up_all_variants();
    Status st = Status::ok();
    auto storage = server::open_sqlite(":memory:", &st);
    if (!storage) fuzz::fail("cannot open an in-memory database", st.message());
    service = std::make_unique<GameService>(std::move(storage), 1);
    const auto r = server::handle_api(*service, "POST", "/api/games", "",
                                      R"({"variant":"chess","mode":"online"})");
    const auto j = nlohmann::json::parse(r.body, nullptr, false);
    if (r.status != 201 || j.is_discarded()) fuzz::fail("cannot create the game to fuzz", r.body);
    game_id = j["id"];
    game_token = j["token"];
    game_invite = j.value("invite", "");
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace chimera;
    const std::string input = substitute(std::string(reinterpret_cast<const char*>(data), size));
    const std::size_t nl = input.find('\n');
    const std::string first = input.substr(0, nl);
    const std::string body = nl == std::string::npos ? std::string() : input.substr(nl + 1);
    const std::size_t sp = first.find(' ');
    const std::string method = first.substr(0, sp);
    const std::string target = sp == std::string::npos ? std::string() : first.substr(sp + 1);
    if (method == "WS") {
        const std::string reply = server::handle_ws_message(*service, game_id, game_token, body);
        const auto j = nlohmann::json::parse(reply, nullptr, false);
        FUZZ_CHECK(!j.is_discarded() && j.is_object() && j.contains("type"),
                   input + "\n-- reply: " + reply);
        return 0;
    }
    if (method == "LOBBY") {
        server::LobbyRequest q;
        const server::ApiError e = server::parse_lobby_message(body, q);
        if (e) {
            FUZZ_CHECK(e.status >= 400 && e.status < 600 && !e.message.empty(),
                       input + "\n-- a refusal without a status or a message");
            return 0;
        }
        static const std::set<std::string> kTypes{"challenge", "seek",    "cancel",
                                                  "accept",    "decline", "ping"};
        FUZZ_CHECK(kTypes.count(q.type), input + "\n-- accepted an unknown type " + q.type);
        if (q.type == "challenge" || q.type == "seek") {
            const server::Challenge& c = q.challenge;
            FUZZ_CHECK(c.base_minutes >= 0 && c.base_minutes <= 180 && c.increment_seconds >= 0 &&
                           c.increment_seconds <= 180 && c.base_minutes + c.increment_seconds > 0,
                       input + "\n-- a clock out of range accepted");
            FUZZ_CHECK(chimera::find_variant(c.variant) != nullptr,
                       input + "\n-- an unknown variant accepted");
            FUZZ_CHECK(c.side == "white" || c.side == "black" || c.side == "random",
                       input + "\n-- a bad side accepted");
        } else if (q.type != "ping") {
            FUZZ_CHECK(q.id >= 1, input + "\n-- an id below 1 accepted");
        }
        return 0;
    }
    if (method == "ANALYSIS") {
        // A message of the analysis WebSocket: a request, or an error saying what is wrong.
        std::string type;
        server::AnalysisRequest request;
        const server::ApiError e = server::parse_analysis_message(body, type, request);
        if (e) {
            FUZZ_CHECK(e.status == 400 && !e.message.empty(), input + "\n-- " + e.message);
        } else if (type == "analyse") {
            FUZZ_CHECK(request.game && request.lines >= 1 &&
                           request.lines <= server::AnalysisService::kMaxLines,
                       input + "\n-- a request without a position or with bad lines");
            FUZZ_CHECK(!server::to_json_text(server::AnalysisReport{}).empty(), input);
        }
        return 0;
    }
    const std::size_t q = target.find('?');
    const std::string path = target.substr(0, q);
    const std::string query = q == std::string::npos ? std::string() : target.substr(q + 1);
    const server::ApiResponse r = server::handle_api(*service, method, path, query, body);
    FUZZ_CHECK(r.status >= 200 && r.status <= 599,
               input + "\n-- status " + std::to_string(r.status));
    if (r.content_type == "application/json") check_json(r.body, r.status, input);
    return 0;
}
