// Package sessiontest makes the sessions the tests of the window and of
// package session work on: an event file in the test's temporary folder,
// the sample game of the FIDE Laws typed as an arbiter types it.
package sessiontest

import (
	"path/filepath"
	"strings"
	"testing"

	"scoresheet/app/session"
	"scoresheet/internal/xtest"
	"scoresheet/sheet"
	"scoresheet/sheet/location"
	"scoresheet/sheet/sheettest"
	"scoresheet/sheet/sqlitestore"
)

// The sample game of the German FIDE Laws (Anhang E), as each player wrote it.
var (
	GermanCells  = strings.Fields("e4 e5 Sf3 Sf6 d4 exd4 e5 Se4 Dxd4 d5 exd6 e.p. Sxd6 Lg5 Sc6 De3+ Le7 Sbd2 0-0 0-0-0 Te8 Kb1 (=)")
	EnglishCells = strings.Fields("e4 e5 Nf3 Nf6 d4 exd4 e5 Ne4 Qxd4 d5 exd6 e.p. Nxd6 Bg5 Nc6 Qe3+ Be7 Nbd2 O-O O-O-O Re8 Kb1 (=)")
)

// New creates an event with one empty game (round 1, board 1).
func New(t testing.TB) (*session.Session, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "event.scoresheet")
	st, err := sqlitestore.Create(path, sheet.Event{Name: "Test Open", Rounds: []sheet.Round{{Number: 1}}})
	if err != nil {
		t.Fatal(err)
	}
	g := sheet.Game{Round: 1, Board: 1, White: sheet.Player{Name: "Anna"}, Black: sheet.Player{Name: "Bert"}}
	g.Copies[0].Lang, g.Copies[1].Lang = "de", "en"
	if _, err := st.AddGame(g); err != nil {
		t.Fatal(err)
	}
	return Open(t, st), path
}

// Open opens a session on st, closed when the test ends, with
// round 1 board 1 open.
func Open(t testing.TB, st sheet.EventStore) *session.Session {
	t.Helper()
	return OpenAt(t, st, 1, 1)
}

// OpenAt opens a session on st, closed when the test ends, with the
// game of round and board open.
func OpenAt(t testing.TB, st sheet.EventStore, round, board int) *session.Session {
	t.Helper()
	s := Start(t, st)
	if err := s.OpenGameAt(round, board); err != nil {
		t.Fatal(err)
	}
	return s
}

// Start opens a session on st, closed when the test ends, with no game
// open.
func Start(t testing.TB, st sheet.EventStore) *session.Session {
	t.Helper()
	s, err := session.NewSession(st)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// Type types words as the arbiter does: characters, then Space.
func Type(t testing.TB, s *session.Session, words []string) {
	t.Helper()
	for _, w := range words {
		text := ""
		for _, r := range w {
			text += string(r)
			got, err := s.Type(text)
			if err != nil {
				t.Fatal(err)
			}
			text = got
		}
		if err := s.Next(); err != nil {
			t.Fatal(err)
		}
	}
}

// Export makes an event of three games in round 1 (the German
// sample game on White's copy, the English on Black's) and one in round
// 2, with round 1 board 1 open.
func Export(t testing.TB) *session.Session {
	t.Helper()
	s, _ := New(t)
	Type(t, s, GermanCells)
	s.SwitchCopy()
	s.MoveTo(session.Cursor{Side: sheet.BlackCopy, Index: 0})
	Type(t, s, EnglishCells)
	if err := s.Commit(); err != nil {
		t.Fatal(err)
	}
	for _, rb := range [][2]int{{1, 2}, {1, 3}, {2, 1}} {
		g := *s.Game()
		g.ID, g.Round, g.Board = 0, rb[0], rb[1]
		if _, err := s.Store().AddGame(g); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Reload(); err != nil {
		t.Fatal(err)
	}
	return s
}

// Want is the cells the words typed by Type leave: "exd6 e.p." is one
// cell; "(=)" is a draw offer, not a cell.
func Want(words []string) []string { return xtest.Cells(strings.Join(words, " ")) }

// Stored reads a copy of the game of round and board from the event at
// loc (a file or a server's location), as another process would, and
// returns its cells' texts.
func Stored(t testing.TB, loc string, round, board int, side sheet.Side) []string {
	t.Helper()
	st, err := location.Open(loc)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	g, err := st.GameAt(round, board)
	if err != nil {
		t.Fatal(err)
	}
	return sheettest.Texts(g.Copies[side].Cells)
}
