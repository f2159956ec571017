package app

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"scoresheet/app/session"
	"scoresheet/app/session/sessiontest"
	"scoresheet/locales"
	"scoresheet/rules"
	"scoresheet/sheet"
	"scoresheet/sheet/sheettest"
)

// newTestWindow opens the window on a new event with one game, the
// German copy White's, the English one Black's.
func newTestWindow(t testing.TB) (*mainWindow, *session.Session) {
	t.Helper()
	s, _ := sessiontest.New(t)
	return openTestWindow(t, s), s
}

// openTestWindow opens the window on a session, in English.
func openTestWindow(t testing.TB, s *session.Session) *mainWindow {
	t.Helper()
	a := test.NewTempApp(t)
	a.Preferences().SetString(prefLanguage, "en")
	m := newWindow(a, s)
	m.win.Resize(fyne.NewSize(1280, 820))
	t.Cleanup(func() {
		m.timers.stop() // none fires into the next test's window
		SetLanguage("en")
	})
	return m
}

func key(m *mainWindow, k fyne.KeyName) { m.gv.entry.TypedKey(&fyne.KeyEvent{Name: k}) }

func shortcut(m *mainWindow, k fyne.KeyName) {
	m.gv.entry.TypedShortcut(&desktop.CustomShortcut{KeyName: k, Modifier: fyne.KeyModifierControl})
}

// shown returns the texts the cells of a copy show, up to the last
// non-empty one.
func shown(m *mainWindow, side sheet.Side) []string { return m.gv.copies[side].drawn() }

func TestWindowTypesWholeGame(t *testing.T) {
	m, s := newTestWindow(t)
	if m.win.Canvas().Focused() != m.gv.entry {
		t.Fatal("the cell entry is not focused on open")
	}
	if c := s.Cursor(); c != (session.Cursor{Side: sheet.WhiteCopy, Index: 0}) {
		t.Fatalf("cursor %+v", c)
	}
	// White's copy in German, Space between cells.
	test.Type(m.gv.entry, strings.Join(sessiontest.GermanCells, " "))
	if got, want := shown(m, sheet.WhiteCopy), sessiontest.Want(sessiontest.GermanCells); strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("White's copy shows\n%q\nwant\n%q", got, want)
	}
	// F6 to Black's copy, cursor back to the first cell with Ctrl+PageUp-free keys: Up from row 0 stays.
	key(m, fyne.KeyF6)
	if c := s.Cursor(); c.Side != sheet.BlackCopy {
		t.Fatalf("F6: cursor %+v", c)
	}
	// Black's copy in English, Enter and Tab between cells.
	for i, w := range sessiontest.EnglishCells {
		test.Type(m.gv.entry, w)
		if i%2 == 0 {
			key(m, fyne.KeyReturn)
		} else {
			key(m, fyne.KeyTab)
		}
	}
	if got, want := shown(m, sheet.BlackCopy), sessiontest.Want(sessiontest.EnglishCells); strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("Black's copy shows\n%q\nwant\n%q", got, want)
	}
	for side := range 2 {
		for i := 0; i < 21; i++ {
			c := m.gv.copies[side].cellAt(i)
			if c.icon.Resource == nil || c.bg.FillColor != colorOK {
				t.Errorf("copy %d cell %d (%q): not shown ok", side, i, c.text.Text)
			}
		}
		if d := m.gv.copies[side].cellAt(20).draw.Text; d != "(=)" {
			t.Errorf("copy %d: Kb1 shows draw mark %q", side, d)
		}
	}
	if !strings.Contains(m.gv.moves.Text, "11. ♔b1") || !strings.Contains(m.gv.moves.Text, "2. ♘f3") {
		t.Errorf("moves: %q", m.gv.moves.Text)
	}
	// The board shows the position after the cursor's ply; go to ply 1.
	m.gv.tapCell(sheet.WhiteCopy, 0)
	if g := m.gv.board.Glyph(rules.E4); g != "♙" {
		t.Errorf("board e4 after 1.e4: %q", g)
	}
	if g := m.gv.board.Glyph(rules.E2); g != "" {
		t.Errorf("board e2 after 1.e4: %q", g)
	}
	for _, p := range s.Reconciled().Plies {
		if p.Status != sheet.PlyAgreed {
			t.Errorf("ply %d %s", p.Ply, p.Status)
		}
	}
	if !strings.Contains(m.status.Text, "Saved") {
		t.Errorf("status %q", m.status.Text)
	}
}

func TestWindowMovesBetweenCells(t *testing.T) {
	m, s := newTestWindow(t)
	test.Type(m.gv.entry, "e4 e5 Sf3 Sc6 ")
	want := func(side sheet.Side, i int, text string) {
		t.Helper()
		if c := s.Cursor(); c != (session.Cursor{Side: side, Index: i}) {
			t.Fatalf("cursor %+v, want %v %d", c, side, i)
		}
		if m.gv.entry.Text != text {
			t.Fatalf("entry shows %q, want %q", m.gv.entry.Text, text)
		}
		if m.gv.held != m.gv.copies[side].cellAt(i) {
			t.Fatal("the entry is not in the cursor's cell")
		}
	}
	want(sheet.WhiteCopy, 4, "")
	m.gv.entry.KeyDown(&fyne.KeyEvent{Name: desktop.KeyShiftLeft})
	key(m, fyne.KeyTab)
	m.gv.entry.KeyUp(&fyne.KeyEvent{Name: desktop.KeyShiftLeft})
	want(sheet.WhiteCopy, 3, "Sc6")
	key(m, fyne.KeyUp)
	want(sheet.WhiteCopy, 1, "e5")
	key(m, fyne.KeyDown)
	want(sheet.WhiteCopy, 3, "Sc6")
	key(m, fyne.KeyRight) // caret at the end: next cell
	want(sheet.WhiteCopy, 4, "")
	key(m, fyne.KeyLeft) // caret at the start: previous cell
	want(sheet.WhiteCopy, 3, "Sc6")
	key(m, fyne.KeyRight)
	// From the cell after White's last, Black's copy from its start,
	// typed in full (on a half-move it would be consulted there: see
	// TestWindowConsultOtherCopy).
	shortcut(m, fyne.KeyJ)
	want(sheet.BlackCopy, 0, "")
	if s.Game().Copies[sheet.BlackCopy].Consulted {
		t.Error("Ctrl+J from the cell after White's last made Black's copy consulted")
	}
	key(m, fyne.KeyF6)
	want(sheet.WhiteCopy, 0, "e4")
	// Correcting a cell: the new text is judged at once.
	m.gv.entry.SetText("e5")
	if c := m.gv.copies[0].cellAt(0); c.bg.FillColor != colorIllegal {
		t.Errorf("1.e5 for White: colour %v", c.bg.FillColor)
	}
	if !strings.Contains(findingsText(m), "No legal move") && !strings.Contains(findingsText(m), "no-legal-move") {
		t.Errorf("findings: %q", findingsText(m))
	}
}

func findingsText(m *mainWindow) string {
	var b strings.Builder
	for _, o := range m.gv.findings.Objects {
		switch w := o.(type) {
		case *widget.Label:
			b.WriteString(w.Text + "\n")
		case *widget.Button:
			b.WriteString("[" + w.Text + "]\n")
		case *fyne.Container:
			for _, x := range w.Objects {
				if l, ok := x.(*widget.Label); ok {
					b.WriteString(l.Text + "\n")
				}
			}
		}
	}
	return b.String()
}

func TestWindowDrawOfferUndoRedo(t *testing.T) {
	m, s := newTestWindow(t)
	test.Type(m.gv.entry, "e4 e5 Sf3(=) ")
	if c, _ := s.Cell(sheet.WhiteCopy, 2); c.Text != "Sf3" || !c.DrawOffer {
		t.Fatalf("Sf3(=): %+v", c)
	}
	if d := m.gv.copies[0].cellAt(2).draw.Text; d != "(=)" {
		t.Fatalf("draw mark %q", d)
	}
	key(m, fyne.KeyLeft)
	shortcut(m, fyne.KeyD) // Ctrl+D toggles it off
	if d := m.gv.copies[0].cellAt(2).draw.Text; d != "" {
		t.Fatalf("draw mark after Ctrl+D %q", d)
	}
	m.gv.entry.TypedShortcut(&fyne.ShortcutUndo{})
	if d := m.gv.copies[0].cellAt(2).draw.Text; d != "(=)" {
		t.Fatalf("draw mark after undo %q", d)
	}
	m.gv.entry.TypedShortcut(&fyne.ShortcutUndo{}) // the draw offer typed
	m.gv.entry.TypedShortcut(&fyne.ShortcutUndo{}) // the cell Sf3
	if got := shown(m, sheet.WhiteCopy); strings.Join(got, " ") != "e4 e5" {
		t.Fatalf("after undoing Sf3: %q", got)
	}
	m.gv.entry.TypedShortcut(&fyne.ShortcutRedo{})
	if got := shown(m, sheet.WhiteCopy); strings.Join(got, " ") != "e4 e5 Sf3" {
		t.Fatalf("after redo: %q", got)
	}
}

func TestWindowChooseCandidate(t *testing.T) {
	m, s := newTestWindow(t)
	test.Type(m.gv.entry, "e4 e5 Sf3 ")
	key(m, fyne.KeyF6)
	shortcut(m, fyne.KeyPageUp) // the only board: the cursor stays
	test.Type(m.gv.entry, "e4 e5 Nc3")
	// Black's third cell says Nc3, White's Sf3: the arbiter decides.
	var buttons []*widget.Button
	for _, o := range m.gv.findings.Objects {
		if b, ok := o.(*widget.Button); ok {
			buttons = append(buttons, b)
		}
	}
	if len(buttons) < 2 {
		t.Fatalf("candidates: %q", findingsText(m))
	}
	var nc3 *widget.Button
	for _, b := range buttons {
		if strings.HasPrefix(b.Text, "Nc3") {
			nc3 = b
		}
	}
	if nc3 == nil {
		t.Fatalf("no Nc3 among %q", findingsText(m))
	}
	test.Tap(nc3)
	_, p := s.Reading(sheet.BlackCopy, 2)
	if p.Status != sheet.PlyDecided || p.Move.UCI() != "b1c3" {
		t.Fatalf("after choosing: %s %v", p.Status, p.Move)
	}
	if c, _ := s.Cell(sheet.WhiteCopy, 2); c.Text != "Sf3" {
		t.Fatalf("White's text changed: %q", c.Text)
	}
	if !strings.Contains(findingsText(m), "arbiter") {
		t.Errorf("decision not shown: %q", findingsText(m))
	}
	if !strings.Contains(m.gv.moves.Text, "♘c3") {
		t.Errorf("moves: %q", m.gv.moves.Text)
	}
}

func TestWindowSwitchLanguage(t *testing.T) {
	m, _ := newTestWindow(t)
	test.Type(m.gv.entry, "e4 e5")
	if !strings.HasPrefix(m.gv.copies[0].title.Text, "White") {
		t.Fatalf("title %q", m.gv.copies[0].title.Text)
	}
	for _, code := range UILanguages {
		m.setLanguage(code)
		want := locales.Text(code, "ui.header.white") + ": "
		if got := m.gv.copies[0].title.Text; !strings.HasPrefix(got, want) {
			t.Errorf("%s: title %q, want prefix %q", code, got, want)
		}
		if code == "de" && !strings.HasPrefix(m.gv.copies[0].title.Text, "Weiß: ") {
			t.Errorf("German title %q", m.gv.copies[0].title.Text)
		}
		// The typing goes on where it was.
		if m.gv.entry.Text != "e5" || m.win.Canvas().Focused() != m.gv.entry {
			t.Errorf("%s: entry %q focused %v", code, m.gv.entry.Text, m.win.Canvas().Focused() == m.gv.entry)
		}
	}
}

// The arbiter checks panel says each check in words, with its article,
// and its button puts the cursor on the check's half-move.
func TestWindowChecksPanel(t *testing.T) {
	m, s := newTestWindow(t)
	m.gv.tabs.SelectIndex(checksTab) // the Checks panel read below is shown (a hidden one is drawn when it comes up)
	test.Type(m.gv.entry, "Sf3 Sf6 Sg1 Sg8 Sf3 Sf6 Sg1 Sg8 e4 ")
	var row *fyne.Container
	var text string
	for _, o := range m.gv.checks.Objects {
		c, ok := o.(*fyne.Container)
		if !ok {
			continue
		}
		for _, x := range c.Objects {
			if l, ok := x.(*widget.Label); ok && strings.Contains(l.Text, "9.2") {
				row, text = c, l.Text
			}
		}
	}
	if row == nil {
		t.Fatalf("no repetition among the checks: %+v", s.Checks())
	}
	var ply int
	for _, f := range s.Checks() {
		if f.Code == sheet.CheckThreefold {
			ply = f.Ply
		}
	}
	if ply != 8 || !strings.Contains(text, "8") {
		t.Fatalf("threefold at ply %d, shown as %q", ply, text)
	}
	var go2 *widget.Button
	for _, x := range row.Objects {
		if b, ok := x.(*widget.Button); ok {
			go2 = b
		}
	}
	if go2 == nil {
		t.Fatal("the check has no button to go to its half-move")
	}
	test.Tap(go2)
	if c := s.Cursor(); c != (session.Cursor{Side: sheet.WhiteCopy, Index: ply - 1}) {
		t.Errorf("cursor after going to the check %+v, want ply %d of White's copy", c, ply)
	}
	// Long texts wrap: the panel never widens the window.
	if w := m.gv.checks.MinSize().Width; w > 400 {
		t.Errorf("checks panel wants %v pixels", w)
	}
	if w := m.gv.findings.MinSize().Width; w > 400 {
		t.Errorf("findings panel wants %v pixels", w)
	}
}

func ctrlShift(m *mainWindow, k fyne.KeyName) {
	m.gv.entry.TypedShortcut(&desktop.CustomShortcut{KeyName: k, Modifier: fyne.KeyModifierControl | fyne.KeyModifierShift})
}

// A skipped move is put back with Ctrl+Shift+Enter (the cells after it
// move on) and a cell typed twice goes with Ctrl+Shift+Backspace; both
// are saved at once and undone in one step.
func TestWindowInsertDeleteCell(t *testing.T) {
	m, s := newTestWindow(t)
	test.Type(m.gv.entry, "e4 e5 Sc6 Lb5 ") // Sf3 skipped
	m.gv.tapCell(sheet.WhiteCopy, 2)
	ctrlShift(m, fyne.KeyReturn)
	if m.gv.entry.Text != "" {
		t.Fatalf("the inserted cell shows %q", m.gv.entry.Text)
	}
	test.Type(m.gv.entry, "Sf3 ")
	if got := strings.Join(shown(m, sheet.WhiteCopy), " "); got != "e4 e5 Sf3 Sc6 Lb5" {
		t.Fatalf("after inserting Sf3: %q", got)
	}
	if st := s.Status(sheet.WhiteCopy, 4); st != rules.StatusOK {
		t.Errorf("Lb5 after the insert: %s", st)
	}
	stored := func() string {
		g, err := s.Store().Game(s.Game().ID)
		if err != nil {
			t.Fatal(err)
		}
		return strings.Join(sheettest.Texts(g.Copies[sheet.WhiteCopy].Cells), " ")
	}
	if got := stored(); got != "e4 e5 Sf3 Sc6 Lb5" {
		t.Errorf("stored after the insert: %q", got)
	}
	m.gv.tapCell(sheet.WhiteCopy, 3)
	ctrlShift(m, fyne.KeyBackspace)
	if got := strings.Join(shown(m, sheet.WhiteCopy), " "); got != "e4 e5 Sf3 Lb5" {
		t.Fatalf("after deleting Sc6: %q", got)
	}
	if m.gv.entry.Text != "Lb5" {
		t.Errorf("the cursor's cell shows %q after the delete, want Lb5", m.gv.entry.Text)
	}
	if got := stored(); got != "e4 e5 Sf3 Lb5" {
		t.Errorf("stored after the delete: %q", got)
	}
	m.gv.entry.TypedShortcut(&fyne.ShortcutUndo{})
	if got := strings.Join(shown(m, sheet.WhiteCopy), " "); got != "e4 e5 Sf3 Sc6 Lb5" {
		t.Fatalf("after undoing the delete: %q", got)
	}
	if got := stored(); got != "e4 e5 Sf3 Sc6 Lb5" {
		t.Errorf("stored after undo: %q", got)
	}
	// After the last cell there is nothing to move: nothing happens.
	m.gv.tapCell(sheet.WhiteCopy, 5)
	ctrlShift(m, fyne.KeyReturn)
	ctrlShift(m, fyne.KeyBackspace)
	if got := stored(); got != "e4 e5 Sf3 Sc6 Lb5" {
		t.Errorf("stored after insert/delete past the end: %q", got)
	}
}

// Deleting a board takes it out of the file and the navigator and opens
// its neighbour; the confirmation says how many cells go with it.
func TestWindowDeleteBoard(t *testing.T) {
	m, s := newTestWindow(t)
	test.Type(m.gv.entry, "e4 e5 Sf3 ")
	first := s.Game().ID
	second, err := s.AddGame(1, 2, "en")
	if err != nil {
		t.Fatal(err)
	}
	msg := T("ui.delete.confirm", map[string]any{"Round": 1, "Board": "Board 1", "Cells": 3})
	if !strings.Contains(msg, "3 typed cells") || !strings.Contains(msg, "cannot be undone") {
		t.Errorf("confirmation %q", msg)
	}
	m.deleteBoard(first)
	if g := s.Game(); g == nil || g.ID != second {
		t.Fatalf("open game after the delete: %+v, want board 2", g)
	}
	gs, err := s.Store().Games()
	if err != nil || len(gs) != 1 || gs[0].ID != second {
		t.Fatalf("games in the file: %d %v", len(gs), err)
	}
	if len(s.Games()) != 1 {
		t.Errorf("navigator games %+v", s.Games())
	}
	m.deleteBoard(second) // the last board: no game open, the window still works
	if s.Game() != nil {
		t.Errorf("a game is open after deleting every board")
	}
	test.Type(m.gv.entry, "e4 ") // nothing to type into: no panic, nothing stored
	if gs, _ := s.Store().Games(); len(gs) != 0 {
		t.Errorf("%d games after typing with none open", len(gs))
	}
}
