package export

import (
	"bufio"
	"fmt"
	"io"
	"runtime"
	"strings"
	"time"

	"github.com/jung-kurt/gofpdf"

	"scoresheet/rules"
	"scoresheet/sheet"
)

// Paper is a sheet size for PDF output.
type Paper int

const (
	A4     Paper = iota // 210 × 297 mm
	Letter              // US Letter, 8.5 × 11 in
)

// String returns "a4" or "letter", as ParsePaper reads them.
func (p Paper) String() string {
	if p == Letter {
		return "letter"
	}
	return "a4"
}

// OptionError says which export option could not be read. Code is stable:
// "export-paper" or "export-notation"; Value is the text given.
type OptionError struct {
	Code  string
	Value string
}

func (e *OptionError) Error() string { return e.Code + ": " + e.Value }

// WriteError is a failure to write a document; Code is "export-pdf" or
// "export-xlsx", Err the cause.
type WriteError struct {
	Code string
	Err  error
}

func (e *WriteError) Error() string { return e.Code + ": " + e.Err.Error() }
func (e *WriteError) Unwrap() error { return e.Err }

// guard turns a panic in the PDF library into a WriteError, so that no
// input ends the program and the caller removes its temporary file as
// after any failure. The text layout gives gofpdf only what it can draw;
// the tests and fuzz targets fail on such an error.
func guard(err *error) {
	if r := recover(); r != nil {
		*err = &WriteError{Code: "export-pdf", Err: fmt.Errorf("%v", r)}
	}
}

// ParsePaper reads "a4" or "letter" (any case; "" is A4).
func ParsePaper(s string) (Paper, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "", "a4":
		return A4, nil
	case "letter", "us-letter", "usletter":
		return Letter, nil
	}
	return A4, &OptionError{Code: "export-paper", Value: s}
}

// ParseNotation reads a notation name as the CLI takes it: "figurine",
// "san" or "" (English letters, as PGN), or the ISO 639-1 code of a
// language whose piece letters to print ("de", "fr", "ru", ...).
func ParseNotation(s string) (rules.Notation, error) {
	switch k := strings.ToLower(strings.TrimSpace(s)); k {
	case "", "san":
		return rules.SANNotation, nil
	case "figurine":
		return rules.FigurineNotation, nil
	default:
		if l, ok := rules.LettersFor(k); ok {
			return rules.Notation{Letters: l}, nil
		}
	}
	return rules.Notation{}, &OptionError{Code: "export-notation", Value: s}
}

// PDFOptions say how WritePDF and WriteForms print.
type PDFOptions struct {
	Paper Paper
	// Notation spells the moves of filled scoresheets: figurines
	// (rules.FigurineNotation) or the letters of a language
	// (rules.Notation{Letters: l}); the zero value is English SAN.
	Notation rules.Notation
	// Lang is the language of the printed labels ("en", "de"); "" or an
	// unknown one is English.
	Lang string
	// CreationDate, when set, is written as the document's creation and
	// modification date and the objects are written in a fixed order, so
	// that the same input gives the same bytes. Nil means now.
	CreationDate *time.Time
	// Notes also footnotes the notation reader's notes (acceptable
	// variants such as a missing check mark); warnings, errors and the
	// arbiter checks are always there.
	Notes bool
	// Clocks prints time columns on blank forms. Filled scoresheets have
	// them when a clock time was recorded.
	Clocks bool
	// Progress, when not nil, is told after each game how many of the
	// games are laid out.
	Progress func(done, total int)
	// record, when not nil, is given every drawing call on the pages
	// as text too (page_record.go): the golden tests read it.
	record *recording
}

func report(p func(done, total int), done, total int) {
	if p != nil {
		p(done, total)
	}
}

// WritePDF writes a filled scoresheet for each game, in the order given:
// header, moves 1-60 in two blocks (continuation pages for longer games),
// clock columns when times were recorded, (=) for draw offers, a numbered
// mark on every cell with findings and the footnotes, the result and the
// signature lines. ev may be nil.
func WritePDF(w io.Writer, ev *sheet.Event, games []sheet.Game, opt PDFOptions) error {
	return WritePDFFrom(w, ev, GameSlice(games), opt)
}

// WritePDFFrom is WritePDF of games read one at a time. Neither the
// games nor the pages are kept: each game's finished pages go to a
// temporary file (pdf_spill.go), and a long document is laid out in
// chunks, each written as it is done (pdf_join.go), so memory stays
// flat whatever the number of games.
func WritePDFFrom(w io.Writer, ev *sheet.Event, games Games, opt PDFOptions) error {
	return writePDFOut(w, opt, false, games.Total, func(o *pdfOut) error {
		return analyseEach(ev, games, opt.Notation, opt.Notes, func(v *gameView) error {
			o.d.filledSheet(ev, v)
			return o.laidOut()
		})
	})
}

// WriteForms writes blank scoresheets for the games of a round, ready to
// print before it starts: for each game two forms, White's and then
// Black's, with the header filled in (event, round, board, date, both
// players with their colours and ratings) and the holder marked. Moves,
// results and findings of the games are not printed. ev may be nil.
func WriteForms(w io.Writer, ev *sheet.Event, games []sheet.Game, opt PDFOptions) error {
	return WriteFormsFrom(w, ev, GameSlice(games), opt)
}

// WriteFormsFrom is WriteForms of games read one at a time, their pages
// kept in a temporary file and written as WritePDFFrom's.
func WriteFormsFrom(w io.Writer, ev *sheet.Event, games Games, opt PDFOptions) error {
	return writePDFOut(w, opt, true, games.Total, func(o *pdfOut) error {
		return games.Each(func(g *sheet.Game) error {
			for side := sheet.WhiteCopy; side <= sheet.BlackCopy; side++ {
				o.d.blankForm(ev, g, side)
			}
			return o.laidOut()
		})
	})
}

// writePDFOut writes a document of total games (blank forms when forms)
// to w: lay draws each game into o, calling o.laidOut after each, then
// the document is finished (o.finish, which returns lay's error first);
// a panic of the layout is returned as an error (guard).
func writePDFOut(w io.Writer, opt PDFOptions, forms bool, total int, lay func(o *pdfOut) error) (err error) {
	defer guard(&err)
	o := newPDFOut(w, opt, forms, total)
	defer o.Close()
	return o.finish(lay(o))
}

// pdfOut is a document being laid out and written: one gofpdf document,
// or, for more than pdfChunkGames games, one a chunk of that many games,
// joined.
type pdfOut struct {
	w     io.Writer
	opt   PDFOptions
	forms bool
	total int
	d     *doc // the chunk being laid out
	spill pageSpill
	games int      // laid out in d
	n     int      // laid out in all
	join  *pdfJoin // nil for one document
	bw    *bufio.Writer
}

func newPDFOut(w io.Writer, opt PDFOptions, forms bool, total int) *pdfOut {
	o := &pdfOut{w: w, opt: opt, forms: forms, total: total, d: newDoc(opt, forms), spill: pageSpill{tempFile: tempFile{dir: scratchDir(w)}}}
	if total > pdfChunkGames {
		o.bw = bufio.NewWriter(w)
		o.join = newPDFJoin(o.bw)
	}
	return o
}

// Close removes the temporary file of the chunk being laid out.
func (o *pdfOut) Close() { o.spill.Close() }

// laidOut is told that a game is laid out: its pages leave gofpdf, and
// a full chunk is written.
func (o *pdfOut) laidOut() error {
	o.n++
	o.games++
	report(o.opt.Progress, o.n, o.total)
	if err := o.spill.take(o.d.pdf); err != nil {
		return err
	}
	if o.join == nil || o.games < pdfChunkGames {
		return nil
	}
	if err := o.writeChunk(); err != nil {
		return &WriteError{Code: "export-pdf", Err: err}
	}
	// Writing the chunk took some megabytes for a moment (gofpdf's
	// output, the font subsets: 22 MB live instead of 16 for forms), and
	// the garbage collector would let the heap grow to twice that before
	// its next cycle: collected now, the chunk and what writing it took
	// set no goal for the next one (GODEBUG=gctrace=1: the heap peaks at
	// 33 MB, not 43; the forms of 5,000 games at 79-82 MB peak RSS, not
	// 86-89).
	o.d = nil
	runtime.GC()
	o.d, o.games = newDoc(o.opt, o.forms), 0
	return nil
}

// writeChunk writes the chunk laid out into the joined document.
func (o *pdfOut) writeChunk() error {
	defer func() {
		o.spill.Close()
		o.spill = pageSpill{tempFile: tempFile{dir: o.spill.dir}}
	}()
	return o.spill.write(o.d.pdf, func(raw []byte) error { return o.join.add(&o.spill, raw) })
}

// finish writes the document (one blank page for no game), unless
// reading the games failed with err.
func (o *pdfOut) finish(err error) error {
	if o.join == nil {
		return o.d.finish(o.w, &o.spill, o.n, err)
	}
	if err != nil {
		return err
	}
	if err := o.finishJoin(); err != nil {
		return &WriteError{Code: "export-pdf", Err: err}
	}
	return nil
}

// finish writes d as one document, with the pages in spill, of n games
// or rounds (one blank page for none), unless reading them failed with
// err.
func (d *doc) finish(w io.Writer, spill *pageSpill, n int, err error) error {
	if err != nil {
		return err
	}
	if n == 0 {
		d.pdf.AddPage()
	}
	if err := spill.output(d.pdf, w); err != nil {
		return &WriteError{Code: "export-pdf", Err: err}
	}
	return nil
}

func (o *pdfOut) finishJoin() error {
	if o.n == 0 {
		o.d.pdf.AddPage()
	}
	if o.games > 0 || o.n == 0 {
		if err := o.writeChunk(); err != nil {
			return err
		}
	}
	if err := o.join.finish(); err != nil {
		return err
	}
	return o.bw.Flush()
}

// newDoc starts a PDF document with the fonts, the metadata and the
// paper.
func newDoc(opt PDFOptions, forms bool) *doc {
	pdf := paperDoc(opt)
	pdf.SetCompression(true)
	addFonts(pdf)
	l := labeler(opt.Lang)
	pdf.SetTitle(l.get("print.scoresheet"), true)
	pdf.SetCreator("Scoresheet", true)
	pdf.SetProducer("Scoresheet", true)
	if opt.CreationDate != nil {
		pdf.SetCreationDate(*opt.CreationDate)
		pdf.SetModificationDate(*opt.CreationDate)
		pdf.SetCatalogSort(true)
	}
	var pg page = &pdfPage{pdf: pdf, fonts: &pdfFonts{pdf: pdf}}
	if opt.record != nil {
		pg = opt.record.page(pg)
	}
	return layDoc(pdf, pg, opt, forms)
}

// paperDoc is a gofpdf document in millimetres on the paper, with no
// margins and no automatic page breaks.
func paperDoc(opt PDFOptions) *gofpdf.Fpdf {
	size := "A4"
	if opt.Paper == Letter {
		size = "Letter"
	}
	pdf := gofpdf.New("P", "mm", size, "")
	pdf.SetMargins(0, 0, 0)
	pdf.SetAutoPageBreak(false, 0)
	return pdf
}

// layDoc is a document drawn on pg with pdf's paper and geometry.
func layDoc(pdf *gofpdf.Fpdf, pg page, opt PDFOptions, forms bool) *doc {
	pw, ph := pdf.GetPageSize()
	d := &doc{pdf: pdf, page: pg, l: labeler(opt.Lang), opt: opt, pw: pw, ph: ph, margin: 12}
	d.layout(forms)
	return d
}

// gameDate returns the date to print for g: its own, else its round's,
// else the event's first day where that is the game's day (round 1, or a
// one-day event). Otherwise the box stays empty for the pen: a form for
// round 5 must not print the first day.
func gameDate(ev *sheet.Event, g *sheet.Game) string {
	if g.Date != "" && !strings.Contains(g.Date, "?") {
		return g.Date
	}
	if ev != nil {
		for _, r := range ev.Rounds {
			if r.Number == g.Round && r.Date != "" {
				return r.Date
			}
		}
		if ev.StartDate != "" && (g.Round == 1 || ev.StartDate == ev.EndDate) {
			return ev.StartDate
		}
	}
	if strings.Trim(g.Date, "?.") == "" {
		return "" // "????.??.??" says nothing
	}
	return g.Date // partly known: "2026.??.??"
}
