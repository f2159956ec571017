package xtest

import (
	"bufio"
	"os"
	"strings"
	"testing"
)

// HCSCopies reads the copies of hcs_sheets_derived.tsv at path (the
// Handwritten Chess Scoresheet dataset, ../shared/corpora; CC BY 3.0):
// per sheet ("001_0"), its cells as the player wrote them, a blank box
// as "". The tests of the window and the arbiter's-work benchmark type
// them.
func HCSCopies(t testing.TB, path string) map[string][]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("HCS corpus: %v", err)
	}
	defer f.Close()
	out := map[string][]string{}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		cols := strings.Split(sc.Text(), "\t")
		if len(cols) != 6 || strings.HasPrefix(cols[0], "#") || cols[0] == "split" {
			continue
		}
		var cells []string
		for _, w := range strings.Fields(cols[5]) {
			if i := strings.LastIndex(w, "."); i >= 0 && i < len(w)-1 && strings.Trim(w[:i], "0123456789") == "" {
				w = w[i+1:] // "11.Nb5": the move number is the sheet's, not the player's writing
			}
			if w == "_" {
				w = ""
			}
			cells = append(cells, w)
		}
		out[cols[1]] = cells
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}
