package core

import (
	"io"

	"scoresheet/pgn"
	"scoresheet/rules"
	"scoresheet/sheet"
	"scoresheet/trf"
)

// ImportBatch is how many games one commit stores. Each commit waits for
// the disk (the store syncs every commit), so committing game by game
// made a 5,553-game import take 40 s; a batch is a few hundred kilobytes.
const ImportBatch = 500

// ImportObserver is told what an import does, as it does it: the one
// reading loop (Import) serves the command line, which prints the
// problems and the games skipped, and the window, which shows progress.
// Embed NoObserver to be told only what matters to you.
type ImportObserver interface {
	// Parsed is told of each game read that will be stored (before it is).
	Parsed(pg *pgn.PGNGame)
	// Skipped is told of a game not imported because its round and
	// board exist.
	Skipped(pg *pgn.PGNGame, g *sheet.Game)
	// Stored is told after each commit how many bytes of the input are
	// read (Import: counted from the reader; 0 when it cannot tell).
	Stored(bytesRead int)
	// NotAGame is told of text that is not a game (see isGame): it is
	// not imported, and counts as skipped.
	NotAGame(pg *pgn.PGNGame)
	// Refused is told of a game not imported because a board would not
	// hold what the file holds (pgn.PGNGame.Refusal, a bound of
	// sheet.CheckGame): err is the pgn.Problem or the *sheet.BoundError.
	Refused(pg *pgn.PGNGame, err error)
}

// NoObserver is an ImportObserver that is told nothing.
type NoObserver struct{}

func (NoObserver) Parsed(*pgn.PGNGame)               {}
func (NoObserver) Skipped(*pgn.PGNGame, *sheet.Game) {}
func (NoObserver) Stored(int)                        {}
func (NoObserver) NotAGame(*pgn.PGNGame)             {}
func (NoObserver) Refused(*pgn.PGNGame, error)       {}

// ImportError is a game that could not be stored, at Pos (the line
// where the game starts) of the PGN file Path.
type ImportError struct {
	Path string
	Pos  rules.Pos
	Err  error
}

func (e *ImportError) Error() string { return e.Err.Error() }
func (e *ImportError) Unwrap() error { return e.Err }

// Imported says what an import did, in the arbiter's words: boards
// added, updated (players' details, results from the file), kept as
// they were, removed (earlier pairings no longer in the file, with
// nothing entered on them), replaced (the same, holding entries, when
// told to), skipped (a PGN game whose round and board exist, text that
// is no game), refused (a PGN game a board would not hold; Refusal is
// the first one's error); a TRF's or pairing list's notes and byes.
type Imported struct {
	Kind                                             Kind
	Round                                            int // a pairing list's round
	Added, Updated, Kept, Removed, Replaced, Skipped int
	Refused                                          int
	Refusal                                          error
	Notes                                            []trf.Note
	Byes                                             []trf.Bye
}

// Import adds the games of a PGN stream (path names it in problems and
// errors) to an event store: the header from the tags, the moves as
// written into both copies in notation language lang (English when
// rules has no letters for it); a game without a board gets the next free
// board of its round; a game whose round and board exist is skipped. The
// PGN is read a game at a time and stored ImportBatch games a commit.
// The games before a failing one are stored; the error of a game that
// could not be stored is an *ImportError.
func Import(st sheet.EventStore, r io.Reader, path, lang string, obs ImportObserver) (Imported, error) {
	letters, ok := rules.LettersFor(lang)
	if !ok {
		letters, lang = rules.English, "en"
	}
	if obs == nil {
		obs = NoObserver{}
	}
	cr := &countingReader{r: r}
	im := &pgnImport{st: st, path: path, lang: lang, letters: letters, obs: obs, read: cr}
	err := im.run(cr)
	return Imported{Added: im.added, Skipped: im.skips, Refused: im.refused, Refusal: im.refusal}, err
}

// pgnImport is one import under way; what it keeps of the event is the
// round and board of each game.
type pgnImport struct {
	st      sheet.EventStore
	path    string
	lang    string
	letters *rules.Letters
	obs     ImportObserver
	read    *countingReader

	taken     map[[2]int]bool
	nextBoard map[int]int
	batch     []sheet.Game
	lines     []int // the PGN line of each game of batch
	added     int
	skips     int
	refused   int
	refusal   error // the first game refused's
}

// run reads r to its end.
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

// add takes one parsed game: skipped if it is not a game or its board
// exists, else batched.
func (im *pgnImport) add(pg *pgn.PGNGame) error {
	if !isGame(pg) {
		im.skips++
		im.obs.NotAGame(pg)
		return nil
	}
	if p := pg.Refusal(); p != nil {
		im.refuse(pg, *p)
		return nil
	}
	g := GameFromPGN(pg, im.lang)
	if g.Round <= 0 {
		g.Round = 1
	}
	if g.Board <= 0 {
		g.Board = im.nextBoard[g.Round] + 1
	}
	if err := sheet.CheckGame(&g); err != nil {
		im.refuse(pg, &ImportError{Path: im.path, Pos: rules.Pos{Line: pg.Line}, Err: err})
		return nil
	}
	im.nextBoard[g.Round] = max(im.nextBoard[g.Round], g.Board)
	key := [2]int{g.Round, g.Board}
	if im.taken[key] {
		im.skips++
		im.obs.Skipped(pg, &g)
		return nil
	}
	im.obs.Parsed(pg)
	im.taken[key] = true
	im.batch = append(im.batch, g)
	im.lines = append(im.lines, pg.Line)
	if len(im.batch) >= ImportBatch {
		return im.commit()
	}
	return nil
}

// refuse counts a game not imported and tells the observer why.
func (im *pgnImport) refuse(pg *pgn.PGNGame, err error) {
	im.refused++
	if im.refusal == nil {
		im.refusal = err
	}
	im.obs.Refused(pg, err)
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
		im.obs.Stored(im.read.n)
		return nil
	}
	for i, g := range im.batch {
		if _, err := im.st.AddGame(g); err != nil {
			return &ImportError{Path: im.path, Pos: rules.Pos{Line: im.lines[i]}, Err: err}
		}
		im.added++
	}
	im.obs.Stored(im.read.n)
	return nil
}

// countingReader counts the bytes read through it.
type countingReader struct {
	r io.Reader
	n int
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += n
	return n, err
}

// isGame tells a game from other text given to the import (a letter, a
// list, the wrong file): a game has a tag pair, or its movetext starts
// with a legal move. Without this a file of words would become a board
// whose copies hold those words, something imported that was not there.
func isGame(pg *pgn.PGNGame) bool {
	return len(pg.Tags) > 0 || pg.Plies > 0
}
