package session_test

import (
	"slices"
	"strings"
	"testing"

	"scoresheet/app/session"
	"scoresheet/app/session/sessiontest"
	"scoresheet/rules"
	"scoresheet/sheet"
)

func wantTexts(t *testing.T, g *sheet.Game, side sheet.Side, want []string) {
	t.Helper()
	cells := g.Copies[side].Cells
	var got []string
	for _, c := range cells {
		got = append(got, c.Text)
	}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("%s copy:\n got %q\nwant %q", side, got, want)
	}
}

func TestSessionTypesBothCopies(t *testing.T) {
	s, path := sessiontest.New(t)
	if c := s.Cursor(); c != (session.Cursor{Side: sheet.WhiteCopy, Index: 0}) {
		t.Fatalf("cursor on open = %+v", c)
	}
	sessiontest.Type(t, s, sessiontest.GermanCells)
	if err := s.SwitchCopy(); err != nil {
		t.Fatal(err)
	}
	if c := s.Cursor(); c.Side != sheet.BlackCopy || c.Index != 0 {
		t.Fatalf("cursor after switch = %+v", c)
	}
	sessiontest.Type(t, s, sessiontest.EnglishCells)
	wantTexts(t, s.Game(), sheet.WhiteCopy, sessiontest.Want(sessiontest.GermanCells))
	wantTexts(t, s.Game(), sheet.BlackCopy, sessiontest.Want(sessiontest.EnglishCells))
	for side := range 2 {
		cells := s.Game().Copies[side].Cells
		if !cells[20].DrawOffer {
			t.Errorf("copy %d: no draw offer on Kb1", side)
		}
		for i, c := range cells[:20] {
			if c.DrawOffer {
				t.Errorf("copy %d: draw offer on cell %d", side, i)
			}
		}
	}
	for _, p := range s.Reconciled().Plies {
		if p.Status != sheet.PlyAgreed {
			t.Errorf("ply %d: %s", p.Ply, p.Status)
		}
	}
	if st := s.Status(sheet.WhiteCopy, 2); st != rules.StatusOK {
		t.Errorf("Sf3 status %v", st)
	}
	// Everything is on disk: reopen the file.
	s.Close()
	for side, cells := range [][]string{sessiontest.GermanCells, sessiontest.EnglishCells} {
		got, want := sessiontest.Stored(t, path, 1, 1, sheet.Side(side)), sessiontest.Want(cells)
		if !slices.Equal(got, want) {
			t.Errorf("%s copy stored:\n got %q\nwant %q", sheet.Side(side), got, want)
		}
	}
}

func TestSessionUndoPerCell(t *testing.T) {
	s, _ := sessiontest.New(t)
	sessiontest.Type(t, s, []string{"e4", "e5", "Sf3"})
	if err := s.Undo(); err != nil {
		t.Fatal(err)
	}
	wantTexts(t, s.Game(), sheet.WhiteCopy, []string{"e4", "e5"})
	if err := s.Undo(); err != nil {
		t.Fatal(err)
	}
	wantTexts(t, s.Game(), sheet.WhiteCopy, []string{"e4"})
	if err := s.Redo(); err != nil {
		t.Fatal(err)
	}
	wantTexts(t, s.Game(), sheet.WhiteCopy, []string{"e4", "e5"})
	// Changing a cell and undoing restores the old text, in the store too.
	if err := s.MoveTo(session.Cursor{Side: sheet.WhiteCopy, Index: 0}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Type("d4"); err != nil {
		t.Fatal(err)
	}
	if err := s.Undo(); err != nil {
		t.Fatal(err)
	}
	wantTexts(t, s.Game(), sheet.WhiteCopy, []string{"e4", "e5"})
	g, err := s.Store().GameAt(1, 1)
	if err != nil {
		t.Fatal(err)
	}
	wantTexts(t, &g, sheet.WhiteCopy, []string{"e4", "e5"})
}

func TestSessionDrawOfferAndDecision(t *testing.T) {
	s, _ := sessiontest.New(t)
	sessiontest.Type(t, s, []string{"e4", "e5", "Sf3"})
	if err := s.MoveTo(session.Cursor{Side: sheet.WhiteCopy, Index: 1}); err != nil {
		t.Fatal(err)
	}
	if err := s.ToggleDraw(); err != nil {
		t.Fatal(err)
	}
	if c, _ := s.Cell(sheet.WhiteCopy, 1); !c.DrawOffer {
		t.Fatal("no draw offer")
	}
	if err := s.Undo(); err != nil {
		t.Fatal(err)
	}
	if c, _ := s.Cell(sheet.WhiteCopy, 1); c.DrawOffer {
		t.Fatal("draw offer after undo")
	}
	// Black's copy writes Nc3 (English) where White's has Sf3: they differ.
	s.SwitchCopy()
	s.MoveTo(session.Cursor{Side: sheet.BlackCopy, Index: 0})
	sessiontest.Type(t, s, []string{"e4", "e5", "Nc3"})
	_, p := s.Reading(sheet.BlackCopy, 2)
	if p.Status != sheet.PlyDiffer || len(p.Candidates) < 2 {
		t.Fatalf("ply 3: %s %v", p.Status, p.Candidates)
	}
	want := p.Candidates[1]
	if err := s.Decide(3, want); err != nil {
		t.Fatal(err)
	}
	_, p = s.Reading(sheet.BlackCopy, 2)
	if p.Status != sheet.PlyDecided || p.Move != want {
		t.Fatalf("after decision: %s %v", p.Status, p.Move)
	}
	if c, _ := s.Cell(sheet.BlackCopy, 2); c.Text != "Nc3" {
		t.Fatalf("written text changed: %q", c.Text)
	}
}

// TestSessionEventLang: the open game's copies that take the event's
// notation language are read in the new one as soon as the event
// settings change it; a copy with its own keeps it.
func TestSessionEventLang(t *testing.T) {
	s, _ := sessiontest.New(t)
	if err := s.SetLang(sheet.WhiteCopy, ""); err != nil {
		t.Fatal(err)
	}
	sessiontest.Type(t, s, []string{"Sf3"})
	if st := s.Status(sheet.WhiteCopy, 0); st == rules.StatusOK {
		t.Fatalf("Sf3 in an event without a language: %s", st)
	}
	ev := s.Event()
	ev.Lang = "de"
	if err := s.SetEvent(ev); err != nil {
		t.Fatal(err)
	}
	if st := s.Status(sheet.WhiteCopy, 0); st != rules.StatusOK {
		t.Errorf("Sf3 in a German event: %s", st)
	}
	if got := s.Game().CopyLang(sheet.BlackCopy); got != "en" {
		t.Errorf("black's own English became %q", got)
	}
}

// Issue 24: a result typed after a copy's last move ("1-0", "1/2") is
// that copy's result, as in event enter: the cell goes, the copy's result
// is set, and the game's while it has none; elsewhere it stays a cell.
func TestSessionResultTypedAfterLastMove(t *testing.T) {
	s, _ := sessiontest.New(t)
	sessiontest.Type(t, s, []string{"e4", "e5", "Sf3", "1/2"})
	g := s.Game()
	if got := g.Copies[sheet.WhiteCopy]; len(got.Cells) != 3 || got.Result != "1/2-1/2" || g.Result != "1/2-1/2" {
		t.Fatalf("after e4 e5 Sf3 1/2: %d cells, copy's result %q, game's %q", len(got.Cells), got.Result, g.Result)
	}
	if c := s.Cursor(); c != (session.Cursor{Side: sheet.WhiteCopy, Index: 3}) {
		t.Fatalf("cursor %+v, want the cell after the last move", c)
	}
	// Black's copy says 1-0: its result; the game keeps the one it has.
	if err := s.MoveTo(session.Cursor{Side: sheet.BlackCopy, Index: 0}); err != nil {
		t.Fatal(err)
	}
	sessiontest.Type(t, s, []string{"e4", "e5", "Nf3", "1-0"})
	if g := s.Game(); g.Copies[sheet.BlackCopy].Result != "1-0" || g.Result != "1/2-1/2" || len(g.Copies[sheet.BlackCopy].Cells) != 3 {
		t.Fatalf("Black's 1-0: copy's result %q, game's %q, %d cells", g.Copies[sheet.BlackCopy].Result, g.Result, len(g.Copies[sheet.BlackCopy].Cells))
	}
	// Not after the last move: a cell like any other.
	if err := s.MoveTo(session.Cursor{Side: sheet.WhiteCopy, Index: 1}); err != nil {
		t.Fatal(err)
	}
	sessiontest.Type(t, s, []string{"0-1"})
	if g := s.Game(); g.Copies[sheet.WhiteCopy].Cells[1].Text != "0-1" || g.Copies[sheet.WhiteCopy].Result != "1/2-1/2" {
		t.Fatalf("0-1 typed over a move: cell %q, copy's result %q", g.Copies[sheet.WhiteCopy].Cells[1].Text, g.Copies[sheet.WhiteCopy].Result)
	}
}
