package session

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"io"
	"strings"

	"scoresheet/app/core"
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
	// FormatTRF is the pairing program's TRF with the results entered.
	FormatTRF = core.FormatTRF
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
	trf    core.TRFWritten // what a TRF export wrote, once run
	// AllowMissing writes a TRF with boards of a finished round without a
	// result (core.TRFOptions), once the arbiter said so.
	AllowMissing bool
}

// PrepareExport commits the cell being typed and makes the job that
// exports the scope's games in format; a scope with no games is an
// ExportError "export-nogame".
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
	// Said before the file is asked for, not once it is chosen.
	n, err := s.store.CountGames(j.games.Filter())
	if err != nil {
		return nil, err
	}
	if n == 0 {
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
// A game that could not be written (core.NotWrittenError) is left out:
// the others' bytes come with the error that names it.
func (j *ExportJob) Run(progress func(done, total int)) ([]byte, error) {
	var buf bytes.Buffer
	err := j.RunTo(&buf, progress)
	var left *core.NotWrittenError
	if err != nil && (!errors.As(err, &left) || buf.Len() == 0) {
		return nil, err
	}
	return buf.Bytes(), err
}

// RunTo writes the scope's games to w as it reads them from the store
// (core.Export); a TRF is the event's with the scope's results
// (core.TRFResults), and what was written is kept (TRFWritten).
func (j *ExportJob) RunTo(w io.Writer, progress func(done, total int)) error {
	if j.format == FormatTRF {
		data, done, err := core.TRFResults(j.store, j.games.Filter(), core.TRFOptions{AllowMissing: j.AllowMissing})
		if err != nil {
			return err
		}
		j.trf = done
		if _, err = w.Write(data); err == nil && progress != nil {
			n, _ := j.store.CountGames(j.games.Filter())
			progress(n, n)
		}
		return err
	}
	_, err := core.Export(w, j.store, &j.ev, j.format, j.games, j.opt, progress)
	return err
}

// TRFWritten says what a TRF export wrote: results, players' points, and
// the boards whose pairing the file does not have.
func (j *ExportJob) TRFWritten() core.TRFWritten { return j.trf }

// SaveExport writes an export's bytes to path whole or not at all
// (a temporary file in the same directory, synced, renamed over path),
// if CheckExportPath lets it.
func SaveExport(path string, format ExportFormat, data []byte) error {
	if err := CheckExportPath(path, format); err != nil {
		return err
	}
	return atomicfile.WriteBytes(path, data)
}

// Save runs the export into path, written as SaveExport writes (whole or
// not at all, if CheckExportPath lets it), each game going to the file
// as it is read; progress as Run's. A game that could not be written
// (core.NotWrittenError) is left out, as Run leaves it.
func (j *ExportJob) Save(path string, progress func(done, total int)) error {
	if err := CheckExportPath(path, j.format); err != nil {
		return err
	}
	// A game that could not be written is left out of the file, which is
	// kept: the error that names it comes back after the file is in place.
	var left error
	err := atomicfile.Write(path, func(w io.Writer) error {
		err := j.RunTo(w, progress)
		var nw *core.NotWrittenError
		if errors.As(err, &nw) {
			left, err = err, nil
		}
		return err
	})
	if err != nil {
		return err
	}
	return left
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

// Preview draws the first page of the job's PDF as an image
// (export.PreviewDPI, 110 dpi: an A4 page 910 pixels wide, its small
// print readable in the print preview), from the page's layout, before
// and without the export: only the games the page shows are read
// (core.Preview). progress as Run's, for those games.
func (j *ExportJob) Preview(progress func(done, total int)) (image.Image, error) {
	img, err := core.Preview(j.store, &j.ev, j.format, j.games, j.opt, progress)
	if err != nil {
		return nil, err
	}
	return img, nil
}
