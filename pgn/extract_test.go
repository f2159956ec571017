package pgn

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"

	"scoresheet/internal/xtest"
)

// pgn-extract -r FILE checks every game and writes its findings to stderr.
// What it writes, as studied on testdata/pgnextract_crafted.pgn:
//
//	Processing FILE
//	A - B legal                          one line per good game (White - Black Event Site Date)
//	No king move possible to e3.         a move that fails:
//	File FILE: Line number: 16             where the reader was (a line of the game)
//	Failed to make move 5. Ke3 in the game:
//	<board, 8 lines, then a blank line>
//	C - D illegal over lines               the game's details
//	File FILE: Line number: 16             and where again
//	File FILE: Line number: 23           a syntax error (null move in the main line):
//	Null moves (--) only allowed in variations.
//	Missing result.                      a game without result: its moves are dropped,
//	E6                                     its details, then it counts as good
//	5 games matched out of 8.            good games out of games read ("1 game matched")
//
// So every "File ...: Line number: N" line marks the game holding line N as
// bad; "K games matched out of M" gives the totals to check against.

var (
	pgnExtractWhereRe = regexp.MustCompile(`^File .*: Line number: (\d+)$`)
	pgnExtractTotalRe = regexp.MustCompile(`^(\d+) games? matched out of (\d+)\.$`)
)

// pgnExtractReport is what pgn-extract -r says about a file.
type pgnExtractReport struct {
	badLines         []int
	matched, games   int
	stderr           string
	summaryLineFound bool
}

func runPGNExtract(t *testing.T, bin, file string) pgnExtractReport {
	t.Helper()
	cmd := exec.Command(bin, "-r", file)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	cmd.Stdout = &bytes.Buffer{}
	if err := cmd.Run(); err != nil {
		t.Fatalf("pgn-extract -r %s: %v\n%s", file, err, stderr.String())
	}
	rep := pgnExtractReport{stderr: stderr.String()}
	sc := bufio.NewScanner(&stderr)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if m := pgnExtractWhereRe.FindStringSubmatch(line); m != nil {
			n, _ := strconv.Atoi(m[1])
			rep.badLines = append(rep.badLines, n)
		}
		if m := pgnExtractTotalRe.FindStringSubmatch(line); m != nil {
			rep.matched, _ = strconv.Atoi(m[1])
			rep.games, _ = strconv.Atoi(m[2])
			rep.summaryLineFound = true
		}
	}
	if !rep.summaryLineFound {
		t.Fatalf("pgn-extract -r %s: no summary line in\n%s", file, rep.stderr)
	}
	return rep
}

// pgnExtractDisagreements are the games ("file#N", N from 1) where our
// verdict differs from pgn-extract's, each with why we hold ours right.
var pgnExtractDisagreements = map[string]string{
	"pgnextract_crafted.pgn#5": "the FEN has 7 ranks: PGN standard 16.1.3.1 wants 8 (pgn-bad-fen); pgn-extract leaves rank 1 empty, so White has no king, and plays 1. e4",
}

// pgnExtractCounts are the files where pgn-extract reads another number of
// games than we do, with why.
var pgnExtractCounts = map[string]string{
	"scalachess_FWWRC.pgn":      "headers only: pgn-extract reads the tag sections as one game without moves nor result and drops it (0 games); we read one game per tag section (605), each legal with a pgn-missing-result warning",
	"scalachess_uzchesscup.pgn": "headers only: pgn-extract reads no game (0); we read one game per tag section (45), each legal with a pgn-missing-result warning",
}

// TestPGNExtractAgreement: on every file of the medium corpus (and on a
// crafted file that checks the reading of pgn-extract's report), we find
// the same games not legal as pgn-extract -r.
func TestPGNExtractAgreement(t *testing.T) {
	bin := xtest.NeedTool(t, "pgn-extract", "/usr/games/pgn-extract")
	files, err := filepath.Glob(xtest.Corpus(t, "pgn", "medium", "*"))
	if err != nil || len(files) < 10 {
		t.Fatalf("medium corpus: %d files, %v", len(files), err)
	}
	files = append(files, filepath.Join("testdata", "pgnextract_crafted.pgn"))
	seen := map[string]bool{}
	for _, file := range files {
		name := filepath.Base(file)
		f, err := os.Open(file)
		if err != nil {
			t.Fatal(err)
		}
		var ours []Verdict
		sum, err := Validate(f, ValidateOptions{File: name, Jobs: 2, All: true}, func(v *Verdict) {
			ours = append(ours, Verdict{Index: v.Index, Line: v.Line, Legal: v.Legal, Problems: v.Problems})
		})
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		rep := runPGNExtract(t, bin, file)
		theirBad := map[int]bool{}
		for _, l := range rep.badLines {
			j := -1
			for i, v := range ours {
				if v.Line <= l {
					j = i
				}
			}
			if j < 0 {
				t.Errorf("%s: pgn-extract reports line %d, before our first game", name, l)
				continue
			}
			theirBad[j] = true
		}
		agree := 0
		for i, v := range ours {
			key := fmt.Sprintf("%s#%d", name, i+1)
			reason, listed := pgnExtractDisagreements[key]
			seen[key] = true
			switch {
			case v.Legal != theirBad[i]:
				agree++
				if listed {
					t.Errorf("%s: listed as a disagreement (%s) but we agree now", key, reason)
				}
			case listed:
				t.Logf("%s: disagreement: %s", key, reason)
			default:
				t.Errorf("%s (line %d): we say legal=%v, pgn-extract bad=%v; our problems %v", key, v.Line, v.Legal, theirBad[i], v.Problems)
			}
		}
		reason, listed := pgnExtractCounts[name]
		seen[name] = true
		switch {
		case rep.games != sum.Games && !listed:
			t.Errorf("%s: pgn-extract reads %d games, we %d", name, rep.games, sum.Games)
		case rep.games == sum.Games && listed:
			t.Errorf("%s: listed in pgnExtractCounts (%s) but both read %d games", name, reason, sum.Games)
		case listed:
			t.Logf("%s: game counts differ: %s", name, reason)
		}
		if rep.games == sum.Games && rep.games-rep.matched != len(theirBad) {
			t.Errorf("%s: pgn-extract matched %d of %d games but marks %d bad: read its report again:\n%s",
				name, rep.matched, rep.games, len(theirBad), rep.stderr)
		}
		t.Logf("%-32s ours %5d games (%d not legal), pgn-extract %5d games (%d not matched): agree on %d of %d",
			name, sum.Games, sum.GamesWithErrors, rep.games, rep.games-rep.matched, agree, len(ours))
	}
	for key := range pgnExtractDisagreements {
		if !seen[key] {
			t.Errorf("%s in pgnExtractDisagreements is no game read", key)
		}
	}
	for key := range pgnExtractCounts {
		if !seen[key] {
			t.Errorf("%s in pgnExtractCounts is no file read", key)
		}
	}
}
