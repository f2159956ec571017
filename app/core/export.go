package core

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"scoresheet/export"
	"scoresheet/pgn"
	"scoresheet/rules"
	"scoresheet/sheet"
	"scoresheet/trf"
)

// Format is what an export writes: "pgn", "pdf" (filled scoresheets),
// "forms" (blank scoresheets), "xlsx" (the workbook), "results-pdf"
// (the results list of each round, for the wall and the pairing
// program) or "trf" (the results back into the pairing program's file).
type Format string

const (
	FormatPGN   Format = "pgn"
	FormatPDF   Format = "pdf"
	FormatForms Format = "forms"
	FormatXLSX  Format = "xlsx"
	// FormatResults is the results list: a page per round.
	FormatResults Format = "results-pdf"
	// FormatTRF is the pairing program's TRF the event was imported
	// from, with the results entered here and the players' points
	// (TRFResults).
	FormatTRF Format = "trf"
)

// Formats are the formats in menu order.
var Formats = []Format{FormatPGN, FormatPDF, FormatForms, FormatXLSX, FormatResults, FormatTRF}

// ParseFormat returns the format named s; an *ExportError
// "export-format" for another name.
func ParseFormat(s string) (Format, error) {
	for _, f := range Formats {
		if string(f) == s {
			return f, nil
		}
	}
	return "", &ExportError{Code: "export-format", Value: s}
}

// Ext returns the file name extension of the format (".pgn", ".pdf", ...).
func (f Format) Ext() string {
	if f.IsPDF() {
		return ".pdf"
	}
	return "." + string(f)
}

// IsPDF reports whether the format writes a PDF.
func (f Format) IsPDF() bool { return f == FormatPDF || f == FormatForms || f == FormatResults }

// Scope is which games an export writes: a round (Round), one game
// (Round and Board), or every game (neither).
type Scope struct {
	Round, Board int
}

// Filter returns the store's filter of the scope's games.
func (s Scope) Filter() sheet.GameFilter { return sheet.GameFilter{Round: s.Round, Board: s.Board} }

// Options say how an export prints: paper and notation of PDF and
// workbook (PGN is always English SAN), and the language of the printed
// labels.
type Options struct {
	Paper    export.Paper
	Notation rules.Notation
	Lang     string
}

// ExportError is an export that cannot be made: Code is "export-nogame"
// (the scope has no games, or no game is open for a game's or a round's
// export), "export-format" (Value names the format), or one of
// export.OutErrorCodes (the file chosen may not be written).
type ExportError struct {
	Code  string
	Value string
}

func (e *ExportError) Error() string {
	if e.Value != "" {
		return fmt.Sprintf("%s: %q", e.Code, e.Value)
	}
	return e.Code
}

// Export writes the scope's games of an event store to w in format f as
// it reads them, a page at a time: neither the event nor the document is
// held (a PDF's finished pages wait in a temporary file and a long one
// is laid out in chunks written as each is done; a workbook's sheets go
// straight into its ZIP file, whose directory waits in a temporary
// file; see export.WritePDFFrom and WriteXLSXFrom). progress, when not
// nil, is told how many of the games are written (it may be called from
// other goroutines) and reaches their number when it is done. It returns
// how many games it wrote.
func Export(w io.Writer, st sheet.EventStore, ev *sheet.Event, f Format, scope Scope, opt Options, progress func(done, total int)) (int, error) {
	if _, err := ParseFormat(string(f)); err != nil {
		return 0, err
	}
	if progress == nil {
		progress = func(int, int) {}
	}
	filter := scope.Filter()
	total, err := st.CountGames(filter)
	if err != nil {
		return 0, err
	}
	if total == 0 {
		return 0, &ExportError{Code: "export-nogame"}
	}
	progress(0, total)
	written := 0
	src := export.StoreGames(st, filter, total)
	games := export.Games{Total: total, Each: func(fn func(g *sheet.Game) error) error {
		return src.Each(func(g *sheet.Game) error { written++; return fn(g) })
	}}
	pdf := export.PDFOptions{Paper: opt.Paper, Notation: opt.Notation, Lang: opt.Lang, Progress: progress}
	var notWritten []GameError
	switch f {
	case FormatPGN:
		notWritten, err = writePGN(w, ev, games, func() { progress(written, total) })
		written -= len(notWritten)
	case FormatPDF:
		err = export.WritePDFFrom(w, ev, games, pdf)
	case FormatForms:
		err = export.WriteFormsFrom(w, ev, games, pdf)
	case FormatXLSX:
		err = export.WriteXLSXFrom(w, ev, games, export.XLSXOptions{Notation: opt.Notation, Lang: opt.Lang, Progress: progress})
	case FormatTRF:
		var data []byte
		if data, _, err = TRFResults(st, filter, TRFOptions{}); err == nil {
			_, err = w.Write(data)
		}
	case FormatResults:
		var byes []trf.Bye // one board's list has none
		if scope.Board == 0 {
			byes, err = RoundByes(st, scope.Round)
		}
		if err == nil {
			err = export.WriteResultsPDF(w, ev, games, byes, pdf)
		}
	}
	if err != nil {
		return written, err
	}
	progress(total, total)
	if len(notWritten) > 0 {
		return written, &NotWrittenError{Games: notWritten}
	}
	return written, nil
}

// writePGN writes each game in PGN, each whole or not at all: a game
// that cannot be written (its start position does not read: it has no
// movetext) is left out and returned, the others are written.
func writePGN(w io.Writer, ev *sheet.Event, games export.Games, done func()) ([]GameError, error) {
	var left []GameError
	var buf bytes.Buffer
	err := games.Each(func(g *sheet.Game) error {
		buf.Reset()
		if err := pgn.WriteGame(&buf, ev, g); err != nil {
			left = append(left, GameError{Round: g.Round, Board: g.Board, Err: err})
			return nil
		}
		if _, err := w.Write(buf.Bytes()); err != nil {
			return err
		}
		done()
		return nil
	})
	return left, err
}

// GameError is a game an export could not write, and why.
type GameError struct {
	Round, Board int
	Err          error
}

// NotWrittenError is an export written without some of its games, which
// could not be (GameError): an export of a round with one bad game
// failed whole, naming no board. The caller keeps what was written and
// says the games left out.
type NotWrittenError struct {
	Games []GameError
}

func (e *NotWrittenError) Error() string {
	var b strings.Builder
	for i, g := range e.Games {
		if i > 0 {
			b.WriteString("; ")
		}
		fmt.Fprintf(&b, "round %d board %d: %v", g.Round, g.Board, g.Err)
	}
	return b.String()
}
