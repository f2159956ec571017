package rules

import "testing"

// TestWrittenCostLookAlikes: each look-alike pair costs one half-edit in
// each direction, in several languages' spellings; an unrelated character
// two; a swap of neighbours and a sign left out one.
func TestWrittenCostLookAlikes(t *testing.T) {
	for _, tc := range []struct {
		written, move string
		want          int
	}{
		{"Nb5", "Nh5", 1}, {"N65", "Nb5", 1}, {"Nc4", "Ne4", 1}, {"a5", "d5", 1},
		{"Ra1", "Ra7", 1}, {"Kg3", "Kg8", 1}, {"b5", "b6", 1}, {"Ng5", "N95", 1},
		{"Qg4", "Qq4", 1}, {"Nf3", "Nt3", 1}, {"S5", "55", 1}, {"O-O", "0-0", 2},
		{"Rl1", "R11", 1}, {"Ne5", "He5", 1}, // English N, Hungarian H
		{"Kf2", "Rf2", 1}, // English K, French R (roi)
		{"Lc4", "Cc4", 1}, // German L, Spanish/Italian C
		{"Tf1", "Ff1", 1}, // German T, French F
		{"Dd2", "Od2", 1}, // German D, Dutch O (pawn letter)
		{"Nf3", "Nd2", 4}, {"Nf3", "Bf3", 2},
		{"Rdf1", "Rfd1", 1}, {"Nxe5", "Ne5", 1}, {"e4+", "e4", 1}, {"Qh7#", "Qh7", 1},
		{"", "e4", 4}, {"e4", "e4", 0},
	} {
		if got := writtenCost([]rune(tc.written), []rune(tc.move)); got != tc.want {
			t.Errorf("writtenCost(%q, %q) = %d, want %d", tc.written, tc.move, got, tc.want)
		}
		if got := writtenCost([]rune(tc.move), []rune(tc.written)); got != tc.want {
			t.Errorf("writtenCost(%q, %q) = %d, want %d", tc.move, tc.written, got, tc.want)
		}
	}
}

// TestNearestSwapped: "Rdf1" where Rfd1 is legal (two letters swapped):
// Rfd1 is the first candidate, in English and with German letters.
func TestNearestSwapped(t *testing.T) {
	p, err := ParseFEN("6k1/5ppp/8/8/8/8/5PPP/R4RK1 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		written string
		l       *Letters
	}{{"Rdf1", English}, {"Tdf1", mustLetters(t, "de")}, {"Tdf1", mustLetters(t, "fr")}} {
		rd := ReadCell(p, tc.written, tc.l)
		if len(rd.Candidates) == 0 || rd.Candidates[0].UCI() != "f1d1" {
			t.Errorf("%s (%s): candidates %v, want f1d1 first", tc.written, tc.l.Code, rd.Candidates)
		}
		if c := WrittenCost(p, rd.Candidates[0], tc.written, tc.l); c != 1 {
			t.Errorf("%s: WrittenCost %d, want 1", tc.written, c)
		}
	}
}

func mustLetters(t *testing.T, code string) *Letters {
	l, ok := LettersFor(code)
	if !ok {
		t.Fatalf("no letters %q", code)
	}
	return l
}
