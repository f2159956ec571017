package app

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"scoresheet/app/core"
	"scoresheet/app/session"
	"scoresheet/app/session/sessiontest"
	"scoresheet/internal/xtest"
	"scoresheet/sheet"
	"scoresheet/sheet/sheettest"
	"scoresheet/sheet/sqlitestore"
)

// labelsOf returns the texts of the labels in an object, a line each.
func labelsOf(o fyne.CanvasObject) string {
	var out []string
	switch w := o.(type) {
	case *widget.Label:
		out = append(out, w.Text)
	case *fyne.Container:
		for _, c := range w.Objects {
			if s := labelsOf(c); s != "" {
				out = append(out, s)
			}
		}
	}
	return strings.Join(out, "\n")
}

// topDialog returns the texts the top dialog shows.
func topDialog(t *testing.T, m *mainWindow) (*keyDialog, string) {
	t.Helper()
	if len(m.dialogs) == 0 {
		t.Fatal("no dialog")
	}
	kd := m.dialogs[len(m.dialogs)-1]
	return kd, labelsOf(kd.content)
}

// newEmptyWindow opens the window on a new event with no board.
func newEmptyWindow(t *testing.T) (*mainWindow, *session.Session) {
	t.Helper()
	st, err := sqlitestore.Create(filepath.Join(t.TempDir(), "event.scoresheet"), sheet.Event{Name: "Loop", Rounds: []sheet.Round{{Number: 1}}})
	if err != nil {
		t.Fatal(err)
	}
	s := sessiontest.Start(t, st)
	return openTestWindow(t, s), s
}

// windowWithC9 opens the window on a new event with bbpPairings' C9 TRF
// imported (round 1: boards 1 and 2 and a bye), its summary closed.
func windowWithC9(t *testing.T) (*mainWindow, *session.Session) {
	t.Helper()
	m, s := newEmptyWindow(t)
	c9, err := os.ReadFile(xtest.Corpus(t, "trf", "bbpPairings_dutch_2025_C9.trf"))
	if err != nil {
		t.Fatal(err)
	}
	m.runImport(xtest.WriteFile(t, t.TempDir(), "c9.trf", c9), core.ImportOptions{Lang: "en"})
	m.busy.Wait()
	kd, _ := topDialog(t, m)
	kd.dismiss()
	return m, s
}

// TestWindowImportsTRFAndPairingList: the menu's import is for games or
// pairings; a pairing program's TRF, then an engine's pairing list, come
// in and each says what it did in words (boards added, kept, byes, the
// bye's player); a list that would replace a board holding a move asks,
// and replaces it only when told.
func TestWindowImportsTRFAndPairingList(t *testing.T) {
	m, s := newEmptyWindow(t)
	if got := T("ui.menu.import"); got != "Import games or pairings (PGN, TRF, pairing list)…" {
		t.Errorf("menu %q", got)
	}
	dir := t.TempDir()
	c9, err := os.ReadFile(xtest.Corpus(t, "trf", "bbpPairings_dutch_2025_C9.trf"))
	if err != nil {
		t.Fatalf("the TRF corpus is needed: %v", err)
	}
	m.runImport(xtest.WriteFile(t, dir, "c9.trf", c9), core.ImportOptions{Lang: "en"})
	m.busy.Wait()
	kd, text := topDialog(t, m)
	if text != "Pairing program's file (TRF): 2 boards added, 0 updated, 0 kept as they were, 0 removed (no longer paired, nothing entered); byes: 1." {
		t.Errorf("after the TRF: %q", text)
	}
	kd.dismiss()
	list := xtest.WriteFile(t, dir, "pairs.txt", []byte("3\n2 1\n3 5\n4 0\n"))
	kind, data, err := core.FileKind(list)
	if err != nil || kind != core.KindPairs {
		t.Fatalf("the list is taken for %q: %v", kind, err)
	}
	// The window asks the round, proposing the next one.
	kd = m.askPairsRound(list, data, core.ImportOptions{Lang: "en"})
	if _, text := topDialog(t, m); !strings.HasPrefix(text, "pairs.txt is a pairing engine's pairing list. It pairs this round of the event:") {
		t.Errorf("the question: %q", text)
	}
	if e := m.win.Canvas().Focused(); e == nil || e.(*dialogEntry).Text != "2" {
		t.Fatalf("the round proposed: %v", e)
	}
	kd.confirm()
	m.busy.Wait()
	kd, text = topDialog(t, m)
	if text != "Pairing list, round 2: 2 boards added, 0 kept as they were, 0 removed; byes: 1.\nBye (U): 4 Test0004 Player0004" {
		t.Errorf("after the list: %q", text)
	}
	kd.dismiss()
	if n := len(s.Games()); n != 4 {
		t.Fatalf("%d boards in the navigator, want 4", n)
	}
	// A move typed on round 2 board 1 (2-1), open in the window; the
	// engine pairs round 2 again (1-2, 5-3): the window asks before
	// replacing it.
	g, err := s.Store().GameAt(2, 1)
	if err != nil {
		t.Fatal(err)
	}
	m.openGame(g.ID)
	if err := sheettest.SetCell(s.Store(), g.ID, sheet.WhiteCopy, 0, sheet.Cell{Text: "d4"}); err != nil {
		t.Fatal(err)
	}
	again := xtest.WriteFile(t, dir, "again.txt", []byte("2\n1 2\n5 3\n"))
	_, data, _ = core.FileKind(again)
	kd = m.askPairsRound(again, data, core.ImportOptions{Lang: "en"})
	entry := m.win.Canvas().Focused().(*dialogEntry)
	if entry.Text != "3" {
		t.Errorf("a list that is not round 2's: round %q proposed, want 3", entry.Text)
	}
	entry.SetText("2") // the engine paired round 2 again
	kd.confirm()
	m.busy.Wait()
	kd, text = topDialog(t, m)
	if !strings.HasPrefix(text, "Nothing was imported. Boards that hold moves or a result and whose pairing is not in the file: 1.") ||
		!strings.Contains(text, "Round 2, board 1 (Test0002 Player0002 – Test0001 Player0001): This board holds moves or a result") {
		t.Fatalf("the question: %q", text)
	}
	if g, _ := s.Store().GameAt(2, 1); len(g.Copies[0].Cells) != 1 {
		t.Fatal("the board was replaced before the arbiter said so")
	}
	kd.confirm()
	m.busy.Wait()
	_, text = topDialog(t, m)
	if !strings.Contains(text, "Boards holding moves or results replaced, as asked: 1.") {
		t.Errorf("after the replacement: %q", text)
	}
	if g, _ := s.Store().GameAt(2, 1); len(g.Copies[0].Cells) != 0 || g.Tags["TRFWhite"] != "1" {
		t.Errorf("round 2 board 1 after the replacement: %+v", g)
	}
	// The window shows the board now at round 2 board 1, not the one
	// replaced (seen under Xvfb: the replaced board stayed open).
	if g := s.Game(); g == nil || g.Tags["TRFWhite"] != "1" || len(g.Copies[0].Cells) != 0 || m.gv.header.white.Text != g.White.Name {
		t.Errorf("the board open after the replacement: %+v", g)
	}
}

// TestWindowExportTRF: the export dialog offers the TRF (no paper, no
// notation); before it is saved it says what it wrote, and the file has
// the forfeit chosen in the header as + and -.
func TestWindowExportTRF(t *testing.T) {
	m, s := windowWithC9(t)
	if err := s.OpenGameAt(1, 1); err != nil {
		t.Fatal(err)
	}
	m.gv.header.load()
	m.gv.header.result.SetSelected(T("ui.result.forfeit.black"))
	if g := s.Game(); g.Result != sheet.BlackForfeitWin {
		t.Fatalf("the header's choice stored %q", g.Result)
	}
	c := m.newExportChoice()
	c.format.SetSelected(T("ui.export.format.trf"))
	if c.Format() != session.FormatTRF || !c.paper.Disabled() || !c.notation.Disabled() {
		t.Fatalf("format %s, paper disabled %v, notation disabled %v", c.Format(), c.paper.Disabled(), c.notation.Disabled())
	}
	job, err := s.PrepareExport(c.Format(), session.ScopeEvent, c.Options())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := job.Run(nil); err != nil { // as runExport does before the save dialog
		t.Fatal(err)
	}
	sd := m.saveExport(job, nil, nil)
	if want := filepath.Join(filepath.Dir(s.Store().Location()), "Dutch 2025 C9 test.trf"); sd.path.Text != want {
		t.Errorf("proposed %q, want %q", sd.path.Text, want)
	}
	if text := labelsOf(sd.kd.content); !strings.HasPrefix(text, "The event's TRF with 1 results written and 2 players' points counted again") {
		t.Errorf("the save dialog says %q", text)
	}
	sd.kd.dismiss()
	m.writeExport(sd.path.Text, job)
	m.busy.Wait()
	got, err := os.ReadFile(sd.path.Text)
	if err != nil || !strings.Contains(string(got), "0.0    3     3 w -") || !strings.Contains(string(got), "1.0    2     1 b +") {
		t.Errorf("the TRF saved: %v\n%s", err, got)
	}
}

// Issue 24, defect 8: after an import the status line went on saying
// "Saved" at the last cell's time. It says what was imported, from
// which file, and when.
func TestWindowStatusAfterImport(t *testing.T) {
	m, s := newTestWindow(t)
	test.Type(m.gv.entry, "e4 ")
	before := m.status.Text
	if !strings.HasPrefix(before, "Saved ") {
		t.Fatalf("status after a cell %q", before)
	}
	path := filepath.Join(filepath.Dir(s.Store().Location()), "round2.pgn")
	pgn := "[Round \"2\"]\n[Board \"1\"]\n[White \"Anna\"]\n[Black \"Bert\"]\n\n*\n\n" +
		"[Round \"2\"]\n[Board \"2\"]\n[White \"Cleo\"]\n[Black \"Dora\"]\n\n*\n"
	if err := os.WriteFile(path, []byte(pgn), 0o644); err != nil {
		t.Fatal(err)
	}
	m.importPath(path)
	m.busy.Wait()
	if got, want := m.status.Text, "Imported 2 games from round2.pgn at "; !strings.HasPrefix(got, want) || !strings.HasSuffix(got, s.Store().Location()) {
		t.Fatalf("status after the import %q, want %q...", got, want)
	}
}
