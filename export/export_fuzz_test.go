package export

import (
	"bytes"
	"io"
	"testing"

	"github.com/xuri/excelize/v2"

	"scoresheet/pgn"
	"scoresheet/sheet"
)

// Fuzz targets for the export paths (issue 13): any name, event name and
// cell text goes into PGN, PDF scoresheets, forms and the workbook
// without a panic or an error, and the PGN reads back with every tag as
// written. Seeds: the names of every script (scripts_test.go).

func fuzzGame(white, black, cell string) (*sheet.Event, []sheet.Game) {
	g := twoCopies(1, 1, sheet.Player{Name: white, Title: black, Federation: cell}, sheet.Player{Name: black}, "e4", cell, "Nf3")
	g.Result = "*"
	return &sheet.Event{Name: cell, Site: white}, []sheet.Game{g}
}

func addScriptSeeds(f *testing.F) {
	for i, n := range scriptNames {
		if n.name == "long" {
			continue // the fuzzer's inputs stay small; the table test has it
		}
		f.Add(n.value, scriptNames[(i+1)%len(scriptNames)].value, "Sf3")
	}
}

// FuzzWritePGN: every tag reads back through the project's reader, as
// written or through its [%tag] comment, with no problem.
func FuzzWritePGN(f *testing.F) {
	addScriptSeeds(f)
	f.Fuzz(func(t *testing.T, white, black, cell string) {
		ev, games := fuzzGame(white, black, cell)
		var buf bytes.Buffer
		if err := pgn.WriteGames(&buf, ev, games); err != nil {
			t.Fatal(err)
		}
		sp := pgn.NewSplitter(bytes.NewReader(buf.Bytes()))
		c, ok := sp.Next()
		if !ok {
			t.Fatalf("no game read back:\n%s", buf.String())
		}
		pg := (&pgn.Parser{KeepMoves: true}).Parse(c)
		for _, p := range pg.Problems {
			if p.PGN == pgn.ProblemTagSyntax {
				t.Fatalf("tag syntax %v:\n%s", p, buf.String())
			}
		}
		exact := tagComments(t, pg.Comments)
		for _, tag := range pgn.GameTags(ev, &games[0]) {
			got := pg.Tag(tag.Name)
			if e, ok := exact[tag.Name]; ok {
				got = e
			}
			if ex := pg.ExactTag(tag.Name); ex != tag.Value {
				t.Fatalf("ExactTag(%s) = %q, want %q:\n%s", tag.Name, ex, tag.Value, buf.String())
			}
			if got != tag.Value {
				t.Fatalf("tag %s reads back %q, want %q:\n%s", tag.Name, got, tag.Value, buf.String())
			}
		}
	})
}

// FuzzWritePDF: scoresheets (with every finding footnoted) and forms are
// written, and the scoresheet's first page drawn for the preview (the
// names and the cell in every script), without an error; gofpdf never
// sees a character it cannot draw.
func FuzzWritePDF(f *testing.F) {
	addScriptSeeds(f)
	f.Fuzz(func(t *testing.T, white, black, cell string) {
		ev, games := fuzzGame(white, black, cell)
		opt := PDFOptions{CreationDate: &fixedDate, Notes: true}
		if err := WritePDF(io.Discard, ev, games, opt); err != nil {
			t.Fatal(err)
		}
		if err := WriteForms(io.Discard, ev, games, opt); err != nil {
			t.Fatal(err)
		}
		if _, err := PreviewPDF(ev, GameSlice(games), opt); err != nil {
			t.Fatal(err)
		}
	})
}

// FuzzWriteXLSX: the workbook is written and opens again.
func FuzzWriteXLSX(f *testing.F) {
	addScriptSeeds(f)
	f.Fuzz(func(t *testing.T, white, black, cell string) {
		ev, games := fuzzGame(white, black, cell)
		var buf bytes.Buffer
		if err := WriteXLSX(&buf, ev, games, XLSXOptions{CreationDate: &fixedDate}); err != nil {
			t.Fatal(err)
		}
		x, err := excelize.OpenReader(&buf)
		if err != nil {
			t.Fatal(err)
		}
		x.Close()
	})
}

// FuzzPDFLayout: any text is laid out (pdf_text.go) into what gofpdf can
// draw: code points below U+10000 that the piece's font has (or U+FFFD),
// and every character written is in exactly one piece or one cluster's
// ActualText, so that nothing is dropped from the PDF's text. Fast: one
// document for all inputs, no page written.
func FuzzPDFLayout(f *testing.F) {
	addScriptSeeds(f)
	d := newDoc(PDFOptions{}, false)
	f.Fuzz(func(t *testing.T, a, b, c string) {
		for _, s := range []string{a, b + c} {
			for _, bold := range []bool{false, true} {
				ln := d.lineOf(s, bold)
				checkLine(t, s, ln)
			}
		}
	})
}

func checkLine(t *testing.T, s string, ln textLine) {
	t.Helper()
	covered, sum := 0, 0.0
	for _, p := range ln.pieces {
		sum += p.width
		for _, r := range p.text {
			if r > 0xFFFF || (!p.font.has(r) && r != replacement) {
				t.Fatalf("%q: %U drawn in %s", s, r, p.font.family)
			}
		}
		covered += len([]rune(p.text))
		for i, g := range p.glyphs {
			if g.r > 0xFFFF {
				t.Fatalf("%q: glyph %U beyond the BMP", s, g.r)
			}
			if i == 0 || g.cluster != p.glyphs[i-1].cluster {
				covered += len([]rune(g.actual))
			}
		}
	}
	if want := len(printable(s)); covered != want {
		t.Fatalf("%q: %d characters in the pieces and clusters, want %d", s, covered, want)
	}
	if sum != ln.width || ln.width < 0 {
		t.Fatalf("%q: width %v, pieces %v", s, ln.width, sum)
	}
}
