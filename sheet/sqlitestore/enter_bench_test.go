package sqlitestore

import (
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"scoresheet/internal/xtest"
	"scoresheet/sheet"
)

// BenchmarkEnterCell measures what one keystroke in a cell costs the app:
// the cell is committed to a store on disk, then the game is read again
// (both copies through the notation reader), reconciled and checked. The
// game has 80 plies on each copy; the cell typed is the last one of
// White's copy (the whole game is re-read before it). Issue #4's target:
// under 5 ms median.
func BenchmarkEnterCell(b *testing.B) {
	path := filepath.Join(b.TempDir(), "bench.scoresheet")
	st, err := Create(path, sheet.Event{Name: "Bench", TimeControl: "40/5400+30:1800+30"})
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	moves := strings.Fields(xtest.GameSAN)[:80]
	g := sheet.Game{Round: 1, Board: 1}
	for s := range g.Copies {
		g.Copies[s].Lang = "en"
		for _, m := range moves {
			g.Copies[s].Cells = append(g.Copies[s].Cells, sheet.Cell{Text: m})
		}
	}
	if g.ID, err = st.AddGame(g); err != nil {
		b.Fatal(err)
	}
	ed := sheet.NewEditor(st, &g)
	last := len(moves) - 1
	texts := []string{moves[last], moves[last] + "+", "Q", ""} // typing and erasing in the cell
	times := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		start := time.Now()
		if err := ed.SetCell(sheet.WhiteCopy, last, sheet.Cell{Text: texts[i%len(texts)]}); err != nil {
			b.Fatal(err)
		}
		rec, err := sheet.Reconcile(ed.Game())
		if err != nil {
			b.Fatal(err)
		}
		_ = sheet.Check(ed.Game(), rec, sheet.Conditions{TimeControl: "40/5400+30:1800+30"})
		times = append(times, time.Since(start))
	}
	b.StopTimer()
	sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
	b.ReportMetric(float64(times[len(times)/2].Microseconds())/1000, "median-ms")
	b.ReportMetric(float64(times[len(times)*99/100].Microseconds())/1000, "p99-ms")
}
