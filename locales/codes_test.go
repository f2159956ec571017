package locales_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"text/template"

	"scoresheet/export"
	"scoresheet/locales"
	"scoresheet/pgn"
	"scoresheet/rules"
	"scoresheet/sheet"
	"scoresheet/trf"
)

var fixFormat = flag.Bool("fix", false, "rewrite the locale files sorted by key and indented (go test ./locales -run TestFormat -fix)")

func localeNames(t *testing.T) []string {
	t.Helper()
	names, err := fs.Glob(locales.FS, "*.json")
	if err != nil {
		t.Fatal(err)
	}
	return names
}

// codeKeys returns, for each key family (the prefix of its keys, such as
// "check." or "print.check."), the keys that the codes of the rules,
// sheet and export packages need: the window's sentence, and the short
// word printed on PDFs and workbooks (print.*) for the codes printed.
func codeKeys() map[string][]string {
	keys := map[string][]string{}
	add := func(family, code string) { keys[family] = append(keys[family], family+code) }
	for _, s := range rules.CellStatuses() {
		add("status.", s.String())
	}
	for _, c := range rules.Codes() {
		add("finding.", string(c))
		add("print.finding.", string(c))
	}
	for _, c := range rules.FENErrorCodes() {
		add("fen.", string(c))
	}
	for _, s := range sheet.PlyStatuses() {
		add("ply.", string(s))
		add("print.ply.", string(s))
	}
	for _, c := range sheet.CheckCodes() {
		add("check.", string(c))
		add("print.check.", string(c))
	}
	for _, c := range sheet.StoreErrorCodes() {
		add("store.", string(c))
	}
	for _, c := range sheet.BoundCodes() {
		add("bound.", string(c))
	}
	for _, c := range sheet.EditErrorCodes() {
		add("edit.", c)
	}
	for _, c := range sheet.TimeControlErrorCodes() {
		add("tc.", c)
	}
	for _, c := range pgn.ProblemCodes() {
		add("pgn.", string(c))
	}
	for _, c := range trf.Codes() {
		add("trf.", string(c))
	}
	for _, c := range export.OutErrorCodes() {
		add("ui.export.error.", c)
	}
	return keys
}

// family returns the longest key family of codeKeys that key is in, or
// "" when it is in none.
func family(families map[string][]string, key string) string {
	best := ""
	for f := range families {
		if strings.HasPrefix(key, f) && len(f) > len(best) {
			best = f
		}
	}
	return best
}

// TestCodesTranslated checks that every status and code of the code base
// has its key in every locale (en.json first, the reference), and that no
// locale keeps a key of a code that no longer exists.
func TestCodesTranslated(t *testing.T) {
	want := map[string]bool{}
	for _, ks := range codeKeys() {
		for _, k := range ks {
			if want[k] {
				t.Errorf("code key %q listed twice", k)
			}
			want[k] = true
		}
	}
	families := codeKeys()
	names := localeNames(t)
	slices.SortFunc(names, func(a, b string) int { // en.json first
		return strings.Compare(strings.TrimPrefix(a, "en.json"), strings.TrimPrefix(b, "en.json"))
	})
	for _, name := range names {
		m := locales.Load(t, name)
		var missing []string
		for k := range want {
			if _, ok := m[k]; !ok {
				missing = append(missing, k)
			}
		}
		sort.Strings(missing)
		for _, k := range missing {
			t.Errorf("%s lacks key %q", name, k)
		}
		for k := range m {
			// ui.export.error.* also holds the window's own export codes
			// (app.ExportError), which are not listed here.
			if f := family(families, k); f != "" && f != "ui.export.error." && !want[k] {
				t.Errorf("%s has key %q, but there is no such code", name, k)
			}
		}
	}
}

// TestCodeListsComplete checks the code lists themselves: every constant
// of a code type declared in rules, sheet and export, and every code
// literal of an EditError or TimeControlError, is listed by the function
// that TestCodesTranslated uses.
func TestCodeListsComplete(t *testing.T) {
	listed := map[string]map[string]bool{} // type name -> codes
	put := func(typ string, codes ...string) {
		if listed[typ] == nil {
			listed[typ] = map[string]bool{}
		}
		for _, c := range codes {
			listed[typ][c] = true
		}
	}
	for _, c := range rules.Codes() {
		put("Code", string(c))
	}
	for _, c := range rules.FENErrorCodes() {
		put("FENErrorCode", string(c))
	}
	for _, s := range sheet.PlyStatuses() {
		put("PlyStatus", string(s))
	}
	for _, c := range sheet.CheckCodes() {
		put("CheckCode", string(c))
	}
	for _, c := range sheet.StoreErrorCodes() {
		put("StoreErrorCode", string(c))
	}
	for _, c := range pgn.ProblemCodes() {
		put("ProblemCode", string(c))
	}
	for _, c := range sheet.BoundCodes() {
		put("BoundCode", string(c))
	}
	for _, c := range trf.Codes() {
		put("trf.Code", string(c)) // trf's Code is not rules' Code
	}
	put("EditError", sheet.EditErrorCodes()...)
	put("TimeControlError", sheet.TimeControlErrorCodes()...)

	found := 0
	for _, dir := range []string{"../rules", "../sheet", "../export", "../pgn", "../trf"} {
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		fset := token.NewFileSet()
		for _, file := range files {
			if strings.HasSuffix(file, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(fset, file, nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			check := func(typ string, lit ast.Expr) {
				if dir == "../trf" {
					typ = "trf." + typ
				}
				codes, ok := listed[typ]
				if !ok {
					return
				}
				bl, ok := lit.(*ast.BasicLit)
				if !ok || bl.Kind != token.STRING {
					return
				}
				code, err := strconv.Unquote(bl.Value)
				if err != nil {
					t.Fatal(err)
				}
				found++
				if !codes[code] {
					t.Errorf("%s: %s %q is not in the list of its codes (see the codes.go of its package)", fset.Position(bl.Pos()), typ, code)
				}
			}
			ast.Inspect(f, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.ValueSpec: // const X Type = "code"
					id, ok := n.Type.(*ast.Ident)
					if !ok {
						return true
					}
					for _, v := range n.Values {
						check(id.Name, v)
					}
				case *ast.CompositeLit: // EditError{Code: "code"}
					id, ok := n.Type.(*ast.Ident)
					if !ok {
						return true
					}
					for _, e := range n.Elts {
						if kv, ok := e.(*ast.KeyValueExpr); ok {
							if k, ok := kv.Key.(*ast.Ident); ok && k.Name == "Code" {
								check(id.Name, kv.Value)
							}
						}
					}
				}
				return true
			})
		}
	}
	t.Logf("%d code literals checked", found)
	if found < 100 {
		t.Errorf("found only %d code literals in rules, sheet, export, pgn and trf; the scan is broken", found)
	}
}

var actionRE = regexp.MustCompile(`\{\{.*?\}\}`)

// actions returns the template actions of a text, sorted.
func actions(s string) []string {
	a := actionRE.FindAllString(s, -1)
	for i := range a {
		a[i] = strings.Join(strings.Fields(a[i]), " ")
	}
	sort.Strings(a)
	return a
}

// templateData gives, per key family, the value the app passes as the
// template data of a message (nil: the message takes none).
var templateData = map[string]any{
	// as app's checkText passes a sheet.CheckFinding: its fields, Side and
	// Copy translated, and the two texts also as Text0 and Text1
	"check.": map[string]any{"Ply": 7, "Article": "8.1", "Side": "Black", "Copy": "White's copy",
		"Count": 2, "Want": 3, "Period": 1, "Text0": "Nf3", "Text1": "Sf3",
		"Texts": [2]string{"Nf3", "Sf3"}, "Plies": []int{0, 4, 8}},
	"fen.":   &rules.FENError{Code: rules.FENRankLength, Field: rules.FieldBoard, Rank: 3, Pos: rules.Pos{Line: 1, Col: 13, Offset: 12}, Char: 'x'},
	"store.": &sheet.StoreError{Code: sheet.StoreLocked, Path: "event.sqlite"},
	"bound.": &sheet.BoundError{Code: sheet.BoundCellBytes, Round: 3, Board: 12, Index: 4, Size: 3900000, Max: 100, Text: "NNN…"},
	"edit.":  &sheet.EditError{Code: "edit-bad-index", Index: 9},
	"tc.":    &sheet.TimeControlError{Code: "time-control-syntax", Offset: 3},
	"pgn.":   pgn.Problem{File: "round1.pgn", Pos: rules.Pos{Line: 3, Col: 5}, PGN: pgn.ProblemUnexpected, Text: "%"},
}

// TestPlaceholders checks that every translation is a valid template
// with the same placeholders as en.json's, and that the messages of codes
// render with the data the app passes for their key family (Fyne's lang
// package renders messages with text/template).
func TestPlaceholders(t *testing.T) {
	en := locales.Load(t, "en.json")
	codeFamilies := codeKeys()
	for _, name := range localeNames(t) {
		for k, v := range locales.Load(t, name) {
			tmpl, err := template.New(k).Option("missingkey=error").Parse(v)
			if err != nil {
				t.Errorf("%s: %q: %v", name, k, err)
				continue
			}
			if e, ok := en[k]; ok && !slices.Equal(actions(v), actions(e)) {
				t.Errorf("%s: %q has placeholders %q; en.json has %q", name, k, actions(v), actions(e))
			}
			if len(actions(v)) == 0 {
				continue
			}
			f := family(codeFamilies, k)
			data, ok := templateData[f]
			if !ok {
				if f != "" {
					t.Errorf("%s: %q has placeholders, but %s* messages get no template data", name, k, f)
				}
				continue // other messages: their code passes the data
			}
			var out strings.Builder
			if err := tmpl.Execute(&out, data); err != nil {
				t.Errorf("%s: %q: %v", name, k, err)
			} else if strings.Contains(out.String(), "<no value>") {
				t.Errorf("%s: %q renders %q", name, k, out.String())
			}
		}
	}
}

// TestFormat checks that every locale file is JSON indented by two spaces
// with its keys sorted, as -fix writes it.
func TestFormat(t *testing.T) {
	for _, name := range localeNames(t) {
		data, err := locales.FS.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		var m map[string]string
		if err := json.Unmarshal(data, &m); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		if err := enc.Encode(m); err != nil { // sorts the keys
			t.Fatal(err)
		}
		if bytes.Equal(buf.Bytes(), data) {
			continue
		}
		if *fixFormat {
			if err := os.WriteFile(name, buf.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			t.Logf("%s rewritten", name)
			continue
		}
		t.Errorf("%s is not sorted and indented as expected; run go test ./locales -run TestFormat -fix", name)
	}
}
