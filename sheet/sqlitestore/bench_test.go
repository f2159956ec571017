package sqlitestore

import (
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"scoresheet/internal/xtest"
	"scoresheet/sheet"
	"scoresheet/sheet/storetest"
)

// BenchmarkSetCell measures one committed cell edit (SetCellIf, the
// window's keystroke) on a file on disk
// (WAL, synchronous=FULL: one fsync of the WAL per commit), in an event of
// 300 games, typing a whole game into both copies over and over. It
// reports ms/op, and the median and 99th percentile of single calls.
func BenchmarkSetCell(b *testing.B) {
	s, err := Create(filepath.Join(b.TempDir(), "bench.scoresheet"), sampleEvent())
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	moves := strings.Fields(xtest.GameSAN)
	var id int64
	for i := 0; i < 300; i++ {
		g := sheet.Game{Round: i/30 + 1, Board: i%30 + 1}
		if i != 150 {
			for j := 0; j < 80; j++ {
				g.Copies[j%2].Cells = append(g.Copies[j%2].Cells, sheet.Cell{Text: moves[j%len(moves)]})
			}
		}
		gid, err := s.AddGame(g)
		if err != nil {
			b.Fatal(err)
		}
		if i == 150 {
			id = gid
		}
	}
	plies := len(moves)
	held := [2][]sheet.Cell{} // what each copy holds: what the writer saw
	times := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		n := i % (2 * plies)
		side, idx := sheet.Side(n/plies), n%plies
		c := crashCell(side, idx)
		c.Note = strings.Repeat("x", i%5)
		var was *sheet.Cell
		if idx < len(held[side]) {
			was = &held[side][idx]
		}
		t0 := time.Now()
		if err := s.SetCellIf(id, side, idx, was, c); err != nil {
			b.Fatal(err)
		}
		times = append(times, time.Since(t0))
		if was != nil {
			*was = c
		} else {
			held[side] = append(held[side], c)
		}
	}
	b.StopTimer()
	sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
	ms := func(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
	b.ReportMetric(ms(b.Elapsed())/float64(b.N), "ms/op")
	b.ReportMetric(ms(times[len(times)/2]), "median-ms")
	b.ReportMetric(ms(times[len(times)*99/100]), "p99-ms")
}

// BenchmarkStoreGames300 reads a 300-game event (10 rounds of 30 boards,
// 80 cells each) whole: what opening a round file costs the window.
func BenchmarkStoreGames300(b *testing.B) {
	s, err := Create(filepath.Join(b.TempDir(), "bench.scoresheet"), sampleEvent())
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	storetest.AddScrambledGames(b, s, 10, 30)
	b.ResetTimer()
	for b.Loop() {
		gs, err := s.Games()
		if err != nil || len(gs) != 300 {
			b.Fatal(len(gs), err)
		}
	}
}
