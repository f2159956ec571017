package export

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// recording is the third side of the page interface (page.go), beside
// the PDF and the image: the layout's drawing on the pages written down
// as text, so that a reviewer reads and diffs a printed document as
// words and millimetres instead of compressed PDF bytes. The golden tests
// of the PDF writers record through it (testdata/*.golden.txt), and the
// preview's test compares with it what the PDF and the image are given.
//
// One line for each AddPage and each mark drawn (Rect, Line, Polygon,
// Glyphs), in millimetres from the page's top-left corner. A mark's line
// carries the state it is drawn with (font and size, line width,
// colours), so that it reads alone and a diff shows every mark that
// changed: the calls that set the state (SetFont, SetLineWidth,
// Set*Color) are no lines of their own (the layout selects fonts to
// measure text too, which draws nothing). A colour is written as #rrggbb
// where it is not black, and a fill's always.
//
//	page 2                          AddPage, pages numbered from 1
//	rect X Y W H D WIDTH [stroke C] Rect outlined (F: filled, fill C; FD: both)
//	line X1 Y1 X2 Y2 WIDTH [stroke C]
//	polygon F fill C X,Y X,Y …      Polygon (D: outlined, WIDTH [stroke C])
//	text X Y "written" FONT SIZE [ink C]
//	                                Glyphs of a piece drawn as one text: X Y
//	                                its origin on the baseline, FONT the
//	                                family and -style, SIZE in points
//	glyphs X Y "written" FONT SIZE [ink C]: 'r'@DX,DY …
//	                                Glyphs of a shaped piece: what was
//	                                written (its clusters' ActualText, in
//	                                logical order), then each glyph drawn,
//	                                at its offset in thousandths of the size
type recording struct {
	b     strings.Builder
	pages int
	// exact writes numbers with every digit Go gives them (comparing two
	// sides' calls); otherwise to 0.01 mm, the golden files' precision.
	exact bool
}

// page returns a page that writes into r, then passes every call on to
// next (the PDF's page, or the image's). A document of several gofpdf
// documents (a long one, pdf_join.go) gets one page each, all writing
// into r: its pages are numbered on.
func (r *recording) page(next page) page {
	// gofpdf's defaults: lines 0.2 mm wide, everything black.
	return &recordPage{r: r, next: next, width: 0.2}
}

// String returns the recording, a line a page begun or a mark drawn.
func (r *recording) String() string { return r.b.String() }

// line writes one line of fields.
func (r *recording) line(fields ...string) {
	r.b.WriteString(strings.Join(fields, " "))
	r.b.WriteByte('\n')
}

// num writes a length (or a size) to 0.01, or exactly.
func (r *recording) num(v float64) string {
	if r.exact {
		return strconv.FormatFloat(v, 'g', -1, 64)
	}
	s := strconv.FormatFloat(v, 'f', 2, 64)
	if s == "-0.00" {
		return "0.00"
	}
	return s
}

// recordPage is one document's page drawn into a recording: it keeps
// the state the marks are drawn with.
type recordPage struct {
	r                 *recording
	next              page
	font              *pdfFont
	size, width       float64
	stroke, fill, ink rgb
}

func (p *recordPage) AddPage() {
	p.r.pages++
	p.r.line("page", strconv.Itoa(p.r.pages))
	p.next.AddPage()
}

func (p *recordPage) SetLineWidth(w float64) { p.width = w; p.next.SetLineWidth(w) }
func (p *recordPage) SetDrawColor(c rgb)     { p.stroke = c; p.next.SetDrawColor(c) }
func (p *recordPage) SetFillColor(c rgb)     { p.fill = c; p.next.SetFillColor(c) }
func (p *recordPage) SetTextColor(c rgb)     { p.ink = c; p.next.SetTextColor(c) }

func (p *recordPage) SetFont(f *pdfFont, size float64) {
	p.font, p.size = f, size
	p.next.SetFont(f, size)
}

func (p *recordPage) Rect(x, y, w, h float64, style string) {
	n := p.r.num
	p.r.line(append([]string{"rect", n(x), n(y), n(w), n(h), style}, p.paint(style)...)...)
	p.next.Rect(x, y, w, h, style)
}

func (p *recordPage) Line(x1, y1, x2, y2 float64) {
	n := p.r.num
	p.r.line(append([]string{"line", n(x1), n(y1), n(x2), n(y2)}, p.paint("D")...)...)
	p.next.Line(x1, y1, x2, y2)
}

func (p *recordPage) Polygon(pts []point, style string) {
	fields := append([]string{"polygon", style}, p.paint(style)...)
	for _, q := range pts {
		fields = append(fields, p.r.num(q.x)+","+p.r.num(q.y))
	}
	p.r.line(fields...)
	p.next.Polygon(pts, style)
}

func (p *recordPage) Glyphs(x, y float64, pc textPiece) {
	n := p.r.num
	head := []string{"text", n(x), n(y), strconv.Quote(pc.text), p.fontName(), n(p.size)}
	head = append(head, colourField("ink", p.ink, false)...)
	if pc.glyphs == nil {
		p.r.line(head...)
	} else {
		head[0], head[3] = "glyphs", strconv.Quote(written(pc.glyphs))
		head[len(head)-1] += ":"
		for _, g := range pc.glyphs {
			head = append(head, fmt.Sprintf("%q@%s,%s", g.r, n(g.x), n(g.y)))
		}
		p.r.line(head...)
	}
	p.next.Glyphs(x, y, pc)
}

// paint returns the fields of what a mark of style (D, F, FD) is drawn
// with: the fill's colour, the outline's width and colour.
func (p *recordPage) paint(style string) []string {
	var out []string
	if strings.Contains(style, "F") {
		out = append(out, colourField("fill", p.fill, true)...)
	}
	if strings.Contains(style, "D") {
		out = append(out, p.r.num(p.width))
		out = append(out, colourField("stroke", p.stroke, false)...)
	}
	return out
}

// written returns what a shaped piece's glyphs write: its clusters'
// characters in logical order (the glyphs are in visual order).
func written(gs []placedGlyph) string {
	byCluster := map[int]string{}
	var order []int
	for _, g := range gs {
		if _, ok := byCluster[g.cluster]; !ok {
			order = append(order, g.cluster)
			byCluster[g.cluster] = g.actual
		}
	}
	sort.Ints(order)
	var b strings.Builder
	for _, c := range order {
		b.WriteString(byCluster[c])
	}
	return b.String()
}

// fontName is the selected font as "family" or "family-style".
func (p *recordPage) fontName() string {
	switch {
	case p.font == nil:
		return "-"
	case p.font.style == "":
		return p.font.family
	default:
		return p.font.family + "-" + p.font.style
	}
}

// colourField returns name and the colour as #rrggbb, or nothing for
// black unless always.
func colourField(name string, c rgb, always bool) []string {
	if c == black && !always {
		return nil
	}
	return []string{name, fmt.Sprintf("#%02x%02x%02x", c.r, c.g, c.b)}
}
