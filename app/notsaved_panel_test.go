package app

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"scoresheet/app/session"
	"scoresheet/sheet"
	"scoresheet/sheet/store"
)

// The cell shows what the event holds; what the arbiter typed there and
// was refused is said in the cell's panel, with its keys (seen under
// Xvfb: the kept text was nowhere on screen once a later refusal took
// the status line).
func TestCellPanelSaysTextKept(t *testing.T) {
	m, s := newTestWindow(t)
	test.Type(m.gv.entry, "e4 e5 ")
	other, err := store.Open(s.Store().Location())
	if err != nil {
		t.Fatal(err)
	}
	g, _ := other.GameAt(s.Game().Round, s.Game().Board)
	if err := other.SetCellIf(g.ID, sheet.WhiteCopy, 2, nil, sheet.Cell{Text: "Nf3"}); err != nil {
		t.Fatal(err)
	}
	other.Close()
	test.Type(m.gv.entry, "Bc4 ")
	if err := s.MoveTo(session.Cursor{Side: sheet.WhiteCopy, Index: 2}); err != nil {
		t.Fatal(err)
	}
	m.gv.refresh()
	if got := findingsText(m); !strings.Contains(got, "Not saved here: “Bc4”") {
		t.Fatalf("the panel of cell 3 says\n%s\nwant the text kept, Bc4", got)
	}
}
