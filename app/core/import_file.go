package core

import (
	"bufio"
	"errors"
	"io"
	"os"
	"scoresheet/rules"

	"scoresheet/pgn"
	"scoresheet/sheet"
	"scoresheet/trf"
)

// Kind is what an import was given, told by its content, not its name.
type Kind string

const (
	KindPGN   Kind = "pgn"   // games, or a round's pairings as headers only
	KindTRF   Kind = "trf"   // a pairing program's tournament report file
	KindPairs Kind = "pairs" // a pairing engine's pairing list of one round
)

// ImportOptions say how an import takes its file.
type ImportOptions struct {
	// Lang is the notation language of a PGN's movetext ("" English) and
	// of the copies of the boards a TRF or pairing list makes ("" the
	// event's).
	Lang string
	// Round is the round a pairing list pairs; 0 is the round after the
	// last one with boards.
	Round int
	// Replace lets a TRF or a pairing list remove or replace boards that
	// hold moves, a decision or a result; without it such an import does
	// nothing (*ReplaceError).
	Replace bool
}

// lang is the language a PGN's movetext is read in.
func (o ImportOptions) lang() string {
	if o.Lang == "" {
		return "en"
	}
	return o.Lang
}

// sniffSize is how much of the input tells its kind: the reader keeps
// it and goes on from there, so that a pipe is read once, from its start.
const sniffSize = 64 << 10

// maxWholeFile bounds a TRF or a pairing list, read whole: 9,999 players
// of 99 rounds are 10.8 MB.
const maxWholeFile = 32 << 20

// ImportStream imports what r holds into an open event store, told by
// its first 64 KiB, which are read once and kept: a pairing list
// (ImportPairs), a TRF (ImportTRF), else PGN text (Import: games, or a
// round's pairings as headers only), which is read from its start a game
// at a time. Bytes that are no text are refused before anything is
// stored (a *trf.Error CodeControl with its line and column). name names
// the input in errors; obs is told of a PGN import's games and progress
// (nil: Progress, told nothing); total is the input's size (0 when not
// known).
func ImportStream(st sheet.EventStore, r io.Reader, name string, total int, opt ImportOptions, obs ImportObserver) (Imported, error) {
	br := bufio.NewReaderSize(DecodeUTF16(r), sniffSize)
	head, err := br.Peek(sniffSize)
	if err != nil && !errors.Is(err, io.EOF) {
		return Imported{}, err
	}
	whole := func() ([]byte, error) {
		data, err := io.ReadAll(io.LimitReader(br, maxWholeFile+1))
		if err == nil && len(data) > maxWholeFile {
			err = &trf.Error{Pos: rules.Pos{Line: 1, Col: 1}, Code: trf.CodeTooLarge}
		}
		return data, err
	}
	switch {
	case trf.DetectPairingList(head):
		data, err := whole()
		if err != nil {
			return Imported{}, err
		}
		return ImportPairs(st, name, data, opt)
	case trf.Detect(head):
		data, err := whole()
		if err != nil {
			return Imported{}, err
		}
		return ImportTRF(st, name, data, opt)
	}
	if err := NotPGNText(head); err != nil {
		return Imported{Kind: KindPGN}, err
	}
	if obs == nil {
		obs = Progress{Total: total}
	}
	im, err := Import(st, br, name, opt.lang(), obs)
	im.Kind = KindPGN
	return im, err
}

// NotPGNText refuses the start of a PGN file (its first 64 KiB) that is
// no text, as a *trf.Error CodeControl at its line and column: a control
// character between the tags or the moves (a binary file, an event file,
// UTF-16 without its mark). One where PGN passes over it (a comment, a
// tag's value) is the game's warning, pgn-control-char, for import and
// validate alike.
func NotPGNText(head []byte) error {
	if line, col, c, found := pgn.NotText(head); found {
		return &trf.Error{Pos: rules.Pos{Line: line, Col: col}, Code: trf.CodeControl, Text: string(rune(c))}
	}
	return nil
}

// FileKind tells what a file holds from its first 64 KiB, as
// ImportStream does, and returns it whole when it is a pairing list (a
// few kilobytes: the window asks its round before importing it).
func FileKind(path string) (Kind, []byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", nil, err
	}
	defer f.Close()
	r := DecodeUTF16(f)
	head := make([]byte, sniffSize)
	n, err := io.ReadFull(r, head)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF) {
		return "", nil, err
	}
	head = head[:n]
	switch {
	case trf.DetectPairingList(head):
		rest, err := io.ReadAll(io.LimitReader(r, maxWholeFile))
		return KindPairs, append(head, rest...), err
	case trf.Detect(head):
		return KindTRF, nil, nil
	}
	return KindPGN, nil, nil
}

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

// ImportFile imports a file into an open event store, as ImportStream
// does (the window's import); report, when not nil, is told the bytes
// read so far and the file's size (the progress bar).
func ImportFile(st sheet.EventStore, path string, opt ImportOptions, report func(done, total int)) (Imported, error) {
	f, err := os.Open(path)
	if err != nil {
		return Imported{}, err
	}
	defer f.Close()
	total := 0
	if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() {
		total = int(fi.Size())
	}
	return ImportStream(st, f, path, total, opt, Progress{Total: total, Report: report})
}
