package app

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/png"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"scoresheet/export"
	"scoresheet/internal/atomicfile"
	"scoresheet/rules"
	"scoresheet/sheet"
)

// ExportFormat is what an export writes: "pgn", "pdf" (filled
// scoresheets), "forms" (blank scoresheets) or "xlsx" (the workbook).
type ExportFormat string

const (
	FormatPGN   ExportFormat = "pgn"
	FormatPDF   ExportFormat = "pdf"
	FormatForms ExportFormat = "forms"
	FormatXLSX  ExportFormat = "xlsx"
)

// ExportFormats are the formats in menu order.
var ExportFormats = []ExportFormat{FormatPGN, FormatPDF, FormatForms, FormatXLSX}

// Ext returns the file name extension of the format (".pgn", ".pdf", ...).
func (f ExportFormat) Ext() string {
	if f == FormatForms {
		return ".pdf"
	}
	return "." + string(f)
}

// IsPDF reports whether the format writes a PDF, which has a preview.
func (f ExportFormat) IsPDF() bool { return f == FormatPDF || f == FormatForms }

// ExportScope is which games an export writes: the game being typed, its
// round or the whole event.
type ExportScope string

const (
	ScopeGame  ExportScope = "game"
	ScopeRound ExportScope = "round"
	ScopeEvent ExportScope = "event"
)

// ExportOptions say how an export prints: paper and notation of PDF and
// workbook (PGN is always English SAN), and the language of the printed
// labels.
type ExportOptions struct {
	Paper    export.Paper
	Notation rules.Notation
	Lang     string
}

// ExportError is an export that cannot be made: Code is "export-nogame"
// (no game is open for a game's or a round's export, or the scope has no
// games), "export-format", or one of export.OutErrorCodes (the file
// chosen may not be written: CheckExportPath).
type ExportError struct{ Code string }

func (e *ExportError) Error() string { return e.Code }

// ExportJob is an export prepared on the UI thread (PrepareExport) and
// run off it (Run): it holds only the store, which is safe for concurrent
// use, and values copied from the session.
type ExportJob struct {
	store        *sheet.Store
	ev           sheet.Event
	format       ExportFormat
	scope        ExportScope
	round, board int
	opt          ExportOptions
}

// PrepareExport commits the cell being typed and makes the job that
// exports the scope's games in format.
func (s *Session) PrepareExport(format ExportFormat, scope ExportScope, opt ExportOptions) (*ExportJob, error) {
	switch format {
	case FormatPGN, FormatPDF, FormatForms, FormatXLSX:
	default:
		return nil, &ExportError{Code: "export-format"}
	}
	if err := s.Commit(); err != nil {
		return nil, err
	}
	j := &ExportJob{store: s.store.Store, ev: s.event, format: format, scope: scope, opt: opt}
	switch scope {
	case ScopeGame, ScopeRound:
		if s.game == nil {
			return nil, &ExportError{Code: "export-nogame"}
		}
		j.round = s.game.Round
		if scope == ScopeGame {
			j.board = s.game.Board
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
		name += fmt.Sprintf("-r%d", j.round)
	case ScopeGame:
		name += fmt.Sprintf("-r%d-b%d", j.round, j.board)
	}
	if j.format == FormatForms {
		name += "-forms"
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

// RunTo writes the scope's games to w as it reads them from the store,
// a page at a time: neither the event nor the document is held (a PDF's
// finished pages wait in a temporary file, a workbook's sheets go
// straight into its ZIP file; see export.WritePDFFrom and WriteXLSXFrom).
func (j *ExportJob) RunTo(w io.Writer, progress func(done, total int)) error {
	if progress == nil {
		progress = func(int, int) {}
	}
	filter := sheet.GameFilter{Round: j.round, Board: j.board}
	total, err := j.store.CountGames(filter)
	if err != nil {
		return err
	}
	if total == 0 {
		return &ExportError{Code: "export-nogame"}
	}
	progress(0, total)
	games := export.StoreGames(j.store, filter, total)
	pdf := export.PDFOptions{Paper: j.opt.Paper, Notation: j.opt.Notation, Lang: j.opt.Lang, Progress: progress}
	switch j.format {
	case FormatPGN:
		done := 0
		err = games.Each(func(g *sheet.Game) error {
			if err := export.WriteGame(w, &j.ev, g); err != nil {
				return err
			}
			done++
			progress(done, total)
			return nil
		})
	case FormatPDF:
		err = export.WritePDFFrom(w, &j.ev, games, pdf)
	case FormatForms:
		err = export.WriteFormsFrom(w, &j.ev, games, pdf)
	case FormatXLSX:
		err = export.WriteXLSXFrom(w, &j.ev, games, export.XLSXOptions{Notation: j.opt.Notation, Lang: j.opt.Lang, Progress: progress})
	}
	if err != nil {
		return err
	}
	progress(total, total)
	return nil
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

// ErrNoPreviewer is Preview's error when pdftoppm (poppler-utils) is not
// installed.
var ErrNoPreviewer = errors.New("pdftoppm not found")

// previewTool is the command that renders a PDF page (a variable for tests).
var previewTool = "pdftoppm"

// Preview renders the first page of a PDF as an image (110 dpi: an A4
// page 910 pixels wide, its small print readable in the print preview) with
// pdftoppm; ErrNoPreviewer when it is not installed.
func Preview(pdf []byte) (image.Image, error) {
	tool, err := exec.LookPath(previewTool)
	if err != nil {
		return nil, ErrNoPreviewer
	}
	dir, err := os.MkdirTemp("", "scoresheet-preview-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	in := filepath.Join(dir, "in.pdf")
	if err := os.WriteFile(in, pdf, 0o600); err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	out := filepath.Join(dir, "page")
	cmd := exec.CommandContext(ctx, tool, "-png", "-r", "110", "-f", "1", "-l", "1", "-singlefile", in, out)
	if msg, err := cmd.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("pdftoppm: %v: %s", err, strings.TrimSpace(string(msg)))
	}
	f, err := os.Open(out + ".png")
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return png.Decode(f)
}

// Preview renders the first page of an exported PDF (see Preview).
func (s *Session) Preview(pdf []byte) (image.Image, error) { return Preview(pdf) }
