package pgn

import "testing"

// TestNotText: a control character is no text between tags and moves,
// and passed over (for the reader's warning) in a comment, a
// rest-of-line comment, an escape line and a tag's value; its line and
// column count CR LF and a lone CR as one line end, and characters, not
// bytes.
func TestNotText(t *testing.T) {
	for _, tc := range []struct {
		text      string
		line, col int
		c         byte
	}{
		{"[Event \"a\x00b\"]\n1. e4 {x\x1by} e5 ; \x07\n% \x01\n*\n", 0, 0, 0},
		{"{a\nb\x00\n}\n1. e4 *", 0, 0, 0},
		{"[Event \"E\"]\r\n\r\n1. e4 \x00 e5", 3, 7, 0},
		{"[Event \"E\"]\r1. é\x1b", 2, 5, 0x1b},
		{"1. e4 ; \x01\n\x7f", 2, 1, 0x7f},
		{"[Event \"a\\\"\x00\"]", 0, 0, 0},
		{"[Event \"a\n\x00\"]", 2, 1, 0},
		{"SQLite format 3\x00", 1, 16, 0},
		{"x % \x02", 1, 5, 2},
	} {
		line, col, c, found := NotText([]byte(tc.text))
		if found != (tc.line > 0) || line != tc.line || col != tc.col || c != tc.c {
			t.Errorf("%q: %d:%d %q %v, want %d:%d %q", tc.text, line, col, c, found, tc.line, tc.col, tc.c)
		}
	}
}

func FuzzNotText(f *testing.F) {
	f.Add([]byte("[Event \"E\"]\n1. e4 {\x00} *"))
	f.Fuzz(func(t *testing.T, data []byte) {
		line, col, c, found := NotText(data)
		if found && (line < 1 || col < 1 || !isControl(c)) {
			t.Fatalf("%d:%d %q", line, col, c)
		}
	})
}
