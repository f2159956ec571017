package export

import (
	"image"
	"image/color"
	"image/draw"
	"math"

	"github.com/go-text/typesetting/font"
	ot "github.com/go-text/typesetting/font/opentype"
	"golang.org/x/image/vector"
)

// imagePage draws the first page of a document on an image, for the
// window's print preview: what pdfPage writes into the PDF, drawn as a
// PDF reader draws it (rules and boxes on whole pixels, at least one
// wide, so that the thinnest rows show at a screen's resolution). Pages
// after the first are not drawn.
type imagePage struct {
	img   *image.RGBA
	px    float64 // pixels a millimetre
	pages int     // begun: only the first is drawn

	lineW             float64 // millimetres
	stroke, fill, ink color.RGBA
	font              *pdfFont
	size              float64
	faces             map[*pdfFont]*font.Face
	ras               vector.Rasterizer
}

// maxPreviewPixels bounds the image: a page at 600 dpi is 35 million.
const maxPreviewPixels = 40 << 20

// newImagePage is a white page of w by h millimetres at dpi dots an inch,
// its size rounded up to whole pixels (as pdftoppm does).
func newImagePage(w, h, dpi float64) *imagePage {
	dpi = min(max(dpi, 1), math.Sqrt(maxPreviewPixels/(w*h))*25.4)
	px := dpi / 25.4
	// A page of 612 points at 110 dpi is 935 pixels, not 935.0000001.
	img := image.NewRGBA(image.Rect(0, 0, int(math.Ceil(w*px-1e-6)), int(math.Ceil(h*px-1e-6))))
	draw.Draw(img, img.Bounds(), image.White, image.Point{}, draw.Src)
	black := color.RGBA{A: 255}
	// gofpdf's defaults: lines 0.2 mm wide, everything black.
	return &imagePage{img: img, px: px, lineW: 0.2, stroke: black, fill: black, ink: black, faces: map[*pdfFont]*font.Face{}}
}

func rgba(c rgb) color.RGBA { return color.RGBA{uint8(c.r), uint8(c.g), uint8(c.b), 255} }

// drawing reports whether the first page is being drawn.
func (p *imagePage) drawing() bool { return p.pages == 1 }

func (p *imagePage) AddPage()                         { p.pages++ }
func (p *imagePage) SetLineWidth(w float64)           { p.lineW = w }
func (p *imagePage) SetDrawColor(c rgb)               { p.stroke = rgba(c) }
func (p *imagePage) SetFillColor(c rgb)               { p.fill = rgba(c) }
func (p *imagePage) SetTextColor(c rgb)               { p.ink = rgba(c) }
func (p *imagePage) SetFont(f *pdfFont, size float64) { p.font, p.size = f, size }

func (p *imagePage) Rect(x, y, w, h float64, style string) {
	box := []point{{x, y}, {x + w, y}, {x + w, y + h}, {x, y + h}}
	if p.drawing() && (style == "F" || style == "FD" || style == "DF") {
		p.fillBox(p.pixels(box), p.fill)
	}
	if style != "F" {
		p.stroke1(box, true)
	}
}

func (p *imagePage) Line(x1, y1, x2, y2 float64) {
	p.stroke1([]point{{x1, y1}, {x2, y2}}, false)
}

func (p *imagePage) Polygon(pts []point, style string) {
	if !p.drawing() || len(pts) < 2 {
		return
	}
	if style == "F" || style == "FD" || style == "DF" {
		p.fillPolygons([][]point{p.pixels(pts)}, p.fill)
	}
	if style == "D" || style == "FD" || style == "DF" || style == "" {
		p.stroke1(pts, true)
	}
}

// pixels returns pts in pixels.
func (p *imagePage) pixels(pts []point) []point {
	out := make([]point, len(pts))
	for i, q := range pts {
		out[i] = point{q.x * p.px, q.y * p.px}
	}
	return out
}

// stroke1 draws the lines from point to point (and back to the first
// when closed) the line width wide: each a rectangle, reaching half the
// width past its ends where the path turns (the corner of a box is
// square, as a PDF's mitred joint is) and not past the ends of an open
// path (a PDF's butt caps). Each is drawn alone: the rasteriser's cost is
// the area it covers, and a box's four sides cover only their own.
func (p *imagePage) stroke1(pts []point, closed bool) {
	if !p.drawing() {
		return
	}
	hw := p.lineW * p.px / 2
	pts = p.pixels(pts)
	if closed {
		pts = append(pts, pts[0])
	}
	for i := 1; i < len(pts); i++ {
		a, b := pts[i-1], pts[i]
		dx, dy := b.x-a.x, b.y-a.y
		l := math.Hypot(dx, dy)
		if l == 0 {
			continue
		}
		ex, ey := dx/l*hw, dy/l*hw // along the segment
		nx, ny := -ey, ex          // across it
		if !closed {
			ex, ey = 0, 0
		}
		quad := []point{
			{a.x - ex + nx, a.y - ey + ny}, {b.x + ex + nx, b.y + ey + ny},
			{b.x + ex - nx, b.y + ey - ny}, {a.x - ex - nx, a.y - ey - ny},
		}
		if dx == 0 || dy == 0 {
			p.fillBox(quad, p.stroke)
		} else {
			p.fillPolygons([][]point{quad}, p.stroke)
		}
	}
}

// fillBox fills the box that pts (in pixels, its corners) bound, its
// edges moved to the nearest pixel's and at least a pixel wide and high,
// as a PDF reader adjusts the rules and boxes of a page to the screen's
// pixels: every line of a grid is as sharp and as dark as the next,
// however thin, instead of a grey smear across two pixels.
func (p *imagePage) fillBox(pts []point, c color.RGBA) {
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, q := range pts {
		minX, minY, maxX, maxY = min(minX, q.x), min(minY, q.y), max(maxX, q.x), max(maxY, q.y)
	}
	x0, y0, x1, y1 := math.Round(minX), math.Round(minY), math.Round(maxX), math.Round(maxY)
	x1, y1 = max(x1, x0+1), max(y1, y0+1)
	r := image.Rect(int(x0), int(y0), int(x1), int(y1)).Intersect(p.img.Bounds())
	draw.Draw(p.img, r, image.NewUniform(c), image.Point{}, draw.Src)
}

// fillPolygons fills polygons given in pixels, non-zero winding, in one
// colour. The rasteriser covers their bounds only: the whole page for
// each would cost its area every time.
func (p *imagePage) fillPolygons(polys [][]point, c color.RGBA) {
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, poly := range polys {
		for _, q := range poly {
			minX, minY, maxX, maxY = min(minX, q.x), min(minY, q.y), max(maxX, q.x), max(maxY, q.y)
		}
	}
	r, ok := p.area(minX, minY, maxX, maxY)
	if !ok {
		return
	}
	ox, oy := float64(r.Min.X), float64(r.Min.Y)
	p.ras.Reset(r.Dx(), r.Dy())
	for _, poly := range polys {
		if len(poly) < 3 {
			continue
		}
		p.ras.MoveTo(float32(poly[0].x-ox), float32(poly[0].y-oy))
		for _, q := range poly[1:] {
			p.ras.LineTo(float32(q.x-ox), float32(q.y-oy))
		}
		p.ras.ClosePath()
	}
	p.ras.Draw(p.img, r, image.NewUniform(c), image.Point{})
}

// area returns the whole pixels that cover a box, within the image.
func (p *imagePage) area(minX, minY, maxX, maxY float64) (image.Rectangle, bool) {
	b := p.img.Bounds()
	r := image.Rect(int(math.Floor(minX)), int(math.Floor(minY)), int(math.Ceil(maxX)), int(math.Ceil(maxY))).Intersect(b)
	return r, !r.Empty()
}

// Glyphs draws a piece's glyphs from the font data: a piece of text one
// character after the other, each advanced by the width the PDF gives
// it, or the glyphs placed by the shaper.
func (p *imagePage) Glyphs(x, y float64, pc textPiece) {
	if !p.drawing() || p.font == nil {
		return
	}
	unit := p.size * 25.4 / 72 / 1000 // millimetres a thousandth of the size
	if pc.glyphs == nil {
		for _, r := range pc.text {
			p.glyph(r, x, y)
			x += float64(p.advance(r)) * unit
		}
		return
	}
	for _, g := range pc.glyphs {
		p.glyph(g.r, x+g.x*unit, y-g.y*unit)
	}
}

// glyph draws the font's glyph for r with its origin at (x, y) in
// millimetres.
func (p *imagePage) glyph(r rune, x, y float64) {
	gid, ok := p.font.font().NominalGlyph(r)
	if !ok {
		return // what the PDF draws as nothing
	}
	var segs []font.Segment
	switch g := p.face().GlyphData(gid).(type) {
	case font.GlyphOutline:
		segs = g.Segments
	case font.GlyphSVG:
		segs = g.Outline.Segments
	case font.GlyphBitmap:
		if g.Outline != nil {
			segs = g.Outline.Segments
		}
	}
	if len(segs) == 0 {
		return
	}
	// Font units, y up, to pixels, y down.
	s := p.size * 25.4 / 72 * p.px / float64(p.font.font().Upem())
	ox, oy := x*p.px, y*p.px
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for i := range segs {
		for _, a := range segs[i].ArgsSlice() {
			gx, gy := ox+float64(a.X)*s, oy-float64(a.Y)*s
			minX, minY, maxX, maxY = min(minX, gx), min(minY, gy), max(maxX, gx), max(maxY, gy)
		}
	}
	rect, ok := p.area(minX, minY, maxX, maxY)
	if !ok {
		return
	}
	// The outline relative to the rasteriser's corner.
	bx, by := ox-float64(rect.Min.X), oy-float64(rect.Min.Y)
	at := func(a font.SegmentPoint) (float32, float32) {
		return float32(bx + float64(a.X)*s), float32(by - float64(a.Y)*s)
	}
	p.ras.Reset(rect.Dx(), rect.Dy())
	open := false
	for _, sg := range segs {
		switch sg.Op {
		case ot.SegmentOpMoveTo:
			if open {
				p.ras.ClosePath()
			}
			p.ras.MoveTo(at(sg.Args[0]))
			open = true
		case ot.SegmentOpLineTo:
			p.ras.LineTo(at(sg.Args[0]))
		case ot.SegmentOpQuadTo:
			x1, y1 := at(sg.Args[0])
			x2, y2 := at(sg.Args[1])
			p.ras.QuadTo(x1, y1, x2, y2)
		case ot.SegmentOpCubeTo:
			x1, y1 := at(sg.Args[0])
			x2, y2 := at(sg.Args[1])
			x3, y3 := at(sg.Args[2])
			p.ras.CubeTo(x1, y1, x2, y2, x3, y3)
		}
	}
	if open {
		p.ras.ClosePath()
	}
	p.ras.Draw(p.img, rect, image.NewUniform(p.ink), image.Point{})
}

// face returns the page's face of the current font (a face caches and
// is not safe for concurrent use).
func (p *imagePage) face() *font.Face {
	face := p.faces[p.font]
	if face == nil {
		face = font.NewFace(p.font.font())
		p.faces[p.font] = face
	}
	return face
}

// advance returns the width the PDF gives r in the current font, in
// thousandths of the font size.
func (p *imagePage) advance(r rune) int {
	if w := p.font.charWidth(r); w != widthZero {
		return w
	}
	return 0
}
