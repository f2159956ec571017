package rules

import "testing"

// TestWrittenDistance: how far a cell's writing is from a move's spelling,
// marks, move number and an omitted capture sign not counted.
func TestWrittenDistance(t *testing.T) {
	ruy, _ := ParseFEN("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
	cases := []struct {
		written, san string
		lang         string
		want         int
	}{
		{"Bb5", "Bb5", "en", 0},
		{"3. Bb5+!", "Bb5", "en", 0},
		{"Lb5", "Bb5", "de", 0},
		{"Nc5", "Nxe5", "en", 1}, // one slip; the capture sign may be left out
		{"Ne5", "Nxe5", "en", 0},
		{"Kd4", "Nxe5", "en", 3},
		{"0-0", "Be2", "en", 3},
	}
	for _, c := range cases {
		m, err := ruy.ParseSAN(c.san)
		if err != nil {
			t.Fatal(err)
		}
		l, _ := LettersFor(c.lang)
		if got := WrittenDistance(ruy, m, c.written, l); got != c.want {
			t.Errorf("WrittenDistance(%q, %s) = %d, want %d", c.written, c.san, got, c.want)
		}
	}
}

// TestDescriptiveCode: descriptive notation is not algebraic, and says
// that its candidates come from reading it.
func TestDescriptiveCode(t *testing.T) {
	for _, c := range []struct {
		written     string
		descriptive bool
	}{{"P-K4", true}, {"N-KB3", true}, {"xyzzy", false}} {
		rd := ReadCell(NewPosition(), c.written, nil)
		has := false
		for _, f := range rd.Findings {
			has = has || f.Code == CodeDescriptive
		}
		if rd.Status != StatusUnreadable || has != c.descriptive {
			t.Errorf("%q: %s, descriptive %v; want unreadable, %v", c.written, rd.Status, has, c.descriptive)
		}
	}
}
