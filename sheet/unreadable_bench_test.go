package sheet

import (
	"fmt"
	"testing"
	"time"

	"scoresheet/internal/cputime"
)

// reportCPU reports the CPU time an operation took (the clock's says
// more of the machine's load than of the code, here).
func reportCPU(b *testing.B, start time.Duration) {
	b.ReportMetric(float64((cputime.Used()-start).Microseconds())/1000/float64(b.N), "cpu-ms/op")
}

// unreadableGame is a game whose White copy holds n cells that read as
// no move ("qq1", "qq2", ...) and whose Black copy is empty: a garbage
// sheet, the worst case of issue 23's "400 unreadable cells".
func unreadableGame(n int) Game {
	g := Game{Round: 1, Board: 1}
	g.Copies[WhiteCopy].Lang, g.Copies[BlackCopy].Lang = "en", "en"
	for i := range n {
		g.Copies[WhiteCopy].Cells = append(g.Copies[WhiteCopy].Cells, Cell{Text: fmt.Sprintf("qq%d", i)})
	}
	return g
}

// BenchmarkReconcileUnreadable reads a copy of n unreadable cells again,
// as the window does after each key: the cost must grow as n, not n².
func BenchmarkReconcileUnreadable(b *testing.B) {
	for _, n := range []int{50, 100, 200, 400} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			g := unreadableGame(n)
			start := cputime.Used()
			for b.Loop() {
				if _, err := Reconcile(&g); err != nil {
					b.Fatal(err)
				}
			}
			reportCPU(b, start)
		})
	}
}

// BenchmarkEnterUnreadable reconciles the game after each cell of a copy
// of n unreadable cells, as event enter does to say each cell's status:
// with a Reader, a cell costs what it adds, not a reading of all before.
func BenchmarkEnterUnreadable(b *testing.B) {
	for _, n := range []int{100, 400, 800} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			full := unreadableGame(n)
			start := cputime.Used()
			for b.Loop() {
				g := unreadableGame(0)
				r := NewReader()
				for _, c := range full.Copies[WhiteCopy].Cells {
					g.Copies[WhiteCopy].Cells = append(g.Copies[WhiteCopy].Cells, c)
					if _, err := r.Reconcile(&g); err != nil {
						b.Fatal(err)
					}
				}
			}
			reportCPU(b, start)
		})
	}
}

// BenchmarkKeyUnreadable is a key typed in the last cell of a copy of n
// unreadable cells, the game reconciled again as the window does: the
// cost must not grow with n.
func BenchmarkKeyUnreadable(b *testing.B) {
	for _, n := range []int{100, 400, 800} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			g := unreadableGame(n)
			r := NewReader()
			if _, err := r.Reconcile(&g); err != nil {
				b.Fatal(err)
			}
			keys := []string{"q", "qq", "qqx", "qq"}
			last := &g.Copies[WhiteCopy].Cells[n-1]
			i := 0
			start := cputime.Used()
			for b.Loop() {
				last.Text = keys[i%len(keys)]
				i++
				if _, err := r.Reconcile(&g); err != nil {
					b.Fatal(err)
				}
			}
			reportCPU(b, start)
		})
	}
}
