package sqlitestore

import (
	"path/filepath"
	"testing"

	"scoresheet/sheet"
	"scoresheet/sheet/sheettest"
)

func TestStoreKindAndMarks(t *testing.T) { eachBackend(t, testStoreKindAndMarks) }

func testStoreKindAndMarks(t *testing.T, b storeBackend) {
	s := b.newStore(t)
	for _, k := range []sheet.EventKind{sheet.KindRapid, sheet.KindBlitz, sheet.KindStandard} {
		ev := sampleEvent()
		ev.Kind = k
		if err := sheettest.SetEvent(s, ev); err != nil {
			t.Fatal(err)
		}
		if got, err := s.Event(); err != nil || got.Kind != k {
			t.Errorf("kind %q read back as %q (%v)", k, got.Kind, err)
		}
	}
	ev := sampleEvent()
	ev.Kind = "bullet"
	sheettest.WantCode(t, sheettest.SetEvent(s, ev), sheet.StoreBadArgument)

	id, err := s.AddGame(sheet.Game{Round: 1, Board: 1, Copies: [2]sheet.Copy{{Cells: []sheet.Cell{{Text: "e4"}, {Text: "Nf3", Mark: sheet.MarkSealed}}}}})
	if err != nil {
		t.Fatal(err)
	}
	if err := sheettest.SetCell(s, id, sheet.BlackCopy, 0, sheet.Cell{Mark: sheet.MarkRecordingStopped}); err != nil {
		t.Fatal(err)
	}
	// The mark goes with its cell when a cell is put before it.
	if err := sheettest.InsertCell(s, id, sheet.WhiteCopy, 0, sheet.Cell{Text: "d4", Mark: sheet.MarkClaimFiftyMoves}); err != nil {
		t.Fatal(err)
	}
	sheettest.WantCode(t, sheettest.SetCell(s, id, sheet.WhiteCopy, 0, sheet.Cell{Mark: "resigned"}), sheet.StoreBadArgument)
	g, err := s.Game(id)
	if err != nil {
		t.Fatal(err)
	}
	want := [2][]sheet.CellMark{{sheet.MarkClaimFiftyMoves, sheet.MarkNone, sheet.MarkSealed}, {sheet.MarkRecordingStopped}}
	for side, marks := range want {
		cells := g.Copies[side].Cells
		if len(cells) != len(marks) {
			t.Fatalf("copy %d: %d cells, want %d", side, len(cells), len(marks))
		}
		for i, m := range marks {
			if cells[i].Mark != m {
				t.Errorf("copy %d cell %d: mark %q, want %q", side, i, cells[i].Mark, m)
			}
		}
	}
}

// fileAtVersion makes an event file of schema version n, as the code of
// that version wrote it (its first n migrations), holding what stmts
// insert, and returns its path: a file from before later migrations.
func fileAtVersion(t *testing.T, n int, stmts ...string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "old.scoresheet")
	db := rawDB(t, path)
	defer db.Close()
	saved := migrations
	migrations = saved[:n]
	err := migrate(db, path)
	migrations = saved
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range stmts {
		if _, err := db.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	return path
}

// A file of schema version 2 (before kinds and marks) opens as standard
// play with no marks, every cell as it was.
func TestStoreMigrateLawsMarks(t *testing.T) {
	path := fileAtVersion(t, 2,
		`INSERT INTO game VALUES (1, 1, 1, 'W', '', 0, '', '', 'B', '', 0, '', '', '', '', '')`,
		`INSERT INTO copy VALUES (1, 0, 'en')`,
		`INSERT INTO cell VALUES (1, 0, 0, 'e4', '', 0, '', 0, 1)`)
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ev, err := s.Event()
	if err != nil || ev.Kind != sheet.KindStandard {
		t.Errorf("kind %q, %v", ev.Kind, err)
	}
	g, err := s.GameAt(1, 1)
	if err != nil {
		t.Fatal(err)
	}
	if c := g.Copies[sheet.WhiteCopy].Cells; len(c) != 1 || c[0] != (sheet.Cell{Text: "e4", NotRecorded: true}) {
		t.Errorf("cells %+v", c)
	}
}
