#include "server/accounts.h"

#include <sodium.h>

#include <limits>

#include "players/names.h"
#include "server/accounts_sql.h"
#include "server/ratings_sql.h"

namespace chimera::server {

namespace {

std::string hex(const unsigned char* data, std::size_t n) {
    std::string out(n * 2 + 1, '\0');
    sodium_bin2hex(out.data(), out.size(), data, n);
    out.pop_back();
    return out;
}

// A session's cookie token: 32 random bytes; the database keeps its hash.
std::string new_token() {
    unsigned char b[32];
    randombytes_buf(b, sizeof b);
    return hex(b, sizeof b);
}
std::string session_id(const std::string& token) {
    unsigned char h[32];
    crypto_generichash(h, sizeof h, reinterpret_cast<const unsigned char*>(token.data()),
                       token.size(), nullptr, 0);
    return hex(h, sizeof h);
}

// Argon2id at libsodium's interactive cost (2 passes over 64 MiB).
bool hash_password(const std::string& password, std::string& out) {
    char h[crypto_pwhash_STRBYTES];
    if (crypto_pwhash_str(h, password.data(), password.size(), crypto_pwhash_OPSLIMIT_INTERACTIVE,
                          crypto_pwhash_MEMLIMIT_INTERACTIVE) != 0)
        return false;
    out = h;
    return true;
}
bool verify_password(const std::string& hash, const std::string& password) {
    return crypto_pwhash_str_verify(hash.c_str(), password.data(), password.size()) == 0;
}
// For a name nobody has: the same work as a real check, so the time taken
// does not tell which names exist.
const std::string& dummy_hash() {
    static const std::string h = [] {
        std::string out;
        (void)hash_password("not anybody's password", out);
        return out;
    }();
    return h;
}

// The value of a cookie in a Cookie header ("" if absent).
std::string cookie_value(const std::string& header, std::string_view name) {
    std::size_t i = 0;
    while (i < header.size()) {
        while (i < header.size() && (header[i] == ' ' || header[i] == ';')) ++i;
        const std::size_t end = std::min(header.find(';', i), header.size());
        const std::string_view part(header.data() + i, end - i);
        if (part.size() > name.size() && part.substr(0, name.size()) == name &&
            part[name.size()] == '=')
            return std::string(part.substr(name.size() + 1));
        i = end;
    }
    return "";
}

ApiResponse error(int status, const std::string& message) {
    return from_error(ApiError{status, message});
}

// The session cookie's Set-Cookie value (an empty token and max_age 0 clear it).
std::string session_cookie(const std::string& token, std::int64_t max_age_s, bool https) {
    return std::string(AccountService::kCookie) + "=" + token +
           "; Path=/; HttpOnly; SameSite=Lax; Max-Age=" + std::to_string(max_age_s) +
           (https ? "; Secure" : "");
}

constexpr const char* kNotLoggedIn = "not logged in (or the session has expired)";

Json account_json(const Account& a) {
    return Json{{"name", a.name}, {"bot", a.bot}, {"created_ms", a.created_ms}};
}

}  // namespace

AccountService::AccountService(Storage& storage, AccountLimits limits)
    : storage_(storage), limits_(limits) {
    if (sodium_init() < 0) throw std::runtime_error("libsodium cannot start");
    for (int i = 0; i < std::max(1, limits_.hash_threads); ++i)
        threads_.emplace_back([this] { worker(); });
}

AccountService::~AccountService() { stop(); }

void AccountService::stop() {
    {
        std::lock_guard lock(mutex_);
        closing_ = true;
    }
    cv_.notify_all();
    for (std::thread& t : threads_)
        if (t.joinable()) t.join();
    // Requests still waiting are answered: the server is stopping.
    decltype(queue_) waiting;
    {
        std::lock_guard lock(mutex_);
        waiting.swap(queue_);
    }
    for (auto& [req, done] : waiting) done(error(503, "the server is stopping; try again"));
}

void AccountService::handle(AccountRequest req, std::function<void(ApiResponse)> done) {
    if (req.path == "/api/account" && req.method == "GET") return done(whoami(req));
    if (req.path == "/api/account/games" && req.method == "GET") return done(ongoing_games(req));
    const bool read = req.path == "/api/account/export" || req.path == "/api/account/games";
    if (req.method != "POST" && !(req.method == "GET" && read))
        return done(error(405, read ? "use GET" : "use POST"));
    if (const std::string why = cross_site(req); !why.empty()) return done(error(403, why));
    {
        std::lock_guard lock(mutex_);
        if (queue_.size() < limits_.queue && !closing_) {
            queue_.emplace_back(std::move(req), std::move(done));
            cv_.notify_one();
            return;
        }
    }
    done(error(503, "too many account requests at once; try again in a moment"));
}

void AccountService::worker() {
    std::unique_lock lock(mutex_);
    for (;;) {
        cv_.wait(lock, [&] { return closing_ || !queue_.empty(); });
        if (closing_) return;
        auto [req, done] = std::move(queue_.front());
        queue_.pop_front();
        lock.unlock();
        ApiResponse r = run(req);
        done(std::move(r));
        lock.lock();
    }
}

std::string AccountService::cross_site(const AccountRequest& req) {
    if (req.fetch_site == "cross-site" || req.fetch_site == "same-site")
        return "cross-site request refused: it comes from another site (Sec-Fetch-Site)";
    if (!req.origin.empty()) {
        const std::size_t scheme = req.origin.find("://");
        const std::string host =
            scheme == std::string::npos ? req.origin : req.origin.substr(scheme + 3);
        if (host != req.host)
            return "cross-site request refused: Origin " + req.origin + " is not this site";
    }
    return "";
}

ApiResponse AccountService::run(const AccountRequest& req) {
    const std::string_view action = std::string_view(req.path).substr(
        std::min(req.path.size(), std::string_view("/api/account/").size()));
    if (req.path == "/api/account/export") return export_data(req);
    if (action == "logout") {
        if (!req.body.empty() && req.body != "{}")
            return error(400, "a logout has no body (or {})");
        return logout(req);
    }
    Json body;
    auto fields = [&](std::vector<Field> f) { return parse_body(req.body, f, body); };
    ApiError e;
    if (action == "signup" || action == "login") {
        if ((e = fields({{"name", Type::STRING, true}, {"password", Type::STRING, true}})))
            return from_error(e);
        return action == "signup" ? signup(req, body) : login(req, body);
    }
    if (action == "password") {
        if ((e = fields({{"password", Type::STRING, true}, {"new_password", Type::STRING, true}})))
            return from_error(e);
        return change_password(req, body);
    }
    if (action == "delete" || action == "bot") {
        if ((e = fields({{"password", Type::STRING, true}}))) return from_error(e);
        return action == "bot" ? make_bot(req, body) : remove(req, body);
    }
    return error(404, "no such endpoint");
}

ApiResponse AccountService::signup(const AccountRequest& req, const Json& body) {
    const std::string& name = body["name"].get_ref<const std::string&>();
    const std::string& password = body["password"].get_ref<const std::string&>();
    if (const std::string why = players::name_problem(name); !why.empty())
        return error(400, "name: " + why);
    if (const std::string why = players::password_problem(password); !why.empty())
        return error(400, "password: " + why);
    Account a{players::name_key(name), name, now_ms(), false, false};
    // Taken names are refused before the hashing's cost.
    Status read = Status::ok();
    if (load(a.id, nullptr, read))
        return error(409, "name: the username \"" + name + "\" is taken");
    if (!read) return error(read.is_unavailable() ? 503 : 500, read.message());
    std::string hash;
    if (!hash_password(password, hash)) return error(503, "out of memory to hash the password");
    std::vector<std::int64_t> changed;
    if (Status s = storage_.run_sql(
            {{&sql::kInsertAccount, {a.id, a.name, hash, std::to_string(a.created_ms)}}}, nullptr,
            &changed);
        !s)
        return error(s.is_unavailable() ? 503 : 500, s.message());
    if (changed.at(0) == 0) return error(409, "name: the username \"" + name + "\" is taken");
    return open_session(req, a, 201);
}

ApiResponse AccountService::login(const AccountRequest& req, const Json& body) {
    const std::string& name = body["name"].get_ref<const std::string&>();
    const std::string& password = body["password"].get_ref<const std::string&>();
    const std::string id = players::name_key(name.substr(0, 64));
    if (const std::int64_t wait = throttle_.wait_ms(id, req.client, now_ms()); wait > 0) {
        ApiResponse r = error(429, "too many failed logins: try again in " +
                                       std::to_string((wait + 999) / 1000) + " s");
        r.headers.emplace_back("Retry-After", std::to_string((wait + 999) / 1000));
        return r;
    }
    Status s = Status::ok();
    std::string hash;
    const std::optional<Account> a = load(id, &hash, s);
    if (!s) return error(s.is_unavailable() ? 503 : 500, s.message());
    const bool right = verify_password(a ? hash : dummy_hash(), password) && a;
    if (!right) {
        throttle_.failed(id, req.client, now_ms());
        return error(401, "wrong username or password");
    }
    if (a->disabled) return error(403, "this account is disabled");
    throttle_.succeeded(id, req.client, now_ms());
    return open_session(req, *a, 200);
}

ApiResponse AccountService::open_session(const AccountRequest& req, const Account& a, int status) {
    const std::string token = new_token();
    const std::int64_t now = now_ms(), expires = now + limits_.session_ms;
    if (Status s = storage_.run_sql(
            {{&sql::kDeleteExpiredSessions, {a.id, std::to_string(now)}},
             {&sql::kInsertSession,
              {session_id(token), a.id, std::to_string(now), std::to_string(expires)}}},
            nullptr);
        !s)
        return error(s.is_unavailable() ? 503 : 500, s.message());
    ApiResponse r = json_response(status, Json{{"account", account_json(a)}});
    r.headers.emplace_back("Set-Cookie",
                           session_cookie(token, limits_.session_ms / 1000, req.https));
    return r;
}

ApiResponse AccountService::logout(const AccountRequest& req) {
    const std::string token = cookie_value(req.cookie, kCookie);
    if (!token.empty()) {
        const std::string id = session_id(token);
        if (Status s = storage_.run_sql({{&sql::kDeleteSession, {id}}}, nullptr); !s)
            return error(s.is_unavailable() ? 503 : 500, s.message());
        sessions_.erase(id);
    }
    ApiResponse r = json_response(200, Json{{"account", nullptr}});
    r.headers.emplace_back("Set-Cookie", session_cookie("", 0, req.https));
    return r;
}

ApiResponse AccountService::change_password(const AccountRequest& req, const Json& body) {
    const std::optional<Account> a = session_account(req, nullptr);
    if (!a) return error(401, kNotLoggedIn);
    if (ApiResponse r = check_password(req, *a, body["password"].get_ref<const std::string&>());
        r.status != 200)
        return r;
    const std::string& next = body["new_password"].get_ref<const std::string&>();
    if (const std::string why = players::password_problem(next); !why.empty())
        return error(400, "new_password: " + why);
    std::string fresh;
    if (!hash_password(next, fresh)) return error(503, "out of memory to hash the password");
    // Every session ends (a stolen one too); this request gets a new one.
    if (Status w = storage_.run_sql(
            {{&sql::kSetPassword, {fresh, a->id}, true}, {&sql::kDeleteSessionsOf, {a->id}}},
            nullptr);
        !w)
        return error(w.is_unavailable() ? 503 : 500, w.message());
    sessions_.clear();
    return open_session(req, *a, 200);
}

ApiResponse AccountService::export_data(const AccountRequest& req) {
    const std::optional<Account> a = session_account(req, nullptr);
    if (!a) return error(401, kNotLoggedIn);
    std::vector<SqlRows> rows;
    if (Status s =
            storage_.run_sql({{&sql::kSessionsOf, {a->id, std::to_string(now_ms())}}}, &rows);
        !s)
        return error(s.is_unavailable() ? 503 : 500, s.message());
    Json sessions = Json::array();
    for (const auto& row : rows.at(0))
        sessions.push_back(
            {{"created_ms", std::stoll(row.at(0))}, {"expires_ms", std::stoll(row.at(1))}});
    ApiResponse r = json_response(200, Json{{"account", account_json(*a)}, {"sessions", sessions}});
    r.headers.emplace_back("Content-Disposition",
                           "attachment; filename=\"chimera-" + a->id + ".json\"");
    return r;
}

ApiResponse AccountService::remove(const AccountRequest& req, const Json& body) {
    const std::optional<Account> a = session_account(req, nullptr);
    if (!a) return error(401, kNotLoggedIn);
    if (ApiResponse r = check_password(req, *a, body["password"].get_ref<const std::string&>());
        r.status != 200)
        return r;
    // Its games stay, without its name; its ratings go.
    if (Status w = storage_.run_sql({{&sql::kDeleteSessionsOf, {a->id}},
                                     {&sql::kForgetWhite, {a->name}},
                                     {&sql::kForgetBlack, {a->name}},
                                     {&sql::kDeleteRatingChanges, {a->id}},
                                     {&sql::kDeleteRatings, {a->id}},
                                     {&sql::kDeleteAccount, {a->id}, true}},
                                    nullptr);
        !w)
        return error(w.is_unavailable() ? 503 : 500, w.message());
    sessions_.clear();
    if (on_deleted) on_deleted(a->name);
    ApiResponse r = json_response(200, Json{{"account", nullptr}, {"deleted", a->name}});
    r.headers.emplace_back("Set-Cookie", session_cookie("", 0, req.https));
    return r;
}

ApiResponse AccountService::check_password(const AccountRequest& req, const Account& a,
                                           const std::string& password) {
    if (const std::int64_t wait = throttle_.wait_ms(a.id, req.client, now_ms()); wait > 0)
        return error(429, "too many wrong passwords: try again in " +
                              std::to_string((wait + 999) / 1000) + " s");
    Status s = Status::ok();
    std::string hash;
    if (!load(a.id, &hash, s) || !s)
        return error(s ? 401 : 503, s ? "no such account" : s.message());
    if (!verify_password(hash, password)) {
        throttle_.failed(a.id, req.client, now_ms());
        return error(401, "password: the password is wrong");
    }
    return json_response(200, Json::object());
}

ApiResponse AccountService::whoami(const AccountRequest& req) {
    const std::optional<Account> a = session_account(req, nullptr);
    return json_response(200, Json{{"account", a ? account_json(*a) : Json()}});
}

ApiResponse AccountService::ongoing_games(const AccountRequest& req) {
    const std::optional<Account> a = session_account(req, nullptr);
    if (!a) return error(401, kNotLoggedIn);
    std::vector<SqlRows> rows;
    if (Status s = storage_.run_sql({{&sql::kOngoingGamesOf, {a->name}}}, &rows); !s)
        return error(s.is_unavailable() ? 503 : 500, s.message());
    Json games = Json::array();
    for (const auto& r : rows.at(0)) {
        const int side = r.at(3) == a->name ? 0 : 1;
        const std::string& opponent = r.at(4 - side);
        games.push_back({{"id", r.at(0)},
                         {"variant", r.at(1)},
                         {"mode", r.at(2)},
                         {"side", side == 0 ? "white" : "black"},
                         {"token", r.at(5 + side)},
                         {"opponent", opponent.empty() ? Json() : Json(opponent)},
                         {"rated", r.at(7) != "0"}});
    }
    return json_response(200, Json{{"games", games}});
}

bool AccountService::disabled(const std::string& name) {
    const std::string id = players::name_key(name);
    const std::int64_t now = now_ms();
    if (const auto c = disabled_.get(id); c && now - c->second < kCacheMs) return c->first;
    Status s = Status::ok();
    const std::optional<Account> a = load(id, nullptr, s);
    if (!s) return false;
    const bool off = a && a->disabled;
    disabled_.put(id, std::make_pair(off, now));
    return off;
}

std::optional<Account> AccountService::account_of(const std::string& cookie_header,
                                                  bool* unavailable,
                                                  const std::string& authorization) {
    AccountRequest req;
    req.cookie = cookie_header;
    req.authorization = authorization;
    return session_account(req, nullptr, unavailable);
}

ApiResponse AccountService::make_bot(const AccountRequest& req, const Json& body) {
    const std::optional<Account> a = session_account(req, nullptr);
    if (!a) return error(401, kNotLoggedIn);
    if (ApiResponse r = check_password(req, *a, body["password"].get_ref<const std::string&>());
        r.status != 200)
        return r;
    if (!a->bot) {
        std::vector<SqlRows> rows;
        if (Status s = storage_.run_sql({{&sql::kRatedGamesOf, {a->id}}}, &rows); !s)
            return error(s.is_unavailable() ? 503 : 500, s.message());
        if (rows.at(0).at(0).at(0) != "0")
            return error(409,
                         "an account that has played rated games cannot become a bot: its "
                         "ratings are a person's");
    }
    const std::string token = new_token();
    if (Status w = storage_.run_sql({{&sql::kSetBot, {session_id(token), a->id}, true}}, nullptr);
        !w)
        return error(w.is_unavailable() ? 503 : 500, w.message());
    sessions_.clear();  // the token before no longer counts
    Account bot = *a;
    bot.bot = true;
    return json_response(200, Json{{"account", account_json(bot)}, {"token", token}});
}

std::optional<Account> AccountService::bot_account(const std::string& authorization,
                                                   bool* unavailable) {
    constexpr std::string_view kBearer = "Bearer ";
    if (authorization.size() != kBearer.size() + 64 || authorization.rfind(kBearer, 0) != 0)
        return std::nullopt;
    const std::string hash = session_id(authorization.substr(kBearer.size()));
    return cached_account("bot:" + hash, {&sql::kBotOfToken, {hash}}, unavailable);
}

std::optional<Account> AccountService::cached_account(const std::string& key, const SqlCall& call,
                                                      bool* unavailable) {
    const std::int64_t now = now_ms();
    if (const std::optional<Cached> c = sessions_.get(key); c && now - c->read_ms < kCacheMs) {
        if (c->expires_ms <= now || c->account.disabled) return std::nullopt;
        return c->account;
    }
    std::vector<SqlRows> rows;
    if (Status s = storage_.run_sql({call}, &rows); !s) {
        if (unavailable) *unavailable = true;
        return std::nullopt;
    }
    if (rows.at(0).empty()) {
        sessions_.erase(key);
        return std::nullopt;
    }
    const auto& r = rows[0][0];
    Cached c{Account{r.at(0), r.at(1), std::stoll(r.at(2)), r.at(3) != "0", r.at(4) != "0"},
             r.size() > 5 ? std::stoll(r.at(5)) : std::numeric_limits<std::int64_t>::max(), now};
    sessions_.put(key, c);
    if (c.account.disabled) return std::nullopt;
    return c.account;
}

std::optional<Account> AccountService::session_account(const AccountRequest& req,
                                                       std::string* session, bool* unavailable) {
    const std::string token = cookie_value(req.cookie, kCookie);
    if (token.size() != 64) return bot_account(req.authorization, unavailable);
    const std::string id = session_id(token);
    if (session) *session = id;
    return cached_account(id, {&sql::kSession, {id, std::to_string(now_ms())}}, unavailable);
}

std::optional<Account> AccountService::load(const std::string& id, std::string* password,
                                            Status& s) {
    std::vector<SqlRows> rows;
    s = storage_.run_sql({{&sql::kAccount, {id}}}, &rows);
    if (!s || rows.at(0).empty()) return std::nullopt;
    const auto& r = rows[0][0];
    if (password) *password = r.at(2);
    return Account{r.at(0), r.at(1), std::stoll(r.at(3)), r.at(4) != "0", r.at(5) != "0"};
}

Status AccountService::reset_password(Storage& storage, const std::string& name,
                                      const std::string& password) {
    if (sodium_init() < 0) return Status::error("libsodium cannot start");
    if (const std::string why = players::password_problem(password); !why.empty())
        return Status::error("password: " + why);
    std::string hash;
    if (!hash_password(password, hash)) return Status::error("out of memory to hash the password");
    const std::string id = players::name_key(name);
    Status s = storage.run_sql(
        {{&sql::kSetPassword, {hash, id}, true}, {&sql::kDeleteSessionsOf, {id}}}, nullptr);
    if (s.is_conflict()) return Status::error("no account \"" + name + "\"");
    return s;
}

Status AccountService::set_disabled(Storage& storage, const std::string& name, bool disabled) {
    const std::string id = players::name_key(name);
    std::vector<SqlCall> calls = {{&sql::kSetDisabled, {disabled ? "1" : "0", id}, true}};
    if (disabled) calls.push_back({&sql::kDeleteSessionsOf, {id}});  // its sessions end
    Status s = storage.run_sql(calls, nullptr);
    if (s.is_conflict()) return Status::error("no account \"" + name + "\"");
    return s;
}

}  // namespace chimera::server
