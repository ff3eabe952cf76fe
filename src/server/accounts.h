// Accounts, optional (docs/api.md, "Accounts"): sign up with a username and a
// password, log in and out, change the password, export one's data, delete
// the account. Passwords are kept as Argon2id strings (libsodium); a login
// gives a session, an HttpOnly cookie whose token the database keeps only
// hashed, with its expiry. Requests that change something are refused when
// a browser says they come from another site. Failed logins slow down
// (login_throttle.h). Hashing a password takes tens of milliseconds and
// 64 MB, so it runs on the service's own threads, a bounded queue of them:
// a crowd of logins waits there (or is refused 503), never the network.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "server/api.h"
#include "server/login_throttle.h"
#include "server/lru_cache.h"
#include "server/storage.h"

namespace chimera::server {

struct Account {
    std::string id;    // the name in lower case
    std::string name;  // as its owner wrote it
    std::int64_t created_ms = 0;
    bool disabled = false, bot = false;
};

// What the account endpoints read of an HTTP request.
struct AccountRequest {
    std::string method, path, body;
    std::string cookie;         // the Cookie header
    std::string authorization;  // the Authorization header (a bot's "Bearer <token>")
    std::string origin;         // the Origin header, if any
    std::string host;           // the Host header
    std::string fetch_site;     // Sec-Fetch-Site, if any
    std::string client;         // the address key
    bool https = false;         // reached over TLS (a trusted proxy says so)
};

struct AccountLimits {
    int hash_threads = 1;
    std::size_t queue = 32;                                         // requests waiting for a hash
    std::int64_t session_ms = std::int64_t{30} * 24 * 3600 * 1000;  // a session's life
};

class AccountService {
  public:
    static constexpr const char* kCookie = "chimera_session";

    AccountService(Storage& storage, AccountLimits limits = {});
    ~AccountService();
    AccountService(const AccountService&) = delete;
    AccountService& operator=(const AccountService&) = delete;

    // Answers a request to /api/account...; done may be called on another
    // thread, once.
    void handle(AccountRequest req, std::function<void(ApiResponse)> done);

    // Called with an account's name once it is deleted (the game service
    // forgets it in the games it holds).
    std::function<void(const std::string&)> on_deleted;

    // The account a Cookie header's session belongs to, if it is valid.
    // Whether the account of that name is disabled (read at most every
    // kCacheMs per account; an account that cannot be read counts as not).
    bool disabled(const std::string& name);
    // *unavailable: a session was there but the database could not be read.
    // A bot is known by its token instead, in `authorization` ("Bearer <token>").
    std::optional<Account> account_of(const std::string& cookie_header, bool* unavailable = nullptr,
                                      const std::string& authorization = "");
    // Stops the hashing threads and answers what waits (503); before the
    // network goes (its answers are posted there). Idempotent.
    void stop();

    // Whether a request that changes something may: not refused as coming
    // from another site (Origin or Sec-Fetch-Site); "" or why not.
    static std::string cross_site(const AccountRequest& req);

    // The administrator's commands (`chimera admin`): a new password (every
    // session of the account ends), an account disabled or enabled again.
    static Status reset_password(Storage& storage, const std::string& name,
                                 const std::string& password);
    static Status set_disabled(Storage& storage, const std::string& name, bool disabled);

  private:
    ApiResponse run(const AccountRequest& req);  // on a hashing thread
    ApiResponse signup(const AccountRequest& req, const Json& body);
    ApiResponse login(const AccountRequest& req, const Json& body);
    ApiResponse logout(const AccountRequest& req);
    ApiResponse change_password(const AccountRequest& req, const Json& body);
    ApiResponse export_data(const AccountRequest& req);
    ApiResponse remove(const AccountRequest& req, const Json& body);
    ApiResponse whoami(const AccountRequest& req);
    ApiResponse ongoing_games(const AccountRequest& req);  // GET /api/account/games
    // The account becomes a bot (one that has played no rated game) and is
    // given a new API token, which ends the one before.
    ApiResponse make_bot(const AccountRequest& req, const Json& body);
    std::optional<Account> bot_account(const std::string& authorization, bool* unavailable);
    // The account a session or bot token stands for (key: its hash, "bot:" before a
    // bot's): from the cache while fresh, else read by `call` (rows: id, name,
    // created_ms, disabled, bot[, a session's expires_ms]).
    std::optional<Account> cached_account(const std::string& key, const SqlCall& call,
                                          bool* unavailable);
    // A new session for the account: its response with the cookie set.
    ApiResponse open_session(const AccountRequest& req, const Account& a, int status);
    std::optional<Account> load(const std::string& id, std::string* password, Status& s);
    std::optional<Account> session_account(const AccountRequest& req, std::string* session_id,
                                           bool* unavailable = nullptr);
    // A password given to change or delete the account: checked with the
    // login's back-off (a stolen session cannot guess it fast).
    ApiResponse check_password(const AccountRequest& req, const Account& a,
                               const std::string& password);
    void worker();

    Storage& storage_;
    AccountLimits limits_;
    LoginThrottle throttle_;
    // Sessions read lately (session id -> account, expiry), trusted for
    // kCacheMs: with several servers an ended session or a disabled account
    // is refused everywhere within that.
    static constexpr std::int64_t kCacheMs = 10 * 1000;
    struct Cached {
        Account account;
        std::int64_t expires_ms = 0, read_ms = 0;
    };
    LruCache<std::optional<Cached>> sessions_{4096};
    LruCache<std::optional<std::pair<bool, std::int64_t>>> disabled_{4096};  // and when read

    std::mutex mutex_;
    std::condition_variable cv_;
    std::deque<std::pair<AccountRequest, std::function<void(ApiResponse)>>> queue_;
    bool closing_ = false;
    std::vector<std::thread> threads_;
};

}  // namespace chimera::server
