package export

import (
	"bytes"
	_ "embed"
	"math"
	"sync"

	"github.com/go-text/typesetting/font"
	"github.com/jung-kurt/gofpdf"
)

// DejaVu Sans, from Debian's fonts-dejavu-core 2.37: Latin, Greek,
// Cyrillic, Arabic, Hebrew, Georgian, Armenian names (Đurđević, Müller,
// Крамник) and the chess figurines (U+2654..U+265F). The licence (Bitstream
// Vera, DejaVu changes public domain) ships beside them in fonts/LICENSE
// and in FontLicense.

//go:embed fonts/DejaVuSans.ttf
var dejaVuSans []byte

//go:embed fonts/DejaVuSans-Bold.ttf
var dejaVuSansBold []byte

// CJKFallback.ttf is a subset of Droid Sans Fallback (Debian's
// fonts-droid-fallback, Apache 2.0): the hanzi of GB2312 and Big5's
// frequent characters, the kanji and kana of JIS X 0208, CJK punctuation
// and full-width forms, made by fonts/make-cjk-subset.sh. It draws what
// DejaVu Sans has no glyph for.
//
//go:embed fonts/CJKFallback.ttf
var cjkFallback []byte

// The other fallbacks, made by fonts/make-fallback-fonts.py from Debian's
// packages, each glyph that no code point below U+10000 names aliased by
// one of the Private Use Area so that gofpdf can draw it: Symbola's
// pictographs and emoji (fonts-symbola: free for any use), NanumGothic's
// Hangul syllables of KS X 1001 (fonts-nanum: OFL), Noto Sans Devanagari
// and Noto Sans Thai with their shaping tables (fonts-noto-core: OFL).

//go:embed fonts/EmojiFallback.ttf
var emojiFallback []byte

//go:embed fonts/KoreanFallback.ttf
var koreanFallback []byte

//go:embed fonts/DevanagariFallback.ttf
var devanagariFallback []byte

//go:embed fonts/ThaiFallback.ttf
var thaiFallback []byte

// FontLicense is the licence of the fonts embedded in PDF output, for an
// "about" page or a distribution's notices.
//
//go:embed fonts/LICENSE
var FontLicense string

// fontFamily is the family name the PDF writers give DejaVu Sans.
const fontFamily = "DejaVuSans"

// pdfFont is one embedded face: its bytes for gofpdf, parsed for the
// glyphs it has, their widths and shaping when first asked (parsed, a
// few megabytes, is only made for a font a document uses).
type pdfFont struct {
	family, style string
	data          []byte
	// shape: every run in this font is shaped (its script joins or
	// reorders, or its glyphs are drawn through their aliases).
	shape bool

	once   sync.Once
	parsed *font.Font
	// toRune is, for each glyph that a code point of the Basic
	// Multilingual Plane names, that code point: gofpdf draws a glyph
	// only through one (its text is 16-bit code points), so a shaped
	// glyph (an Arabic letter's joined form) is drawn through the
	// presentation-form code point the font gives it.
	toRune map[font.GID]rune
	// widths are the widths gofpdf gives the characters of the Basic
	// Multilingual Plane, in thousandths of the font size, as it writes
	// them into the PDF and measures text with them: each glyph's advance
	// rounded; 0 for a character the font has not, widthZero for one
	// whose glyph has no advance (TestWidthsAsGofpdf).
	widths []uint16
	// missing is what gofpdf measures a character the font has not as:
	// the advance of glyph 0, rounded, or 500 when that is 0.
	missing int
}

// widthZero marks a character whose glyph has no advance, as gofpdf does.
const widthZero = 65535

// has reports whether f has a glyph for r that gofpdf can draw: one that
// a code point of the Basic Multilingual Plane names.
func (f *pdfFont) has(r rune) bool {
	g, ok := f.font().NominalGlyph(r)
	if ok && r > 0xFFFF {
		_, ok = f.toRune[g]
	}
	return ok
}

// glyphRune returns the code point that names glyph g, if one does.
func (f *pdfFont) glyphRune(g font.GID) (rune, bool) {
	f.font()
	r, ok := f.toRune[g]
	return r, ok
}

var (
	fontsOnce sync.Once
	// fonts: regular, bold, and the fallbacks for both styles.
	fontRegular, fontBold *pdfFont
	fallbacks             []*pdfFont
	chainRegular          []*pdfFont // fontRegular, then the fallbacks
	chainBold             []*pdfFont
)

// loadFonts makes the list of embedded fonts once.
func loadFonts() {
	fontsOnce.Do(func() {
		fontRegular = newFont(fontFamily, "", dejaVuSans)
		fontBold = newFont(fontFamily, "B", dejaVuSansBold)
		fallbacks = []*pdfFont{
			newFont("CJKFallback", "", cjkFallback),
			newFont("KoreanFallback", "", koreanFallback),
			newFont("DevanagariFallback", "", devanagariFallback),
			newFont("ThaiFallback", "", thaiFallback),
			newFont("EmojiFallback", "", emojiFallback),
		}
		for _, f := range fallbacks[2:] {
			f.shape = true
		}
		chainRegular = append([]*pdfFont{fontRegular}, fallbacks...)
		chainBold = append([]*pdfFont{fontBold}, fallbacks...)
	})
}

// font returns f parsed, parsing it the first time; the embedded fonts
// are known good, so a failure is a broken build.
func (f *pdfFont) font() *font.Font {
	f.once.Do(func() {
		face, err := font.ParseTTF(bytes.NewReader(f.data))
		if err != nil {
			panic("export: embedded font " + f.family + f.style + ": " + err.Error())
		}
		f.parsed = face.Font
		f.toRune = bmpNames(face.Font)
		f.widths, f.missing = bmpWidths(face)
	})
	return f.parsed
}

// newFont is an embedded font, parsed when first used.
func newFont(family, style string, data []byte) *pdfFont {
	return &pdfFont{family: family, style: style, data: data}
}

// bmpNames maps each glyph of ft that a code point below U+10000 names
// to that code point.
func bmpNames(ft *font.Font) map[font.GID]rune {
	names := map[font.GID]rune{}
	it := ft.Cmap.Iter()
	for it.Next() {
		r, g := it.Char()
		if r > 0xFFFF {
			continue
		}
		// A glyph named by several code points: the lowest that is not
		// in the Private Use Area, so that the text still reads.
		old, seen := names[g]
		if !seen || (isPrivateUse(old) && !isPrivateUse(r)) || (isPrivateUse(old) == isPrivateUse(r) && r < old) {
			names[g] = r
		}
	}
	return names
}

// bmpWidths returns the widths of the characters of the Basic
// Multilingual Plane in face, and of a missing one, as gofpdf reckons
// them: the advance in font units times 1000 over the units per em,
// rounded.
func bmpWidths(face *font.Face) ([]uint16, int) {
	scale := 1000 / float64(face.Upem())
	round := func(g font.GID) int { return int(math.Round(scale * float64(face.HorizontalAdvance(g)))) }
	widths := make([]uint16, 0x10000)
	it := face.Cmap.Iter()
	for it.Next() {
		r, g := it.Char()
		if r <= 0 || r > 0xFFFF {
			continue
		}
		w := round(g)
		if w == 0 {
			w = widthZero
		}
		widths[r] = uint16(w)
	}
	missing := round(0)
	if missing == 0 {
		missing = 500
	}
	return widths, missing
}

// symbolWidth returns the width of s in f, in thousandths of the font
// size, as gofpdf's GetStringSymbolWidth measures it.
func (f *pdfFont) symbolWidth(s string) int {
	w := 0
	for _, r := range s {
		switch c := f.charWidth(r); {
		case c == widthZero:
		case c > 0:
			w += c
		default:
			w += f.missing
		}
	}
	return w
}

// charWidth returns the width the PDF gives r in f (0 for none), or
// widthZero.
func (f *pdfFont) charWidth(r rune) int {
	f.font()
	if r < 0 || int(r) >= len(f.widths) {
		return 0
	}
	return int(f.widths[r])
}

func isPrivateUse(r rune) bool { return r >= 0xE000 && r <= 0xF8FF }

// chain returns the faces to draw a style with, in order of preference.
func chain(bold bool) []*pdfFont {
	loadFonts()
	if bold {
		return chainBold
	}
	return chainRegular
}

// addFonts registers DejaVu Sans (regular and bold) with pdf; the
// fallback is added when first drawn with (useFont). gofpdf gets its own
// copy of the bytes: some of its versions write into them.
func addFonts(pdf *gofpdf.Fpdf) {
	loadFonts()
	pdf.AddUTF8FontFromBytes(fontFamily, "", append([]byte(nil), dejaVuSans...))
	pdf.AddUTF8FontFromBytes(fontFamily, "B", append([]byte(nil), dejaVuSansBold...))
}
