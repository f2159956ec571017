package trf

import (
	"errors"
	"strings"
	"testing"

	"scoresheet/sheet"
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
		{"XXR past int", "012 Open\nXXR 99999999999999999999\n", CodeTooManyRounds, 2, 5},
		{"XXR huge", "012 Open\nXXR 99999999999\n", CodeTooManyRounds, 2, 5},
		{"142 huge", "012 Open\n142 20000000\n", CodeTooManyRounds, 2, 5},
		{"100 rounds", "012 Open\nXXR 100\n", CodeTooManyRounds, 2, 5},
		{"100 blocks", "012 Open\n" + playerLine(1, manyBlocks(100)...) + "\n", CodeTooManyRounds, 2, 92 + 99*10},
		{"100 round dates", "012 Open\n132" + strings.Repeat(" ", 88) + strings.Repeat("26/01/01  ", 100) + "\n", CodeTooManyRounds, 2, 92 + 99*10},
		{"not a record", "012 Open\n[Event \"Open\"]\n", CodeNotTRF, 2, 1},
		{"a PGN after a header", "012 Open\n\n1. e4 e5\n", CodeNotTRF, 3, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse([]byte(tc.text))
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("want *Error %s, got %v", tc.code, err)
			}
			if e.Code != tc.code || e.Pos.Line != tc.line || e.Pos.Col != tc.col {
				t.Errorf("got %s at %s, want %s at %d:%d", e.Code, e.Pos, tc.code, tc.line, tc.col)
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
	forfeit := strings.Replace(strings.Replace(text, "2 w  ", "2 w +", 1), "1 b\n", "1 b -\n", 1)
	g, _ := Parse([]byte(forfeit))
	if changed, ok := g.SetResult(1, 1, "+/-"); changed || !ok || string(g.Bytes()) != forfeit {
		t.Errorf("a forfeit win already says +/- and must stay as written: changed %v ok %v", changed, ok)
	}
	g.SetResult(1, 1, "1-0") // the game was played after all
	if got := string(g.Bytes()); !strings.Contains(got, "2 w 1") || !strings.Contains(got, "1 b 0") {
		t.Errorf("1-0 over a forfeit:\n%s", got)
	}
	for _, tc := range []struct {
		result  sheet.Result
		now     string
		w, b    string
		written bool
	}{
		{"-/+", "1-0", "-", "+", true}, {"-/-", "-/+", "-", "-", true}, {"1/2-1/2", "-/-", "=", "=", true},
		{"*", "1/2-1/2", "=", "=", false}, {"", "1/2-1/2", "=", "=", false},
	} {
		changed, ok := g.SetResult(1, 1, tc.result)
		got := string(g.Bytes())
		if changed != tc.written || ok != tc.written || !strings.Contains(got, "2 w "+tc.w) || !strings.Contains(got, "1 b "+tc.b) {
			t.Errorf("%s after %s: changed %v ok %v\n%s", tc.result, tc.now, changed, ok, got)
		}
	}
}

// manyBlocks returns n round blocks of byes.
func manyBlocks(n int) []string {
	var bs []string
	for range n {
		bs = append(bs, "0000 - Z")
	}
	return bs
}

// TestRoundsBounded: 99 rounds are taken, as "event set --rounds" takes
// them; a file of 99 rounds imports into an event of 99.
func TestRoundsBounded(t *testing.T) {
	f, err := Parse([]byte("012 Open\nXXR 99\n" + playerLine(1, manyBlocks(99)...) + "\n"))
	if err != nil {
		t.Fatal(err)
	}
	if ev := EventFrom(f, sheet.Event{}); len(ev.Rounds) != 99 {
		t.Errorf("%d rounds", len(ev.Rounds))
	}
}

// TestDetect: a TRF by its content; a pairing list (whose "142 229"
// reads like a record), a PGN, or a letter whose first line looks like a
// record but which has no player and no tournament name, is not one.
func TestDetect(t *testing.T) {
	for text, want := range map[string]bool{
		"012 Open\n":                       true,
		"XXR 9\n" + line1 + "\n":           true,
		"### comment\r012 Open\r":          true,
		"124\n1 2\n142 229\n":              false,
		"102 Main Street\nDear arbiter,\n": false,
		"[Event \"Open\"]\n1. e4 e5 1-0\n": false,
		"1. e4 e5\n":                       false,
	} {
		if got := Detect([]byte(text)); got != want {
			t.Errorf("Detect(%q) = %v", text, got)
		}
	}
}
