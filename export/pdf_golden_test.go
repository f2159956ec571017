package export

import (
	"bytes"
	"io"
	"path/filepath"
	"strings"
	"testing"

	"scoresheet/internal/xtest"
	"scoresheet/rules"
	"scoresheet/sheet"
	"scoresheet/trf"
)

// The PDF goldens: each document the PDF writers print (filled
// scoresheets, blank forms, results lists) is recorded as it is drawn,
// a line a call on its pages (page_record.go), and compared with
// testdata/NAME.golden.txt, which a reviewer reads and diffs. After a
// change of the layout that is meant:
//
//	go test ./export -run TestPDFGolden -update
//
// and read the diff of testdata/*.golden.txt before committing it.

// goldenDoc is a document of the golden tests and how it is written.
type goldenDoc struct {
	name  string
	opt   PDFOptions
	write func(w io.Writer, opt PDFOptions) error
}

// goldenDocs: filled scoresheets (figurines, clocks, a draw offer and
// footnotes on A4; names in every script the fonts draw, German letters
// and the readings' notes on Letter; a game of two pages in Croatian);
// blank forms (two boards in French with clock columns; in English
// without, laid out in chunks of one game and joined, as a long round
// is); results lists (a round with a bye and a disputed result, German,
// Letter; two rounds, the second over two pages).
func goldenDocs(t testing.TB) []goldenDoc {
	ex := exampleGame(t)
	scripts := findingsGame()
	scripts.White.Name, scripts.Black.Name = "丁立人 김철수 👨‍👩‍👧", "عبد الله المحمد विश्वनाथन בוריס גלפנד สมชาย"
	scripts.Copies[sheet.BlackCopy].Cells[2].Text = "羽生善治 ٢٠٢٦ Ŝ̌tefan"
	long := longGame(70, 4)
	sheets := func(g sheet.Game) func(w io.Writer, opt PDFOptions) error {
		return func(w io.Writer, opt PDFOptions) error { return WritePDF(w, testEvent, []sheet.Game{g}, opt) }
	}
	forms := func(games ...sheet.Game) func(w io.Writer, opt PDFOptions) error {
		return func(w io.Writer, opt PDFOptions) error { return WriteForms(w, testEvent, games, opt) }
	}
	resultsEv := &sheet.Event{Name: "Zagreb Open", Site: "Zagreb", Rounds: []sheet.Round{{Number: 4, Date: "2026.11.23"}}}
	byes := []trf.Bye{{Round: 4, Player: &trf.Player{Rank: 7, Name: "Gabi", Rating: 1900}, Result: 'H'}}
	var rounds []sheet.Game
	for b := 1; b <= 40; b++ {
		rounds = append(rounds, sheet.Game{Round: 2, Board: b, White: sheet.Player{Name: "W" + itoa(b)}, Black: sheet.Player{Name: "B" + itoa(b)}, Result: "1-0"})
	}
	rounds = append(rounds, sheet.Game{Round: 1, Board: 1, White: sheet.Player{Name: "First"}, Black: sheet.Player{Name: "Round"}, Result: "0-1"})
	return []goldenDoc{
		{"sheet-figurines", PDFOptions{Notation: rules.FigurineNotation}, sheets(ex)},
		{"sheet-scripts-letter", PDFOptions{Paper: Letter, Lang: "de", Notation: mustNotation(t, "de"), Notes: true}, sheets(scripts)},
		{"sheet-two-pages", PDFOptions{Lang: "hr"}, sheets(long)},
		{"forms-clocks", PDFOptions{Lang: "fr", Clocks: true}, forms(ex, ambiguousGame())},
		{"forms-joined", PDFOptions{}, func(w io.Writer, opt PDFOptions) error {
			defer func(n int) { pdfChunkGames = n }(pdfChunkGames)
			pdfChunkGames = 1
			return forms(findingsGame(), ambiguousGame())(w, opt)
		}},
		{"results-letter", PDFOptions{Lang: "de", Paper: Letter}, func(w io.Writer, opt PDFOptions) error {
			return WriteResultsPDF(w, resultsEv, GameSlice(resultsGames()), byes, opt)
		}},
		{"results-rounds", PDFOptions{}, func(w io.Writer, opt PDFOptions) error {
			return WriteResultsPDF(w, nil, GameSlice(rounds), nil, opt)
		}},
	}
}

// TestPDFGolden: each document is drawn as its golden recording says,
// and the PDF written while it was drawn is one poppler reads, with the
// pages recorded.
func TestPDFGolden(t *testing.T) {
	for _, c := range goldenDocs(t) {
		t.Run(c.name, func(t *testing.T) {
			rec := &recording{}
			opt := c.opt
			opt.CreationDate, opt.record = &fixedDate, rec
			var buf bytes.Buffer
			if err := c.write(&buf, opt); err != nil {
				t.Fatal(err)
			}
			got := rec.String()
			checkDrawing(t, c.name, got)
			pages := strings.Count("\n"+got, "\npage ")
			path := xtest.WriteFile(t, t.TempDir(), c.name+".pdf", buf.Bytes())
			if n := pageCount(t, path); n != pages || pages == 0 {
				t.Errorf("pdfinfo reads %d pages, %d recorded", n, pages)
			}
			if text := runTool(t, "pdftotext", path, "-"); len(bytes.TrimSpace(text)) == 0 {
				t.Error("pdftotext reads no text")
			}
		})
	}
}

// checkDrawing compares a recording with testdata/name.golden.txt
// (rewritten with -update) and says the first line that differs, with
// its number, and the page it is on.
func checkDrawing(t *testing.T, name, got string) {
	t.Helper()
	page := "0"
	onPage := func(line string) string {
		if p, ok := strings.CutPrefix(line, "page "); ok {
			page = p
		}
		return " (page " + page + ")"
	}
	xtest.Golden(t, filepath.Join("testdata", name+".golden.txt"), got, *update, onPage, "go test ./export -run TestPDFGolden -update")
}
