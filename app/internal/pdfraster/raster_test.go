package pdfraster

import (
	"bytes"
	"errors"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"scoresheet/export"
	"scoresheet/rules"
	"scoresheet/sheet"
)

var fixedDate = time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)

func cells(text string) []sheet.Cell {
	var out []sheet.Cell
	for _, w := range strings.Fields(text) {
		out = append(out, sheet.Cell{Text: w})
	}
	return out
}

// pages are PDFs export writes: a filled scoresheet with figurines and
// footnotes (the copies differ), one with names in other scripts on
// Letter paper, and a blank form.
func pages(t testing.TB) map[string][]byte {
	t.Helper()
	ev := &sheet.Event{Name: "Zagreb Open", Site: "Zagreb", StartDate: "2026.11.22", Rounds: []sheet.Round{{Number: 1}}}
	g := sheet.Game{Round: 1, Board: 1, Result: "1/2-1/2",
		White: sheet.Player{Name: "Đurđević, Milan", Rating: 2381}, Black: sheet.Player{Name: "Müller, Jürgen", Rating: 2217}}
	g.Copies[0] = sheet.Copy{Lang: "de", Cells: cells("e4 e5 Sf3 Sc6 Lb5 a6 La4 Sf6 0-0 Le7 Te1 b5 Lb3 d6 c3 0-0")}
	g.Copies[1] = sheet.Copy{Lang: "en", Cells: cells("e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 N5")}
	scripts := g
	scripts.White.Name, scripts.Black.Name = "丁立人", "عبد الله المحمد"
	out := map[string][]byte{}
	write := func(key string, fn func(*bytes.Buffer) error) {
		var buf bytes.Buffer
		if err := fn(&buf); err != nil {
			t.Fatal(err)
		}
		out[key] = buf.Bytes()
	}
	write("filled", func(b *bytes.Buffer) error {
		return export.WritePDF(b, ev, []sheet.Game{g}, export.PDFOptions{Notation: rules.FigurineNotation, CreationDate: &fixedDate})
	})
	write("scripts-letter", func(b *bytes.Buffer) error {
		return export.WritePDF(b, ev, []sheet.Game{scripts}, export.PDFOptions{Paper: export.Letter, CreationDate: &fixedDate})
	})
	write("form", func(b *bytes.Buffer) error {
		return export.WriteForms(b, ev, []sheet.Game{g}, export.PDFOptions{Lang: "de", CreationDate: &fixedDate})
	})
	return out
}

// gray returns pixel (x, y) of img as a grey level.
func grayAt(img image.Image, x, y int) float64 {
	r, g, b, _ := img.At(x, y).RGBA()
	return float64(r+g+b) / 3 / 257
}

// blocks averages img's grey over squares of n pixels: the two drawings
// agree where their blocks do, whatever either's anti-aliasing.
func blocks(img image.Image, n int) [][]float64 {
	b := img.Bounds()
	var out [][]float64
	for y := b.Min.Y; y+n <= b.Max.Y; y += n {
		var row []float64
		for x := b.Min.X; x+n <= b.Max.X; x += n {
			s := 0.0
			for dy := 0; dy < n; dy++ {
				for dx := 0; dx < n; dx++ {
					s += grayAt(img, x+dx, y+dy)
				}
			}
			row = append(row, s/float64(n*n))
		}
		out = append(out, row)
	}
	return out
}

// TestFirstPageAsPdftoppm draws each page and pdftoppm's drawing of it
// (poppler, the reference; needed by this test only) at 72 dpi: their
// 4x4-pixel blocks agree, and the page is not blank.
func TestFirstPageAsPdftoppm(t *testing.T) {
	tool, err := exec.LookPath("pdftoppm")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("pdftoppm is missing (install poppler-utils)")
		}
		t.Skip("pdftoppm is missing (install poppler-utils)")
	}
	for key, pdf := range pages(t) {
		t.Run(key, func(t *testing.T) {
			ours, err := FirstPage(pdf, 72)
			if err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			in := filepath.Join(dir, "in.pdf")
			if err := os.WriteFile(in, pdf, 0o600); err != nil {
				t.Fatal(err)
			}
			if out, err := exec.Command(tool, "-png", "-r", "72", "-f", "1", "-l", "1", "-singlefile", in, filepath.Join(dir, "ref")).CombinedOutput(); err != nil {
				t.Fatalf("pdftoppm: %v %s", err, out)
			}
			f, err := os.Open(filepath.Join(dir, "ref.png"))
			if err != nil {
				t.Fatal(err)
			}
			ref, err := png.Decode(f)
			f.Close()
			if err != nil {
				t.Fatal(err)
			}
			ob, rb := ours.Bounds(), ref.Bounds()
			if abs(float64(ob.Dx()-rb.Dx())) > 1 || abs(float64(ob.Dy()-rb.Dy())) > 1 {
				t.Fatalf("page %v, pdftoppm's %v", ob, rb)
			}
			a, b := blocks(ours, 4), blocks(ref, 4)
			var bad, inked, total int
			var worst float64
			for y := range min(len(a), len(b)) {
				for x := range min(len(a[y]), len(b[y])) {
					d := abs(a[y][x] - b[y][x])
					worst = max(worst, d)
					if d > 48 {
						bad++
					}
					if b[y][x] < 200 {
						inked++
					}
					total++
				}
			}
			if d := os.Getenv("PDFRASTER_DUMP"); d != "" {
				fo, _ := os.Create(filepath.Join(d, key+"-ours.png"))
				png.Encode(fo, ours)
				fo.Close()
				fr, _ := os.Create(filepath.Join(d, key+"-ref.png"))
				png.Encode(fr, ref)
				fr.Close()
			}
			t.Logf("%d of %d blocks differ by more than 48 grey levels (worst %.0f); %d inked", bad, total, worst, inked)
			if inked < total/100 {
				t.Fatalf("pdftoppm's page has %d inked blocks of %d: not a scoresheet", inked, total)
			}
			// Lines land on pixels a little differently (a hairline is one
			// pixel here, two lighter ones there): a few blocks differ by
			// some grey. Text left out, or drawn elsewhere, differs in more
			// than 10% of the inked blocks and by 200 grey levels.
			if bad > inked/16 || worst > 120 {
				t.Errorf("%d blocks differ from pdftoppm's by more than 48 grey levels (of %d inked), worst by %.0f", bad, inked, worst)
			}
		})
	}
}

// TestFirstPageSize: A4 and Letter at 110 dpi, as the preview draws them
// (rounded up, as pdftoppm does).
func TestFirstPageSize(t *testing.T) {
	p := pages(t)
	for key, want := range map[string]image.Point{"filled": {910, 1287}, "scripts-letter": {935, 1210}} {
		img, err := FirstPage(p[key], 110)
		if err != nil {
			t.Fatal(err)
		}
		if got := img.Bounds().Size(); got != want {
			t.Errorf("%s: %v, want %v", key, got, want)
		}
	}
}

// testPage is a one-page PDF of 200x100 points that draws content.
func testPage(content string) []byte {
	return []byte("%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n" +
		"2 0 obj <</Type /Pages /Kids [3 0 R] /Count 1 /MediaBox [0 0 200 100]>> endobj\n" +
		"3 0 obj <</Type /Page /Parent 2 0 R /Contents 4 0 R /Resources <<>>>> endobj\n" +
		"4 0 obj <</Length " + strconv.Itoa(len(content)) + ">>\nstream\n" + content + "\nendstream endobj\n")
}

// A page this package cannot draw is an error with its code, and the
// offset where the file stops reading; never a panic, never a page drawn
// without what it could not draw.
func TestFirstPageErrors(t *testing.T) {
	page := testPage
	for _, c := range []struct {
		name   string
		pdf    []byte
		code   string
		offset int
	}{
		{"empty", nil, CodeNotPDF, 0},
		{"not a pdf", []byte("PK\x03\x04 a zip"), CodeNotPDF, 0},
		{"no catalogue", []byte("1 0 obj <</Type /Pages /Kids []>> endobj"), CodeNoPage, 0},
		{"unclosed dict", []byte("1 0 obj <</Type /Catalog"), CodeBadObject, 24},
		{"bad hex", []byte("1 0 obj <zz> endobj"), CodeBadObject, 9},
		{"image", page("q 10 0 0 10 0 0 cm /Im1 Do Q"), CodeUnsupported, 24},
		{"font unknown", page("BT /F1 12 Tf ET"), CodeBadFont, 10},
		{"operands missing", page("0 0 m 10 l S"), CodeBadContent, 9},
		{"text without font", page("BT <0041> Tj ET"), CodeBadContent, 10},
		{"too large", bytes.Replace(page(""), []byte("0 0 200 100"), []byte("0 0 1000000 1000000"), 1), CodeTooLarge, 0},
	} {
		_, err := FirstPage(c.pdf, 72)
		var e *Error
		if !errors.As(err, &e) || e.Code != c.code || e.Offset != c.offset {
			t.Errorf("%s: %v, want %s at %d", c.name, err, c.code, c.offset)
		}
	}
	// Paths and colours draw: a red rectangle on white.
	img, err := FirstPage(page("1 0 0 rg 10 10 50 20 re f 0 g 0 0 m 200 100 l S"), 72)
	if err != nil {
		t.Fatal(err)
	}
	if r, g, b, _ := img.At(30, 80).RGBA(); r>>8 != 255 || g>>8 != 0 || b>>8 != 0 {
		t.Errorf("inside the rectangle: %d %d %d", r>>8, g>>8, b>>8)
	}
	if gray := grayAt(img, 150, 80); gray != 255 {
		t.Errorf("outside it: %v", gray)
	}
}

// FuzzFirstPage: whatever the bytes, an image or an *Error, no panic.
func FuzzFirstPage(f *testing.F) {
	// One page export wrote (Go's fuzzer slows to a crawl on large
	// inputs: one is enough) and small pages of each kind of operator.
	f.Add(pages(f)["form"])
	for _, content := range []string{
		"1 0 0 rg 10 10 50 20 re f 0 G 2 w 0 0 m 200 100 l 50 0 l h S",
		"q 2 0 0 2 10 10 cm 0 0 m 10 20 30 40 50 0 c 5 5 v 6 6 y B* Q 0.5 g 0 0 1 1 k 1 0 0 0 K",
		`BT /F1 12 Tf 10 10 Td (A\(b\)\101) Tj 0 14 TD <0041 0042> Tj [(x) -120 (y)] TJ T* (z) ' 1 2 (w) " ET`,
	} {
		f.Add(testPage(content))
	}
	f.Add([]byte("1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj 2 0 obj <</Type /Page /Contents 3 0 R>> endobj 3 0 obj <</Length 9>> stream\n0 0 m h S\nendstream endobj"))
	f.Fuzz(func(t *testing.T, data []byte) {
		img, err := FirstPage(data, 10)
		var e *Error
		if err != nil && !errors.As(err, &e) {
			t.Fatalf("error %T %v", err, err)
		}
		if err == nil && img == nil {
			t.Fatal("no image, no error")
		}
	})
}
