package sheet

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// only returns the findings with code c.
func only(fs []CheckFinding, c CheckCode) []CheckFinding {
	var out []CheckFinding
	for _, f := range fs {
		if f.Code == c {
			out = append(out, f)
		}
	}
	return out
}

// check reconciles g and runs the checks with time control tc.
func check(t *testing.T, g *Game, tc string) []CheckFinding {
	t.Helper()
	fs := Check(g, reconcile(t, g), Conditions{TimeControl: tc})
	for _, f := range fs {
		if f.Article != f.Code.Article(KindStandard) && !byPosition(f) {
			t.Errorf("%s: article %q, want %q", f.Code, f.Article, f.Code.Article(KindStandard))
		}
	}
	return fs
}

// byPosition reports whether f is a result that does not fit the final
// position, cited under the article that ends the game there.
func byPosition(f CheckFinding) bool {
	switch f.Code.Confirmed() {
	case CheckResultBoard, CheckCopyResultBoard:
		return slices.Contains([]string{"5.1.1", "5.2.1", "5.2.2"}, f.Article)
	}
	return false
}

// plies returns the plies of findings.
func plies(fs []CheckFinding) []int {
	out := make([]int, len(fs))
	for i, f := range fs {
		out[i] = f.Ply
	}
	return out
}

// repeat returns ts n times over.
func repeat(n int, ts ...string) []string {
	var out []string
	for range n {
		out = append(out, ts...)
	}
	return out
}

// game45 is a real game's first 45 moves (lichess, from scalachess's
// prod500 test fixtures): 90 plies without a draw by repetition or by
// the move rules, and no result on the board.
var game45 = strings.Fields(`e3 Nf6 d4 g6 c4 Bg7 Nc3 d6 Nf3 O-O Be2 Bg4 h3 Bxf3 Bxf3 c6 O-O d5
	Bd2 dxc4 Be2 b5 b3 cxb3 axb3 Nd5 Nxd5 Qxd5 Qc2 c5 dxc5 Bxa1 Bxb5 Bg7 Bc4 Qc6 Rd1 Qxc5
	Bxf7+ Rxf7 Qxc5 Nd7 Qc7 Nf6 Rc1 Raf8 f3 Nd5 Qc5 Rf5 Qd4 Bxd4 exd4 Nf4 Bxf4 Rxf4 Rc4 R4f7
	Ra4 Rf6 Rxa7 Rb6 Ra3 Rd8 Ra4 Rxb3 Kf2 Rd3 d5 R3xd5 Re4 e5 Kg3 Kf7 f4 exf4+ Rxf4+ Ke6
	Re4+ Re5 Rf4 Rf5 Rg4 Kf6 Kh2 Rd3 Rd4 Rf2 Rd6+ Rxd6`)

func TestGame45(t *testing.T) {
	if len(game45) != 90 {
		t.Fatalf("%d plies", len(game45))
	}
	g := sameCopies("", game45...)
	rec := reconcile(t, g)
	for _, p := range rec.Plies {
		if p.Status != PlyAgreed {
			t.Fatalf("ply %d %q: %s", p.Ply, g.Copies[0].Cells[p.Ply-1].Text, p.Status)
		}
	}
	if fs := Check(g, rec, Conditions{}); len(fs) != 0 {
		t.Errorf("findings: %+v", fs)
	}
}

func TestCheckThreefold(t *testing.T) {
	// The start position again after 2...Ng8 and 4...Ng8: the third time at ply 8.
	g := sameCopies("", repeat(2, "Nf3", "Nf6", "Ng1", "Ng8")...)
	fs := check(t, g, "")
	got := only(fs, CheckThreefold)
	if len(got) != 1 || got[0].Ply != 8 || !slices.Equal(got[0].Plies, []int{0, 4, 8}) || got[0].Count != 3 || got[0].Article != "9.2" {
		t.Errorf("threefold findings %+v, want one at ply 8 listing plies 0, 4, 8", got)
	}
	if n := len(only(fs, CheckFivefold)); n != 0 {
		t.Errorf("%d fivefold findings", n)
	}
	// Seven plies: the start position stood twice only.
	if got := only(check(t, sameCopies("", repeat(2, "Nf3", "Nf6", "Ng1", "Ng8")[:7]...), ""), CheckThreefold); len(got) != 0 {
		t.Errorf("threefold after seven plies: %+v", got)
	}
}

func TestCheckThreefoldCastlingRights(t *testing.T) {
	// 9.2.2: positions are the same only with the same castling rights.
	// The kings walk out and back: the position after 1...e5 (both sides
	// may castle) stands again after 3...Ke8 and 5...Ke8 with the same
	// pieces, but without the rights: no threefold.
	kings := []string{"e4", "e5", "Ke2", "Ke7", "Ke1", "Ke8", "Ke2", "Ke7", "Ke1", "Ke8"}
	if got := only(check(t, sameCopies("", kings...), ""), CheckThreefold); len(got) != 0 {
		t.Errorf("kings moved and came back: threefold findings %+v, want none", got)
	}
	// Two more plies: the position after 2...Ke7 (no rights) stands a third time.
	got := only(check(t, sameCopies("", append(kings, "Ke2", "Ke7")...), ""), CheckThreefold)
	if len(got) != 1 || got[0].Ply != 12 || !slices.Equal(got[0].Plies, []int{4, 8, 12}) {
		t.Errorf("threefold findings %+v, want one at ply 12 listing plies 4, 8, 12", got)
	}

	// The same with the king's rooks: after 1...Nf6 all four rights; after
	// 3...Rh8 and 5...Rh8 only the queen's side.
	rooks := []string{"Nf3", "Nf6", "Rg1", "Rg8", "Rh1", "Rh8", "Rg1", "Rg8", "Rh1", "Rh8"}
	if got := only(check(t, sameCopies("", rooks...), ""), CheckThreefold); len(got) != 0 {
		t.Errorf("rooks moved and came back: threefold findings %+v, want none", got)
	}
	got = only(check(t, sameCopies("", append(rooks, "Rg1", "Rg8", "Rh1", "Rh8")...), ""), CheckThreefold)
	if !slices.Equal(plies(got), []int{12, 13, 14}) || !slices.Equal(got[2].Plies, []int{6, 10, 14}) {
		t.Errorf("threefold findings %+v, want plies 12, 13, 14, the last listing 6, 10, 14", got)
	}
}

func TestCheckThreefoldEnPassant(t *testing.T) {
	// 9.2.2: after 1.e4 the f4-pawn can take en passant; when the same
	// pieces stand again (after 3.Ke1 and 5.Ke1) it no longer can.
	moves := []string{"e4", "Kd7", "Kd2", "Ke8", "Ke1", "Kd7", "Kd2", "Ke8", "Ke1"}
	fen := "4k3/8/8/8/5p2/8/4P3/4K3 w - - 0 1"
	if got := only(check(t, sameCopies(fen, moves...), ""), CheckThreefold); len(got) != 0 {
		t.Errorf("threefold findings %+v, want none: the first position had an en-passant capture", got)
	}
	// With the pawn on a4 no capture was possible after 1.e4: the same
	// position three times.
	fen = "4k3/8/8/8/p7/8/4P3/4K3 w - - 0 1"
	got := only(check(t, sameCopies(fen, moves...), ""), CheckThreefold)
	if len(got) != 1 || got[0].Ply != 9 || !slices.Equal(got[0].Plies, []int{1, 5, 9}) {
		t.Errorf("threefold findings %+v, want one at ply 9 listing plies 1, 5, 9", got)
	}
}

func TestCheckFivefold(t *testing.T) {
	g := sameCopies("", repeat(4, "Nf3", "Nf6", "Ng1", "Ng8")...)
	fs := check(t, g, "")
	five := only(fs, CheckFivefold)
	if len(five) != 1 || five[0].Ply != 16 || !slices.Equal(five[0].Plies, []int{0, 4, 8, 12, 16}) || five[0].Count != 5 || five[0].Article != "9.6.1" {
		t.Errorf("fivefold findings %+v, want one at ply 16 listing plies 0, 4, 8, 12, 16", five)
	}
	// Each of the four positions of the cycle stood a third time.
	if got := plies(only(fs, CheckThreefold)); !slices.Equal(got, []int{8, 9, 10, 11}) {
		t.Errorf("threefold findings at plies %v, want 8, 9, 10, 11", got)
	}
}

func TestCheckFiftyMoves(t *testing.T) {
	// Rook and king shuffle from a halfmove clock of 95: the last 50 moves
	// of each player without pawn move or capture are complete at ply 5.
	fen := "8/8/4k3/8/8/3K4/8/R7 w - - 95 80"
	shuffle := repeat(3, "Ra2", "Kf6", "Ra1", "Ke6")
	fs := check(t, sameCopies(fen, shuffle...), "")
	fifty := only(fs, CheckFiftyMoves)
	if len(fifty) != 1 || fifty[0].Ply != 5 || fifty[0].Article != "9.3" {
		t.Errorf("fifty-moves findings %+v, want one at ply 5", fifty)
	}
	if n := len(only(fs, CheckSeventyFive)); n != 0 {
		t.Errorf("%d seventy-five-moves findings", n)
	}
	// Four plies: not yet.
	if got := only(check(t, sameCopies(fen, shuffle[:4]...), ""), CheckFiftyMoves); len(got) != 0 {
		t.Errorf("fifty-moves after four plies: %+v", got)
	}
	// A pawn move at ply 3 starts the count again.
	pawn := "8/8/4k3/8/8/3K4/7P/R7 w - - 95 80"
	if got := only(check(t, sameCopies(pawn, "Ra2", "Kf6", "h3", "Ke6", "Ra1", "Kf6"), ""), CheckFiftyMoves); len(got) != 0 {
		t.Errorf("fifty-moves after a pawn move: %+v", got)
	}
}

func TestCheckSeventyFiveMoves(t *testing.T) {
	fen := "8/8/4k3/8/8/3K4/8/R7 w - - 145 80"
	fs := check(t, sameCopies(fen, repeat(2, "Ra2", "Kf6", "Ra1", "Ke6")...), "")
	if got := only(fs, CheckFiftyMoves); len(got) != 1 || got[0].Ply != 0 {
		t.Errorf("fifty-moves findings %+v, want one at ply 0 (the start position)", got)
	}
	seventyFive := only(fs, CheckSeventyFive)
	if len(seventyFive) != 1 || seventyFive[0].Ply != 5 || seventyFive[0].Article != "9.6.2" {
		t.Errorf("seventy-five-moves findings %+v, want one at ply 5", seventyFive)
	}
	// 9.6.2: a checkmate with the 75th move takes precedence.
	mate := "7k/8/6K1/8/8/8/8/R7 w - - 149 100"
	fs = check(t, sameCopies(mate, "Ra8#"), "")
	if got := only(fs, CheckSeventyFive); len(got) != 0 {
		t.Errorf("seventy-five-moves on a mate: %+v", got)
	}
	if got := only(fs, CheckCheckmate); len(got) != 1 || got[0].Ply != 1 {
		t.Errorf("checkmate findings %+v", got)
	}
}

func TestCheckIllegalMoves(t *testing.T) {
	// Both copies record White's 2.Ke3 and 3.Kf4 and Black's 3...Qh1, none
	// of them legal; the arbiter has decided what was played instead.
	g := sameCopies("", "e4", "e5", "Ke3", "Nc6", "Kf4", "Qh1", "Ke2")
	g.Decisions = []Decision{{Ply: 3, Move: "e1e2"}, {Ply: 5, Move: "e2f3"}, {Ply: 6, Move: "d8h4"}}
	fs := check(t, g, "")
	illegal := only(fs, CheckIllegalMove)
	want := []CheckFinding{
		{Code: CheckIllegalMove, Ply: 3, Article: "7.5.1", Side: "white", Count: 1},
		{Code: CheckIllegalMove, Ply: 5, Article: "7.5.1", Side: "white", Count: 2},
		{Code: CheckIllegalMove, Ply: 6, Article: "7.5.1", Side: "black", Count: 1},
	}
	if !slices.EqualFunc(illegal, want, equalFinding) {
		t.Errorf("illegal-move findings\n %+v\nwant\n %+v", illegal, want)
	}
	second := only(fs, CheckSecondIllegal)
	if len(second) != 1 || second[0].Ply != 5 || second[0].Side != "white" || second[0].Count != 2 || second[0].Article != "7.5.5" {
		t.Errorf("second-illegal-move findings %+v, want one at ply 5 for white", second)
	}
	// Ke2 from f3 is legal again.
	if p := reconcile(t, g).Plies[6]; p.Status != PlyAgreed || p.Move.UCI() != "f3e2" {
		t.Errorf("ply 7: %s %s", p.Status, p.Move.UCI())
	}

	// An illegal move on one copy only, the other copy legal: the copies
	// disagree, no illegal move is proven.
	g = twoCopies("", texts("e4", "e5", "Ke3"), texts("e4", "e5", "Ke2"))
	if got := only(check(t, g, ""), CheckIllegalMove); len(got) != 0 {
		t.Errorf("illegal-move findings %+v on one copy only", got)
	}
}

// equalFinding compares findings field by field.
func equalFinding(a, b CheckFinding) bool {
	return a.Code == b.Code && a.Ply == b.Ply && a.Article == b.Article && a.Side == b.Side && a.Copy == b.Copy &&
		slices.Equal(a.Plies, b.Plies) && a.Texts == b.Texts && a.Count == b.Count && a.Want == b.Want && a.Period == b.Period
}

func TestCheckDrawOffers(t *testing.T) {
	white := texts("e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "c3", "d6 (=)")
	black := texts("e4", "e5", "Nf3", "Nc6", "Bc4 (=)", "Bc5", "c3", "d6(=)")
	white[2].DrawOffer = true // marked on White's copy only, at 2.Nf3
	fs := check(t, twoCopies("", white, black), "")
	offers := only(fs, CheckDrawOffer)
	if got := plies(offers); !slices.Equal(got, []int{3, 5, 8}) {
		t.Fatalf("draw-offer findings at plies %v, want 3, 5, 8", got)
	}
	for i, side := range []Who{WhoWhite, WhoWhite, WhoBlack} {
		if offers[i].Side != side || offers[i].Article != "9.1.2" {
			t.Errorf("draw offer at ply %d: side %q, want %q", offers[i].Ply, offers[i].Side, side)
		}
	}
	one := only(fs, CheckDrawOfferOneCopy)
	want := []CheckFinding{
		{Code: CheckDrawOfferOneCopy, Ply: 3, Article: "8.1.5", Side: "white", Copy: "white"},
		{Code: CheckDrawOfferOneCopy, Ply: 5, Article: "8.1.5", Side: "white", Copy: "black"},
	}
	if !slices.EqualFunc(one, want, equalFinding) {
		t.Errorf("draw-offer-one-copy findings\n %+v\nwant\n %+v", one, want)
	}
	// The (=) is no disagreement about the move.
	if got := only(fs, CheckCopiesDiffer); len(got) != 0 {
		t.Errorf("copies-differ findings %+v", got)
	}
}

func TestCheckTimeControl(t *testing.T) {
	const tc = "40/5400+30:1800+30"
	// 45 moves on White's copy; Black's copy lacks moves 38 to 40.
	g := sameCopies("", game45...)
	for ply := 75; ply <= 80; ply++ {
		g.Copies[BlackCopy].Cells[ply-1] = Cell{}
	}
	fs := check(t, g, tc)
	reached := only(fs, CheckTimeControl)
	if len(reached) != 1 || reached[0].Ply != 80 || reached[0].Period != 1 || reached[0].Count != 40 || reached[0].Article != "8.6" {
		t.Errorf("time-control-reached findings %+v, want one at ply 80, period 1, 40 moves", reached)
	}
	short := only(fs, CheckTimeControlShort)
	want := []CheckFinding{{Code: CheckTimeControlShort, Ply: 80, Article: "8.6", Copy: "black", Period: 1, Count: 74, Want: 80}}
	if !slices.EqualFunc(short, want, equalFinding) {
		t.Errorf("time-control-short findings\n %+v\nwant\n %+v", short, want)
	}
	if got := plies(only(fs, CheckMissingCell)); !slices.Equal(got, []int{75, 76, 77, 78, 79, 80}) {
		t.Errorf("missing-cell findings at plies %v", got)
	}
	// The plies stay single: White's copy fills them.
	for _, p := range reconcile(t, g).Plies[74:80] {
		if p.Status != PlySingle {
			t.Errorf("ply %d: %s", p.Ply, p.Status)
		}
	}

	// Cells marked not recorded (8.4) count as missing too.
	for ply := 75; ply <= 80; ply++ {
		g.Copies[BlackCopy].Cells[ply-1] = Cell{NotRecorded: true}
	}
	if got := only(check(t, g, tc), CheckTimeControlShort); !slices.EqualFunc(got, want, equalFinding) {
		t.Errorf("not recorded: time-control-short findings %+v", got)
	}

	// Dashes, question marks and bare move numbers are how players mark
	// moves they did not write (Reconcile reads them as missing): no
	// moves recorded either.
	for i, mark := range []string{"-", "?", "38.", "--", "...", "_"} {
		g.Copies[BlackCopy].Cells[74+i] = Cell{Text: mark}
	}
	fs = check(t, g, tc)
	if got := only(fs, CheckTimeControlShort); !slices.EqualFunc(got, want, equalFinding) {
		t.Errorf("marks for moves not written: time-control-short findings %+v", got)
	}
	if got := plies(only(fs, CheckMissingCell)); !slices.Equal(got, []int{75, 76, 77, 78, 79, 80}) {
		t.Errorf("marks for moves not written: missing-cell findings at plies %v", got)
	}

	// Both copies complete: the control is reached, no copy is short.
	fs = check(t, sameCopies("", game45...), tc)
	if len(only(fs, CheckTimeControl)) != 1 || len(only(fs, CheckTimeControlShort)) != 0 {
		t.Errorf("complete copies: %+v", fs)
	}
	// 79 plies: the control is not reached yet.
	fs = check(t, sameCopies("", game45[:79]...), tc)
	if len(only(fs, CheckTimeControl))+len(only(fs, CheckTimeControlShort)) != 0 {
		t.Errorf("79 plies: %+v", fs)
	}
	// No time control, or one that does not read.
	if got := check(t, sameCopies("", game45...), ""); len(got) != 0 {
		t.Errorf("no time control: %+v", got)
	}
	bad := only(check(t, sameCopies("", game45...), "40/90min"), CheckBadTimeControl)
	if len(bad) != 1 || bad[0].Ply != 0 {
		t.Errorf("bad-time-control findings %+v", bad)
	}
}

func TestCheckTimeControlFromFEN(t *testing.T) {
	shuffle := repeat(6, "Ra2", "Kf6", "Ra1", "Ke6")
	// Black to move at move 38, the rook on a2: Black's 40th move is ply 5.
	fen := "8/8/4k3/8/8/3K4/R7/8 b - - 0 38"
	got := only(check(t, sameCopies(fen, shuffle[1:]...), "40/5400+30:1800+30"), CheckTimeControl)
	if len(got) != 1 || got[0].Ply != 5 || got[0].Count != 40 {
		t.Errorf("time-control-reached findings %+v, want one at ply 5", got)
	}
	// From move 50 with three periods: the first control lies before the
	// game's start, the second (move 60) is reached at ply 22.
	fen = "8/8/4k3/8/8/3K4/8/R7 w - - 0 50"
	got = only(check(t, sameCopies(fen, shuffle[:22]...), "40/7200:20/3600:1800"), CheckTimeControl)
	if len(got) != 1 || got[0].Ply != 22 || got[0].Period != 2 || got[0].Count != 60 {
		t.Errorf("time-control-reached findings %+v, want one at ply 22, period 2, 60 moves", got)
	}
}

// clocks sets the clock of cells of a copy: ply -> time as written.
func clocks(g *Game, side Side, times map[int]string) {
	for ply, c := range times {
		g.Copies[side].Cells[ply-1].Clock = c
	}
}

func TestCheckClocksBackwards(t *testing.T) {
	// No increment: a player's time can only go down.
	g := sameCopies("", game45[:10]...)
	clocks(g, WhiteCopy, map[int]string{1: "1:29", 3: "1:27", 5: "1:28", 7: "1:20"})
	clocks(g, BlackCopy, map[int]string{2: "1.29.50", 4: "1.29.51", 6: "88", 8: "1:27:59"})
	fs := only(check(t, g, "40/5400:1800"), CheckClockBackwards)
	want := []CheckFinding{
		{Code: CheckClockBackwards, Ply: 5, Article: "6", Side: "white", Copy: "white", Texts: [2]string{"1:27", "1:28"}},
		{Code: CheckClockBackwards, Ply: 4, Article: "6", Side: "black", Copy: "black", Texts: [2]string{"1.29.50", "1.29.51"}},
	}
	if !slices.EqualFunc(fs, want, equalFinding) {
		t.Errorf("clock-backwards findings\n %+v\nwant\n %+v", fs, want)
	}

	// 30 seconds a move: up to 30 seconds more per move between two times.
	g = sameCopies("", game45[:10]...)
	clocks(g, WhiteCopy, map[int]string{1: "1:29:00", 3: "1:29:25", 5: "1:30:10", 9: "1:31:10"})
	fs = only(check(t, g, "5400+30"), CheckClockBackwards)
	if len(fs) != 1 || fs[0].Ply != 5 || fs[0].Texts != [2]string{"1:29:25", "1:30:10"} {
		t.Errorf("with increment: clock-backwards findings %+v, want one at ply 5", fs)
	}

	// Unreadable times are skipped.
	g = sameCopies("", game45[:4]...)
	clocks(g, WhiteCopy, map[int]string{1: "1:29", 3: "abc"})
	if got := only(check(t, g, ""), CheckClockBackwards); len(got) != 0 {
		t.Errorf("unreadable clock: %+v", got)
	}
}

func TestCheckClocksMinutePrecision(t *testing.T) {
	// Times written to the minute are cut from the clock's seconds: 1:32
	// can be 1:32:50, and 30 seconds later 1:33:20 is written 1:33. With
	// an increment that is no clock going backwards.
	g := sameCopies("", game45[:10]...)
	clocks(g, WhiteCopy, map[int]string{1: "1:32", 3: "1:33", 5: "94", 7: "1:36"})
	fs := only(check(t, g, "5400+30"), CheckClockBackwards)
	if len(fs) != 1 || fs[0].Ply != 7 || fs[0].Texts != [2]string{"94", "1:36"} {
		t.Errorf("clock-backwards findings %+v, want only 94 -> 1:36 (two minutes in one move)", fs)
	}
	// Without increment a later minute is always more time.
	fs = only(check(t, g, "40/5400:1800"), CheckClockBackwards)
	if got := plies(fs); !slices.Equal(got, []int{3, 5, 7}) {
		t.Errorf("no increment: clock-backwards findings at plies %v, want 3, 5, 7", got)
	}
	// Only the earlier time's minute hides seconds: 1:30 is at least
	// 1:30:00, more than 1:29:50; 1:32:40 can follow 1:32.
	g = sameCopies("", game45[:10]...)
	clocks(g, WhiteCopy, map[int]string{1: "1:29:50", 3: "1:30", 5: "1:29", 7: "1:29:40"})
	fs = only(check(t, g, "40/5400:1800"), CheckClockBackwards)
	if len(fs) != 1 || fs[0].Ply != 3 {
		t.Errorf("mixed precision: clock-backwards findings %+v, want only ply 3", fs)
	}
}

func TestCheckClocksNewPeriod(t *testing.T) {
	// 40/5400:1800: 30 minutes more after each player's 40th move.
	g := sameCopies("", game45...)
	clocks(g, WhiteCopy, map[int]string{77: "0:03", 79: "0:01", 81: "0:30", 83: "0:31"})
	clocks(g, BlackCopy, map[int]string{78: "0:02", 80: "0:01", 82: "0:29"})
	fs := only(check(t, g, "40/5400:1800"), CheckClockBackwards)
	if len(fs) != 1 || fs[0].Ply != 83 || fs[0].Side != "white" {
		t.Errorf("clock-backwards findings %+v, want only ply 83", fs)
	}

	// An increment from the second period on only: a time that grows by
	// it in that period is no clock going backwards.
	g = sameCopies("", game45...)
	clocks(g, WhiteCopy, map[int]string{83: "0:25:00", 85: "0:25:20", 87: "0:26:00"})
	fs = only(check(t, g, "40/5400:1800+30"), CheckClockBackwards)
	if len(fs) != 1 || fs[0].Ply != 87 || fs[0].Texts != [2]string{"0:25:20", "0:26:00"} {
		t.Errorf("increment in the second period: clock-backwards findings %+v, want only ply 87", fs)
	}

	// The same from a FEN with Black to move at move 38: White's 40th move
	// is ply 4, his 41st ply 6; Black's 40th ply 5, 41st ply 7.
	fen := "8/8/4k3/8/8/3K4/8/R7 b - - 0 38"
	g = sameCopies(fen, repeat(2, "Kf6", "Ra2", "Ke6", "Ra1")...)
	clocks(g, WhiteCopy, map[int]string{2: "0:02", 4: "0:01", 6: "0:30", 8: "0:29"})
	clocks(g, BlackCopy, map[int]string{3: "0:02", 5: "0:01", 7: "0:30"})
	if fs := only(check(t, g, "40/5400:1800"), CheckClockBackwards); len(fs) != 0 {
		t.Errorf("from a FEN: clock-backwards findings %+v, want none", fs)
	}
}

func TestCheckResult(t *testing.T) {
	fool := []string{"f3", "e5", "g4", "Qh4#"}
	for _, tc := range []struct {
		name, fen, result string
		moves             []string
		board             CheckCode // the finding about the final position
		contradicts       bool
		missing           bool
	}{
		{"mate, right result", "", "0-1", fool, CheckCheckmate, false, false},
		{"mate, wrong result", "", "1-0", fool, CheckCheckmate, true, false},
		{"mate, drawn", "", "1/2-1/2", fool, CheckCheckmate, true, false},
		{"mate, no result", "", "", fool, CheckCheckmate, false, true},
		{"mate, result unknown", "", "*", fool, CheckCheckmate, false, true},
		{"stalemate, 1-0", "k7/8/8/1Q6/8/8/8/7K w - - 0 1", "1-0", []string{"Qb6"}, CheckStalemate, true, false},
		{"stalemate, drawn", "k7/8/8/1Q6/8/8/8/7K w - - 0 1", "1/2-1/2", []string{"Qb6"}, CheckStalemate, false, false},
		{"K+B v K, 1-0", "8/8/8/4k3/8/8/3B4/4Kr2 w - - 0 1", "1-0", []string{"Kxf1"}, CheckDeadPosition, true, false},
		{"K+B v K, drawn", "8/8/8/4k3/8/8/3B4/4Kr2 w - - 0 1", "1/2-1/2", []string{"Kxf1"}, CheckDeadPosition, false, false},
		{"K+B v K, no result", "8/8/8/4k3/8/8/3B4/4Kr2 w - - 0 1", "", []string{"Kxf1"}, CheckDeadPosition, false, true},
		{"ongoing, resigned", "", "1-0", fool[:3], "", false, false},
		{"ongoing, no result", "", "", fool[:3], "", false, false},
	} {
		g := sameCopies(tc.fen, tc.moves...)
		g.Result = Result(tc.result)
		fs := check(t, g, "")
		last := len(tc.moves)
		for _, code := range []CheckCode{CheckCheckmate, CheckStalemate, CheckDeadPosition} {
			got := only(fs, code)
			if code != tc.board {
				if len(got) != 0 {
					t.Errorf("%s: %+v", tc.name, got)
				}
				continue
			}
			if len(got) != 1 || got[0].Ply != last {
				t.Errorf("%s: %s findings %+v, want one at ply %d", tc.name, code, got, last)
			}
		}
		got := only(fs, CheckResultBoard)
		if tc.contradicts {
			if len(got) != 1 || got[0].Ply != last || got[0].Texts != [2]string{tc.result, string(tc.board)} {
				t.Errorf("%s: result-contradicts-board findings %+v, want one at ply %d with %q and %q", tc.name, got, last, tc.result, tc.board)
			}
		} else if len(got) != 0 {
			t.Errorf("%s: result-contradicts-board findings %+v", tc.name, got)
		}
		got = only(fs, CheckResultMissing)
		if tc.missing != (len(got) == 1) || len(got) > 1 || (tc.missing && (got[0].Ply != last || got[0].Article != "8.7")) {
			t.Errorf("%s: result-missing findings %+v, want %v", tc.name, got, tc.missing)
		}
		if len(fs) != len(only(fs, tc.board))+len(only(fs, CheckResultBoard))+len(only(fs, CheckResultMissing)) {
			t.Errorf("%s: other findings: %+v", tc.name, fs)
		}
	}
}

func TestCheckNeedsDecision(t *testing.T) {
	// Neither copy names a legal move and they disagree: the finding
	// carries both texts, as copies-differ does. Where one copy has no
	// cell, its text is empty.
	g := twoCopies("", texts("e4", "e5", "Ke3", "Nc6", "N4"), texts("e4", "e5", "Kd3", "Nc6"))
	fs := only(check(t, g, ""), CheckNeedsDecision)
	want := []CheckFinding{
		{Code: CheckNeedsDecision, Ply: 3, Article: "8.1", Texts: [2]string{"Ke3", "Kd3"}},
		{Code: CheckNeedsDecision, Ply: 5, Article: "8.1", Texts: [2]string{"N4", ""}},
	}
	if !slices.EqualFunc(fs, want, equalFinding) {
		t.Errorf("needs-decision findings\n %+v\nwant\n %+v", fs, want)
	}
}

func TestCheckCopyShorter(t *testing.T) {
	// Black's copy stops after ply 4 (two trailing blank cells are no
	// moves): copy-shorter at ply 5, 4 plies recorded of 6.
	white := texts("e4", "e5", "Nf3", "Nc6", "Bb5", "a6")
	black := texts("e4", "e5", "Nf3", "Nc6", "", "")
	fs := check(t, twoCopies("", white, black), "")
	want := []CheckFinding{{Code: CheckCopyShorter, Ply: 5, Article: "8.5", Copy: "black", Count: 4, Want: 6}}
	if !slices.EqualFunc(fs, want, equalFinding) {
		t.Errorf("findings\n %+v\nwant\n %+v", fs, want)
	}
	// The same with the blank cells left out altogether.
	fs = check(t, twoCopies("", white, black[:4]), "")
	if !slices.EqualFunc(fs, want, equalFinding) {
		t.Errorf("findings\n %+v\nwant\n %+v", fs, want)
	}
	// Dashes after the last move are no moves either.
	fs = check(t, twoCopies("", white, texts("e4", "e5", "Nf3", "Nc6", "-", "?")), "")
	if !slices.EqualFunc(fs, want, equalFinding) {
		t.Errorf("dashes: findings\n %+v\nwant\n %+v", fs, want)
	}
	// White's copy shorter.
	fs = check(t, twoCopies("", black[:3], white), "")
	want = []CheckFinding{{Code: CheckCopyShorter, Ply: 4, Article: "8.5", Copy: "white", Count: 3, Want: 6}}
	if !slices.EqualFunc(fs, want, equalFinding) {
		t.Errorf("findings\n %+v\nwant\n %+v", fs, want)
	}
}

func TestCheckMissingCells(t *testing.T) {
	// White's copy: ply 3 blank, ply 5 illegible, ply 6 not recorded.
	// Black's copy fills them all; it has ply 4 illegible, which White's fills.
	white := texts("e4", "e5", "", "Nc6", "Bb5?", "", "Ba4", "Nf6")
	white[4].Illegible = true
	white[5].NotRecorded = true
	black := texts("e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6")
	black[3] = Cell{Text: "N?6", Illegible: true}
	g := twoCopies("", white, black)
	rec := reconcile(t, g)
	for ply, status := range map[int]PlyStatus{3: PlySingle, 4: PlySingle, 5: PlySingle, 6: PlySingle, 7: PlyAgreed} {
		if got := rec.Plies[ply-1].Status; got != status {
			t.Errorf("ply %d: %s, want %s", ply, got, status)
		}
	}
	wantFEN(t, rec, "r1bqkb1r/1ppp1ppp/p1n2n2/4p3/B3P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 2 5")
	fs := Check(g, rec, Conditions{})
	var got []string
	for _, f := range only(fs, CheckMissingCell) {
		got = append(got, fmt.Sprintf("%s:%d", f.Copy, f.Ply))
	}
	if !slices.Equal(got, []string{"white:3", "white:5", "white:6", "black:4"}) {
		t.Errorf("missing-cell findings %v, want white 3, 5, 6 and black 4", got)
	}
	if len(fs) != 4 {
		t.Errorf("other findings: %+v", fs)
	}
}

func TestCheckStaleReconciliation(t *testing.T) {
	// Check given the moves reconciled before the last edits (cells
	// appended to the copies) checks what was reconciled and panics on
	// nothing; the caller reconciles again to check the rest.
	g := sameCopies("", "e4", "e5", "Nf3")
	rec := reconcile(t, g)
	g.Copies[WhiteCopy].Cells = append(g.Copies[WhiteCopy].Cells, Cell{Text: "Nc6"}, Cell{Text: "Bb5"})
	g.Copies[BlackCopy].Cells = append(g.Copies[BlackCopy].Cells, Cell{Text: "Nc6"})
	got := Check(g, rec, Conditions{TimeControl: "1/5400"})
	if len(got) != 1 || got[0].Code != CheckTimeControl || got[0].Ply != 2 {
		t.Errorf("findings %+v, want the time control reached at ply 2", got)
	}
}
