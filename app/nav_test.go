package app

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"

	"scoresheet/app/session"
	"scoresheet/app/session/sessiontest"
	"scoresheet/sheet"
	"scoresheet/sheet/sqlitestore"
)

// newPairingNamesSession opens an event of 30 boards whose players are
// named as pairing lists name them ("Surname, Given names"), some long,
// one board with a result and moves, board 1 open.
func newPairingNamesSession(t testing.TB) *session.Session {
	t.Helper()
	names := []string{"Müller, Hans-Joachim", "Đurđević, Ana", "Hohenzollern-Sigmaringen, Maximilian", "Jansen, Bert",
		"Kowalczyk, Agnieszka", "Nguyen, Van Thanh", "O'Brien, Siobhan", "Petrović, Marko", "Van der Berg, Johannes", "Li, Wei"}
	path := filepath.Join(t.TempDir(), "event.scoresheet")
	st, err := sqlitestore.Create(path, sheet.Event{Name: "Zagreb Open", Rounds: []sheet.Round{{Number: 1}}})
	if err != nil {
		t.Fatal(err)
	}
	for b := 1; b <= 30; b++ {
		g := sheet.Game{Round: 1, Board: b,
			White: sheet.Player{Name: fmt.Sprintf("%s %d", names[(2*b)%10], b)}, Black: sheet.Player{Name: fmt.Sprintf("%s %d", names[(2*b+1)%10], b)}}
		if b == 2 {
			g.Result = "1/2-1/2"
		}
		g.Copies[0].Lang, g.Copies[1].Lang = "de", "en"
		if _, err := st.AddGame(g); err != nil {
			t.Fatal(err)
		}
	}
	return sessiontest.Open(t, st)
}

// navRows returns the navigator's board lines as drawn.
func navRows(m *mainWindow) []*navRow {
	var out []*navRow
	walkVisible(m.nav, func(o fyne.CanvasObject) bool {
		if r, ok := o.(*navRow); ok && r.hasTip {
			out = append(out, r)
		}
		return true
	})
	return out
}

// Issue 24, defect 6: at 1366x768 the navigator showed "Board 1:
// Test0..." (Black's name and the state cut away). Each board's line
// shows both names (a pairing list's surname, cut with "…" where it must,
// a few letters of each at least), the result, and the state as an
// icon whose tooltip says it in words with the whole names.
func TestNavigatorShowsBothNamesAndState(t *testing.T) {
	for _, c := range []struct {
		name string
		open func(testing.TB) *session.Session
	}{{"pairing list names", newPairingNamesSession}, {"long names", newLongNamesSession}} {
		t.Run(c.name, func(t *testing.T) {
			s := c.open(t)
			m := openTestWindow(t, s)
			m.tips.delay = 0
			for _, size := range []fyne.Size{{Width: 1366, Height: 768}, {Width: 1280, Height: 720}} {
				m.win.Resize(size)
				rows := navRows(m)
				if len(rows) < 10 {
					t.Fatalf("%v: %d board lines drawn", size, len(rows))
				}
				for _, r := range rows {
					g := gameOfRow(t, s, r)
					for i, name := range []string{g.White, g.Black} {
						text := r.texts[1+2*i].Text
						short := shortName(name)
						if !strings.HasPrefix(short, strings.TrimSuffix(text, "…")) || len([]rune(text)) < 4 && text != short {
							t.Errorf("%v board %d: shows %q of %q", size, g.Board, text, name)
						}
						end := r.texts[1+2*i].Position().X + fyne.MeasureText(text, theme.TextSize(), fyne.TextStyle{}).Width
						if end > r.Size().Width+0.5 {
							t.Errorf("%v board %d: %q ends at %v, the line is %v wide", size, g.Board, text, end, r.Size().Width)
						}
					}
					if r.texts[4].Text != navResult(g.Result) || r.icon.Resource.Name() != stateIcon(g.State).Name() {
						t.Errorf("%v board %d: result %q icon %s, want %q %s", size, g.Board, r.texts[4].Text, r.icon.Resource.Name(), g.Result, stateIcon(g.State).Name())
					}
				}
				r := rows[1] // board 2, drawn
				g := gameOfRow(t, s, r)
				r.MouseIn(&desktop.MouseEvent{PointEvent: fyne.PointEvent{AbsolutePosition: fyne.NewPos(40, 100)}})
				tip := m.tips.shown()
				for _, want := range []string{g.White, g.Black, string(g.Result), T("ui.state." + string(g.State))} {
					if !strings.Contains(tip, want) {
						t.Errorf("%v board %d: the tooltip %q does not say %q", size, g.Board, tip, want)
					}
				}
				r.MouseOut()
				if m.tips.shown() != "" {
					t.Errorf("the tooltip stays after the pointer left")
				}
			}
		})
	}
}

// gameOfRow finds the board a navigator line shows (by its number).
func gameOfRow(t *testing.T, s *session.Session, r *navRow) session.GameInfo {
	t.Helper()
	for _, g := range s.Games() {
		if itoa0(g.Board) == r.full[0] {
			return g
		}
	}
	t.Fatalf("no board %q", r.full[0])
	return session.GameInfo{}
}

// Issue 24, defect 6: the FIDE ID fields showed 7 of a FIDE ID's 11
// digits at 1366x768. Each field's text area holds all 11.
func TestHeaderFideIDShowsElevenDigits(t *testing.T) {
	for _, lang := range []string{"en", "de", "fr"} {
		m := openTestWindow(t, newLongNamesSession(t))
		m.setLanguage(lang)
		for _, size := range []fyne.Size{{Width: 1366, Height: 768}, {Width: 1280, Height: 720}} {
			m.win.Resize(size)
			need := fyne.MeasureText("99999999999", theme.TextSize(), fyne.TextStyle{}).Width + 2*theme.InnerPadding()
			for i, d := range m.gv.header.details {
				var area float32
				walk(d.fideID, func(o fyne.CanvasObject) {
					if fmt.Sprintf("%T", o) == "*widget.Scroll" { // the entry's text area
						area = o.Size().Width
					}
				})
				if area < need {
					t.Errorf("%s %v: copy %d's FIDE ID shows %.0f px of text, 11 digits need %.0f", lang, size, i, area, need)
				}
			}
		}
	}
}

// Issue 31: a tooltip went stale after scrolling: the tree shows another
// board in the line under the pointer, and the tooltip went on naming
// the board shown before. It goes as the line changes.
func TestNavigatorTooltipGoesWhenTheLineChanges(t *testing.T) {
	s := newPairingNamesSession(t)
	m := openTestWindow(t, s)
	m.tips.delay = 0
	m.win.Resize(fyne.NewSize(1366, 768))
	rows := navRows(m)
	r := rows[1]
	g := gameOfRow(t, s, r)
	r.MouseIn(&desktop.MouseEvent{PointEvent: fyne.PointEvent{AbsolutePosition: fyne.NewPos(40, 100)}})
	if !strings.Contains(m.tips.shown(), g.White) {
		t.Fatalf("the tooltip %q does not name %q", m.tips.shown(), g.White)
	}
	r.setBoard(g) // drawn again with the same board: the tooltip stays
	if !strings.Contains(m.tips.shown(), g.White) {
		t.Fatalf("the tooltip went with the same board drawn again: %q", m.tips.shown())
	}
	other := gameOfRow(t, s, rows[5])
	r.setBoard(other) // scrolled: the line shows another board
	if tip := m.tips.shown(); tip != "" {
		t.Errorf("the line shows board %d; the tooltip still says %q", other.Board, tip)
	}
}

// Issue 31: a name without a comma showed its given name's first letters
// at 1366 wide; the navigator shows its last name.
func TestShortName(t *testing.T) {
	for _, c := range []struct{ name, want string }{
		{"Carlsen, Magnus", "Carlsen"},
		{"Maximilian-Alexander von und zu Hohenzollern-Sigmaringen", "Hohenzollern-Sigmaringen"},
		{"Anna Schmidt", "Schmidt"},
		{"Maximilian von Hohenzollern 01", "Hohenzollern 01"},
		{"Martin Luther King Jr.", "King Jr."},
		{"  Anna  ", "Anna"},
		{"", ""},
	} {
		if got := shortName(c.name); got != c.want {
			t.Errorf("shortName(%q) = %q, want %q", c.name, got, c.want)
		}
	}
}
