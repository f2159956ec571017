package storetest

import (
	"testing"

	"scoresheet/sheet"
	"scoresheet/sheet/sheettest"
)

func testStoreKindAndMarks(t *testing.T, b Backend) {
	s := b.newStore(t)
	for _, k := range []sheet.EventKind{sheet.KindRapid, sheet.KindBlitz, sheet.KindStandard} {
		ev := SampleEvent()
		ev.Kind = k
		if err := sheettest.SetEvent(s, ev); err != nil {
			t.Fatal(err)
		}
		if got, err := s.Event(); err != nil || got.Kind != k {
			t.Errorf("kind %q read back as %q (%v)", k, got.Kind, err)
		}
	}
	ev := SampleEvent()
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
