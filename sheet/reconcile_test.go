package sheet

import (
	"slices"
	"testing"
	"time"

	"scoresheet/rules"
)

// texts makes one cell per text.
func texts(ts ...string) []Cell {
	out := make([]Cell, len(ts))
	for i, t := range ts {
		out[i].Text = t
	}
	return out
}

// twoCopies returns a game from fen ("" for the initial position) whose
// copies hold the given cells, both English.
func twoCopies(fen string, white, black []Cell) *Game {
	return &Game{FEN: fen, Copies: [2]Copy{{Lang: "en", Cells: white}, {Lang: "en", Cells: black}}}
}

// sameCopies returns a game whose two copies both hold ts.
func sameCopies(fen string, ts ...string) *Game {
	return twoCopies(fen, texts(ts...), texts(ts...))
}

func reconcile(t *testing.T, g *Game) *Reconciled {
	t.Helper()
	rec, err := Reconcile(g)
	if err != nil {
		t.Fatalf("Reconcile: %v", err)
	}
	return rec
}

// uciMoves spells moves in UCI.
func uciMoves(ms []rules.Move) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.UCI()
	}
	return out
}

// wantPly checks a ply's status and move (UCI, "0000" for none).
func wantPly(t *testing.T, rec *Reconciled, ply int, status PlyStatus, move string) {
	t.Helper()
	if ply < 1 || ply > len(rec.Plies) {
		t.Fatalf("ply %d: the game has %d plies", ply, len(rec.Plies))
	}
	p := rec.Plies[ply-1]
	if p.Ply != ply {
		t.Errorf("ply %d numbered %d", ply, p.Ply)
	}
	if p.Status != status || p.Move.UCI() != move {
		t.Errorf("ply %d: %s %s, want %s %s (candidates %v)", ply, p.Status, p.Move.UCI(), status, move, uciMoves(p.Candidates))
	}
}

// wantFEN checks the position the reconciled game ends in.
func wantFEN(t *testing.T, rec *Reconciled, fen string) {
	t.Helper()
	if got := rec.Final.FEN(); got != fen {
		t.Errorf("final position %s, want %s", got, fen)
	}
}

func TestReconcileAgreed(t *testing.T) {
	// The same moves, spelt as players spell them: check marks, long
	// form, 0-0 for O-O, a move number, a pawn letter.
	g := twoCopies("",
		texts("e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "0-0", "Nf6", "d3", "d6"),
		texts("1. e4", "e7-e5", "Ng1-f3", "Nc6", "Bc4", "Bc5", "O-O", "Ng8f6", "Pd3", "d6"))
	rec := reconcile(t, g)
	if len(rec.Plies) != 10 {
		t.Fatalf("%d plies, want 10", len(rec.Plies))
	}
	for i, want := range []string{"e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "f8c5", "e1g1", "g8f6", "d2d3", "d7d6"} {
		wantPly(t, rec, i+1, PlyAgreed, want)
		p := rec.Plies[i]
		if p.Copies[WhiteCopy] == nil || p.Copies[BlackCopy] == nil {
			t.Fatalf("ply %d: a copy's cell is missing", i+1)
		}
		if p.Copies[WhiteCopy].Cell.Text != g.Copies[WhiteCopy].Cells[i].Text || p.Copies[BlackCopy].Cell.Text != g.Copies[BlackCopy].Cells[i].Text {
			t.Errorf("ply %d: the copies' cells are not what was written", i+1)
		}
		if len(p.Candidates) != 0 || p.Decision != nil {
			t.Errorf("ply %d: agreed with candidates %v, decision %v", i+1, uciMoves(p.Candidates), p.Decision)
		}
		if i > 0 && p.Before != rec.Plies[i-1].After {
			t.Errorf("ply %d does not start where ply %d ended", i+1, i)
		}
	}
	if rec.Start != rec.Plies[0].Before || rec.Final != rec.Plies[9].After {
		t.Error("Start and Final are not the first and last positions")
	}
	wantFEN(t, rec, "r1bqk2r/ppp2ppp/2np1n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQ1RK1 w kq - 0 6")
	// Nothing written is changed.
	if g.Copies[BlackCopy].Cells[0].Text != "1. e4" || g.Copies[BlackCopy].Cells[6].Text != "O-O" {
		t.Error("Reconcile changed the copies")
	}
	if got := Check(g, rec, Conditions{}); len(got) != 0 {
		t.Errorf("findings on a clean game: %+v", got)
	}
}

func TestReconcileSingle(t *testing.T) {
	white := texts("e4", "e5", "", "Nc6", "Bb5", "a6", "Ba4")
	black := texts("e4", "", "Nf3", "Nc6", "Bb5", "a6")
	white[4].Illegible = true                    // the arbiter cannot read White's copy here
	white[5] = Cell{Text: "", NotRecorded: true} // White was not obliged to record (8.4)
	black[4].Text = "Bb5"
	rec := reconcile(t, twoCopies("", white, black))
	wantPly(t, rec, 1, PlyAgreed, "e2e4")
	wantPly(t, rec, 2, PlySingle, "e7e5") // blank on Black's copy
	wantPly(t, rec, 3, PlySingle, "g1f3") // blank on White's copy
	wantPly(t, rec, 4, PlyAgreed, "b8c6")
	wantPly(t, rec, 5, PlySingle, "f1b5") // illegible on White's copy
	wantPly(t, rec, 6, PlySingle, "a7a6") // not recorded on White's copy
	wantPly(t, rec, 7, PlySingle, "b5a4") // Black's copy stops
	if rec.Plies[6].Copies[BlackCopy] != nil {
		t.Error("ply 7: Black's copy has no cell there, want nil")
	}
	if c := rec.Plies[4].Copies[WhiteCopy]; c == nil || c.Reading.Status != rules.StatusMissing || !c.Cell.Illegible {
		t.Errorf("ply 5: an illegible cell reads as missing, got %+v", c)
	}
	if c := rec.Plies[5].Copies[WhiteCopy]; c == nil || c.Reading.Status != rules.StatusMissing || !c.Cell.NotRecorded {
		t.Errorf("ply 6: a cell not recorded reads as missing, got %+v", c)
	}
}

func TestReconcileResolved(t *testing.T) {
	// After 1.Nf3 d5 2.d3 Nf6 both knights reach d2: Nd2 is ambiguous
	// (C.10), Nbd2 names the move and the ambiguous copy admits it.
	for _, tc := range []struct{ white, black string }{{"Nd2", "Nbd2"}, {"Nbd2", "Nd2"}, {"Nd2", "N1d2"}} {
		g := twoCopies("", texts("Nf3", "d5", "d3", "Nf6", tc.white, "e5"), texts("Nf3", "d5", "d3", "Nf6", tc.black, "e5"))
		rec := reconcile(t, g)
		wantPly(t, rec, 5, PlyResolved, "b1d2")
		wantPly(t, rec, 6, PlyAgreed, "e7e5")
		for _, f := range Check(g, rec, Conditions{}) {
			t.Errorf("%s/%s: finding %+v on a resolved ply", tc.white, tc.black, f)
		}
	}
	// A descriptive "PxP" admits the one pawn capture the other copy names.
	rec := reconcile(t, twoCopies("", texts("e4", "d5", "exd5"), texts("e4", "d5", "PxP")))
	wantPly(t, rec, 3, PlyResolved, "e4d5")
}

func TestReconcileDiffer(t *testing.T) {
	// White's copy says 1.Nf3, Black's 1.Nc3. Both copies' 2.Ne5 is legal
	// only after Nf3: that candidate ranks first and the game goes on with it.
	g := twoCopies("", texts("Nf3", "d5", "Ne5", "Nf6"), texts("Nc3", "d5", "Ne5", "Nf6"))
	rec := reconcile(t, g)
	wantPly(t, rec, 1, PlyDiffer, "g1f3")
	if got := uciMoves(rec.Plies[0].Candidates); !slices.Equal(got, []string{"g1f3", "b1c3"}) {
		t.Errorf("candidates %v, want [g1f3 b1c3]", got)
	}
	wantPly(t, rec, 3, PlyAgreed, "f3e5")
	if !rec.Plies[0].Status.NeedsDecision() {
		t.Error("differ needs no decision")
	}

	// The other way round: 2.Nb5 is legal only after Nc3, so Black's copy's
	// move ranks first although White's copy is read first.
	g = twoCopies("", texts("Nf3", "d5", "Nb5", "Nf6"), texts("Nc3", "d5", "Nb5", "Nf6"))
	rec = reconcile(t, g)
	wantPly(t, rec, 1, PlyDiffer, "b1c3")
	if got := uciMoves(rec.Plies[0].Candidates); !slices.Equal(got, []string{"b1c3", "g1f3"}) {
		t.Errorf("candidates %v, want [b1c3 g1f3]", got)
	}
	wantPly(t, rec, 3, PlyAgreed, "c3b5")
	fs := only(Check(g, rec, Conditions{}), CheckCopiesDiffer)
	if len(fs) != 1 || fs[0].Ply != 1 || fs[0].Texts != [2]string{"Nf3", "Nc3"} || fs[0].Article != "8.1" {
		t.Errorf("copies-differ findings %+v, want one at ply 1 with Nf3 and Nc3", fs)
	}

	// One copy names a move, the other's ambiguous cell does not admit it:
	// the named move and the ambiguous cell's moves are the candidates.
	g = twoCopies("", texts("Nf3", "d5", "d3", "Nf6", "Nc3", "e5"), texts("Nf3", "d5", "d3", "Nf6", "Nd2", "e5"))
	rec = reconcile(t, g)
	p := rec.Plies[4]
	if p.Status != PlyDiffer || !slices.Equal(sortedUCI(p.Candidates), []string{"b1c3", "b1d2", "f3d2"}) {
		t.Errorf("ply 5: %s %v, want differ between b1c3, b1d2 and f3d2", p.Status, uciMoves(p.Candidates))
	}
	fs = only(Check(g, rec, Conditions{}), CheckCopiesDiffer)
	if len(fs) != 1 || fs[0].Ply != 5 || fs[0].Texts != [2]string{"Nc3", "Nd2"} {
		t.Errorf("copies-differ findings %+v, want one at ply 5 with Nc3 and Nd2", fs)
	}
}

func TestReconcileResolvedAgainstIllegal(t *testing.T) {
	// HCS game 001, ply 33: White's copy Ne5, Black's copy Nc5, which no
	// knight can play: a slip of one letter from Ne5, so resolved.
	g := twoCopies("", texts("e4", "e5", "Nf3", "Nc6", "Ne5"), texts("e4", "e5", "Nf3", "Nc6", "Nc5"))
	rec := reconcile(t, g)
	wantPly(t, rec, 5, PlyResolved, "f3e5")
	if c := rec.Plies[4].Copies[BlackCopy]; c.Reading.Status != rules.StatusIllegal {
		t.Errorf("Nc5 reads %s", c.Reading.Status)
	}
	// An illegal cell further off is no slip: Kd4 (no king can go there)
	// against Ne5 is a disagreement, though Ne5 is among Kd4's nearest
	// legal spellings.
	g = twoCopies("", texts("e4", "e5", "Nf3", "Nc6", "Ne5"), texts("e4", "e5", "Nf3", "Nc6", "Kd4"))
	rec = reconcile(t, g)
	if st := rec.Plies[4].Status; st != PlyDiffer {
		t.Errorf("Ne5 against Kd4: %s, want differ", st)
	}
}

func TestReconcileDoubtful(t *testing.T) {
	// Both copies illegible at ply 3, a legal game after it: every legal
	// move is a candidate, the one with which both copies replay best first.
	white := texts("e4", "e5", "??", "Nc6", "Bb5")
	black := texts("e4", "e5", "", "Nc6", "Bb5")
	white[2].Illegible = true
	rec := reconcile(t, twoCopies("", white, black))
	wantPly(t, rec, 3, PlyDoubtful, rec.Plies[2].Candidates[0].UCI())
	if n := len(rec.Plies[2].Candidates); n != len(rec.Plies[2].Before.LegalMoves()) {
		t.Errorf("%d candidates, want every legal move", n)
	}
	// Bb5 needs the f1-bishop's diagonal open: only a move that keeps
	// Nc6 and Bb5 legal can rank first.
	wantPly(t, rec, 4, PlyAgreed, "b8c6")
	wantPly(t, rec, 5, PlyAgreed, "f1b5")

	// Both copies ambiguous the same way: neither names the move.
	rec = reconcile(t, sameCopies("", "Nf3", "d5", "d3", "Nf6", "Nd2"))
	p := rec.Plies[4]
	if p.Status != PlyDoubtful || !slices.Equal(sortedUCI(p.Candidates), []string{"b1d2", "f3d2"}) {
		t.Errorf("ply 5: %s %v, want doubtful between b1d2 and f3d2", p.Status, uciMoves(p.Candidates))
	}
	fs := only(Check(sameCopies("", "Nf3", "d5", "d3", "Nf6", "Nd2"), rec, Conditions{}), CheckNeedsDecision)
	if len(fs) != 1 || fs[0].Ply != 5 {
		t.Errorf("needs-decision findings %+v, want one at ply 5", fs)
	}

	// A blank at the end with nothing after it is no ply to decide.
	rec = reconcile(t, twoCopies("", texts("e4", "e5", ""), texts("e4", "e5")))
	wantPly(t, rec, 3, PlyNone, "0000")
	if rec.Plies[2].After != rec.Plies[2].Before {
		t.Error("a ply without a move changes the position")
	}
}

// sortedUCI spells moves in UCI, sorted.
func sortedUCI(ms []rules.Move) []string {
	out := uciMoves(ms)
	slices.Sort(out)
	return out
}

func TestReconcileDecided(t *testing.T) {
	g := twoCopies("", texts("Nf3", "d5", "Nb5"), texts("Nc3", "d5", "Nb5"))
	rec := reconcile(t, g)
	wantPly(t, rec, 1, PlyDiffer, "b1c3")

	at := time.Date(2026, 11, 22, 18, 0, 0, 0, time.UTC)
	g.Decisions = []Decision{{Ply: 1, Move: "g1f3", By: "IA", At: at}}
	rec = reconcile(t, g)
	wantPly(t, rec, 1, PlyDecided, "g1f3")
	if d := rec.Plies[0].Decision; d == nil || d.By != "IA" || !d.At.Equal(at) {
		t.Errorf("ply 1: decision %+v", d)
	}
	if rec.Plies[0].Status.NeedsDecision() {
		t.Error("a decided ply needs a decision")
	}
	// The game goes on from the decided move: Black's copy's Nb5 is now illegal.
	if p := rec.Plies[2]; p.Status != PlyDoubtful {
		t.Errorf("ply 3 after the decision: %s, want doubtful", p.Status)
	}
	if n := len(only(Check(g, rec, Conditions{}), CheckCopiesDiffer)); n != 0 {
		t.Errorf("%d copies-differ findings on a decided ply", n)
	}

	// The latest decision wins; one with no move withdraws it; a decision
	// that names no legal move does not apply.
	g.Decisions = append(g.Decisions, Decision{Ply: 1, Move: "b1c3", By: "IA"})
	wantPly(t, reconcile(t, g), 1, PlyDecided, "b1c3")
	g.Decisions = append(g.Decisions, Decision{Ply: 1, Move: "", By: "IA"})
	rec = reconcile(t, g)
	wantPly(t, rec, 1, PlyDiffer, "b1c3")
	if rec.Plies[0].Decision != nil {
		t.Error("a withdrawn decision still applies")
	}
	g.Decisions = append(g.Decisions, Decision{Ply: 1, Move: "e2e5", By: "IA"})
	wantPly(t, reconcile(t, g), 1, PlyDiffer, "b1c3")
	// A decision overrides even where the copies agree, and a decision on
	// another ply leaves ply 1 alone.
	g = sameCopies("", "e4", "e5", "Nf3")
	g.Decisions = []Decision{{Ply: 3, Move: "g1e2", By: "IA"}, {Ply: 2, Move: "", By: "IA"}}
	rec = reconcile(t, g)
	wantPly(t, rec, 2, PlyAgreed, "e7e5")
	wantPly(t, rec, 3, PlyDecided, "g1e2")
}

func TestReconcileFromFEN(t *testing.T) {
	// Black to move at move 30; the copies start with Black's move.
	fen := "6k1/5ppp/8/8/8/8/5PPP/3R2K1 b - - 4 30"
	g := twoCopies(fen, texts("h6", "Rd8+", "Kh7"), texts("30... h6", "Rd8", "Kh7"))
	rec := reconcile(t, g)
	if rec.Start.Turn() != rules.Black || rec.Start.MoveNumber() != 30 {
		t.Fatalf("start %s", rec.Start.FEN())
	}
	wantPly(t, rec, 1, PlyAgreed, "h7h6")
	wantPly(t, rec, 2, PlyAgreed, "d1d8")
	wantPly(t, rec, 3, PlyAgreed, "g8h7")
	wantFEN(t, rec, "3R4/5ppk/7p/8/8/8/5PPP/6K1 w - - 2 32")

	if _, err := Reconcile(&Game{FEN: "8/8/8/8/8/8/8/8 w - - 0 1"}); err == nil {
		t.Error("a FEN without kings reconciles")
	}
}

func TestReconcileLanguages(t *testing.T) {
	// White's copy in German (S knight, L bishop, T rook, D queen), Black's
	// in French (C knight, F bishop, T rook, D queen, R king).
	g := &Game{Copies: [2]Copy{
		{Lang: "de", Cells: texts("e4", "e5", "Sf3", "Sc6", "Lb5", "a6", "La4", "Sf6", "Ke2", "Le7", "De1", "0-0")},
		{Lang: "fr", Cells: texts("e4", "e5", "Cf3", "Cc6", "Fb5", "a6", "Fa4", "Cf6", "Re2", "Fe7", "De1", "O-O")},
	}}
	rec := reconcile(t, g)
	for i, want := range []string{"e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5a4", "g8f6", "e1e2", "f8e7", "d1e1", "e8g8"} {
		wantPly(t, rec, i+1, PlyAgreed, want)
	}
	for _, ply := range rec.Plies {
		for s, c := range ply.Copies {
			if c.Reading.Status != rules.StatusOK {
				t.Errorf("ply %d, %s copy: %q reads %s", ply.Ply, Side(s), c.Cell.Text, c.Reading.Status)
			}
		}
	}
	// Read as English, the French "Re2" is a rook move that is not legal:
	// the language of each copy is what decides.
	g.Copies[BlackCopy].Lang = "en"
	rec = reconcile(t, g)
	if p := rec.Plies[8]; p.Status == PlyAgreed || p.Copies[BlackCopy].Reading.Status == rules.StatusOK {
		t.Errorf("ply 9 with the French copy read as English: %s, %s", p.Status, p.Copies[BlackCopy].Reading.Status)
	}
	// An unknown or unset language is read as English.
	g = &Game{Copies: [2]Copy{{Lang: "", Cells: texts("Nf3")}, {Lang: "xx", Cells: texts("Nf3")}}}
	wantPly(t, reconcile(t, g), 1, PlyAgreed, "g1f3")
}

func TestReconcileAfterGameOver(t *testing.T) {
	// Fool's mate, and one copy goes on writing moves after it: the game is
	// over, there is no move to take and nothing for the arbiter to decide.
	// The cells written after it are said (cell-in-doubt: a copy that goes
	// on after a mate is worth a look), as the copy that stops is.
	g := twoCopies("", texts("f3", "e5", "g4", "Qh4#", "Kf2", "Qxe1", "a3"), texts("f3", "e5", "g4", "Qh4#"))
	rec := reconcile(t, g)
	wantPly(t, rec, 4, PlyAgreed, "d8h4")
	for ply := 5; ply <= 7; ply++ {
		wantPly(t, rec, ply, PlyNone, "0000")
	}
	if rec.Final.Status() != rules.Checkmate {
		t.Errorf("final position %s", rec.Final.Status())
	}
	g.Result = "0-1"
	for _, f := range Check(g, rec, Conditions{}) {
		switch f.Code {
		case CheckCheckmate, CheckCopyShorter:
		case CheckCellInDoubt:
			if f.Ply < 5 || f.Copy != WhoWhite {
				t.Errorf("cell in doubt before the mate: %+v", f)
			}
		default:
			t.Errorf("finding after the mate: %+v", f)
		}
	}
}
