package trf

import (
	"errors"
	"strings"
	"testing"

	"scoresheet/rules"
)

// TestErrorPosInCharacters: a TRF error's column counts characters as
// the format does, after names in any script (a name of two-byte letters
// before the field in error), and is no byte count.
func TestErrorPosInCharacters(t *testing.T) {
	// "Čakarević, Đurđa" is 16 characters in 21 bytes: the fields after it
	// are at the columns of line1's.
	named := strings.Replace(line1, "Alpha, Ann      ", "Čakarević, Đurđa", 1)
	for _, tc := range []struct {
		name, text string
		code       Code
		want       rules.Pos
	}{
		{"bad rating after a name", strings.Replace(named, "2700", "27x0", 1), CodeBadNumber, rules.Pos{Line: 1, Col: 49}},
		{"bad colour after a name", strings.Replace(named, "2 w 1", "2 x 1", 1) + "\n" + line2, CodeBadColour, rules.Pos{Line: 1, Col: 97}},
		{"shifted by a character", strings.Replace(named, "Đurđa", "Đurđaa", 1), CodeSeparator, rules.Pos{Line: 1, Col: 53}},
		{"a control character after a name", "012 Ödön\n001  é\x07", CodeControl, rules.Pos{Line: 2, Col: 7, Offset: 18}},
		{"a point system pair after a name", "012 Ödön\nXXS WW=1 Ä=2\n", CodeBadScoring, rules.Pos{Line: 2, Col: 10}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse([]byte(tc.text))
			var e *Error
			if !errors.As(err, &e) || e.Code != tc.code || e.Pos != tc.want {
				t.Errorf("got %v, want %s at %+v", err, tc.code, tc.want)
			}
		})
	}
}
