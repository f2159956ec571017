package sheet

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"scoresheet/rules"
)

// declaredCheckCodes reads the package's source for every constant of
// type CheckCode: the codes as written, not as listed in checkRules, so
// that a code added without its row is found.
func declaredCheckCodes(t *testing.T) map[CheckCode]string {
	t.Helper()
	fset := token.NewFileSet()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	out := map[CheckCode]string{}
	for _, file := range files {
		if strings.HasSuffix(file, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, file, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			vs, ok := n.(*ast.ValueSpec)
			if !ok || vs.Type == nil {
				return true
			}
			if id, ok := vs.Type.(*ast.Ident); !ok || id.Name != "CheckCode" {
				return true
			}
			for i, name := range vs.Names {
				lit, ok := vs.Values[i].(*ast.BasicLit)
				if !ok {
					t.Fatalf("%s: %s is no string literal", fset.Position(name.Pos()), name.Name)
				}
				s, err := strconv.Unquote(lit.Value)
				if err != nil {
					t.Fatal(err)
				}
				out[CheckCode(s)] = name.Name
			}
			return true
		})
	}
	if len(out) < 40 {
		t.Fatalf("found %d check codes in the source, want them all", len(out))
	}
	return out
}

// TestCheckRulesComplete: every check code declared has its row in
// checkRules (a severity and an article), and so has its unconfirmed
// code; the table holds no code that is not declared.
func TestCheckRulesComplete(t *testing.T) {
	declared := declaredCheckCodes(t)
	for c, name := range declared {
		r, ok := checkRules[c]
		if !ok {
			t.Errorf("%s (%s) has no row in checkRules", name, c)
			continue
		}
		if r.Severity > rules.Error {
			t.Errorf("%s: severity %d is none", c, r.Severity)
		}
		// The bad start position is no rule of chess, nor is how the
		// arbiter typed a copy: every other code names its article.
		if r.Article == "" && c != CheckBadStart && c != CheckCopyConsulted {
			t.Errorf("%s has no article", c)
		}
		if strings.ContainsAny(string(c), " ABCDEFGHIJKLMNOPQRSTUVWXYZ") {
			t.Errorf("%q is no code", c)
		}
		if u := c.Unconfirmed(); u != c {
			if _, ok := checkRules[u]; !ok {
				t.Errorf("%s: its unconfirmed code %s has no row", c, u)
			}
		}
	}
	for c := range checkRules {
		if _, ok := declared[c.Confirmed()]; !ok {
			t.Errorf("checkRules has %s, which no constant declares", c)
		}
	}
}

// TestCheckRulesRead: Severity and Article read the table, an unconfirmed
// code claims at most a warning, and rapid and blitz play cite their own
// appendix for an illegal move.
func TestCheckRulesRead(t *testing.T) {
	for _, c := range []struct {
		code     CheckCode
		kind     EventKind
		severity rules.Severity
		article  string
	}{
		{CheckIllegalMove, KindStandard, rules.Error, "7.5.1"},
		{CheckIllegalMove, KindRapid, rules.Error, "A.4.2"},
		{CheckSecondIllegal, KindBlitz, rules.Error, "B.3"},
		{CheckIllegalMove.Unconfirmed(), KindStandard, rules.Warning, "7.5.1"},
		{CheckIllegalMove.Unconfirmed(), KindRapid, rules.Warning, "A.4.2"},
		{CheckThreefold.Unconfirmed(), KindStandard, rules.Note, "9.2"},
		{CheckMissingCell, KindStandard, rules.Warning, "8.1"},
		{CheckRealignMerge, KindBlitz, rules.Note, "8.1"},
		{CheckBadStart, KindStandard, rules.Error, ""},
		{"no-such-check", KindStandard, rules.Note, ""},
	} {
		if s, a := c.code.Severity(), c.code.Article(c.kind); s != c.severity || a != c.article {
			t.Errorf("%s in play %q: %s %q, want %s %q", c.code, c.kind, s, a, c.severity, c.article)
		}
	}
}
