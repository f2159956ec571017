package app

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"

	"scoresheet/app/session"
	"scoresheet/app/session/sessiontest"
	"scoresheet/internal/xtest"
	"scoresheet/sheet"
	"scoresheet/sheet/sqlitestore"
)

// blackToMove is the position after 1.e4.
const blackToMove = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"

// newThreeBoardWindow opens the window on an event with three boards:
// boards 1 and 2 with both players' real copies of two HCS games (their
// first 30 cells), board 3 empty and set up with Black to move (its first
// cell is Black's move, in the right column).
func newThreeBoardWindow(t testing.TB) (*mainWindow, *session.Session, []string) {
	t.Helper()
	copies := xtest.HCSCopies(t)
	path := filepath.Join(t.TempDir(), "event.scoresheet")
	st, err := sqlitestore.Create(path, sheet.Event{Name: "Ghost Open", Rounds: []sheet.Round{{Number: 1}}})
	if err != nil {
		t.Fatal(err)
	}
	var words []string
	for b, sheets := range [][2]string{{"001_0", "001_1"}, {"024_0", "024_1"}, {}} {
		g := sheet.Game{Round: 1, Board: b + 1, White: sheet.Player{Name: fmt.Sprint("White ", b+1)}, Black: sheet.Player{Name: fmt.Sprint("Black ", b+1)}}
		g.Copies[0].Lang, g.Copies[1].Lang = "en", "en"
		for side, name := range sheets {
			if name == "" {
				g.FEN = blackToMove // board 3: nothing typed yet
				continue
			}
			cells := copies[name]
			if len(cells) < 30 {
				t.Fatalf("HCS sheet %s: %d cells", name, len(cells))
			}
			for _, w := range cells[:30] {
				g.Copies[side].Cells = append(g.Copies[side].Cells, sheet.Cell{Text: w})
				if w != "" {
					words = append(words, w)
				}
			}
		}
		if _, err := st.AddGame(g); err != nil {
			t.Fatal(err)
		}
	}
	s := sessiontest.Open(t, st)
	return openTestWindow(t, s), s, words
}

// walkTree calls visit on every object of the tree under o, widgets
// through their renderers, as the driver draws them; visit returns false
// to skip an object's children.
func walkTree(o fyne.CanvasObject, visit func(fyne.CanvasObject) bool) {
	if o == nil || !visit(o) {
		return
	}
	switch x := o.(type) {
	case *fyne.Container:
		for _, c := range x.Objects {
			walkTree(c, visit)
		}
	case fyne.Widget:
		for _, c := range test.WidgetRenderer(x).Objects() {
			walkTree(c, visit)
		}
	}
}

// walkVisible is walkTree over the visible objects only: what the
// window shows.
func walkVisible(o fyne.CanvasObject, visit func(fyne.CanvasObject) bool) {
	walkTree(o, func(o fyne.CanvasObject) bool { return o.Visible() && visit(o) })
}

// walk calls fn on every object of the tree under o, hidden or not.
func walk(o fyne.CanvasObject, fn func(fyne.CanvasObject)) {
	walkTree(o, func(o fyne.CanvasObject) bool { fn(o); return true })
}

// drawnCell is what the window draws in one cell of a copy.
type drawnCell struct {
	side    sheet.Side
	index   int
	texts   []string     // the canvas texts: the cell's text, then its draw offer mark
	entries []*cellEntry // entries drawn in the cell
	cursor  bool         // the frame says the cursor is here
}

// drawnCells walks the window's whole canvas and returns every cell it
// draws, in order, and how many cell entries it draws in all.
func drawnCells(m *mainWindow, g sheet.Game) ([]drawnCell, int) {
	offset := 0 // a game set up with Black to move starts in the right column
	if f := strings.Fields(g.FEN); len(f) > 1 && f[1] == "b" {
		offset = 1
	}
	var cells []drawnCell
	entries := 0
	side := sheet.Side(-1)
	k := 0 // the cell's place in its copy: row*2 + column
	walkVisible(m.win.Canvas().Content(), func(o fyne.CanvasObject) bool {
		for sd, cv := range m.gv.copies {
			if o == cv.box {
				side, k = sheet.Side(sd), 0
			}
		}
		switch x := o.(type) {
		case *cellEntry:
			entries++
			return false
		case *tapArea:
			cells = append(cells, drawnCell{side: side, index: k - offset})
			k++
			c := &cells[len(cells)-1]
			walkVisible(x, func(o fyne.CanvasObject) bool {
				switch y := o.(type) {
				case *cellEntry:
					entries++
					c.entries = append(c.entries, y)
					return false
				case *canvas.Text:
					c.texts = append(c.texts, y.Text)
				case *canvas.Rectangle:
					c.cursor = c.cursor || (y.StrokeColor == colorCursor && y.StrokeWidth > 1)
				}
				return true
			})
			return false
		}
		return true
	})
	return cells, entries
}

// checkCellsShowStore fails unless every cell the window draws shows what
// the store holds for the open game (read again from the file, not from
// the session), exactly one cell holds the entry and the cursor's frame,
// it is the cursor's cell and the entry has the focus.
func checkCellsShowStore(t *testing.T, m *mainWindow, s *session.Session, step string) {
	t.Helper()
	g, err := s.Store().Game(s.Game().ID)
	if err != nil {
		t.Fatal(err)
	}
	stored := func(side sheet.Side, i int) (string, string) {
		if i < 0 || i >= len(g.Copies[side].Cells) {
			return "", ""
		}
		c := g.Copies[side].Cells[i]
		if c.DrawOffer {
			return c.Text, "(=)"
		}
		return c.Text, ""
	}
	cells, entries := drawnCells(m, g)
	if len(cells) < 4*minRows {
		t.Fatalf("%s: %d cells drawn, want at least %d", step, len(cells), 4*minRows)
	}
	cur := s.Cursor()
	var bad []string
	cursors := 0
	for _, c := range cells {
		text, draw := stored(c.side, c.index)
		at := fmt.Sprintf("%s cell %d", c.side, c.index)
		if len(c.texts) != 2 || c.texts[0] != text || c.texts[1] != draw {
			bad = append(bad, fmt.Sprintf("%s shows %q, the store holds %q %q", at, c.texts, text, draw))
		}
		for _, e := range c.entries {
			if e.Text != text {
				bad = append(bad, fmt.Sprintf("%s: its entry shows %q, the store holds %q", at, e.Text, text))
			}
		}
		isCur := c.side == cur.Side && c.index == cur.Index
		if len(c.entries) > 0 || c.cursor {
			cursors++
			if !isCur || len(c.entries) != 1 || !c.cursor {
				bad = append(bad, fmt.Sprintf("%s: %d entries, cursor frame %v, the cursor is at %s cell %d", at, len(c.entries), c.cursor, cur.Side, cur.Index))
			}
		}
	}
	if cursors != 1 || entries != 1 {
		bad = append(bad, fmt.Sprintf("%d cells show a cursor and %d entries are drawn, want one", cursors, entries))
	}
	if got, want := m.gv.header.board.Text, fmt.Sprint(g.Board); got != want {
		bad = append(bad, fmt.Sprintf("the header shows board %q, the cells are board %s's", got, want))
	}
	if f := m.win.Canvas().Focused(); f != m.gv.entry {
		bad = append(bad, fmt.Sprintf("the focus is on %T, not the cell entry", f))
	}
	if len(bad) > 0 {
		if len(bad) > 8 {
			bad = append(bad[:8], fmt.Sprintf("… %d more", len(bad)-8))
		}
		t.Fatalf("after %s (board %d, cursor %s cell %d):\n%s", step, g.Board, cur.Side, cur.Index, strings.Join(bad, "\n"))
	}
}

// A cell shows what it holds whatever path the cursor took: 200 random
// steps over three boards (cursor keys, the navigator, typing, deleting,
// undo, taps), each followed by a comparison of every cell drawn with the
// store, and exactly one cursor.
func TestWindowCellsShowStoreOnRandomWalk(t *testing.T) {
	m, s, words := newThreeBoardWindow(t)
	rng := rand.New(rand.NewPCG(11, 2))
	e := m.gv.entry
	shiftTab := func() {
		e.KeyDown(&fyne.KeyEvent{Name: desktop.KeyShiftLeft})
		key(m, fyne.KeyTab)
		e.KeyUp(&fyne.KeyEvent{Name: desktop.KeyShiftLeft})
	}
	board := func() int64 { return s.Games()[rng.IntN(len(s.Games()))].ID }
	steps := []struct {
		name string
		do   func()
	}{
		{"Tab", func() { key(m, fyne.KeyTab) }},
		{"Shift+Tab", shiftTab},
		{"Enter", func() { key(m, fyne.KeyReturn) }},
		{"Space", func() { e.TypedRune(' ') }},
		{"Up", func() { key(m, fyne.KeyUp) }},
		{"Down", func() { key(m, fyne.KeyDown) }},
		{"Home Left", func() { key(m, fyne.KeyHome); key(m, fyne.KeyLeft) }},
		{"End Right", func() { key(m, fyne.KeyEnd); key(m, fyne.KeyRight) }},
		{"F6", func() { key(m, fyne.KeyF6) }},
		{"navigator", func() { m.nav.Select(gameNode(board())) }},
		{"Ctrl+PageDown", func() { m.stepBoard(1) }},
		{"Ctrl+PageUp", func() { m.stepBoard(-1) }},
		{"type a move", func() { test.Type(e, words[rng.IntN(len(words))]) }},
		{"Backspace", func() { key(m, fyne.KeyBackspace) }},
		{"Home Delete", func() { key(m, fyne.KeyHome); key(m, fyne.KeyDelete) }},
		{"clear the cell", func() {
			key(m, fyne.KeyEnd)
			for range len([]rune(e.Text)) {
				key(m, fyne.KeyBackspace)
			}
		}},
		{"Ctrl+Z", func() { e.TypedShortcut(&fyne.ShortcutUndo{}) }},
		{"Ctrl+Y", func() { e.TypedShortcut(&fyne.ShortcutRedo{}) }},
		{"Ctrl+Shift+Enter", func() { ctrlShift(m, fyne.KeyReturn) }},
		{"Ctrl+Shift+Backspace", func() { ctrlShift(m, fyne.KeyBackspace) }},
		{"Ctrl+D", func() { shortcut(m, fyne.KeyD) }},
		{"tap a cell", func() {
			cv := m.gv.copies[rng.IntN(2)]
			c := cv.rows[rng.IntN(len(cv.rows))].cells[rng.IntN(2)]
			test.Tap(c.tap)
		}},
	}
	checkCellsShowStore(t, m, s, "opening")
	ran := map[string]int{}
	boards := map[int64]bool{}
	for i := range 200 {
		st := steps[rng.IntN(len(steps))]
		st.do()
		ran[st.name]++
		boards[s.Game().ID] = true
		checkCellsShowStore(t, m, s, fmt.Sprintf("step %d: %s", i+1, st.name))
	}
	// The walk went everywhere it should: every kind of step, every board.
	for _, st := range steps {
		if ran[st.name] == 0 {
			t.Errorf("the walk never took the step %q", st.name)
		}
	}
	if len(boards) != 3 {
		t.Errorf("the walk visited %d boards, want 3", len(boards))
	}
}

// inView reports whether the first object a panel lists lies in the
// panel's view.
func inView(scrl *container.Scroll, box *fyne.Container) bool {
	if len(box.Objects) == 0 {
		return false
	}
	first := box.Objects[0]
	y := box.Position().Y + first.Position().Y
	return y+first.Size().Height > 0 && y < scrl.Size().Height
}

// The arbiter checks panel, scrolled down on a board with many checks,
// shows the next board's checks: a shorter list must not stay above the
// view (it did until the tab was switched).
func TestWindowChecksPanelAfterBoardSwitch(t *testing.T) {
	m, s, _ := newThreeBoardWindow(t)
	m.gv.tabs.SelectIndex(1)
	games := s.Games()
	m.nav.Select(gameNode(games[2].ID))
	test.Type(m.gv.entry, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8 e4 Qh4 Qh5 ")
	key(m, fyne.KeyF6)
	test.Type(m.gv.entry, "Nc3 Nc6 Nb1 Nb8 Nc3 Nc6 Nb1 Nb8 d4 d5 Qd3 e5 ")
	many := len(s.Checks())
	for _, g := range games[:2] {
		m.gv.checkScrl.Refresh() // lays the long list out, as the driver has done when the arbiter scrolls
		m.gv.checkScrl.ScrollToOffset(fyne.NewPos(0, 10000))
		if m.gv.checkScrl.Offset.Y <= 0 {
			t.Fatalf("%d checks fit the panel: nothing to scroll", many)
		}
		m.nav.Select(gameNode(g.ID))
		if !inView(m.gv.checkScrl, m.gv.checks) {
			t.Errorf("board %d: its %d checks are out of view (offset %v, list at %v)", g.Board, len(s.Checks()), m.gv.checkScrl.Offset, m.gv.checks.Position())
		}
		m.nav.Select(gameNode(games[2].ID))
	}
}

// The cell panel, scrolled down on a cell with many candidates, shows
// the next cell's findings.
func TestWindowFindingsPanelAfterMove(t *testing.T) {
	m, _, _ := newThreeBoardWindow(t)
	m.win.Resize(fyne.NewSize(1280, 600))
	test.Type(m.gv.entry, "Nf3 Nf6 N") // a knight to nowhere: every knight move a candidate
	m.gv.findScrl.Refresh()
	m.gv.findScrl.ScrollToOffset(fyne.NewPos(0, 10000))
	if m.gv.findScrl.Offset.Y <= 0 {
		t.Fatalf("the findings fit the panel: nothing to scroll (%s)", findingsText(m))
	}
	key(m, fyne.KeyUp)
	if !inView(m.gv.findScrl, m.gv.findings) {
		t.Errorf("the findings of the cell above are out of view (offset %v, list at %v)", m.gv.findScrl.Offset, m.gv.findings.Position())
	}
}
