package app

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
)

// TestKeysTableFitsTheWidth: at 1366 pixels (Help -> Keys' room on a
// laptop) the keys table needs no sideways scrolling: what a key does is
// cut into lines that fit, and the lines, read on, say it whole, beside
// its keys, in every UI language.
func TestKeysTableFitsTheWidth(t *testing.T) {
	defer SetLanguage("en")
	const width = 1366 - keysRoom
	for _, code := range UILanguages {
		SetLanguage(code)
		table := keysTable(width).(*fyne.Container)
		if w := table.MinSize().Width; w > width {
			t.Errorf("%s: the table is %.0f wide, more than %d", code, w, width)
		}
		var got [][2]string
		for i := 0; i+1 < len(table.Objects); i += 2 {
			keys := table.Objects[i].(*canvas.Text).Text
			words := ""
			if txt, ok := table.Objects[i+1].(*canvas.Text); ok {
				words = txt.Text
			}
			if keys == "" && len(got) > 0 {
				got[len(got)-1][1] += " " + words
				continue
			}
			got = append(got, [2]string{keys, words})
		}
		want := keyRows()
		if len(got) != len(want) {
			t.Fatalf("%s: %d rows drawn, %d in the table", code, len(got), len(want))
		}
		for i := range want {
			if got[i][0] != want[i][0] || got[i][1] != strings.Join(strings.Fields(want[i][1]), " ") {
				t.Errorf("%s: row %d drawn %q, want %q", code, i, got[i], want[i])
			}
		}
	}
	if lines := wrapWords("a b", 0); len(lines) != 1 {
		t.Errorf("no width: %q", lines)
	}
}
