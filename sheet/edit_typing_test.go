package sheet

import (
	"errors"
	"slices"
	"testing"
)

// TestEditorTyping types keystrokes as the window does: each one reaches
// the store at once, and the keystrokes in one cell undo and redo as one
// step.
func TestEditorTyping(t *testing.T) {
	// editGame: White "e4 e5 Nf3 Nc6", Black "e4 e5 Sf3".
	type key struct {
		side  Side
		index int
		text  string
	}
	for _, tc := range []struct {
		name      string
		keys      []key
		then      func(ed *Editor) error // the edit that ends the typing; nil: EndTyping
		calls     []string               // the keystrokes' store calls
		steps     int                    // undo steps recorded
		undoCalls []string               // store calls of undoing everything
	}{
		{name: "one cell", keys: []key{{WhiteCopy, 2, "N"}, {WhiteCopy, 2, "Nf"}, {WhiteCopy, 2, "Nf3+"}},
			calls: []string{`set white 2 "N"`, `set white 2 "Nf"`, `set white 2 "Nf3+"`},
			steps: 1, undoCalls: []string{`set white 2 "Nf3"`}},
		{name: "a new cell", keys: []key{{BlackCopy, 3, "S"}, {BlackCopy, 3, "Sc"}, {BlackCopy, 3, "Sc6"}},
			calls: []string{`set black 3 "S"`, `set black 3 "Sc"`, `set black 3 "Sc6"`},
			steps: 1, undoCalls: []string{`delete black 3`}},
		{name: "typed back as it was", keys: []key{{WhiteCopy, 0, "e"}, {WhiteCopy, 0, "e4"}},
			calls: []string{`set white 0 "e"`, `set white 0 "e4"`}},
		{name: "nothing typed past the last", keys: []key{{BlackCopy, 3, ""}}},
		{name: "two cells", keys: []key{{WhiteCopy, 0, "d"}, {WhiteCopy, 0, "d4"}, {BlackCopy, 0, "d"}, {BlackCopy, 0, "d5"}},
			calls: []string{`set white 0 "d"`, `set white 0 "d4"`, `set black 0 "d"`, `set black 0 "d5"`},
			steps: 2, undoCalls: []string{`set black 0 "e4"`, `set white 0 "e4"`}},
		{name: "ended by another edit", keys: []key{{WhiteCopy, 3, "a"}, {WhiteCopy, 3, "a6"}},
			then:  func(ed *Editor) error { return ed.SetLang(BlackCopy, "fr") },
			calls: []string{`set white 3 "a"`, `set white 3 "a6"`, `lang black fr`},
			steps: 2, undoCalls: []string{`lang black de`, `set white 3 "Nc6"`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ed, st, g := editGame(t)
			start := snap(g)
			for _, k := range tc.keys {
				c, _ := typedCell(g, k.side, k.index)
				c.Text = k.text
				if err := ed.TypeCell(k.side, k.index, c); err != nil {
					t.Fatalf("type %q: %v", k.text, err)
				}
				st.holds(t, g) // every keystroke is in the store
			}
			if tc.then != nil {
				if err := tc.then(ed); err != nil {
					t.Fatal(err)
				}
			}
			if ed.CanUndo() != (tc.steps > 0) || ed.CanRedo() {
				t.Errorf("CanUndo %v CanRedo %v before the typing ends, want %v false", ed.CanUndo(), ed.CanRedo(), tc.steps > 0)
			}
			ed.EndTyping()
			if !slices.Equal(st.calls, tc.calls) {
				t.Errorf("store calls %q, want %q", st.calls, tc.calls)
			}
			typed := snap(g)
			st.calls = nil
			for range tc.steps {
				if err := ed.Undo(); err != nil {
					t.Fatal(err)
				}
				st.holds(t, g)
			}
			if ed.CanUndo() {
				t.Errorf("more than %d undo steps", tc.steps)
			}
			if !slices.Equal(st.calls, tc.undoCalls) {
				t.Errorf("undo store calls %q, want %q", st.calls, tc.undoCalls)
			}
			if !snap(g).equal(start) {
				t.Errorf("after undo: %+v, want %+v", snap(g), start)
			}
			for range tc.steps {
				if err := ed.Redo(); err != nil {
					t.Fatal(err)
				}
				st.holds(t, g)
			}
			if !snap(g).equal(typed) {
				t.Errorf("after redo: %+v, want %+v", snap(g), typed)
			}
		})
	}
}

// typedCell returns a cell of g's copy, the zero cell past the last.
func typedCell(g *Game, side Side, index int) (Cell, bool) {
	cells := g.Copies[side].Cells
	if index < len(cells) {
		return cells[index], true
	}
	return Cell{}, false
}

// TestEditorTypingRefusals: a keystroke outside the copy is refused, and
// one the store refuses leaves the game as stored and no undo step.
func TestEditorTypingRefusals(t *testing.T) {
	ed, st, g := editGame(t)
	for _, index := range []int{-1, 4} {
		var ee *EditError
		if err := ed.TypeCell(BlackCopy, index, Cell{Text: "e4"}); !errors.As(err, &ee) || ee.Code != "edit-bad-index" || ee.Index != index {
			t.Errorf("type at %d: %v, want edit-bad-index", index, err)
		}
	}
	st.fail = errDiskFull
	if err := ed.TypeCell(BlackCopy, 3, Cell{Text: "S"}); !errors.Is(err, errDiskFull) {
		t.Fatalf("type on a full disk: %v", err)
	}
	st.holds(t, g)
	st.fail = errDiskFull
	if err := ed.TypeCell(WhiteCopy, 1, Cell{Text: "e6"}); !errors.Is(err, errDiskFull) {
		t.Fatalf("type on a full disk: %v", err)
	}
	st.holds(t, g)
	ed.EndTyping()
	if ed.CanUndo() {
		t.Error("refused keystrokes made an undo step")
	}
	// Redo survives typing that changed nothing, and an undone edit
	// cannot be redone after typing that did.
	if err := ed.SetCell(WhiteCopy, 0, Cell{Text: "d4"}); err != nil {
		t.Fatal(err)
	}
	if err := ed.Undo(); err != nil {
		t.Fatal(err)
	}
	if err := ed.TypeCell(WhiteCopy, 1, Cell{Text: "e5"}); err != nil || !ed.CanRedo() {
		t.Errorf("typing nothing new: %v, CanRedo %v", err, ed.CanRedo())
	}
	if err := ed.TypeCell(WhiteCopy, 1, Cell{Text: "e6"}); err != nil || ed.CanRedo() {
		t.Errorf("typing: %v, CanRedo %v", err, ed.CanRedo())
	}
	var ee *EditError
	if err := ed.Redo(); !errors.As(err, &ee) || ee.Code != "edit-nothing-to-redo" {
		t.Errorf("redo after typing: %v", err)
	}
	st.holds(t, g)
}
