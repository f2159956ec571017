package xtest

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
)

// The Handwritten Chess Scoresheet dataset (HCS, Eicher et al. 2021, CC
// BY 3.0; ../shared/corpora/handwritten): what players really wrote, box
// by box. For 49 games both players' sheets are there (pages _0 and _1).

// HCSCopies reads the copies of hcs_sheets_derived.tsv: per sheet
// ("001_0"), its cells as the player wrote them, a blank box as "". The
// tests of the window and the arbiter's-work benchmark type them.
func HCSCopies(t testing.TB) map[string][]string {
	t.Helper()
	f, err := os.Open(Corpus(t, "handwritten", "hcs_sheets_derived.tsv"))
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

// HCSTag is one labelled box of hcs_training_tags.txt: what the player
// wrote (Label) for ply Ply (move Move, White's or Black's) on page Page
// ("0" or "1") of game Game ("001").
type HCSTag struct {
	Game, Page string
	Move, Ply  int
	Black      bool
	Label      string
}

// HCSTags reads hcs_training_tags.txt ("GGG_P_M_colour.png label" a line),
// in the file's order; a line of another shape or a box labelled twice
// fails the test.
func HCSTags(t testing.TB) []HCSTag {
	t.Helper()
	name := Corpus(t, "handwritten", "hcs_training_tags.txt")
	f, err := os.Open(name)
	if err != nil {
		t.Fatalf("HCS corpus: %v", err)
	}
	defer f.Close()
	var out []HCSTag
	seen := map[string]bool{}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimRight(sc.Text(), "\r")
		if strings.TrimSpace(line) == "" {
			continue
		}
		key, label, ok := strings.Cut(line, " ")
		f := strings.Split(strings.TrimSuffix(key, ".png"), "_")
		if !ok || len(f) != 4 || (f[3] != "white" && f[3] != "black") {
			t.Fatalf("%s:%d: want GGG_P_M_colour.png label, got %q", name, n, line)
		}
		move, err := strconv.Atoi(f[2])
		if err != nil || move < 1 {
			t.Fatalf("%s:%d: bad move number %q", name, n, f[2])
		}
		tag := HCSTag{Game: f[0], Page: f[1], Move: move, Ply: 2*move - 1, Black: f[3] == "black", Label: label}
		if tag.Black {
			tag.Ply++
		}
		box := fmt.Sprintf("%s_%s ply %d", tag.Game, tag.Page, tag.Ply)
		if seen[box] {
			t.Fatalf("%s:%d: %s labelled twice", name, n, box)
		}
		seen[box] = true
		out = append(out, tag)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}
