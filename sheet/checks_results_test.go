package sheet

import (
	"fmt"
	"slices"
	"testing"
)

// resultCodes are the checks that compare results.
var resultCodes = []CheckCode{
	CheckCopyResultsDiffer, CheckCopyResultGame, CheckCopyResultBoard, CheckCopyResultBoard.Unconfirmed(),
	CheckResultBoard, CheckResultMissing, CheckResultPairing,
}

// TestCheckCopyResults: the results written on White's copy and on
// Black's, the game's, the final position's and the pairing program's:
// each disagreement is one finding, with its article, its copy, the two
// results and the ply of the final position where it is about it.
func TestCheckCopyResults(t *testing.T) {
	const (
		stalemate = "k7/8/8/1Q6/8/8/8/7K w - - 0 1"    // Qb6 stalemates
		dead      = "8/8/8/4k3/8/8/3B4/4Kr2 w - - 0 1" // Kxf1 leaves K+B v K
	)
	fool := []string{"f3", "e5", "g4", "Qh4#"}
	for _, tc := range []struct {
		name, fen  string
		moves      []string
		game, w, b Result // the game's result, White's copy's, Black's copy's
		pairing    string // the pairing program's (TRFResult), "" for none
		want       []CheckFinding
	}{
		{name: "all agree, resigned", moves: fool[:3], game: "1-0", w: "1-0", b: "1-0"},
		{name: "one copy written", moves: fool[:3], game: "1-0", w: "1-0"},
		{name: "none written", moves: fool[:3], game: "0-1"},
		{name: "copies differ", moves: fool[:3], w: "1-0", b: "0-1", want: []CheckFinding{
			{Code: CheckCopyResultsDiffer, Article: "8.7", Texts: [2]string{"1-0", "0-1"}}}},
		{name: "copies differ, game agrees with one", moves: fool[:3], game: "1-0", w: "1-0", b: "1/2-1/2", want: []CheckFinding{
			{Code: CheckCopyResultsDiffer, Article: "8.7", Texts: [2]string{"1-0", "1/2-1/2"}}}},
		{name: "copies agree, game differs", moves: fool[:3], game: "0-1", w: "1-0", b: "1-0", want: []CheckFinding{
			{Code: CheckCopyResultGame, Article: "8.7", Copy: WhoWhite, Texts: [2]string{"1-0", "0-1"}},
			{Code: CheckCopyResultGame, Article: "8.7", Copy: WhoBlack, Texts: [2]string{"1-0", "0-1"}}}},
		{name: "game unfinished", moves: fool[:3], game: "*", w: "1-0", b: "1-0"},
		{name: "mate, all right", moves: fool, game: "0-1", w: "0-1", b: "0-1"},
		{name: "mate, both copies wrong, no result yet", moves: fool, w: "1-0", b: "1-0", want: []CheckFinding{
			{Code: CheckResultMissing, Ply: 4, Article: "8.7"},
			{Code: CheckCopyResultBoard, Ply: 4, Article: "5.1.1", Texts: [2]string{"1-0", "checkmate"}}}},
		{name: "mate, game right, a copy wrong", moves: fool, game: "0-1", w: "1/2-1/2", want: []CheckFinding{
			{Code: CheckCopyResultGame, Article: "8.7", Copy: WhoWhite, Texts: [2]string{"1/2-1/2", "0-1"}}}},
		{name: "mate, game and copies wrong alike", moves: fool, game: "1-0", w: "1-0", b: "1-0", want: []CheckFinding{
			{Code: CheckResultBoard, Ply: 4, Article: "5.1.1", Texts: [2]string{"1-0", "checkmate"}}}},
		{name: "stalemate, copies say 1-0", fen: stalemate, moves: []string{"Qb6"}, w: "1-0", b: "1-0", want: []CheckFinding{
			{Code: CheckResultMissing, Ply: 1, Article: "8.7"},
			{Code: CheckCopyResultBoard, Ply: 1, Article: "5.2.1", Texts: [2]string{"1-0", "stalemate"}}}},
		{name: "dead position, copies differ", fen: dead, moves: []string{"Kxf1"}, w: "1/2-1/2", b: "1-0", want: []CheckFinding{
			{Code: CheckResultMissing, Ply: 1, Article: "8.7"},
			{Code: CheckCopyResultsDiffer, Article: "8.7", Texts: [2]string{"1/2-1/2", "1-0"}},
			{Code: CheckCopyResultBoard, Ply: 1, Article: "5.2.2", Copy: WhoBlack, Texts: [2]string{"1-0", "dead-position"}}}},
		{name: "dead position, game drawn, copies too", fen: dead, moves: []string{"Kxf1"}, game: "1/2-1/2", w: "1/2-1/2", b: "1/2-1/2"},
		{name: "pairing differs from the copies, no result yet", moves: fool[:3], w: "1-0", b: "1-0", pairing: "0-1", want: []CheckFinding{
			{Code: CheckResultPairing, Article: "8.7", Texts: [2]string{"1-0", "0-1"}}}},
		{name: "pairing differs from the one copy written", moves: fool[:3], b: "1/2-1/2", pairing: "1-0", want: []CheckFinding{
			{Code: CheckResultPairing, Article: "8.7", Texts: [2]string{"1/2-1/2", "1-0"}}}},
		{name: "pairing differs from the game", moves: fool[:3], game: "0-1", w: "0-1", b: "0-1", pairing: "1-0", want: []CheckFinding{
			{Code: CheckResultPairing, Article: "8.7", Texts: [2]string{"0-1", "1-0"}}}},
		{name: "pairing agrees", moves: fool[:3], w: "1-0", b: "1-0", pairing: "1-0"},
		{name: "copies differ, pairing agrees with one", moves: fool[:3], w: "1-0", b: "0-1", pairing: "1-0", want: []CheckFinding{
			{Code: CheckCopyResultsDiffer, Article: "8.7", Texts: [2]string{"1-0", "0-1"}}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := sameCopies(tc.fen, tc.moves...)
			g.Result, g.Copies[WhiteCopy].Result, g.Copies[BlackCopy].Result = tc.game, tc.w, tc.b
			if tc.pairing != "" {
				g.Tags = map[string]string{TagPairingResult: tc.pairing}
			}
			var got []CheckFinding
			for _, f := range check(t, g, "") {
				if slices.Contains(resultCodes, f.Code) {
					got = append(got, f)
				}
			}
			if fmt.Sprint(got) != fmt.Sprint(tc.want) {
				t.Errorf("findings\n%+v\nwant\n%+v", got, tc.want)
			}
			for _, f := range got {
				if f.Severity().String() != "error" && f.Code != CheckResultMissing {
					t.Errorf("%s: severity %s, want error", f.Code, f.Severity())
				}
			}
		})
	}
}

// TestCopyResultUnconfirmed: a copy's result that does not fit a final
// position reached over a ply the copies dispute claims nothing: it is
// given with its unconfirmed code, a warning, not an error.
func TestCopyResultUnconfirmed(t *testing.T) {
	g := twoCopies("", texts("f3", "e5", "g4", "Qh4#"), texts("f3", "e6", "g4", "Qh4#"))
	g.Copies[WhiteCopy].Result, g.Copies[BlackCopy].Result = "1-0", "1-0"
	want := []CheckFinding{{Code: CheckCopyResultBoard.Unconfirmed(), Ply: 4, Article: "5.1.1",
		Texts: [2]string{"1-0", "checkmate"}, Provisional: true}}
	got := only(check(t, g, ""), CheckCopyResultBoard.Unconfirmed())
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("findings %+v, want %+v", got, want)
	}
	if sev := got[0].Severity().String(); sev != "warning" {
		t.Errorf("severity %s, want warning", sev)
	}
}

// TestValidCopyResult: a copy holds one of the three results or none.
func TestValidCopyResult(t *testing.T) {
	for r, want := range map[Result]bool{"": true, "1-0": true, "0-1": true, "1/2-1/2": true, "*": false, "½-½": false, "1-0 ": false} {
		if ValidCopyResult(r) != want {
			t.Errorf("ValidCopyResult(%q) = %v", r, !want)
		}
	}
}
