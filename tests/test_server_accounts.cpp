// Accounts against `chimera serve` (docs/api.md, "Accounts"): sign-up, login,
// logout and the session cookie; every refusal with its status and message
// (bad password, taken or invalid name, expired session, cross-site request,
// failed logins slowed down); a password change ending the other sessions;
// export and deletion; the administrator's commands.
#include <cstdlib>
#include <fstream>

#include "binary_under_test.h"
#include "server_client.h"

namespace chimera {
namespace {

using namespace chimera::testing;

class ServerAccounts : public BackendServerFixture {
  protected:
    // A request with the session's cookie (if any) and extra headers.
    HttpResult call(const std::string& method, const std::string& path, const Json& body,
                    const std::string& cookie = "", Headers headers = {}) {
        if (!cookie.empty()) headers.emplace_back("Cookie", cookie);
        return http_request(port(), method, path, body.is_null() ? "" : body.dump(),
                            "application/json", headers);
    }
    // The cookie a response sets, as a Cookie header sends it back ("" if none).
    static std::string cookie_of(const HttpResult& r) {
        const std::string set = r.header("Set-Cookie");
        return set.substr(0, set.find(';'));
    }
    HttpResult signup(const std::string& name, const std::string& password) {
        return call("POST", "/api/account/signup", {{"name", name}, {"password", password}});
    }
    HttpResult login(const std::string& name, const std::string& password) {
        return call("POST", "/api/account/login", {{"name", name}, {"password", password}});
    }
    Json whoami(const std::string& cookie) {
        const HttpResult r = call("GET", "/api/account", nullptr, cookie);
        EXPECT_EQ(r.status, 200) << r;
        return r.json()["account"];
    }
    static std::string message(const HttpResult& r) {
        return r.json()["error"].value("message", "");
    }
};
CHIMERA_ON_EACH_BACKEND(ServerAccounts);

TEST_P(ServerAccounts, SignUpLogInAndOutWithAnHttpOnlySessionCookie) {
    EXPECT_TRUE(whoami("").is_null());  // anonymous
    HttpResult r = signup("Alice_1", "correct horse");
    ASSERT_EQ(r.status, 201) << r;
    EXPECT_EQ(r.json()["account"]["name"], "Alice_1");
    const std::string set = r.header("Set-Cookie");
    EXPECT_NE(set.find("chimera_session="), std::string::npos) << set;
    for (const char* attribute : {"HttpOnly", "SameSite=Lax", "Path=/", "Max-Age="})
        EXPECT_NE(set.find(attribute), std::string::npos) << attribute << " in " << set;
    EXPECT_EQ(set.find("Secure"), std::string::npos) << "not over TLS: " << set;
    const std::string cookie = cookie_of(r);
    EXPECT_EQ(whoami(cookie)["name"], "Alice_1");
    // The database keeps the password as Argon2id and the session only hashed.
    EXPECT_EQ(query_database(db(), "SELECT substr(password, 1, 10) FROM accounts"),
              (Rows{{"$argon2id$"}}));
    const std::string token = cookie.substr(cookie.find('=') + 1);
    EXPECT_EQ(query_database(db(), "SELECT count(*) FROM sessions WHERE id = '" + token + "'"),
              (Rows{{"0"}}));

    r = call("POST", "/api/account/logout", nullptr, cookie);
    ASSERT_EQ(r.status, 200) << r;
    EXPECT_NE(r.header("Set-Cookie").find("Max-Age=0"), std::string::npos)
        << r.header("Set-Cookie");
    EXPECT_TRUE(whoami(cookie).is_null()) << "the session ended on the server, not only the cookie";

    r = login("ALICE_1", "correct horse");  // names are found in any case
    ASSERT_EQ(r.status, 200) << r;
    EXPECT_EQ(whoami(cookie_of(r))["name"], "Alice_1");
    r = login("alice_1", "wrong horse");
    EXPECT_EQ(r.status, 401) << r;
    EXPECT_EQ(message(r), "wrong username or password");
    r = login("nobody", "whatever it is");
    EXPECT_EQ(r.status, 401) << r;
    EXPECT_EQ(message(r), "wrong username or password") << "the same answer: no name is revealed";
}

TEST_P(ServerAccounts, EveryRefusalOfASignUpSaysWhy) {
    ASSERT_EQ(signup("bob", "a good password").status, 201);
    HttpResult r = signup("BOB", "another password");
    EXPECT_EQ(r.status, 409) << r;
    EXPECT_EQ(message(r), "name: the username \"BOB\" is taken");
    const std::vector<std::pair<std::string, std::string>> bad = {
        {"ab", "3 to 20"},
        {"a b c", "character 2"},
        {"-dash", "starts with"},
        {"Chimera-2", "pass for the site or the computer"},
        {"computer", "pass for the site or the computer"},
    };
    for (const auto& [name, why] : bad) {
        r = signup(name, "a good password");
        EXPECT_EQ(r.status, 400) << name << ": " << r;
        EXPECT_NE(message(r).find(why), std::string::npos) << name << ": " << r;
    }
    r = signup("carol", "short");
    EXPECT_EQ(r.status, 400) << r;
    EXPECT_NE(message(r).find("password: a password has at least 8"), std::string::npos) << r;
    r = call("POST", "/api/account/signup", {{"name", "carol"}});
    EXPECT_EQ(r.status, 400) << r;
    EXPECT_EQ(message(r), "missing field 'password'");
    r = call("POST", "/api/account/signup",
             {{"name", "carol"}, {"password", "long enough"}, {"x", 1}});
    EXPECT_EQ(r.status, 400) << r;
    r = http_request(port(), "POST", "/api/account/signup", "{\"name\": ", "application/json");
    EXPECT_EQ(r.status, 400) << r;
    EXPECT_EQ(message(r), "body is not valid JSON");
    EXPECT_EQ(call("GET", "/api/account/signup", nullptr).status, 405);
    EXPECT_EQ(call("POST", "/api/account/nothing", Json::object()).status, 404);
}

TEST_P(ServerAccounts, ARequestFromAnotherSiteIsRefused) {
    const Json body = {{"name", "dave"}, {"password", "a good password"}};
    HttpResult r =
        call("POST", "/api/account/signup", body, "", {{"Origin", "https://evil.example"}});
    EXPECT_EQ(r.status, 403) << r;
    EXPECT_NE(message(r).find("cross-site request refused"), std::string::npos) << r;
    r = call("POST", "/api/account/signup", body, "", {{"Sec-Fetch-Site", "cross-site"}});
    EXPECT_EQ(r.status, 403) << r;
    // An Origin that is not even UTF-8 is refused like any other, and the
    // server goes on (its message replaces the bytes it cannot write).
    r = call("POST", "/api/account/login", body, "", {{"Origin", "http://\xff\xfe.example"}});
    EXPECT_EQ(r.status, 403) << r;
    EXPECT_EQ(get(port(), "/api/health").status, 200);
    EXPECT_TRUE(query_database(db(), "SELECT id FROM accounts").empty()) << "nothing was stored";
    // The site's own page, and a client that is no browser, are let through.
    r = call("POST", "/api/account/signup", body, "",
             {{"Origin", "http://localhost"}, {"Sec-Fetch-Site", "same-origin"}});
    ASSERT_EQ(r.status, 201) << r;
    const std::string cookie = cookie_of(r);
    r = call("POST", "/api/account/logout", nullptr, cookie, {{"Origin", "http://evil.example"}});
    EXPECT_EQ(r.status, 403) << r;
    EXPECT_EQ(whoami(cookie)["name"], "dave") << "a forged logout ends nothing";
}

TEST_P(ServerAccounts, FailedLoginsSlowDownButDoNotLockTheAccount) {
    ASSERT_EQ(signup("erin", "the right one").status, 201);
    for (int i = 0; i < 3; ++i) EXPECT_EQ(login("erin", "wrong").status, 401) << i;
    EXPECT_EQ(login("erin", "wrong").status, 401);  // the 4th failure starts a back-off
    HttpResult r = login("erin", "the right one");
    EXPECT_EQ(r.status, 429) << r;
    EXPECT_NE(message(r).find("too many failed logins"), std::string::npos) << r;
    EXPECT_EQ(r.header("Retry-After"), "1") << r;
    std::this_thread::sleep_for(1100ms);  // the back-off: slowed, not locked
    r = login("erin", "the right one");
    EXPECT_EQ(r.status, 200) << r;
}

TEST_P(ServerAccounts, AChangedPasswordEndsEveryOtherSession) {
    HttpResult r = signup("frank", "first password");
    ASSERT_EQ(r.status, 201);
    const std::string first = cookie_of(r);
    const std::string second = cookie_of(login("frank", "first password"));
    ASSERT_FALSE(second.empty());
    r = call("POST", "/api/account/password",
             {{"password", "not it at all"}, {"new_password", "second password"}}, first);
    EXPECT_EQ(r.status, 401) << r;
    r = call("POST", "/api/account/password",
             {{"password", "first password"}, {"new_password", "second password"}}, "");
    EXPECT_EQ(r.status, 401) << r;
    EXPECT_EQ(message(r), "not logged in (or the session has expired)");
    r = call("POST", "/api/account/password",
             {{"password", "first password"}, {"new_password", "second password"}}, first);
    ASSERT_EQ(r.status, 200) << r;
    const std::string renewed = cookie_of(r);
    EXPECT_EQ(whoami(renewed)["name"], "frank");
    EXPECT_TRUE(whoami(first).is_null());
    EXPECT_TRUE(whoami(second).is_null());
    EXPECT_EQ(login("frank", "first password").status, 401);
    EXPECT_EQ(login("frank", "second password").status, 200);
}

TEST_P(ServerAccounts, AnExpiredSessionIsRefused) {
    const std::string cookie = cookie_of(signup("gina", "a good password"));
    ASSERT_EQ(whoami(cookie)["name"], "gina");
    ASSERT_TRUE(server_.stop());
    EXPECT_EQ(edit_db("UPDATE sessions SET expires_ms = 1"), 1);
    ASSERT_TRUE(server_.start(db()));
    EXPECT_TRUE(whoami(cookie).is_null());
    const HttpResult r = call("GET", "/api/account/export", nullptr, cookie);
    EXPECT_EQ(r.status, 401) << r;
}

TEST_P(ServerAccounts, APlayerExportsTheirDataAndDeletesTheAccount) {
    const std::string cookie = cookie_of(signup("hugo", "a good password"));
    HttpResult r = call("GET", "/api/account/export", nullptr, cookie);
    ASSERT_EQ(r.status, 200) << r;
    EXPECT_EQ(r.json()["account"]["name"], "hugo");
    EXPECT_EQ(r.json()["sessions"].size(), 1u) << r;
    EXPECT_NE(r.header("Content-Disposition").find("chimera-hugo.json"), std::string::npos);
    r = call("POST", "/api/account/delete", {{"password", "wrong password"}}, cookie);
    EXPECT_EQ(r.status, 401) << r;
    r = call("POST", "/api/account/delete", {{"password", "a good password"}}, cookie);
    ASSERT_EQ(r.status, 200) << r;
    EXPECT_EQ(r.json()["deleted"], "hugo");
    EXPECT_TRUE(whoami(cookie).is_null());
    EXPECT_EQ(login("hugo", "a good password").status, 401);
    EXPECT_TRUE(query_database(db(), "SELECT id FROM sessions").empty());
    EXPECT_EQ(signup("Hugo", "a new password").status, 201) << "the name is free again";
}

// `chimera admin`, run on the database while the server is stopped.
TEST_P(ServerAccounts, TheAdministratorResetsAPasswordAndDisablesAnAccount) {
    const std::string cookie = cookie_of(signup("ivan", "forgotten one"));
    // Ivan plays an online game under his account (White) against an anonymous guest.
    const HttpResult game =
        call("POST", "/api/games", {{"variant", "chess"}, {"mode", "online"}, {"side", "white"}},
             cookie);
    ASSERT_EQ(game.status, 201) << game;
    const std::string id = game.json()["id"], ivan_token = game.json()["token"];
    ASSERT_EQ(
        post(port(), "/api/games/" + id + "/join", {{"invite", game.json()["invite"]}}).status,
        200);
    EXPECT_EQ(get(port(), "/api/games/" + id).json()["players"]["white"]["name"], "ivan");
    ASSERT_TRUE(server_.stop());
    auto admin = [&](const std::string& what, const std::string& input = "") {
        const std::string out = dir_.file("admin.out");
        const std::string cmd = "printf '" + input + "' | '" + std::string(chimera_binary()) +
                                "' admin --db '" + db() + "' " + what + " > '" + out + "' 2>&1";
        const int rc = std::system(cmd.c_str());
        std::ifstream in(out);
        std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        return std::make_pair(WIFEXITED(rc) ? WEXITSTATUS(rc) : -1, text);
    };
    auto [rc, text] = admin("reset-password ivan", "remembered now\\n");
    EXPECT_EQ(rc, 0) << text;
    std::tie(rc, text) = admin("reset-password nobody", "remembered now\\n");
    EXPECT_EQ(rc, 1) << text;
    EXPECT_NE(text.find("no account \"nobody\""), std::string::npos) << text;
    std::tie(rc, text) = admin("reset-password ivan", "short\\n");
    EXPECT_EQ(rc, 1) << text;
    std::tie(rc, text) = admin("vanish ivan");
    EXPECT_EQ(rc, 2) << text;
    ASSERT_TRUE(server_.start(db()));
    EXPECT_TRUE(whoami(cookie).is_null()) << "a reset ends the account's sessions";
    EXPECT_EQ(login("ivan", "forgotten one").status, 401);
    const std::string fresh = cookie_of(login("ivan", "remembered now"));
    ASSERT_FALSE(fresh.empty());

    ASSERT_TRUE(server_.stop());
    std::tie(rc, text) = admin("disable ivan");
    EXPECT_EQ(rc, 0) << text;
    ASSERT_TRUE(server_.start(db()));
    EXPECT_TRUE(whoami(fresh).is_null());
    // A disabled account's seats play no more.
    HttpResult moved =
        post(port(), "/api/games/" + id + "/move", {{"token", ivan_token}, {"move", "e2e4"}});
    EXPECT_EQ(moved.status, 403) << moved;
    EXPECT_EQ(message(moved), "this account is disabled: it can no longer play");
    HttpResult r = login("ivan", "remembered now");
    EXPECT_EQ(r.status, 403) << r;
    EXPECT_EQ(message(r), "this account is disabled");
    ASSERT_TRUE(server_.stop());
    std::tie(rc, text) = admin("enable ivan");
    EXPECT_EQ(rc, 0) << text;
    ASSERT_TRUE(server_.start(db()));
    EXPECT_EQ(login("ivan", "remembered now").status, 200);
}

}  // namespace
}  // namespace chimera
