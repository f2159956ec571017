package export

import (
	"strings"
	"testing"
)

// TestSplitterTooLongGameEnds: a game over the size limit is cut, but it
// ends where it would have ended (its comment closes, a result, the next
// tag section), so the games after it are read.
func TestSplitterTooLongGameEnds(t *testing.T) {
	long := "[Event \"long\"]\n\n1. e4 {" + strings.Repeat("a very long comment line\n", maxGameBytes/24+10) + "} e5 1-0\n\n"
	next := "[Event \"next\"]\n\n1. d4 d5 *\n"
	sp := NewSplitter(strings.NewReader(long + next))
	c, ok := sp.Next()
	if !ok || !c.TooLong || len(c.Text) > maxGameBytes {
		t.Fatalf("first game: ok %v, too long %v, %d bytes", ok, c.TooLong, len(c.Text))
	}
	c, ok = sp.Next()
	if !ok || !strings.HasPrefix(string(c.Text), "[Event \"next\"]") || c.TooLong {
		t.Fatalf("second game: ok %v, %q", ok, string(c.Text[:min(len(c.Text), 40)]))
	}
	if _, ok := sp.Next(); ok {
		t.Fatal("a third game")
	}
}
