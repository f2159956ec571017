package export

import (
	"strconv"
	"strings"

	"github.com/go-text/typesetting/font"
	"github.com/go-text/typesetting/shaping"
	"github.com/jung-kurt/gofpdf"

	"scoresheet/sheet"
)

// The page layout of a tournament scoresheet, in millimetres: a title
// line, two rows of header fields, the moves in two blocks of 30 rows
// side by side, room for footnotes, then the result boxes and the
// signature lines. The same geometry serves A4 and US Letter; only the
// room for footnotes differs.

const (
	rowsPerBlock = 30
	rowsPerPage  = 2 * rowsPerBlock
	topMargin    = 10.0
	titleH       = 9.0
	fieldH       = 11.0
	colHeadH     = 6.0
	maxRowH      = 5.5 // filled sheets: room for footnotes below
	maxFormRowH  = 7.0 // blank forms: room for handwriting
	blockGap     = 4.0
	numW         = 8.0  // the move number column
	clockW       = 13.0 // a time column
	footH        = 26.0 // result and signatures
	noteTitleH   = 5.0
	noteLineH    = 3.4
	moveFont     = 10.0
	minFont      = 5.5
)

// doc is a document being laid out, with its page geometry: a PDF being
// written, or the first page of one drawn as an image (preview.go).
type doc struct {
	// pdf is the gofpdf document: the PDF being written when page is a
	// pdfPage on it; for the preview, only the paper and the unit.
	pdf    *gofpdf.Fpdf
	page   page // what is drawn on
	l      labeler
	opt    PDFOptions
	pw, ph float64
	margin float64 // left and right

	cw         float64 // content width
	gridTop    float64 // top of the column header row
	rowH       float64
	gridBottom float64
	footTop    float64

	// Text layout (pdf_text.go): the shaper and faces of this document.
	shaper shaping.HarfbuzzShaper
	faces  map[*pdfFont]*font.Face
}

// layout computes the page geometry: blank forms give the rows all the
// room, filled sheets keep some for footnotes.
func (d *doc) layout(forms bool) {
	d.cw = d.pw - 2*d.margin
	d.gridTop = topMargin + titleH + 2*fieldH + 3
	d.footTop = d.ph - topMargin - footH
	if forms {
		d.rowH = min(maxFormRowH, (d.footTop-d.gridTop-colHeadH-4)/rowsPerBlock)
	} else {
		room := d.footTop - d.gridTop - colHeadH - noteTitleH - 3*noteLineH - 4
		d.rowH = min(maxRowH, room/rowsPerBlock)
	}
	d.gridBottom = d.gridTop + colHeadH + rowsPerBlock*d.rowH
}

// noteCapacity returns how many footnote lines fit below the moves on
// the last page of a game, and on a page of footnotes alone.
func (d *doc) noteCapacity() (last, alone int) {
	last = int((d.footTop - d.gridBottom - 4 - noteTitleH) / noteLineH)
	alone = int((d.ph - topMargin - 6 - d.gridTop - noteTitleH) / noteLineH)
	return max(last, 0), alone
}

// header is what the top of a page shows.
type header struct {
	title        string
	event        string
	date         string
	round, board string
	white, black sheet.Player
	holder       int // -1, or the side whose form this is
}

func (d *doc) gameHeader(ev *sheet.Event, g *sheet.Game, title string, holder int) header {
	h := header{title: title, date: gameDate(ev, g), white: g.White, black: g.Black, holder: holder}
	if ev != nil {
		h.event = ev.Name
		if ev.Site != "" && ev.Site != "?" {
			h.event += ", " + ev.Site
		}
	}
	if g.Round > 0 {
		h.round = strconv.Itoa(g.Round)
	}
	if g.Board > 0 {
		h.board = strconv.Itoa(g.Board)
	}
	return h
}

// footer text: the event, round and board, for the bottom of each page.
func (d *doc) footerText(h header) string {
	parts := []string{}
	if h.event != "" {
		parts = append(parts, h.event)
	}
	if h.round != "" {
		parts = append(parts, d.l.get("ui.header.round")+" "+h.round)
	}
	if h.board != "" {
		parts = append(parts, d.l.get("ui.header.board")+" "+h.board)
	}
	return strings.Join(parts, " · ")
}

// Colours.
type rgb struct{ r, g, b int }

var (
	black      = rgb{0, 0, 0}
	labelGrey  = rgb{95, 95, 95}
	numberGrey = rgb{60, 60, 60}
	textGrey   = rgb{120, 120, 120}
	errorRed   = rgb{200, 0, 0}
	warnAmber  = rgb{190, 105, 0}
	rowGrey    = rgb{190, 190, 190} // the results list's lines between boards
)

func (d *doc) text(x, y float64, s string, size float64, bold bool, c rgb) {
	d.drawLine(x, y, d.lineOf(s, bold), size, c)
}

// textWidth returns the width of s at size points, in millimetres.
func (d *doc) textWidth(s string, size float64, bold bool) float64 {
	return d.width(d.lineOf(s, bold), size)
}

// fitText writes s at (x, y) shrunk to fit in width w.
func (d *doc) fitText(x, y, w float64, s string, size float64, bold bool, c rgb) {
	if s == "" {
		return
	}
	ln, fs := d.fit(s, w, size, bold)
	d.drawLine(x, y, ln, fs, c)
}

// centred writes s centred in [x, x+w].
func (d *doc) centred(x, y, w float64, s string, size float64, bold bool, c rgb) {
	if s == "" {
		return
	}
	ln, fs := d.fit(s, w-0.6, size, bold)
	d.drawLine(x+(w-d.width(ln, fs))/2, y, ln, fs, c)
}

// field draws a header box with a small label and its value.
func (d *doc) field(x, y, w float64, label, value string, strong bool) {
	if strong {
		d.page.SetFillColor(rgb{238, 238, 238})
		d.page.SetLineWidth(0.6)
		d.page.Rect(x, y, w, fieldH, "FD")
	} else {
		d.page.SetLineWidth(0.25)
		d.page.Rect(x, y, w, fieldH, "D")
	}
	d.text(x+1.2, y+2.8, label, 6, false, labelGrey)
	d.fitText(x+1.5, y+8.7, w-3, value, 10.5, strong, black)
}

// playerText returns a player as printed: title, name, federation.
func playerText(p sheet.Player) string {
	s := p.Name
	if p.Title != "" {
		s = p.Title + " " + s
	}
	if p.Federation != "" {
		s += " (" + p.Federation + ")"
	}
	return s
}

func ratingText(p sheet.Player) string {
	if p.Rating <= 0 {
		return ""
	}
	return strconv.Itoa(p.Rating)
}

// drawHeader draws the title line and the header fields of a page.
func (d *doc) drawHeader(h header) {
	pg := d.page
	pg.SetDrawColor(black)
	x, y := d.margin, topMargin
	d.fitText(x, y+6.5, d.cw*0.6, h.title, 15, true, black)
	if h.holder >= 0 {
		fig, key := "♔", "print.copy-white"
		if h.holder == int(sheet.BlackCopy) {
			fig, key = "♚", "print.copy-black"
		}
		s := fig + " " + d.l.get(key)
		w := d.textWidth(s, 12, true) + 6
		pg.SetLineWidth(0.6)
		pg.Rect(x+d.cw-w, y, w, 8, "D")
		d.text(x+d.cw-w+3, y+5.8, s, 12, true, black)
	}
	y += titleH
	const dateW, numFieldW, ratingW = 34.0, 20.0, 20.0
	d.field(x, y, d.cw-dateW-2*numFieldW, d.l.get("ui.event.name"), h.event, false)
	d.field(x+d.cw-dateW-2*numFieldW, y, dateW, d.l.get("ui.header.date"), h.date, false)
	d.field(x+d.cw-2*numFieldW, y, numFieldW, d.l.get("ui.header.round"), h.round, false)
	d.field(x+d.cw-numFieldW, y, numFieldW, d.l.get("ui.header.board"), h.board, false)
	y += fieldH
	half := d.cw / 2
	d.field(x, y, half-ratingW, "♔ "+d.l.get("ui.header.white"), playerText(h.white), h.holder == int(sheet.WhiteCopy))
	d.field(x+half-ratingW, y, ratingW, d.l.get("ui.header.rating"), ratingText(h.white), false)
	d.field(x+half, y, half-ratingW, "♚ "+d.l.get("ui.header.black"), playerText(h.black), h.holder == int(sheet.BlackCopy))
	d.field(x+d.cw-ratingW, y, ratingW, d.l.get("ui.header.rating"), ratingText(h.black), false)
	pg.SetLineWidth(0.2)
}

// columns returns the widths of a block's columns: number, move and time
// (0 without clocks).
func (d *doc) columns(clocks bool) (move, clock float64) {
	bw := (d.cw - blockGap) / 2
	if clocks {
		return (bw - numW - 2*clockW) / 2, clockW
	}
	return (bw - numW) / 2, 0
}

// cellBox is where one half-move goes: x of the move column, x of its
// time column, the row's top.
type cellBox struct{ x, clockX, y float64 }

// cell returns the box of the half-move in row r (0..59 on the page) and
// column col (0 White, 1 Black).
func (d *doc) cell(r, col int, clocks bool) cellBox {
	moveW, clockW := d.columns(clocks)
	bw := (d.cw - blockGap) / 2
	x := d.margin + float64(r/rowsPerBlock)*(bw+blockGap) + numW + float64(col)*(moveW+clockW)
	y := d.gridTop + colHeadH + float64(r%rowsPerBlock)*d.rowH
	return cellBox{x: x, clockX: x + moveW, y: y}
}

// drawGrid draws the two blocks of empty move rows, numbered from first.
func (d *doc) drawGrid(first int, clocks bool) {
	pg := d.page
	moveW, clockW := d.columns(clocks)
	bw := (d.cw - blockGap) / 2
	bodyTop := d.gridTop + colHeadH
	bodyH := rowsPerBlock * d.rowH
	for b := 0; b < 2; b++ {
		x := d.margin + float64(b)*(bw+blockGap)
		pg.SetFillColor(rgb{222, 222, 222})
		pg.Rect(x, d.gridTop, bw, colHeadH, "F")
		pg.SetFillColor(rgb{244, 244, 244})
		pg.Rect(x, bodyTop, numW, bodyH, "F")
		// Row lines, a heavier one every ten rows.
		for r := 1; r < rowsPerBlock; r++ {
			w := 0.12
			if r%10 == 0 {
				w = 0.35
			}
			pg.SetLineWidth(w)
			y := bodyTop + float64(r)*d.rowH
			pg.Line(x, y, x+bw, y)
		}
		// Column lines.
		xs := []float64{x + numW}
		cx := x + numW
		for col := 0; col < 2; col++ {
			cx += moveW
			if clockW > 0 {
				xs = append(xs, cx)
				cx += clockW
			}
			if col == 0 {
				xs = append(xs, cx)
			}
		}
		pg.SetLineWidth(0.2)
		for i, lx := range xs {
			if clockW > 0 && i == 2 {
				pg.SetLineWidth(0.45) // between White's and Black's halves
			} else if clockW == 0 && i == 1 {
				pg.SetLineWidth(0.3)
			} else {
				pg.SetLineWidth(0.2)
			}
			pg.Line(lx, d.gridTop, lx, bodyTop+bodyH)
		}
		pg.SetLineWidth(0.25)
		pg.Line(x, bodyTop, x+bw, bodyTop)
		pg.SetLineWidth(0.5)
		pg.Rect(x, d.gridTop, bw, colHeadH+bodyH, "D")
		// Column heads.
		hy := d.gridTop + 4.2
		d.centred(x, hy, numW, d.l.get("print.no"), 7, true, black)
		cx = x + numW
		for col, key := range [2]string{"ui.header.white", "ui.header.black"} {
			_ = col
			d.centred(cx, hy, moveW, d.l.get(key), 8, true, black)
			cx += moveW
			if clockW > 0 {
				d.centred(cx, hy, clockW, d.l.get("print.time"), 6.5, true, black)
				cx += clockW
			}
		}
		// Move numbers.
		regular := chain(false)[0]
		d.useFont(regular, 8)
		pg.SetTextColor(numberGrey)
		for r := 0; r < rowsPerBlock; r++ {
			s := strconv.Itoa(first + b*rowsPerBlock + r)
			pg.Glyphs(x+(numW-d.stringWidth(regular, s, 8))/2, bodyTop+float64(r)*d.rowH+d.rowH*0.7, textPiece{font: regular, text: s})
		}
	}
	pg.SetLineWidth(0.2)
}

// drawResultAndSignatures draws the result boxes, marking result, and
// the signature lines.
func (d *doc) drawResultAndSignatures(result string) {
	pg := d.page
	x, y := d.margin, d.footTop
	d.text(x, y+5.2, d.l.get("ui.header.result"), 9, true, black)
	bx := x + d.textWidth(d.l.get("ui.header.result"), 9, true) + 4
	marked := -1
	switch result {
	case "1-0":
		marked = 0
	case "1/2-1/2", "½-½":
		marked = 1
	case "0-1":
		marked = 2
	}
	for i, s := range [3]string{"1-0", "½-½", "0-1"} {
		if i == marked {
			pg.SetLineWidth(0.8)
			pg.SetFillColor(rgb{215, 215, 215})
			pg.Rect(bx, y, 17, 7.5, "FD")
			d.centred(bx, y+5.4, 17, s, 11, true, black)
		} else {
			pg.SetLineWidth(0.25)
			pg.Rect(bx, y, 17, 7.5, "D")
			d.centred(bx, y+5.4, 17, s, 10, false, textGrey)
		}
		bx += 19
	}
	if marked < 0 && result != "" && result != "*" {
		d.text(bx+2, y+5.4, result, 11, true, black)
	}
	sy := y + 20
	gap := 8.0
	sw := (d.cw - 2*gap) / 3
	pg.SetLineWidth(0.3)
	for i, key := range [3]string{"print.sig-white", "print.sig-black", "ui.arbiter"} {
		sx := x + float64(i)*(sw+gap)
		pg.Line(sx, sy, sx+sw, sy)
		d.text(sx, sy+3.2, d.l.get(key), 6.5, false, labelGrey)
	}
	pg.SetLineWidth(0.2)
}

// drawPageFooter writes the game's identification and the page number.
func (d *doc) drawPageFooter(left, right string) {
	y := d.ph - 5
	d.fitText(d.margin, y, d.cw*0.7, left, 6.5, false, labelGrey)
	if right != "" {
		d.text(d.margin+d.cw-d.textWidth(right, 6.5, false), y, right, 6.5, false, labelGrey)
	}
}

// drawNotes writes footnotes from y on, one a line, with a title line.
func (d *doc) drawNotes(v *gameView, y float64, notes []footnote) {
	x := d.margin
	d.text(x, y+3.5, d.l.get("print.findings"), 8, true, black)
	y += noteTitleH
	for _, n := range notes {
		base := y + 2.6
		mark, c := "•", textGrey
		if n.mark > 0 {
			mark = strconv.Itoa(n.mark)
		}
		if n.severe() {
			c = errorRed
		} else if n.mark > 0 {
			c = warnAmber
		}
		d.text(x, base, mark, 6.8, true, c)
		cx := x + 6
		if n.ply > 0 {
			d.text(cx, base, v.moveLabel(n.ply), 6.8, false, black)
		}
		cx += 11
		switch n.copy {
		case int(sheet.WhiteCopy):
			d.fitText(cx, base, 21, d.l.get("print.copy-white"), 6.8, false, labelGrey)
		case int(sheet.BlackCopy):
			d.fitText(cx, base, 21, d.l.get("print.copy-black"), 6.8, false, labelGrey)
		}
		cx += 22
		if n.written != "" {
			w := n.written
			if !strings.HasPrefix(w, "“") {
				w = quote(w)
			}
			d.fitText(cx, base, 27, w, 6.8, false, black)
		}
		cx += 28
		d.fitText(cx, base, x+d.cw-cx, n.text(d.l), 6.8, false, black)
		y += noteLineH
	}
}

// cornerFlag is the small triangle in the top-left corner of a cell at (x, y).
func cornerFlag(x, y float64) []point {
	return []point{{x, y}, {x + 2, y}, {x, y + 2}}
}
