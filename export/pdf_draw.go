package export

import (
	"strings"
	"unicode/utf16"
)

// useFont selects f at size points, to measure or draw text with.
func (d *doc) useFont(f *pdfFont, size float64) { d.page.SetFont(f, size) }

// mmPerUnit returns the length in millimetres of a thousandth of size points.
func (d *doc) mmPerUnit(size float64) float64 { return mmPerUnit(d.pdf, size) }

// stringWidth returns the width of s in f at size points, in
// millimetres, reckoned as gofpdf's GetStringWidth.
func (d *doc) stringWidth(f *pdfFont, s string, size float64) float64 {
	return float64(f.symbolWidth(s)) * (size / d.pdf.GetConversionRatio()) / 1000
}

// width returns the width of ln at size points, in millimetres.
func (d *doc) width(ln textLine, size float64) float64 {
	return ln.width * d.mmPerUnit(size)
}

// drawLine draws ln with its left end at x on the baseline y.
func (d *doc) drawLine(x, y float64, ln textLine, size float64, c rgb) {
	d.page.SetTextColor(c)
	unit := d.mmPerUnit(size)
	for _, p := range ln.pieces {
		d.useFont(p.font, size)
		d.page.Glyphs(x, y, p)
		x += p.width * unit
	}
}

// pdfTextString returns s as a PDF text string: UTF-16BE with its byte
// order mark, in hexadecimal (no character needs escaping).
func pdfTextString(s string) string {
	var b strings.Builder
	b.WriteString("<FEFF")
	const hex = "0123456789ABCDEF"
	for _, u := range utf16.Encode([]rune(s)) {
		b.WriteByte(hex[u>>12])
		b.WriteByte(hex[u>>8&15])
		b.WriteByte(hex[u>>4&15])
		b.WriteByte(hex[u&15])
	}
	b.WriteByte('>')
	return b.String()
}

// fitRunes is more characters than any box of a page holds at minFont.
const fitRunes = 400

// fit lays s out at the largest size up to size at which it fits in
// width w, cut short with "…" when even the smallest is too wide.
func (d *doc) fit(s string, w, size float64, bold bool) (textLine, float64) {
	rs := printable(s)
	// A text of thousands of characters cannot fit in a box of a page:
	// when its beginning is already too wide at the smallest size, only
	// that beginning is laid out.
	if len(rs) > fitRunes && d.width(d.layoutRunes(rs[:fitRunes], bold), minFont) > w {
		rs = rs[:fitRunes]
	} else {
		ln := d.layoutRunes(rs, bold)
		sw := d.width(ln, size)
		if sw <= w {
			return ln, size
		}
		if fs := size * w / sw; fs >= minFont {
			return ln, fs
		}
	}
	// The longest beginning that fits with "…": widths grow with the
	// length, so a binary search.
	lo, hi := min(1, len(rs)), len(rs) // at least one character, as before
	for hi-lo > 1 {
		mid := (lo + hi) / 2
		if d.width(d.layoutRunes(append(rs[:mid:mid], '…'), bold), minFont) <= w {
			lo = mid
		} else {
			hi = mid
		}
	}
	return d.layoutRunes(append(rs[:lo:lo], '…'), bold), minFont
}
