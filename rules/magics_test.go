package rules

import (
	"flag"
	"fmt"
	"os"
	"testing"
)

var genMagics = flag.Bool("genmagics", false, "search the magic numbers again and rewrite magics_table.go")

// TestMagicsTable checks that the stored magic numbers fill the tables
// without a collision (fillMagics fails on one), and with -genmagics
// searches them again.
func TestMagicsTable(t *testing.T) {
	var ms [64]magic
	if _, err := fillMagics(&ms, rookDirs[:], &rookMagicNumbers); err != nil {
		t.Fatal(err)
	}
	if _, err := fillMagics(&ms, bishopDirs[:], &bishopMagicNumbers); err != nil {
		t.Fatal(err)
	}
	// A corrupted number must be caught.
	bad := rookMagicNumbers
	bad[27] = 1
	if _, err := fillMagics(&ms, rookDirs[:], &bad); err == nil {
		t.Fatal("fillMagics accepted a bad magic number")
	}
	if !*genMagics {
		return
	}
	f, err := os.Create("magics_table.go")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	fmt.Fprint(f, "package rules\n\n// Magic numbers for the sliding-piece attack tables, indexed by square.\n// Made by findMagic with the seeds in TestMagicsTable; fillMagics checks\n// each of them against the slow reference at start-up.\n\n")
	for _, tab := range []struct {
		name string
		dirs [][2]int
		seed uint64
	}{{"rookMagicNumbers", rookDirs[:], 0x9e3779b97f4a7c15}, {"bishopMagicNumbers", bishopDirs[:], 0x2545f4914f6cdd1d}} {
		rng := xorshift(tab.seed)
		fmt.Fprintf(f, "var %s = [64]uint64{\n", tab.name)
		for s := A1; s <= H8; s++ {
			fmt.Fprintf(f, "\t%#016x,\n", findMagic(s, tab.dirs, &rng))
		}
		fmt.Fprint(f, "}\n\n")
	}
}

// TestRayAttacksAgree: the rays that fill the magic tables give, for
// every square and every occupancy of its mask (and those occupancies
// with the edge squares set too), what the slow reference slide gives.
func TestRayAttacksAgree(t *testing.T) {
	for _, dirs := range [][][2]int{rookDirs[:], bishopDirs[:]} {
		rays := raysOf(dirs)
		for s := A1; s <= H8; s++ {
			for _, occ := range subsets(magicMask(s, dirs)) {
				for _, o := range []Bitboard{occ, occ | ^magicMask(s, dirs)&^bb(s)} {
					if got, want := rayAttacks(s, o, &rays), slide(s, o, dirs); got != want {
						t.Fatalf("%s, occupancy %#x: rays %#x, slide %#x", s, uint64(o), uint64(got), uint64(want))
					}
				}
			}
		}
	}
}
