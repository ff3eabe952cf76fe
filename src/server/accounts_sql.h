// The statements on the accounts' tables (migration 11), one text for both
// backends (Storage::run_sql). Private to accounts.cpp.
#pragma once

#include "server/storage.h"

namespace chimera::server::sql {

inline constexpr SqlStatement kInsertAccount{
    "insert_account",
    "INSERT INTO accounts(id, name, password, created_ms) VALUES($1, $2, $3, $4) "
    "ON CONFLICT (id) DO NOTHING"};
inline constexpr SqlStatement kAccount{
    "account", "SELECT id, name, password, created_ms, disabled, bot FROM accounts WHERE id = $1"};
inline constexpr SqlStatement kSetPassword{"set_password",
                                           "UPDATE accounts SET password = $1 WHERE id = $2"};
inline constexpr SqlStatement kSetDisabled{"set_disabled",
                                           "UPDATE accounts SET disabled = $1 WHERE id = $2"};
inline constexpr SqlStatement kDeleteAccount{"delete_account",
                                             "DELETE FROM accounts WHERE id = $1"};
inline constexpr SqlStatement kInsertSession{
    "insert_session",
    "INSERT INTO sessions(id, account, created_ms, expires_ms) VALUES($1, $2, $3, $4)"};
inline constexpr SqlStatement kSession{
    "session",
    "SELECT a.id, a.name, a.created_ms, a.disabled, a.bot, s.expires_ms FROM sessions s "
    "JOIN accounts a ON a.id = s.account WHERE s.id = $1 AND s.expires_ms > $2"};
inline constexpr SqlStatement kDeleteSession{"delete_session",
                                             "DELETE FROM sessions WHERE id = $1"};
inline constexpr SqlStatement kDeleteSessionsOf{"delete_sessions_of",
                                                "DELETE FROM sessions WHERE account = $1"};
inline constexpr SqlStatement kDeleteExpiredSessions{
    "delete_expired_sessions", "DELETE FROM sessions WHERE account = $1 AND expires_ms <= $2"};
inline constexpr SqlStatement kSessionsOf{
    "sessions_of",
    "SELECT created_ms, expires_ms FROM sessions WHERE account = $1 AND "
    "expires_ms > $2 ORDER BY created_ms"};

// A bot's API token (its hash), and the bot it belongs to.
inline constexpr SqlStatement kSetBot{"set_bot",
                                      "UPDATE accounts SET bot = 1, bot_token = $1 WHERE id = $2"};
inline constexpr SqlStatement kBotOfToken{
    "bot_of_token",
    "SELECT id, name, created_ms, disabled, bot FROM accounts WHERE bot_token = $1 AND bot = 1"};
inline constexpr SqlStatement kRatedGamesOf{"rated_games_of",
                                            "SELECT count(*) FROM ratings WHERE account = $1"};

// An account's games going on (its seats' tokens are its own: any of its
// sessions may play them).
inline constexpr SqlStatement kOngoingGamesOf{
    "ongoing_games_of",
    "SELECT id, variant, mode, account_white, account_black, token_white, token_black, rated "
    "FROM games WHERE (account_white = $1 OR account_black = $1) AND result = '*' AND "
    "termination = '' ORDER BY updated_ms DESC, id DESC LIMIT 50"};

}  // namespace chimera::server::sql
