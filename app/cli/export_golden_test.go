package cli

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"scoresheet/export"
	"scoresheet/sheet"
	"scoresheet/sheet/sqlitestore"
)

// writePDF writes the PDF scoresheets (or forms) of games as export
// does, with a fixed date so that the bytes are the same each time.
func writePDF(t *testing.T, ev *sheet.Event, games export.Games, forms bool) []byte {
	t.Helper()
	day := time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)
	opt := export.PDFOptions{CreationDate: &day}
	var buf bytes.Buffer
	write := export.WritePDFFrom
	if forms {
		write = export.WriteFormsFrom
	}
	if err := write(&buf, ev, games, opt); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// workbookText lists every sheet of a workbook with its rows, one line a
// row, cells between tabs.
func workbookText(t *testing.T, path string) string {
	t.Helper()
	f, err := excelize.OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var b strings.Builder
	for _, name := range f.GetSheetList() {
		rows, err := f.GetRows(name)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&b, "== %s\n", name)
		for _, r := range rows {
			fmt.Fprintf(&b, "%s\n", strings.Join(r, "\t"))
		}
	}
	return b.String()
}

// The exports, which now read the games a page at a time and write each
// as it comes, write what the golden files hold: those were written by
// the version that read the whole event first (the workbook as its
// cells, the PGN). The PDFs are compared with those written from the
// games read first.
func TestExportGolden(t *testing.T) {
	file := showEvent(t)
	dir := t.TempDir()
	out := filepath.Join(dir, "e.xlsx")
	code, stdout, errs := run(t, "", "export", "--format", "xlsx", "--out", out, file)
	if code != ExitOK || stdout != "73 games written to "+out+"\n" {
		t.Fatalf("xlsx: exit %d %q %s", code, stdout, errs)
	}
	checkGolden(t, "export.xlsx.golden", workbookText(t, out))
	// Round 2 has a game whose FEN does not read, which PGN cannot
	// write: it is left out and named (exit status 1), the other 72 are
	// written; rounds 1 and 3 are written whole.
	out = filepath.Join(dir, "e.pgn")
	code, stdout, errs = run(t, "", "export", "--out", out, file)
	if code != ExitError || stdout != "72 games written to "+out+"\n" || !strings.Contains(errs, "round 2, board 1: not written") || !strings.Contains(errs, "fen-field-count") {
		t.Fatalf("pgn of the event: exit %d %q %s", code, stdout, errs)
	}
	var pgn strings.Builder
	for _, r := range []string{"1", "3"} {
		code, stdout, errs = run(t, "", "export", "--round", r, "--out", out, file)
		if code != ExitOK || !strings.HasSuffix(stdout, " written to "+out+"\n") {
			t.Fatalf("pgn of round %s: exit %d %q %s", r, code, stdout, errs)
		}
		pgn.WriteString(readFile(t, out))
	}
	checkGolden(t, "export.pgn.golden", pgn.String())
	// One round, one board: the filter picks the same games as before.
	out = filepath.Join(dir, "r3b7.pgn")
	if code, stdout, errs := run(t, "", "export", "--round", "3", "--board", "7", "--out", out, file); code != ExitOK || stdout != "1 game written to "+out+"\n" {
		t.Fatalf("round 3 board 7: exit %d %q %s", code, stdout, errs)
	}
	if got := readFile(t, out); !strings.Contains(got, "[Round \"3\"]") || !strings.Contains(got, "[Board \"7\"]") || strings.Count(got, "[Event ") != 1 {
		t.Fatalf("round 3 board 7:\n%s", got)
	}
	st, err := sqlitestore.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	// The PDFs, written as the store is read a page of games at a time
	// (the games analysed ahead on the other CPUs), are byte for byte
	// those written from the games read whole first. How they are drawn
	// is export's golden recordings (export/testdata/*.golden.txt).
	ev, err := st.Event()
	if err != nil {
		t.Fatal(err)
	}
	var whole []sheet.Game
	if err := st.EachGame(sheet.GameFilter{}, func(g *sheet.Game) error { whole = append(whole, *g); return nil }); err != nil {
		t.Fatal(err)
	}
	if len(whole) != 73 {
		t.Fatalf("%d games read, want 73", len(whole))
	}
	for _, forms := range []bool{false, true} {
		streamed := writePDF(t, &ev, export.StoreGames(st, sheet.GameFilter{}, len(whole)), forms)
		if read := writePDF(t, &ev, export.GameSlice(whole), forms); !bytes.Equal(streamed, read) || len(read) < 10_000 {
			t.Errorf("forms %v: the PDF streamed from the store (%d bytes) is not the one of the games read first (%d bytes)", forms, len(streamed), len(read))
		}
	}
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
