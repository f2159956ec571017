package pdfraster

import (
	"image"
	"image/color"
	"math"

	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"
)

type point struct{ x, y float64 }

type subpath struct {
	pts    []point
	closed bool
}

// renderer draws a page's content into img; dev takes user space to
// pixels.
type renderer struct {
	f         *file
	res       dict
	img       *image.RGBA
	dev       matrix
	gs        gstate
	saved     []gstate
	tx        textObj
	invisible bool
	cur       []subpath
	last      [2]float64
	fonts     map[name]*pdfFont
	ras       vector.Rasterizer
}

func newRenderer(f *file, res dict, img *image.RGBA, dev matrix) *renderer {
	return &renderer{
		f: f, res: res, img: img, dev: dev, fonts: map[name]*pdfFont{},
		gs: gstate{ctm: identity, fill: gray(0), stroke: gray(0), lineWidth: 1, scale: 100},
	}
}

// polygons fills polygons (each closed) in one colour. The rasteriser
// covers their bounds only: a page-sized one for each glyph would cost
// the whole page every time.
func (r *renderer) polygons(polys [][]point, c color.NRGBA) {
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, poly := range polys {
		for _, p := range poly {
			minX, minY, maxX, maxY = min(minX, p.x), min(minY, p.y), max(maxX, p.x), max(maxY, p.y)
		}
	}
	b := r.img.Bounds()
	x0, y0 := max(b.Min.X, int(math.Floor(minX))), max(b.Min.Y, int(math.Floor(minY)))
	x1, y1 := min(b.Max.X, int(math.Ceil(maxX))), min(b.Max.Y, int(math.Ceil(maxY)))
	if x1 <= x0 || y1 <= y0 {
		return
	}
	ox, oy := float64(x0), float64(y0)
	r.ras.Reset(x1-x0, y1-y0)
	for _, poly := range polys {
		if len(poly) < 3 {
			continue
		}
		r.ras.MoveTo(float32(poly[0].x-ox), float32(poly[0].y-oy))
		for _, p := range poly[1:] {
			r.ras.LineTo(float32(p.x-ox), float32(p.y-oy))
		}
		r.ras.ClosePath()
	}
	r.ras.Draw(r.img, image.Rect(x0, y0, x1, y1), image.NewUniform(c), image.Point{})
}

// fillPath fills a path's subpaths (non-zero winding; even-odd fills are
// drawn the same, which differs only where a path crosses itself).
func (r *renderer) fillPath(path []subpath, c color.NRGBA) {
	var polys [][]point
	for _, sp := range path {
		polys = append(polys, sp.pts)
	}
	r.polygons(polys, c)
}

// strokePath draws each segment as a rectangle the line's width wide,
// reaching half the width past its ends (square caps: the corners of a
// box meet). Every rectangle turns the same way round, so that where two
// overlap the winding adds up and does not cancel.
func (r *renderer) strokePath(path []subpath) {
	// The line's width in pixels: its user-space width through the CTM,
	// at least one pixel so that hairlines show.
	m := r.gs.ctm.then(r.dev)
	hw := max(1, r.gs.lineWidth*math.Sqrt(math.Abs(m[0]*m[3]-m[1]*m[2]))) / 2
	var quads [][]point
	for _, sp := range path {
		pts := sp.pts
		if sp.closed && len(pts) > 1 {
			pts = append(pts[:len(pts):len(pts)], pts[0])
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
			quads = append(quads, []point{
				{a.x - ex + nx, a.y - ey + ny}, {b.x + ex + nx, b.y + ey + ny},
				{b.x + ex - nx, b.y + ey - ny}, {a.x - ex - nx, a.y - ey - ny},
			})
		}
	}
	r.polygons(quads, r.gs.stroke)
}

// glyph draws a character's glyph through the text rendering matrix trm
// (glyph space in ems to pixels).
func (r *renderer) glyph(pf *pdfFont, cid int, trm matrix) error {
	segs, err := pf.sf.LoadGlyph(&pf.buf, pf.glyph(cid), fixed.Int26_6(pf.upem*64), nil)
	if err != nil {
		if err == sfnt.ErrNotFound {
			return nil // a glyph the font has not: nothing drawn, as a PDF reader does
		}
		return &Error{Code: CodeBadFont, Err: err}
	}
	// sfnt gives font units, y down; glyph space is in ems, y up.
	pt := func(p fixed.Point26_6) point {
		x, y := trm.apply(float64(p.X)/64/pf.upem, -float64(p.Y)/64/pf.upem)
		return point{x, y}
	}
	var polys [][]point
	var cur point
	for _, s := range segs {
		switch s.Op {
		case sfnt.SegmentOpMoveTo:
			cur = pt(s.Args[0])
			polys = append(polys, []point{cur})
			continue
		case sfnt.SegmentOpLineTo:
			cur = pt(s.Args[0])
			if len(polys) > 0 {
				polys[len(polys)-1] = append(polys[len(polys)-1], cur)
			}
			continue
		}
		if len(polys) == 0 {
			continue
		}
		// Curves are flattened like the page's own.
		c1, c2, end := pt(s.Args[0]), pt(s.Args[1]), pt(s.Args[2])
		if s.Op == sfnt.SegmentOpQuadTo {
			end = c2
		}
		p0 := cur
		last := &polys[len(polys)-1]
		for i := 1; i <= glyphSteps; i++ {
			t := float64(i) / glyphSteps
			u := 1 - t
			var x, y float64
			if s.Op == sfnt.SegmentOpQuadTo {
				x = u*u*p0.x + 2*u*t*c1.x + t*t*end.x
				y = u*u*p0.y + 2*u*t*c1.y + t*t*end.y
			} else {
				x = u*u*u*p0.x + 3*u*u*t*c1.x + 3*u*t*t*c2.x + t*t*t*end.x
				y = u*u*u*p0.y + 3*u*u*t*c1.y + 3*u*t*t*c2.y + t*t*t*end.y
			}
			*last = append(*last, point{x, y})
		}
		cur = end
	}
	r.polygons(polys, r.gs.fill)
	return nil
}

// glyphSteps is how many lines a glyph's curve is drawn with: at the
// preview's sizes a curve spans a few pixels.
const glyphSteps = 4
