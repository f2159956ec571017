package app

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var updateDocs = flag.Bool("update", false, "rewrite the keys table of docs/ from the key table (keys.go)")

// The keys section of the docs sits between these markers; it is
// written from the key table, in English.
const (
	keysBegin = "<!-- keys:begin -->"
	keysEnd   = "<!-- keys:end -->"
)

// keysMarkdown is Help -> Keys in English as a markdown table.
func keysMarkdown() string {
	SetLanguage("en")
	var b strings.Builder
	b.WriteString("<!-- written from app/keys.go by `go test ./app -run TestKeysDoc -update`: edit the table there -->\n\n")
	b.WriteString("| Key | What it does |\n|-----|--------------|\n")
	cell := strings.NewReplacer("|", `\|`).Replace
	for _, r := range keyRows() {
		if r[1] == "" {
			b.WriteString("| **" + cell(r[0]) + "** | |\n")
			continue
		}
		b.WriteString("| " + cell(r[0]) + " | " + cell(r[1]) + " |\n")
	}
	return b.String()
}

// keysDoc is the file the keys section is in: docs/window.md when it has
// the markers, else docs/keys.md.
func keysDoc() string {
	window := filepath.Join("..", "docs", "window.md")
	if b, err := os.ReadFile(window); err == nil && bytes.Contains(b, []byte(keysBegin)) {
		return window
	}
	return filepath.Join("..", "docs", "keys.md")
}

// TestKeysDoc: the docs' keys table is the key table's; -update writes it
// between the markers.
func TestKeysDoc(t *testing.T) {
	path := keysDoc()
	old, err := os.ReadFile(path)
	if os.IsNotExist(err) && *updateDocs {
		old, err = []byte("# Keys\n\n"+keysBegin+"\n"+keysEnd+"\n"), nil
	}
	if err != nil {
		t.Fatalf("%v (go test ./app -run TestKeysDoc -update writes it)", err)
	}
	before, rest, ok1 := strings.Cut(string(old), keysBegin+"\n")
	_, after, ok2 := strings.Cut(rest, keysEnd)
	if !ok1 || !ok2 {
		t.Fatalf("%s: no %s … %s", path, keysBegin, keysEnd)
	}
	doc := before + keysBegin + "\n" + keysMarkdown() + keysEnd + after
	if doc == string(old) {
		return
	}
	if !*updateDocs {
		t.Fatalf("%s: the keys table differs from app/keys.go's; go test ./app -run TestKeysDoc -update writes it", path)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
}
