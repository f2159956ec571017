package sqlitestore

import (
	"fmt"
	"testing"

	"scoresheet/sheet"
	"scoresheet/sheet/sheettest"
)

// TestStoreCopyResult: the result written on a copy is stored and read
// back with the game; only a result a player can write is taken, and a
// refused one changes nothing.
func TestStoreCopyResult(t *testing.T) { eachBackend(t, testStoreCopyResult) }

func testStoreCopyResult(t *testing.T, b storeBackend) {
	s := b.newStore(t)
	id, err := s.AddGame(sampleGame())
	if err != nil {
		t.Fatal(err)
	}
	if err := sheettest.SetCopyResult(s, id, sheet.BlackCopy, "0-1"); err != nil {
		t.Fatal(err)
	}
	g, err := s.Game(id)
	if err != nil {
		t.Fatal(err)
	}
	if w, b := g.Copies[sheet.WhiteCopy].Result, g.Copies[sheet.BlackCopy].Result; w != "1/2-1/2" || b != "0-1" {
		t.Errorf("copies' results %q %q, want 1/2-1/2 0-1", w, b)
	}
	for _, tc := range []struct {
		name   string
		id     int64
		side   sheet.Side
		result sheet.Result
		code   sheet.StoreErrorCode
	}{
		{"not a result", id, sheet.WhiteCopy, "½-½", sheet.StoreBadArgument},
		{"unfinished is no written result", id, sheet.WhiteCopy, "*", sheet.StoreBadArgument},
		{"no such side", id, sheet.Side(2), "1-0", sheet.StoreBadArgument},
		{"no such game", id + 1, sheet.WhiteCopy, "1-0", sheet.StoreNotFound},
	} {
		sheettest.WantCode(t, sheettest.SetCopyResult(s, tc.id, tc.side, tc.result), tc.code)
	}
	bad := sampleGame()
	bad.Board++
	bad.Copies[sheet.BlackCopy].Result = "1:0"
	_, err = s.AddGame(bad)
	sheettest.WantCode(t, err, sheet.StoreBadArgument)
	if again, err := s.Game(id); err != nil || fmt.Sprint(again.Copies) != fmt.Sprint(g.Copies) {
		t.Errorf("refused writes changed the copies: %+v, %v", again.Copies, err)
	}
	if err := sheettest.SetCopyResult(s, id, sheet.WhiteCopy, ""); err != nil {
		t.Fatal(err)
	}
	if g, _ := s.Game(id); g.Copies[sheet.WhiteCopy].Result != "" {
		t.Errorf("result not withdrawn: %q", g.Copies[sheet.WhiteCopy].Result)
	}
}

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
	if err := s.SetCopyResult(5, sheet.WhiteCopy, "1-0"); err != nil {
		t.Fatal(err)
	}
	if g, _ := s.Game(5); g.Copies[sheet.WhiteCopy].Result != "1-0" {
		t.Errorf("result after migration: %q", g.Copies[sheet.WhiteCopy].Result)
	}
}
