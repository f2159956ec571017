package storetest

import (
	"testing"

	"scoresheet/sheet"
	"scoresheet/sheet/sheettest"
)

func testStoreResult(t *testing.T, b Backend) {
	s := b.newStore(t)
	g := SampleGame()
	g.Result = sheet.BlackForfeitWin
	id, err := s.AddGame(g)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := s.Game(id)
	if got.Result != sheet.BlackForfeitWin {
		t.Fatalf("stored %q, read %q", sheet.BlackForfeitWin, got.Result)
	}
	got.Result = "0-1 forfeit"
	sheettest.WantCode(t, sheettest.SetHeader(s, got), sheet.StoreBadArgument)
	g.Board, g.Result = 99, "1:0"
	_, err = s.AddGame(g)
	sheettest.WantCode(t, err, sheet.StoreBadArgument)
	if again, _ := s.Game(id); again.Result != sheet.BlackForfeitWin {
		t.Errorf("a refused result changed the game: %q", again.Result)
	}
}
