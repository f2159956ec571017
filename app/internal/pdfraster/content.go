package pdfraster

import (
	"image/color"
)

// matrix is a PDF transformation [a b c d e f]: (x, y) becomes
// (a x + c y + e, b x + d y + f).
type matrix [6]float64

var identity = matrix{1, 0, 0, 1, 0, 0}

// then returns m followed by n (m × n in the PDF's row-vector notation).
func (m matrix) then(n matrix) matrix {
	return matrix{
		m[0]*n[0] + m[1]*n[2], m[0]*n[1] + m[1]*n[3],
		m[2]*n[0] + m[3]*n[2], m[2]*n[1] + m[3]*n[3],
		m[4]*n[0] + m[5]*n[2] + n[4], m[4]*n[1] + m[5]*n[3] + n[5],
	}
}

func (m matrix) apply(x, y float64) (float64, float64) {
	return m[0]*x + m[2]*y + m[4], m[1]*x + m[3]*y + m[5]
}

// gstate is the graphics state q and Q save and restore.
type gstate struct {
	ctm          matrix
	fill, stroke color.NRGBA
	lineWidth    float64
	// The text state (9.3).
	font                              *pdfFont
	size, charSp, wordSp, scale, lead float64
	rise                              float64
}

// maxOperands and maxSaves bound a content stream's stacks.
const (
	maxOperands = 1 << 12
	maxSaves    = 1 << 8
)

// run draws a content stream.
func (r *renderer) run(content []byte) error {
	p := &parser{data: content}
	var ops []any
	for {
		p.skip()
		if p.pos >= len(p.data) {
			return nil
		}
		if c := p.data[p.pos]; isDelim(c) || c == '+' || c == '-' || c == '.' || (c >= '0' && c <= '9') {
			v, err := p.value()
			if err != nil {
				return &Error{Code: CodeBadContent, Offset: p.pos}
			}
			if len(ops) >= maxOperands {
				return &Error{Code: CodeBadContent, Offset: p.pos}
			}
			ops = append(ops, v)
			continue
		}
		at := p.pos
		op := p.token()
		if op == "" {
			return &Error{Code: CodeBadContent, Offset: at}
		}
		if err := r.do(op, ops); err != nil {
			if e, ok := err.(*Error); ok && e.Offset == 0 {
				e.Offset = at
			}
			return err
		}
		ops = ops[:0]
	}
}

// nums reads n numeric operands.
func nums(ops []any, n int) ([]float64, error) {
	if len(ops) < n {
		return nil, &Error{Code: CodeBadContent}
	}
	out := make([]float64, n)
	for i, v := range ops[len(ops)-n:] {
		x, ok := v.(float64)
		if !ok {
			return nil, &Error{Code: CodeBadContent}
		}
		out[i] = x
	}
	return out, nil
}

func gray(v float64) color.NRGBA { return rgbColor(v, v, v) }

func rgbColor(r, g, b float64) color.NRGBA {
	c := func(v float64) uint8 { return uint8(min(1, max(0, v))*255 + 0.5) }
	return color.NRGBA{c(r), c(g), c(b), 0xff}
}

func cmykColor(c, m, y, k float64) color.NRGBA {
	return rgbColor((1-c)*(1-k), (1-m)*(1-k), (1-y)*(1-k))
}

// do runs one operator on its operands.
func (r *renderer) do(op string, ops []any) error {
	switch op {
	case "q":
		if len(r.saved) >= maxSaves {
			return &Error{Code: CodeBadContent}
		}
		r.saved = append(r.saved, r.gs)
	case "Q":
		if n := len(r.saved); n > 0 {
			r.gs, r.saved = r.saved[n-1], r.saved[:n-1]
		}
	case "cm":
		v, err := nums(ops, 6)
		if err != nil {
			return err
		}
		r.gs.ctm = matrix(v).then(r.gs.ctm)
	case "w":
		v, err := nums(ops, 1)
		if err != nil {
			return err
		}
		r.gs.lineWidth = v[0]
	case "J", "j", "M", "d", "ri", "i", "gs", "BDC", "BMC", "EMC", "MP", "DP", "W", "W*", "BX", "EX":
		// Caps, joins, dashes, marked content and clipping: a preview draws
		// lines and text without them.
	case "g", "G", "rg", "RG", "k", "K":
		return r.color(op, ops)
	case "m", "l", "c", "v", "y", "h", "re":
		return r.path(op, ops)
	case "S", "s", "f", "F", "f*", "B", "B*", "b", "b*", "n":
		r.paint(op)
	case "BT", "ET", "Tf", "Td", "TD", "Tm", "T*", "Tc", "Tw", "Tz", "TL", "Ts", "Tr", "Tj", "TJ", "'", "\"":
		return r.text(op, ops)
	default:
		return &Error{Code: CodeUnsupported}
	}
	return nil
}

func (r *renderer) color(op string, ops []any) error {
	n := map[string]int{"g": 1, "G": 1, "rg": 3, "RG": 3, "k": 4, "K": 4}[op]
	v, err := nums(ops, n)
	if err != nil {
		return err
	}
	var c color.NRGBA
	switch n {
	case 1:
		c = gray(v[0])
	case 3:
		c = rgbColor(v[0], v[1], v[2])
	default:
		c = cmykColor(v[0], v[1], v[2], v[3])
	}
	if op == "g" || op == "rg" || op == "k" {
		r.gs.fill = c
	} else {
		r.gs.stroke = c
	}
	return nil
}

// path adds to the current path, in pixels; curves are flattened.
func (r *renderer) path(op string, ops []any) error {
	n := map[string]int{"m": 2, "l": 2, "c": 6, "v": 4, "y": 4, "h": 0, "re": 4}[op]
	v, err := nums(ops, n)
	if err != nil {
		return err
	}
	pt := func(x, y float64) point {
		dx, dy := r.gs.ctm.then(r.dev).apply(x, y)
		return point{dx, dy}
	}
	switch op {
	case "m":
		r.cur = append(r.cur, subpath{pts: []point{pt(v[0], v[1])}})
		r.last = [2]float64{v[0], v[1]}
	case "l":
		r.lineTo(pt(v[0], v[1]))
		r.last = [2]float64{v[0], v[1]}
	case "c", "v", "y":
		p0 := r.last
		var c1, c2, p3 [2]float64
		switch op {
		case "c":
			c1, c2, p3 = [2]float64{v[0], v[1]}, [2]float64{v[2], v[3]}, [2]float64{v[4], v[5]}
		case "v":
			c1, c2, p3 = p0, [2]float64{v[0], v[1]}, [2]float64{v[2], v[3]}
		default:
			c1, c2, p3 = [2]float64{v[0], v[1]}, [2]float64{v[2], v[3]}, [2]float64{v[2], v[3]}
		}
		for i := 1; i <= curveSteps; i++ {
			t := float64(i) / curveSteps
			u := 1 - t
			x := u*u*u*p0[0] + 3*u*u*t*c1[0] + 3*u*t*t*c2[0] + t*t*t*p3[0]
			y := u*u*u*p0[1] + 3*u*u*t*c1[1] + 3*u*t*t*c2[1] + t*t*t*p3[1]
			r.lineTo(pt(x, y))
		}
		r.last = p3
	case "h":
		if n := len(r.cur); n > 0 {
			r.cur[n-1].closed = true
		}
	case "re":
		x, y, w, h := v[0], v[1], v[2], v[3]
		r.cur = append(r.cur, subpath{pts: []point{pt(x, y), pt(x+w, y), pt(x+w, y+h), pt(x, y+h)}, closed: true})
		r.last = [2]float64{x, y}
	}
	return nil
}

// curveSteps is how many lines a Bézier curve is drawn with.
const curveSteps = 16

func (r *renderer) lineTo(p point) {
	if len(r.cur) == 0 {
		r.cur = append(r.cur, subpath{})
	}
	sp := &r.cur[len(r.cur)-1]
	sp.pts = append(sp.pts, p)
}

// paint fills and strokes the current path as op says, then ends it.
func (r *renderer) paint(op string) {
	path := r.cur
	r.cur = nil
	switch op {
	case "s", "b", "b*":
		for i := range path {
			path[i].closed = true
		}
	}
	switch op {
	case "f", "F", "f*", "B", "B*", "b", "b*":
		r.fillPath(path, r.gs.fill)
	}
	switch op {
	case "S", "s", "B", "B*", "b", "b*":
		r.strokePath(path)
	}
}
