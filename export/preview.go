package export

import (
	"errors"
	"image"

	"scoresheet/sheet"
	"scoresheet/trf"
)

// The print preview: the first page of a PDF export drawn on an image by
// the same layout that writes the PDF (page.go), before any PDF is
// written, reading only the games that page shows.

// PreviewDPI is the preview's resolution: an A4 page 910 pixels wide, its
// small print readable on a laptop's screen when the page fills a
// dialog's width.
const PreviewDPI = 110

// PreviewPDF draws the first page WritePDFFrom writes of games: the first
// game's scoresheet. Only that game is read.
func PreviewPDF(ev *sheet.Event, games Games, opt PDFOptions) (*image.RGBA, error) {
	return drawFirst(opt, false, func(d *doc) error { return d.firstSheet(ev, games, false) })
}

// PreviewForms draws the first page WriteFormsFrom writes of games: the
// first game's form for White. Only that game is read.
func PreviewForms(ev *sheet.Event, games Games, opt PDFOptions) (*image.RGBA, error) {
	return drawFirst(opt, true, func(d *doc) error { return d.firstSheet(ev, games, true) })
}

// PreviewResults draws the first page WriteResultsPDF writes of games and
// byes: the first round's list. Every game given is read and checked (a
// disputed result anywhere in the round is said on its first page when
// the list is short, and counts in its number of pages): the caller gives
// the first round's games only.
func PreviewResults(ev *sheet.Event, games Games, byes []trf.Bye, opt PDFOptions) (*image.RGBA, error) {
	return drawFirst(opt, false, func(d *doc) error { return d.firstResults(ev, games, byes) })
}

// drawFirst lays out a document's first page with lay and returns it
// drawn at PreviewDPI.
func drawFirst(opt PDFOptions, forms bool, lay func(d *doc) error) (img *image.RGBA, err error) {
	defer guard(&err)
	d, p := newPreviewDoc(opt, forms, PreviewDPI)
	if err := lay(d); err != nil {
		return nil, err
	}
	return p.img, nil
}

// firstSheet lays out the first game of games as the scoresheets (its
// filled sheet) or the forms (its form for White) print it; no game, the
// blank page of a document of none.
func (d *doc) firstSheet(ev *sheet.Event, games Games, forms bool) error {
	g, err := firstGame(games)
	switch {
	case err != nil:
		return err
	case g == nil:
		d.page.AddPage()
	case forms:
		d.blankForm(ev, g, sheet.WhiteCopy)
	default:
		d.filledSheet(ev, analyse(ev, g, d.opt.Notation, d.opt.Notes))
	}
	return nil
}

// firstResults lays out the first page of the results list of games and
// byes.
func (d *doc) firstResults(ev *sheet.Event, games Games, byes []trf.Bye) error {
	rounds, err := resultRounds(ev, games, byes, d.opt.Progress)
	if err != nil {
		return err
	}
	if len(rounds) == 0 {
		d.page.AddPage()
		return nil
	}
	return d.resultPages(ev, rounds[0], nil, 1)
}

// newPreviewDoc is a document laid out as newDoc's whose first page is
// drawn on an image of dpi dots an inch. No PDF is made: its gofpdf
// document only gives the paper's size.
func newPreviewDoc(opt PDFOptions, forms bool, dpi float64) (*doc, *imagePage) {
	d := layDoc(paperDoc(opt), nil, opt, forms)
	p := newImagePage(d.pw, d.ph, dpi)
	d.page = p
	return d, p
}

// errFirst stops the reading of games after the first.
var errFirst = errors.New("first game read")

// firstGame returns the first of games, or nil when there is none.
func firstGame(games Games) (*sheet.Game, error) {
	var first *sheet.Game
	err := games.Each(func(g *sheet.Game) error {
		c := *g
		first = &c
		return errFirst
	})
	if err != nil && !errors.Is(err, errFirst) {
		return nil, err
	}
	return first, nil
}
