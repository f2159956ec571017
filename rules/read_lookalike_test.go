package rules

import (
	"slices"
	"testing"
)

// TestLookAlikeMoves: the legal moves a writing names with one character
// read as its look-alike, other than the one it names.
func TestLookAlikeMoves(t *testing.T) {
	for _, tc := range []struct {
		pos, lang, written string
		want               []string
	}{
		{rcStart, "en", "e4", []string{"c4"}},
		{rcStart, "en", "a3", []string{"d3"}},
		{rcStart, "en", "h3", []string{"b3"}},
		{rcStart, "en", "Nf3", nil},
		{rcStart, "en", "Nc3", nil},
		{rcE4E5, "en", "Nc3", nil},
		{"e4 d6 d4 Nf6 Nc3 g6 Be3 Bg7 Qd2 c6 f3", "en", "h5", []string{"b5", "h6"}},
		{"e4 d6 d4 Nf6 Nc3 g6 Be3 Bg7 Qd2 c6 f3", "de", "h5", []string{"b5", "h6"}},
		{"e4 e5", "de", "Sf3", nil},
		{"e4 e5 Nf3", "en", "Nc6", nil},
		{rcStart, "en", "Nxf3", nil}, // names no move: none
		{rcStart, "en", "zz", nil},
	} {
		p := readPos(t, tc.pos)
		l := readLetters(t, tc.lang)
		got := rdSANs(p, LookAlikeMoves(p, tc.written, l))
		if !slices.Equal(got, tc.want) && (len(got) != 0 || len(tc.want) != 0) {
			t.Errorf("%s %q after %q: %v, want %v", tc.lang, tc.written, tc.pos, got, tc.want)
		}
	}
}
