package sheet

import (
	"fmt"
	"testing"
)

// BenchmarkReconcile80Consulted reads again an 80-ply game of which one
// copy only is typed and the other is consulted, nothing looked up yet:
// every ply one copy's, each look-alike judged by the 40 plies after it
// (consultAhead), not 10. BenchmarkReconcile80OneCopy is the same with
// the other copy not consulted.
func BenchmarkReconcile80Consulted(b *testing.B) {
	g := benchGame(b, 80)
	g.Copies[BlackCopy] = Copy{Consulted: true}
	benchReconcile(b, g)
}

// BenchmarkKeyConsulted is a key typed in the last cell of White's copy
// of an 80-ply game, the game read again by a Reader as the window does,
// Black's copy consulted or not: a consulted copy reads the last 40
// plies again at a key, not the last 12.
func BenchmarkKeyConsulted(b *testing.B) {
	for _, consulted := range []bool{false, true} {
		b.Run(fmt.Sprint("consulted=", consulted), func(b *testing.B) {
			g := benchGame(b, 80)
			g.Copies[BlackCopy] = Copy{Consulted: consulted}
			r := NewReader()
			if _, err := r.Reconcile(g); err != nil {
				b.Fatal(err)
			}
			last := &g.Copies[WhiteCopy].Cells[len(g.Copies[WhiteCopy].Cells)-1]
			text := last.Text
			keys := []string{text[:1], text, text[:1], ""}
			i := 0
			for b.Loop() {
				last.Text = keys[i%len(keys)]
				i++
				if _, err := r.Reconcile(g); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
