package export

import (
	"bytes"
	"image"
	"image/draw"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"scoresheet/internal/xtest"
	"scoresheet/rules"
	"scoresheet/sheet"
	"scoresheet/trf"
)

// firstPage returns the lines of a recording's first page.
func firstPage(rec *recording) []string {
	lines := strings.Split(strings.TrimSuffix(rec.String(), "\n"), "\n")
	for i, l := range lines {
		if i > 0 && strings.HasPrefix(l, "page ") {
			return lines[:i]
		}
	}
	return lines
}

// previewCase is a document whose first page the preview draws: how the
// PDF writer lays it out, and how the preview does.
type previewCase struct {
	name    string
	opt     PDFOptions
	forms   bool
	write   func(d *doc)       // as WritePDFFrom, WriteFormsFrom or WriteResultsPDF draw
	preview func(d *doc) error // as PreviewPDF, PreviewForms or PreviewResults
	pdf     func(t testing.TB) []byte
}

// previewCases are a filled scoresheet with figurines, clocks, a draw
// offer and findings (A4); one with names in every script the fonts
// draw (Letter, German letters, the readings' notes); a game of two
// pages; the forms of a board (French, clocks); the results list of a
// round with a bye and a disputed result (German, Letter).
func previewCases(t testing.TB) []previewCase {
	ex := exampleGame(t)
	scripts := findingsGame()
	scripts.White.Name, scripts.Black.Name = "丁立人 김철수 👨‍👩‍👧", "عبد الله المحمد विश्वनाथन בוריס גלפנד สมชาย"
	scripts.Copies[sheet.BlackCopy].Cells[2].Text = "羽生善治 ٢٠٢٦ Ŝ̌tefan"
	long := longGame(70, 4)
	resultsEv := &sheet.Event{Name: "Zagreb Open", Site: "Zagreb", Rounds: []sheet.Round{{Number: 4, Date: "2026.11.23"}}}
	byes := []trf.Bye{{Round: 4, Player: &trf.Player{Rank: 7, Name: "Gabi", Rating: 1900}, Result: 'H'}}
	sheets := func(name string, g sheet.Game, opt PDFOptions) previewCase {
		opt.CreationDate = &fixedDate
		return previewCase{name: name, opt: opt,
			write:   func(d *doc) { d.filledSheet(testEvent, analyse(testEvent, &g, opt.Notation, opt.Notes)) },
			preview: func(d *doc) error { return d.firstSheet(testEvent, GameSlice([]sheet.Game{g}), false) },
			pdf: func(t testing.TB) []byte {
				var b bytes.Buffer
				if err := WritePDF(&b, testEvent, []sheet.Game{g}, opt); err != nil {
					t.Fatal(err)
				}
				return b.Bytes()
			}}
	}
	formOpt := PDFOptions{Lang: "fr", Clocks: true, CreationDate: &fixedDate}
	resultsOpt := PDFOptions{Lang: "de", Paper: Letter, CreationDate: &fixedDate}
	return []previewCase{
		sheets("filled", ex, PDFOptions{Notation: rules.FigurineNotation}),
		sheets("scripts-letter", scripts, PDFOptions{Paper: Letter, Lang: "de", Notation: mustNotation(t, "de"), Notes: true}),
		sheets("two-pages", long, PDFOptions{Lang: "hr"}),
		{name: "forms", opt: formOpt, forms: true,
			write: func(d *doc) {
				for side := sheet.WhiteCopy; side <= sheet.BlackCopy; side++ {
					d.blankForm(testEvent, &ex, side)
				}
			},
			preview: func(d *doc) error { return d.firstSheet(testEvent, GameSlice([]sheet.Game{ex, long}), true) },
			pdf: func(t testing.TB) []byte {
				var b bytes.Buffer
				if err := WriteForms(&b, testEvent, []sheet.Game{ex, long}, formOpt); err != nil {
					t.Fatal(err)
				}
				return b.Bytes()
			}},
		{name: "results", opt: resultsOpt,
			write: func(d *doc) {
				rounds, err := resultRounds(resultsEv, GameSlice(resultsGames()), byes, nil)
				if err != nil {
					t.Fatal(err)
				}
				var spill pageSpill
				defer spill.Close()
				d.resultPages(resultsEv, rounds[0], &spill, 0)
			},
			preview: func(d *doc) error { return d.firstResults(resultsEv, GameSlice(resultsGames()), byes) },
			pdf: func(t testing.TB) []byte {
				var b bytes.Buffer
				if err := WriteResultsPDF(&b, resultsEv, GameSlice(resultsGames()), byes, resultsOpt); err != nil {
					t.Fatal(err)
				}
				return b.Bytes()
			}},
	}
}

// TestPreviewSameOperations: the PDF's first page (gofpdf) and the
// preview's image get the same marks, drawn with the same state (font,
// size, width, colours), every number exact, in the same order, for
// every kind of document; and the image has the page drawn on it.
func TestPreviewSameOperations(t *testing.T) {
	for _, c := range previewCases(t) {
		t.Run(c.name, func(t *testing.T) {
			d := newDoc(c.opt, c.forms)
			pdfRec := &recording{exact: true}
			d.page = pdfRec.page(d.page)
			c.write(d)

			d, img := newPreviewDoc(c.opt, c.forms, PreviewDPI)
			imageRec := &recording{exact: true}
			d.page = imageRec.page(img)
			if err := c.preview(d); err != nil {
				t.Fatal(err)
			}

			pdfOps, imageOps := firstPage(pdfRec), firstPage(imageRec)
			if len(pdfOps) < 30 {
				t.Fatalf("the PDF's first page is %d marks", len(pdfOps))
			}
			for i := range max(len(pdfOps), len(imageOps)) {
				a, b := "(none)", "(none)"
				if i < len(pdfOps) {
					a = pdfOps[i]
				}
				if i < len(imageOps) {
					b = imageOps[i]
				}
				if a != b {
					t.Fatalf("mark %d of %d: the PDF's %s, the preview's %s", i+1, len(pdfOps), a, b)
				}
			}
			kinds := map[string]bool{}
			for _, op := range pdfOps {
				kinds[strings.Fields(op)[0]] = true
			}
			for _, k := range []string{"page", "line", "text"} {
				if !kinds[k] {
					t.Errorf("no %s on the page", k)
				}
			}
			if dark := inkShare(img.img); dark < 0.002 {
				t.Errorf("%.4f of the image is inked", dark)
			}
		})
	}
}

// inkShare is the share of an image's pixels that are not white.
func inkShare(img *image.RGBA) float64 {
	n := 0
	for i := 0; i < len(img.Pix); i += 4 {
		if img.Pix[i] < 250 || img.Pix[i+1] < 250 || img.Pix[i+2] < 250 {
			n++
		}
	}
	return float64(n) / float64(len(img.Pix)/4)
}

// TestPreviewAsPdftoppm draws each case's first page and has pdftoppm
// (poppler, the reference) draw the PDF's, both at 110 dpi: the images
// are the same size, and their 4x4-pixel blocks (whatever either's
// anti-aliasing) agree but for a few, a little, where a line or a glyph's
// edge lands on other pixels. A glyph missing, another or elsewhere
// differs by far more. PREVIEW_DUMP=DIR keeps both images.
func TestPreviewAsPdftoppm(t *testing.T) {
	xtest.NeedTool(t, "pdftoppm")
	for _, c := range previewCases(t) {
		t.Run(c.name, func(t *testing.T) {
			d, ours := newPreviewDoc(c.opt, c.forms, PreviewDPI)
			if err := c.preview(d); err != nil {
				t.Fatal(err)
			}
			in := xtest.WriteFile(t, t.TempDir(), "in.pdf", c.pdf(t))
			out := filepath.Join(t.TempDir(), "ref")
			runTool(t, "pdftoppm", "-png", "-r", "110", "-f", "1", "-l", "1", "-singlefile", in, out)
			ref := readPNG(t, out+".png")
			if dir := os.Getenv("PREVIEW_DUMP"); dir != "" {
				for name, img := range map[string]image.Image{"ours": ours.img, "pdftoppm": ref} {
					fo, _ := os.Create(filepath.Join(dir, c.name+"-"+name+".png"))
					png.Encode(fo, img)
					fo.Close()
				}
			}
			if ours.img.Bounds() != ref.Bounds() {
				t.Fatalf("the page is %v, pdftoppm's %v", ours.img.Bounds(), ref.Bounds())
			}
			bad, inked, total, worst, mean := compareBlocks(ours.img, ref, 4)
			t.Logf("%d of %d blocks (%d inked) differ by more than 48 grey levels; the worst by %.0f; on average %.2f",
				bad, total, inked, worst, mean)
			if inked < total/200 {
				t.Fatalf("pdftoppm's page has %d inked blocks of %d", inked, total)
			}
			if bad > inked/50 || worst > 100 || mean > 1.5 {
				t.Errorf("%d blocks differ from pdftoppm's by more than 48 grey levels (of %d inked), the worst by %.0f, on average %.2f",
					bad, inked, worst, mean)
			}
		})
	}
}

// compareBlocks compares the grey of two images over squares of n pixels:
// how many differ by more than 48 levels, how many are inked in b (under
// 200), how many there are, the largest difference and the mean.
func compareBlocks(a, b image.Image, n int) (bad, inked, total int, worst, mean float64) {
	ga, gb := grey(a), grey(b)
	r := ga.Bounds()
	sum := 0.0
	for y := r.Min.Y; y+n <= r.Max.Y; y += n {
		for x := r.Min.X; x+n <= r.Max.X; x += n {
			ma, mb := blockGrey(ga, x, y, n), blockGrey(gb, x, y, n)
			d := math.Abs(ma - mb)
			worst = max(worst, d)
			sum += d
			if d > 48 {
				bad++
			}
			if mb < 200 {
				inked++
			}
			total++
		}
	}
	return bad, inked, total, worst, sum / float64(total)
}

// grey is img in grey levels.
func grey(img image.Image) *image.Gray {
	g := image.NewGray(img.Bounds())
	draw.Draw(g, g.Bounds(), img, img.Bounds().Min, draw.Src)
	return g
}

// blockGrey is the mean grey level of the square of n pixels at (x, y).
func blockGrey(g *image.Gray, x, y, n int) float64 {
	s := 0
	for dy := range n {
		i := g.PixOffset(x, y+dy)
		for _, v := range g.Pix[i : i+n] {
			s += int(v)
		}
	}
	return float64(s) / float64(n*n)
}
