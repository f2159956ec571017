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
// rules uses only the standard library; rules, sheet, export and app/core
// never pull in Fyne (export draws the window's print preview too: the
// image side of its page interface is on Go's image packages, not the
// GUI's); sheet does not import export or app; export and app/core
// import neither face; export/pgn and export/trf, the PGN and
// TRF formats, know nothing of PDFs, workbooks or the rest of export; the
// window (app) does not import the command line (app/cli): both are faces
// over app/core, and main imports both.
func TestDependencyDirection(t *testing.T) {
	for _, dep := range goList(t, "-deps", "./rules/...", "./sheet/...", "./export/...", "./app/core/...") {
		if strings.HasPrefix(dep, "fyne.io") {
			t.Errorf("rules, sheet, export or core depends on %s", dep)
		}
	}

	for _, dep := range goList(t, "-deps", "-f", "{{if not .Standard}}{{.ImportPath}}{{end}}", "./rules/...") {
		if !inModulePath(dep, "scoresheet/rules") {
			t.Errorf("rules depends on %s; it must use the standard library only", dep)
		}
	}

	forbidden := map[string][]string{
		"./sheet/...":  {"scoresheet/export", "scoresheet/app"},
		"./export/...": {"scoresheet/app"},
		"./app":        {"scoresheet/app/cli"},
	}
	for pkgs, bad := range forbidden {
		for _, dep := range goList(t, "-deps", pkgs) {
			for _, b := range bad {
				if inModulePath(dep, b) {
					t.Errorf("%s depends on %s", pkgs, dep)
				}
			}
		}
	}

	// app/core sits under app but below both faces: it imports neither
	// the window (app) nor the command line (app/cli).
	for _, dep := range goList(t, "-deps", "./app/core/...") {
		if dep == "scoresheet/app" || inModulePath(dep, "scoresheet/app/cli") {
			t.Errorf("app/core depends on %s", dep)
		}
	}

	for _, pkg := range []string{"export/pgn", "export/trf"} {
		for _, dep := range goList(t, "-deps", "./"+pkg+"/...") {
			if dep == "scoresheet/export" || strings.Contains(dep, "gofpdf") || strings.Contains(dep, "excelize") {
				t.Errorf("%s depends on %s", pkg, dep)
			}
		}
	}
}
