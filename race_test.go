package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// racePkgs reads the Makefile's RACE_PKGS: the packages make test runs
// under -race (the others run without).
func racePkgs(t *testing.T) []string {
	t.Helper()
	mk, err := os.ReadFile("Makefile")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^RACE_PKGS :=((?:.*\\\n)*.*)$`).FindSubmatch(mk)
	if m == nil {
		t.Fatal("Makefile: no RACE_PKGS := line")
	}
	return strings.Fields(strings.ReplaceAll(string(m[1]), "\\\n", " "))
}

// runsConcurrently reports whether a Go file starts code that runs beside
// its caller: a go statement or a timer's function (time.AfterFunc).
func runsConcurrently(f *ast.File) bool {
	found := false
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.GoStmt:
			found = true
		case *ast.SelectorExpr:
			if x, ok := n.X.(*ast.Ident); ok && x.Name == "time" && n.Sel.Name == "AfterFunc" {
				found = true
			}
		}
		return !found
	})
	return found
}

// concurrentDirs lists the package directories with a file (code or
// test) that runs something concurrently.
func concurrentDirs(t *testing.T) []string {
	t.Helper()
	fset := token.NewFileSet()
	var dirs []string
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); path != "." && (name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		if dir := filepath.ToSlash(filepath.Dir(path)); runsConcurrently(f) && !slices.Contains(dirs, dir) {
			dirs = append(dirs, dir)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return dirs
}

// TestRacePackagesListed keeps make test's -race where the concurrency
// is: a package whose code or tests start a goroutine or a timer's
// function must be in the Makefile's RACE_PKGS, and every name there must
// be a package of the module.
func TestRacePackagesListed(t *testing.T) {
	listed := racePkgs(t)
	for _, dir := range concurrentDirs(t) {
		if !slices.Contains(listed, dir) {
			t.Errorf("%s runs code concurrently (a go statement or time.AfterFunc) but is not in the Makefile's RACE_PKGS: make test would not run it under -race", dir)
		}
	}
	pkgs := goList(t, "./...")
	for _, dir := range listed {
		if !slices.Contains(pkgs, "scoresheet/"+dir) {
			t.Errorf("RACE_PKGS names %s, not a package of the module", dir)
		}
	}
}
