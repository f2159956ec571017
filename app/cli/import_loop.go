package cli

import (
	"io"

	"scoresheet/export/pgn"
	"scoresheet/rules"
	"scoresheet/sheet"
)

// importBatch is how many games one commit stores. Each commit waits for
// the disk (the store syncs every commit), so committing game by game
// made a 5,553-game import take 40 s; a batch is a few hundred kilobytes.
const importBatch = 500

// pgnImport adds the games of a PGN stream to an event: "scoresheet
// import" and the window's import share it. The PGN is read a game at a
// time and stored importBatch games a commit; what it keeps of the event
// is the round and board of each game.
type pgnImport struct {
	st      *sheet.Store
	path    string
	lang    string
	letters *rules.Letters
	// skipped, when not nil, is told of a game not imported because its
	// round and board exist.
	skipped func(pg *pgn.PGNGame, g *sheet.Game)
	// parsed, when not nil, is told of each game read (before it is
	// stored).
	parsed func(pg *pgn.PGNGame)
	// stored, when not nil, is told after each commit.
	stored func()

	taken     map[[2]int]bool
	nextBoard map[int]int
	batch     []sheet.Game
	lines     []int // the PGN line of each game of batch
	added     int
	skips     int
}

// importError is a game that could not be stored, at line of the PGN.
type importError struct {
	line int
	err  error
}

func (e *importError) Error() string { return e.err.Error() }
func (e *importError) Unwrap() error { return e.err }

// run reads r to its end. The games before a failing one are stored.
func (im *pgnImport) run(r io.Reader) error {
	boards, err := im.st.Boards()
	if err != nil {
		return err
	}
	im.taken, im.nextBoard = map[[2]int]bool{}, map[int]int{}
	for _, rb := range boards {
		im.taken[rb] = true
		im.nextBoard[rb[0]] = max(im.nextBoard[rb[0]], rb[1])
	}
	sp := pgn.NewSplitter(r)
	ps := &pgn.Parser{File: im.path, Letters: im.letters, KeepMoves: true}
	for {
		c, ok := sp.Next()
		if !ok {
			break
		}
		if err := im.add(ps.Parse(c)); err != nil {
			return err
		}
	}
	if err := im.commit(); err != nil {
		return err
	}
	return sp.Err()
}

// add takes one parsed game: skipped if its board exists, else batched.
func (im *pgnImport) add(pg *pgn.PGNGame) error {
	g := gameFromPGN(pg, im.lang)
	if g.Round <= 0 {
		g.Round = 1
	}
	if g.Board <= 0 {
		g.Board = im.nextBoard[g.Round] + 1
	}
	im.nextBoard[g.Round] = max(im.nextBoard[g.Round], g.Board)
	key := [2]int{g.Round, g.Board}
	if im.taken[key] {
		im.skips++
		if im.skipped != nil {
			im.skipped(pg, &g)
		}
		return nil
	}
	if im.parsed != nil {
		im.parsed(pg)
	}
	im.taken[key] = true
	im.batch = append(im.batch, g)
	im.lines = append(im.lines, pg.Line)
	if len(im.batch) >= importBatch {
		return im.commit()
	}
	return nil
}

// commit stores the batch in one transaction. If that fails, the games
// are stored one at a time, so that those before the failing game are
// kept and the error names the failing game's line.
func (im *pgnImport) commit() error {
	defer func() { im.batch, im.lines = im.batch[:0], im.lines[:0] }()
	if len(im.batch) == 0 {
		return nil
	}
	if _, err := im.st.AddGames(im.batch); err == nil {
		im.added += len(im.batch)
		if im.stored != nil {
			im.stored()
		}
		return nil
	}
	for i, g := range im.batch {
		if _, err := im.st.AddGame(g); err != nil {
			return &importError{line: im.lines[i], err: err}
		}
		im.added++
	}
	if im.stored != nil {
		im.stored()
	}
	return nil
}
