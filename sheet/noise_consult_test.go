package sheet

import (
	"fmt"
	"sort"
	"testing"

	"scoresheet/rules"
)

// consultTally is why each of Black's cells was typed in the consult
// workflow: by the status of the ply that asked for it, whether White's
// cell there named the move played (then the ask was wasted: Black's
// cell only confirmed it), another legal move, no move, or nothing, and
// whether it was asked in the first round or after cells typed earlier.
type consultTally map[string]int

// add counts one of Black's cells typed at ply, asked in round.
func (ct consultTally) add(ply *Ply, played []rules.Move, round int) {
	white := "white blank"
	if wc := ply.Copies[WhiteCopy]; wc != nil && wc.Cell.Text != "" {
		switch {
		case wc.Reading.Move == rules.NoMove:
			white = "white no move"
		case ply.Ply-1 < len(played) && wc.Reading.Move == played[ply.Ply-1]:
			white = "white right (wasted)"
		default:
			white = "white another move"
		}
	}
	if ply.Status == PlyLookAlike {
		// The writing stays first on a tie: asked although nothing after
		// it reads on better with a look-alike.
		if wc := ply.Copies[WhiteCopy]; ply.Move == wc.Reading.Move {
			white += ", tie"
		} else {
			white += ", look-alike reads on better"
		}
	}
	r := "round 1"
	if round > 1 {
		r = "round 2+"
	}
	ct[fmt.Sprintf("%-10s %-49s %s", ply.Status, white, r)]++
}

// lines returns the tally sorted, one reason a line.
func (ct consultTally) lines() []string {
	out := make([]string, 0, len(ct))
	for k, n := range ct {
		out = append(out, fmt.Sprintf("%5d  %s", n, k))
	}
	sort.Slice(out, func(a, b int) bool { return out[a][7:] < out[b][7:] })
	return out
}

// consultNoisy turns each noisy game into the consult workflow
// (consultGame): White's copy typed in full, Black's typed only at the
// plies the app flags. It returns the games as entered, how many of
// Black's cells were typed, and why.
func consultNoisy(t testing.TB, games []noiseGame, inOrder bool) ([]noiseGame, int, consultTally) {
	out := make([]noiseGame, 0, len(games))
	typed, why := 0, consultTally{}
	for gi, ng := range games {
		g := *ng.game
		typed += consultGame(t, gi, &g, inOrder, func(ply *Ply, round int) { why.add(ply, ng.moves, round) })
		ng.game = &g
		out = append(out, ng)
	}
	return out, typed, why
}

// consultGame enters g as the consult workflow does: White's copy as it
// is, Black's said consulted and typed (from g's Black copy, its cells
// as written) only at the plies the app flags, repeated until nothing
// new is asked. All at once (inOrder false): every ply flagged in a
// reading is typed before the game is read again. In order (inOrder
// true): as the arbiter works down the list of checks while the app reads
// the game again at each cell typed (the window does, live; the CLI at
// each command), the first ply flagged after the last one typed is typed
// next, and so on to the end of the game; then again from the start
// until nothing new is asked. A ply asked only because an earlier one,
// still asked, is read with a move that was not played is then no longer
// asked once that earlier cell is typed. typedAt is called at each cell
// typed, with the ply that asked for it and the round (1 for the first
// pass). It returns how many cells of Black's copy were typed.
func consultGame(t testing.TB, gi int, g *Game, inOrder bool, typedAt func(ply *Ply, round int)) int {
	full := g.Copies[BlackCopy]
	g.Copies[BlackCopy] = Copy{Lang: full.Lang, Consulted: true, Cells: make([]Cell, len(full.Cells))}
	done := map[int]bool{}
	asked := func(rec *Reconciled, i int) bool {
		return flagged(rec, &rec.Plies[i]) && i < len(full.Cells) && !done[i]
	}
	typed := 0
	r := NewReader() // as the window reads a game again at each key
	for round := 1; ; round++ {
		added := false
		for from := 0; ; {
			rec, err := r.Reconcile(g)
			if err != nil {
				t.Fatalf("game %d: %v", gi, err)
			}
			i := from
			for i < len(rec.Plies) && !asked(rec, i) {
				i++
			}
			if i >= len(rec.Plies) {
				break
			}
			for ; i < len(rec.Plies); i++ {
				if asked(rec, i) {
					done[i], added = true, true
					g.Copies[BlackCopy].Cells[i] = full.Cells[i]
					typed++
					typedAt(&rec.Plies[i], round)
					if inOrder {
						break
					}
				}
			}
			from = i + 1
		}
		if !added {
			return typed
		}
	}
}

// Figures of the consult workflow (docs/measurements.md), seed 12, 300
// games, 13,416 plies, no skipped half-moves. Before issue 32 (a look-
// alike of the typed copy's writing asked only where what follows read
// on better with it): silently wrong 0.209% (28 plies), asked 0.69%,
// other copy typed 6.44%. After (on a consulted copy, asked also where
// what follows, 40 plies of it, reads on as well with it): silently
// wrong 0.007% (1 ply), asked 0.88%, other copy typed 15.84%; and a
// consulted cell's clear move not settled by the other copy's doubtful
// cell that stands more cheaply for a look-alike of it (lookAlike-
// Admitted): silently wrong 0.000%, asked 0.89%, typed 15.84%; and a
// look-alike reading only as nonstandard against a writing in correct
// notation not asked on a tie: 0.000%, 0.86%, 14.40% (all these all at
// once). A differing ply, one copy consulted, read on 40 plies: 0.000%,
// 0.85%, 14.14% all at once; 0.000%, 0.84%, 12.64% in order. The issue's
// ceiling for the copy typed, 10%, was not met by those: about 1,000 of the plies
// the typed copy alone names have a look-alike that the rest of the game
// reads on with exactly as well, and the look-alike was the move played
// at 13 of them (in order); nothing written tells which. Not asking such
// ties for pawn moves: 0.052% wrong (7 plies), 9.36% typed. Taking the
// writing on a tie where the look-alike loses material at a glance and
// the writing does not (writingLikelier): 0.000%, 0.81%, 10.67% in
// order; 0.000%, 0.81%, 12.25% all at once. And where the writing, in
// correct notation, is clearly the better move at a glance (rules.Glance,
// 30 centipawns), a consulted cell alone beside a blank of the copy typed
// read as the copy typed is: 0.000%, 0.86%, 9.85% in order; 0.000%,
// 0.86%, 11.40% all at once.
const (
	consultWrongCeiling       = 0.02
	consultAskedCeiling       = 2.0
	consultTypedCeiling       = 10.0 // in order, as the issue asks
	consultTypedAtOnceCeiling = 11.5
)

// TestNoiseConsultBenchmark measures the consult workflow on the noise
// benchmark's games (no skipped half-moves): silently wrong, asked at the
// end, and the share of half-moves whose other copy was typed, the
// flagged plies typed in order (the arbiter working down the checks, the
// game read again at each cell) and all at once.
func TestNoiseConsultBenchmark(t *testing.T) {
	skipMeasurementUnderRace(t)
	games := noiseCorpus(t, noiseGames)
	for _, tc := range []struct {
		name    string
		inOrder bool
		typed   float64 // ceiling of the other copy typed, %
	}{
		{"in order", true, consultTypedCeiling},
		{"all at once", false, consultTypedAtOnceCeiling},
	} {
		consulted, typed, why := consultNoisy(t, noisyGames(t, games, noiseSeed, false), tc.inOrder)
		sc := scoreNoise(t, consulted)
		t.Logf("%s: Black's cells typed, by why they were asked:", tc.name)
		n := 0
		for _, l := range why.lines() {
			t.Log(l)
		}
		for _, k := range why {
			n += k
		}
		if n != typed {
			t.Errorf("%s: the reasons tally %d cells typed, the workflow typed %d", tc.name, n, typed)
		}
		t.Logf("consult workflow, %s, %d games, %d plies: right %.2f%%, asked %.2f%%, silently wrong %.3f%% (%d plies), other copy typed %.2f%%",
			tc.name, len(games), sc.plies, sc.pct(sc.right), sc.pct(sc.flagged), sc.pct(sc.wrong), sc.wrong, sc.pct(typed))
		if sc.pct(sc.wrong) > consultWrongCeiling || sc.pct(sc.flagged) > consultAskedCeiling || sc.pct(typed) > tc.typed {
			t.Errorf("consult workflow, %s: silently wrong %.3f%% (ceiling %.2f), asked %.2f%% (ceiling %.2f), other copy typed %.2f%% (ceiling %.2f)",
				tc.name, sc.pct(sc.wrong), consultWrongCeiling, sc.pct(sc.flagged), consultAskedCeiling, sc.pct(typed), tc.typed)
		}
	}
}

// Figures of the consult workflow (in order) and of typing both copies on
// noise the reader was not tuned on: noise seeds 1 to 6 on the first 500
// games, 154,116 plies (2026-11-29): consult 39 plies taken wrong
// (0.025%), 0.92% asked, other copy typed 9.98%; both copies typed 40
// (0.026%), 1.07% asked. Most of them are one slip written alike on both
// copies ("e4" for 1.c4 on each: agreed, no reader can tell) and the
// half-moves after it read in the other line; the consult workflow is as
// safe as typing both copies, neither under the 0.02% of the seed the
// ceilings above hold.
const (
	otherSeedsWrongCeiling = 0.03
	otherSeedsTypedCeiling = 10.5
)

// TestNoiseConsultOtherSeeds measures the consult workflow beside typing
// both copies on six noise seeds the reader's rules were not measured on
// while they were chosen, so that the benchmark's figures are not the
// luck of one seed.
func TestNoiseConsultOtherSeeds(t *testing.T) {
	skipMeasurementUnderRace(t)
	if testing.Short() {
		t.Skip("measurement: 3,000 noisy games read twice; not under -short")
	}
	games := noiseCorpus(t, 500)
	var consult, both noiseScore
	typed := 0
	for seed := uint64(1); seed <= 6; seed++ {
		noisy := noisyGames(t, games, seed, false)
		entered, n, _ := consultNoisy(t, noisy, true)
		c, b := scoreNoise(t, entered), scoreNoise(t, noisy)
		t.Logf("seed %d, %d plies: consult %d wrong, asked %.2f%%, typed %.2f%%; both copies %d wrong, asked %.2f%%",
			seed, c.plies, c.wrong, c.pct(c.flagged), c.pct(n), b.wrong, b.pct(b.flagged))
		consult.plies, consult.wrong, consult.flagged = consult.plies+c.plies, consult.wrong+c.wrong, consult.flagged+c.flagged
		both.plies, both.wrong, both.flagged = both.plies+b.plies, both.wrong+b.wrong, both.flagged+b.flagged
		typed += n
	}
	t.Logf("six seeds, %d plies: consult %.3f%% wrong (%d), asked %.2f%%, typed %.2f%%; both copies %.3f%% wrong (%d), asked %.2f%%",
		consult.plies, consult.pct(consult.wrong), consult.wrong, consult.pct(consult.flagged), consult.pct(typed),
		both.pct(both.wrong), both.wrong, both.pct(both.flagged))
	if consult.pct(consult.wrong) > otherSeedsWrongCeiling || both.pct(both.wrong) > otherSeedsWrongCeiling ||
		consult.pct(consult.flagged) > consultAskedCeiling || consult.pct(typed) > otherSeedsTypedCeiling {
		t.Errorf("six seeds: consult %.3f%% wrong, %.2f%% asked, %.2f%% typed; both copies %.3f%% wrong (ceilings %.2f%% wrong, %.1f%% asked, %.1f%% typed)",
			consult.pct(consult.wrong), consult.pct(consult.flagged), consult.pct(typed), both.pct(both.wrong),
			otherSeedsWrongCeiling, consultAskedCeiling, otherSeedsTypedCeiling)
	}
}
