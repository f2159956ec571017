package app

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"scoresheet/app/cli"
	"scoresheet/app/session"
	"scoresheet/sheet"
)

// TestWindowAcceptRealign: Black's copy is typed with 6.Re1 left out, so
// that every later cell is one half-move off. The checks panel proposes
// the realignment with its key, the later plies are not flagged one by
// one, and Ctrl+R accepts it: one decision, nothing typed changed, and
// `scoresheet event show --json` shows every later ply agreed.
func TestWindowAcceptRealign(t *testing.T) {
	m, s := newTestWindow(t)
	m.gv.tabs.SelectIndex(checksTab) // the Checks panel read below is shown (a hidden one is drawn when it comes up)
	path := s.Store().Location()

	white := "e4 e5 Sf3 Sc6 Lb5 a6 La4 Sf6 0-0 Le7 Te1 b5 Lb3 d6 c3 0-0 h3 Sb8 d4 Sbd7 "
	black := "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 b5 Bb3 d6 c3 O-O h3 Nb8 d4 Nbd7 "
	test.Type(m.gv.entry, white)
	key(m, fyne.KeyF6)
	shortcut(m, fyne.KeyPageUp)
	test.Type(m.gv.entry, black)

	checks := checksText(m)
	if !strings.Contains(checks, "Black's scoresheet is one half-move off from here: Re1 is not written on it") ||
		!strings.Contains(checks, "Ctrl+R") {
		t.Fatalf("checks panel: %q", checks)
	}
	flagged := 0
	for _, p := range s.Reconciled().Plies {
		if p.Status.NeedsDecision() {
			flagged++
		}
	}
	if flagged != 1 {
		t.Fatalf("%d plies flagged, want the one proposal", flagged)
	}
	// The navigator marks the board: a decision is waiting.
	if gs := s.Games(); len(gs) != 1 || gs[0].State != sheet.GameNeedsDecision {
		t.Errorf("navigator state %+v, want needs a decision", gs)
	}
	// On a later cell, the Cell panel says it rests on the proposal.
	if err := s.MoveTo(session.Cursor{Side: sheet.BlackCopy, Index: 14}); err != nil {
		t.Fatal(err)
	}
	m.gv.refresh()
	if f := findingsText(m); !strings.Contains(f, "realignment at half-move 11") {
		t.Errorf("Cell panel on a later cell: %q", f)
	}

	shortcut(m, fyne.KeyR)
	if g := s.Game(); len(g.Decisions) != 1 || g.Decisions[0].Move != "realign:black:insert:f1e1" {
		t.Fatalf("decisions %+v", g.Decisions)
	}
	if got := strings.Join(shown(m, sheet.BlackCopy), " ") + " "; got != black {
		t.Fatalf("Black's copy changed: %q", got)
	}
	if strings.Contains(checksText(m), "half-move off") {
		t.Errorf("the proposal is still shown after Ctrl+R: %q", checksText(m))
	}
	if gs := s.Games(); gs[0].State == sheet.GameNeedsDecision {
		t.Errorf("navigator state after Ctrl+R: %v", gs[0].State)
	}

	var out, errb bytes.Buffer
	if code := cli.Main([]string{"event", "show", path, "--json"}, strings.NewReader(""), &out, &errb); code != 0 {
		t.Fatalf("event show: %d %s", code, errb.String())
	}
	var doc struct {
		Games []struct {
			Moves []struct {
				Ply    int    `json:"ply"`
				Status string `json:"status"`
			} `json:"moves"`
		} `json:"games"`
	}
	if err := json.Unmarshal(out.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	moves := doc.Games[0].Moves
	if len(moves) != 20 {
		t.Fatalf("%d plies, want 20", len(moves))
	}
	for _, mv := range moves[11:] {
		if mv.Status != "agreed" {
			t.Errorf("ply %d: %s after accepting, want agreed", mv.Ply, mv.Status)
		}
	}
	// Undo withdraws the acceptance: the proposal is back.
	m.gv.entry.TypedShortcut(&fyne.ShortcutUndo{})
	if !strings.Contains(checksText(m), "half-move off") {
		t.Errorf("undo: the proposal is not back: %q", checksText(m))
	}
}

// checksText returns the texts of the arbiter checks panel: a check of
// the whole game is a label, one of a half-move a row with its button.
func checksText(m *mainWindow) string {
	var b strings.Builder
	for _, o := range m.gv.checks.Objects {
		if l, ok := o.(*widget.Label); ok {
			b.WriteString(l.Text + "\n")
		}
		c, ok := o.(*fyne.Container)
		if !ok {
			continue
		}
		for _, x := range c.Objects {
			if l, ok := x.(*widget.Label); ok {
				b.WriteString(l.Text + "\n")
			}
		}
	}
	return b.String()
}
