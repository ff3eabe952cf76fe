// The statements on the ratings' tables (migration 12), one text for both
// backends (Storage::run_sql). Private to the game service and the API's
// player pages.
#pragma once

#include "server/storage.h"

namespace chimera::server::sql {

// Keyed by the accounts' ids (names in lower case).
// Every existing account of the two, with its rating in the variant if it has one.
inline constexpr SqlStatement kRatingsOf{
    "ratings_of",
    "SELECT a.id, r.rating, r.deviation, r.volatility, r.games, r.last_ms FROM accounts a "
    "LEFT JOIN ratings r ON r.account = a.id AND r.variant = $1 WHERE a.id IN ($2, $3)"};
inline constexpr SqlStatement kInsertRating{
    "insert_rating",
    "INSERT INTO ratings(account, variant, rating, deviation, volatility, games, last_ms) "
    "VALUES($1, $2, $3, $4, $5, 1, $6) ON CONFLICT (account, variant) DO NOTHING"};
// Written only over the rating it was computed from (its count of games).
inline constexpr SqlStatement kUpdateRating{
    "update_rating",
    "UPDATE ratings SET rating = $1, deviation = $2, volatility = $3, games = games + 1, "
    "last_ms = $4 WHERE account = $5 AND variant = $6 AND games = $7"};
inline constexpr SqlStatement kInsertRatingChange{
    "insert_rating_change",
    "INSERT INTO rating_changes(game_id, account, variant, before, after, deviation, at_ms) "
    "VALUES($1, $2, $3, $4, $5, $6, $7)"};
inline constexpr SqlStatement kRatingChangesOfGame{
    "rating_changes_of_game",
    "SELECT account, before, after, deviation FROM rating_changes WHERE game_id = $1"};
// A variant's ratings, best first (the provisional ones are left out after).
inline constexpr SqlStatement kLeaderboard{
    "leaderboard",
    "SELECT a.name, r.rating, r.deviation, r.volatility, r.games, r.last_ms FROM ratings r "
    "JOIN accounts a ON a.id = r.account WHERE r.variant = $1 AND a.disabled = 0 "
    "AND r.deviation <= 110 ORDER BY r.rating DESC LIMIT 1000"};
inline constexpr SqlStatement kPlayer{
    "player", "SELECT id, name, created_ms, disabled, bot FROM accounts WHERE id = $1"};
inline constexpr SqlStatement kPlayerRatings{
    "player_ratings",
    "SELECT variant, rating, deviation, volatility, games, last_ms FROM ratings "
    "WHERE account = $1 ORDER BY variant"};
inline constexpr SqlStatement kPlayerHistory{
    "player_history",
    "SELECT variant, at_ms, after, game_id FROM rating_changes WHERE account = $1 "
    "ORDER BY at_ms, game_id"};
// A player's finished games, newest first ($1 the name as the seats hold it).
inline constexpr SqlStatement kPlayerGames{
    "player_games",
    "SELECT id, variant, mode, plies, result, termination, updated_ms, account_white, "
    "account_black, rated FROM games WHERE (account_white = $1 OR account_black = $1) "
    "AND result <> '*' AND ($2 = '' OR variant = $2) AND ($3 = '' OR rated = $4) "
    "ORDER BY updated_ms DESC, id DESC LIMIT 2000"};
// An account deleted: its games keep their moves but no longer its name.
// (The version moves on: a server holding one of the games meets a conflict at
// its next write and reads it again, without the name.)
inline constexpr SqlStatement kForgetWhite{
    "forget_white",
    "UPDATE games SET account_white = '', version = version + 1 WHERE account_white = $1"};
inline constexpr SqlStatement kForgetBlack{
    "forget_black",
    "UPDATE games SET account_black = '', version = version + 1 WHERE account_black = $1"};
inline constexpr SqlStatement kDeleteRatings{"delete_ratings",
                                             "DELETE FROM ratings WHERE account = $1"};
inline constexpr SqlStatement kDeleteRatingChanges{"delete_rating_changes",
                                                   "DELETE FROM rating_changes WHERE account = $1"};

}  // namespace chimera::server::sql
