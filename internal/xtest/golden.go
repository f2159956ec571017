package xtest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Golden compares got with the golden file at path, which update (the
// package's -update flag) rewrites first, and fails at the first line
// that differs with its number. at, when given, sees each line of the
// golden file up to that one and names where it is (the page it is on);
// rewrite says how to write the file again.
func Golden(t testing.TB, path, got string, update bool, at func(wantLine string) string, rewrite string) {
	t.Helper()
	if update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (%s writes it)", err, rewrite)
	}
	if got == string(want) {
		return
	}
	gl, wl := strings.Split(got, "\n"), strings.Split(string(want), "\n")
	where := ""
	for i := range min(len(gl), len(wl)) {
		if at != nil {
			where = at(wl[i])
		}
		if gl[i] != wl[i] {
			t.Fatalf("%s: line %d%s is\n\t%s\nwant\n\t%s\n(%s rewrites it: read the diff)", path, i+1, where, gl[i], wl[i], rewrite)
		}
	}
	t.Fatalf("%s: %d lines, want %d (%s rewrites it: read the diff)", path, len(gl), len(wl), rewrite)
}
