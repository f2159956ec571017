package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// goCmd returns the go command of the toolchain running the tests,
// falling back to "go" on PATH.
func goCmd() string {
	g := filepath.Join(runtime.GOROOT(), "bin", "go")
	if _, err := os.Stat(g); err == nil {
		return g
	}
	return "go"
}

// goList runs "go list" with args and returns the non-empty output lines.
func goList(t *testing.T, args ...string) []string {
	t.Helper()
	cmd := exec.Command(goCmd(), append([]string{"list"}, args...)...)
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
// rules uses only the standard library; rules, sheet and export never
// pull in Fyne; sheet does not import export or app; export does not
// import app; export/pgn and export/trf, the PGN and TRF formats, know
// nothing of PDFs, workbooks or the rest of export.
func TestDependencyDirection(t *testing.T) {
	for _, dep := range goList(t, "-deps", "./rules/...", "./sheet/...", "./export/...") {
		if strings.HasPrefix(dep, "fyne.io") {
			t.Errorf("rules, sheet or export depends on %s", dep)
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

	for _, pkg := range []string{"export/pgn", "export/trf"} {
		for _, dep := range goList(t, "-deps", "./"+pkg+"/...") {
			if dep == "scoresheet/export" || strings.Contains(dep, "gofpdf") || strings.Contains(dep, "excelize") {
				t.Errorf("%s depends on %s", pkg, dep)
			}
		}
	}
}
