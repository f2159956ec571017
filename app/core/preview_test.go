package core

import (
	"errors"
	"path/filepath"
	"testing"

	"scoresheet/sheet"
	"scoresheet/sheet/sqlitestore"
)

// TestPreviewReadsTheFirstPage: the preview of an event whose first round
// is 2 (boards stored out of order) draws the scoresheets and forms, and
// reads round 2's games alone for the results list of every round (a
// round's, its own; a board's, that board); a round with no games and a
// format that is not a PDF are refused with their codes.
func TestPreviewReadsTheFirstPage(t *testing.T) {
	st, err := sqlitestore.Create(filepath.Join(t.TempDir(), "e.scoresheet"), sheet.Event{Name: "E"})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	for _, rb := range [][2]int{{3, 1}, {2, 3}, {2, 1}, {2, 2}, {3, 2}} {
		g := sheet.Game{Round: rb[0], Board: rb[1], White: sheet.Player{Name: "W"}, Black: sheet.Player{Name: "B"}}
		g.Copies[0].Cells = []sheet.Cell{{Text: "e4"}, {Text: "e5"}}
		if _, err := st.AddGame(g); err != nil {
			t.Fatal(err)
		}
	}
	ev, err := st.Event()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		f     Format
		scope Scope
		read  int // games the results list's progress counts
	}{
		{FormatPDF, Scope{}, 0}, {FormatForms, Scope{Round: 3}, 0},
		{FormatResults, Scope{}, 3}, {FormatResults, Scope{Round: 3}, 2}, {FormatResults, Scope{Round: 2, Board: 2}, 1},
	} {
		read, total := 0, 0
		img, err := Preview(st, &ev, c.f, c.scope, Options{}, func(d, n int) { read, total = d, n })
		if err != nil || img == nil {
			t.Fatalf("%s %+v: %v", c.f, c.scope, err)
		}
		if read != c.read || total != c.read {
			t.Errorf("%s %+v: read %d of %d games, want %d", c.f, c.scope, read, total, c.read)
		}
	}
	for _, c := range []struct {
		f     Format
		scope Scope
		code  string
	}{{FormatPDF, Scope{Round: 1}, "export-nogame"}, {FormatResults, Scope{Round: 4}, "export-nogame"}, {FormatPGN, Scope{}, "export-format"}} {
		var xe *ExportError
		if _, err := Preview(st, &ev, c.f, c.scope, Options{}, nil); !errors.As(err, &xe) || xe.Code != c.code {
			t.Errorf("%s %+v: %v, want %s", c.f, c.scope, err, c.code)
		}
	}
}
