package sheet

import (
	"sort"
	"testing"
	"time"
)

// BenchmarkReconcileHCS reads each of the 49 two-copy HCS games again, as
// after a keystroke: real handwriting, many plies in doubt, where the
// whole-sheet reading and the search for copies out of step cost most.
// It reports the median and the slowest game.
func BenchmarkReconcileHCS(b *testing.B) {
	games := hcsGames(b)
	times := make([]time.Duration, 0, b.N)
	k := 0
	for b.Loop() {
		start := time.Now()
		if _, err := Reconcile(games[k%len(games)].game); err != nil {
			b.Fatal(err)
		}
		times = append(times, time.Since(start))
		k++
	}
	sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
	b.ReportMetric(float64(times[len(times)/2].Microseconds())/1000, "median-ms")
	b.ReportMetric(float64(times[len(times)-1].Microseconds())/1000, "max-ms")
}
