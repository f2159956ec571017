package app

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"

	"scoresheet/app/session"
	"scoresheet/app/session/sessiontest"
	"scoresheet/internal/xtest"
	"scoresheet/sheet"
	"scoresheet/sheet/sqlitestore"
)

// newLongNamesSession opens an event of 30 boards whose players have
// long names, board 1 open.
func newLongNamesSession(t testing.TB) *session.Session {
	t.Helper()
	path := filepath.Join(t.TempDir(), "event.scoresheet")
	st, err := sqlitestore.Create(path, sheet.Event{Name: "Internationales Schachfestival der Stadt Bad Wörishofen", Rounds: []sheet.Round{{Number: 1}}})
	if err != nil {
		t.Fatal(err)
	}
	for b := 1; b <= 30; b++ {
		g := sheet.Game{Round: 1, Board: b,
			White: sheet.Player{Name: xtest.LongName(2 * b), Rating: 2345}, Black: sheet.Player{Name: xtest.LongName(2*b + 1), Rating: 2101}}
		g.Copies[0].Lang, g.Copies[1].Lang = "de", "en"
		if _, err := st.AddGame(g); err != nil {
			t.Fatal(err)
		}
	}
	return sessiontest.Open(t, st)
}

// The window's least size: what the window needs whatever the names and
// the language, within a 1280x720 screen less the menu bar and the
// window's frame.
const fitWidth, fitHeight = 1280, 640

// panels are the window's panels the arbiter must see.
func panels(m *mainWindow) map[string]fyne.CanvasObject {
	gv := m.gv
	return map[string]fyne.CanvasObject{
		"navigator": m.nav, "header": gv.header.box, "black rating": gv.header.bElo, "result": gv.header.result,
		"white copy": gv.copies[0].head, "black copy": gv.copies[1].head, "copies' rows": gv.copies[0].scrl,
		"board": gv.board, "moves": gv.moves, "notation": gv.notation, "tabs": gv.tabs.Container, "status": m.status,
	}
}

// checkOnScreen fails for every panel that is not wholly in the window's
// canvas or has no room.
func checkOnScreen(t *testing.T, m *mainWindow, what string) {
	t.Helper()
	win := m.win.Canvas().Size()
	d := fyne.CurrentApp().Driver()
	for name, o := range panels(m) {
		pos, size := d.AbsolutePositionForObject(o), o.Size()
		if size.Width < 16 || size.Height < 16 || pos.X < 0 || pos.Y < 0 ||
			pos.X+size.Width > win.Width+0.5 || pos.Y+size.Height > win.Height+0.5 {
			t.Errorf("%s: %s at %v size %v, window %v", what, name, pos, size, win)
		}
	}
}

// TestWindowFitsLaptop opens an event of 30 boards of long names in each
// UI language: the window's least size fits a 1280x720 screen and does
// not change from board to board; at 1366x768 and at 1280x720 every
// panel is in the window; the names are shortened on screen only.
func TestWindowFitsLaptop(t *testing.T) {
	for _, lang := range []string{"en", "de", "fr"} { // the longest words
		t.Run(lang, func(t *testing.T) {
			s := newLongNamesSession(t)
			m := openTestWindow(t, s)
			m.setLanguage(lang)
			min0 := m.win.Content().MinSize()
			t.Logf("least size %v", min0) // docs/window.md's figures
			if min0.Width > fitWidth || min0.Height > fitHeight {
				t.Fatalf("least size %v, want within %dx%d", min0, fitWidth, fitHeight)
			}
			for _, size := range []fyne.Size{{Width: 1366, Height: 768}, {Width: 1280, Height: 720}} {
				m.win.Resize(size)
				for b := 0; b < len(s.Games()) && size.Width == 1366; b++ {
					if b > 0 {
						m.stepBoard(1)
					}
					if got := m.win.Content().MinSize(); got != min0 {
						t.Fatalf("board %d: least size %v, on board 1 %v", s.Game().Board, got, min0)
					}
				}
				what := fmt.Sprintf("%vx%v", size.Width, size.Height)
				checkOnScreen(t, m, what)
				m.gv.tabs.SelectIndex(1) // the checks
				if o := m.gv.checkScrl; o.Size().Height < 16 || !o.Visible() {
					t.Errorf("%s: the checks panel is %v", what, o.Size())
				}
				m.gv.tabs.SelectIndex(0)
			}
			g := s.Game()
			if m.gv.header.white.Text != g.White.Name || !strings.HasSuffix(m.gv.copies[1].title.Text, g.Black.Name) {
				t.Errorf("the names shown are %q and %q, want %q and %q in full (the label ends them on screen)",
					m.gv.header.white.Text, m.gv.copies[1].title.Text, g.White.Name, g.Black.Name)
			}
		})
	}
}

// TestCopiesScrollTogether moves the cursor down White's copy past the
// view and across to Black's: the rows of both copies stay side by side.
func TestCopiesScrollTogether(t *testing.T) {
	m, s := newTestWindow(t)
	m.win.Resize(fyne.NewSize(1280, 720))
	moves := strings.Fields(strings.Repeat("Nf3 Nf6 Ng1 Ng8 ", 12)) // 48 half-moves: 24 rows
	sessiontest.Type(t, s, moves)
	if err := s.MoveTo(session.Cursor{Side: sheet.BlackCopy, Index: 0}); err != nil {
		t.Fatal(err)
	}
	sessiontest.Type(t, s, moves)
	d := fyne.CurrentApp().Driver()
	for _, cur := range []session.Cursor{{Side: sheet.WhiteCopy, Index: 46}, {Side: sheet.BlackCopy, Index: 47}, {Side: sheet.WhiteCopy, Index: 0}, {Side: sheet.BlackCopy, Index: 40}} {
		if err := s.MoveTo(cur); err != nil {
			t.Fatal(err)
		}
		m.gv.afterMove()
		if s.Cursor() != cur {
			t.Fatalf("cursor %+v, want %+v", s.Cursor(), cur)
		}
		scrl := m.gv.copies[0].scrl
		top := d.AbsolutePositionForObject(scrl).Y
		for r := range m.gv.copies[0].rows {
			wy := d.AbsolutePositionForObject(m.gv.copies[0].vbox.Objects[r]).Y
			by := d.AbsolutePositionForObject(m.gv.copies[1].vbox.Objects[r]).Y
			if wy != by {
				t.Fatalf("cursor %+v: row %d of White's copy at y %v, of Black's at %v", cur, r, wy, by)
			}
		}
		c := m.gv.copies[cur.Side].cellAt(cur.Index)
		if y := d.AbsolutePositionForObject(c.stack).Y; y < top || y+rowHeight > top+scrl.Size().Height {
			t.Errorf("cursor %+v: its cell at y %v, the copies' view %v..%v", cur, y, top, top+scrl.Size().Height)
		}
	}
}
