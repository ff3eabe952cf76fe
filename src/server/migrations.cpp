// The migrations of the storage schema in the two dialects (migrations.h).
// Where the dialects differ: PostgreSQL stores milliseconds as BIGINT (SQLite's
// INTEGER is 64-bit already), compares ids bytewise (COLLATE "C", as SQLite
// and the server's own ordering do, whatever the database's locale), and keeps
// the count of finished games with one PL/pgSQL trigger function where SQLite
// has three triggers.
#include "server/migrations.h"

#include <iterator>

namespace chimera::server {

namespace {

constexpr Migration kMigrations[] = {
    // 1: games and their moves.
    {R"sql(
    CREATE TABLE games (
        id TEXT PRIMARY KEY,
        variant TEXT NOT NULL,
        start_fen TEXT NOT NULL,
        formation INTEGER NOT NULL DEFAULT 0,
        mode TEXT NOT NULL,
        level INTEGER NOT NULL DEFAULT 0,
        computer_side INTEGER NOT NULL DEFAULT -1,
        token_white TEXT NOT NULL,
        token_black TEXT NOT NULL,
        white_taken INTEGER NOT NULL,
        black_taken INTEGER NOT NULL,
        invite TEXT NOT NULL,
        base_ms INTEGER NOT NULL,
        inc_ms INTEGER NOT NULL,
        remaining_white INTEGER NOT NULL,
        remaining_black INTEGER NOT NULL,
        result TEXT NOT NULL,
        termination TEXT NOT NULL,
        draw_offer INTEGER NOT NULL,
        created_ms INTEGER NOT NULL,
        updated_ms INTEGER NOT NULL
    );
    CREATE TABLE moves (
        game_id TEXT NOT NULL REFERENCES games(id),
        ply INTEGER NOT NULL,
        lan TEXT NOT NULL,
        san TEXT NOT NULL,
        PRIMARY KEY (game_id, ply)
    );
    CREATE INDEX games_updated ON games(updated_ms);
    )sql",
     R"sql(
    CREATE TABLE games (
        id TEXT COLLATE "C" PRIMARY KEY,
        variant TEXT NOT NULL,
        start_fen TEXT NOT NULL,
        formation INTEGER NOT NULL DEFAULT 0,
        mode TEXT NOT NULL,
        level INTEGER NOT NULL DEFAULT 0,
        computer_side INTEGER NOT NULL DEFAULT -1,
        token_white TEXT NOT NULL,
        token_black TEXT NOT NULL,
        white_taken INTEGER NOT NULL,
        black_taken INTEGER NOT NULL,
        invite TEXT NOT NULL,
        base_ms BIGINT NOT NULL,
        inc_ms BIGINT NOT NULL,
        remaining_white BIGINT NOT NULL,
        remaining_black BIGINT NOT NULL,
        result TEXT NOT NULL,
        termination TEXT NOT NULL,
        draw_offer INTEGER NOT NULL,
        created_ms BIGINT NOT NULL,
        updated_ms BIGINT NOT NULL
    );
    CREATE TABLE moves (
        game_id TEXT COLLATE "C" NOT NULL REFERENCES games(id),
        ply INTEGER NOT NULL,
        lan TEXT NOT NULL,
        san TEXT NOT NULL,
        PRIMARY KEY (game_id, ply)
    );
    CREATE INDEX games_updated ON games(updated_ms);
    )sql"},
    // 2: when the running clock's turn began, and the server's last sign of
    // life, so a restart charges the time used before it and not the downtime.
    {R"sql(
    ALTER TABLE games ADD COLUMN turn_started_ms INTEGER NOT NULL DEFAULT 0;
    CREATE TABLE heartbeat (id INTEGER PRIMARY KEY CHECK (id = 1), at_ms INTEGER NOT NULL);
    )sql",
     R"sql(
    ALTER TABLE games ADD COLUMN turn_started_ms BIGINT NOT NULL DEFAULT 0;
    CREATE TABLE heartbeat (id INTEGER PRIMARY KEY CHECK (id = 1), at_ms BIGINT NOT NULL);
    )sql"},
    // 3: how many of a game's moves were given with it (at creation, by an
    // import), so an abort counts only the moves played on the server. Games
    // stored before have 0: all their moves count, so none becomes abortable.
    {R"sql(
    ALTER TABLE games ADD COLUMN given_plies INTEGER NOT NULL DEFAULT 0;
    )sql",
     R"sql(
    ALTER TABLE games ADD COLUMN given_plies INTEGER NOT NULL DEFAULT 0;
    )sql"},
    // 4: finished games leave memory. The list of finished games is read a page
    // at a time from an index (keyset: updated_ms, then id), the start loads only
    // the unfinished ones from another, and each game row carries its ply count
    // for the list. The number of finished games is kept by triggers, so the
    // start reads it without counting them. The index on updated_ms of every
    // game went unread and was rewritten by every move.
    {R"sql(
    ALTER TABLE games ADD COLUMN plies INTEGER NOT NULL DEFAULT 0;
    UPDATE games SET plies = (SELECT count(*) FROM moves WHERE moves.game_id = games.id);
    DROP INDEX games_updated;
    CREATE INDEX games_finished ON games(updated_ms, id) WHERE result <> '*';
    CREATE INDEX games_unfinished ON games(created_ms) WHERE result = '*';
    CREATE TABLE finished_count (id INTEGER PRIMARY KEY CHECK (id = 1), n INTEGER NOT NULL);
    INSERT INTO finished_count SELECT 1, count(*) FROM games WHERE result <> '*';
    CREATE TRIGGER games_finished_insert AFTER INSERT ON games WHEN new.result <> '*'
    BEGIN UPDATE finished_count SET n = n + 1; END;
    CREATE TRIGGER games_finished_update AFTER UPDATE OF result ON games
    WHEN (old.result <> '*') <> (new.result <> '*')
    BEGIN UPDATE finished_count SET n = n + (CASE WHEN new.result <> '*' THEN 1 ELSE -1 END); END;
    CREATE TRIGGER games_finished_delete AFTER DELETE ON games WHEN old.result <> '*'
    BEGIN UPDATE finished_count SET n = n - 1; END;
    )sql",
     R"sql(
    ALTER TABLE games ADD COLUMN plies INTEGER NOT NULL DEFAULT 0;
    UPDATE games SET plies = (SELECT count(*) FROM moves WHERE moves.game_id = games.id);
    DROP INDEX games_updated;
    CREATE INDEX games_finished ON games(updated_ms, id) WHERE result <> '*';
    CREATE INDEX games_unfinished ON games(created_ms) WHERE result = '*';
    CREATE TABLE finished_count (id INTEGER PRIMARY KEY CHECK (id = 1), n BIGINT NOT NULL);
    INSERT INTO finished_count SELECT 1, count(*) FROM games WHERE result <> '*';
    CREATE FUNCTION games_finished_count() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        IF TG_OP = 'INSERT' THEN
            IF NEW.result <> '*' THEN UPDATE finished_count SET n = n + 1; END IF;
        ELSIF TG_OP = 'DELETE' THEN
            IF OLD.result <> '*' THEN UPDATE finished_count SET n = n - 1; END IF;
        ELSIF (OLD.result <> '*') <> (NEW.result <> '*') THEN
            UPDATE finished_count SET n = n + (CASE WHEN NEW.result <> '*' THEN 1 ELSE -1 END);
        END IF;
        RETURN NULL;
    END $$;
    CREATE TRIGGER games_finished_count AFTER INSERT OR DELETE OR UPDATE OF result ON games
    FOR EACH ROW EXECUTE FUNCTION games_finished_count();
    )sql"},
    // 5: several servers on one database. Each write of a game row checks and
    // raises its version, so a server whose copy of the game is behind cannot
    // overwrite it (docs/scaling.md, "Several servers").
    {R"sql(
    ALTER TABLE games ADD COLUMN version INTEGER NOT NULL DEFAULT 0;
    )sql",
     R"sql(
    ALTER TABLE games ADD COLUMN version BIGINT NOT NULL DEFAULT 0;
    )sql"},
    // 6: the server that does a game's timed duties (flags, computer moves)
    // holds a lease on it until lease_until (wall-clock ms), renewed every
    // second; survivors take the games of one that stops renewing.
    {R"sql(
    ALTER TABLE games ADD COLUMN owner TEXT NOT NULL DEFAULT '';
    ALTER TABLE games ADD COLUMN lease_until INTEGER NOT NULL DEFAULT 0;
    )sql",
     R"sql(
    ALTER TABLE games ADD COLUMN owner TEXT NOT NULL DEFAULT '';
    ALTER TABLE games ADD COLUMN lease_until BIGINT NOT NULL DEFAULT 0;
    )sql"},
    // 7: leases per server, and presence shared by several servers. Each
    // server keeps its own row in `instances`, renewed every second: it holds
    // the games whose owner it is while that row is alive (one row renewed
    // per server instead of every game's row). A game nobody holds has owner
    // '' and lease_until minus when it was given up; the leases of migration
    // 6 are given up as of their last renewal. A server keeps a row in
    // `presence` for each seat of which it holds a WebSocket; a seat with no
    // row of a server that is alive is away, since away_white / away_black
    // (wall-clock ms; 0 while present). A game that ends has no more presence.
    // The games going on when the schema is upgraded are away from then.
    {R"sql(
    ALTER TABLE games ADD COLUMN away_white INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE games ADD COLUMN away_black INTEGER NOT NULL DEFAULT 0;
    UPDATE games SET away_white = CAST(strftime('%s', 'now') AS INTEGER) * 1000,
                     away_black = CAST(strftime('%s', 'now') AS INTEGER) * 1000
    WHERE result = '*';
    CREATE TABLE instances (
        id TEXT PRIMARY KEY,
        renewed_ms INTEGER NOT NULL,
        alive_until INTEGER NOT NULL
    );
    CREATE TABLE presence (
        game_id TEXT NOT NULL,
        side INTEGER NOT NULL,
        instance TEXT NOT NULL,
        PRIMARY KEY (game_id, side, instance)
    );
    CREATE INDEX presence_instance ON presence(instance);
    CREATE INDEX games_owner ON games(owner) WHERE result = '*';
    UPDATE games SET owner = '',
        lease_until = CASE WHEN lease_until > 0 THEN -(lease_until - 4000) ELSE lease_until END
    WHERE result = '*';
    CREATE TRIGGER games_presence_end AFTER UPDATE OF result ON games WHEN new.result <> '*'
    BEGIN DELETE FROM presence WHERE game_id = new.id; END;
    )sql",
     R"sql(
    ALTER TABLE games ADD COLUMN away_white BIGINT NOT NULL DEFAULT 0;
    ALTER TABLE games ADD COLUMN away_black BIGINT NOT NULL DEFAULT 0;
    UPDATE games SET away_white = (extract(epoch FROM now()) * 1000)::bigint,
                     away_black = (extract(epoch FROM now()) * 1000)::bigint
    WHERE result = '*';
    CREATE TABLE instances (
        id TEXT COLLATE "C" PRIMARY KEY,
        renewed_ms BIGINT NOT NULL,
        alive_until BIGINT NOT NULL
    );
    CREATE TABLE presence (
        game_id TEXT COLLATE "C" NOT NULL,
        side INTEGER NOT NULL,
        instance TEXT COLLATE "C" NOT NULL,
        PRIMARY KEY (game_id, side, instance)
    );
    CREATE INDEX presence_instance ON presence(instance);
    CREATE INDEX games_owner ON games(owner) WHERE result = '*';
    UPDATE games SET owner = '',
        lease_until = CASE WHEN lease_until > 0 THEN -(lease_until - 4000) ELSE lease_until END
    WHERE result = '*';
    CREATE FUNCTION games_presence_end() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        DELETE FROM presence WHERE game_id = NEW.id;
        RETURN NULL;
    END $$;
    CREATE TRIGGER games_presence_end AFTER UPDATE OF result ON games
    FOR EACH ROW WHEN (NEW.result <> '*') EXECUTE FUNCTION games_presence_end();
    )sql"},
    // 8: the post-game reviews: one per finished game and engine (its name and
    // budget), the evaluations and marks as the API sends them.
    {R"sql(
    CREATE TABLE reviews (
        game_id TEXT NOT NULL REFERENCES games(id),
        engine TEXT NOT NULL,
        review TEXT NOT NULL,
        created_ms INTEGER NOT NULL,
        PRIMARY KEY (game_id, engine)
    );
    )sql",
     R"sql(
    CREATE TABLE reviews (
        game_id TEXT COLLATE "C" NOT NULL REFERENCES games(id),
        engine TEXT NOT NULL,
        review TEXT NOT NULL,
        created_ms BIGINT NOT NULL,
        PRIMARY KEY (game_id, engine)
    );
    )sql"},
    // 9: how many takebacks a game has had, so that a server holding it sees
    // that its moves changed (not only grew) and reads it again whole.
    {R"sql(
    ALTER TABLE games ADD COLUMN takebacks INTEGER NOT NULL DEFAULT 0;
    )sql",
     R"sql(
    ALTER TABLE games ADD COLUMN takebacks INTEGER NOT NULL DEFAULT 0;
    )sql"},
    // 10: a standing takeback offer in an online game, and after one a
    // rematch offer and the rematch game (docs/api.md, "Takebacks", "Rematches").
    {R"sql(
    ALTER TABLE games ADD COLUMN takeback_offer INTEGER NOT NULL DEFAULT -1;
    ALTER TABLE games ADD COLUMN rematch_offer INTEGER NOT NULL DEFAULT -1;
    ALTER TABLE games ADD COLUMN rematch_id TEXT NOT NULL DEFAULT '';
    )sql",
     R"sql(
    ALTER TABLE games ADD COLUMN takeback_offer INTEGER NOT NULL DEFAULT -1;
    ALTER TABLE games ADD COLUMN rematch_offer INTEGER NOT NULL DEFAULT -1;
    ALTER TABLE games ADD COLUMN rematch_id TEXT COLLATE "C" NOT NULL DEFAULT '';
    )sql"},
    // 11: accounts (optional: anonymous play goes on) and their sessions
    // (docs/api.md, "Accounts"). An account's id is its name in lower case;
    // its password an Argon2id string; a session's id the hash of its cookie.
    {R"sql(
    CREATE TABLE accounts (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        password TEXT NOT NULL,
        created_ms INTEGER NOT NULL,
        disabled INTEGER NOT NULL DEFAULT 0,
        bot INTEGER NOT NULL DEFAULT 0,
        bot_token TEXT NOT NULL DEFAULT ''
    );
    CREATE TABLE sessions (
        id TEXT PRIMARY KEY,
        account TEXT NOT NULL REFERENCES accounts(id),
        created_ms INTEGER NOT NULL,
        expires_ms INTEGER NOT NULL
    );
    CREATE INDEX sessions_account ON sessions(account);
    )sql",
     R"sql(
    CREATE TABLE accounts (
        id TEXT COLLATE "C" PRIMARY KEY,
        name TEXT NOT NULL,
        password TEXT NOT NULL,
        created_ms BIGINT NOT NULL,
        disabled INTEGER NOT NULL DEFAULT 0,
        bot INTEGER NOT NULL DEFAULT 0,
        bot_token TEXT NOT NULL DEFAULT ''
    );
    CREATE TABLE sessions (
        id TEXT COLLATE "C" PRIMARY KEY,
        account TEXT COLLATE "C" NOT NULL REFERENCES accounts(id),
        created_ms BIGINT NOT NULL,
        expires_ms BIGINT NOT NULL
    );
    CREATE INDEX sessions_account ON sessions(account);
    )sql"},
    // 12: the accounts holding a game's seats ('' anonymous), whether it is
    // rated, the ratings per account and variant (Glicko-2, docs/ratings.md)
    // and each rated game's change of them.
    {R"sql(
    ALTER TABLE games ADD COLUMN account_white TEXT NOT NULL DEFAULT '';
    ALTER TABLE games ADD COLUMN account_black TEXT NOT NULL DEFAULT '';
    ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;
    CREATE TABLE ratings (
        account TEXT NOT NULL REFERENCES accounts(id),
        variant TEXT NOT NULL,
        rating REAL NOT NULL,
        deviation REAL NOT NULL,
        volatility REAL NOT NULL,
        games INTEGER NOT NULL,
        last_ms INTEGER NOT NULL,
        PRIMARY KEY (account, variant)
    );
    CREATE TABLE rating_changes (
        game_id TEXT NOT NULL REFERENCES games(id),
        account TEXT NOT NULL,
        variant TEXT NOT NULL,
        before REAL NOT NULL,
        after REAL NOT NULL,
        deviation REAL NOT NULL,
        at_ms INTEGER NOT NULL,
        PRIMARY KEY (game_id, account)
    );
    CREATE INDEX rating_changes_account ON rating_changes(account, variant, at_ms);
    CREATE INDEX games_account_white ON games(account_white) WHERE account_white <> '';
    CREATE INDEX games_account_black ON games(account_black) WHERE account_black <> '';
    )sql",
     R"sql(
    ALTER TABLE games ADD COLUMN account_white TEXT COLLATE "C" NOT NULL DEFAULT '';
    ALTER TABLE games ADD COLUMN account_black TEXT COLLATE "C" NOT NULL DEFAULT '';
    ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;
    CREATE TABLE ratings (
        account TEXT COLLATE "C" NOT NULL REFERENCES accounts(id),
        variant TEXT NOT NULL,
        rating DOUBLE PRECISION NOT NULL,
        deviation DOUBLE PRECISION NOT NULL,
        volatility DOUBLE PRECISION NOT NULL,
        games INTEGER NOT NULL,
        last_ms BIGINT NOT NULL,
        PRIMARY KEY (account, variant)
    );
    CREATE TABLE rating_changes (
        game_id TEXT COLLATE "C" NOT NULL REFERENCES games(id),
        account TEXT COLLATE "C" NOT NULL,
        variant TEXT NOT NULL,
        before DOUBLE PRECISION NOT NULL,
        after DOUBLE PRECISION NOT NULL,
        deviation DOUBLE PRECISION NOT NULL,
        at_ms BIGINT NOT NULL,
        PRIMARY KEY (game_id, account)
    );
    CREATE INDEX rating_changes_account ON rating_changes(account, variant, at_ms);
    CREATE INDEX games_account_white ON games(account_white) WHERE account_white <> '';
    CREATE INDEX games_account_black ON games(account_black) WHERE account_black <> '';
    )sql"},
    // 13: a bot account is found by its API token's hash (docs/api.md, "Bots").
    {R"sql(
    CREATE INDEX accounts_bot_token ON accounts(bot_token) WHERE bot_token <> '';
    )sql",
     R"sql(
    CREATE INDEX accounts_bot_token ON accounts(bot_token) WHERE bot_token <> '';
    )sql"},
};

static_assert(std::size(kMigrations) == kSchemaVersion,
              "kSchemaVersion (migrations.h) is the number of migrations");

}  // namespace

std::span<const Migration> migrations() { return kMigrations; }

}  // namespace chimera::server
