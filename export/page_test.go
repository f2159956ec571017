package export

import (
	"testing"
	"unicode/utf8"

	"github.com/jung-kurt/gofpdf"
)

// The layout measures text with the fonts' widths as gofpdf reckons them
// (pdfFont.symbolWidth), and the preview advances its glyphs by them:
// for every character of the Basic Multilingual Plane, in every embedded
// font, they are gofpdf's.
func TestWidthsAsGofpdf(t *testing.T) {
	loadFonts()
	for _, f := range append([]*pdfFont{fontRegular, fontBold}, fallbacks...) {
		pdf := gofpdf.New("P", "mm", "A4", "")
		pdf.AddUTF8FontFromBytes(f.family, f.style, append([]byte(nil), f.data...))
		pdf.SetFont(f.family, f.style, 10)
		if err := pdf.Error(); err != nil {
			t.Fatal(err)
		}
		bad, known := 0, 0
		// 1: gofpdf counts the characters of a font as the width of U+0000,
		// which printable never lets through.
		for r := rune(1); r <= 0xFFFF; r++ {
			if !utf8.ValidRune(r) {
				continue // surrogates: not characters
			}
			s := string(r)
			got, want := f.symbolWidth(s), pdf.GetStringSymbolWidth(s)
			if f.charWidth(r) > 0 {
				known++
			}
			if got != want {
				if bad++; bad <= 5 {
					t.Errorf("%s%s U+%04X: width %d, gofpdf %d", f.family, f.style, r, got, want)
				}
			}
		}
		if bad > 0 || known < 100 {
			t.Errorf("%s%s: %d of %d characters measured otherwise than by gofpdf", f.family, f.style, bad, known)
		}
		if got, want := (&doc{pdf: pdf}).stringWidth(f, "Ab 12", 8), func() float64 { pdf.SetFont(f.family, f.style, 8); return pdf.GetStringWidth("Ab 12") }(); got != want {
			t.Errorf("%s%s: %v mm wide, gofpdf %v", f.family, f.style, got, want)
		}
	}
}
