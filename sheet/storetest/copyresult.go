package storetest

import (
	"fmt"
	"testing"

	"scoresheet/sheet"
	"scoresheet/sheet/sheettest"
)

func testStoreCopyResult(t *testing.T, b Backend) {
	s, id := b.withGame(t)
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
	bad := SampleGame()
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
