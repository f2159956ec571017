package sqlitestore

import (
	"database/sql"
	"fmt"
	"reflect"
	"runtime"
	"strings"
)

// storeApplicationID marks an SQLite file as a Scoresheet event file
// (PRAGMA application_id, bytes 68-71 of the file header): "SCSH".
const storeApplicationID = 0x53435348

// migration brings the schema from version i to i+1, where i is its index
// in migrations. Each runs in its own transaction together with the
// PRAGMA user_version that records it, so a failed or interrupted
// migration leaves the file at the version it had.
type migration func(tx *sql.Tx) error

// migrations, in order. Append only: never edit one that has shipped.
var migrations = []migration{
	migrateV1,
	migrateV2,
	migrateCopyResults,
	migrateLawsMarks,
	migrateForfeits,
	migrateEventLangConsulted,
	migrateRevisions,
}

// schemaVersion is the version this code writes and reads.
func schemaVersion() int { return len(migrations) }

// migrateV1 is the first schema.
//
// Cells, tags, copies and decisions are rows of their own keyed by the
// game, so that typing one cell writes one small row, and listing a whole
// event is one query per table. Cells of a copy are numbered 0..n-1 with no
// gaps (idx); the store keeps that invariant.
func migrateV1(tx *sql.Tx) error {
	stmts := []string{
		fmt.Sprintf(`PRAGMA application_id = %d`, storeApplicationID),
		`CREATE TABLE event (
			id           INTEGER PRIMARY KEY CHECK (id = 1),
			name         TEXT NOT NULL,
			site         TEXT NOT NULL,
			start_date   TEXT NOT NULL,
			end_date     TEXT NOT NULL,
			time_control TEXT NOT NULL
		)`,
		`CREATE TABLE round (
			number INTEGER PRIMARY KEY,
			date   TEXT NOT NULL
		)`,
		`CREATE TABLE game (
			id                INTEGER PRIMARY KEY,
			round             INTEGER NOT NULL CHECK (round >= 1),
			board             INTEGER NOT NULL CHECK (board >= 1),
			white_name        TEXT NOT NULL,
			white_fide_id     TEXT NOT NULL,
			white_rating      INTEGER NOT NULL,
			white_federation  TEXT NOT NULL,
			white_title       TEXT NOT NULL,
			black_name        TEXT NOT NULL,
			black_fide_id     TEXT NOT NULL,
			black_rating      INTEGER NOT NULL,
			black_federation  TEXT NOT NULL,
			black_title       TEXT NOT NULL,
			result            TEXT NOT NULL,
			date              TEXT NOT NULL,
			fen               TEXT NOT NULL,
			UNIQUE (round, board)
		)`,
		`CREATE TABLE tag (
			game_id INTEGER NOT NULL REFERENCES game(id) ON DELETE CASCADE,
			name    TEXT NOT NULL,
			value   TEXT NOT NULL,
			PRIMARY KEY (game_id, name)
		) WITHOUT ROWID`,
		`CREATE TABLE copy (
			game_id INTEGER NOT NULL REFERENCES game(id) ON DELETE CASCADE,
			side    INTEGER NOT NULL CHECK (side IN (0, 1)),
			lang    TEXT NOT NULL,
			PRIMARY KEY (game_id, side)
		) WITHOUT ROWID`,
		// idx is not CHECKed >= 0: InsertCell and DeleteCell shift cells
		// through negative indexes inside their transaction.
		`CREATE TABLE cell (
			game_id      INTEGER NOT NULL,
			side         INTEGER NOT NULL CHECK (side IN (0, 1)),
			idx          INTEGER NOT NULL,
			text         TEXT NOT NULL,
			clock        TEXT NOT NULL,
			draw_offer   INTEGER NOT NULL,
			note         TEXT NOT NULL,
			illegible    INTEGER NOT NULL,
			not_recorded INTEGER NOT NULL,
			PRIMARY KEY (game_id, side, idx),
			FOREIGN KEY (game_id, side) REFERENCES copy(game_id, side) ON DELETE CASCADE
		) WITHOUT ROWID`,
		// seq orders the decisions of a game as they were made; at is
		// RFC 3339 with nanoseconds, in UTC.
		`CREATE TABLE decision (
			game_id INTEGER NOT NULL REFERENCES game(id) ON DELETE CASCADE,
			seq     INTEGER NOT NULL,
			ply     INTEGER NOT NULL CHECK (ply >= 1),
			move    TEXT NOT NULL,
			by      TEXT NOT NULL,
			at      TEXT NOT NULL,
			PRIMARY KEY (game_id, seq)
		) WITHOUT ROWID`,
		`INSERT INTO event (id, name, site, start_date, end_date, time_control)
			VALUES (1, '', '', '', '', '')`,
	}
	for _, s := range stmts {
		if _, err := tx.Exec(s); err != nil {
			return err
		}
	}
	return nil
}

// migrateV2 adds the files an event was imported from, one per kind (a
// pairing program's TRF): kept byte for byte, so that the results typed
// here can be written back into the same file with every other line and
// column as it was read.
func migrateV2(tx *sql.Tx) error {
	_, err := tx.Exec(`CREATE TABLE source (
		kind TEXT PRIMARY KEY,
		name TEXT NOT NULL,
		body BLOB NOT NULL
	) WITHOUT ROWID`)
	return err
}

// migrateCopyResults adds the result written on each copy (Copy.Result):
// the players sign it on both (8.7), and the two can differ from each
// other, from the final position and from the pairing program's. A copy
// stored before has none written.
func migrateCopyResults(tx *sql.Tx) error {
	_, err := tx.Exec(`ALTER TABLE copy ADD COLUMN result TEXT NOT NULL DEFAULT ''`)
	return err
}

// migrateLawsMarks adds the event's kind of play (standard, rapid,
// blitz: which articles apply) and a mark per cell (a draw claimed with
// the intended move, a sealed move, where recording stopped under 8.4).
// Files written before read as standard play with no marks.
func migrateLawsMarks(tx *sql.Tx) error {
	for _, s := range []string{
		`ALTER TABLE event ADD COLUMN kind TEXT NOT NULL DEFAULT 'standard'`,
		`ALTER TABLE cell ADD COLUMN mark TEXT NOT NULL DEFAULT ''`,
	} {
		if _, err := tx.Exec(s); err != nil {
			return err
		}
	}
	return nil
}

// migrateForfeits makes the forfeits of files written before the result
// type (Result) results of their own. Two tags said a forfeit then: the
// window's Termination "rules infraction" on a 1-0 or 0-1, and a TRF
// import's TRFForfeit "1" on the result the two blocks gave (1-0, 0-1,
// or none: a double forfeit). Each game they mark takes the forfeit
// result (+/-, -/+, -/-), the pairing program's result kept in TRFResult
// likewise, and the two tags go: the result now says it. Plain SQL, so
// that every store runs the same statements.
func migrateForfeits(tx *sql.Tx) error {
	const marked = `EXISTS (SELECT 1 FROM tag t WHERE t.game_id = %s AND (
		(t.name = 'TRFForfeit' AND t.value = '1') OR
		(t.name = 'Termination' AND t.value = 'rules infraction')))`
	for _, s := range []string{
		`UPDATE tag SET value = CASE value WHEN '1-0' THEN '+/-' ELSE '-/+' END
			WHERE name = 'TRFResult' AND value IN ('1-0', '0-1') AND ` + fmt.Sprintf(marked, "tag.game_id"),
		`UPDATE game SET result = CASE result WHEN '1-0' THEN '+/-' ELSE '-/+' END
			WHERE result IN ('1-0', '0-1') AND ` + fmt.Sprintf(marked, "game.id"),
		`UPDATE game SET result = '-/-' WHERE result IN ('', '*') AND EXISTS (SELECT 1 FROM tag t
			WHERE t.game_id = game.id AND t.name = 'TRFForfeit' AND t.value = '1')`,
		`DELETE FROM tag WHERE (name = 'TRFForfeit' OR (name = 'Termination' AND value = 'rules infraction'))
			AND game_id IN (SELECT id FROM game WHERE result IN ('+/-', '-/+', '-/-'))`,
	} {
		if _, err := tx.Exec(s); err != nil {
			return err
		}
	}
	return nil
}

// migrateEventLangConsulted adds the event's notation language, which a
// copy without one of its own takes (an empty copy.lang), and whether a copy is
// consulted (typed only at the half-moves the arbiter looks up) rather
// than typed in full. Files written before keep every copy's language as
// it was read (an empty one was read as English: it becomes en), their events have
// none (English) and every copy is typed in full.
func migrateEventLangConsulted(tx *sql.Tx) error {
	for _, s := range []string{
		`ALTER TABLE event ADD COLUMN lang TEXT NOT NULL DEFAULT ''`,
		`ALTER TABLE copy ADD COLUMN consulted INTEGER NOT NULL DEFAULT 0`,
		`UPDATE copy SET lang = 'en' WHERE lang = ''`,
	} {
		if _, err := tx.Exec(s); err != nil {
			return err
		}
	}
	return nil
}

// migrateRevisions adds what lets a window learn what other writers
// changed (watch.go): the event's seq, one more at every commit of
// any writer, so that a store can tell its own commits from others'
// with one row read; the event's rev and each game's rev, one more at
// every commit that changes it (its fields, rounds and sources; its
// header, copies, cells or decisions), so that a store that sees
// another writer's commit reads the revisions and reloads only the
// games whose revision moved.
func migrateRevisions(tx *sql.Tx) error {
	for _, s := range []string{
		`ALTER TABLE event ADD COLUMN seq INTEGER NOT NULL DEFAULT 0`,
		`ALTER TABLE event ADD COLUMN rev INTEGER NOT NULL DEFAULT 0`,
		`ALTER TABLE game ADD COLUMN rev INTEGER NOT NULL DEFAULT 0`,
	} {
		if _, err := tx.Exec(s); err != nil {
			return err
		}
	}
	return nil
}

// migrationNames names the event file's schema migrations in order
// ("migrateV1", ...): what storekit.MigrationNames lists for every
// store (schema_test.go compares the two).
func migrationNames() []string {
	out := make([]string, len(migrations))
	for i, m := range migrations {
		name := runtime.FuncForPC(reflect.ValueOf(m).Pointer()).Name()
		out[i] = name[strings.LastIndexByte(name, '.')+1:]
	}
	return out
}
