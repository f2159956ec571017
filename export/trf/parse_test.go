package trf

import (
	"errors"
	"strings"
	"testing"
)

// player line builders: columns as the format places them.
const (
	line1 = "001    1 m GM Alpha, Ann                        2700 CRO    14100010 1990/01/01  1.0    1     2 w 1"
	line2 = "001    2 w IM Beta, Bea                         2600 GER    14100029 1991/02/02  0.0    2     1 b 0"
)

// TestParseErrors: each broken line says its code, line and column.
func TestParseErrors(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		code       Code
		line, col  int
	}{
		{"random bytes", "\x00\x01\x02xyz", CodeControl, 1, 1},
		{"control later", "012 Open\n001  \x07", CodeControl, 2, 6},
		{"no record", "hello world\n", CodeNotTRF, 1, 1},
		{"short player", "012 Open\n001   ", CodeShortLine, 2, 4},
		{"bad rank", "001   x1 m", CodeBadRank, 1, 5},
		{"duplicate", line1 + "\n" + line1, CodeDuplicate, 2, 5},
		{"shifted rating", strings.Replace(line1, "Ann ", "Ann  ", 1), CodeSeparator, 1, 53},
		{"name into column 48", line1[:47] + "x" + line1[48:], CodeSeparator, 1, 48},
		{"bad rating", strings.Replace(line1, "2700", "27x0", 1), CodeBadNumber, 1, 49},
		{"bad points", strings.Replace(line1, " 1.0", " 1,0", 1), CodeBadNumber, 1, 81},
		{"bad opponent", strings.Replace(line1, "   2 w 1", "  x2 w 1", 1) + "\n" + line2, CodeBadOpponent, 1, 92},
		{"bad colour", strings.Replace(line1, "2 w 1", "2 x 1", 1) + "\n" + line2, CodeBadColour, 1, 97},
		{"game without colour", strings.Replace(line1, "2 w 1", "2 - 1", 1) + "\n" + line2, CodeBadColour, 1, 97},
		{"bad result", strings.Replace(line1, "2 w 1", "2 w 5", 1) + "\n" + line2, CodeBadResult, 1, 99},
		{"shifted block", line1 + "x\n" + line2, CodeSeparator, 1, 100},
		{"unknown opponent", line1, CodeNoOpponent, 1, 92},
		{"mismatch", line1 + "\n" + strings.Replace(line2, "1 b 0", "1 w 0", 1), CodeMismatch, 1, 92},
		{"bad rounds", "012 Open\nXXR nine\n", CodeBadNumber, 2, 5},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse([]byte(tc.text))
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("want *Error %s, got %v", tc.code, err)
			}
			if e.Code != tc.code || e.Line != tc.line || e.Col != tc.col {
				t.Errorf("got %s at %d:%d, want %s at %d:%d", e.Code, e.Line, e.Col, tc.code, tc.line, tc.col)
			}
		})
	}
}

// TestParseFields reads the header lines and a player line's fields.
func TestParseFields(t *testing.T) {
	text := "012 Zagreb Open\r\n022 Zagreb\r\n042 2026/11/20\r\n052 2026/11/28\r\n102 Arbiter, Ana\r\n122 90'+30\"\r\n" +
		"132                                                                                        26/11/20  26/11/21\r\n" +
		"XXR 9\r\nXXC white1\r\n" + line1 + "\r\n" + line2 + "\r\n"
	f, err := Parse([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	got := []string{f.Name, f.City, f.StartDate, f.EndDate, f.ChiefArbiter, f.TimeControl, strings.Join(f.RoundDates, "|"), f.Configuration}
	want := []string{"Zagreb Open", "Zagreb", "2026/11/20", "2026/11/28", "Arbiter, Ana", `90'+30"`, "26/11/20|26/11/21", "white1"}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("field %d: got %q, want %q", i, got[i], want[i])
		}
	}
	if f.Rounds != 9 {
		t.Errorf("rounds %d, want 9", f.Rounds)
	}
	p := f.Player(2)
	if p == nil || p.Name != "Beta, Bea" || p.Title != "IM" || p.Sex != "w" || p.Rating != 2600 || p.Federation != "GER" ||
		p.FideID != "14100029" || p.BirthDate != "1991/02/02" || p.Points != "0.0" || p.Place != "2" {
		t.Errorf("player 2: %+v", p)
	}
	if b, _ := p.Block(1); b.Opponent != 1 || b.Colour != 'b' || b.Result != '0' {
		t.Errorf("player 2 round 1: %+v", b)
	}
	if string(f.Bytes()) != text {
		t.Error("written back differs")
	}
}

// TestLatin1Name: a line that is not UTF-8 is counted in bytes and its
// name decoded as Latin-1.
func TestLatin1Name(t *testing.T) {
	l := strings.Replace(line1, "Alpha, Ann", "M\xfcller, An", 1)
	f, err := Parse([]byte(l + "\n" + line2 + "\n"))
	if err != nil {
		t.Fatal(err)
	}
	if got := f.Player(1).Name; got != "Müller, An" {
		t.Errorf("name %q", got)
	}
}

// TestSetResult: only the two result columns change; a result the
// blocks already say changes nothing.
func TestSetResult(t *testing.T) {
	a := strings.Replace(line1, "2 w 1", "2 w  ", 1)
	b := strings.Replace(line2, "1 b 0", "1 b", 1) // the line ends before its result column
	text := "012 Open\n" + a + "\n" + b + "\n"
	f, err := Parse([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	if changed, ok := f.SetResult(1, 1, "0-1"); !changed || !ok {
		t.Fatalf("SetResult: changed %v ok %v", changed, ok)
	}
	want := "012 Open\n" + strings.Replace(line1, "2 w 1", "2 w 0", 1) + "\n" + strings.Replace(line2, "1 b 0", "1 b 1", 1) + "\n"
	if got := string(f.Bytes()); got != want {
		t.Errorf("got\n%q\nwant\n%q", got, want)
	}
	if changed, ok := f.SetResult(1, 1, "0-1"); changed || !ok {
		t.Errorf("the same result again: changed %v ok %v", changed, ok)
	}
	if _, ok := f.SetResult(1, 2, "1-0"); ok {
		t.Error("player 2 is not White in round 1")
	}
	g, _ := Parse([]byte(strings.Replace(strings.Replace(text, "2 w  ", "2 w +", 1), "1 b\n", "1 b -\n", 1)))
	g.SetResult(1, 1, "1-0")
	if !strings.Contains(string(g.Bytes()), "2 w +") {
		t.Error("a forfeit win already says 1-0 and must stay as written")
	}
}
