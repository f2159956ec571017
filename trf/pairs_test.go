package trf

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"scoresheet/sheet"
)

// c9List is bbpPairings' pairing list for round 2 of the corpus file
// C9 ("bbpPairings.exe --dutch bbpPairings_dutch_2025_C9.trf -p", run by
// hand): three pairs, the last a bye.
const c9List = "3\n2 1\n3 5\n4 0\n"

// TestDetectPairingList: a pairing list is told from a TRF and a PGN,
// even when one of its pairs reads like a TRF record ("142 229").
func TestDetectPairingList(t *testing.T) {
	for text, want := range map[string]bool{
		c9List:                    true,
		"2\r\n142 229\r\n4 0\r\n": true,
		"124\n1 2\n3 4\n56":       true, // cut inside a line
		"0\n":                     true,
		"012 Open\n":              false,
		"[Event \"x\"]\n":         false,
		"1. e4 e5\n":              false,
		"3\n2 1 0\n":              false,
		"3\nNf3 d5\n":             false,
		"3\n7\n":                  false,
		"":                        false,
		"\ufeff2\n1 2\n3 0\n":     false, // ParsePairingList takes the BOM; detection is on bytes read
		"001    1 m  Alpha\n":     false,
		"3\n1 2\n3 x\n5 6\n":      true, // a line that does not read: ParsePairingList says which
		"2\n1 2\n3 4 5\n":         true,
		"2\n1 2\n[Event \"x\"]\n": true,
	} {
		if got := DetectPairingList([]byte(text)); got != want {
			t.Errorf("DetectPairingList(%q) = %v", text, got)
		}
		if DetectPairingList([]byte(text)) && Detect([]byte(text)) {
			t.Errorf("%q is taken for both a pairing list and a TRF", text)
		}
	}
}

// TestParsePairingList: the pairs in order with their lines; a count
// that is not the number of pairs, or a line that is not two starting
// ranks, is an error at its line.
func TestParsePairingList(t *testing.T) {
	l, err := ParsePairingList([]byte(c9List))
	if err != nil || fmt.Sprint(l.Pairs) != "[{2 1 2 [1 3]} {3 5 3 [1 3]} {4 0 4 [1 3]}]" {
		t.Fatalf("%v %v", l, err)
	}
	for _, tc := range []struct {
		text string
		code Code
		line int
	}{
		{"4\n2 1\n3 5\n4 0\n", CodeListCount, 1},
		{"2\n2 1\n3 5\n4 0\n", CodeListCount, 1},
		{"x\n2 1\n", CodeListCount, 1},
		{"2\n2 1\n3 x\n", CodeListLine, 3},
		{"2\n2 1\n0 3\n", CodeListLine, 3},
		{"1\n2 10000\n", CodeListLine, 2},
		{"\n", CodeListCount, 1},
		{"1\n\x002 1\n", CodeControl, 2},
	} {
		_, err := ParsePairingList([]byte(tc.text))
		var e *Error
		if !errors.As(err, &e) || e.Code != tc.code || e.Pos.Line != tc.line {
			t.Errorf("%q: %v, want %s at line %d", tc.text, err, tc.code, tc.line)
		}
	}
}

// withList writes a list into a file as round r and reads it again.
func withList(t *testing.T, text string, r, rounds int, list string) (*File, error) {
	t.Helper()
	f, err := Parse([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	l, err := ParsePairingList([]byte(list))
	if err != nil {
		t.Fatal(err)
	}
	if err := f.WithRound(r, rounds, l); err != nil {
		return nil, err
	}
	return Parse(f.Bytes())
}

// TestWithRound: bbpPairings' list for C9's round 2 becomes the players'
// round 2 blocks (the pairs, the bye as U, nothing else of the file
// changed), and then the boards of round 2 in the list's order; the
// same list again changes nothing.
func TestWithRound(t *testing.T) {
	c9 := string(readCorpus(t, "bbpPairings_dutch_2025_C9.trf"))
	f, err := withList(t, c9, 2, 3, c9List)
	if err != nil {
		t.Fatal(err)
	}
	want := strings.NewReplacer(
		"0001               2720                             1.0    1     3 w 1", "0001               2720                             1.0    1     3 w 1     2 b",
		"0002               2701                             1.0    2     4 b 1", "0002               2701                             1.0    2     4 b 1     1 w",
		"0003               2697                             0.0    3     1 b 0", "0003               2697                             0.0    3     1 b 0     5 w",
		"0004               2689                             0.0    4     2 w 0", "0004               2689                             0.0    4     2 w 0  0000 - U",
		"0005               2673                             0.0    5  0000 - Z", "0005               2673                             0.0    5  0000 - Z     3 b",
	).Replace(c9)
	if got := string(f.Bytes()); got != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
	plan := ImportList(f, mustList(t, c9List), 2, sheet.Event{Rounds: sheet.NumberedRounds(3, nil)}, nil)
	if got := describeGames(plan.Add); got != "2.1 Test0002-Test0001, 2.2 Test0003-Test0005" {
		t.Errorf("boards %s", got)
	}
	if len(plan.Byes) != 1 || plan.Byes[0].Player.Rank != 4 || plan.Byes[0].Result != 'U' {
		t.Errorf("byes %+v", plan.Byes)
	}
	again, err := withList(t, string(f.Bytes()), 2, 3, c9List)
	if err != nil || string(again.Bytes()) != want {
		t.Errorf("the same list again: %v\n%s", err, again.Bytes())
	}
	games := stored(plan.Add)
	if p := ImportList(again, mustList(t, c9List), 2, plan.Event, games); len(p.Add)+len(p.Update)+len(p.Remove)+len(p.Replace) != 0 || p.Kept != 2 {
		t.Errorf("the same list again plans %+v", p)
	}
}

func mustList(t *testing.T, text string) *PairingList {
	t.Helper()
	l, err := ParsePairingList([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// describeGames writes boards as "round.board white-black".
func describeGames(gs []sheet.Game) string {
	var s []string
	for _, g := range gs {
		s = append(s, fmt.Sprintf("%d.%d %s-%s", g.Round, g.Board, strings.Fields(g.White.Name)[0], strings.Fields(g.Black.Name)[0]))
	}
	return strings.Join(s, ", ")
}

// TestWithRoundAgain: the last paired round takes another list while it
// has no result (the engine paired it again): the players it leaves out
// are absent, a bye asked for (H) stays; once a result is in, or for a
// round that is not the next, the list is refused and the file stays.
func TestWithRoundAgain(t *testing.T) {
	c9 := string(readCorpus(t, "bbpPairings_dutch_2025_C9.trf"))
	f, err := withList(t, c9, 2, 3, c9List)
	if err != nil {
		t.Fatal(err)
	}
	g, err := withList(t, string(f.Bytes()), 2, 3, "2\n1 2\n5 3\n")
	if err != nil {
		t.Fatal(err)
	}
	var blocks []string
	for _, p := range g.Players {
		b, _ := p.Block(2)
		blocks = append(blocks, fmt.Sprintf("%d:%d%c%c", p.Rank, b.Opponent, b.Colour, b.Result))
	}
	if got := strings.Join(blocks, " "); got != "1:2w  2:1b  3:5b  4:0-Z 5:3w " {
		t.Errorf("round 2 paired again: %q", got)
	}
	withH := strings.Replace(c9, "0.0    5  0000 - Z", "0.5    5  0000 - H", 1) // player 5: a half-point bye in round 1
	for _, tc := range []struct {
		name, text string
		r, rounds  int
		list       string
		code       Code
	}{
		{"past the event's rounds", c9, 4, 3, "1\n1 2\n", CodeListPastEnd},
		{"a round skipped", c9, 3, 3, "1\n1 2\n", CodeListRound},
		{"a round played", c9, 1, 3, "1\n1 2\n", CodeListPlayed},
		{"an unknown player", c9, 2, 3, "1\n1 9\n", CodeListPlayer},
		{"a player twice", c9, 2, 3, "2\n1 2\n3 1\n", CodeListTwice},
		{"a player against himself", c9, 2, 3, "1\n3 3\n", CodeListTwice},
		{"a pair that met in round 1", c9, 2, 3, "2\n2 5\n3 1\n", CodeListRematch},
		{"a pair that met, colours swapped", c9, 2, 3, "2\n4 2\n3 5\n", CodeListRematch},
		{"a bye asked for", strings.Replace(withH, "1.0    2     4 b 1", "1.0    2     4 b 1  0000 - H", 1), 2, 3, "1\n2 1\n", CodeListNotFree},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, err := Parse([]byte(tc.text))
			if err != nil {
				t.Fatal(err)
			}
			err = f.WithRound(tc.r, tc.rounds, mustList(t, tc.list))
			var e *Error
			if !errors.As(err, &e) || e.Code != tc.code {
				t.Fatalf("%v, want %s", err, tc.code)
			}
			if string(f.Bytes()) != tc.text {
				t.Error("a refused list changed the file")
			}
		})
	}
}

// TestWithRoundDropsXXZ: the players an XXZ line names absent from the
// round to be paired are written absent in it, and the line goes (it
// would say them absent from the next round too); a player with no
// block for an earlier round is padded with blanks (absent then).
func TestWithRoundDropsXXZ(t *testing.T) {
	text := "012 Z\nXXR 3\n" + playerLine(1, "   2 w 1") + "\n" + playerLine(2, "   1 b 0") + "\n" + playerLine(3) + "\n" + playerLine(4) + "\nXXZ 3\n"
	f, err := withList(t, text, 2, 3, "1\n4 1\n")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(f.Bytes()), "XXZ") {
		t.Error("the XXZ line stays")
	}
	if b, ok := f.Player(3).Block(2); !ok || b.Opponent != 0 || b.Result != 'Z' {
		t.Errorf("player 3 round 2: %+v", b)
	}
	if b, _ := f.Player(3).Block(1); b.Opponent != 0 || b.Result != ' ' {
		t.Errorf("player 3 round 1: %+v", b)
	}
}

// TestWithRoundRematchAfterForfeit: two players whose earlier pairing was
// a forfeit did not play each other: a list may pair them again (C.04.1,
// as the engines do), while a played game between them refuses it.
func TestWithRoundRematchAfterForfeit(t *testing.T) {
	c9 := string(readCorpus(t, "bbpPairings_dutch_2025_C9.trf"))
	forfeit := strings.Replace(strings.Replace(c9, "     3 w 1", "     3 w +", 1), "     1 b 0", "     1 b -", 1)
	if forfeit == c9 {
		t.Fatal("the forfeit was not written")
	}
	if _, err := withList(t, forfeit, 2, 3, "2\n3 1\n2 5\n"); err != nil {
		t.Errorf("after a forfeit: %v", err)
	}
	f, err := Parse([]byte(c9))
	if err != nil {
		t.Fatal(err)
	}
	var e *Error
	if err := f.WithRound(2, 3, mustList(t, "2\n3 1\n2 5\n")); !errors.As(err, &e) || e.Code != CodeListRematch || e.Pos.Line != 2 || e.Pos.Col != 1 || e.Text != "3 1" {
		t.Errorf("after a game played: %v", err)
	}
}
