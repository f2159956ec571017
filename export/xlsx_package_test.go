package export

import (
	"archive/zip"
	"bytes"
	"fmt"
	"io"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"scoresheet/sheet"
)

// The games' sheets, streamed through scratch workbooks into the
// package, land at their own places: each sheet's filter covers its
// game's plies, only the Games sheet is the selected tab, the Games
// sheet's rows, spooled in chunks of 5, are all there in order, and no
// temporary file is left.
func TestXLSXPackageSheets(t *testing.T) {
	defer func(n int) { spoolChunk = n }(spoolChunk)
	spoolChunk = 5
	var games []sheet.Game
	for i := 1; i <= 12; i++ {
		g := twoCopies(2, i, sheet.Player{Name: fmt.Sprintf("W%d", i)}, sheet.Player{Name: "B"}, strings.Fields("e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5")[:i]...)
		games = append(games, g)
	}
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	data := renderXLSX(t, games, XLSXOptions{})
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	filter := regexp.MustCompile(`<autoFilter ref="\$A\$1:\$J\$(\d+)"`)
	selected := 0
	for _, zf := range zr.File {
		if !strings.HasPrefix(zf.Name, "xl/worksheets/sheet") {
			continue
		}
		rc, _ := zf.Open()
		b, _ := io.ReadAll(rc)
		rc.Close()
		selected += bytes.Count(b, []byte(`tabSelected="true"`))
		var id int
		fmt.Sscanf(zf.Name, "xl/worksheets/sheet%d.xml", &id)
		if id == 1 {
			continue
		}
		// Game id-1 has id-1 plies: rows 2..id, at least 2.
		m := filter.FindSubmatch(b)
		if m == nil || string(m[1]) != fmt.Sprint(max(id, 2)) {
			t.Errorf("%s: filter %q, want A1:J%d", zf.Name, m, max(id, 2))
		}
		if !bytes.Contains(b, []byte(fmt.Sprintf(`<c r="A%d"><v>%d</v></c>`, id, id-1))) && id > 1 {
			t.Errorf("%s: no ply %d in row %d", zf.Name, id-1, id)
		}
	}
	if selected != 1 {
		t.Errorf("%d sheets are the selected tab, want 1", selected)
	}
	// The workbook lists the sheets in the games' order, each with its
	// filter's hidden name, as excelize reads them.
	f, err := excelize.OpenReader(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	names := f.GetSheetList()
	if len(names) != 13 || names[0] != "Games" || names[1] != "R2 B1" || names[12] != "R2 B12" {
		t.Errorf("sheets %q", names)
	}
	want := map[string]bool{"Games 'Games'!$A$1:$M$13": true}
	for i := 1; i <= 12; i++ {
		want[fmt.Sprintf("R2 B%d 'R2 B%d'!$A$1:$J$%d", i, i, max(i+1, 2))] = true
	}
	for _, dn := range f.GetDefinedName() {
		key := dn.Scope + " " + dn.RefersTo
		if dn.Name != "_xlnm._FilterDatabase" || !want[key] {
			t.Errorf("defined name %+v not wanted", dn)
		}
		delete(want, key)
	}
	if len(want) != 0 {
		t.Errorf("no defined names %v", want)
	}
	rows, err := f.GetRows("Games")
	if err != nil || len(rows) != 13 || rows[0][0] != "Round" {
		t.Fatalf("Games rows %q, %v", rows, err)
	}
	for i, r := range rows[1:] {
		if want := fmt.Sprintf("2 %d W%d R2 B%d", i+1, i+1, i+1); len(r) != 13 || r[0]+" "+r[1]+" "+r[2]+" "+r[12] != want {
			t.Errorf("Games row %d: %q, want %s", i+2, r, want)
		}
	}
	if left, _ := filepathGlob(tmp); len(left) != 0 {
		t.Errorf("left behind: %v", left)
	}
}

func filepathGlob(dir string) ([]string, error) { return filepath.Glob(filepath.Join(dir, "*")) }
