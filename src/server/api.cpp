#include "server/api.h"

#include <algorithm>
#include <cctype>
#include <optional>
#include <vector>

#include "core/text.h"
#include "game/record.h"
#include "variants/registry.h"

namespace chimera::server {

namespace {

const char* type_name(Type t) {
    switch (t) {
        case Type::STRING:
            return "a string";
        case Type::INTEGER:
            return "an integer";
        case Type::BOOLEAN:
            return "true or false";
        case Type::ARRAY_OF_STRINGS:
            return "an array of strings";
    }
    return "?";
}

bool has_type(const Json& v, Type t) {
    switch (t) {
        case Type::STRING:
            return v.is_string() && v.get_ref<const std::string&>().size() <= 100000;
        case Type::INTEGER:
            return v.is_number_integer();
        case Type::BOOLEAN:
            return v.is_boolean();
        case Type::ARRAY_OF_STRINGS:
            if (!v.is_array() || v.size() > 2000) return false;
            for (const auto& e : v)
                if (!e.is_string() || e.get_ref<const std::string&>().size() > 64) return false;
            return true;
    }
    return false;
}

}  // namespace

ApiError parse_body(std::string_view body, const std::vector<Field>& fields, Json& out) {
    out = Json::parse(body.begin(), body.end(), nullptr, false);
    if (out.is_discarded()) return ApiError{400, "body is not valid JSON"};
    if (!out.is_object()) return ApiError{400, "body must be a JSON object"};
    for (auto it = out.begin(); it != out.end(); ++it) {
        bool known = false;
        for (const Field& f : fields) known |= it.key() == f.name;
        if (!known) return ApiError{400, "unknown field " + chimera::quoted(it.key())};
    }
    for (const Field& f : fields) {
        if (!out.contains(f.name)) {
            if (f.required) return ApiError{400, std::string("missing field '") + f.name + "'"};
            continue;
        }
        if (!has_type(out[f.name], f.type))
            return ApiError{400,
                            std::string("field '") + f.name + "' must be " + type_name(f.type)};
    }
    return {};
}

template <class T>
T get_or(const Json& j, const char* name, T fallback) {
    return j.contains(name) ? j[name].get<T>() : fallback;
}

ApiResponse json_response(int status, const Json& j) {
    return ApiResponse{
        status, "application/json", j.dump(-1, ' ', false, Json::error_handler_t::replace), {}};
}

ApiResponse from_error(const ApiError& e) {
    return ApiResponse{e.status, "application/json", error_json(e.status, e.message), {}};
}

namespace {

// Splits "/api/games/abc/move" into {"api","games","abc","move"}.
std::vector<std::string_view> segments(std::string_view path) {
    std::vector<std::string_view> out;
    std::size_t i = 0;
    while (i < path.size()) {
        while (i < path.size() && path[i] == '/') ++i;
        std::size_t j = i;
        while (j < path.size() && path[j] != '/') ++j;
        if (j > i) out.push_back(path.substr(i, j - i));
        i = j;
    }
    return out;
}

// The registry's descriptors, for the client: names, board kind, numbering,
// start positions, pieces, what pieces off the board are called.
Json variants_json() {
    static const Json kList = [] {
        Json list = Json::array();
        for (const VariantInfo* v : kVariantInfos) {
            Json starts = Json::array(), pieces = Json::array(), marks = Json::array(),
                 fen_fields = Json::array();
            for (std::string_view f : v->fen.fields) fen_fields.push_back(f);
            for (const MarkInfo& m : v->marks)
                marks.push_back({{"mark", m.mark}, {"meaning", m.meaning}});
            for (const StartPosition& s : v->starts)
                starts.push_back({{"name", s.name}, {"fen", s.fen}});
            for (const PieceInfo& p : v->pieces)
                pieces.push_back({{"letter", std::string(1, p.letter)}, {"name", p.name}});
            list.push_back({{"id", v->id},
                            {"name", v->name},
                            {"description", v->description},
                            {"board", board_kind_name(v->board)},
                            {"numbering", numbering_name(v->numbering)},
                            {"starts", starts},
                            {"start_kind", v->start_kind},
                            {"random_start", v->random_start()},
                            {"hand", v->hand_name},
                            {"pieces", pieces},
                            {"marks", marks},
                            {"fen",
                             {{"fields", fen_fields},
                              {"hand_order", v->fen.hand_order},
                              {"castling", v->fen.castling}}},
                            {"calibration", v->calibration}});
        }
        return list;
    }();
    return kList;
}

// "only for variants with several start positions (<their names>)".
std::string several_starts_only() {
    std::string names;
    for (const VariantInfo* v : kVariantInfos)
        if (v->random_start()) names += (names.empty() ? "" : ", ") + std::string(v->name);
    return "only for variants with several start positions (" + names + ")";
}

// The most start positions any variant has: the range of "formation".
int max_starts() {
    int n = 0;
    for (const VariantInfo* v : kVariantInfos) n = std::max(n, v->start_count());
    return n;
}

Json position_json(const Game& g) {
    const BoardView v = g.view();
    Json legal = Json::array();
    for (const MoveDetail& d : g.legal_move_details())
        legal.push_back({{"lan", d.lan},
                         {"san", d.san},
                         {"from", d.from},
                         {"to", d.to},
                         {"kind", action_name(d.action)},
                         {"piece", d.piece ? std::string(1, d.piece) : std::string()},
                         {"captures", d.captures}});
    return Json{{"variant", v.info->id},
                {"fen", g.fen()},
                {"turn", v.side_to_move == WHITE ? "white" : "black"},
                {"board",
                 {{"kind", board_kind_name(v.info->board)},
                  {"dims", {v.dims[0], v.dims[1], v.dims[2], v.dims[3]}},
                  {"squares", v.squares},
                  {"pieces", v.pieces},
                  {"dormant", v.dormant},
                  {"groups", v.groups},
                  {"hands", {{"white", v.hand[0]}, {"black", v.hand[1]}}},
                  {"checked", v.checked}}},
                {"outcome", outcome_name(g.outcome())},
                {"legal_moves", legal}};
}

// A place in the list of finished games on the wire: "<updated_ms>:<id>".
std::string cursor_text(const ListCursor& c) { return std::to_string(c.updated_ms) + ":" + c.id; }

std::optional<ListCursor> parse_cursor(std::string_view text) {
    const auto colon = text.find(':');
    if (colon == std::string_view::npos || colon == 0 || colon > 15) return std::nullopt;
    ListCursor c;
    for (char ch : text.substr(0, colon)) {
        if (ch < '0' || ch > '9') return std::nullopt;
        c.updated_ms = c.updated_ms * 10 + (ch - '0');
    }
    c.id = std::string(text.substr(colon + 1));
    if (c.id.empty() || c.id.size() > 64) return std::nullopt;
    for (char ch : c.id)
        if (!std::isalnum(static_cast<unsigned char>(ch))) return std::nullopt;
    return c;
}

// The service's typed answers on the wire.
Json side_json(int side) { return side < 0 ? Json() : Json(side == 0 ? "white" : "black"); }
Json to_json(const SeatGrant& s) {
    Json j{{"id", s.id}, {"token", s.token}, {"side", s.side}};
    if (!s.invite.empty()) j["invite"] = s.invite;
    return j;
}
Json to_json(const MoveAck& m) { return Json{{"ok", true}, {"ply", m.ply}, {"san", m.san}}; }
Json to_json(const ActionAck& a) {
    if (a.ended())
        return Json{{"ok", true},
                    {"result", std::string(public_result(a.result))},
                    {"status", std::string(status_name(a.result))}};
    return Json{{"ok", true},
                {"draw_offer", side_json(a.draw_offer)},
                {"takeback_offer", side_json(a.takeback_offer)}};
}
Json to_json(const RematchAck& r) {
    if (!r.seat.id.empty()) return to_json(r.seat);
    return Json{{"ok", true}, {"rematch_offer", side_json(r.offer)}};
}
Json to_json(const GameListing& l) {
    auto rows = [](const std::vector<GameSummary>& games) {
        Json out = Json::array();
        for (const GameSummary& g : games)
            out.push_back({{"id", g.id},
                           {"variant", g.variant},
                           {"mode", g.mode},
                           {"level", g.level},
                           {"plies", g.plies},
                           {"status", std::string(status_name(g.result))},
                           {"result", std::string(public_result(g.result))},
                           {"termination", g.termination},
                           {"updated_ms", g.updated_ms}});
        return out;
    };
    return Json{{"live", rows(l.live)},
                {"recent", rows(l.recent)},
                {"next", l.next ? Json(cursor_text(*l.next)) : Json()}};
}

// A number field of the body, checked against its range before use.
ApiError ranged(const Json& j, const char* name, long long lo, long long hi, long long fallback,
                long long& out) {
    out = get_or<long long>(j, name, fallback);
    if (out < lo || out > hi)
        return ApiError{400, std::string("field '") + name + "' must be from " +
                                 std::to_string(lo) + " to " + std::to_string(hi)};
    return {};
}

// The time control fields (base_minutes, base_seconds, increment_seconds), each
// in its range; the service checks them together (an increment needs a base).
ApiError time_control(const Json& j, CreateRequest& r) {
    long long minutes = 0, seconds = 0, inc = 0;
    if (ApiError e = ranged(j, "base_minutes", 0, 180, 0, minutes)) return e;
    if (ApiError e = ranged(j, "base_seconds", 0, 10800, 0, seconds)) return e;
    if (ApiError e = ranged(j, "increment_seconds", 0, 180, 0, inc)) return e;
    r.base_ms = minutes * 60000 + seconds * 1000;
    r.inc_ms = inc * 1000;
    return {};
}

bool has_time_control(const Json& j) {
    return j.contains("base_minutes") || j.contains("base_seconds") ||
           j.contains("increment_seconds");
}

// The create request, with every number checked against its range before use.
ApiError create_request(const Json& j, CreateRequest& r) {
    long long formation = 0, level = 4;
    if (ApiError e = ranged(j, "formation", 0, max_starts(), 0, formation)) return e;
    if (ApiError e = ranged(j, "level", 1, 8, 4, level)) return e;
    if (ApiError e = time_control(j, r)) return e;
    r.variant = get_or<std::string>(j, "variant", std::string(kDefaultVariant));
    r.fen = get_or<std::string>(j, "fen", "");
    r.formation = static_cast<int>(formation);
    r.mode = get_or<std::string>(j, "mode", "");
    r.level = static_cast<int>(level);
    r.side = get_or<std::string>(j, "side", "white");
    if (j.contains("moves")) r.moves = j["moves"].get<std::vector<std::string>>();
    r.rated = get_or<bool>(j, "rated", false);
    return {};
}

// The create request for an imported record: its variant, start position
// (FEN, or the number of one of the variant's start positions), moves and
// result come from the record; the mode, side, level and clock of the game
// that continues it come from the request body. The record's time control is
// the clock only of a finished game, which nothing runs: a game still going
// continues with the clock the request asks for, none by default, since the
// record does not say how much time each side had left.
ApiError import_request(const game::Record& rec, const Json& j, CreateRequest& r) {
    r.variant = rec.tag("Variant").empty() ? std::string(kDefaultVariant) : rec.tag("Variant");
    const VariantInfo* info = find_variant(r.variant);
    r.fen = rec.tag("FEN");
    r.moves = rec.moves;
    r.result = rec.result != "*" ? rec.result : rec.tag("Result");
    r.termination = rec.tag("Termination");
    if (const std::string f = rec.tag("Formation"); !f.empty()) {
        if (info && !info->random_start())
            return ApiError{400, "record: Formation is " + several_starts_only()};
        const int most = info ? info->start_count() : max_starts();
        const auto n = parse_uint(f, 2);
        if (!n || *n < 1 || *n > most)
            return ApiError{400, "record: Formation must be 1-" + std::to_string(most) + ", not " +
                                     chimera::quoted(f)};
        r.formation = *n;
    } else if (info && info->random_start() && r.fen.empty()) {
        return ApiError{
            400, "record: a " + std::string(info->name) + " record needs a FEN or a Formation tag"};
    }
    if (const std::string tc = rec.tag("TimeControl"); !tc.empty() && tc != "-") {
        // "<base seconds>+<increment seconds>", as exported.
        const auto plus = tc.find('+');
        const auto base = parse_uint(tc.substr(0, plus), 5);
        const auto inc =
            plus == std::string::npos ? std::optional<int>(0) : parse_uint(tc.substr(plus + 1), 3);
        if (!base || !inc || *base > 10800 || *inc > 180)
            return ApiError{400,
                            "record: TimeControl must be <seconds>+<increment>, e.g. 300+3, not " +
                                chimera::quoted(tc)};
        if (*base == 0 && *inc > 0)
            return ApiError{400, "record: TimeControl " + chimera::quoted(tc) +
                                     ": an increment needs a base time"};
        if (!r.result.empty() && r.result != "*") {
            r.base_ms = *base * 1000LL;
            r.inc_ms = *inc * 1000LL;
        }
    }
    if (has_time_control(j))
        if (ApiError e = time_control(j, r)) return e;
    r.mode = get_or<std::string>(j, "mode", "local");
    const long long level = get_or<long long>(j, "level", 4);
    if (level < 1 || level > 8) return ApiError{400, "field 'level' must be from 1 to 8"};
    r.level = static_cast<int>(level);
    r.side = get_or<std::string>(j, "side", "to_move");
    return {};
}

const std::vector<Field> kCreateFields{{"variant", Type::STRING, true},
                                       {"mode", Type::STRING, true},
                                       {"fen", Type::STRING, false},
                                       {"formation", Type::INTEGER, false},
                                       {"level", Type::INTEGER, false},
                                       {"side", Type::STRING, false},
                                       {"base_minutes", Type::INTEGER, false},
                                       {"base_seconds", Type::INTEGER, false},
                                       {"increment_seconds", Type::INTEGER, false},
                                       {"moves", Type::ARRAY_OF_STRINGS, false},
                                       {"rated", Type::BOOLEAN, false}};

}  // namespace

// Messages may quote what a client sent: bytes that are not UTF-8 are
// replaced, never thrown on (a header value can hold any byte).
std::string error_json(int status, const std::string& message) {
    return Json{{"error", {{"status", status}, {"message", message}}}}.dump(
        -1, ' ', false, Json::error_handler_t::replace);
}

std::map<std::string, std::string> parse_query(std::string_view q) {
    std::map<std::string, std::string> out;
    auto decode = [](std::string_view s) {
        std::string r;
        for (std::size_t i = 0; i < s.size(); ++i) {
            if (s[i] == '+') {
                r += ' ';
            } else if (s[i] == '%' && i + 2 < s.size() &&
                       std::isxdigit(static_cast<unsigned char>(s[i + 1])) &&
                       std::isxdigit(static_cast<unsigned char>(s[i + 2]))) {
                r += static_cast<char>(std::stoi(std::string(s.substr(i + 1, 2)), nullptr, 16));
                i += 2;
            } else {
                r += s[i];
            }
        }
        return r;
    };
    std::size_t i = 0;
    while (i < q.size() && out.size() < 32) {
        std::size_t amp = q.find('&', i);
        if (amp == std::string_view::npos) amp = q.size();
        const std::string_view kv = q.substr(i, amp - i);
        const std::size_t eq = kv.find('=');
        if (!kv.empty())
            out[decode(kv.substr(0, eq))] =
                eq == std::string_view::npos ? "" : decode(kv.substr(eq + 1));
        i = amp + 1;
    }
    return out;
}

ApiResponse handle_api(GameService& games, std::string_view method, std::string_view path,
                       std::string_view query, std::string_view body, std::string_view client,
                       std::string_view account) {
    const auto seg = segments(path);
    const auto params = parse_query(query);
    auto param = [&](const char* k) {
        const auto it = params.find(k);
        return it == params.end() ? std::string() : it->second;
    };
    ApiError err;
    Json j;
    // Query parameters, like body fields, are only the documented ones.
    auto only_params = [&](std::initializer_list<std::string_view> known) -> ApiError {
        for (const auto& [k, v] : params)
            if (std::find(known.begin(), known.end(), k) == known.end())
                return ApiError{400, "unknown query parameter " + chimera::quoted(k)};
        return {};
    };
    if (seg.size() < 2 || seg[0] != "api") return from_error({404, "no such endpoint"});
    const bool get = method == "GET", post = method == "POST";

    if (seg[1] == "ratings" || seg[1] == "players") {
        if (!get) return from_error({405, "use GET"});
        if (seg[1] == "players" && seg.size() == 4 && seg[3] == "record") {
            // All of a player's games (as filtered) as one record file, newest first.
            const std::vector<std::string_view> page(seg.begin(), seg.begin() + 3);
            auto all = params;
            if (!all.count("limit")) all["limit"] = "200";
            ApiResponse list = handle_players(games.storage(), page, all);
            if (list.status != 200) return list;
            const Json j2 = Json::parse(list.body);
            std::string records;
            for (const Json& g : j2["games"]) {
                ApiError skipped;
                std::string text = games.record(g["id"].get<std::string>(), skipped);
                if (skipped) continue;  // a game that cannot be read is left out
                records += text + (text.ends_with("\n") ? "\n" : "\n\n");
            }
            ApiResponse r{200, "application/x-chess-pgn; charset=utf-8", std::move(records), {}};
            r.headers.emplace_back(
                "Content-Disposition",
                "attachment; filename=\"chimera-" + j2["name"].get<std::string>() + "-games.pgn\"");
            return r;
        }
        return handle_players(games.storage(), seg, params);
    }
    if (seg.size() == 2 && seg[1] == "health") {
        if (!get) return from_error({405, "use GET"});
        if ((err = only_params({}))) return from_error(err);
        const GameCounts c = games.counts();
        Json health{{"ok", true},
                    {"games", c.live + c.finished},
                    {"live", c.live},
                    {"finished", c.finished},
                    {"cached", c.cached}};
        if (const std::string name = games.instance(); !name.empty()) health["instance"] = name;
        return json_response(200, health);
    }
    if (seg.size() == 2 && seg[1] == "ready") {
        if (!get) return from_error({405, "use GET"});
        if ((err = only_params({}))) return from_error(err);
        if (!games.ready())
            return from_error({503, "this server is stopping: send requests to another one"});
        return json_response(200, {{"ready", true}});
    }
    if (seg.size() == 2 && seg[1] == "variants") {
        if (!get) return from_error({405, "use GET"});
        if ((err = only_params({}))) return from_error(err);
        return json_response(200, {{"variants", variants_json()}});
    }
    if (seg.size() == 2 && seg[1] == "import") {
        if (!post) return from_error({405, "use POST"});
        if ((err = only_params({}))) return from_error(err);
        if ((err = parse_body(body,
                              {{"record", Type::STRING, true},
                               {"mode", Type::STRING, false},
                               {"level", Type::INTEGER, false},
                               {"side", Type::STRING, false},
                               {"base_minutes", Type::INTEGER, false},
                               {"base_seconds", Type::INTEGER, false},
                               {"increment_seconds", Type::INTEGER, false}},
                              j)))
            return from_error(err);
        Status st = Status::ok();
        const auto records = game::parse_records(j["record"].get<std::string>(), &st);
        if (!st) return from_error({400, "record: " + st.message()});
        if (records.size() != 1)
            return from_error({400, "record: expected exactly one game, found " +
                                        std::to_string(records.size())});
        const game::Record& rec = records[0];
        CreateRequest req;
        if ((err = import_request(rec, j, req))) return from_error(err);
        req.client = client;
        const SeatGrant created = games.create(req, err);
        if (err) return from_error(err);
        return json_response(201, to_json(created));
    }
    if (seg.size() == 2 && seg[1] == "moves") {
        // Legal moves of any position, for rules diagrams and analysis boards.
        if (!get) return from_error({405, "use GET"});
        if ((err = only_params({"variant", "fen", "moves"}))) return from_error(err);
        auto g = make_game(param("variant"));
        if (!g) return from_error({400, "unknown variant " + chimera::quoted(param("variant"))});
        if (const std::string fen = param("fen"); !fen.empty())
            if (Status s = g->set_fen(fen); !s) return from_error({400, "fen: " + s.message()});
        // The moves played from there (an analysis board's variation), separated
        // by spaces (4D moves hold commas).
        const std::string moves = param("moves");
        std::size_t index = 0;
        Json played = Json::array();
        for (std::size_t at = moves.find_first_not_of(' '); at != std::string::npos;
             at = moves.find_first_not_of(' ', at), ++index) {
            const std::size_t end = std::min(moves.find(' ', at), moves.size());
            const std::string m = moves.substr(at, end - at);
            at = end;
            const std::string where = "moves[" + std::to_string(index) + "] " + chimera::quoted(m);
            if (index >= 2000) return from_error({400, "moves: at most 2000"});
            if (g->outcome() != Outcome::ONGOING)
                return from_error(
                    {400, where + ": the game is over (" + outcome_name(g->outcome()) + ")"});
            std::string san, lan;
            if (Status s = g->play(m, &san, &lan); !s)
                return from_error({400, where + ": " + s.message()});
            played.push_back({{"lan", lan}, {"san", san}});
        }
        Json answer = position_json(*g);
        if (index > 0) answer["played"] = std::move(played);
        return json_response(200, answer);
    }
    if (seg[1] != "games") return from_error({404, "no such endpoint"});
    if (seg.size() == 2) {
        if (get) {
            if ((err = only_params({"limit", "before"}))) return from_error(err);
            const std::string l = param("limit");
            const auto n = l.empty() ? std::optional<int>(20) : parse_uint(l, 3);
            if (!n || *n < 1 || *n > 200) return from_error({400, "limit must be 1-200"});
            std::optional<ListCursor> before;
            if (params.count("before") && !(before = parse_cursor(param("before"))))
                return from_error(
                    {400, "before must be <updated_ms>:<id>, as in the 'next' of a game list"});
            const GameListing listing = games.list(static_cast<std::size_t>(*n), before, err);
            return err ? from_error(err) : json_response(200, to_json(listing));
        }
        if (!post) return from_error({405, "use GET or POST"});
        if ((err = only_params({}))) return from_error(err);
        if ((err = parse_body(body, kCreateFields, j))) return from_error(err);
        CreateRequest req;
        if ((err = create_request(j, req))) return from_error(err);
        req.client = client;
        req.account = account;
        const SeatGrant created = games.create(req, err);
        if (err) return from_error(err);
        return json_response(201, to_json(created));
    }
    const std::string id(seg[2]);
    if (id.size() > 64) return from_error({404, "no such game"});
    if (seg.size() == 3) {
        if (!get) return from_error({405, "use GET"});
        if ((err = only_params({"token"}))) return from_error(err);
        std::string s = games.state(id, param("token"), err);
        return err ? from_error(err) : ApiResponse{200, "application/json", std::move(s), {}};
    }
    if (seg.size() != 4) return from_error({404, "no such endpoint"});
    const std::string_view action = seg[3];
    if (action == "ply") {
        // GET /api/games/<id>/ply?n=N: the position after N plies, for reviewing.
        if (!get) return from_error({405, "use GET"});
        if ((err = only_params({"n"}))) return from_error(err);
        const auto n = parse_uint(param("n"), 5);
        if (!n) return from_error({400, "n must be a ply number"});
        const auto g = games.position_at(id, static_cast<std::size_t>(*n), err);
        if (err) return from_error(err);
        Json out = position_json(*g);
        out["ply"] = *n;
        return json_response(200, out);
    }
    if (action == "record") {
        if (!get) return from_error({405, "use GET"});
        if ((err = only_params({}))) return from_error(err);
        std::string text = games.record(id, err);
        if (err) return from_error(err);
        return ApiResponse{200, "application/x-chess-pgn; charset=utf-8", text, {}};
    }
    if (action == "review") {
        // GET: the review (200) or where it stands (202); POST also asks for it.
        if (!get && !post) return from_error({405, "use GET or POST"});
        if ((err = only_params({}))) return from_error(err);
        if (post && !body.empty() && body != "{}")
            return from_error({400, "a review request has no body (or {})"});
        int status = 0;
        std::string text = games.review(id, post, status, err);
        if (err) return from_error(err);
        return ApiResponse{status, "application/json", std::move(text), {}};
    }
    if (!post) return from_error({405, "use POST"});
    if ((err = only_params({}))) return from_error(err);
    if (action == "join") {
        if ((err = parse_body(body, {{"invite", Type::STRING, true}}, j))) return from_error(err);
        const SeatGrant r = games.join(id, j["invite"], err, std::string(account));
        return err ? from_error(err) : json_response(200, to_json(r));
    }
    if (action == "move") {
        if ((err = parse_body(body, {{"token", Type::STRING, true}, {"move", Type::STRING, true}},
                              j)))
            return from_error(err);
        const MoveAck r = games.move(id, j["token"], j["move"], err);
        return err ? from_error(err) : json_response(200, to_json(r));
    }
    if (action == "resign" || action == "abort" || action == "claim") {
        if ((err = parse_body(body, {{"token", Type::STRING, true}}, j))) return from_error(err);
        const std::string& token = j["token"].get_ref<const std::string&>();
        const ActionAck r = action == "resign"  ? games.resign(id, token, err)
                            : action == "abort" ? games.abort(id, token, err)
                                                : games.claim(id, token, err);
        return err ? from_error(err) : json_response(200, to_json(r));
    }
    if (action == "takeback" || action == "rematch") {
        // action: offer (the default), accept or decline.
        if ((err = parse_body(body,
                              {{"token", Type::STRING, true}, {"action", Type::STRING, false}}, j)))
            return from_error(err);
        const std::string what = j.value("action", std::string("offer"));
        if (action == "rematch") {
            const RematchAck r = games.rematch(id, j["token"], what, err);
            return err ? from_error(err) : json_response(200, to_json(r));
        }
        const ActionAck r = games.take_back(id, j["token"], what, err);
        return err ? from_error(err) : json_response(200, to_json(r));
    }
    if (action == "draw") {
        if ((err = parse_body(body, {{"token", Type::STRING, true}, {"action", Type::STRING, true}},
                              j)))
            return from_error(err);
        const ActionAck r = games.draw(id, j["token"], j["action"], err);
        return err ? from_error(err) : json_response(200, to_json(r));
    }
    return from_error({404, "no such endpoint"});
}

std::string handle_ws_message(GameService& games, const std::string& id, const std::string& token,
                              std::string_view message) {
    Json j = Json::parse(message.begin(), message.end(), nullptr, false);
    if (j.is_discarded() || !j.is_object() || !j.contains("type") || !j["type"].is_string())
        return Json{{"type", "error"},
                    {"status", 400},
                    {"message", "expected a JSON object with a string 'type'"}}
            .dump();
    const std::string type = j["type"];
    ApiError err;
    Json r;
    // Each message type has exactly its documented fields.
    const std::string_view extra = type == "move" ? "move"
                                   : type == "draw" || type == "takeback" || type == "rematch"
                                       ? "action"
                                       : "";
    for (auto it = j.begin(); it != j.end(); ++it)
        if (it.key() != "type" && it.key() != extra)
            return Json{{"type", "error"},
                        {"status", 400},
                        {"message", "unknown field " + chimera::quoted(it.key()) + " in a " +
                                        chimera::quoted(type) + " message"}}
                .dump();
    auto text_field = [&](const char* name) -> const std::string* {
        if (!j.contains(name) || !j[name].is_string() ||
            j[name].get_ref<const std::string&>().size() > 256) {
            err = ApiError{400, std::string("field '") + name + "' must be a string"};
            return nullptr;
        }
        return &j[name].get_ref<const std::string&>();
    };
    if (type == "ping") {
        r = {{"ok", true}};
    } else if (type == "state") {
        // Asked again (a client that missed a push): answered with the full state itself.
        std::string state = games.state(id, token, err);
        if (!err) return state;
    } else if (type == "move") {
        if (const std::string* m = text_field("move")) r = to_json(games.move(id, token, *m, err));
    } else if (type == "resign") {
        r = to_json(games.resign(id, token, err));
    } else if (type == "abort") {
        r = to_json(games.abort(id, token, err));
    } else if (type == "takeback" || type == "rematch") {
        static const std::string kOffer = "offer";
        const std::string* a = j.contains("action") ? text_field("action") : &kOffer;
        if (a && type == "takeback") r = to_json(games.take_back(id, token, *a, err));
        if (a && type == "rematch") r = to_json(games.rematch(id, token, *a, err));
    } else if (type == "claim") {
        r = to_json(games.claim(id, token, err));
    } else if (type == "draw") {
        if (const std::string* a = text_field("action"))
            r = to_json(games.draw(id, token, *a, err));
    } else {
        err = ApiError{400, "unknown message type " + chimera::quoted(type)};
    }
    if (err)
        return Json{{"type", "error"}, {"status", err.status}, {"message", err.message}}.dump();
    r["type"] = "ack";
    r["of"] = type;
    return r.dump();
}

}  // namespace chimera::server
