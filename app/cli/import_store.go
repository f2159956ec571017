package cli

import (
	"io"
	"os"

	"scoresheet/rules"
	"scoresheet/sheet"
)

// ImportPGNFile adds the games of a PGN file (or a round's pairings,
// headers only) to an open event store, as "scoresheet import" does:
// the moves as written go into both copies, in notation language lang; a
// game without a board gets the next free board of its round; a game
// whose round and board exist is skipped. A pairing program's TRF (told
// by content) is imported by ImportTRF: added is its boards added,
// skipped the boards it reports (kept, moved). report, when not nil, is told
// the bytes read so far and the file's size.
func ImportPGNFile(st *sheet.Store, path, lang string, report func(done, total int)) (added, skipped int, err error) {
	letters, ok := rules.LettersFor(lang)
	if !ok {
		letters, lang = rules.English, "en"
	}
	if data, ok := readTRF(path); ok {
		done, err := ImportTRF(st, path, data, lang)
		return done.Added, len(done.Notes), err
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
	cr := &countingReader{r: f}
	im := &pgnImport{st: st, path: path, lang: lang, letters: letters}
	if report != nil {
		im.stored = func() { report(cr.n, total) }
	}
	err = im.run(cr)
	return im.added, im.skips, err
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
