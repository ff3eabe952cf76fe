// The statements of the PostgreSQL backend (postgres_storage.cpp), each
// prepared once per connection, and the game row's columns as parameters
// and as read back.
#pragma once

#include "server/postgres_connection.h"
#include "server/storage.h"

namespace chimera::server::pg {

#define CHIMERA_GAME_COLUMNS                                                                    \
    "id, variant, start_fen, formation, mode, level, computer_side, token_white, token_black, " \
    "white_taken, black_taken, invite, base_ms, inc_ms, remaining_white, remaining_black, "     \
    "result, termination, draw_offer, created_ms, updated_ms, turn_started_ms, given_plies, "   \
    "version, away_white, away_black, takeback_offer, rematch_offer, rematch_id, "              \
    "account_white, account_black, rated"

inline constexpr int kGameColumnCount = 32;  // in CHIMERA_GAME_COLUMNS

// $1-$33 of the game statements are the game's columns (game_params): $24 the
// version the server holds, $25 its moves, $26-$27 its seats' away_ms, $28
// the takeback offer, $29-$30 the rematch offer and game, $31-$33 the seats'
// accounts and whether it is rated; a statement's own parameters follow from $34.
inline constexpr Statement kInsertGame{
    "insert_game",
    "INSERT INTO games(" CHIMERA_GAME_COLUMNS
    ", plies, owner) VALUES($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, "
    "$14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $26, $27, $28, $29, $30, "
    "$31, $32, $33, $25, $34)"};
// Leases (migration 7): a server holds the games whose owner it is while its
// row in `instances` is alive. Every statement that locks several game rows
// locks them in the order of their ids, so none waits for another in a
// circle. A game given up at $2 has owner '' and lease_until -$2.
inline constexpr Statement kReleaseLeases{
    "release_leases",
    "WITH c AS (SELECT id FROM games WHERE owner = $1 AND result = '*' ORDER BY id FOR UPDATE) "
    "UPDATE games g SET owner = '', lease_until = -$2::bigint FROM c WHERE g.id = c.id"};
// The games nobody holds, but those another server is taking at this moment.
// A takeover's credit, in the statement that moves the lease, so that no
// move can come between them: the time from LAST (when the game's duties
// were last done; 0 if not known) until NOW (the takeover) is not charged to
// the running clock (its turn start moves on by it, as far as it is after the
// turn start) nor counted as a seat's absence; the version is raised.
#define CHIMERA_CREDIT(LAST, NOW)                                                                 \
    "turn_started_ms = CASE WHEN base_ms > 0 AND plies > 0 AND turn_started_ms > 0 AND "          \
    "white_taken <> 0 AND black_taken <> 0 AND " LAST " > 0 AND " NOW " > GREATEST(" LAST         \
    ", turn_started_ms) THEN turn_started_ms + (" NOW " - GREATEST(" LAST                         \
    ", turn_started_ms)) "                                                                        \
    "ELSE turn_started_ms END, away_white = CASE WHEN away_white <> 0 AND " LAST " > 0 AND " LAST \
    " < " NOW " THEN LEAST(" NOW ", away_white + (" NOW " - " LAST                                \
    ")) ELSE away_white "                                                                         \
    "END, away_black = CASE WHEN away_black <> 0 AND " LAST " > 0 AND " LAST " < " NOW            \
    " THEN LEAST(" NOW ", away_black + (" NOW " - " LAST                                          \
    ")) ELSE away_black END, "                                                                    \
    "version = version + 1"
// The games nobody holds, but those another server is taking at this moment,
// to $1 at $2, with the credit from when they were given up.
inline constexpr Statement kTakeReleased{
    "take_released",
    "WITH c AS (SELECT id, lease_until FROM games WHERE owner = '' AND result = '*' "
    "ORDER BY id FOR UPDATE SKIP LOCKED) "
    "UPDATE games g SET owner = $1, lease_until = 0, " CHIMERA_CREDIT(
        "(CASE WHEN c.lease_until < 0 THEN -c.lease_until ELSE 0 END)",
        "$2::bigint") " FROM c WHERE g.id = c.id "
                      "RETURNING g.id, c.lease_until, g.version, "
                      "pg_notify('chimera_games', g.id || ' ' || g.version)"};
inline constexpr Statement kHeldGames{"held_games",
                                      "SELECT id FROM games WHERE owner = $1 AND result = '*'"};
// Each write notifies the listening servers of the game's new version; the
// notification is delivered when the write commits (docs/scaling.md).
#define CHIMERA_NOTIFY "pg_notify('chimera_games', id || ' ' || version)"

// Presence (migration 7). A server's row says until when it is alive ($3);
// a seat counts as present while a server alive holds a row for it.
inline constexpr Statement kKeepAlive{
    "keep_alive",
    "UPDATE instances SET renewed_ms = $2::bigint, alive_until = $3::bigint "
    "WHERE id = $1"};
inline constexpr Statement kFirstAlive{
    "first_alive",
    "INSERT INTO instances(id, renewed_ms, alive_until) VALUES($1, $2::bigint, $3::bigint) "
    "ON CONFLICT (id) DO UPDATE SET renewed_ms = excluded.renewed_ms, "
    "alive_until = excluded.alive_until"};
inline constexpr Statement kLockGame{
    "lock_game",
    "SELECT result, away_white, away_black FROM games WHERE id = $1 "
    "FOR UPDATE"};
inline constexpr Statement kPresent{"present",
                                    "INSERT INTO presence(game_id, side, instance) "
                                    "VALUES($1, $2::integer, $3) ON CONFLICT DO NOTHING"};
inline constexpr Statement kAbsent{"absent",
                                   "DELETE FROM presence WHERE game_id = $1 AND side = $2::integer "
                                   "AND instance = $3"};
// The seat $2 of game $1 is held by a server alive at $4 other than $3.
#define CHIMERA_HELD_ELSEWHERE                                                                 \
    "EXISTS (SELECT 1 FROM presence p JOIN instances i ON i.id = p.instance "                  \
    "WHERE p.game_id = $1 AND p.side = $2::integer AND p.instance <> $3 AND i.alive_until >= " \
    "$4::bigint)"
inline constexpr Statement kHeldElsewhere{"held_elsewhere", "SELECT " CHIMERA_HELD_ELSEWHERE};
// Seat $2 of game $1 away from AWAY (0: present), with a new version.
#define CHIMERA_SET_AWAY(AWAY)                                           \
    "UPDATE games SET away_white = CASE WHEN $2::integer = 0 THEN " AWAY \
    " ELSE away_white "                                                  \
    "END, away_black = CASE WHEN $2::integer = 1 THEN " AWAY             \
    " ELSE away_black END, "                                             \
    "version = version + 1 WHERE id = $1 AND result = '*'"
inline constexpr Statement kSetAway{
    "set_away", CHIMERA_SET_AWAY("$3::bigint") " RETURNING version, " CHIMERA_NOTIFY};
// A gone server's seat ($3 ''): away from $5, its last renewal, unless a
// server alive at $4 holds it or it is away already.
inline constexpr Statement kAwayIfNobody{"away_if_nobody",
                                  CHIMERA_SET_AWAY("$5::bigint")
                                  " AND (CASE WHEN $2::integer = 0 THEN away_white ELSE "
                                  "away_black END) = 0 AND NOT " CHIMERA_HELD_ELSEWHERE
                                  " RETURNING " CHIMERA_NOTIFY};
inline constexpr Statement kGoneInstances{"gone_instances",
                                          "SELECT id FROM instances WHERE alive_until < $1::bigint "
                                          "ORDER BY id"};
inline constexpr Statement kTakeGone{
    "take_gone",
    "DELETE FROM instances WHERE id = $1 AND alive_until < $2::bigint "
    "RETURNING renewed_ms"};
inline constexpr Statement kDropPresence{"drop_presence",
                                         "DELETE FROM presence WHERE instance = $1 "
                                         "RETURNING game_id, side"};
// The games of gone server $1 and those it held a seat of.
inline constexpr Statement kLockGoneGames{
    "lock_gone_games",
    "SELECT id FROM games WHERE result = '*' AND (owner = $1 OR id IN (SELECT game_id FROM "
    "presence WHERE instance = $1)) ORDER BY id FOR UPDATE"};
// Gone server $1's games to $2, or given up as of its last renewal $3 ($2 '').
// Gone server $1's games to $2 at $4, with the credit from its last renewal $3.
inline constexpr Statement kTakeGoneGames{
    "take_gone_games",
    "UPDATE games SET owner = $2, lease_until = 0, " CHIMERA_CREDIT(
        "$3::bigint", "$4::bigint") " WHERE owner = $1 AND result = '*' "
                                    "RETURNING id, version, " CHIMERA_NOTIFY};
// Or given up as of its last renewal $2, for the next server to take.
inline constexpr Statement kGiveUpGoneGames{
    "give_up_gone_games",
    "UPDATE games SET owner = '', lease_until = -$2::bigint WHERE owner = $1 AND result = '*'"};
inline constexpr Statement kLeave{
    "leave",
    "UPDATE instances SET renewed_ms = $2::bigint, alive_until = $2::bigint "
    "WHERE id = $1"};
#define CHIMERA_GAME_SET                                                                        \
    "variant = $2, start_fen = $3, formation = $4, mode = $5, level = $6, computer_side = $7, " \
    "token_white = $8, token_black = $9, white_taken = $10, black_taken = $11, invite = $12, "  \
    "base_ms = $13, inc_ms = $14, remaining_white = $15, remaining_black = $16, result = $17, " \
    "termination = $18, draw_offer = $19, created_ms = $20, updated_ms = $21, "                 \
    "turn_started_ms = $22, given_plies = $23, version = $24::bigint + 1, "                     \
    "away_white = $26::bigint, away_black = $27::bigint, takeback_offer = $28::integer, "       \
    "rematch_offer = $29::integer, rematch_id = $30::text, account_white = $31::text, "         \
    "account_black = $32::text, rated = $33::integer"
// Only a game stored at the version the server holds ($24), with the moves it
// holds ($25), is written; the write raises the version by one.
inline constexpr Statement kUpdateGame{
    "update_game", "UPDATE games SET " CHIMERA_GAME_SET
                   " WHERE id = $1 AND version = $24::bigint AND plies = $25::integer "
                   "RETURNING " CHIMERA_NOTIFY};
// The move ($25 its ply, $34 LAN, $35 SAN) and the game's new row in one
// statement, so one round trip and one transaction; nothing is stored unless
// the stored game is at the version and the ply before it.
inline constexpr Statement kAppendMove{
    "append_move",
    "WITH g AS (UPDATE games SET " CHIMERA_GAME_SET
    ", plies = $25::integer WHERE id = $1 AND version = $24::bigint AND plies = $25::integer - 1 "
    "RETURNING id, " CHIMERA_NOTIFY
    ") "
    "INSERT INTO moves(game_id, ply, lan, san) SELECT id, $25::integer, $34::text, $35::text "
    "FROM g"};
inline constexpr Statement kInsertMove{
    "insert_move", "INSERT INTO moves(game_id, ply, lan, san) VALUES($1, $2, $3, $4)"};
inline constexpr Statement kMoveAt{"move_at",
                                   "SELECT lan FROM moves WHERE game_id = $1 AND ply = $2"};
inline constexpr Statement kGameToken{"game_token", "SELECT token_white FROM games WHERE id = $1"};
inline constexpr Statement kGameVersion{"game_version", "SELECT version FROM games WHERE id = $1"};
inline constexpr Statement kUnfinished{"unfinished",
                                       "SELECT " CHIMERA_GAME_COLUMNS
                                       " FROM games WHERE result = '*' ORDER BY created_ms, id"};
inline constexpr Statement kUnfinishedMoves{
    "unfinished_moves",
    "SELECT m.game_id, m.lan, m.san FROM moves m JOIN games g ON g.id = m.game_id "
    "WHERE g.result = '*' ORDER BY m.game_id, m.ply"};
inline constexpr Statement kGamesIn{
    "games_in", "SELECT " CHIMERA_GAME_COLUMNS " FROM games WHERE id = ANY($1::text[])"};
inline constexpr Statement kMovesIn{
    "moves_in",
    "SELECT game_id, lan, san FROM moves WHERE game_id = ANY($1::text[]) "
    "ORDER BY game_id, ply"};
// The row and its moves after ply $2 from one snapshot: one statement.
inline constexpr Statement kGame{
    "game", "SELECT " CHIMERA_GAME_COLUMNS
            ", m.lan, m.san, games.plies, games.takebacks FROM games LEFT JOIN moves m "
            "ON m.game_id = games.id "
            "AND m.ply > $2::integer WHERE games.id = $1 ORDER BY m.ply"};
// A takeback: the row written as the server holds it ($25 its moves now)
// where it is at the version ($24) and moves ($34) the server held, and the
// moves after $25 deleted; the rows deleted say whether it was written.
inline constexpr Statement kTakeBack{
    "take_back", "WITH g AS (UPDATE games SET " CHIMERA_GAME_SET
                 ", plies = $25::integer, takebacks = takebacks + 1 "
                 "WHERE id = $1 AND version = $24::bigint AND plies = $34::integer "
                 "RETURNING id, " CHIMERA_NOTIFY
                 ") "
                 "DELETE FROM moves WHERE game_id IN (SELECT id FROM g) AND ply > $25::integer"};
inline constexpr Statement kListFinished{
    "list_finished",
    "SELECT id, variant, mode, level, plies, result, termination, updated_ms FROM games "
    "WHERE result <> '*' AND (updated_ms, id) < ($1::bigint, $2::text) "
    "ORDER BY updated_ms DESC, id DESC LIMIT $3::bigint"};
inline constexpr Statement kCountFinished{"count_finished",
                                          "SELECT n FROM finished_count WHERE id = 1"};
inline constexpr Statement kHeartbeat{"heartbeat",
                                      "INSERT INTO heartbeat(id, at_ms) VALUES(1, $1) "
                                      "ON CONFLICT (id) DO UPDATE SET at_ms = excluded.at_ms"};
inline constexpr Statement kLastHeartbeat{"last_heartbeat",
                                          "SELECT at_ms FROM heartbeat WHERE id = 1"};
inline constexpr Statement kSaveReview{
    "save_review",
    "INSERT INTO reviews(game_id, engine, review, created_ms) VALUES($1, $2, $3, $4::bigint) "
    "ON CONFLICT (game_id, engine) DO UPDATE SET review = excluded.review, "
    "created_ms = excluded.created_ms"};
inline constexpr Statement kLoadReview{
    "load_review", "SELECT review FROM reviews WHERE game_id = $1 AND engine = $2"};
inline constexpr Statement kSetVersion{"set_version", "INSERT INTO schema_version VALUES($1)"};

// Presence is committed without waiting for the disk: nobody is told that it
// is stored, and what a crash of the database could lose of it is the last
// fraction of a second of arrivals and departures, which the servers correct
// (a lost version shows as a conflict on the next write, which reads the game
// again). Every move still waits for its commit.
inline constexpr const char* kPresenceBegin = "BEGIN; SET LOCAL synchronous_commit TO OFF";

// Serialises migrations of servers starting on one database at once (any
// constant: "chimera" in ASCII, as a big-endian integer).
inline constexpr const char* kMigrationLock = "SELECT pg_advisory_xact_lock(27980824710574689)";

inline Params game_params(const StoredGame& g) {
    Params p;
    p << g.id << g.variant << g.start_fen << g.formation << g.mode << g.level << g.computer_side
      << g.token[0] << g.token[1] << int{g.seat_taken[0]} << int{g.seat_taken[1]} << g.invite
      << g.base_ms << g.inc_ms << g.remaining_ms[0] << g.remaining_ms[1] << g.result
      << g.termination << g.draw_offer << g.created_ms << g.updated_ms << g.turn_started_ms
      << g.given_plies << g.version << g.lan.size() << g.away_ms[0] << g.away_ms[1]
      << g.takeback_offer << g.rematch_offer << g.rematch_id << g.account[0] << g.account[1]
      << int{g.rated};
    return p;
}

// A game row as selected with CHIMERA_GAME_COLUMNS, without its moves.
inline StoredGame read_game(const PGresult* r, int row) {
    StoredGame g;
    g.id = text(r, row, 0);
    g.variant = text(r, row, 1);
    g.start_fen = text(r, row, 2);
    g.formation = static_cast<int>(number(r, row, 3));
    g.mode = text(r, row, 4);
    g.level = static_cast<int>(number(r, row, 5));
    g.computer_side = static_cast<int>(number(r, row, 6));
    g.token[0] = text(r, row, 7);
    g.token[1] = text(r, row, 8);
    g.seat_taken[0] = number(r, row, 9) != 0;
    g.seat_taken[1] = number(r, row, 10) != 0;
    g.invite = text(r, row, 11);
    g.base_ms = number(r, row, 12);
    g.inc_ms = number(r, row, 13);
    g.remaining_ms[0] = number(r, row, 14);
    g.remaining_ms[1] = number(r, row, 15);
    g.result = text(r, row, 16);
    g.termination = text(r, row, 17);
    g.draw_offer = static_cast<int>(number(r, row, 18));
    g.created_ms = number(r, row, 19);
    g.updated_ms = number(r, row, 20);
    g.turn_started_ms = number(r, row, 21);
    g.given_plies = static_cast<std::size_t>(number(r, row, 22));
    g.version = number(r, row, 23);
    g.away_ms[0] = number(r, row, 24);
    g.away_ms[1] = number(r, row, 25);
    g.takeback_offer = static_cast<int>(number(r, row, 26));
    g.rematch_offer = static_cast<int>(number(r, row, 27));
    g.rematch_id = text(r, row, 28);
    g.account[0] = text(r, row, 29);
    g.account[1] = text(r, row, 30);
    g.rated = number(r, row, 31) != 0;
    return g;
}

}  // namespace chimera::server::pg

// The macros above only build the statements' text.
#undef CHIMERA_GAME_COLUMNS
#undef CHIMERA_GAME_SET
#undef CHIMERA_NOTIFY
#undef CHIMERA_HELD_ELSEWHERE
#undef CHIMERA_SET_AWAY
#undef CHIMERA_CREDIT
