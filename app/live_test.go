package app

import (
	"bytes"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"scoresheet/app/cli"
	"scoresheet/app/session"
	"scoresheet/app/session/sessiontest"
	"scoresheet/sheet"
	"scoresheet/sheet/sheettest"
	"scoresheet/sheet/sqlitestore"
)

// Issue 22: two writers on one board. The event of its scenarios: round
// 3, boards 12 (White's copy holds d4) and 13.
func board12Event(t testing.TB) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "team.scoresheet")
	st, err := sqlitestore.Create(path, sheet.Event{Name: "Team Open", Rounds: []sheet.Round{{Number: 3}}})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	g := sheet.Game{Round: 3, Board: 12, White: sheet.Player{Name: "Anna"}, Black: sheet.Player{Name: "Bert"}}
	g.Copies[0].Lang, g.Copies[1].Lang = "de", "en"
	g.Copies[0].Cells = []sheet.Cell{{Text: "d4"}}
	if _, err := st.AddGame(g); err != nil {
		t.Fatal(err)
	}
	if _, err := st.AddGame(sheet.Game{Round: 3, Board: 13, White: sheet.Player{Name: "Cleo"}, Black: sheet.Player{Name: "Dora"}}); err != nil {
		t.Fatal(err)
	}
	return path
}

// openBoard12 opens a session of its own (a window's) on path, with
// round 3 board 12 open.
func openBoard12(t testing.TB, path string) *session.Session {
	t.Helper()
	st, err := sqlitestore.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	return sessiontest.OpenAt(t, st, 3, 12)
}

// storedCopy reads a copy of round 3 board 12 from the file, as another
// process would.
func storedCopy(t testing.TB, path string, side sheet.Side) string {
	t.Helper()
	return strings.Join(sessiontest.Stored(t, path, 3, 12, side), " ")
}

// wantNotSaved fails t unless err is a NotSavedError for text in cell
// index of side, said so in the window's words.
func wantNotSaved(t *testing.T, err error, side sheet.Side, index int, text string) {
	t.Helper()
	var ns *session.NotSavedError
	if !errors.As(err, &ns) || ns.Side != side || ns.Index != index || ns.Text != text {
		t.Fatalf("%v: want NotSavedError for %q in %s's cell %d", err, text, side, index)
	}
	cell := T("ui.cell.title", map[string]any{"Ply": index + 1, "Copy": T("ui.copy." + side.String())})
	if msg := errText(err); !strings.Contains(msg, cell) || !strings.Contains(msg, "“"+text+"”") {
		t.Errorf("the window says %q: not the cell and what was typed", msg)
	}
}

// TestStaleWindowDoesNotShiftCells is issue 22's first scenario with
// window B not refreshed yet: A types d5 c4 after d4; B, still showing
// d4 alone, types Sf6 after it. B's keystroke is not saved (before,
// it was inserted before A's moves: d4 S d5 c4), B shows the file's
// cells and says so; typed after c4 it is saved.
func TestStaleWindowDoesNotShiftCells(t *testing.T) {
	SetLanguage("en")
	path := board12Event(t)
	a, b := openBoard12(t, path), openBoard12(t, path)
	sessiontest.Type(t, a, []string{"d5", "c4"})
	if err := b.MoveTo(session.Cursor{Side: sheet.WhiteCopy, Index: 1}); err != nil {
		t.Fatal(err)
	}
	got, err := b.Type("S")
	wantNotSaved(t, err, sheet.WhiteCopy, 1, "S")
	if got != "d5" || strings.Join(sheettest.Texts(b.Game().Copies[sheet.WhiteCopy].Cells), " ") != "d4 d5 c4" {
		t.Errorf("B's entry shows %q and its copy %q, want d5 and the file's d4 d5 c4", got, strings.Join(sheettest.Texts(b.Game().Copies[sheet.WhiteCopy].Cells), " "))
	}
	if got := storedCopy(t, path, sheet.WhiteCopy); got != "d4 d5 c4" {
		t.Fatalf("White's copy is %q, want d4 d5 c4", got)
	}
	// B goes on after c4: saved there.
	if err := b.MoveTo(session.Cursor{Side: sheet.WhiteCopy, Index: 3}); err != nil {
		t.Fatal(err)
	}
	sessiontest.Type(t, b, []string{"Sf6"})
	if got := storedCopy(t, path, sheet.WhiteCopy); got != "d4 d5 c4 Sf6" {
		t.Errorf("White's copy is %q, want d4 d5 c4 Sf6", got)
	}
}

// TestStaleWindowAfterCLIEnter is issue 22's second scenario: the window
// shows Black's copy empty, the CLI's event enter stores e4 e5 Nf3 Nc6
// Bb5 on it, the window types d4 into its first cell: not saved (before,
// inserted before the CLI's moves), the CLI's moves stay in place.
func TestStaleWindowAfterCLIEnter(t *testing.T) {
	SetLanguage("en")
	path := board12Event(t)
	w := openBoard12(t, path)
	if err := w.SwitchCopy(); err != nil {
		t.Fatal(err)
	}
	if err := w.MoveTo(session.Cursor{Side: sheet.BlackCopy, Index: 0}); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := cli.Main([]string{"event", "enter", path, "--round", "3", "--board", "12", "--copy", "black"},
		strings.NewReader("e4 e5 Nf3 Nc6 Bb5\n"), &stdout, &stderr); code != cli.ExitOK {
		t.Fatalf("event enter: exit %d\n%s", code, stderr.String())
	}
	_, err := w.Type("d")
	wantNotSaved(t, err, sheet.BlackCopy, 0, "d")
	if _, err := w.Type("d4"); err != nil { // typed again, on purpose: the arbiter saw e4
		t.Fatal(err)
	}
	if got := storedCopy(t, path, sheet.BlackCopy); got != "d4 e5 Nf3 Nc6 Bb5" {
		t.Errorf("Black's copy is %q, want the CLI's moves in place and cell 1 typed over on purpose", got)
	}
}

// applyChanges applies what other writers commit to the window, as the
// app's watcher does (Fyne's test driver runs fyne.Do on the calling
// goroutine, so the test applies them itself), until done says the
// window shows what is wanted. It fails with what the window shows when
// a minute passes without a change.
func applyChanges(t *testing.T, m *mainWindow, done func() (seen string, ok bool)) {
	t.Helper()
	for {
		seen, ok := done()
		if ok {
			return
		}
		select {
		case ch := <-m.s.Changes():
			p, err := m.s.Prepare(ch)
			if err != nil {
				t.Fatal(err)
			}
			m.applyChange(p)
		case <-time.After(time.Minute):
			t.Fatalf("no change in a minute; the window shows:\n%s", seen)
		}
	}
}

// TestWindowShowsWhatOthersSave: what other writers save shows in the
// window: the open board's cells (the one under the cursor changes and
// the status line says so; the next key typed there is not saved), its
// checks, its header, and another board's line in the navigator.
func TestWindowShowsWhatOthersSave(t *testing.T) {
	path := board12Event(t)
	s := openBoard12(t, path)
	m := openTestWindow(t, s)
	m.gv.tabs.SelectIndex(checksTab) // the Checks panel read below is shown (a hidden one is drawn when it comes up)
	m.gv.tapCell(sheet.BlackCopy, 0)

	var stdout, stderr bytes.Buffer
	run := func(stdin string, args ...string) {
		t.Helper()
		if code := cli.Main(args, strings.NewReader(stdin), &stdout, &stderr); code != cli.ExitOK {
			t.Fatalf("%v: exit %d\n%s", args, code, stderr.String())
		}
	}
	// Black's copy repeats the position three times: a check (9.2).
	run("d4 Nf6 Nf3 Ng8 Ng1 Nf6 Nf3 Ng8 Ng1 Nf6\n", "event", "enter", path, "--round", "3", "--board", "12", "--copy", "black")
	run("", "event", "result", path, "--round", "3", "--board", "13", "--game", "1-0")
	other, err := sqlitestore.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	g, _ := other.GameAt(3, 12)
	h := g
	h.White.Name = "Anna Karenina"
	if err := other.SetHeaderIf(g, h); err != nil {
		t.Fatal(err)
	}
	other.Close()

	want := "d4 Nf6 Nf3 Ng8 Ng1 Nf6 Nf3 Ng8 Ng1 Nf6"
	board13 := ""
	applyChanges(t, m, func() (string, bool) {
		board13 = ""
		for _, gi := range m.s.Games() {
			if gi.Board == 13 {
				board13 = navLabel(gi)
			}
		}
		cells := strings.Join(shown(m, sheet.BlackCopy), " ")
		seen := fmt.Sprintf("Black's copy %q\nboard 13 %q\nWhite %q\nchecks %q", cells, board13, m.gv.header.white.Text, m.gv.checkSig)
		return seen, cells == want && strings.Contains(board13, "1-0") && m.gv.header.white.Text == "Anna Karenina" &&
			strings.Contains(m.gv.checkSig, string(sheet.CheckThreefold))
	})
	navLine(t, m, board13) // the navigator draws the line
	if m.gv.entry.Text != "d4" {
		t.Errorf("the cursor's cell shows %q, want d4", m.gv.entry.Text)
	}
	if !strings.Contains(m.status.Text, "Half-move 1, Black's scoresheet") || !strings.Contains(m.status.Text, "“d4”") {
		t.Errorf("the status line says %q, not that the cursor's cell changed", m.status.Text)
	}
	// The next key typed there was typed into the empty cell: not saved.
	test.Type(m.gv.entry, "e")
	if got := storedCopy(t, path, sheet.BlackCopy); got != want {
		t.Errorf("Black's copy is %q after a key typed into the changed cell", got)
	}
	if m.gv.entry.Text != "d4" || !strings.Contains(m.status.Text, "“e”") {
		t.Errorf("after the key: the cell shows %q, the status %q", m.gv.entry.Text, m.status.Text)
	}
}

// TestWindowHeaderLive: another writer's header change shows in every
// field but the one being edited; saving that field is refused when the
// other writer changed it too, and saved, keeping the other's fields,
// when not.
func TestWindowHeaderLive(t *testing.T) {
	path := board12Event(t)
	s := openBoard12(t, path)
	m := openTestWindow(t, s)
	hf := m.gv.header
	m.win.Canvas().Focus(hf.black)
	hf.black.SetText("Bertha")

	other, err := sqlitestore.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	g, _ := other.GameAt(3, 12)
	h := g
	h.White.Rating, h.Black.Name = 2100, "Bert B."
	if err := other.SetHeaderIf(g, h); err != nil {
		t.Fatal(err)
	}
	applyChanges(t, m, func() (string, bool) {
		return fmt.Sprintf("White's rating %q, Black %q", hf.wElo.Text, hf.black.Text), hf.wElo.Text == "2100"
	})
	if hf.black.Text != "Bertha" {
		t.Fatalf("the field being edited shows %q, want what the arbiter typed", hf.black.Text)
	}
	m.win.Canvas().Focus(m.gv.entry) // leaves the field: saved, or not
	stored, _ := other.GameAt(3, 12)
	if stored.Black.Name != "Bert B." || hf.black.Text != "Bert B." {
		t.Errorf("the store holds %q and the field shows %q, want the other writer's Bert B.", stored.Black.Name, hf.black.Text)
	}
	if !strings.Contains(m.status.Text, "Black") || !strings.Contains(m.status.Text, "“Bertha”") || !strings.Contains(m.status.Text, "“Bert B.”") ||
		strings.Contains(m.status.Text, "field=") {
		t.Errorf("the status line says %q", m.status.Text)
	}

	// The other writer changes the date; this window the result: both kept.
	g, _ = other.GameAt(3, 12)
	h = g
	h.Date = "2026.11.24"
	if err := other.SetHeaderIf(g, h); err != nil {
		t.Fatal(err)
	}
	hf.result.SetSelected("0-1")
	stored, _ = other.GameAt(3, 12)
	if stored.Result != "0-1" || stored.Date != "2026.11.24" || stored.White.Rating != 2100 {
		t.Errorf("the store holds result %q, date %q, rating %d", stored.Result, stored.Date, stored.White.Rating)
	}
}

// TestWindowOpenBoardDeleted: another writer deletes the open board: the
// window opens the next one and says so.
func TestWindowOpenBoardDeleted(t *testing.T) {
	path := board12Event(t)
	s := openBoard12(t, path)
	m := openTestWindow(t, s)
	id := s.Game().ID
	other, err := sqlitestore.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := other.DeleteGame(id); err != nil {
		t.Fatal(err)
	}
	other.Close()
	applyChanges(t, m, func() (string, bool) {
		g := m.s.Game()
		return fmt.Sprintf("open %+v", g), g != nil && g.Board == 13
	})
	if !strings.Contains(m.status.Text, "Round 3, Board 12") {
		t.Errorf("the status line says %q", m.status.Text)
	}
	if _, ok := m.s.Info(id); ok {
		t.Error("the navigator still lists the board")
	}
}

// TestWindowEventLive: another writer's event settings show: the title,
// a round added to the navigator.
func TestWindowEventLive(t *testing.T) {
	path := board12Event(t)
	s := openBoard12(t, path)
	m := openTestWindow(t, s)
	other, err := sqlitestore.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	ev, _ := other.Event()
	ev.Name, ev.Rounds = "Team Open 2026", append(ev.Rounds, sheet.Round{Number: 4})
	if err := sheettest.SetEvent(other, ev); err != nil {
		t.Fatal(err)
	}
	other.Close()
	applyChanges(t, m, func() (string, bool) {
		return m.win.Title(), strings.HasSuffix(m.win.Title(), "Team Open 2026")
	})
	if rs := m.nav.ChildUIDs(""); !slices.Contains(rs, roundNode(4)) {
		t.Errorf("the navigator's rounds %v", rs)
	}
	drawn := false
	walk(m.nav, func(o fyne.CanvasObject) {
		if r, ok := o.(*navRow); ok && r.full[0] == T("ui.nav.round", map[string]any{"Round": "4"}) {
			drawn = true
		}
	})
	if !drawn {
		t.Error("the navigator does not draw round 4")
	}
}

// TestSessionEventAndDeleteAfterAnotherWriter: the event settings saved
// over a time control another writer changed since the dialog opened are
// refused, naming the field; a board another writer typed on since the
// arbiter confirmed its deletion is kept.
func TestSessionEventAndDeleteAfterAnotherWriter(t *testing.T) {
	SetLanguage("en")
	path := board12Event(t)
	s := openBoard12(t, path)
	other, err := sqlitestore.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	seen := s.Event()
	ev := seen
	ev.TimeControl = "90+30"
	if err := sheettest.SetEvent(other, ev); err != nil {
		t.Fatal(err)
	}
	mine := seen
	mine.TimeControl = "60+30"
	err = s.SetEventFrom(seen, mine)
	var ns *session.NotSavedError
	if !errors.As(err, &ns) || ns.Field != "event.time_control" || !strings.Contains(errText(err), T("ui.event.tc")) ||
		!strings.Contains(errText(err), "“60+30”") || !strings.Contains(errText(err), "“90+30”") {
		t.Fatalf("%v (%q): want the time control not saved, said so", err, errText(err))
	}
	if got, _ := other.Event(); got.TimeControl != "90+30" || s.Event().TimeControl != "90+30" {
		t.Errorf("the file holds %q, the window %q", got.TimeControl, s.Event().TimeControl)
	}

	g, _ := other.GameAt(3, 12)
	if err := other.SetCellIf(g.ID, sheet.BlackCopy, 0, nil, sheet.Cell{Text: "d5"}); err != nil {
		t.Fatal(err)
	}
	if err := s.DeleteGame(g.ID); sheet.StoreErrorCodeOf(err) != sheet.StoreConflict {
		t.Fatalf("deleting a board another writer typed on: %v, want store-conflict", err)
	}
	if _, err := other.GameAt(3, 12); err != nil {
		t.Errorf("the board is gone: %v", err)
	}
	if got := strings.Join(sheettest.Texts(s.Game().Copies[sheet.BlackCopy].Cells), " "); got != "d5" {
		t.Errorf("the window shows Black's copy %q, want the other writer's d5", got)
	}
}

// TestWindowHeaderUndo: undoing a header change shows the value undone in
// its field, and a later save is not refused for it.
func TestWindowHeaderUndo(t *testing.T) {
	path := board12Event(t)
	s := openBoard12(t, path)
	m := openTestWindow(t, s)
	hf := m.gv.header
	m.win.Canvas().Focus(hf.wElo)
	hf.wElo.SetText("2100")
	m.gv.focus() // saved
	m.gv.entry.TypedShortcut(&fyne.ShortcutUndo{})
	if hf.wElo.Text != "" {
		t.Fatalf("after undo White's rating shows %q, want it empty again", hf.wElo.Text)
	}
	m.win.Canvas().Focus(hf.bElo)
	hf.bElo.SetText("1900")
	m.gv.focus()
	g, _ := s.Store().GameAt(3, 12)
	if g.White.Rating != 0 || g.Black.Rating != 1900 {
		t.Errorf("the file holds ratings %d and %d, want 0 and 1900", g.White.Rating, g.Black.Rating)
	}
}
