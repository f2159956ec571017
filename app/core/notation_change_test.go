package core

import (
	"path/filepath"
	"reflect"
	"testing"

	"scoresheet/sheet"
	"scoresheet/sheet/sqlitestore"
)

// TestNotationChangeOf: a change of the event's notation reads again the
// typed copies without a language of their own, and names the boards
// whose state it turns (French "Re2" is the king's move, English's a
// rook that cannot get there); a copy with its own language, an empty
// copy and an unchanged board are not counted, and nothing is written.
func TestNotationChangeOf(t *testing.T) {
	st, err := sqlitestore.Create(filepath.Join(t.TempDir(), "e.scoresheet"), sheet.Event{Name: "E", Lang: "fr", Rounds: []sheet.Round{{Number: 1}, {Number: 2}}})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	cells := func(moves ...string) []sheet.Cell {
		var out []sheet.Cell
		for _, m := range moves {
			out = append(out, sheet.Cell{Text: m})
		}
		return out
	}
	add := func(round, board int, langs [2]string, moves ...string) {
		g := sheet.Game{Round: round, Board: board, White: sheet.Player{Name: "W"}, Black: sheet.Player{Name: "B"}, Result: "1/2-1/2"}
		for side := range g.Copies {
			g.Copies[side].Lang, g.Copies[side].Cells, g.Copies[side].Result = langs[side], cells(moves...), "1/2-1/2"
		}
		if _, err := st.AddGame(g); err != nil {
			t.Fatal(err)
		}
	}
	add(2, 1, [2]string{"", ""}, "e4", "e5", "Re2", "Re7")     // both read again, the state turns
	add(1, 1, [2]string{"", "fr"}, "d4", "d5", "Cf3", "Cf6")   // White's read again, Black's keeps French
	add(1, 2, [2]string{"fr", "fr"}, "e4", "e5", "Re2", "Re7") // its own language: not counted
	add(1, 3, [2]string{"", ""})                               // nothing typed: not counted
	ev, err := st.Event()
	if err != nil {
		t.Fatal(err)
	}
	before, err := st.Games()
	if err != nil {
		t.Fatal(err)
	}

	got, err := NotationChangeOf(st, ev, "en")
	if err != nil {
		t.Fatal(err)
	}
	want := NotationChange{Copies: 3, Boards: []BoardStateChange{{Round: 2, Board: 1, Before: sheet.GameComplete, After: sheet.GameNeedsDecision}}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("fr to en: %+v, want %+v", got, want)
	}
	if back, err := NotationChangeOf(st, ev, "fr"); err != nil || back.Copies != 3 || len(back.Boards) != 0 {
		t.Errorf("fr to fr: %+v %v, want 3 copies and no board", back, err)
	}
	after, err := st.Games()
	if err != nil {
		t.Fatal(err)
	}
	if ev2, _ := st.Event(); ev2.Lang != "fr" || !reflect.DeepEqual(after, before) {
		t.Errorf("the judgement wrote: lang %q, games equal %v", ev2.Lang, reflect.DeepEqual(after, before))
	}
}
