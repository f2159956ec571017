package export

import "github.com/jung-kurt/gofpdf"

// page is what the layout (pdf_layout.go, pdf_sheet.go, results_pdf.go)
// draws a printed page on, in millimetres from the top-left corner: the
// PDF (pdfPage, through gofpdf) or an image (imagePage, the window's print
// preview). Both get the same calls, so the preview is the page as it
// prints, drawn without writing a PDF. The tests also read the calls as
// text (recordPage, page_record.go).
//
// Text is measured apart from the page, with the widths the PDF gives
// the fonts' glyphs (pdfFont.symbolWidth). The layout still selects a
// font on the page wherever measuring did when gofpdf measured: gofpdf
// writes a selection into the page at once, and the PDF's bytes keep it.
type page interface {
	AddPage()
	SetLineWidth(w float64)
	SetDrawColor(c rgb)
	SetFillColor(c rgb)
	SetTextColor(c rgb)
	SetFont(f *pdfFont, size float64)
	// Rect draws a rectangle: style "D" its outline, "F" filled, "FD" both.
	Rect(x, y, w, h float64, style string)
	Line(x1, y1, x2, y2 float64)
	// Polygon fills ("F") or outlines ("D") the polygon of pts, closed.
	Polygon(pts []point, style string)
	// Glyphs draws a run of glyphs in the current font and text colour,
	// its origin at x on the baseline y: p's text one character after
	// the other, or its placed glyphs.
	Glyphs(x, y float64, p textPiece)
}

// point is a place on the page, in millimetres.
type point struct{ x, y float64 }

// pdfPage draws on the current page of a gofpdf document: the PDF.
type pdfPage struct {
	pdf   *gofpdf.Fpdf
	fonts *pdfFonts
	size  float64 // the current font's
}

func (p *pdfPage) AddPage()               { p.pdf.AddPage() }
func (p *pdfPage) SetLineWidth(w float64) { p.pdf.SetLineWidth(w) }
func (p *pdfPage) SetDrawColor(c rgb)     { p.pdf.SetDrawColor(c.r, c.g, c.b) }
func (p *pdfPage) SetFillColor(c rgb)     { p.pdf.SetFillColor(c.r, c.g, c.b) }
func (p *pdfPage) SetTextColor(c rgb)     { p.pdf.SetTextColor(c.r, c.g, c.b) }

func (p *pdfPage) SetFont(f *pdfFont, size float64) {
	p.fonts.use(f, size)
	p.size = size
}

func (p *pdfPage) Rect(x, y, w, h float64, style string) { p.pdf.Rect(x, y, w, h, style) }
func (p *pdfPage) Line(x1, y1, x2, y2 float64)           { p.pdf.Line(x1, y1, x2, y2) }

func (p *pdfPage) Polygon(pts []point, style string) {
	ps := make([]gofpdf.PointType, len(pts))
	for i, q := range pts {
		ps[i] = gofpdf.PointType{X: q.x, Y: q.y}
	}
	p.pdf.Polygon(ps, style)
}

// Glyphs draws a piece without placed glyphs by one gofpdf Text call, and
// a shaped one glyph by glyph, each cluster in a span whose ActualText is
// what was written, in logical order (a reader puts the clusters of a
// right-to-left run back in logical order itself).
func (p *pdfPage) Glyphs(x, y float64, pc textPiece) {
	if pc.glyphs == nil {
		p.pdf.Text(x, y, pc.text)
		return
	}
	unit := mmPerUnit(p.pdf, p.size)
	for i, g := range pc.glyphs {
		if i == 0 || g.cluster != pc.glyphs[i-1].cluster {
			if i > 0 {
				p.pdf.RawWriteStr("EMC")
			}
			p.pdf.RawWriteStr("/Span <</ActualText " + pdfTextString(g.actual) + ">> BDC")
		}
		p.pdf.Text(x+g.x*unit, y-g.y*unit, string(g.r))
	}
	p.pdf.RawWriteStr("EMC")
}

// pdfFonts selects the fonts of a gofpdf document, registering a
// fallback with it the first time (the CJK fallback is embedded only in
// documents that use it).
type pdfFonts struct {
	pdf   *gofpdf.Fpdf
	added map[*pdfFont]bool
}

// use selects f at size points.
func (fs *pdfFonts) use(f *pdfFont, size float64) {
	if f.family != fontFamily && !fs.added[f] {
		if fs.added == nil {
			fs.added = map[*pdfFont]bool{}
		}
		fs.pdf.AddUTF8FontFromBytes(f.family, f.style, append([]byte(nil), f.data...))
		fs.added[f] = true
	}
	fs.pdf.SetFont(f.family, f.style, size)
}

// mmPerUnit returns the length in millimetres of a thousandth of size
// points.
func mmPerUnit(pdf *gofpdf.Fpdf, size float64) float64 {
	return size / pdf.GetConversionRatio() / 1000
}
