package cli

import (
	"io"
	"os"

	"scoresheet/export"
	"scoresheet/rules"
	"scoresheet/sheet"
)

// ImportPGNFile adds the games of a PGN file (or a round's pairings,
// headers only) to an open event store, as "scoresheet import" does:
// the moves as written go into both copies, in notation language lang; a
// game without a board gets the next free board of its round; a game
// whose round and board exist is skipped. report, when not nil, is told
// the bytes read so far and the file's size.
func ImportPGNFile(st *sheet.Store, path, lang string, report func(done, total int)) (added, skipped int, err error) {
	letters, ok := rules.LettersFor(lang)
	if !ok {
		letters, lang = rules.English, "en"
	}
	f, err := os.Open(path)
	if err != nil {
		return 0, 0, err
	}
	defer f.Close()
	total := 0
	if fi, err := f.Stat(); err == nil {
		total = int(fi.Size())
	}
	existing, err := st.Games()
	if err != nil {
		return 0, 0, err
	}
	taken := map[[2]int]bool{}
	nextBoard := map[int]int{}
	for _, g := range existing {
		taken[[2]int{g.Round, g.Board}] = true
		nextBoard[g.Round] = max(nextBoard[g.Round], g.Board)
	}
	cr := &countingReader{r: f}
	sp := export.NewSplitter(cr)
	ps := &export.Parser{File: path, Letters: letters, KeepMoves: true}
	for {
		c, ok := sp.Next()
		if !ok {
			break
		}
		g := gameFromPGN(ps.Parse(c), lang)
		if g.Round <= 0 {
			g.Round = 1
		}
		if g.Board <= 0 {
			g.Board = nextBoard[g.Round] + 1
		}
		nextBoard[g.Round] = max(nextBoard[g.Round], g.Board)
		if taken[[2]int{g.Round, g.Board}] {
			skipped++
			continue
		}
		if _, err := st.AddGame(g); err != nil {
			return added, skipped, err
		}
		taken[[2]int{g.Round, g.Board}] = true
		added++
		if report != nil {
			report(cr.n, total)
		}
	}
	return added, skipped, sp.Err()
}

type countingReader struct {
	r io.Reader
	n int
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += n
	return n, err
}
