package rules

import (
	"bufio"
	"flag"
	"os"
	"strconv"
	"strings"
	"testing"

	"scoresheet/internal/xtest"
)

// -long runs every perft line of the corpora, however deep.
var long = flag.Bool("long", false, "run deep perft levels too")

// perftBudget is the largest node count a line may have in the default run,
// which keeps `go test ./rules` well under a minute with -race.
const perftBudget = 4_000_000

type perftCase struct {
	file  string
	line  int
	fen   string
	depth int
	nodes uint64
}

func readPerftFile(t testing.TB, name string) []perftCase {
	t.Helper()
	f, err := os.Open(xtest.Corpus(t, "perft", name))
	if err != nil {
		t.Fatalf("perft corpus: %v", err)
	}
	defer f.Close()
	var out []perftCase
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		parts := strings.Split(line, ";")
		if len(parts) != 3 {
			t.Fatalf("%s:%d: want FEN ; depth ; nodes", name, n)
		}
		d, err1 := strconv.Atoi(strings.TrimSpace(parts[1]))
		nodes, err2 := strconv.ParseUint(strings.TrimSpace(parts[2]), 10, 64)
		if err1 != nil || err2 != nil {
			t.Fatalf("%s:%d: bad depth or node count", name, n)
		}
		out = append(out, perftCase{name, n, strings.TrimSpace(parts[0]), d, nodes})
	}
	if len(out) == 0 {
		t.Fatalf("%s: no cases", name)
	}
	return out
}

var perftFiles = []string{
	"standard6.txt",
	"sunfish_perftsuite.txt",
	"shakmaty_tricky.txt",
	"python-chess_tricky.txt",
	"pychess_perftsuite2_sedlak.txt",
}

// perftRefusals are corpus positions that cannot arise in a game, which
// ParseFEN refuses on purpose (other libraries accept them and count moves):
// a kingside castling right with the white king on c1, and a side with more
// than sixteen men.
var perftRefusals = map[string]FENErrorCode{
	"2b5/1nbn4/n3n3/1kn5/n3n3/1n1n4/5RQ1/2KQ1R2 w K - 0 1": FENCastlingMismatch,
	"kBQQQQQQ/BR5Q/Q6Q/Q6Q/Q6Q/Q6Q/Q6Q/KQQQQQQQ w - - 0 1": FENTooManyPieces,
}

func TestPerftCorpora(t *testing.T) {
	for _, name := range perftFiles {
		t.Run(name, func(t *testing.T) {
			cases := readPerftFile(t, name)
			ran, positions := 0, map[string]bool{}
			for _, c := range cases {
				positions[c.fen] = true
				if c.nodes > perftBudget && !*long && c.depth > 1 {
					continue
				}
				p, err := ParseFEN(c.fen)
				if want, refused := perftRefusals[c.fen]; refused {
					if fe, ok := err.(*FENError); !ok || fe.Code != want {
						t.Errorf("%s:%d: ParseFEN = %v, want %s", c.file, c.line, err, want)
					}
					continue
				}
				if err != nil {
					t.Errorf("%s:%d: %v", c.file, c.line, err)
					continue
				}
				if got := Perft(p, c.depth); got != c.nodes {
					t.Errorf("%s:%d: perft(%q, %d) = %d, want %d", c.file, c.line, c.fen, c.depth, got, c.nodes)
				}
				ran++
			}
			// Every position of the file must be checked at least at its
			// shallowest level, so the budget can never hide a whole position.
			checked := map[string]bool{}
			for _, c := range cases {
				if c.nodes <= perftBudget || c.depth <= 1 || *long {
					checked[c.fen] = true
				}
			}
			if len(checked) != len(positions) {
				t.Errorf("%s: only %d of %d positions checked", name, len(checked), len(positions))
			}
			t.Logf("%s: %d lines, %d positions", name, ran, len(positions))
		})
	}
}
