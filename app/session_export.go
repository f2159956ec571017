package app

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"io"
	"strings"

	"scoresheet/app/core"
	"scoresheet/app/internal/pdfraster"
	"scoresheet/export"
	"scoresheet/internal/atomicfile"
	"scoresheet/sheet"
)

// ExportFormat is what an export writes (core.Format).
type ExportFormat = core.Format

const (
	FormatPGN   = core.FormatPGN
	FormatPDF   = core.FormatPDF
	FormatForms = core.FormatForms
	FormatXLSX  = core.FormatXLSX
	// FormatResults is the results list of each round (PDF).
	FormatResults = core.FormatResults
)

// ExportFormats are the formats in menu order.
var ExportFormats = core.Formats

// ExportScope is which games an export writes: the game being typed, its
// round or the whole event.
type ExportScope string

const (
	ScopeGame  ExportScope = "game"
	ScopeRound ExportScope = "round"
	ScopeEvent ExportScope = "event"
)

// ExportOptions say how an export prints (core.Options).
type ExportOptions = core.Options

// ExportError is an export that cannot be made (core.ExportError): Code
// is "export-nogame" (no game is open for a game's or a round's export,
// or the scope has no games), "export-format", or one of
// export.OutErrorCodes (the file chosen may not be written:
// CheckExportPath).
type ExportError = core.ExportError

// ExportJob is an export prepared on the UI thread (PrepareExport) and
// run off it (Run): it holds only the store, which is safe for concurrent
// use, and values copied from the session.
type ExportJob struct {
	store  sheet.EventStore
	ev     sheet.Event
	format ExportFormat
	scope  ExportScope
	games  core.Scope
	opt    ExportOptions
}

// PrepareExport commits the cell being typed and makes the job that
// exports the scope's games in format.
func (s *Session) PrepareExport(format ExportFormat, scope ExportScope, opt ExportOptions) (*ExportJob, error) {
	if _, err := core.ParseFormat(string(format)); err != nil {
		return nil, err
	}
	if err := s.Commit(); err != nil {
		return nil, err
	}
	j := &ExportJob{store: s.store, ev: s.event, format: format, scope: scope, opt: opt}
	switch scope {
	case ScopeGame, ScopeRound:
		if s.game == nil {
			return nil, &ExportError{Code: "export-nogame"}
		}
		j.games.Round = s.game.Round
		if scope == ScopeGame {
			j.games.Board = s.game.Board
		}
	case ScopeEvent:
	default:
		return nil, &ExportError{Code: "export-nogame"}
	}
	return j, nil
}

// Export prepares and runs an export: the file's bytes. progress, when
// not nil, is told how many of the games are written (it may be called
// from other goroutines).
func (s *Session) Export(format ExportFormat, scope ExportScope, opt ExportOptions, progress func(done, total int)) ([]byte, error) {
	j, err := s.PrepareExport(format, scope, opt)
	if err != nil {
		return nil, err
	}
	return j.Run(progress)
}

// Format returns the job's format.
func (j *ExportJob) Format() ExportFormat { return j.format }

// FileName suggests a file name: the event's name, the round and board.
func (j *ExportJob) FileName() string {
	name := strings.Map(func(r rune) rune {
		if strings.ContainsRune(`/\:*?"<>|`, r) || r < ' ' {
			return '_'
		}
		return r
	}, strings.TrimSpace(j.ev.Name))
	if name == "" {
		name = "event"
	}
	switch j.scope {
	case ScopeRound:
		name += fmt.Sprintf("-r%d", j.games.Round)
	case ScopeGame:
		name += fmt.Sprintf("-r%d-b%d", j.games.Round, j.games.Board)
	}
	switch j.format {
	case FormatForms:
		name += "-forms"
	case FormatResults:
		name += "-results"
	}
	return name + j.format.Ext()
}

// Run reads the scope's games from the store and writes them;
// progress reaches the number of games when it is done.
func (j *ExportJob) Run(progress func(done, total int)) ([]byte, error) {
	var buf bytes.Buffer
	if err := j.RunTo(&buf, progress); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// RunTo writes the scope's games to w as it reads them from the store
// (core.Export).
func (j *ExportJob) RunTo(w io.Writer, progress func(done, total int)) error {
	_, err := core.Export(w, j.store, &j.ev, j.format, j.games, j.opt, progress)
	return err
}

// SaveExport writes an export's bytes to path whole or not at all
// (a temporary file in the same directory, synced, renamed over path),
// if CheckExportPath lets it.
func SaveExport(path string, format ExportFormat, data []byte) error {
	if err := CheckExportPath(path, format); err != nil {
		return err
	}
	return atomicfile.WriteBytes(path, data)
}

// CheckExportPath says whether an export in format may write path, by
// export.CheckOut's rules (never an event file or its side files, a
// folder, a read-only file, or a file not of the format); a refusal is an
// *ExportError with CheckOut's code.
func CheckExportPath(path string, format ExportFormat) error {
	err := export.CheckOut(path, string(format))
	var oe *export.OutError
	if errors.As(err, &oe) {
		return &ExportError{Code: oe.Code}
	}
	return err
}

// Preview draws the first page of a PDF export as an image (110 dpi: an
// A4 page 910 pixels wide, its small print readable in the print preview).
// The app draws it itself from the PDF's drawing operations (pdfraster),
// with no outside program: the same on Linux and Windows.
func Preview(pdf []byte) (image.Image, error) { return pdfraster.FirstPage(pdf, 110) }

// Preview renders the first page of an exported PDF (see Preview).
func (s *Session) Preview(pdf []byte) (image.Image, error) { return Preview(pdf) }
