package sheet

import (
	"fmt"
	"reflect"
	"testing"

	"scoresheet/rules"
)

// TestReaderReadsPliesNearChange: a cell appended to a copy of n
// unreadable cells, or a key typed in its last cell, reads about as many
// plies whatever n (those near the cell; the others are taken over from
// the last reading), where reading the game again read every ply twice
// (looking for copies out of step, then the final reading): event enter
// and the window's keystroke cost what the cell changed, not the sheet.
func TestReaderReadsPliesNearChange(t *testing.T) {
	ns := []int{60, 240, 480}
	var added, typed []int
	for _, n := range ns {
		g := unreadableGame(n)
		r := NewReader()
		if _, err := r.Reconcile(&g); err != nil {
			t.Fatal(err)
		}
		g.Copies[WhiteCopy].Cells = append(g.Copies[WhiteCopy].Cells, Cell{Text: "qqq"})
		before := r.reads.plies
		r.Reconcile(&g)
		added = append(added, r.reads.plies-before)
		g.Copies[WhiteCopy].Cells[n].Text = "qqqx"
		before = r.reads.plies
		r.Reconcile(&g)
		typed = append(typed, r.reads.plies-before)
		t.Logf("%d unreadable cells: %d plies read again for a cell added, %d for a key typed in it", n, added[len(added)-1], typed[len(typed)-1])
	}
	for k := range ns {
		if added[k] > 4*plyAhead || typed[k] > 4*plyAhead {
			t.Errorf("%d cells: a cell added read %d plies again, a key %d: more than the %d near it", ns[k], added[k], typed[k], 4*plyAhead)
		}
	}
}

// TestReaderTakesOverSameAsReconcile: a Reader that takes plies over
// from its last reading reads a whole game typed cell by cell, and then
// changed as an arbiter changes it, exactly as Reconcile reads it afresh:
// a cell corrected in the middle, blank cells with one typed after them,
// a realignment accepted then typing on, a decision taken and withdrawn,
// a copy's language, the start position.
func TestReaderTakesOverSameAsReconcile(t *testing.T) {
	var games []*Game
	for _, ng := range noisyGames(t, noiseCorpus(t, 60), 11, true) {
		if f := max(ng.faultPly[0], ng.faultPly[1]); (f > 0) == (len(games) < 2) {
			games = append(games, ng.game)
		}
		if len(games) == 3 {
			break
		}
	}
	u := unreadableGame(70)
	games = append(games, &u)
	for gi, full := range games {
		r := NewReader()
		g := &Game{Copies: [2]Copy{{Lang: full.Copies[0].Lang}, {Lang: full.Copies[1].Lang}}}
		n := max(len(full.Copies[0].Cells), len(full.Copies[1].Cells))
		for i := range n {
			for s := range g.Copies {
				if i < len(full.Copies[s].Cells) {
					g.Copies[s].Cells = append(g.Copies[s].Cells, full.Copies[s].Cells[i])
					sameReconciled(t, fmt.Sprintf("game %d, copy %d, cell %d", gi, s, i+1), r, g)
				}
			}
		}
		w := &g.Copies[WhiteCopy]
		mid := len(w.Cells) / 2
		was := w.Cells[mid].Text
		for _, text := range []string{"", "N", "Nf", "Nf3", was} {
			w.Cells[mid].Text = text
			sameReconciled(t, fmt.Sprintf("game %d, cell %d %q", gi, mid+1, text), r, g)
		}
		// Blank cells at the end, then a move typed after them.
		for _, text := range []string{"", "", "e4"} {
			w.Cells = append(w.Cells, Cell{Text: text})
			sameReconciled(t, fmt.Sprintf("game %d, cell %d %q", gi, len(w.Cells), text), r, g)
		}
		w.Cells[len(w.Cells)-2].Illegible = true
		sameReconciled(t, fmt.Sprintf("game %d, illegible cell", gi), r, g)
		// A dash (a move not written), more blank cells on both copies
		// than a ply's reading looks ahead, then a move typed after them:
		// the plies before it, the dash's too, now have something
		// written after them.
		end := max(len(g.Copies[0].Cells), len(g.Copies[1].Cells)) + 2*plyAhead
		for s := range g.Copies {
			for len(g.Copies[s].Cells) < end-2*plyAhead {
				g.Copies[s].Cells = append(g.Copies[s].Cells, Cell{})
			}
			g.Copies[s].Cells = append(g.Copies[s].Cells, Cell{Text: "--"})
		}
		for s := range g.Copies {
			for len(g.Copies[s].Cells) < end {
				g.Copies[s].Cells = append(g.Copies[s].Cells, Cell{})
			}
		}
		sameReconciled(t, fmt.Sprintf("game %d, blank cells", gi), r, g)
		w.Cells = append(w.Cells, Cell{Text: "Nf3"})
		sameReconciled(t, fmt.Sprintf("game %d, a move after blank cells", gi), r, g)
		// The arbiter accepts the first realignment proposed, and typing
		// goes on at the end.
		rec, err := Reconcile(g)
		if err != nil {
			t.Fatal(err)
		}
		if len(rec.Realignments) > 0 {
			rl := rec.Realignments[0]
			g.Decisions = append(g.Decisions, Decision{Ply: rl.Ply, Move: rl.DecisionText()})
			sameReconciled(t, fmt.Sprintf("game %d, realignment at %d accepted", gi, rl.Ply), r, g)
			for _, text := range []string{"N", "Nc3"} {
				w.Cells = append(w.Cells, Cell{Text: text})
				sameReconciled(t, fmt.Sprintf("game %d, after the realignment, %q", gi, text), r, g)
			}
		}
		// A decision on the first ply in doubt, then withdrawn.
		rec, _ = Reconcile(g)
		if k := rec.FirstUndecided(); k > 0 && len(rec.Plies[k-1].Candidates) > 1 {
			g.Decisions = append(g.Decisions, Decision{Ply: k, Move: rec.Plies[k-1].Candidates[1].UCI()})
			sameReconciled(t, fmt.Sprintf("game %d, decided ply %d", gi, k), r, g)
			g.Decisions = append(g.Decisions, Decision{Ply: k})
			sameReconciled(t, fmt.Sprintf("game %d, withdrawn at ply %d", gi, k), r, g)
		}
		// The copy's language, then the start position.
		lang := w.Lang
		w.Lang = "de"
		if lang == "de" {
			w.Lang = "fr"
		}
		sameReconciled(t, fmt.Sprintf("game %d, language %s", gi, w.Lang), r, g)
		w.Lang = lang
		sameReconciled(t, fmt.Sprintf("game %d, language %s", gi, w.Lang), r, g)
		g.FEN = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
		sameReconciled(t, fmt.Sprintf("game %d, another start", gi), r, g)
		g.FEN = ""
		sameReconciled(t, fmt.Sprintf("game %d, the start again", gi), r, g)
	}
}

// TestReaderQuickReadingSameAsAfresh: the quick reading (looking for
// copies out of step), which a Reader also takes over from its last one,
// reads a game typed cell by cell and corrected as a fresh one does:
// where a cell is typed, the glance of the plies before it at the cells
// ahead of them changes.
func TestReaderQuickReadingSameAsAfresh(t *testing.T) {
	// The copies differ at ply 1 (e4, d4); Bf4 at ply 5, glanceAhead
	// plies later, reads after d4 only: the quick reading goes on with
	// d4 once it is typed, e4 before.
	glanced := &Game{Copies: [2]Copy{{Lang: "en", Cells: texts("e4", "e5", "Nf3", "Nc6", "Bf4", "Nf6")},
		{Lang: "en", Cells: texts("d4", "e5", "Nf3", "Nc6", "Bf4", "Nf6")}}}
	games := []*Game{glanced}
	for _, ng := range noisyGames(t, noiseCorpus(t, 8), 5, true)[:4] {
		games = append(games, ng.game)
	}
	for gi, full := range games {
		r := NewReader()
		g := &Game{Copies: [2]Copy{{Lang: full.Copies[0].Lang}, {Lang: full.Copies[1].Lang}}}
		same := func(what string) {
			t.Helper()
			r.reads.age()
			got := reconcileViews(g, rules.NewPosition(), [2][]*Realignment{}, true, nil, 0, r.reads)
			want := reconcileViews(g, rules.NewPosition(), [2][]*Realignment{}, true, nil, 0, newCellReads())
			for i := range max(len(got.Plies), len(want.Plies)) {
				if i >= len(got.Plies) || i >= len(want.Plies) || !reflect.DeepEqual(got.Plies[i], want.Plies[i]) {
					t.Fatalf("game %d, %s: quick readings differ at ply %d", gi, what, i+1)
				}
			}
		}
		n := max(len(full.Copies[0].Cells), len(full.Copies[1].Cells))
		for i := range n {
			for s := range g.Copies {
				if i < len(full.Copies[s].Cells) {
					g.Copies[s].Cells = append(g.Copies[s].Cells, full.Copies[s].Cells[i])
					same(fmt.Sprintf("copy %d, cell %d", s, i+1))
				}
			}
		}
		for k := range g.Copies[BlackCopy].Cells {
			c := &g.Copies[BlackCopy].Cells[k]
			was := c.Text
			c.Text = "Qh5"
			same(fmt.Sprintf("cell %d of Black's Qh5", k+1))
			c.Text = was
			same(fmt.Sprintf("cell %d of Black's back", k+1))
		}
	}
}
