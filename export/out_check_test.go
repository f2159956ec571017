package export

import (
	"archive/zip"
	"os"
	"path/filepath"
	"testing"
)

// zipWith returns a zip holding the named empty entries.
func zipWith(t *testing.T, names ...string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "z")
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	zw := zip.NewWriter(f)
	for _, n := range names {
		zw.Create(n)
	}
	zw.Close()
	f.Close()
	b, _ := os.ReadFile(p)
	return string(b)
}

// TestCheckOut: which files an export replaces and which it refuses, with
// the code, for each format (issue 13: --out over the event file wrote a
// workbook into it).
func TestCheckOut(t *testing.T) {
	event := sqliteMagic + "\x10\x00 and the pages"
	workbook := zipWith(t, "[Content_Types].xml", "xl/workbook.xml")
	document := zipWith(t, "[Content_Types].xml", "word/document.xml")
	tests := []struct {
		name, format string
		content      *string // nil: no file
		mode         os.FileMode
		want         string // "" when written
	}{
		{"new.pgn", "pgn", nil, 0, ""},
		{"empty.pdf", "pdf", ptr(""), 0o644, ""},
		{"e.scoresheet", "xlsx", &event, 0o644, OutEvent},
		{"e.scoresheet", "pgn", &event, 0o444, OutEvent},
		{"other.pgn", "pgn", &event, 0o644, OutEvent},
		{"games.pgn", "pgn", ptr("[Event \"x\"]\n\n1. e4 *\n"), 0o600, ""},
		{"bom.pgn", "pgn", ptr("\ufeff% escape\n\n{comment} 1. e4 *"), 0o644, ""},
		{"moves.pgn", "pgn", ptr("1. d4 d5 *"), 0o644, ""},
		{"notes.txt", "pgn", ptr("Pairings for round 3\n"), 0o644, OutFormat},
		{"nul.pgn", "pgn", ptr("[Event \x00"), 0o644, OutFormat},
		{"games.pgn", "pdf", ptr("[Event \"x\"]\n"), 0o644, OutFormat},
		{"r.pdf", "pdf", ptr("%PDF-1.7\n..."), 0o644, ""},
		{"r.pdf", "forms", ptr("%PDF-1.3\n..."), 0o644, ""},
		{"r.pdf", "xlsx", ptr("%PDF-1.3\n..."), 0o644, OutFormat},
		{"fake.pdf", "pdf", ptr("PDF-1.4 without its percent sign"), 0o644, OutFormat},
		{"e.xlsx", "xlsx", &workbook, 0o644, ""},
		{"doc.xlsx", "xlsx", &document, 0o644, OutFormat},
		{"broken.xlsx", "xlsx", ptr("PK\x03\x04 broken"), 0o644, OutFormat},
		{"games.pgn", "pgn", ptr("[Event \"x\"]\n"), 0o444, OutReadOnly},
	}
	for _, tt := range tests {
		t.Run(tt.name+"/"+tt.format, func(t *testing.T) {
			p := filepath.Join(t.TempDir(), tt.name)
			if tt.content != nil {
				os.WriteFile(p, []byte(*tt.content), 0o600)
				os.Chmod(p, tt.mode)
			}
			assertOut(t, CheckOut(p, tt.format), p, tt.want)
		})
	}
}

// TestCheckOutSideFilesFoldersLinks: the side files of an event, existing
// or not, a folder, and links judged by what they lead to.
func TestCheckOutSideFilesFoldersLinks(t *testing.T) {
	dir := t.TempDir()
	ev := filepath.Join(dir, "e.scoresheet")
	os.WriteFile(ev, []byte(sqliteMagic+"pages"), 0o644)
	os.WriteFile(ev+"-wal", []byte("\x37\x7f\x06\x82 wal"), 0o644)
	pgn := filepath.Join(dir, "g.pgn")
	os.WriteFile(pgn, []byte("[Event \"x\"]\n"), 0o644)
	os.Symlink(ev, filepath.Join(dir, "to-event"))
	os.Symlink("g.pgn", filepath.Join(dir, "to-pgn"))
	os.Symlink(ev+"-shm", filepath.Join(dir, "to-shm"))
	os.Symlink("missing.pgn", filepath.Join(dir, "to-missing"))
	os.WriteFile(filepath.Join(dir, "x-wal"), []byte("1. e4 *"), 0o644) // no database x
	for _, tt := range []struct{ name, want string }{
		{"e.scoresheet-wal", OutEvent},
		{"e.scoresheet-shm", OutEvent},
		{"e.scoresheet-journal", OutEvent},
		{"to-event", OutEvent},
		{"to-shm", OutEvent},
		{"to-pgn", ""},
		{"to-missing", ""},
		{"x-wal", ""},
		{".", OutNotFile},
	} {
		p := filepath.Join(dir, tt.name)
		assertOut(t, CheckOut(p, "pgn"), p, tt.want)
	}
}

func assertOut(t *testing.T, err error, path, want string) {
	t.Helper()
	oe, _ := err.(*OutError)
	switch {
	case want == "" && err != nil:
		t.Errorf("%s: %v, want it written", path, err)
	case want != "" && (oe == nil || oe.Code != want || oe.Path != path):
		t.Errorf("%s: %v, want %s", path, err, want)
	}
}

func ptr(s string) *string { return &s }
