package export

import (
	"strings"
	"unicode/utf16"
)

// useFont selects f at size points, registering it with the document the
// first time (the CJK fallback is embedded only in documents that use it).
func (d *doc) useFont(f *pdfFont, size float64) {
	if f.family != fontFamily && !d.added[f] {
		if d.added == nil {
			d.added = map[*pdfFont]bool{}
		}
		d.pdf.AddUTF8FontFromBytes(f.family, f.style, append([]byte(nil), f.data...))
		d.added[f] = true
	}
	d.pdf.SetFont(f.family, f.style, size)
}

// mmPerUnit returns the length in millimetres of a thousandth of size points.
func (d *doc) mmPerUnit(size float64) float64 {
	return size / d.pdf.GetConversionRatio() / 1000
}

// width returns the width of ln at size points, in millimetres.
func (d *doc) width(ln textLine, size float64) float64 {
	return ln.width * d.mmPerUnit(size)
}

// drawLine draws ln with its left end at x on the baseline y.
func (d *doc) drawLine(x, y float64, ln textLine, size float64, c rgb) {
	d.pdf.SetTextColor(c.r, c.g, c.b)
	unit := d.mmPerUnit(size)
	for _, p := range ln.pieces {
		d.useFont(p.font, size)
		if p.glyphs == nil {
			d.pdf.Text(x, y, p.text)
		}
		// Each cluster in a span whose ActualText is what was written,
		// in logical order; a reader puts the clusters of a
		// right-to-left run back in logical order itself.
		for i, g := range p.glyphs {
			if i == 0 || g.cluster != p.glyphs[i-1].cluster {
				if i > 0 {
					d.pdf.RawWriteStr("EMC")
				}
				d.pdf.RawWriteStr("/Span <</ActualText " + pdfTextString(g.actual) + ">> BDC")
			}
			d.pdf.Text(x+g.x*unit, y-g.y*unit, string(g.r))
		}
		if len(p.glyphs) > 0 {
			d.pdf.RawWriteStr("EMC")
		}
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
