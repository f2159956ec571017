package export

import (
	"archive/zip"
	"bytes"
	"encoding/csv"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"scoresheet/rules"
	"scoresheet/sheet"
)

// formulaNames are texts a spreadsheet would take for formulas if they
// went in as anything but text.
var formulaNames = []string{"=1+1", "+49 30 1234", "-Minus, Max", "@SUM(A1:A2)", "=HYPERLINK(\"http://x\";\"y\")"}

// workbookGames are the games of the workbook tests: the findings game,
// the ambiguous one, and a game between players whose names and cells
// look like formulas.
func workbookGames() []sheet.Game {
	f := twoCopies(4, 7, sheet.Player{Name: formulaNames[0], Rating: 1800}, sheet.Player{Name: formulaNames[1]},
		"e4@=1+1", "e5@-0:01", "Nf3", "Nc6")
	f.Copies[sheet.WhiteCopy].Cells[2].Text = "=SUM(1)" // not algebraic, as written
	f.Copies[sheet.BlackCopy].Cells[3].Text = "@Nc6"
	f.Result = "1-0"
	g := twoCopies(4, 8, sheet.Player{Name: formulaNames[2]}, sheet.Player{Name: formulaNames[3]}, "d4", "d5")
	return []sheet.Game{findingsGame(), ambiguousGame(), f, g}
}

func renderXLSX(t testing.TB, games []sheet.Game, opt XLSXOptions) []byte {
	t.Helper()
	if opt.CreationDate == nil {
		opt.CreationDate = &fixedDate
	}
	var buf bytes.Buffer
	if err := WriteXLSX(&buf, testEvent, games, opt); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// wantSheets returns, for each sheet of the workbook of games, the rows
// it must hold (as the cells' texts, header first).
func wantSheets(t testing.TB, games []sheet.Game, l labeler, n rules.Notation) (names []string, rows map[string][][]string) {
	t.Helper()
	rows = map[string][][]string{}
	games0 := l.get("print.games")
	names = append(names, games0)
	rows[games0] = [][]string{{l.get("ui.header.round"), l.get("ui.header.board"), l.get("ui.header.white"), l.get("print.white-rating"), l.get("ui.header.black"),
		l.get("print.black-rating"), l.get("ui.header.result"), l.get("print.plies"), l.get("print.state"), l.get("print.errors"), l.get("print.warnings"), l.get("ui.checks"), l.get("print.sheet")}}
	for i := range games {
		g := &games[i]
		v := analyse(testEvent, g, n, false)
		name := "R" + strconv.Itoa(g.Round) + " B" + strconv.Itoa(g.Board)
		names = append(names, name)
		rating := func(r int) string {
			if r == 0 {
				return ""
			}
			return strconv.Itoa(r)
		}
		rows[games0] = append(rows[games0], []string{strconv.Itoa(g.Round), strconv.Itoa(g.Board), g.White.Name, rating(g.White.Rating),
			g.Black.Name, rating(g.Black.Rating), string(g.Result), strconv.Itoa(len(g.Copies[0].Cells)), l.get("print.state." + string(v.state)),
			strconv.Itoa(v.errors), strconv.Itoa(v.warnings), checksText(l, v), name})
		rs := [][]string{{l.get("print.ply"), l.get("print.move-no"), l.get("print.written-white"), l.get("print.written-black"), l.get("print.move-taken"),
			l.get("print.status"), l.get("print.findings"), l.get("print.draw"), l.get("print.clock-white"), l.get("print.clock-black")}}
		for j, p := range v.plies {
			draw := ""
			if p.draw {
				draw = "(=)"
			}
			taken := p.text
			if p.asWriten {
				taken = ""
			}
			findings := ""
			if p.mark > 0 {
				findings = "*" // checked separately: nonempty
			}
			rs = append(rs, []string{strconv.Itoa(j + 1), strconv.Itoa(j/2 + 1), g.Copies[0].Cells[j].Text, g.Copies[1].Cells[j].Text,
				taken, l.get("print.ply." + string(p.status)), findings, draw, g.Copies[0].Cells[j].Clock, g.Copies[1].Cells[j].Clock})
		}
		rows[name] = rs
	}
	return names, rows
}

// sameRows compares a sheet's rows with the wanted ones ("*": any
// nonempty text), padding short rows with empty cells.
func sameRows(t *testing.T, what string, got, want [][]string) {
	t.Helper()
	if len(got) != len(want) {
		t.Errorf("%s: %d rows, want %d", what, len(got), len(want))
		return
	}
	for i := range want {
		g := append([]string(nil), got[i]...)
		for len(g) < len(want[i]) {
			g = append(g, "")
		}
		for len(g) > len(want[i]) && g[len(g)-1] == "" {
			g = g[:len(g)-1]
		}
		if len(g) != len(want[i]) {
			t.Errorf("%s row %d: %q, want %q", what, i+1, got[i], want[i])
			continue
		}
		for j := range want[i] {
			if want[i][j] == "*" && g[j] != "" || g[j] == want[i][j] {
				continue
			}
			t.Errorf("%s row %d col %d: %q, want %q", what, i+1, j+1, g[j], want[i][j])
		}
	}
}

func TestXLSXValuesExcelize(t *testing.T) {
	games := workbookGames()
	for _, lang := range []string{"en", "de"} {
		data := renderXLSX(t, games, XLSXOptions{Lang: lang, Notation: rules.FigurineNotation})
		f, err := excelize.OpenReader(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		names, want := wantSheets(t, games, labeler(lang), rules.FigurineNotation)
		if got := f.GetSheetList(); !slices.Equal(got, names) {
			t.Fatalf("sheets %q, want %q", got, names)
		}
		for _, name := range names {
			rows, err := f.GetRows(name)
			if err != nil {
				t.Fatal(err)
			}
			sameRows(t, lang+" "+name, rows, want[name])
			// No formula anywhere; every text cell is a string.
			for r, row := range rows {
				for c, v := range row {
					cell, _ := excelize.CoordinatesToCellName(c+1, r+1)
					if fm, _ := f.GetCellFormula(name, cell); fm != "" {
						t.Errorf("%s!%s: formula %q", name, cell, fm)
					}
					typ, _ := f.GetCellType(name, cell)
					if _, err := strconv.Atoi(v); err != nil && v != "" && typ != excelize.CellTypeInlineString && typ != excelize.CellTypeSharedString {
						t.Errorf("%s!%s %q: type %v, want a string", name, cell, v, typ)
					}
				}
			}
			// Frozen header row (the filters: TestXLSXRawXML).
			panes, err := f.GetPanes(name)
			if err != nil || !panes.Freeze || panes.YSplit != 1 || panes.TopLeftCell != "A2" {
				t.Errorf("%s: panes %+v %v", name, panes, err)
			}
		}
		// The findings game: a figurine move taken, the findings written out.
		if v, _ := f.GetCellValue("R3 B1", "E4"); v != "♘f3" {
			t.Errorf("R3 B1!E4 = %q, want ♘f3", v)
		}
		if v, _ := f.GetCellValue("R3 B1", "G4"); !strings.Contains(v, labeler(lang).get("print.finding.lowercase-piece")) || !strings.Contains(v, "C.2") {
			t.Errorf("R3 B1!G4 = %q", v)
		}
		f.Close()
	}
}

// TestXLSXRawXML reads the workbook's XML: no formula element in any
// worksheet, a filter over every sheet's rows, the formula-like texts
// there as text.
func TestXLSXRawXML(t *testing.T) {
	games := workbookGames()
	data := renderXLSX(t, games, XLSXOptions{})
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	formula := regexp.MustCompile(`<(\w+:)?f[ >/]`)
	autoFilter := regexp.MustCompile(`<autoFilter ref="\$?A\$?1:\$?[A-Z]+\$?[0-9]+"`)
	found := map[string]bool{}
	sheets := 0
	for _, zf := range zr.File {
		rc, err := zf.Open()
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(rc)
		rc.Close()
		if strings.HasPrefix(zf.Name, "xl/worksheets/sheet") {
			sheets++
			if formula.Match(b) {
				t.Errorf("%s has a formula element", zf.Name)
			}
			if !autoFilter.Match(b) {
				t.Errorf("%s has no filter", zf.Name)
			}
		}
		for _, s := range formulaNames {
			if bytes.Contains(b, []byte(xmlEscape(s, "&quot;"))) || bytes.Contains(b, []byte(xmlEscape(s, "&#34;"))) {
				found[s] = true
			}
		}
	}
	if sheets != len(games)+1 {
		t.Errorf("%d worksheets, want %d", sheets, len(games)+1)
	}
	for _, s := range formulaNames {
		if !found[s] {
			t.Errorf("%q not in the workbook", s)
		}
	}
}

// xmlEscape escapes s as XML text, quotes as quot.
func xmlEscape(s, quot string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, quot).Replace(s)
}

func TestXLSXLibreOffice(t *testing.T) {
	games := workbookGames()
	data := renderXLSX(t, games, XLSXOptions{Notation: rules.FigurineNotation})
	dir := t.TempDir()
	in := filepath.Join(dir, "event.xlsx")
	if err := os.WriteFile(in, data, 0o644); err != nil {
		t.Fatal(err)
	}
	// Every sheet to its own UTF-8 CSV file (the 12th filter token, -1),
	// cells as stored rather than as formatted (the 9th, false).
	runTool(t, "soffice", "-env:UserInstallation=file://"+filepath.Join(dir, "profile"), "--headless", "--norestore",
		"--convert-to", "csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,false,false,-1",
		"--outdir", dir, in)
	names, want := wantSheets(t, games, labeler("en"), rules.FigurineNotation)
	for _, name := range names {
		b, err := os.ReadFile(filepath.Join(dir, "event-"+name+".csv"))
		if err != nil {
			entries, _ := os.ReadDir(dir)
			t.Fatalf("%v (made: %v)", err, entries)
		}
		r := csv.NewReader(bytes.NewReader(b))
		r.FieldsPerRecord = -1
		rows, err := r.ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		sameRows(t, "LibreOffice "+name, rows, want[name])
	}
}
