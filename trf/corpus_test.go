package trf

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"scoresheet/internal/xtest"
)

// readCorpus returns a file's bytes of the TRF corpus
// (../shared/corpora/trf); the test fails without it.
func readCorpus(t testing.TB, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(xtest.Corpus(t, "trf", name))
	if err != nil {
		t.Fatalf("the TRF corpus is needed: %v", err)
	}
	return data
}

// TestCorpusRoundTrip reads every file of the corpus, and writes each
// back byte for byte.
func TestCorpusRoundTrip(t *testing.T) {
	names, _ := filepath.Glob(xtest.Corpus(t, "trf", "*.trf"))
	if len(names) < 5 {
		t.Fatalf("want the 5 TRF files of the corpus, found %d", len(names))
	}
	for _, path := range names {
		data := readCorpus(t, filepath.Base(path))
		if !Detect(data) {
			t.Errorf("%s: not detected as TRF", path)
		}
		f, err := Parse(data)
		if err != nil {
			t.Errorf("%s: %v", path, err)
			continue
		}
		if got := f.Bytes(); string(got) != string(data) {
			t.Errorf("%s: written back differs", path)
		}
		for r := 1; r <= f.RoundsPresent(); r++ {
			pairs, byes := f.Round(r)
			t.Logf("%s round %d: %d boards %d byes", filepath.Base(path), r, len(pairs), len(byes))
		}
	}
}

// parseCorpus parses a corpus file; the test stops if it does not read.
func parseCorpus(t *testing.T, name string) *File {
	t.Helper()
	f, err := Parse(readCorpus(t, name))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return f
}

// forfeits counts the boards of round r that are forfeits.
func forfeits(f *File, r int) (n int) {
	pairs, _ := f.Round(r)
	for _, p := range pairs {
		if p.Forfeit() {
			n++
		}
	}
	return n
}

// The corpus tests assert what each file holds: players, pairings per
// round, byes, forfeits and results (figures counted from the files by
// hand and with awk, not by this package).

func TestCorpusDutch(t *testing.T) {
	c5 := parseCorpus(t, "bbpPairings_dutch_2025_C5.trf")
	if c5.Name != "Dutch 2025 C5 test" || c5.Rounds != 3 || len(c5.Players) != 6 {
		t.Errorf("C5: %q, %d rounds, %d players", c5.Name, c5.Rounds, len(c5.Players))
	}
	r1, _ := c5.Round(1)
	if got := describe(r1); got != "1:1-4 1-0, 2:5-2 0-1, 3:3-6 1-0" {
		t.Errorf("C5 round 1: %s", got)
	}
	r2, _ := c5.Round(2)
	if got := describe(r2); got != "1:2-1 0-1, 2:4-3 0-1, 3:6-5 0-1" {
		t.Errorf("C5 round 2: %s", got)
	}
	if pairs, byes := c5.Round(3); len(pairs) != 0 || len(byes) != 1 || byes[0].Player.Rank != 4 || byes[0].Result != 'Z' {
		t.Errorf("C5 round 3: %d boards, byes %+v", len(pairs), byes)
	}
	c9 := parseCorpus(t, "bbpPairings_dutch_2025_C9.trf")
	if pairs, byes := c9.Round(1); describe(pairs) != "1:1-3 1-0, 2:4-2 0-1" || len(byes) != 1 || byes[0].Player.Rank != 5 {
		t.Errorf("C9 round 1: %s, byes %+v", describe(pairs), byes)
	}
}

func TestCorpusIssues(t *testing.T) {
	i15 := parseCorpus(t, "bbpPairings_issue_15.trf")
	if len(i15.Players) != 180 || i15.RoundsPresent() != 11 || i15.Rounds != 0 {
		t.Errorf("issue 15: %d players, %d rounds present, XXR %d", len(i15.Players), i15.RoundsPresent(), i15.Rounds)
	}
	var got []int
	for r := 1; r <= 11; r++ {
		got = append(got, forfeits(i15, r))
	}
	if fmt.Sprint(got) != "[7 7 9 4 11 9 11 10 7 5 6]" {
		t.Errorf("issue 15 forfeits per round %v", got)
	}
	if p, _ := i15.Round(1); len(p) != 90 {
		t.Errorf("issue 15 round 1: %d boards", len(p))
	}
	i7 := parseCorpus(t, "bbpPairings_issue_7.trf")
	if len(i7.Players) != 60 || i7.RoundsPresent() != 14 || i7.Rounds != 15 {
		t.Errorf("issue 7: %d players, %d rounds present, XXR %d", len(i7.Players), i7.RoundsPresent(), i7.Rounds)
	}
	if n := forfeits(i7, 1); n != 5 {
		t.Errorf("issue 7 round 1: %d forfeits, want 5", n)
	}
}

func TestCorpusTRF26(t *testing.T) {
	team := parseCorpus(t, "echecsjs_trf26_team.trf")
	got := []any{team.City, team.StartDate, team.EndDate, team.ChiefArbiter, team.TimeControl, team.Rounds, team.InitialColour}
	want := []any{"Geneva", "2026/01/10", "2026/01/14", "Arbiter, Anna", "90+30", 5, "W"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("TRF26 header %v, want %v", got, want)
	}
	k := team.Player(1)
	got = []any{k.Name, k.Title, k.Sex, k.FideID, k.BirthDate, k.Federation, k.Rating, k.Points}
	want = []any{"Kasparov, Garry", "GM", "m", "4100018363", "1963/04/13", "RUS", 2851, "4.0"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("TRF26 player 1 %v, want %v", got, want)
	}
	if pairs, _ := team.Round(1); describe(pairs) != "1:1-2 1-0" {
		t.Errorf("TRF26 round 1: %s", describe(pairs))
	}
}

// describe writes boards as "board:white-black result, ...".
func describe(pairs []Pairing) string {
	var s []string
	for _, p := range pairs {
		s = append(s, fmt.Sprintf("%d:%d-%d %s", p.Board, p.White.Rank, p.Black.Rank, p.Result()))
	}
	return strings.Join(s, ", ")
}
