package cli

import (
	"path/filepath"
	"strings"
	"testing"

	"scoresheet/app/session"
	"scoresheet/sheet"
	"scoresheet/sheet/sqlitestore"
)

// Issue 31: a journal a window put aside (kept writes never sent) is
// listed and sent by the command line, each write on its condition: the
// cell another program changed meanwhile is refused and said, the others
// stored; a journal of another event is refused.
func TestEventJournal(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "open.scoresheet")
	for _, args := range [][]string{
		{"event", "new", file, "--name", "Open"},
		{"event", "add-game", file, "--round", "1", "--board", "1", "--white", "A", "--black", "B", "--lang", "en"},
	} {
		if code, _, errOut := run(t, "", args...); code != ExitOK {
			t.Fatalf("%v: %d %s", args, code, errOut)
		}
	}
	st, err := sqlitestore.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	g, _ := st.GameAt(1, 1)
	loc := st.Location()
	st.Close()
	j, err := session.OpenJournal(filepath.Join(dir, "journal"), loc)
	if err != nil {
		t.Fatal(err)
	}
	e4 := sheet.Cell{Text: "e4"}
	for _, op := range []session.JournalOp{
		{Op: "set-cell", Game: g.ID, Side: sheet.WhiteCopy, Index: 0, Cell: e4},
		{Op: "set-cell", Game: g.ID, Side: sheet.WhiteCopy, Index: 1, Cell: sheet.Cell{Text: "e5"}},
		{Op: "set-cell", Game: g.ID, Side: sheet.BlackCopy, Index: 0, Cell: sheet.Cell{Text: "c5"}},
	} {
		if err := j.Keep(op); err != nil {
			t.Fatal(err)
		}
	}
	aside, err := j.PutAside()
	if err != nil {
		t.Fatal(err)
	}
	code, out, errOut := run(t, "", "event", "journal", file, "--from", aside)
	if code != ExitOK || strings.Count(out, "kept\t1\t1\t") != 3 || !strings.Contains(out, "kept\t1\t1\twhite\t2\tset-cell\te5") {
		t.Fatalf("list: %d\n%s%s", code, out, errOut)
	}
	// Another program writes Black's first cell meanwhile.
	if code, _, errOut := run(t, "d4\n", "event", "enter", file, "--round", "1", "--board", "1", "--copy", "black"); code != ExitOK {
		t.Fatalf("enter: %s", errOut)
	}
	code, _, errOut = run(t, "", "event", "journal", file, "--from", aside, "--send")
	if code != ExitError || !strings.Contains(errOut, "not saved\t1\t1\tblack\t1\tset-cell\tc5") {
		t.Fatalf("send: %d\n%s", code, errOut)
	}
	st, _ = sqlitestore.Open(file)
	g, _ = st.GameAt(1, 1)
	st.Close()
	if w, b := g.Copies[0].Cells, g.Copies[1].Cells; len(w) != 2 || w[1].Text != "e5" || len(b) != 1 || b[0].Text != "d4" {
		t.Errorf("stored: white %v black %v", w, b)
	}
	other := filepath.Join(dir, "other.scoresheet")
	run(t, "", "event", "new", other, "--name", "Other")
	j2, _ := session.OpenJournal(filepath.Join(dir, "journal"), loc)
	j2.Keep(session.JournalOp{Op: "set-cell", Game: g.ID, Cell: e4})
	if code, _, errOut := run(t, "", "event", "journal", other, "--from", j2.Path()); code != ExitUsage || !strings.Contains(errOut, "not of") {
		t.Errorf("another event's journal: %d %s", code, errOut)
	}
}
