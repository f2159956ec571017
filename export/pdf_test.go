package export

import (
	"bytes"
	"errors"
	"io"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"scoresheet/internal/xtest"
	"scoresheet/rules"
	"scoresheet/sheet"
)

// renderPDF writes games with WritePDF (or WriteForms) into a temporary file.
func renderPDF(t testing.TB, forms bool, games []sheet.Game, opt PDFOptions) (string, []byte) {
	t.Helper()
	if opt.CreationDate == nil {
		opt.CreationDate = &fixedDate
	}
	var buf bytes.Buffer
	write := WritePDF
	if forms {
		write = WriteForms
	}
	if err := write(&buf, testEvent, games, opt); err != nil {
		t.Fatal(err)
	}
	return xtest.WriteFile(t, t.TempDir(), "out.pdf", buf.Bytes()), buf.Bytes()
}

// texts returns the words' texts.
func texts(ws []pdfWord) []string {
	out := make([]string, len(ws))
	for i, w := range ws {
		out[i] = w.Text
	}
	return out
}

// inOrder reports the first of want that is not found in got after its
// predecessor, or "" when all are there in order.
func inOrder(got, want []string) string {
	i := 0
	for _, w := range want {
		for i < len(got) && got[i] != w {
			i++
		}
		if i == len(got) {
			return w
		}
		i++
	}
	return ""
}

// sanTokens returns the moves of a game's tokens in notation n, with
// "(=)" after a move with a draw offer, replaying them from the start.
func sanTokens(t testing.TB, n rules.Notation, tokens ...string) []string {
	t.Helper()
	p := rules.NewPosition()
	var out []string
	for _, c := range mkCells(tokens...) {
		m, err := p.ParseSAN(c.Text)
		if err != nil {
			t.Fatalf("%q: %v", c.Text, err)
		}
		out = append(out, p.Write(m, n))
		if c.DrawOffer {
			out = append(out, "(=)")
		}
		p = p.Play(m)
	}
	return out
}

// findingsTokens are findingsGame's moves as played.
var findingsTokens = []string{
	"e4", "e5", "Nf3", "Nc6", "Bb5", "Nf6", "O-O", "Nd4(=)", "Nxd4", "exd4", "d3", "c6",
	"Ba4", "d5", "exd5", "Nxd5", "Re1+", "Be7", "Qh5", "O-O",
}

func TestPDFFilledSheetText(t *testing.T) {
	for _, tc := range []struct {
		notation string
		lang     string
		words    []string // labels expected on the page
	}{
		{"", "", []string{"Scoresheet", "Round", "Board", "White", "Black", "Result", "signature"}},
		{"figurine", "en", []string{"Findings", "Art."}},
		{"de", "de", []string{"Partieformular", "Runde", "Brett", "Weiß", "Schwarz", "Ergebnis", "Unterschrift"}},
		{"ru", "de_AT", []string{"Partieformular"}},
	} {
		t.Run(tc.notation+"/"+tc.lang, func(t *testing.T) {
			n := mustNotation(t, tc.notation)
			file, _ := renderPDF(t, false, []sheet.Game{findingsGame()}, PDFOptions{Notation: n, Lang: tc.lang})
			words := texts(pdfWords(t, file))
			all := strings.Join(words, " ")
			// Every move, with its draw offer, in order.
			want := sanTokens(t, n, findingsTokens...)
			if w := inOrder(words, want); w != "" {
				t.Errorf("move %q missing or out of order in %q", w, all)
			}
			if got := strings.Count(all, "(=)"); got != 1 {
				t.Errorf("(=) %d times, want once", got)
			}
			// The names in three scripts, the ratings, the header.
			for _, s := range []string{"Đurđević,", "Крамник,", "Владимир", "2381", "2753", "Open", "Zagreb", "2026.11.22"} {
				if !slices.Contains(words, s) {
					t.Errorf("%q missing from %q", s, all)
				}
			}
			for _, s := range tc.words {
				if !strings.Contains(all, s) {
					t.Errorf("label %q missing from %q", s, all)
				}
			}
			// Clock columns: the times as written.
			for _, s := range []string{"1:58", "1:59", "1:20", "1:25"} {
				if !slices.Contains(words, s) {
					t.Errorf("clock %q missing", s)
				}
			}
			// Footnotes: the writings with findings, and their articles.
			for _, s := range []string{"“ng1f3”", "“Bb6”", "“N4”", "“N5”", "C.2)", "7.5.1)", "9.1.2)"} {
				if !strings.Contains(all, s) {
					t.Errorf("footnote %q missing from %q", s, all)
				}
			}
		})
	}
}

func TestPDFFigurinesAndLetters(t *testing.T) {
	file, _ := renderPDF(t, false, []sheet.Game{findingsGame()}, PDFOptions{Notation: rules.FigurineNotation})
	words := texts(pdfWords(t, file))
	for _, s := range []string{"♘f3", "♗b5", "♘xd4", "♖e1+", "♕h5", "♗e7", "O-O"} {
		if !slices.Contains(words, s) {
			t.Errorf("%q missing from %q", s, words)
		}
	}
	file, _ = renderPDF(t, false, []sheet.Game{findingsGame()}, PDFOptions{Notation: mustNotation(t, "ru")})
	words = texts(pdfWords(t, file))
	for _, s := range []string{"Кf3", "Сb5", "Лe1+", "Фh5"} {
		if !slices.Contains(words, s) {
			t.Errorf("%q missing from %q", s, words)
		}
	}
}

func TestPDFFindingsMarked(t *testing.T) {
	g := findingsGame()
	v := analyse(testEvent, &g, rules.SANNotation, false)
	marked := map[int]int{}
	for _, p := range v.plies {
		if p.mark > 0 {
			marked[p.ply] = p.mark
		}
	}
	// Plies 3 (ng1f3), 5 (Bb6), 8 (N4 and the draw offer), 16 (N5): marks 1-4.
	want := map[int]int{3: 1, 5: 2, 8: 3, 16: 4}
	for ply, m := range want {
		if marked[ply] != m {
			t.Errorf("ply %d: mark %d, want %d (marks %v)", ply, marked[ply], m, marked)
		}
	}
	if len(marked) != len(want) {
		t.Errorf("marks %v, want %v", marked, want)
	}
	for _, n := range v.notes {
		if n.mark == 0 || n.article == "" && !strings.HasPrefix(n.key, "print.finding.annotation") {
			t.Errorf("footnote without mark or article: %+v", n)
		}
	}
	// The ambiguous cell of the other game is marked and explained.
	a := ambiguousGame()
	v = analyse(testEvent, &a, rules.SANNotation, false)
	if v.plies[6].mark != 1 || len(v.notes) != 1 || v.notes[0].key != "print.finding.ambiguous" || v.notes[0].article != "C.10" {
		t.Errorf("ambiguous: mark %d, notes %+v", v.plies[6].mark, v.notes)
	}
	file, _ := renderPDF(t, false, []sheet.Game{a}, PDFOptions{})
	all := strings.Join(texts(pdfWords(t, file)), " ")
	// Black's copy settles the cell, nothing is left for the arbiter (no
	// result yet): the footnote says the player's slip and how it was
	// settled, as the window does, never "Error" (issue 31: the printout
	// said "Error: no legal move matches" for a slip the other copy
	// settled; Ply.Settled decides for both).
	for _, s := range []string{"White's copy “Nd4” Slip, settled (resolved):", "ambiguous: several legal moves match (Art. C.10)", "State: no result · Page 1 of 1"} {
		if !strings.Contains(all, s) {
			t.Errorf("ambiguous footnote %q missing: %q", s, all)
		}
	}
	if strings.Contains(all, "Error:") {
		t.Errorf("a settled slip printed as an error: %q", all)
	}
}

func TestPDFPageCount(t *testing.T) {
	for _, paper := range []Paper{A4, Letter} {
		for _, tc := range []struct{ moves, pages int }{{1, 1}, {30, 1}, {31, 1}, {60, 1}, {61, 2}, {120, 2}, {121, 3}} {
			g := longGame(tc.moves, 1)
			file, _ := renderPDF(t, false, []sheet.Game{g}, PDFOptions{Paper: paper})
			if v := analyse(testEvent, &g, rules.SANNotation, false); len(v.notes) > 1 {
				t.Fatalf("%d moves: %d footnotes, the test wants a game without overflow", tc.moves, len(v.notes))
			}
			if got := pageCount(t, file); got != tc.pages {
				t.Errorf("%s, %d moves: %d pages, want %d", paper, tc.moves, got, tc.pages)
			}
			if tc.moves == 61 {
				words := pdfWords(t, file)
				// Move 61 opens the continuation page; every move is there in order.
				tokens := texts(words)
				if w := inOrder(tokens, sanTokens(t, rules.SANNotation, g.Copies[0].Cells[0].Text)); w != "" {
					t.Error("first move missing")
				}
				var moves []string
				for _, c := range g.Copies[0].Cells {
					moves = append(moves, c.Text)
				}
				if w := inOrder(tokens, moves); w != "" {
					t.Errorf("%s: move %q missing or out of order", paper, w)
				}
				last := moves[len(moves)-2]
				for _, w := range words {
					if w.Text == "Continuation" && w.Page != 2 {
						t.Errorf("continuation title on page %d", w.Page)
					}
				}
				i := slices.IndexFunc(words, func(w pdfWord) bool { return w.Page == 2 && w.Text == last })
				if i < 0 {
					t.Errorf("61st move %q not on page 2", last)
				}
			}
		}
	}
}

func TestPDFPaperSize(t *testing.T) {
	for paper, want := range map[Paper]string{A4: "595.28 x 841.89 pts (A4)", Letter: "612 x 792 pts (letter)"} {
		for _, forms := range []bool{false, true} {
			file, _ := renderPDF(t, forms, []sheet.Game{findingsGame()}, PDFOptions{Paper: paper})
			if got := pdfInfo(t, file, "Page size"); got != want {
				t.Errorf("%s forms=%v: page size %q, want %q", paper, forms, got, want)
			}
		}
	}
}

func TestPDFFontsEmbedded(t *testing.T) {
	for _, forms := range []bool{false, true} {
		file, _ := renderPDF(t, forms, []sheet.Game{findingsGame()}, PDFOptions{Notation: rules.FigurineNotation})
		out := string(runTool(t, "pdffonts", file))
		lines := strings.Split(strings.TrimSpace(out), "\n")
		if len(lines) < 4 { // two heading lines, regular and bold
			t.Fatalf("pdffonts:\n%s", out)
		}
		for _, l := range lines[2:] {
			f := strings.Fields(l)
			// name type... encoding emb sub uni object ID
			if len(f) < 7 || !strings.Contains(strings.ToLower(f[0]), "dejavu") {
				t.Errorf("unexpected font %q", l)
				continue
			}
			if emb, uni := f[len(f)-5], f[len(f)-3]; emb != "yes" || uni != "yes" {
				t.Errorf("font not embedded with a Unicode map: %q", l)
			}
		}
	}
}

func TestPDFRenders(t *testing.T) {
	file, _ := renderPDF(t, false, []sheet.Game{findingsGame(), longGame(61, 2)}, PDFOptions{})
	dir := t.TempDir()
	runTool(t, "pdftoppm", "-r", "30", "-png", file, filepath.Join(dir, "p"))
	pngs, _ := filepath.Glob(filepath.Join(dir, "p-*.png"))
	if len(pngs) != 3 {
		t.Fatalf("pdftoppm made %d pages, want 3", len(pngs))
	}
	for _, p := range pngs {
		img := readPNG(t, p)
		dark, b := 0, img.Bounds()
		for y := b.Min.Y; y < b.Max.Y; y++ {
			for x := b.Min.X; x < b.Max.X; x++ {
				if r, _, _, _ := img.At(x, y).RGBA(); r < 0x8000 {
					dark++
				}
			}
		}
		if dark < b.Dx()*b.Dy()/50 {
			t.Errorf("%s: only %d dark pixels of %d", filepath.Base(p), dark, b.Dx()*b.Dy())
		}
	}
}

func TestPDFDeterministic(t *testing.T) {
	games := []sheet.Game{findingsGame(), ambiguousGame(), longGame(61, 3)}
	for _, forms := range []bool{false, true} {
		_, a := renderPDF(t, forms, games, PDFOptions{Notation: rules.FigurineNotation})
		_, b := renderPDF(t, forms, games, PDFOptions{Notation: rules.FigurineNotation})
		if !bytes.Equal(a, b) {
			t.Errorf("forms=%v: two renders differ (%d and %d bytes)", forms, len(a), len(b))
		}
		if !bytes.Contains(a, []byte("D:20261122120000")) {
			t.Errorf("forms=%v: creation date not the one asked for", forms)
		}
	}
}

func TestPDFFindingsOverflow(t *testing.T) {
	// Every White cell lower-case: a warning on every White move, more
	// footnotes than the last move page holds.
	g := longGame(40, 4)
	for i := 0; i < len(g.Copies[0].Cells); i += 2 {
		c := &g.Copies[0].Cells[i]
		if c.Text[0] >= 'A' && c.Text[0] <= 'Z' && c.Text[0] != 'O' {
			c.Text = strings.ToLower(c.Text[:1]) + c.Text[1:]
		}
	}
	for _, paper := range []Paper{A4, Letter} {
		d := newDoc(PDFOptions{Paper: paper}, false)
		v := analyse(testEvent, &g, rules.SANNotation, false)
		last, alone := d.noteCapacity()
		if len(v.notes) <= last {
			t.Fatalf("%d footnotes fit on the page (%d): no overflow to test", len(v.notes), last)
		}
		want := 1 + (len(v.notes)-last+alone-1)/alone
		file, _ := renderPDF(t, false, []sheet.Game{g}, PDFOptions{Paper: paper})
		if got := pageCount(t, file); got != want {
			t.Errorf("%s: %d pages, want %d (%d footnotes, %d + %d a page)", paper, got, want, len(v.notes), last, alone)
		}
		words := texts(pdfWords(t, file))
		marks := 0
		for _, n := range v.notes {
			marks = max(marks, n.mark)
		}
		if w := inOrder(words, []string{"Findings", "(continued)"}); w != "" {
			t.Errorf("%s: no continued findings page", paper)
		}
		if !slices.Contains(words, strconv.Itoa(marks)) {
			t.Errorf("%s: last footnote mark %d missing", paper, marks)
		}
	}
}

func TestFormsText(t *testing.T) {
	games := []sheet.Game{findingsGame(), ambiguousGame(), longGame(61, 3)}
	file, _ := renderPDF(t, true, games, PDFOptions{Clocks: true})
	if got := pageCount(t, file); got != 6 {
		t.Errorf("%d pages, want 6 (two forms a board)", got)
	}
	words := pdfWords(t, file)
	all := strings.Join(texts(words), " ")
	// No move of the games is printed on a blank form.
	for _, s := range []string{"Nbd4", "Bb5", "exd5"} {
		if strings.Contains(all, s) {
			t.Errorf("blank form shows %q", s)
		}
	}
	// Each page: its holder, both names, the round, board and ratings.
	holders := []string{"White's", "Black's", "White's", "Black's", "White's", "Black's"}
	names := [][2]string{{"Đurđević,", "Крамник,"}, {"Müller,", "=HYPERLINK(\"http://x\";\"y\")"}, {"Müller,", "Đurđević,"}}
	boards := []string{"1", "2", "3"}
	for p := 1; p <= 6; p++ {
		var page []string
		for _, w := range words {
			if w.Page == p {
				page = append(page, w.Text)
			}
		}
		g := (p - 1) / 2
		want := []string{holders[p-1], "copy", names[g][0], names[g][1], "Round", "Board", "Time", "60"}
		for _, s := range want {
			if !slices.Contains(page, s) {
				t.Errorf("page %d: %q missing from %q", p, s, page)
			}
		}
		if !slices.Contains(page, "3") || !slices.Contains(page, boards[g]) || !slices.Contains(page, "2026.11.22") {
			t.Errorf("page %d: round, board or date missing: %q", p, page)
		}
	}
}

func TestParseOptions(t *testing.T) {
	for s, want := range map[string]Paper{"": A4, "a4": A4, "A4": A4, "letter": Letter, "Letter": Letter} {
		if got, err := ParsePaper(s); err != nil || got != want {
			t.Errorf("ParsePaper(%q) = %v, %v", s, got, err)
		}
	}
	var oe *OptionError
	if _, err := ParsePaper("a5"); !errors.As(err, &oe) || oe.Code != "export-paper" {
		t.Errorf("ParsePaper(a5): %v", err)
	}
	if n, err := ParseNotation("figurine"); err != nil || !n.Figurine {
		t.Errorf("figurine: %+v %v", n, err)
	}
	if n, err := ParseNotation("DE"); err != nil || n.Letters == nil || n.Letters.Code != "de" {
		t.Errorf("de: %+v %v", n, err)
	}
	if n, err := ParseNotation(""); err != nil || n != rules.SANNotation {
		t.Errorf("empty: %+v %v", n, err)
	}
	if _, err := ParseNotation("xx"); !errors.As(err, &oe) || oe.Code != "export-notation" {
		t.Errorf("xx: %v", err)
	}
}

// failWriter fails every write.
type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestWriteErrorsAndEmptyInput(t *testing.T) {
	var we *WriteError
	g := []sheet.Game{findingsGame()}
	if err := WritePDF(failWriter{}, testEvent, g, PDFOptions{}); !errors.As(err, &we) || we.Code != "export-pdf" {
		t.Errorf("WritePDF to a failing writer: %v", err)
	}
	if err := WriteForms(failWriter{}, testEvent, g, PDFOptions{}); !errors.As(err, &we) || we.Code != "export-pdf" {
		t.Errorf("WriteForms to a failing writer: %v", err)
	}
	if err := WriteXLSX(failWriter{}, testEvent, g, XLSXOptions{}); !errors.As(err, &we) || we.Code != "export-xlsx" {
		t.Errorf("WriteXLSX to a failing writer: %v", err)
	}
	// No event, no games: still a document.
	for _, write := range []func(io.Writer, *sheet.Event, []sheet.Game, PDFOptions) error{WritePDF, WriteForms} {
		var buf bytes.Buffer
		if err := write(&buf, nil, nil, PDFOptions{}); err != nil || !bytes.HasPrefix(buf.Bytes(), []byte("%PDF-")) {
			t.Errorf("no games: %v, %d bytes", err, buf.Len())
		}
		buf.Reset()
		if err := write(&buf, nil, g, PDFOptions{}); err != nil || buf.Len() == 0 {
			t.Errorf("no event: %v", err)
		}
	}
	var buf bytes.Buffer
	if err := WriteXLSX(&buf, nil, nil, XLSXOptions{}); err != nil {
		t.Fatal(err)
	}
	f, err := excelize.OpenReader(&buf)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if got := f.GetSheetList(); !slices.Equal(got, []string{"Games"}) {
		t.Errorf("sheets of an empty workbook: %q", got)
	}
}
