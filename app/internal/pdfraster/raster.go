// Package pdfraster draws the first page of a PDF the app wrote (export's
// scoresheets and forms) as an image, for the print preview: with no
// outside program (pdftoppm is not on an arbiter's Windows laptop) and
// the same on every system. It reads what gofpdf writes: the page's
// content stream of paths, rectangles and text in embedded TrueType fonts
// (Type0, Identity-H). It is not a general PDF reader: what it does not
// know (images, shadings, other filters or fonts) is an error, never a
// page drawn wrong without a word.
package pdfraster

import (
	"image"
	"image/color"
	"image/draw"
	"math"
	"strconv"
)

// Error is why a page cannot be drawn: a code, and where in the file
// (the byte offset) when a value does not read.
type Error struct {
	Code   string
	Offset int
	Err    error
}

func (e *Error) Error() string {
	s := e.Code
	if e.Offset > 0 {
		s += " at byte " + strconv.Itoa(e.Offset)
	}
	if e.Err != nil {
		s += ": " + e.Err.Error()
	}
	return s
}

func (e *Error) Unwrap() error { return e.Err }

// The codes of Error.
const (
	CodeNotPDF      = "not-pdf"     // no object in the file
	CodeBadObject   = "bad-object"  // a value that does not read
	CodeBadStream   = "bad-stream"  // a stream that does not inflate
	CodeNoPage      = "no-page"     // no page in the page tree
	CodeBadFont     = "bad-font"    // an embedded font that does not read
	CodeUnsupported = "unsupported" // a filter, font or operator this package does not draw
	CodeTooLarge    = "too-large"   // a page larger than maxPixels at the resolution asked
	CodeBadContent  = "bad-content" // an operator without its operands
)

// maxPixels bounds the image: an A4 page at 300 dpi is 8.7 million.
const maxPixels = 40 << 20

// FirstPage draws the first page at dpi dots per inch on white.
func FirstPage(pdf []byte, dpi float64) (*image.RGBA, error) {
	f, err := parseFile(pdf)
	if err != nil {
		return nil, err
	}
	page, err := f.firstPage()
	if err != nil {
		return nil, err
	}
	box := f.mediaBox(page)
	scale := dpi / 72
	w, h := int(math.Ceil(box[2]*scale)), int(math.Ceil(box[3]*scale)) // as pdftoppm
	if w <= 0 || h <= 0 || float64(w)*float64(h) > maxPixels {
		return nil, &Error{Code: CodeTooLarge}
	}
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.Draw(img, img.Bounds(), image.NewUniform(color.White), image.Point{}, draw.Src)
	content, err := f.contents(page)
	if err != nil {
		return nil, err
	}
	// User space to pixels: the box's corner at the origin, y down.
	dev := matrix{scale, 0, 0, -scale, -box[0] * scale, (box[1] + box[3]) * scale}
	r := newRenderer(f, f.dict(f.inherited(page, "Resources")), img, dev)
	if err := r.run(content); err != nil {
		return nil, err
	}
	return img, nil
}

// firstPage walks the page tree from the catalogue to its first leaf.
func (f *file) firstPage() (dict, error) {
	var root dict
	for _, v := range f.objs {
		if d := f.dict(v); d != nil && d["Type"] == name("Catalog") {
			root = d
			break
		}
	}
	if root == nil {
		return nil, &Error{Code: CodeNoPage}
	}
	node := f.dict(root["Pages"])
	for depth := 0; node != nil && depth < maxDepth; depth++ {
		if node["Type"] == name("Page") {
			return node, nil
		}
		kids := f.array(node["Kids"])
		if len(kids) == 0 {
			break
		}
		child := f.dict(kids[0])
		if child != nil && child["Parent"] == nil {
			child["Parent"] = node // for inherited attributes (a dict reached by value)
		}
		node = child
	}
	return nil, &Error{Code: CodeNoPage}
}

// inherited returns a page attribute, looked up in its parents when the
// page has none (MediaBox, Resources: 7.7.3.4).
func (f *file) inherited(page dict, key name) any {
	for d, depth := page, 0; d != nil && depth < maxDepth; d, depth = f.dict(d["Parent"]), depth+1 {
		if v, ok := d[key]; ok {
			return v
		}
	}
	return nil
}

// mediaBox returns the page's box as x, y, width, height (A4 when it has none).
func (f *file) mediaBox(page dict) [4]float64 {
	a := f.array(f.inherited(page, "MediaBox"))
	var v [4]float64
	if len(a) != 4 {
		return [4]float64{0, 0, 595.28, 841.89}
	}
	for i := range v {
		v[i], _ = f.num(a[i])
	}
	return [4]float64{min(v[0], v[2]), min(v[1], v[3]), abs(v[2] - v[0]), abs(v[3] - v[1])}
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

// contents returns the page's content: one stream, or an array of them
// joined (7.7.3.3).
func (f *file) contents(page dict) ([]byte, error) {
	v := f.resolve(page["Contents"])
	parts, ok := v.([]any)
	if !ok {
		parts = []any{v}
	}
	var out []byte
	for _, p := range parts {
		if f.resolve(p) == nil {
			continue
		}
		b, err := f.data(p)
		if err != nil {
			return nil, err
		}
		out = append(append(out, b...), '\n')
	}
	return out, nil
}
