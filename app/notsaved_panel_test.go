package app

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"scoresheet/app/session"
	"scoresheet/sheet"
	"scoresheet/sheet/sqlitestore"
)

// The cell shows what the event holds; what the arbiter typed there and
// was refused is said in the cell's panel, with its keys (seen under
// Xvfb: the kept text was nowhere on screen once a later refusal took
// the status line).
func TestCellPanelSaysTextKept(t *testing.T) {
	m, s := newTestWindow(t)
	typeOverAnotherWriter(t, m, s)
	if err := s.MoveTo(session.Cursor{Side: sheet.WhiteCopy, Index: 2}); err != nil {
		t.Fatal(err)
	}
	m.gv.refresh()
	if got := findingsText(m); !strings.Contains(got, "Not saved here: “Bc4”") {
		t.Fatalf("the panel of cell 3 says\n%s\nwant the text kept, Bc4", got)
	}
}

// Closing the window or opening another event with texts kept asks
// first, naming each; Cancel keeps them, the dangerous button drops
// them and goes on. With none kept it goes on at once.
func TestCloseAsksAboutTextsKept(t *testing.T) {
	m, s := newTestWindow(t)
	went := 0
	if kd := m.unlessKept(func() { went++ }); kd != nil || went != 1 {
		t.Fatalf("nothing kept: dialog %v, went on %d times", kd != nil, went)
	}
	typeOverAnotherWriter(t, m, s)
	kd := m.unlessKept(func() { went++ })
	if kd == nil || went != 1 {
		t.Fatalf("a text kept: dialog %v, went on %d times", kd != nil, went)
	}
	if text := labelsOf(kd.content); !strings.Contains(text, "Round 1, board 1, Half-move 3, White's scoresheet: “Bc4”") {
		t.Fatalf("the dialog says\n%s", text)
	}
	kd.dismiss()
	if went != 1 || len(s.NotSaved()) != 1 {
		t.Fatalf("Cancel: went on %d times, kept %+v", went, s.NotSaved())
	}
	m.unlessKept(func() { went++ }).confirm()
	if went != 2 {
		t.Fatalf("Drop them: went on %d times", went)
	}
}

// typeOverAnotherWriter types e4 e5, has another writer put Nf3 in the
// third cell, then types Bc4 there: refused and kept.
func typeOverAnotherWriter(t *testing.T, m *mainWindow, s *session.Session) {
	t.Helper()
	test.Type(m.gv.entry, "e4 e5 ")
	other, err := sqlitestore.Open(s.Store().Location())
	if err != nil {
		t.Fatal(err)
	}
	g, _ := other.GameAt(s.Game().Round, s.Game().Board)
	if err := other.SetCellIf(g.ID, sheet.WhiteCopy, 2, nil, sheet.Cell{Text: "Nf3"}); err != nil {
		t.Fatal(err)
	}
	other.Close()
	test.Type(m.gv.entry, "Bc4 ")
}
