package pgstore

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"

	"scoresheet/sheet"
)

// The tables live in the schema "scoresheet" of the location's database,
// beside whatever else the database holds, and hold every event of the
// database, each game, round and source with its event's id. They are
// the event file's tables (sheet/sqlitestore/schema.go), column for column,
// with the same checks, and their version moves as the file's does: one
// migration here for each of the file's, in the same order, named after
// it (mirrors). A file's migration without its mirror here fails
// TestMigrationsMirrorTheFile.
//
// Each migration runs in its own transaction together with the version
// it records, under an advisory lock, so that two laptops opening an
// older database at once do not both run it.

// applicationName marks the schema as Scoresheet's (scoresheet.meta).
const applicationName = "scoresheet"

// lockClass is the first key of the advisory locks this program takes
// on an event: "SCSH", as the event file's application_id. The second
// is the event's id, or 0 for the schema. gameLockClass is the first key
// of a game's lock, the second its id.
const (
	lockClass     = 0x53435348
	gameLockClass = 0x53435349
)

type migration struct {
	mirrors string // the event file's migration this one mirrors (storekit.MigrationNames)
	stmts   []string
}

var migrations = []migration{
	{"migrateV1", []string{
		`CREATE SCHEMA IF NOT EXISTS scoresheet`,
		`CREATE TABLE scoresheet.meta (
			id          integer PRIMARY KEY CHECK (id = 1),
			application text NOT NULL,
			version     integer NOT NULL
		)`,
		`INSERT INTO scoresheet.meta (id, application, version) VALUES (1, 'scoresheet', 0)`,
		// key is the location's event=NAME; name is the event's own.
		`CREATE TABLE scoresheet.event (
			id           bigserial PRIMARY KEY,
			key          text NOT NULL UNIQUE,
			name         text NOT NULL,
			site         text NOT NULL,
			start_date   text NOT NULL,
			end_date     text NOT NULL,
			time_control text NOT NULL
		)`,
		`CREATE TABLE scoresheet.round (
			event_id bigint NOT NULL REFERENCES scoresheet.event(id) ON DELETE CASCADE,
			number   bigint NOT NULL,
			date     text NOT NULL,
			PRIMARY KEY (event_id, number)
		)`,
		`CREATE TABLE scoresheet.game (
			id               bigserial PRIMARY KEY,
			event_id         bigint NOT NULL REFERENCES scoresheet.event(id) ON DELETE CASCADE,
			round            bigint NOT NULL CHECK (round >= 1),
			board            bigint NOT NULL CHECK (board >= 1),
			white_name       text NOT NULL,
			white_fide_id    text NOT NULL,
			white_rating     bigint NOT NULL,
			white_federation text NOT NULL,
			white_title      text NOT NULL,
			black_name       text NOT NULL,
			black_fide_id    text NOT NULL,
			black_rating     bigint NOT NULL,
			black_federation text NOT NULL,
			black_title      text NOT NULL,
			result           text NOT NULL,
			date             text NOT NULL,
			fen              text NOT NULL,
			UNIQUE (event_id, round, board)
		)`,
		`CREATE TABLE scoresheet.tag (
			game_id bigint NOT NULL REFERENCES scoresheet.game(id) ON DELETE CASCADE,
			name    text NOT NULL,
			value   text NOT NULL,
			PRIMARY KEY (game_id, name)
		)`,
		`CREATE TABLE scoresheet.copy (
			game_id bigint NOT NULL REFERENCES scoresheet.game(id) ON DELETE CASCADE,
			side    bigint NOT NULL CHECK (side IN (0, 1)),
			lang    text NOT NULL,
			PRIMARY KEY (game_id, side)
		)`,
		// idx is not CHECKed >= 0: InsertCell and DeleteCell shift cells
		// through negative indexes inside their transaction.
		`CREATE TABLE scoresheet.cell (
			game_id      bigint NOT NULL,
			side         bigint NOT NULL CHECK (side IN (0, 1)),
			idx          bigint NOT NULL,
			text         text NOT NULL,
			clock        text NOT NULL,
			draw_offer   boolean NOT NULL,
			note         text NOT NULL,
			illegible    boolean NOT NULL,
			not_recorded boolean NOT NULL,
			PRIMARY KEY (game_id, side, idx),
			FOREIGN KEY (game_id, side) REFERENCES scoresheet.copy(game_id, side) ON DELETE CASCADE
		)`,
		`CREATE TABLE scoresheet.decision (
			game_id bigint NOT NULL REFERENCES scoresheet.game(id) ON DELETE CASCADE,
			seq     bigint NOT NULL,
			ply     bigint NOT NULL CHECK (ply >= 1),
			move    text NOT NULL,
			by      text NOT NULL,
			at      text NOT NULL,
			PRIMARY KEY (game_id, seq)
		)`,
	}},
	{"migrateV2", []string{
		`CREATE TABLE scoresheet.source (
			event_id bigint NOT NULL REFERENCES scoresheet.event(id) ON DELETE CASCADE,
			kind     text NOT NULL,
			name     text NOT NULL,
			body     bytea NOT NULL,
			PRIMARY KEY (event_id, kind)
		)`,
	}},
	{"migrateCopyResults", []string{
		`ALTER TABLE scoresheet.copy ADD COLUMN result text NOT NULL DEFAULT ''`,
	}},
	{"migrateLawsMarks", []string{
		`ALTER TABLE scoresheet.event ADD COLUMN kind text NOT NULL DEFAULT 'standard'`,
		`ALTER TABLE scoresheet.cell ADD COLUMN mark text NOT NULL DEFAULT ''`,
	}},
	// The forfeits as results of their own, as sheet.migrateForfeits
	// makes them on a file.
	{"migrateForfeits", []string{
		`UPDATE scoresheet.tag SET value = CASE value WHEN '1-0' THEN '+/-' ELSE '-/+' END
			WHERE name = 'TRFResult' AND value IN ('1-0', '0-1') AND ` + forfeitMarked("scoresheet.tag.game_id"),
		`UPDATE scoresheet.game SET result = CASE result WHEN '1-0' THEN '+/-' ELSE '-/+' END
			WHERE result IN ('1-0', '0-1') AND ` + forfeitMarked("scoresheet.game.id"),
		`UPDATE scoresheet.game SET result = '-/-' WHERE result IN ('', '*') AND EXISTS (SELECT 1 FROM scoresheet.tag t
			WHERE t.game_id = scoresheet.game.id AND t.name = 'TRFForfeit' AND t.value = '1')`,
		`DELETE FROM scoresheet.tag WHERE (name = 'TRFForfeit' OR (name = 'Termination' AND value = 'rules infraction'))
			AND game_id IN (SELECT id FROM scoresheet.game WHERE result IN ('+/-', '-/+', '-/-'))`,
	}},
	{"migrateEventLangConsulted", []string{
		`ALTER TABLE scoresheet.event ADD COLUMN lang text NOT NULL DEFAULT ''`,
		`ALTER TABLE scoresheet.copy ADD COLUMN consulted boolean NOT NULL DEFAULT false`,
		`UPDATE scoresheet.copy SET lang = 'en' WHERE lang = ''`,
	}},
	// The revisions a file counts for its watcher. On a server the
	// notifications name what changed (watch.go); the revisions are kept
	// so that the tables stay the file's, column for column.
	{"migrateRevisions", []string{
		`ALTER TABLE scoresheet.event ADD COLUMN seq bigint NOT NULL DEFAULT 0`,
		`ALTER TABLE scoresheet.event ADD COLUMN rev bigint NOT NULL DEFAULT 0`,
		`ALTER TABLE scoresheet.game ADD COLUMN rev bigint NOT NULL DEFAULT 0`,
	}},
}

// forfeitMarked is migrateForfeits' condition that the game of column
// game is marked a forfeit by its tags.
func forfeitMarked(game string) string {
	return `EXISTS (SELECT 1 FROM scoresheet.tag t WHERE t.game_id = ` + game + ` AND (
		(t.name = 'TRFForfeit' AND t.value = '1') OR
		(t.name = 'Termination' AND t.value = 'rules infraction')))`
}

// migrate brings the database's schema to this version, one migration
// per transaction.
func (s *Store) migrate(ctx context.Context) error {
	if current, err := s.schemaCurrent(ctx); err != nil || current {
		return s.classify(err)
	}
	for {
		done, err := s.migrateOne(ctx)
		if lockTimedOut(err) {
			return s.held(0)
		}
		if err != nil {
			return s.classify(err)
		}
		if done {
			return nil
		}
	}
}

// schemaCurrent reports whether the tables are at this version, read
// without the schema's lock: opening an event whose tables need nothing
// does not wait for another laptop holding it (issue 36).
func (s *Store) schemaCurrent(ctx context.Context) (bool, error) {
	tx, err := s.pool.BeginTx(ctx, pgx.TxOptions{IsoLevel: pgx.ReadCommitted, AccessMode: pgx.ReadOnly})
	if err != nil {
		return false, err
	}
	defer rollback(tx)
	version, err := schemaVersion(ctx, tx)
	if err != nil {
		return false, err
	}
	return version == len(migrations), tx.Commit(ctx)
}

func (s *Store) migrateOne(ctx context.Context) (done bool, err error) {
	tx, err := s.pool.BeginTx(ctx, pgx.TxOptions{IsoLevel: pgx.ReadCommitted})
	if err != nil {
		return false, err
	}
	defer rollback(tx)
	// Another laptop migrating (the first open after an upgrade) is
	// waited for as a change of the whole event is, then said (held.go).
	if _, err := tx.Exec(ctx, setLockWait, millis(heldWait)); err != nil {
		return false, err
	}
	if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1, 0)`, int32(lockClass)); err != nil {
		return false, err
	}
	version, err := schemaVersion(ctx, tx)
	if err != nil {
		return false, err
	}
	if version > len(migrations) {
		return false, &sheet.StoreError{Code: sheet.StoreNewerSchema,
			Err: sheet.Details("version=%d known=%d", version, len(migrations))}
	}
	if version == len(migrations) {
		return true, nil
	}
	for _, q := range migrations[version].stmts {
		if _, err := tx.Exec(ctx, q); err != nil {
			if codeOf(err) == sheet.StoreUnreachable {
				return false, err
			}
			return false, &sheet.StoreError{Code: sheet.StoreMigration, Err: err}
		}
	}
	if _, err := tx.Exec(ctx, `UPDATE scoresheet.meta SET version = $1`, version+1); err != nil {
		return false, err
	}
	return false, tx.Commit(ctx)
}

// schemaVersion reads the version of the database's tables: 0 where
// there are none yet. A schema "scoresheet" that is not this program's
// is store-foreign-file, and left as it is.
func schemaVersion(ctx context.Context, tx pgx.Tx) (int, error) {
	var meta, tables bool
	err := tx.QueryRow(ctx, `SELECT to_regclass('scoresheet.meta') IS NOT NULL,
		EXISTS (SELECT 1 FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'scoresheet')`).
		Scan(&meta, &tables)
	if err != nil {
		return 0, err
	}
	if !meta {
		if tables {
			return 0, &sheet.StoreError{Code: sheet.StoreForeignFile, Err: sheet.Details("schema=scoresheet")}
		}
		return 0, nil
	}
	var app string
	var version int
	err = tx.QueryRow(ctx, `SELECT application, version FROM scoresheet.meta WHERE id = 1`).Scan(&app, &version)
	if errors.Is(err, pgx.ErrNoRows) || (err == nil && app != applicationName) {
		return 0, &sheet.StoreError{Code: sheet.StoreForeignFile, Err: sheet.Details("application=%q", app)}
	}
	return version, err
}
