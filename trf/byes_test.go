package trf

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"scoresheet/rules"
)

// byeFile is a 4-player TRF with round 1 paired (1-3, 4-2) and rounds
// from XXR 5.
func byeFile(extra ...string) string {
	return strings.Join(append([]string{"012 Byes", "XXR 5", playerLine(1, "   3 w 1"), playerLine(2, "   4 b 0"),
		playerLine(3, "   1 b 0"), playerLine(4, "   2 w 1")}, extra...), "\n") + "\n"
}

func mustParse(t *testing.T, s string) *File {
	t.Helper()
	f, err := Parse([]byte(s))
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// TestRequestsRead reads 240 records as bbpPairings and TRF-26 write
// them, and refuses those that do not read at their column.
func TestRequestsRead(t *testing.T) {
	f := mustParse(t, byeFile("240 H   2    1    4", "240 Z 003    2", "240 F 002 0003"))
	rs, err := f.Requests()
	if err != nil {
		t.Fatal(err)
	}
	want := []Request{{'H', 2, 1}, {'F', 2, 3}, {'H', 2, 4}, {'Z', 3, 2}}
	if fmt.Sprint(rs) != fmt.Sprint(want) {
		t.Errorf("requests %v, want %v", rs, want)
	}
	for _, tc := range []struct {
		line string
		col  int
	}{
		{"240 X 002    1", 5},
		{"240 H 0x2    1", 7},
		{"240 H 000    1", 7},
		{"240 H 002   x1", 11},
		{"240 H 002    1x   2", 16},
	} {
		_, err := mustParse(t, byeFile(tc.line)).Requests()
		var e *Error
		if !errors.As(err, &e) || e.Code != CodeBadBye || e.Pos != (rules.Pos{Line: 7, Col: tc.col}) {
			t.Errorf("%q: %v, want %s at 7:%d", tc.line, err, CodeBadBye, tc.col)
		}
	}
}

// TestSetRequest writes the records again, one a kind and round after
// the players, and refuses what cannot be asked for.
func TestSetRequest(t *testing.T) {
	f := mustParse(t, byeFile())
	for _, q := range []Request{{'H', 2, 4}, {'Z', 2, 1}, {'H', 2, 3}, {'F', 3, 1}} {
		if err := f.SetRequest(q.Rank, q.Round, 5, q.Kind); err != nil {
			t.Fatal(err)
		}
	}
	if err := f.SetRequest(1, 3, 5, 0); err != nil { // taken back
		t.Fatal(err)
	}
	got := string(f.Bytes())
	if want := byeFile("240 H 002    3    4", "240 Z 002    1"); got != want {
		t.Errorf("file:\n%s\nwant:\n%s", got, want)
	}
	for _, tc := range []struct {
		rank, round, rounds int
		kind                byte
		code                Code
	}{
		{1, 2, 5, 'X', CodeByeKind},
		{9, 2, 5, 'H', CodeByePlayer},
		{1, 6, 5, 'H', CodeByeRound},
		{1, 2, 0, 'H', CodeByeRound},
		{1, 1, 5, 'H', CodeByePaired},
	} {
		err := mustParse(t, byeFile()).SetRequest(tc.rank, tc.round, tc.rounds, tc.kind)
		var e *Error
		if !errors.As(err, &e) || e.Code != tc.code {
			t.Errorf("%+v: %v, want %s", tc, err, tc.code)
		}
	}
}

// TestRequestsIntoRound: the export writes round 2's byes into its
// blocks; the list of round 2 keeps an H for a player it leaves out
// (not Z), and may not pair a player who asked for a bye.
func TestRequestsIntoRound(t *testing.T) {
	f := mustParse(t, byeFile("240 H 002    1"))
	if n, err := f.WriteRequests(2); err != nil || n != 1 {
		t.Fatalf("WriteRequests: %d %v", n, err)
	}
	if b, _ := f.Player(1).Block(2); b.Opponent != 0 || b.Result != 'H' || f.PlayerPoints(f.Player(1)) != 1.5 {
		t.Errorf("block %+v, points %v", b, f.PlayerPoints(f.Player(1)))
	}
	f = mustParse(t, byeFile("240 H 002    1"))
	list, _ := ParsePairingList([]byte("1\n3 4\n"))
	if err := f.WithRound(2, 5, list); err != nil {
		t.Fatal(err)
	}
	f = mustParse(t, string(f.Bytes()))
	for rank, want := range map[int]byte{1: 'H', 2: 'Z'} {
		if b, _ := f.Player(rank).Block(2); b.Played() || b.Result != want {
			t.Errorf("player %d round 2: %+v, want 0000 - %c", rank, b, want)
		}
	}
	list, _ = ParsePairingList([]byte("2\n1 4\n2 3\n"))
	err := mustParse(t, byeFile("240 Z 002    1")).WithRound(2, 5, list)
	var e *Error
	if !errors.As(err, &e) || e.Code != CodeListNotFree || e.Pos.Line != 2 {
		t.Errorf("pairing a player absent by request: %v", err)
	}
}

// TestAddPlayer writes a late entry's line in its columns, with the
// rounds paired as the arbiter says and their 240 records, and refuses
// a field that does not fit.
func TestAddPlayer(t *testing.T) {
	f := mustParse(t, byeFile())
	rank, err := f.AddPlayer(NewPlayer{Name: "Moreau, Marc", Rating: 1905, Sex: "m", Title: "FM", Federation: "FRA", FideID: "123", BirthDate: "2001/02/03"}, []byte("H"))
	if err != nil || rank != 5 {
		t.Fatalf("rank %d, %v", rank, err)
	}
	f = mustParse(t, string(f.Bytes()))
	p := f.Player(5)
	if p.Name != "Moreau, Marc" || p.Rating != 1905 || p.Sex != "m" || p.Title != "FM" || p.Federation != "FRA" || p.FideID != "123" || p.BirthDate != "2001/02/03" {
		t.Errorf("player %+v", p)
	}
	if b, _ := p.Block(1); len(p.Rounds) != 1 || b.Result != 'H' || b.Col != 92 {
		t.Errorf("blocks %+v", p.Rounds)
	}
	if rs, _ := f.Requests(); fmt.Sprint(rs) != fmt.Sprint([]Request{{'H', 1, 5}}) {
		t.Errorf("requests %v", rs)
	}
	for _, tc := range []struct {
		np      NewPlayer
		earlier string
		code    Code
	}{
		{NewPlayer{Name: strings.Repeat("x", 34)}, "", CodePlayerField},
		{NewPlayer{Name: " "}, "", CodePlayerField},
		{NewPlayer{Name: "A", Rating: 10000}, "", CodePlayerField},
		{NewPlayer{Name: "A", FideID: "12a"}, "", CodePlayerField},
		{NewPlayer{Name: "A\nB"}, "", CodePlayerField},
		{NewPlayer{Name: "A"}, "X", CodeByeKind},
		{NewPlayer{Name: "A"}, "HZ", CodeByeRound},
	} {
		_, err := mustParse(t, byeFile()).AddPlayer(tc.np, []byte(tc.earlier))
		var e *Error
		if !errors.As(err, &e) || e.Code != tc.code {
			t.Errorf("%+v %q: %v, want %s", tc.np, tc.earlier, err, tc.code)
		}
	}
}

// FuzzRequests reads any 240 record: an error has its code and column,
// and the records written again read back the same.
func FuzzRequests(f *testing.F) {
	f.Add("240 H   2    1    4")
	f.Add("240 Z 003    2")
	f.Add("240 F 2")
	f.Fuzz(func(t *testing.T, line string) {
		if strings.ContainsAny(line, "\r\n") {
			return
		}
		file, err := Parse([]byte(byeFile(line)))
		if err != nil {
			return
		}
		rs, err := file.Requests()
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || e.Code != CodeBadBye || e.Pos.Col < 5 {
				t.Fatalf("error without code or column: %v", err)
			}
			return
		}
		file.write240(rs)
		again, err := Parse(file.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		back, err := again.Requests()
		if err != nil || fmt.Sprint(back) != fmt.Sprint(rs) {
			t.Fatalf("written again %v, read %v %v", rs, back, err)
		}
	})
}
