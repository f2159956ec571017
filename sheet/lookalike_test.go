package sheet

import (
	"strings"
	"testing"

	"scoresheet/rules"
)

// lookAlikeGroups are the characters the issue names as confused in
// handwriting, and the piece letters of the languages that look alike.
var lookAlikeGroups = []string{"b6h", "ce", "ad", "17", "38", "56", "g9q", "ft", "S5", "O0", "l1", "NH", "KR", "LC", "TF", "DO", "B8"}

// TestLookAlikesResolved: for each look-alike pair, in each direction
// that real moves allow, and in several languages: one copy writes a move
// with one character replaced by its look-alike, so that the cell is
// doubtful (or read as the move all the same), the other copy (in another
// language) writes it clearly. The clear copy settles the ply (resolved,
// the move played, nothing flagged), whichever copy is the clear one; and
// the doubtful cell's candidates list the move played among the nearest,
// one half-edit away. Every group is exercised at least once.
func TestLookAlikesResolved(t *testing.T) {
	langs := []string{"en", "de", "fr", "nl", "es", "it", "hr"}
	tested := map[string]int{}
	for li, lang := range langs {
		cells, moves := writtenGame(t, 87, lang)
		other := "en"
		if lang == "en" {
			other = "de"
		}
		clear := mustCells(t, 87, other)
		for _, group := range lookAlikeGroups {
			for _, from := range group {
				for _, to := range group {
					if from == to {
						continue
					}
					i, text, before := lookAlikeSlip(cells, moves, lang, from, to)
					if i < 0 {
						continue
					}
					tested[group]++
					slipped := append([]Cell(nil), cells...)
					slipped[i].Text = text
					doubtful, clearSide := BlackCopy, WhiteCopy
					if li%2 == 1 {
						doubtful, clearSide = WhiteCopy, BlackCopy
					}
					g := &Game{}
					g.Copies[doubtful] = Copy{Lang: lang, Cells: slipped}
					g.Copies[clearSide] = Copy{Lang: other, Cells: clear}
					rec, err := Reconcile(g)
					if err != nil {
						t.Fatal(err)
					}
					name := lang + " " + string(from) + "->" + string(to) + " " + text
					l, _ := rules.LettersFor(lang)
					rd := rules.ReadCell(before, text, l)
					want := PlyResolved
					if rd.Move == moves[i] {
						want = PlyAgreed // the reader takes the look-alike as written ("0-0")
					}
					if p := rec.Plies[i]; p.Status != want || p.Move != moves[i] {
						t.Errorf("%s (ply %d, %s's copy): %s %s, want %s %s", name, i+1, doubtful, p.Status, p.Move, want, moves[i])
					}
					for _, p := range rec.Plies {
						if p.Status.NeedsDecision() {
							t.Errorf("%s: ply %d flagged (%s)", name, p.Ply, p.Status)
						}
					}
					if want == PlyAgreed {
						continue
					}
					cost := rules.WrittenCost(before, moves[i], text, l)
					if cost != 1 || len(rd.Candidates) == 0 || rules.WrittenCost(before, rd.Candidates[0], text, l) < cost || !containsMove(rd.Candidates, moves[i]) {
						t.Errorf("%s: candidates %v, cost %d: want %s among the nearest, one half-edit away", name, rd.Candidates, cost, moves[i])
					}
				}
			}
		}
	}
	t.Logf("slips tried per group: %v", tested)
	for _, group := range lookAlikeGroups {
		if tested[group] == 0 {
			t.Errorf("look-alikes %q: no move of the game gives a doubtful cell", group)
		}
	}
}

// lookAlikeSlip finds the first ply whose cell, with its first character
// from replaced by to, does not name another legal move (it is doubtful,
// or the reader takes the look-alike for what it stands for); it returns the ply index, the text and the position before it, or -1.
func lookAlikeSlip(cells []Cell, moves []rules.Move, lang string, from, to rune) (int, string, *rules.Position) {
	l, _ := rules.LettersFor(lang)
	p := rules.NewPosition()
	for i, c := range cells {
		if k := strings.IndexRune(c.Text, from); k >= 0 {
			text := c.Text[:k] + string(to) + c.Text[k+len(string(from)):]
			rd := rules.ReadCell(p, text, l)
			if rd.Status == rules.StatusIllegal || rd.Status == rules.StatusUnreadable || rd.Status == rules.StatusAmbiguous || rd.Move == moves[i] {
				return i, text, p
			}
		}
		p = p.Play(moves[i])
	}
	return -1, "", nil
}
