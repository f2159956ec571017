package sheet

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"scoresheet/internal/xtest"
	"scoresheet/rules"
)

// The noise benchmark: real games written out as two copies in players'
// languages, with the faults real sheets have, entered through Reconcile
// (what the app and the CLI read), and judged ply by ply against the game
// really played.
//
// The noise model, per copy (each copy independently, from a fixed seed):
//   - the copy's language: English on half the copies, else German,
//     French, Dutch, Spanish, Italian or Croatian; moves in SAN with that
//     language's piece letters, check and mate marks as SAN writes them;
//   - per cell: 3% one character replaced by a look-alike (noiseLookAlikes:
//     b/6/h, c/e, a/d, 1/7, 3/8, 5/6, g/9/q, f/t, S/5, O/0, l/1 and the
//     piece letters that look like them), 1.5% two neighbouring
//     characters swapped, 30% of the + marks and 15% of the x marks left
//     out, 1% of the cells left blank;
//   - one copy in eight (noiseSkipRate): from a ply between 10 and the
//     fifth-last on, one half-move left out (three quarters of them) or
//     written twice (the rest), so that every later cell of that copy is
//     one half-move off.
//
// Counted per ply of the game played: right (the move taken is the move
// played and nobody is asked), flagged (the arbiter is asked: the ply needs
// a decision, or a realignment of a copy is proposed there), silently
// wrong (a move taken without asking that was not played, including moves
// taken past the end of the game from a copy that wrote one twice).

const (
	noiseSeed        = 12
	noiseGames       = 300
	noiseLookAlike   = 0.03
	noiseTranspose   = 0.015
	noiseDropCheck   = 0.30
	noiseDropCapture = 0.15
	noiseBlank       = 0.01
	noiseSkipRate    = 1.0 / 8
)

// noiseLookAlikes are groups of characters a reader confuses in handwriting.
var noiseLookAlikes = []string{"b6h", "ce", "ad", "17", "38", "56", "g9q", "ft", "S5", "O0", "l1", "NH", "KR", "LC", "TF", "DO"}

var noiseLangs = []string{"en", "en", "en", "en", "en", "en", "de", "fr", "nl", "es", "it", "hr"}

// noiseGame is one game played and its two noisy copies.
type noiseGame struct {
	moves []rules.Move
	game  *Game
	// fault per copy: the ply (1-based) where a half-move was left out
	// (kind "insert": realigning inserts it) or written twice ("remove"),
	// 0 when the copy has none.
	faultPly  [2]int
	faultKind [2]string
}

// noiseCorpus reads the first n games of the lichess movetext corpus.
func noiseCorpus(t testing.TB, n int) [][]rules.Move {
	t.Helper()
	name := xtest.Corpus(t, "san", "scalachess_prod500_standard_movetext.txt")
	f, err := os.Open(name)
	if err != nil {
		t.Fatalf("noise corpus: %v", err)
	}
	defer f.Close()
	var out [][]rules.Move
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for line := 1; sc.Scan() && len(out) < n; line++ {
		text := sc.Text()
		if strings.HasPrefix(text, "#") || strings.TrimSpace(text) == "" {
			continue
		}
		p := rules.NewPosition()
		var moves []rules.Move
		for _, san := range strings.Fields(text) {
			m, err := p.ParseSAN(san)
			if err != nil {
				t.Fatalf("%s:%d: %q: %v", name, line, san, err)
			}
			moves = append(moves, m)
			p = p.Play(m)
		}
		if len(moves) >= 20 {
			out = append(out, moves)
		}
	}
	return out
}

// noisyGames writes every game out as two noisy copies.
func noisyGames(t testing.TB, games [][]rules.Move, seed uint64, skips bool) []noiseGame {
	rng := rand.New(rand.NewPCG(seed, seed^0x5ee7))
	out := make([]noiseGame, 0, len(games))
	for _, moves := range games {
		ng := noiseGame{moves: moves, game: &Game{}}
		for s := range ng.game.Copies {
			lang := noiseLangs[rng.IntN(len(noiseLangs))]
			l, _ := rules.LettersFor(lang)
			cells := noisyCells(rng, moves, l)
			if skips && rng.Float64() < noiseSkipRate && len(cells) > 15 {
				k := 10 + rng.IntN(len(cells)-15) // index of the cell concerned
				if rng.IntN(4) < 3 {
					cells = append(cells[:k:k], cells[k+1:]...)
					ng.faultPly[s], ng.faultKind[s] = k+1, "insert"
				} else {
					cells = append(cells[:k+1:k+1], cells[k:]...)
					ng.faultPly[s], ng.faultKind[s] = k+1, "remove"
				}
			}
			ng.game.Copies[s] = Copy{Lang: lang, Cells: cells}
		}
		out = append(out, ng)
	}
	return out
}

func noisyCells(rng *rand.Rand, moves []rules.Move, l *rules.Letters) []Cell {
	cells := make([]Cell, len(moves))
	p := rules.NewPosition()
	for i, m := range moves {
		text := p.Write(m, rules.Notation{Letters: l})
		p = p.Play(m)
		if rng.Float64() < noiseBlank {
			continue
		}
		cells[i].Text = noisyText(rng, text)
	}
	return cells
}

func noisyText(rng *rand.Rand, text string) string {
	r := []rune(text)
	if rng.Float64() < noiseDropCheck && len(r) > 1 && r[len(r)-1] == '+' {
		r = r[:len(r)-1]
	}
	if k := strings.IndexRune(string(r), 'x'); k >= 0 && rng.Float64() < noiseDropCapture {
		r = append(r[:k:k], r[k+1:]...)
	}
	if rng.Float64() < noiseLookAlike {
		for tries := 0; tries < 8; tries++ {
			k := rng.IntN(len(r))
			if alt, ok := lookAlikeOf(rng, r[k]); ok {
				r[k] = alt
				break
			}
		}
	}
	if rng.Float64() < noiseTranspose && len(r) >= 2 {
		k := rng.IntN(len(r) - 1)
		r[k], r[k+1] = r[k+1], r[k]
	}
	return string(r)
}

func lookAlikeOf(rng *rand.Rand, c rune) (rune, bool) {
	for _, g := range noiseLookAlikes {
		if !strings.ContainsRune(g, c) {
			continue
		}
		others := []rune(strings.ReplaceAll(g, string(c), ""))
		return others[rng.IntN(len(others))], true
	}
	return 0, false
}

// noiseScore is what the benchmark counts.
type noiseScore struct {
	plies, right, flagged, wrong int
	faulty, realigned            int // copies with a fault; realigned at the right ply
}

func (s noiseScore) pct(n int) float64 { return 100 * float64(n) / float64(max(s.plies, 1)) }

// scoreNoise enters every game and plays the arbiter: at each ply the
// app flags, in order, the arbiter decides the move played (as the app
// records a decision), and the game is read again. What was taken without
// asking is then right or silently wrong.
func scoreNoise(t testing.TB, games []noiseGame) noiseScore {
	var sc noiseScore
	for gi, ng := range games {
		rec, asked := arbitrate(t, gi, ng)
		sc.plies += len(ng.moves)
		sc.flagged += len(asked)
		for i := range max(len(ng.moves), len(rec.Plies)) {
			var ply *Ply
			if i < len(rec.Plies) {
				ply = &rec.Plies[i]
			}
			switch {
			case asked[i] || (ply != nil && flagged(rec, ply)):
				// asked: counted by arbitrate
			case i >= len(ng.moves):
				if ply.Move != rules.NoMove && !flagged(rec, ply) {
					sc.wrong++ // a move taken past the end of the game
				}
			case ply != nil && ply.Move == ng.moves[i]:
				sc.right++
			case ply != nil && ply.Move != rules.NoMove:
				sc.wrong++
				if os.Getenv("NOISE_SHOW") != "" {
					t.Logf("game %d ply %d: played %s, taken %s (%s): %s", gi, i+1, ng.moves[i], ply.Move, ply.Status, copyTexts(ply))
				}
			default:
				sc.flagged++ // no move taken: the game stops short, which the checks report
			}
		}
		for s := range ng.faultPly {
			if ng.faultPly[s] == 0 {
				continue
			}
			sc.faulty++
			if realignedAt(rec, Side(s), ng.faultPly[s], ng.faultKind[s]) {
				sc.realigned++
			} else if os.Getenv("NOISE_SHOW") != "" {
				t.Logf("game %d: %s copy %s at %d not realigned: %+v", gi, Side(s), ng.faultKind[s], ng.faultPly[s], rec.Realignments)
			}
		}
	}
	return sc
}

// arbitrate reads the game and decides, in order, every ply the app flags
// with the move played (a realignment: accepted where the copy went out of
// step there, else refused); it returns the last reading and the plies
// asked about.
func arbitrate(t testing.TB, gi int, ng noiseGame) (*Reconciled, map[int]bool) {
	g := *ng.game
	g.Decisions = nil
	asked := map[int]bool{}
	for from := 0; ; {
		rec, err := Reconcile(&g)
		if err != nil {
			t.Fatalf("game %d: %v", gi, err)
		}
		i := from
		for i < len(rec.Plies) && !flagged(rec, &rec.Plies[i]) {
			i++
		}
		if i >= len(rec.Plies) || i >= len(ng.moves) {
			return rec, asked
		}
		asked[i] = true
		ply := &rec.Plies[i]
		if ply.Status == PlyRealign {
			d := Decision{Ply: i + 1, Move: RejectText(ply.Realign.Copy)}
			if rightRealignment(ng, ply.Realign) {
				r := *ply.Realign
				r.Move = ng.moves[i] // the arbiter chooses among the insertions that fit
				d.Move = r.DecisionText()
			}
			g.Decisions = append(g.Decisions, d)
			from = i // the ply is read again, realigned or not
			continue
		}
		g.Decisions = append(g.Decisions, Decision{Ply: i + 1, Move: ng.moves[i].UCI()})
		from = i + 1
	}
}

// flagged reports whether the arbiter is asked about a ply.
func flagged(rec *Reconciled, ply *Ply) bool {
	return ply.Status.NeedsDecision()
}

// realignedAt reports whether a realignment of copy s of the given kind is
// proposed or accepted at ply (a cell written twice may be removed at
// either of its two plies).
func realignedAt(rec *Reconciled, s Side, ply int, kind string) bool {
	for _, r := range rec.Realignments {
		if r.Copy == s && string(r.Kind) == kind && (r.Ply == ply || (kind == "remove" && r.Ply == ply+1)) {
			return true
		}
	}
	return false
}

// rightRealignment reports whether a proposal puts a copy back in step
// where the game's copy really went out of step, with the move played.
func rightRealignment(ng noiseGame, r *Realignment) bool {
	s := r.Copy
	switch {
	case ng.faultPly[s] == 0 || string(r.Kind) != ng.faultKind[s]:
		return false
	case r.Kind == RealignInsert:
		return r.Ply == ng.faultPly[s] && slices.Contains(append([]rules.Move{r.Move}, r.Alternatives...), ng.moves[r.Ply-1])
	}
	return r.Ply == ng.faultPly[s] || r.Ply == ng.faultPly[s]+1
}

// Figures measured (docs/measurements.md): a change that lowers
// safety or the right rate fails; a deliberate change updates them.
// Baseline (before realignment): with skips right 89.26%, flagged 10.67%,
// silently wrong 0.07%; without: 96.57%, 3.41%, 0.01%.
// Realignment: with skips right 95.76%, flagged 4.20%, silently wrong
// 0.04%, 58 of 63 copies out of step realigned at the right ply.
// Handwriting-aware cost: with skips 97.88%, 2.09%, 0.03%; without
// 98.69%, 1.29%, 0.02%.
// Both copies out of step near the same ply, each put back in step
// alone: with skips 98.17%, 1.80%, 0.01%, 62 of 63 realigned.
// A wrong origin's look-alikes among its candidates ("5f6": Sf6): with
// skips 98.25%, 1.73%, 0.01%; without 98.79%, 1.19%, 0.02%.
// The whole-sheet joint reading settling a ply in doubt by what follows
// on both copies (joint.go), and a quick reading going on with the likelier
// of two moves the copies name: with skips 98.41%, 1.57%, 0.01% (2 plies,
// the same two), 62 of 63 realigned; without 98.96%, 1.01%, 0.02% (the
// same 3 plies).
// Issue 24: a cell's candidates list the moves one slip from it first,
// unchanged; one copy alone whose writing is one look-alike from another
// legal move that what follows reads on with better is asked (lookAlike-
// Alone): with skips unchanged; without 99.02%, 0.98%, 0.01% (1 ply: two
// of the three were a look-alike written on one copy, the other blank).
const (
	noiseRightFloor     = 98.4
	noiseFlaggedCeiling = 1.58
	noiseWrongCeiling   = 0.02
	noiseRealignedFloor = 98.0
	cleanRightFloor     = 99.0
	cleanFlaggedCeiling = 0.99
	cleanWrongCeiling   = 0.01
)

// TestNoiseBenchmark runs the noise benchmark with and without skipped or
// doubled half-moves; -v prints the table.
func TestNoiseBenchmark(t *testing.T) {
	skipMeasurementUnderRace(t)
	games := noiseCorpus(t, noiseGames)
	for _, tc := range []struct {
		name                  string
		skips                 bool
		right, flagged, wrong float64
		realigned             float64
	}{
		{"with skipped/doubled half-moves", true, noiseRightFloor, noiseFlaggedCeiling, noiseWrongCeiling, noiseRealignedFloor},
		{"without", false, cleanRightFloor, cleanFlaggedCeiling, cleanWrongCeiling, 0},
	} {
		sc := scoreNoise(t, noisyGames(t, games, noiseSeed, tc.skips))
		realigned := 100 * float64(sc.realigned) / float64(max(sc.faulty, 1))
		t.Logf("%-32s %d games, %d plies: right %.2f%%, flagged %.2f%%, silently wrong %.2f%% (%d plies); copies out of step: %d, realigned at the right ply: %d (%.1f%%)",
			tc.name, len(games), sc.plies, sc.pct(sc.right), sc.pct(sc.flagged), sc.pct(sc.wrong), sc.wrong, sc.faulty, sc.realigned, realigned)
		if sc.pct(sc.right) < tc.right || sc.pct(sc.flagged) > tc.flagged || sc.pct(sc.wrong) > tc.wrong || realigned < tc.realigned {
			t.Errorf("%s: right %.2f%% (floor %.2f), flagged %.2f%% (ceiling %.2f), silently wrong %.2f%% (ceiling %.2f), realigned %.1f%% (floor %.1f)",
				tc.name, sc.pct(sc.right), tc.right, sc.pct(sc.flagged), tc.flagged, sc.pct(sc.wrong), tc.wrong, realigned, tc.realigned)
		}
	}
}

// copyTexts says what each copy wrote at a ply, for a failure message.
func copyTexts(ply *Ply) string {
	var b strings.Builder
	for s, c := range ply.Copies {
		if c != nil {
			fmt.Fprintf(&b, "%s %q %s; ", Side(s), c.Cell.Text, c.Reading.Status)
		}
	}
	return b.String()
}
