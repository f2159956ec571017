package core

import (
	"os"

	"scoresheet/sheet"
)

// Progress is the observer of an import that shows how far it is: after
// each commit Report is told the bytes read and the input's size.
type Progress struct {
	NoObserver
	Total  int
	Report func(done, total int)
}

// Stored reports the bytes read.
func (p Progress) Stored(n int) {
	if p.Report != nil {
		p.Report(n, p.Total)
	}
}

// ImportFile imports a PGN file (or a round's pairings, headers only)
// into an open event store, as Import does; report, when not nil, is
// told the bytes read so far and the file's size (the window's progress
// bar). A pairing program's TRF (told by content) goes to ImportTRF:
// Added is its boards added, Skipped the boards it reports (kept or
// moved).
func ImportFile(st sheet.EventStore, path, lang string, report func(done, total int)) (Imported, error) {
	if data, ok := ReadTRF(path); ok {
		done, err := ImportTRF(st, path, data, lang)
		return Imported{Added: done.Added, Skipped: len(done.Notes)}, err
	}
	f, err := os.Open(path)
	if err != nil {
		return Imported{}, err
	}
	defer f.Close()
	total := 0
	if fi, err := f.Stat(); err == nil {
		total = int(fi.Size())
	}
	return Import(st, f, path, lang, Progress{Total: total, Report: report})
}
