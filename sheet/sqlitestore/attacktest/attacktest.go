// Package attacktest holds what the tests of the event store and of the
// commands over it share: the attacks a stranger's event file may carry
// (issue 23.2), and a way to plant them as another SQLite would. It does
// not import the store, so that the store's own tests can use it.
package attacktest

import (
	"database/sql"
	"testing"

	_ "modernc.org/sqlite" // the driver the store uses
)

// The statements of the attacks found: a trigger that rewrites the move
// the arbiter typed after the store said it was saved, one that deletes
// board 2 and renames the event, and the game table replaced by a
// recursive view that never ends (reading it hung every command while a
// temporary file grew); the table must be dropped or renamed first.
const (
	RewriteTrigger  = `CREATE TRIGGER rewrite AFTER INSERT ON cell BEGIN UPDATE cell SET text = 'Bc4' WHERE text = 'Bb5'; END`
	VandalTrigger   = `CREATE TRIGGER vandal AFTER UPDATE ON game BEGIN DELETE FROM game WHERE board = 2; UPDATE event SET name = 'Pwned'; END`
	EndlessGameView = `CREATE VIEW game AS WITH RECURSIVE r(id, round, board, white_name, white_fide_id, white_rating,
			white_federation, white_title, black_name, black_fide_id, black_rating, black_federation,
			black_title, result, date, fen) AS (
			SELECT 1, 1, 1, 'W', '', 0, '', '', 'B', '', 0, '', '', '', '', ''
			UNION ALL SELECT id + 1, round, board + 1, white_name || randomblob(64), white_fide_id, white_rating,
			white_federation, white_title, black_name, black_fide_id, black_rating, black_federation,
			black_title, result, date, fen FROM r ORDER BY 1)
			SELECT * FROM r`
)

// Plant runs stmts on the event file as a stranger's SQLite would.
func Plant(t testing.TB, file string, stmts ...string) {
	t.Helper()
	db, err := sql.Open("sqlite", file)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	for _, q := range stmts {
		if _, err := db.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
}
