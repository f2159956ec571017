package main

import (
	"os/exec"
	"strings"
	"testing"
)

// goList runs "go list" with args and returns the non-empty output lines.
func goList(t *testing.T, args ...string) []string {
	t.Helper()
	// "go test" puts the go command of the toolchain running the tests
	// first on PATH.
	cmd := exec.Command("go", append([]string{"list"}, args...)...)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list %s: %v\n%s", strings.Join(args, " "), err, stderr.String())
	}
	var lines []string
	for _, l := range strings.Split(string(out), "\n") {
		if l = strings.TrimSpace(l); l != "" {
			lines = append(lines, l)
		}
	}
	return lines
}

// inModulePath reports whether pkg is path or a package below it.
func inModulePath(pkg, path string) bool {
	return pkg == path || strings.HasPrefix(pkg, path+"/")
}

// TestDependencyDirection keeps the core packages headless and layered:
// rules uses only the standard library; rules, sheet (with its stores),
// pgn, trf, export, app/core and app/session never pull in Fyne (export
// draws the window's print preview too: the image side of its page
// interface is on Go's image packages, not the GUI's; the session is the
// window's state and edits, its widgets are app's); sheet does not
// import the formats, export or app; pgn and trf, the PGN and TRF
// formats, know nothing of PDFs, workbooks or the rest of export; the
// two event stores import each other not, and sheet itself no SQL; export
// and app/core import neither face; the window (app) does not import the
// command line (app/cli): both are faces over app/core and app/session,
// and main imports both.
func TestDependencyDirection(t *testing.T) {
	headless := []string{"./rules/...", "./sheet/...", "./pgn/...", "./trf/...", "./export/...", "./app/core/...", "./app/session/...", "./app/publish/..."}
	for _, dep := range goList(t, append([]string{"-deps"}, headless...)...) {
		if strings.HasPrefix(dep, "fyne.io") {
			t.Errorf("a headless package (rules, sheet, pgn, trf, export, core, session) depends on %s", dep)
		}
	}

	for _, dep := range goList(t, "-deps", "-f", "{{if not .Standard}}{{.ImportPath}}{{end}}", "./rules/...") {
		if !inModulePath(dep, "scoresheet/rules") {
			t.Errorf("rules depends on %s; it must use the standard library only", dep)
		}
	}

	forbidden := map[string][]string{
		"./sheet/...":  {"scoresheet/pgn", "scoresheet/trf", "scoresheet/export", "scoresheet/app"},
		"./pgn/...":    {"scoresheet/trf", "scoresheet/export", "scoresheet/app", "gofpdf", "excelize"},
		"./trf/...":    {"scoresheet/pgn", "scoresheet/export", "scoresheet/app", "gofpdf", "excelize"},
		"./export/...": {"scoresheet/app"},
		"./app":        {"scoresheet/app/cli"},
		// The stores: neither imports the other (what both need is
		// their kit, sheet/internal/storekit), and the domain package
		// sheet knows no SQL.
		"./sheet/pgstore/...":     {"scoresheet/sheet/sqlitestore"},
		"./sheet/sqlitestore/...": {"scoresheet/sheet/pgstore"},
		// The conformance suite runs on every store, imported by each.
		"./sheet/storetest/...": {"scoresheet/sheet/sqlitestore", "scoresheet/sheet/pgstore"},
		"./sheet":               {"scoresheet/sheet/internal/storekit", "database/sql", "jackc/pgx", "modernc.org/sqlite"},
	}
	for pkgs, bad := range forbidden {
		for _, dep := range goList(t, "-deps", pkgs) {
			for _, b := range bad {
				if inModulePath(dep, b) || (!strings.HasPrefix(b, "scoresheet/") && strings.Contains(dep, b)) {
					t.Errorf("%s depends on %s", pkgs, dep)
				}
			}
		}
	}

	// app/core and app/session sit under app but below both faces: they
	// import neither the window (app) nor the command line (app/cli); the
	// session builds on core, never the other way round.
	for _, pkgs := range []string{"./app/core/...", "./app/session/...", "./app/publish/..."} {
		for _, dep := range goList(t, "-deps", pkgs) {
			if dep == "scoresheet/app" || inModulePath(dep, "scoresheet/app/cli") {
				t.Errorf("%s depends on %s", pkgs, dep)
			}
		}
	}
	for _, dep := range goList(t, "-deps", "./app/core/...") {
		if inModulePath(dep, "scoresheet/app/session") {
			t.Errorf("app/core depends on %s", dep)
		}
	}
}
