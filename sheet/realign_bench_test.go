package sheet

import (
	"sort"
	"testing"
	"time"

	"scoresheet/rules"
)

// The speed targets for reading again after each keystroke: under
// 2 ms median for an 80-ply game with both copies (written with the noise
// benchmark's slips), under 16 ms for a 120-ply game with three places
// where a copy went out of step (realignments proposed).

// benchGame returns the first corpus game of at least n plies, cut to n,
// written as two copies with the noise benchmark's slips, and with a
// half-move left out of copies at each of the plies skip.
func benchGame(b testing.TB, n int, skip ...[2]int) *Game {
	for _, moves := range noiseCorpus(b, noiseGames) {
		if len(moves) < n {
			continue
		}
		ng := noisyGames(b, [][]rules.Move{moves[:n]}, noiseSeed, false)[0]
		// Later plies first, so that the indices stay those of the game.
		sort.Slice(skip, func(i, j int) bool { return skip[i][1] > skip[j][1] })
		for _, sk := range skip {
			cells := &ng.game.Copies[sk[0]].Cells
			*cells = append((*cells)[:sk[1]-1:sk[1]-1], (*cells)[sk[1]:]...)
		}
		return ng.game
	}
	b.Fatalf("no game of %d plies in the corpus", n)
	return nil
}

func benchReconcile(b *testing.B, g *Game) {
	times := make([]time.Duration, 0, b.N)
	for b.Loop() {
		start := time.Now()
		if _, err := Reconcile(g); err != nil {
			b.Fatal(err)
		}
		times = append(times, time.Since(start))
	}
	sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
	b.ReportMetric(float64(times[len(times)/2].Microseconds())/1000, "median-ms")
}

// BenchmarkReconcile80 reads an 80-ply game on both copies again.
func BenchmarkReconcile80(b *testing.B) {
	benchReconcile(b, benchGame(b, 80))
}

// BenchmarkReconcile120OutOfStep reads a 120-ply game again whose copies
// went out of step at three places (White's at plies 31 and 87, Black's
// at 60), each realignment proposed.
func BenchmarkReconcile120OutOfStep(b *testing.B) {
	g := benchGame(b, 120, [2]int{int(WhiteCopy), 31}, [2]int{int(BlackCopy), 60}, [2]int{int(WhiteCopy), 87})
	rec, err := Reconcile(g)
	if err != nil {
		b.Fatal(err)
	}
	if len(rec.Realignments) < 3 {
		b.Fatalf("%d realignments proposed, want 3: %+v", len(rec.Realignments), rec.Realignments)
	}
	benchReconcile(b, g)
}

// BenchmarkReconcile80OneCopy reads again an 80-ply game of which one
// copy only is typed: every ply is one copy's, each asked about a
// look-alike of another legal move (what the window does at each key
// while the first copy is typed, and what a consulted copy leaves).
func BenchmarkReconcile80OneCopy(b *testing.B) {
	g := benchGame(b, 80)
	g.Copies[BlackCopy] = Copy{}
	benchReconcile(b, g)
}
