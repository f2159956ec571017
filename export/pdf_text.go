package export

import (
	"unicode"
	"unicode/utf8"
)

// Text on a page is laid out here before gofpdf draws it, because gofpdf
// alone draws code points of the Basic Multilingual Plane left to right in
// one font, and panics on one beyond it. A line of text is cut into
// pieces, each in one font and one direction (a simplified Unicode
// bidirectional algorithm for a left-to-right page: Arabic and Hebrew
// words and the numbers and blanks between them run right to left), the
// pieces in visual order. Arabic, Hebrew, combining marks and the like
// are shaped with HarfBuzz (pdf_shape.go); a character that no embedded
// font has is drawn as U+FFFD. Wherever what is drawn does not read back
// as what was written (right-to-left order, joined forms, a replacement),
// the piece carries the written text as the PDF's ActualText, so that
// copying or pdftotext gives the name as written.

// textLine is a line of text as it is drawn: pieces from left to right.
type textLine struct {
	pieces []textPiece
	width  float64 // in thousandths of the font size
}

// textPiece is part of a line drawn in one font.
type textPiece struct {
	font   *pdfFont
	text   string        // drawn by one gofpdf Text call when glyphs is nil
	glyphs []placedGlyph // drawn one by one (shaped text, replacements)
	width  float64       // in thousandths of the font size
}

// placedGlyph is one drawn glyph: the code point that names it for
// gofpdf, where it goes from the piece's start, and the characters as
// written of the cluster it belongs to (a letter and its marks, a
// ligature's letters), which the first glyph of a cluster carries as
// ActualText for all of the cluster's glyphs.
type placedGlyph struct {
	r       rune
	x, y    float64 // thousandths of the font size; y upwards
	cluster int     // the index of the cluster's first character
	actual  string
}

// replacement is drawn for a character no embedded font has.
const replacement = '\uFFFD'

// printable returns the runes of s as printed: a byte that is not UTF-8
// as U+FFFD, tabs and line breaks as blanks, other control characters as
// U+FFFD. Nothing else changes.
func printable(s string) []rune {
	out := make([]rune, 0, len(s))
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		i += n
		switch {
		case r == '\t' || r == '\n' || r == '\r' || r == '\v' || r == '\f' || r == 0x85 || r == 0x2028 || r == 0x2029:
			r = ' '
		case unicode.IsControl(r):
			r = replacement
		}
		out = append(out, r)
	}
	return out
}

// item is a run of runes (logical order) with one level and one font.
type item struct {
	runes []rune
	level int
	font  *pdfFont // nil: no embedded font has them
}

// lineOf lays out s (one line) in the regular or bold chain of fonts.
func (d *doc) lineOf(s string, bold bool) textLine {
	return d.layoutRunes(printable(s), bold)
}

func (d *doc) layoutRunes(rs []rune, bold bool) textLine {
	if len(rs) == 0 {
		return textLine{}
	}
	fs := chain(bold)
	if simpleLatin(rs) { // most labels and names: one piece in DejaVu Sans
		p := d.plainPiece(rs, fs[0])
		return textLine{pieces: []textPiece{p}, width: p.width}
	}
	levels := bidiLevels(rs)
	fonts := chooseFonts(rs, fs)
	var items []item
	start := 0
	for i := 1; i <= len(rs); i++ {
		if i == len(rs) || levels[i] != levels[start] || fonts[i] != fonts[start] {
			items = append(items, item{runes: rs[start:i], level: levels[start], font: fonts[start]})
			start = i
		}
	}
	items = visualOrder(items)
	var ln textLine
	for _, it := range items {
		p := d.piece(it, bold)
		ln.width += p.width
		ln.pieces = append(ln.pieces, p)
	}
	return ln
}

// piece makes the drawn form of one item.
func (d *doc) piece(it item, bold bool) textPiece {
	if it.font == nil {
		return d.missingPiece(it.runes, bold)
	}
	if it.level%2 == 1 || it.font.shape || needsShaping(it.runes) {
		return d.shapedPiece(it)
	}
	return d.plainPiece(it.runes, it.font)
}

// plainPiece is rs drawn in f as they are, one code point after another.
// Measuring selects f at 10 points, as it has since it was gofpdf's to
// measure: the PDF keeps the selection (its bytes are unchanged).
func (d *doc) plainPiece(rs []rune, f *pdfFont) textPiece {
	p := textPiece{font: f, text: string(rs)}
	d.useFont(f, 10)
	p.width = float64(f.symbolWidth(p.text))
	return p
}

// simpleLatin reports whether every rune of rs is printable and below
// U+0250 (Latin, Latin-1, Latin Extended A and B), all of which both
// faces of DejaVu Sans have (TestSimpleLatinCovered).
func simpleLatin(rs []rune) bool {
	for _, r := range rs {
		if r >= 0x0250 || r < 0x20 || (r >= 0x7F && r < 0xA0) {
			return false
		}
	}
	return true
}

// missingPiece draws one U+FFFD in the regular or bold face for each
// character cluster no font has (a letter with its marks, an emoji with
// its modifiers), with the written text as ActualText.
func (d *doc) missingPiece(rs []rune, bold bool) textPiece {
	f := chain(bold)[0]
	d.useFont(f, 10)
	w := float64(f.symbolWidth(string(replacement)))
	p := textPiece{font: f}
	for i := 0; i < len(rs); {
		j := i + 1
		for j < len(rs) && extendsCluster(rs[j], rs[j-1]) {
			j++
		}
		p.glyphs = append(p.glyphs, placedGlyph{r: replacement, x: p.width, cluster: i, actual: string(rs[i:j])})
		p.width += w
		i = j
	}
	return p
}

// extendsCluster reports whether r belongs to the character before it:
// a combining mark, a joiner, a variation selector, an emoji modifier,
// or whatever follows a zero-width joiner.
func extendsCluster(r, prev rune) bool {
	return unicode.In(r, unicode.Mn, unicode.Me, unicode.Mc) || r == 0x200D || prev == 0x200D ||
		(r >= 0xFE00 && r <= 0xFE0F) || (r >= 0xE0100 && r <= 0xE01EF) || (r >= 0x1F3FB && r <= 0x1F3FF) ||
		(r >= 0xE0020 && r <= 0xE007F)
}

// chooseFonts picks for each rune the first font of fs that has it; a
// mark or a joiner goes with the rune before it, so that a letter and
// its marks are shaped together. nil: no font has it.
func chooseFonts(rs []rune, fs []*pdfFont) []*pdfFont {
	out := make([]*pdfFont, len(rs))
	for i, r := range rs {
		if i > 0 && extendsCluster(r, rs[i-1]) {
			out[i] = out[i-1]
			continue
		}
		for _, f := range fs {
			if f.has(r) {
				out[i] = f
				break
			}
		}
	}
	return out
}

// needsShaping reports whether rs has characters that are not drawn one
// code point after the other: a script that joins or reorders, marks,
// format characters.
func needsShaping(rs []rune) bool {
	for _, r := range rs {
		if r > 0xFFFF { // drawn through the code point that aliases its glyph
			return true
		}
		if r >= 0x0300 && (unicode.In(r, unicode.Mn, unicode.Me, unicode.Mc, unicode.Cf) ||
			unicode.In(r, unicode.Arabic, unicode.Hebrew, unicode.Syriac, unicode.Thaana, unicode.Nko)) {
			return true
		}
	}
	return false
}
