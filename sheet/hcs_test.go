package sheet

import (
	"sort"
	"testing"

	"scoresheet/internal/xtest"
	"scoresheet/rules"
)

// The Handwritten Chess Scoresheet dataset (HCS, xtest.HCSTags): for 49
// games both players' sheets are there (pages _0 and _1), the real input
// of Reconcile.

// hcsPages gives per game and page the label of each ply.
func hcsPages(t testing.TB) map[string]map[string]map[int]string {
	t.Helper()
	pages := map[string]map[string]map[int]string{}
	for _, tag := range xtest.HCSTags(t) {
		if pages[tag.Game] == nil {
			pages[tag.Game] = map[string]map[int]string{}
		}
		if pages[tag.Game][tag.Page] == nil {
			pages[tag.Game][tag.Page] = map[int]string{}
		}
		pages[tag.Game][tag.Page][tag.Ply] = tag.Label
	}
	return pages
}

// hcsGame is one HCS game with both players' copies.
type hcsGame struct {
	name  string
	pages [2]map[int]string // page _0 as White's copy, _1 as Black's
	game  *Game
}

// hcsGames builds a Game per game that has pages _0 and _1: both copies
// English, one cell per ply up to the last labelled ply of either page, a
// box without a label as an empty cell.
func hcsGames(t testing.TB) []hcsGame {
	t.Helper()
	var out []hcsGame
	for name, pp := range hcsPages(t) {
		if pp["0"] == nil || pp["1"] == nil {
			continue
		}
		hg := hcsGame{name: name, pages: [2]map[int]string{pp["0"], pp["1"]}}
		n := 0
		for _, p := range hg.pages {
			for ply := range p {
				n = max(n, ply)
			}
		}
		g := &Game{}
		for s, p := range hg.pages {
			g.Copies[s].Lang = "en"
			g.Copies[s].Cells = make([]Cell, n)
			for ply, label := range p {
				g.Copies[s].Cells[ply-1].Text = label
			}
		}
		hg.game = g
		out = append(out, hg)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].name < out[j].name })
	return out
}

// labelAt returns what copy s wrote at a ply as the copies are lined up,
// and whether the copy has a labelled cell there.
func (hg hcsGame) labelAt(ply Ply, s Side) (string, bool) {
	cc := ply.Copies[s]
	if cc == nil {
		return "", false
	}
	if _, ok := hg.pages[s][cc.Index+1]; !ok {
		return "", false
	}
	return cc.Cell.Text, true
}

// names reports whether a reading names a legal move clearly.
func names(r rules.Reading) bool {
	return r.Status == rules.StatusOK || r.Status == rules.StatusNonstandard
}

// HCS figures measured when the test was written: a change that makes
// fewer games reconcile, or leaves more plies to the arbiter, fails. A
// deliberate change updates them.
//
// Deliberate change: a doubtful cell now settles a ply only when its
// writing can stand for the other copy's move (ambiguous, wrong origin,
// descriptive, or a one-character slip), no longer whenever the move is
// among its nearest spellings; weaker evidence goes to the arbiter
// (7 -> 6 full games, 459 -> 523 plies to decide).
//
// Deliberate change: the piece taken written after the sign ("BxNc5",
// "dxRc5", common in the corpus) is read, when it is the piece that stands
// there (523 -> 520 plies to decide).
//
// Deliberate change (issue #12): a copy that went out of step is
// realigned, as one proposal for the arbiter instead of every later ply;
// a doubtful cell's candidates are ranked by a handwriting-aware cost and
// it admits the other copy's move within two half-edits (a swap of
// neighbours, two look-alikes)
// (520 -> 500 plies to decide, 3 of them realignments; 6 -> 7 games that
// reconcile to a full legal game).
//
// Deliberate change: a cell read with a wrong origin also lists the moves
// one look-alike away ("5f6": Sf6), so that the other copy's clear move
// settles it (500 -> 498).
//
// Deliberate change: the whole-sheet joint reading settles a ply in doubt
// that only one move reads on with, on both copies, by a clear margin
// (joint.go): 498 -> 486 (10 plies settled; and a ply settled lets the
// game go on with it, not with the replay's first candidate); and ranks
// the candidates where neither copy names a move, the game going on with
// the one the whole sheet reads best with: 486 -> 477 (13 settled); that
// ranking bounded to 300 positions a ply, for speed: 479.
//
// Deliberate change: a cell's candidates list the moves one slip of
// handwriting from it first (issue 24: "Bb7" lists Bb1, one look-alike,
// before Bb5+, one wrong character); where the replay ties, the game goes
// on with the slip, and the plies after a disputed one are read in
// another position: 479 -> 482 (98 -> 100 plies where the copies name two
// different legal moves, on that line).
//
// Deliberate change: a ply one copy alone names is asked where its
// writing is one look-alike from another legal move that what follows
// reads on with better (PlyLookAlike): 482 -> 484 (2 plies).
const (
	hcsFullGamesFloor      = 7   // games that reconcile to a full legal game
	hcsNeedDecisionCeiling = 484 // plies the arbiter must decide
)

// TestHCSReconcile reconciles the 49 two-copy HCS games and runs the
// checks: every ply where the copies read as different legal moves has a
// copies-differ finding with both texts, every other textual disagreement
// is the same move spelt differently, filled from one copy, resolved by a
// doubtful cell that admits the other copy's move, or left to the arbiter
// with both texts; and the number of games that reconcile to a full legal
// game does not fall.
func TestHCSReconcile(t *testing.T) {
	games := hcsGames(t)
	if len(games) != 49 {
		t.Fatalf("%d two-copy games, the corpus README says 49", len(games))
	}
	var plies, shared, differText, differMoves, sameMove, resolvedIllegal, needDecision, full, realigns int
	statuses := map[PlyStatus]int{}
	codes := map[CheckCode]int{}
	for _, hg := range games {
		rec, err := Reconcile(hg.game)
		if err != nil {
			t.Fatalf("%s: %v", hg.name, err)
		}
		if len(rec.Realignments) == 0 && len(rec.Plies) != len(hg.game.Copies[WhiteCopy].Cells) {
			t.Fatalf("%s: %d plies for %d cells", hg.name, len(rec.Plies), len(hg.game.Copies[WhiteCopy].Cells))
		}
		realigns += len(rec.Realignments)
		for ply, wt := range hg.pages[WhiteCopy] {
			if bt, ok := hg.pages[BlackCopy][ply]; ok {
				shared++
				if wt != bt {
					differText++
				}
			}
		}
		type key struct {
			code CheckCode
			ply  int
		}
		at := map[key][]CheckFinding{}
		for _, f := range Check(hg.game, rec, Conditions{}) {
			at[key{f.Code, f.Ply}] = append(at[key{f.Code, f.Ply}], f)
			codes[f.Code]++
		}
		complete := true
		for _, ply := range rec.Plies {
			plies++
			statuses[ply.Status]++
			if ply.Move == rules.NoMove || ply.Status.NeedsDecision() {
				complete = false
			}
			// What each copy wrote at this ply, as the copies are lined
			// up (a realignment moves a copy's cells on or back).
			wt, okW := hg.labelAt(ply, WhiteCopy)
			bt, okB := hg.labelAt(ply, BlackCopy)
			both := [2]string{wt, bt}
			// Every ply left to the arbiter has its finding, with what
			// each copy wrote.
			for status, code := range map[PlyStatus]CheckCode{PlyDiffer: CheckCopiesDiffer, PlyDoubtful: CheckNeedsDecision} {
				fs := at[key{code, ply.Ply}]
				if (ply.Status == status) != (len(fs) == 1) || len(fs) > 1 {
					t.Errorf("%s ply %d: status %s, %d %s findings", hg.name, ply.Ply, ply.Status, len(fs), code)
				} else if len(fs) == 1 && fs[0].Texts != both {
					t.Errorf("%s ply %d: %s texts %q, the copies wrote %q", hg.name, ply.Ply, code, fs[0].Texts, both)
				}
			}
			if ply.Status.NeedsDecision() {
				needDecision++
			}
			if !okW || !okB || wt == bt {
				continue
			}
			rw := rules.ReadCell(ply.Before, wt, rules.English)
			rb := rules.ReadCell(ply.Before, bt, rules.English)
			switch {
			case names(rw) && names(rb) && rw.Move != rb.Move:
				// Two different legal moves: the arbiter must hear of it.
				differMoves++
				fs := at[key{CheckCopiesDiffer, ply.Ply}]
				if len(fs) != 1 || fs[0].Texts != both {
					t.Errorf("%s ply %d: %q and %q are different moves (%s, %s): want one copies-differ finding with both texts, got %+v",
						hg.name, ply.Ply, wt, bt, rw.Move, rb.Move, fs)
				}
			case names(rw) && names(rb):
				// The same move spelt differently: Nf3 and Nf3+.
				sameMove++
				if ply.Status != PlyAgreed {
					t.Errorf("%s ply %d: %q and %q are both %s, status %s", hg.name, ply.Ply, wt, bt, rw.Move, ply.Status)
				}
			default:
				switch ply.Status {
				case PlyResolved:
					// One copy names the move, the other's doubtful cell
					// admits it.
					one, other := rw, rb
					if !names(one) {
						one, other = rb, rw
					}
					if !names(one) || one.Move != ply.Move || !admits(ply.Before, other, ply.Move, rules.English) {
						t.Errorf("%s ply %d: %q and %q resolved as %s", hg.name, ply.Ply, wt, bt, ply.Move)
					}
					if other.Status == rules.StatusIllegal || other.Status == rules.StatusUnreadable {
						resolvedIllegal++
					}
				case PlySettled:
					// Read with what follows on both copies (joint.go):
					// neither copy names another legal move, and each
					// doubtful cell is a slip from the move at most.
					for _, rd := range [2]rules.Reading{rw, rb} {
						if names(rd) && rd.Move != ply.Move || !names(rd) && rd.Status != rules.StatusMissing &&
							!admits(ply.Before, rd, ply.Move, rules.English) && rules.WrittenCost(ply.Before, ply.Move, rd.Written, rules.English) > jointSlip {
							t.Errorf("%s ply %d: %q and %q settled as %s", hg.name, ply.Ply, wt, bt, ply.Move)
						}
					}
				case PlySingle:
					if rw.Status != rules.StatusMissing && rb.Status != rules.StatusMissing {
						t.Errorf("%s ply %d: %q and %q single", hg.name, ply.Ply, wt, bt)
					}
				case PlyDiffer, PlyDoubtful:
					// Reported above, with both texts.
				case PlyRealign:
					// A copy out of step from here ("Rc5Rd5": two moves in
					// one box): one proposal, a realign-* check.
				default:
					t.Errorf("%s ply %d: %q and %q read differently, status %s", hg.name, ply.Ply, wt, bt, ply.Status)
				}
			}
		}
		if complete {
			full++
		}
	}
	t.Logf("HCS two-copy games: %d games, %d plies, %d cells on both copies, %d differ as text: %d as different legal moves, %d the same move spelt differently",
		len(games), plies, shared, differText, differMoves, sameMove)
	t.Logf("ply statuses: %v; resolved against an illegal or unreadable cell: %d", statuses, resolvedIllegal)
	t.Logf("findings: %v", codes)
	t.Logf("games reconciled to a full legal game: %d of %d; plies needing a decision: %d (of them realignments proposed: %d)", full, len(games), needDecision, realigns)
	if shared != 3039 || differText != 673 {
		t.Errorf("%d cells on both copies, %d differing: the corpus README says 3,039 and 673", shared, differText)
	}
	if full < hcsFullGamesFloor {
		t.Errorf("%d games reconcile to a full legal game, fewer than the %d measured", full, hcsFullGamesFloor)
	}
	if needDecision > hcsNeedDecisionCeiling {
		t.Errorf("%d plies need a decision, more than the %d measured", needDecision, hcsNeedDecisionCeiling)
	}
}
