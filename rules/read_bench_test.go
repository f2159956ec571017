package rules

import (
	"bufio"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"scoresheet/internal/xtest"
)

// benchMiddlegame is an Italian game after 5.d3 (White to move), where
// Nxe5 is a typical cell.
const benchMiddlegame = "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2NP1N2/PPP2PPP/R1BQK2R w KQkq - 0 5"

// reportMedian times n single calls of f and reports their median, which
// a keystroke's re-read sees (ns/op is the mean, that includes GC pauses).
func reportMedian(b *testing.B, n int, f func()) {
	b.Helper()
	times := make([]time.Duration, n)
	for i := range times {
		start := time.Now()
		f()
		times[i] = time.Since(start)
	}
	slices.Sort(times)
	b.ReportMetric(float64(times[n/2].Nanoseconds()), "median-ns")
}

func BenchmarkReadCellMiddlegame(b *testing.B) {
	p := readPos(b, benchMiddlegame)
	if rd := ReadCell(p, "Nxe5", nil); rd.Status != StatusOK {
		b.Fatalf("Nxe5: %s", rd.Status)
	}
	b.ReportAllocs()
	for b.Loop() {
		ReadCell(p, "Nxe5", nil)
	}
	b.StopTimer()
	reportMedian(b, 5000, func() { ReadCell(p, "Nxe5", nil) })
}

// BenchmarkReadCellMix reads cells of every status in the same position:
// the doubtful ones look for the nearest legal moves too.
func BenchmarkReadCellMix(b *testing.B) {
	p := readPos(b, benchMiddlegame)
	cells := []string{"Nxe5", "Bg5", "0-0", "Nf3-e5", "Sxe5", "Nd5", "Ng5", "Qe2", "Nb5", "Bxf7+",
		"Nd2", "Ng1d2", "Qd8", "N-KB3", "a3", "h3", "Be3", "Bd2", "Kf1", "Rf1"}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		ReadCell(p, cells[i%len(cells)], nil)
		i++
	}
	b.StopTimer()
	i = 0
	reportMedian(b, 5000, func() { ReadCell(p, cells[i%len(cells)], nil); i++ })
}

// benchSheet80 returns the first 80 plies of the first game of at least 80
// plies in scalachess_prod500_standard_movetext.txt.
func benchSheet80(b *testing.B) []string {
	f, err := os.Open(xtest.Corpus(b, "san", "scalachess_prod500_standard_movetext.txt"))
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		if strings.HasPrefix(sc.Text(), "#") {
			continue
		}
		if cells := strings.Fields(sc.Text()); len(cells) >= 80 {
			return cells[:80]
		}
	}
	b.Fatal("no game of 80 plies")
	return nil
}

func BenchmarkReadSheet80(b *testing.B) {
	cells := benchSheet80(b)
	start := NewPosition()
	for _, sm := range ReadSheet(start, cells, nil) {
		if sm.Taken == NoMove {
			b.Fatalf("ply %d %q: %s", sm.Ply, sm.Written, sm.Status)
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		ReadSheet(start, cells, nil)
	}
	b.StopTimer()
	reportMedian(b, 200, func() { ReadSheet(start, cells, nil) })
}

// BenchmarkReadSheetHCS re-reads a real handwritten page with its
// doubtful cells (each judged by replaying the next ten).
func BenchmarkReadSheetHCS(b *testing.B) {
	names, pages := hcsPages(b)
	cells := pages[names[0]]
	start := NewPosition()
	b.ReportAllocs()
	for b.Loop() {
		ReadSheet(start, cells, nil)
	}
	b.StopTimer()
	reportMedian(b, 50, func() { ReadSheet(start, cells, nil) })
}

// BenchmarkReadSheetBlank reads a copy of one move and n blank cells:
// the cost grows as n (it was n², asking at every blank cell whether
// anything is written after it).
func BenchmarkReadSheetBlank(b *testing.B) {
	for _, n := range []int{1000, 4000, 16000} {
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			cells := make([]string, n+1)
			cells[0] = "e4"
			for b.Loop() {
				ReadSheet(NewPosition(), cells, nil)
			}
		})
	}
}
