package pgstore

import (
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"scoresheet/internal/pgtest"
	"scoresheet/sheet"
)

// The speed of an event on a server over loopback, on the cluster the
// tests start (PostgreSQL's defaults: fsync and synchronous_commit on,
// every commit on the disk). bench/server.sh runs them.

// timings reports the median and 99th percentile of times as metrics.
func timings(b *testing.B, times []time.Duration, prefix string) {
	slices.Sort(times)
	ms := func(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
	b.ReportMetric(ms(times[len(times)/2]), prefix+"median-ms")
	b.ReportMetric(ms(times[len(times)*99/100]), prefix+"p99-ms")
}

// benchEvent makes an event of 300 games of 80 cells (10 rounds of 30
// boards), round 5 board 30 empty, and returns the store and that game.
func benchEvent(b *testing.B) (*Store, int64) {
	srv := pgtest.Need(b)
	s, err := Create(srv.Event(b), sheet.Event{Name: "Bench"})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { s.Close() })
	var gs []sheet.Game
	for i := range 300 {
		g := sheet.Game{Round: i/30 + 1, Board: i%30 + 1}
		if i != 149 {
			for j := range 80 {
				g.Copies[j%2].Cells = append(g.Copies[j%2].Cells, sheet.Cell{Text: fmt.Sprintf("m%d", j)})
			}
		}
		gs = append(gs, g)
	}
	ids, err := s.AddGames(gs)
	if err != nil {
		b.Fatal(err)
	}
	return s, ids[149]
}

// BenchmarkServerSetCell: one cell typed into a game, as the window saves
// a keystroke (SetCellIf: the cell's check and write under the event's
// lock, one commit), in an event of 300 games.
func BenchmarkServerSetCell(b *testing.B) {
	s, id := benchEvent(b)
	shown := make([][]sheet.Cell, 2)
	times := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := range b.N {
		side := sheet.Side(i % 2)
		index := (i / 2) % 80
		var was *sheet.Cell
		if index < len(shown[side]) {
			was = &shown[side][index]
		}
		c := sheet.Cell{Text: fmt.Sprintf("c%d", i)}
		t0 := time.Now()
		if err := s.SetCellIf(id, side, index, was, c); err != nil {
			b.Fatal(err)
		}
		times = append(times, time.Since(t0))
		if was == nil {
			shown[side] = append(shown[side], c)
		} else {
			shown[side][index] = c
		}
	}
	b.StopTimer()
	timings(b, times, "")
}

// BenchmarkServerSeenByAnother: a cell one store writes, as another
// store on the event (another laptop's window) has it: from the write's
// start until the other's watcher has heard of it and read the game
// with the cell in it.
func BenchmarkServerSeenByAnother(b *testing.B) {
	a, id := benchEvent(b)
	other, err := Open(a.Location())
	if err != nil {
		b.Fatal(err)
	}
	defer other.Close()
	heard := make(chan struct{}, 1)
	stop := watchFor(other, func() {
		select {
		case heard <- struct{}{}:
		default:
		}
	})
	defer stop()
	if err := other.waitListening(); err != nil {
		b.Fatal(err)
	}
	var last *sheet.Cell
	times := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := range b.N {
		c := sheet.Cell{Text: fmt.Sprintf("c%d", i)}
		t0 := time.Now()
		if err := a.SetCellIf(id, sheet.WhiteCopy, 0, last, c); err != nil {
			b.Fatal(err)
		}
		last = &c
		for seen := false; !seen; {
			<-heard
			g, err := other.Game(id)
			if err != nil {
				b.Fatal(err)
			}
			seen = g.Copies[0].Cells[0] == c
		}
		times = append(times, time.Since(t0))
	}
	b.StopTimer()
	timings(b, times, "")
}

// BenchmarkServer16Writers: sixteen stores (sixteen laptops) type the
// sixteen copies of eight boards at once, twenty cells each, each cell
// written on the condition of what its writer saw; every cell is then
// checked in its place. It reports the time of the whole and of single
// cells.
func BenchmarkServer16Writers(b *testing.B) {
	const boards, cells = 8, 20
	srv := pgtest.Need(b)
	var all []time.Duration
	var whole time.Duration
	for range b.N {
		b.StopTimer()
		loc := srv.Event(b)
		s, err := Create(loc, sheet.Event{Name: "Sixteen"})
		if err != nil {
			b.Fatal(err)
		}
		var gs []sheet.Game
		for board := 1; board <= boards; board++ {
			gs = append(gs, sheet.Game{Round: 1, Board: board})
		}
		ids, err := s.AddGames(gs)
		if err != nil {
			b.Fatal(err)
		}
		writers := make([]*Store, 2*boards)
		for w := range writers {
			if writers[w], err = Open(loc); err != nil {
				b.Fatal(err)
			}
			if err := writers[w].Ping(); err != nil { // connected before the clock starts
				b.Fatal(err)
			}
		}
		var mu sync.Mutex
		var wg sync.WaitGroup
		b.StartTimer()
		t0 := time.Now()
		for w, st := range writers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := range cells {
					c := sheet.Cell{Text: fmt.Sprintf("w%dc%d", w, i)}
					t := time.Now()
					if err := st.SetCellIf(ids[w/2], sheet.Side(w%2), i, nil, c); err != nil {
						b.Error(err)
						return
					}
					mu.Lock()
					all = append(all, time.Since(t))
					mu.Unlock()
				}
			}()
		}
		wg.Wait()
		whole += time.Since(t0)
		b.StopTimer()
		for _, st := range writers {
			st.Close()
		}
		games, err := s.Games()
		if err != nil {
			b.Fatal(err)
		}
		for w := range writers {
			got := games[w/2].Copies[w%2].Cells
			if len(got) != cells {
				b.Fatalf("writer %d: %d cells stored, want %d", w, len(got), cells)
			}
			for i, c := range got {
				if c.Text != fmt.Sprintf("w%dc%d", w, i) {
					b.Fatalf("writer %d: cell %d holds %q (shifted)", w, i, c.Text)
				}
			}
		}
		s.Close()
	}
	b.ReportMetric(float64(whole)/float64(time.Millisecond)/float64(b.N), "ms/320-cells")
	timings(b, all, "cell-")
}
