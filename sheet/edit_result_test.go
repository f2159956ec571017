package sheet

import "testing"

// TestEditorResultCell: a result typed after a copy's last move is that
// copy's result, and the game's while it has none: the cell goes, in one
// undo step after the typing's. Anywhere else it is a cell like any.
func TestEditorResultCell(t *testing.T) {
	ed, st, g := editGame(t)
	for _, text := range []string{"1", "1/", "1/2"} {
		if err := ed.TypeCell(BlackCopy, 3, Cell{Text: text}); err != nil {
			t.Fatal(err)
		}
	}
	if took, err := ed.ResultCell(BlackCopy, 2); took || err != nil { // Sf3 is no result
		t.Fatalf("Sf3 taken as a result: %v %v", took, err)
	}
	took, err := ed.ResultCell(BlackCopy, 3)
	if err != nil || !took {
		t.Fatalf("1/2 after the last move: %v %v", took, err)
	}
	if b := g.Copies[BlackCopy]; b.Result != "1/2-1/2" || len(b.Cells) != 3 || g.Result != "1/2-1/2" {
		t.Fatalf("copy %+v, game %q", b, g.Result)
	}
	st.holds(t, g)
	if err := ed.Undo(); err != nil {
		t.Fatal(err)
	}
	if b := g.Copies[BlackCopy]; b.Result != "" || len(b.Cells) != 4 || b.Cells[3].Text != "1/2" || g.Result != "" {
		t.Fatalf("after undo: copy %+v, game %q", b, g.Result)
	}
	st.holds(t, g)
	if err := ed.Redo(); err != nil {
		t.Fatal(err)
	}
	// White's copy writes 1-0 after its last move: its result; the game
	// keeps the one it has, the copies differ (a check says so).
	if err := ed.TypeCell(WhiteCopy, 4, Cell{Text: "1-0"}); err != nil {
		t.Fatal(err)
	}
	if took, err := ed.ResultCell(WhiteCopy, 4); !took || err != nil {
		t.Fatalf("1-0: %v %v", took, err)
	}
	if g.Copies[WhiteCopy].Result != "1-0" || g.Result != "1/2-1/2" || len(g.Copies[WhiteCopy].Cells) != 4 {
		t.Errorf("white's 1-0: copy %+v, game %q", g.Copies[WhiteCopy], g.Result)
	}
	st.holds(t, g)
	// Before the last cell, or with a mark of its own, it stays a cell.
	if err := ed.SetCell(WhiteCopy, 1, Cell{Text: "0-1"}); err != nil {
		t.Fatal(err)
	}
	if took, _ := ed.ResultCell(WhiteCopy, 1); took {
		t.Error("a result before the last cell taken")
	}
	if err := ed.SetCell(WhiteCopy, 4, Cell{Text: "0-1", Clock: "0:12"}); err != nil {
		t.Fatal(err)
	}
	if took, _ := ed.ResultCell(WhiteCopy, 4); took {
		t.Error("a cell with a clock time taken")
	}
	// "*" ending a copy is no copy's result; the game has one: nothing.
	if err := ed.WriteResult(BlackCopy, "*"); err != nil || g.Copies[BlackCopy].Result != "1/2-1/2" || g.Result != "1/2-1/2" {
		t.Errorf("WriteResult *: %v, copy %q game %q", err, g.Copies[BlackCopy].Result, g.Result)
	}
	for _, r := range []Result{"", "+/-", "1/2"} {
		if err := ed.WriteResult(BlackCopy, r); err == nil {
			t.Errorf("WriteResult(%q) taken", r)
		}
	}
	if err := ed.WriteResult(BlackCopy, "0-1"); err != nil || g.Copies[BlackCopy].Result != "0-1" || g.Result != "1/2-1/2" {
		t.Errorf("WriteResult 0-1: %v, copy %q game %q", err, g.Copies[BlackCopy].Result, g.Result)
	}
	st.holds(t, g)
}

func TestTypedResult(t *testing.T) {
	for text, want := range map[string]Result{"1-0": "1-0", " 0-1 ": "0-1", "1/2": "1/2-1/2", "½-½": "1/2-1/2", "½": "1/2-1/2",
		"1:0": "1-0", "*": "", "e4": "", "": "", "1-0-0": ""} {
		got, ok := TypedResult(text)
		if got != want || ok != (want != "") {
			t.Errorf("%q: %q %v, want %q", text, got, ok, want)
		}
	}
	for _, tc := range [][3]Result{{"", "1-0", "1-0"}, {"*", "0-1", "0-1"}, {"1-0", "0-1", "1-0"}, {"1/2-1/2", "1/2-1/2", "1/2-1/2"}} {
		if got := GameResultWith(tc[0], tc[1]); got != tc[2] {
			t.Errorf("game %q, copy %q: %q, want %q", tc[0], tc[1], got, tc[2])
		}
	}
}

// TestEditorWriteResultUnfinished: "*" ending event enter's movetext is
// the game's result while it has none, never a copy's; one undo step.
func TestEditorWriteResultUnfinished(t *testing.T) {
	ed, st, g := editGame(t)
	if err := ed.WriteResult(WhiteCopy, "*"); err != nil || g.Result != "*" || g.Copies[WhiteCopy].Result != "" {
		t.Fatalf("WriteResult *: %v, game %q copy %q", err, g.Result, g.Copies[WhiteCopy].Result)
	}
	st.holds(t, g)
	if err := ed.Undo(); err != nil || g.Result != "" {
		t.Fatalf("undo: %v, game %q", err, g.Result)
	}
	st.holds(t, g)
}
