package session_test

import (
	"errors"
	"os"
	"testing"

	"scoresheet/app/session"
	"scoresheet/app/session/sessiontest"
	"scoresheet/internal/pgtest"
	"scoresheet/sheet"
	"scoresheet/sheet/location"
	"scoresheet/sheet/pgstore"
)

func TestMain(m *testing.M) {
	if dir := os.Getenv("SCORESHEET_JOURNAL_WINDOW"); dir != "" {
		keepAndWait(dir) // the other window of TestJournalOfKilledProcess
		return
	}
	os.Exit(pgtest.Main(m))
}

// newServerSession makes an event on the tests' PostgreSQL cluster with
// one empty game and opens a session on it.
func newServerSession(t *testing.T) (*session.Session, *pgtest.Server, string) {
	t.Helper()
	srv := pgtest.Need(t)
	loc := srv.Event(t)
	st, err := pgstore.Create(loc, sheet.Event{Name: "Server Open", Rounds: []sheet.Round{{Number: 1}}})
	if err != nil {
		t.Fatal(err)
	}
	g := sheet.Game{Round: 1, Board: 1}
	g.Copies[0].Lang, g.Copies[1].Lang = "en", "en"
	if _, err := st.AddGame(g); err != nil {
		t.Fatal(err)
	}
	return sessiontest.Open(t, st), srv, loc
}

// anotherLaptopWrites writes text into White's cell i of round 1 board 1
// of the event on the server at loc, as another laptop does: only if the
// cell holds was (nil: if it is empty).
func anotherLaptopWrites(t *testing.T, loc string, i int, was *sheet.Cell, text string) {
	t.Helper()
	other, err := location.Open(loc) // a file's path or a server's event
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	g, err := other.GameAt(1, 1)
	if err != nil {
		t.Fatal(err)
	}
	if err := other.SetCellIf(g.ID, sheet.WhiteCopy, i, was, sheet.Cell{Text: text}); err != nil {
		t.Fatal(err)
	}
}

// TestSessionServerGoesAway: typing while the server is stopped keeps
// the text, says store-unreachable, and takes nothing more (another cell,
// a draw offer, a board); when the server is back the text is saved, once,
// and the session takes edits again.
func TestSessionServerGoesAway(t *testing.T) {
	s, srv, loc := newServerSession(t)
	sessiontest.Type(t, s, []string{"e4", "e5"})
	start := srv.StopFor(t)

	got, err := s.Type("N")
	if sheet.StoreErrorCodeOf(err) != sheet.StoreUnreachable || got != "N" {
		t.Fatalf("typing with the server stopped: %q, %v", got, err)
	}
	if s.Offline() == nil {
		t.Fatal("the session is not offline")
	}
	if at, text, ok := s.Typed(); !ok || at != (session.Cursor{Side: sheet.WhiteCopy, Index: 2}) || text != "N" {
		t.Fatalf("typed %v %q %v", at, text, ok)
	}
	// Nothing more is taken: not the next key, nor another edit.
	if _, err := s.Type("Nf"); sheet.StoreErrorCodeOf(err) != sheet.StoreUnreachable {
		t.Errorf("the next key: %v", err)
	}
	if err := s.ToggleDraw(); sheet.StoreErrorCodeOf(err) != sheet.StoreUnreachable {
		t.Errorf("a draw offer: %v", err)
	}
	if _, err := s.AddGame(1, 2, "en"); sheet.StoreErrorCodeOf(err) != sheet.StoreUnreachable {
		t.Errorf("a board: %v", err)
	}
	if _, text, _ := s.Typed(); text != "N" {
		t.Errorf("typed is now %q", text)
	}

	start()
	if err := s.Resume(); err != nil {
		t.Fatalf("resume: %v", err)
	}
	if s.Offline() != nil {
		t.Fatal("still offline")
	}
	if got := sessiontest.Stored(t, loc, 1, 1, sheet.WhiteCopy); len(got) != 3 || got[2] != "N" {
		t.Fatalf("the server holds %q", got)
	}
	if _, err := s.Type("Nf3"); err != nil {
		t.Fatalf("typing again: %v", err)
	}
	if got := sessiontest.Stored(t, loc, 1, 1, sheet.WhiteCopy); len(got) != 3 || got[2] != "Nf3" {
		t.Fatalf("the server holds %q", got)
	}
}

// TestSessionResumeDoesNotOverwrite: while the window could not reach
// the server, another laptop wrote the cell it was typing: the text
// typed is not written over it; the window says so and shows the
// server's cell.
func TestSessionResumeDoesNotOverwrite(t *testing.T) {
	s, srv, loc := newServerSession(t)
	sessiontest.Type(t, s, []string{"d4"})
	start := srv.StopFor(t)
	if _, err := s.Type("d"); sheet.StoreErrorCodeOf(err) != sheet.StoreUnreachable {
		t.Fatalf("typing with the server stopped: %v", err)
	}
	start()
	anotherLaptopWrites(t, loc, 1, nil, "Nf6")
	err := s.Resume()
	var ns *session.NotSavedError
	if !errors.As(err, &ns) || ns.Text != "d" || ns.Index != 1 {
		t.Fatalf("resume: %v, want the cell not saved", err)
	}
	if got := sessiontest.Stored(t, loc, 1, 1, sheet.WhiteCopy); len(got) != 2 || got[1] != "Nf6" {
		t.Fatalf("the server holds %q", got)
	}
	if c, _ := s.Cell(sheet.WhiteCopy, 1); c.Text != "Nf6" {
		t.Errorf("the window shows %q", c.Text)
	}
}
