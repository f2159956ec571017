package sheet

import (
	"fmt"
	"reflect"
	"testing"
)

// sameReconciled fails unless a Reader's reading of g is Reconcile's.
func sameReconciled(t *testing.T, what string, r *Reader, g *Game) {
	t.Helper()
	got, err1 := r.Reconcile(g)
	want, err2 := Reconcile(g)
	if (err1 == nil) != (err2 == nil) {
		t.Fatalf("%s: Reader %v, Reconcile %v", what, err1, err2)
	}
	if err1 != nil {
		return
	}
	a, b := *got, *want
	a.reads, b.reads = nil, nil
	if reflect.DeepEqual(a, b) {
		return
	}
	for i := range min(len(a.Plies), len(b.Plies)) {
		if !reflect.DeepEqual(a.Plies[i], b.Plies[i]) {
			t.Fatalf("%s: ply %d: Reader %+v, Reconcile %+v", what, i+1, a.Plies[i], b.Plies[i])
		}
	}
	t.Fatalf("%s: Reader's reading differs from Reconcile's (%d and %d plies, realignments %v and %v)",
		what, len(a.Plies), len(b.Plies), a.Realignments, b.Realignments)
}

// TestReaderSameAsReconcile: a Reader, which remembers what it read from
// one reading to the next, reads a game as it is typed (cell after cell,
// a cell corrected key by key, a decision taken) exactly as Reconcile
// reads it afresh: noisy copies out of step, real sheets, garbage.
func TestReaderSameAsReconcile(t *testing.T) {
	var games []*Game
	// Games with a copy out of step in their first 30 plies, and one without.
	for _, ng := range noisyGames(t, noiseCorpus(t, 120), 7, true) {
		if f := max(ng.faultPly[0], ng.faultPly[1]); (f > 0 && f <= 30) == (len(games) < 4) {
			games = append(games, ng.game)
		}
		if len(games) == 5 {
			break
		}
	}
	for _, hg := range hcsGames(t)[:2] {
		games = append(games, hg.game)
	}
	u := unreadableGame(40)
	games = append(games, &u)
	for gi, full := range games {
		r := NewReader()
		g := &Game{Copies: [2]Copy{{Lang: full.Copies[0].Lang}, {Lang: full.Copies[1].Lang}}}
		n := min(40, max(len(full.Copies[0].Cells), len(full.Copies[1].Cells)))
		for i := range n {
			for s := range g.Copies {
				if i < len(full.Copies[s].Cells) {
					g.Copies[s].Cells = append(g.Copies[s].Cells, full.Copies[s].Cells[i])
					sameReconciled(t, fmt.Sprintf("game %d, copy %d, cell %d", gi, s, i+1), r, g)
				}
			}
		}
		// A cell in the middle corrected key by key, then put back.
		c := &g.Copies[WhiteCopy].Cells[min(12, len(g.Copies[WhiteCopy].Cells)-1)]
		was := c.Text
		for _, text := range []string{"", "N", "Nf", "Nf3", "Nf3+", was} {
			c.Text = text
			sameReconciled(t, fmt.Sprintf("game %d, cell 13 %q", gi, text), r, g)
		}
		// The arbiter decides the first ply in doubt.
		rec, _ := Reconcile(g)
		if k := rec.FirstUndecided(); k > 0 && len(rec.Plies[k-1].Candidates) > 1 {
			g.Decisions = append(g.Decisions, Decision{Ply: k, Move: rec.Plies[k-1].Candidates[1].UCI()})
			sameReconciled(t, fmt.Sprintf("game %d, decided ply %d", gi, k), r, g)
		}
	}
}

// TestReaderReadsWhatChanged: after a cell is appended to a copy of n
// unreadable cells, or a key typed in its last cell, a Reader reads
// about as many cells whatever n (the cells near the end, in the
// positions the candidates before them lead to), where a whole reading
// reads them all: event enter after each cell, and the window after each
// key, cost what the cell adds, not the sheet.
func TestReaderReadsWhatChanged(t *testing.T) {
	var whole, added, typed [2]int
	for k, n := range []int{60, 240} {
		g := unreadableGame(n)
		r := NewReader()
		if _, err := r.Reconcile(&g); err != nil {
			t.Fatal(err)
		}
		whole[k] = r.reads.reads
		g.Copies[WhiteCopy].Cells = append(g.Copies[WhiteCopy].Cells, Cell{Text: "qqq"})
		before := r.reads.reads
		r.Reconcile(&g)
		added[k] = r.reads.reads - before
		g.Copies[WhiteCopy].Cells[n].Text = "qqqx"
		before = r.reads.reads
		r.Reconcile(&g)
		typed[k] = r.reads.reads - before
		t.Logf("%d unreadable cells: %d read in all, %d again for a cell added, %d for a key typed in it", n, whole[k], added[k], typed[k])
		if added[k] > whole[k]/10 || typed[k] > whole[k]/10 {
			t.Errorf("%d cells: a cell added read %d cells again, a key %d, of %d", n, added[k], typed[k], whole[k])
		}
	}
	if whole[1] > 4*whole[0]+whole[0]/2 {
		t.Errorf("four times the cells read %d cells, more than four times %d", whole[1], whole[0])
	}
	if added[1] > 2*added[0]+50 || typed[1] > 2*typed[0]+50 {
		t.Errorf("four times the cells: a cell added read %d cells, was %d; a key %d, was %d", added[1], added[0], typed[1], typed[0])
	}
}
