package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

// maxComplexity is the highest cyclomatic complexity a function may have.
const maxComplexity = 25

// complexityAllowed lists the functions still above maxComplexity, each
// for a reason; the list is meant to stay empty.
var complexityAllowed = map[string]string{}

// TestComplexity fails for every function outside tests whose cyclomatic
// complexity is above maxComplexity. It counts as gocyclo does: 1, plus
// one for each if, for, range, case and select case other than default,
// && and ||; a function literal counts in the function it is in.
func TestComplexity(t *testing.T) {
	fset := token.NewFileSet()
	seen := map[string]bool{}
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if path != "." && (name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || fn.Body == nil {
				continue
			}
			key := filepath.ToSlash(path) + " " + funcName(fn)
			c := complexity(fn)
			switch _, allowed := complexityAllowed[key]; {
			case allowed:
				seen[key] = true
				if c <= maxComplexity {
					t.Errorf("%s: complexity %d, no longer above %d: take it off complexityAllowed", key, c, maxComplexity)
				}
			case c > maxComplexity:
				t.Errorf("%s: complexity %d, above %d (%s)", key, c, maxComplexity, fset.Position(fn.Pos()))
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for key := range complexityAllowed {
		if !seen[key] {
			t.Errorf("%s is on complexityAllowed but there is no such function", key)
		}
	}
}

// funcName names a function as gocyclo does: "f", "(T).m" or "(*T).m".
func funcName(fn *ast.FuncDecl) string {
	if fn.Recv == nil || len(fn.Recv.List) == 0 {
		return fn.Name.Name
	}
	return "(" + recvType(fn.Recv.List[0].Type) + ")." + fn.Name.Name
}

func recvType(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.StarExpr:
		return "*" + recvType(e.X)
	case *ast.IndexExpr: // T[P]
		return recvType(e.X)
	case *ast.IndexListExpr: // T[P, Q]
		return recvType(e.X)
	case *ast.Ident:
		return e.Name
	}
	return "?"
}

// complexity returns the cyclomatic complexity of a function.
func complexity(fn *ast.FuncDecl) int {
	c := 1
	ast.Inspect(fn, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.IfStmt, *ast.ForStmt, *ast.RangeStmt:
			c++
		case *ast.CaseClause:
			if n.List != nil { // not default
				c++
			}
		case *ast.CommClause:
			if n.Comm != nil { // not default
				c++
			}
		case *ast.BinaryExpr:
			if n.Op == token.LAND || n.Op == token.LOR {
				c++
			}
		}
		return true
	})
	return c
}

// TestComplexityCounts checks the counting on small functions.
func TestComplexityCounts(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want int
	}{
		{"func f() {}", 1},
		{"func f(a, b bool) { if a && b || a {} }", 4},
		{"func f(x int) { for i := 0; i < x; i++ {}; for range x {} }", 3},
		{"func f(x int) { switch x { case 1, 2: case 3: default: } }", 3},
		{"func f(c chan int) { select { case <-c: case c <- 1: default: } }", 3},
		{"func f() { g := func(a bool) { if a {} }; _ = g }", 2},
		{"func (p *T[K]) m(a bool) { if a {} else if !a {} }", 3},
	} {
		f, err := parser.ParseFile(token.NewFileSet(), "x.go", "package x\n"+tc.src, 0)
		if err != nil {
			t.Fatal(err)
		}
		if got := complexity(f.Decls[0].(*ast.FuncDecl)); got != tc.want {
			t.Errorf("%s: complexity %d, want %d", tc.src, got, tc.want)
		}
	}
}
