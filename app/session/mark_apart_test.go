package session_test

import (
	"slices"
	"testing"

	"scoresheet/app/session/sessiontest"
	"scoresheet/sheet"
)

// TestSessionMarkApartUndo: "(=)" or "+" typed alone after a copy's last
// move goes to the move, and the cell typed for it leaves nothing: every
// undo after it works, the store as the window shows. The cell was taken
// away behind the editor, whose undo step of it then failed at every
// undo (store-bad-argument) and kept the edits before it from undoing.
func TestSessionMarkApartUndo(t *testing.T) {
	for _, mark := range []string{"(=)", "+"} {
		t.Run(mark, func(t *testing.T) {
			s, path := sessiontest.New(t)
			sessiontest.Type(t, s, []string{"e4", "e5", "Dh5"})
			text := ""
			for _, r := range mark {
				text += string(r)
				if _, err := s.Type(text); err != nil {
					t.Fatal(err)
				}
			}
			if err := s.Next(); err != nil {
				t.Fatal(err)
			}
			cells := s.Game().Copies[sheet.WhiteCopy].Cells
			if len(cells) != 3 || cells[2].Text == "" {
				t.Fatalf("cells %+v", cells)
			}
			for want := 3; len(s.Game().Copies[sheet.WhiteCopy].Cells) > 0; {
				if err := s.Undo(); err != nil {
					t.Fatalf("undo with %d cells: %v", len(s.Game().Copies[sheet.WhiteCopy].Cells), err)
				}
				got := sessiontest.Stored(t, path, 1, 1, sheet.WhiteCopy)
				if mem := s.Game().Copies[sheet.WhiteCopy].Cells; !slices.Equal(got, sheetTexts(mem)) || len(got) > want {
					t.Fatalf("store %q, window %+v", got, mem)
				}
				want = len(got)
			}
		})
	}
}

func sheetTexts(cells []sheet.Cell) []string {
	out := []string{}
	for _, c := range cells {
		out = append(out, c.Text)
	}
	return out
}
