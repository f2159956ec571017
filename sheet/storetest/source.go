package storetest

import (
	"bytes"
	"errors"
	"testing"

	"scoresheet/sheet"
	"scoresheet/sheet/sheettest"
)

// TestApplyImport: the event, the source, removals, header updates and
// additions land together; an import with one failing game changes
// nothing at all.
// fixed is a plan that makes imp of any event.
func fixed(imp sheet.Import) (string, func(sheet.ImportBase) (sheet.Import, error)) {
	return "trf", func(sheet.ImportBase) (sheet.Import, error) { return imp, nil }
}

func testApplyImport(t *testing.T, b Backend) {
	s := b.newStore(t)
	body := applyImportApplies(t, s)
	applyImportRefusedWhole(t, s, body)
	applyImportKeepsTyped(t, s)
	applyImportPlan(t, s, body)
}

// applyImportApplies: an import's every part is applied; it returns the
// source's body kept.
func applyImportApplies(t *testing.T, s sheet.EventStore) []byte {
	keep, err := s.AddGame(sheet.Game{Round: 1, Board: 1, White: sheet.Player{Name: "A"}, Black: sheet.Player{Name: "B"}})
	if err != nil {
		t.Fatal(err)
	}
	gone, _ := s.AddGame(sheet.Game{Round: 1, Board: 2, White: sheet.Player{Name: "C"}, Black: sheet.Player{Name: "D"}})
	body := []byte("012 Open\r001    1\r")
	ev := sheet.Event{Name: "Open", Rounds: []sheet.Round{{Number: 1, Date: "2026.01.10"}}}
	ids, err := s.ApplyImport(fixed(sheet.Import{
		Event:  &ev,
		Source: &sheet.Source{Kind: "trf", Name: "open.trf", Body: body},
		Remove: []int64{gone},
		Update: []sheet.Game{{ID: keep, Round: 1, Board: 1, White: sheet.Player{Name: "A", Rating: 2400}, Black: sheet.Player{Name: "B"}, Result: "1-0"}},
		Add:    []sheet.Game{{Round: 1, Board: 2, White: sheet.Player{Name: "E"}, Black: sheet.Player{Name: "F"}}},
	}))
	if err != nil || len(ids) != 1 {
		t.Fatalf("ApplyImport: %v %v", ids, err)
	}
	src, ok, err := s.Source("trf")
	if err != nil || !ok || !bytes.Equal(src.Body, body) || src.Name != "open.trf" {
		t.Fatalf("source %+v %v %v", src, ok, err)
	}
	if g, _ := s.Game(keep); g.White.Rating != 2400 || g.Result != "1-0" {
		t.Errorf("updated header: %+v", g)
	}
	if g, _ := s.GameAt(1, 2); g.White.Name != "E" {
		t.Errorf("board 2: %+v", g)
	}
	if got, _ := s.Event(); got.Name != "Open" || len(got.Rounds) != 1 {
		t.Errorf("event %+v", got)
	}
	return body
}

// applyImportRefusedWhole: board 1 is taken: the whole import is
// refused, nothing changes.
func applyImportRefusedWhole(t *testing.T, s sheet.EventStore, body []byte) {
	before, _ := s.Games()
	_, err := s.ApplyImport(fixed(sheet.Import{
		Event:  &sheet.Event{Name: "Changed"},
		Source: &sheet.Source{Kind: "trf", Body: []byte("changed")},
		Add:    []sheet.Game{{Round: 2, Board: 1}, {Round: 1, Board: 1}},
	}))
	sheettest.WantCode(t, err, sheet.StoreDuplicate)
	after, _ := s.Games()
	if got, _ := s.Event(); got.Name != "Open" || len(after) != len(before) {
		t.Errorf("a failed import changed the event: %+v, %d games (was %d)", got, len(after), len(before))
	}
	if src, _, _ := s.Source("trf"); !bytes.Equal(src.Body, body) {
		t.Error("a failed import changed the source")
	}
	if _, ok, err := s.Source("pgn"); ok || err != nil {
		t.Errorf("a kind never imported: ok %v err %v", ok, err)
	}
}

// applyImportKeepsTyped: a plan that removes a game with something typed
// on it fails whole at its board; the game stays.
func applyImportKeepsTyped(t *testing.T, s sheet.EventStore) {
	typed, _ := s.AddGame(sheet.Game{Round: 3, Board: 1, White: sheet.Player{Name: "G"}, Black: sheet.Player{Name: "H"}})
	if err := sheettest.SetCell(s, typed, sheet.WhiteCopy, 0, sheet.Cell{Text: "e4"}); err != nil {
		t.Fatal(err)
	}
	_, err := s.ApplyImport(fixed(sheet.Import{Remove: []int64{typed}, Add: []sheet.Game{{Round: 3, Board: 1}}}))
	sheettest.WantCode(t, err, sheet.StoreDuplicate)
	if g, err := s.Game(typed); err != nil || len(g.Copies[sheet.WhiteCopy].Cells) != 1 {
		t.Errorf("the typed game: %+v %v", g, err)
	}
	// Nor one with only a result written on a copy.
	if err := sheettest.DeleteCell(s, typed, sheet.WhiteCopy, 0); err != nil {
		t.Fatal(err)
	}
	if err := sheettest.SetCopyResult(s, typed, sheet.BlackCopy, "0-1"); err != nil {
		t.Fatal(err)
	}
	_, err = s.ApplyImport(fixed(sheet.Import{Remove: []int64{typed}, Add: []sheet.Game{{Round: 3, Board: 1}}}))
	sheettest.WantCode(t, err, sheet.StoreDuplicate)
	if g, err := s.Game(typed); err != nil || g.Copies[sheet.BlackCopy].Result != "0-1" {
		t.Errorf("the game with a copy's result: %+v %v", g, err)
	}
	// Nor one with only the game's result.
	if err := sheettest.SetCopyResult(s, typed, sheet.BlackCopy, ""); err != nil {
		t.Fatal(err)
	}
	g, _ := s.Game(typed)
	g.Result = sheet.WhiteForfeitWin
	if err := sheettest.SetHeader(s, g); err != nil {
		t.Fatal(err)
	}
	_, err = s.ApplyImport(fixed(sheet.Import{Remove: []int64{typed}, Add: []sheet.Game{{Round: 3, Board: 1}}}))
	sheettest.WantCode(t, err, sheet.StoreDuplicate)
	// Told to replace it, the import does.
	if _, err := s.ApplyImport(fixed(sheet.Import{Replace: []int64{typed}, Add: []sheet.Game{{Round: 3, Board: 1, White: sheet.Player{Name: "I"}}}})); err != nil {
		t.Fatal(err)
	}
	if g, err := s.GameAt(3, 1); err != nil || g.White.Name != "I" {
		t.Errorf("round 3 board 1 after the replacement: %+v %v", g, err)
	}
}

// applyImportPlan: the plan is made of the event and its source as they
// are in the transaction; a plan's error changes nothing.
func applyImportPlan(t *testing.T, s sheet.EventStore, body []byte) {
	seen, body2 := -1, ""
	if _, err := s.ApplyImport("trf", func(b sheet.ImportBase) (sheet.Import, error) {
		seen, body2 = len(b.Games), string(b.Source.Body)
		return sheet.Import{}, nil
	}); err != nil || seen != 3 || body2 != string(body) {
		t.Errorf("the plan saw %d games (want 3), source %q: %v", seen, body2, err)
	}
	refused := errors.New("refused")
	if _, err := s.ApplyImport("pgn", func(b sheet.ImportBase) (sheet.Import, error) {
		if b.Source != nil {
			t.Error("a source of a kind never imported")
		}
		return sheet.Import{Event: &sheet.Event{Name: "Changed"}}, refused
	}); err != refused {
		t.Errorf("the plan's error: %v", err)
	}
	if got, _ := s.Event(); got.Name != "Open" {
		t.Errorf("a refused plan changed the event: %+v", got)
	}
}
