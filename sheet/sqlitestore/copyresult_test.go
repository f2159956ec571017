package sqlitestore

import (
	"fmt"
	"testing"

	"scoresheet/sheet"
	"scoresheet/sheet/sheettest"
)

// TestMigrateCopyResults: an event file from before copies had results
// opens with none written on its copies, keeps everything else, and
// takes a copy's result.
func TestMigrateCopyResults(t *testing.T) {
	// (built by the first two migrations alone: Create writes the
	// event's later columns)
	path := fileAtVersion(t, 2, `INSERT INTO game (id, round, board, white_name, white_fide_id, white_rating, white_federation,
		white_title, black_name, black_fide_id, black_rating, black_federation, black_title, result, date, fen)
		VALUES (5, 2, 1, 'Anna', '', 0, '', '', 'Ben', '', 0, '', '', '1-0', '', '');
		INSERT INTO copy (game_id, side, lang) VALUES (5, 0, 'de'), (5, 1, 'en');
		INSERT INTO cell VALUES (5, 0, 0, 'e4', '', 0, '', 0, 0)`)
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	g, err := s.Game(5)
	if err != nil {
		t.Fatal(err)
	}
	want := [2]sheet.Copy{{Lang: "de", Cells: []sheet.Cell{{Text: "e4"}}}, {Lang: "en"}}
	if fmt.Sprint(g.Copies) != fmt.Sprint(want) || g.Result != "1-0" {
		t.Fatalf("migrated game %+v", g)
	}
	if err := sheettest.SetCopyResult(s, 5, sheet.WhiteCopy, "1-0"); err != nil {
		t.Fatal(err)
	}
	if g, _ := s.Game(5); g.Copies[sheet.WhiteCopy].Result != "1-0" {
		t.Errorf("result after migration: %q", g.Copies[sheet.WhiteCopy].Result)
	}
}
