package export

import (
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"scoresheet/rules"
	"scoresheet/sheet"
)

// Games for the PDF and workbook tests, built the way the app stores
// them: two copies of cells as written.

// fixedDate makes output deterministic.
var fixedDate = time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)

// mkCells makes cells from movetext tokens. A token may carry a clock
// after "@" ("e4@1:58") and a draw offer as a "(=)" suffix ("Nf3(=)").
func mkCells(tokens ...string) []sheet.Cell {
	out := make([]sheet.Cell, 0, len(tokens))
	for _, t := range tokens {
		var c sheet.Cell
		if i := strings.IndexByte(t, '@'); i >= 0 {
			t, c.Clock = t[:i], t[i+1:]
		}
		if s, ok := strings.CutSuffix(t, "(=)"); ok {
			t, c.DrawOffer = s, true
		}
		c.Text = t
		out = append(out, c)
	}
	return out
}

// twoCopies makes a game whose two copies hold the same tokens.
func twoCopies(round, board int, white, black sheet.Player, tokens ...string) sheet.Game {
	return sheet.Game{
		Round: round, Board: board, White: white, Black: black, Date: "2026.11.22",
		Copies: [2]sheet.Copy{{Lang: "en", Cells: mkCells(tokens...)}, {Lang: "en", Cells: mkCells(tokens...)}},
	}
}

var testEvent = &sheet.Event{
	Name: "Open Zagreb 2026", Site: "Zagreb", StartDate: "2026.11.20", TimeControl: "40/5400+30:1800+30",
	Rounds: []sheet.Round{{Number: 3, Date: "2026.11.22"}},
}

var (
	pDurdevic = sheet.Player{Name: "Đurđević, Milan", Rating: 2381, Federation: "SRB", Title: "FM"}
	pMuller   = sheet.Player{Name: "Müller, Jürgen", Rating: 2217, Federation: "GER"}
	pKramnik  = sheet.Player{Name: "Крамник, Владимир", Rating: 2753, Federation: "RUS", Title: "GM"}
	pFormula  = sheet.Player{Name: "=HYPERLINK(\"http://x\";\"y\")", Rating: 1500}
)

// findingsGame is a short game (a Ruy Lopez, drawn by agreement after
// 10...O-O) with clock times, a draw offer at 4...Nd4 on both copies, and
// cells with findings: a non-standard one on White's copy at ply 3
// ("ng1f3": lower-case piece letter, long form), an illegal one on
// Black's copy at ply 5 ("Bb6": no bishop gets there), an unreadable one
// at ply 8 ("N4") and one that is not algebraic at ply 16 ("N5"), both
// on White's copy. The other copy settles each of them.
func findingsGame() sheet.Game {
	tokens := []string{
		"e4@1:58", "e5@1:59", "Nf3@1:57", "Nc6@1:58", "Bb5@1:55", "Nf6@1:56", "O-O@1:50", "Nd4(=)@1:52",
		"Nxd4@1:45", "exd4@1:49", "d3@1:40", "c6@1:47", "Ba4@1:38", "d5@1:40", "exd5@1:30", "Nxd5@1:35",
		"Re1+@1:29", "Be7@1:31", "Qh5@1:20", "O-O@1:25",
	}
	g := twoCopies(3, 1, pDurdevic, pKramnik, tokens...)
	g.Result = "1/2-1/2"
	w, b := g.Copies[sheet.WhiteCopy].Cells, g.Copies[sheet.BlackCopy].Cells
	w[2].Text = "ng1f3" // non-standard: lower-case piece letter, long form
	b[4].Text = "Bb6"   // illegal: no bishop reaches b6
	w[15].Text = "N5"   // not algebraic
	w[7].Text = "N4"    // reading is doubtful
	return g
}

// ambiguousGame has an ambiguous cell: after 1.Nc3 Nc6 2.Nf3 Nf6 3.Nb5
// Nb4 both white knights reach d4, and White's copy says "Nd4" where
// Black's says "Nbd4". Black is a name that looks like a formula.
func ambiguousGame() sheet.Game {
	g := twoCopies(3, 2, pMuller, pFormula, "Nc3", "Nc6", "Nf3", "Nf6", "Nb5", "Nb4", "Nbd4", "Nbd5")
	g.Copies[sheet.WhiteCopy].Cells[6].Text = "Nd4" // ambiguous on White's copy, clear on Black's
	g.Result = "*"
	return g
}

// randomTokens returns a legal game of n plies in SAN, chosen at random
// from seed but never ending before n plies; captures are rare so that
// the position stays rich.
func randomTokens(n int, seed uint64) []string {
	for s := seed; ; s++ {
		r := rand.New(rand.NewPCG(s, 0x5c0e5ee7))
		p := rules.NewPosition()
		var out []string
		for len(out) < n {
			ms := p.LegalMoves()
			if len(ms) == 0 {
				break
			}
			m := ms[r.IntN(len(ms))]
			for try := 0; try < 4 && p.IsCapture(m); try++ {
				m = ms[r.IntN(len(ms))]
			}
			out = append(out, p.SAN(m))
			p = p.Play(m)
		}
		if len(out) == n && p.HasLegalMove() {
			return out
		}
	}
}

// longGame returns a game of moves full moves (2*moves plies).
func longGame(moves int, board int) sheet.Game {
	g := twoCopies(3, board, pMuller, pDurdevic, randomTokens(2*moves, uint64(moves))...)
	g.Result = "0-1"
	return g
}

// mustNotation parses a notation or fails the test.
func mustNotation(t testing.TB, s string) rules.Notation {
	t.Helper()
	n, err := ParseNotation(s)
	if err != nil {
		t.Fatal(err)
	}
	return n
}
