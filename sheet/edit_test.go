package sheet

import (
	"errors"
	"fmt"
	"maps"
	"math/rand"
	"reflect"
	"slices"
	"testing"
	"time"
)

// fakeStore is an in-memory GameStore: it keeps what was committed, one
// game's copies, language, decisions and header, and records every call.
// fail, when set, refuses the next call with that error.
type fakeStore struct {
	id        int64
	cells     [2][]Cell
	lang      [2]string
	result    [2]Result
	consulted [2]bool
	decisions []Decision
	header    Game
	calls     []string
	fail      error
}

var errDiskFull = errors.New("disk full")

// newFakeStore returns a store that holds g as committed.
func newFakeStore(g *Game) *fakeStore {
	st := &fakeStore{id: g.ID, decisions: slices.Clone(g.Decisions), header: HeaderOf(g)}
	for s := range g.Copies {
		st.cells[s] = slices.Clone(g.Copies[s].Cells)
		st.lang[s], st.result[s], st.consulted[s] = g.Copies[s].Lang, g.Copies[s].Result, g.Copies[s].Consulted
	}
	return st
}

// call records a call and says whether it may go on.
func (st *fakeStore) call(id int64, format string, args ...any) error {
	st.calls = append(st.calls, fmt.Sprintf(format, args...))
	if err := st.fail; err != nil {
		st.fail = nil
		return err
	}
	if id != st.id {
		return fmt.Errorf("no game %d", id)
	}
	return nil
}

func (st *fakeStore) SetCellIf(id int64, side Side, index int, was *Cell, c Cell) error {
	if err := st.call(id, "set %s %d %q", side, index, c.Text); err != nil {
		return err
	}
	if index < 0 || index > len(st.cells[side]) {
		return fmt.Errorf("set: no cell %d", index)
	}
	if index == len(st.cells[side]) { // typed after the last cell
		if was != nil {
			return &StoreError{Code: StoreConflict, Err: &CellConflict{Game: id, Side: side, Index: index}}
		}
		st.cells[side] = append(st.cells[side], c)
		return nil
	}
	if was == nil || *was != st.cells[side][index] {
		return &StoreError{Code: StoreConflict, Err: &CellConflict{Game: id, Side: side, Index: index, Held: &st.cells[side][index]}}
	}
	st.cells[side][index] = c
	return nil
}

// sameCopy returns a store-conflict unless the store's copy is was.
func (st *fakeStore) sameCopy(id int64, side Side, was []Cell) error {
	if !equalCells(st.cells[side], was) {
		return &StoreError{Code: StoreConflict, Err: &CellConflict{Game: id, Side: side}}
	}
	return nil
}

func (st *fakeStore) InsertCellIf(id int64, side Side, index int, was []Cell, c Cell) error {
	if err := st.call(id, "insert %s %d %q", side, index, c.Text); err != nil {
		return err
	}
	if index < 0 || index > len(st.cells[side]) {
		return fmt.Errorf("insert: no cell %d", index)
	}
	if err := st.sameCopy(id, side, was); err != nil {
		return err
	}
	st.cells[side] = slices.Insert(st.cells[side], index, c)
	return nil
}

func (st *fakeStore) DeleteCellIf(id int64, side Side, index int, was []Cell) error {
	if err := st.call(id, "delete %s %d", side, index); err != nil {
		return err
	}
	if index < 0 || index >= len(st.cells[side]) {
		return fmt.Errorf("delete: no cell %d", index)
	}
	if err := st.sameCopy(id, side, was); err != nil {
		return err
	}
	st.cells[side] = slices.Delete(st.cells[side], index, index+1)
	return nil
}

func (st *fakeStore) SetCopyLangIf(id int64, side Side, was, lang string) error {
	if err := st.call(id, "lang %s %s", side, lang); err != nil {
		return err
	}
	if st.lang[side] != was {
		return &StoreError{Code: StoreConflict, Err: &FieldConflict{Game: id, Field: side.String() + "-copy.lang", Held: st.lang[side]}}
	}
	st.lang[side] = lang
	return nil
}

func (st *fakeStore) SetCopyResultIf(id int64, side Side, was, result Result) error {
	if err := st.call(id, "result %s %s", side, result); err != nil {
		return err
	}
	if st.result[side] != was {
		return &StoreError{Code: StoreConflict, Err: &FieldConflict{Game: id, Field: side.String() + "-copy.result", Held: string(st.result[side])}}
	}
	st.result[side] = result
	return nil
}

func (st *fakeStore) SetCopyConsultedIf(id int64, side Side, was, consulted bool) error {
	if err := st.call(id, "consulted %s %v", side, consulted); err != nil {
		return err
	}
	if st.consulted[side] != was {
		return &StoreError{Code: StoreConflict, Err: &FieldConflict{Game: id, Field: side.String() + "-copy.consulted", Held: fmt.Sprint(st.consulted[side])}}
	}
	st.consulted[side] = consulted
	return nil
}

func (st *fakeStore) ConsultCopyIf(id int64, side Side, was []Cell, cells int) error {
	if err := st.call(id, "consult %s %d", side, cells); err != nil {
		return err
	}
	if err := st.sameCopy(id, side, was); err != nil {
		return err
	}
	st.consulted[side] = true
	for len(st.cells[side]) < cells {
		st.cells[side] = append(st.cells[side], Cell{})
	}
	return nil
}

func (st *fakeStore) AddDecisionIf(id int64, d Decision, was *Decision) error {
	if err := st.call(id, "decide %d %q %s", d.Ply, d.Move, d.By); err != nil {
		return err
	}
	last := lastDecisionAt(st.decisions, d.Ply)
	if (last == nil) != (was == nil) || last != nil && *last != *was {
		return &StoreError{Code: StoreConflict, Err: &FieldConflict{Game: id, Field: "decision", Ply: d.Ply}}
	}
	st.decisions = append(st.decisions, d)
	return nil
}

func (st *fakeStore) SetHeaderIf(was, g Game) error {
	if err := st.call(g.ID, "header %s-%s %s", g.White.Name, g.Black.Name, g.Result); err != nil {
		return err
	}
	for _, f := range headerFields {
		if f.get(&g) != f.get(&was) && f.get(&st.header) != f.get(&was) {
			return &StoreError{Code: StoreConflict, Err: &FieldConflict{Game: g.ID, Field: f.name, Held: f.get(&st.header)}}
		}
	}
	mergeHeader(&st.header, was, g)
	return nil
}

// holds fails t unless the store holds exactly the game in memory.
// held returns g as the store holds it: its copies and decisions from
// the store.
func (st *fakeStore) held(g Game) Game {
	for s := range g.Copies {
		g.Copies[s].Cells = slices.Clone(st.cells[s])
		g.Copies[s].Lang, g.Copies[s].Result, g.Copies[s].Consulted = st.lang[s], st.result[s], st.consulted[s]
	}
	g.Decisions = slices.Clone(st.decisions)
	return g
}

func (st *fakeStore) holds(t *testing.T, g *Game) {
	t.Helper()
	for s := range g.Copies {
		if !equalCells(st.cells[s], g.Copies[s].Cells) || st.lang[s] != g.Copies[s].Lang || st.result[s] != g.Copies[s].Result ||
			st.consulted[s] != g.Copies[s].Consulted {
			t.Fatalf("%s copy: store %v %q %q, memory %v %q %q", Side(s), st.cells[s], st.lang[s], st.result[s],
				g.Copies[s].Cells, g.Copies[s].Lang, g.Copies[s].Result)
		}
	}
	if !reflect.DeepEqual(st.decisions, g.Decisions) && (len(st.decisions) != 0 || len(g.Decisions) != 0) {
		t.Fatalf("decisions: store %+v, memory %+v", st.decisions, g.Decisions)
	}
	if !equalHeader(st.header, HeaderOf(g)) {
		t.Fatalf("header: store %+v, memory %+v", st.header, HeaderOf(g))
	}
}

func equalCells(a, b []Cell) bool { return len(a) == len(b) && (len(a) == 0 || slices.Equal(a, b)) }

func equalHeader(a, b Game) bool {
	if len(a.Tags) == 0 && len(b.Tags) == 0 {
		a.Tags, b.Tags = nil, nil
	}
	return reflect.DeepEqual(a, b)
}

// snapshot is a game's state as edited: copies, languages, header, and
// the decision in force per ply (undoing a decision appends to the history).
type snapshot struct {
	cells     [2][]Cell
	lang      [2]string
	header    Game
	decisions map[int]Decision
}

func snap(g *Game) snapshot {
	s := snapshot{header: HeaderOf(g), decisions: latestDecisions(g.Decisions)}
	for i := range g.Copies {
		s.cells[i] = slices.Clone(g.Copies[i].Cells)
		s.lang[i] = g.Copies[i].Lang
	}
	for k, d := range s.decisions {
		d.At = time.Time{} // redo records the decision again, at its own time
		s.decisions[k] = d
	}
	return s
}

func (s snapshot) equal(o snapshot) bool {
	return equalCells(s.cells[0], o.cells[0]) && equalCells(s.cells[1], o.cells[1]) && s.lang == o.lang &&
		equalHeader(s.header, o.header) && maps.Equal(s.decisions, o.decisions)
}

// editGame returns a stored game and an editor on it with a fixed clock.
func editGame(t *testing.T) (*Editor, *fakeStore, *Game) {
	t.Helper()
	g := &Game{ID: 7, Round: 3, Board: 12, White: Player{Name: "Anand"}, Black: Player{Name: "Carlsen"},
		Tags: map[string]string{"ECO": "C65"},
		Copies: [2]Copy{
			{Lang: "en", Cells: texts("e4", "e5", "Nf3", "Nc6")},
			{Lang: "de", Cells: texts("e4", "e5", "Sf3")},
		}}
	st := newFakeStore(g)
	ed := NewEditor(st, g)
	at := time.Date(2026, 11, 22, 19, 0, 0, 0, time.UTC)
	ed.now = func() time.Time { at = at.Add(time.Minute); return at }
	if ed.Game() != g {
		t.Fatal("Game is not the game edited")
	}
	return ed, st, g
}

func TestEditorCells(t *testing.T) {
	ed, st, g := editGame(t)
	start := snap(g)
	steps := []struct {
		name  string
		edit  func() error
		calls []string
	}{
		{"set", func() error { return ed.SetCell(WhiteCopy, 2, Cell{Text: "Nf3+", Clock: "1:29"}) }, []string{`set white 2 "Nf3+"`}},
		{"append", func() error { return ed.SetCell(BlackCopy, 3, Cell{Text: "Sc6"}) }, []string{`insert black 3 "Sc6"`}},
		{"insert", func() error { return ed.InsertCell(WhiteCopy, 0, Cell{Text: "d4"}) }, []string{`insert white 0 "d4"`}},
		{"insert at the end", func() error { return ed.InsertCell(WhiteCopy, 5, Cell{Text: "Bb5"}) }, []string{`insert white 5 "Bb5"`}},
		{"delete", func() error { return ed.DeleteCell(WhiteCopy, 0) }, []string{`delete white 0`}},
		{"delete the last", func() error { return ed.DeleteCell(BlackCopy, 3) }, []string{`delete black 3`}},
		{"illegible", func() error { return ed.SetCell(BlackCopy, 1, Cell{Text: "e5", Illegible: true}) }, []string{`set black 1 "e5"`}},
	}
	states := []snapshot{start}
	for _, s := range steps {
		st.calls = nil
		if err := s.edit(); err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		if !slices.Equal(st.calls, s.calls) {
			t.Errorf("%s: store calls %q, want %q", s.name, st.calls, s.calls)
		}
		st.holds(t, g)
		states = append(states, snap(g))
	}
	if got := g.Copies[WhiteCopy].Cells; !slices.Equal(got, []Cell{{Text: "e4"}, {Text: "e5"}, {Text: "Nf3+", Clock: "1:29"}, {Text: "Nc6"}, {Text: "Bb5"}}) {
		t.Errorf("White's copy %v", got)
	}
	if got := g.Copies[BlackCopy].Cells; !slices.Equal(got, []Cell{{Text: "e4"}, {Text: "e5", Illegible: true}, {Text: "Sf3"}}) {
		t.Errorf("Black's copy %v", got)
	}
	// Undo everything, step by step, then redo everything.
	for i := len(steps) - 1; i >= 0; i-- {
		st.calls = nil
		if err := ed.Undo(); err != nil {
			t.Fatalf("undo %s: %v", steps[i].name, err)
		}
		if len(st.calls) != 1 {
			t.Errorf("undo %s: store calls %q", steps[i].name, st.calls)
		}
		st.holds(t, g)
		if !snap(g).equal(states[i]) {
			t.Errorf("undo %s: %+v, want %+v", steps[i].name, snap(g), states[i])
		}
	}
	if ed.CanUndo() || !ed.CanRedo() {
		t.Error("after undoing everything: CanUndo or not CanRedo")
	}
	// The undo of a set restores the cell as it was, clock and all.
	for i := range steps {
		st.calls = nil
		if err := ed.Redo(); err != nil {
			t.Fatalf("redo %s: %v", steps[i].name, err)
		}
		if !slices.Equal(st.calls, steps[i].calls) {
			t.Errorf("redo %s: store calls %q, want %q", steps[i].name, st.calls, steps[i].calls)
		}
		st.holds(t, g)
		if !snap(g).equal(states[i+1]) {
			t.Errorf("redo %s: %+v, want %+v", steps[i].name, snap(g), states[i+1])
		}
	}
	if !ed.CanUndo() || ed.CanRedo() {
		t.Error("after redoing everything: not CanUndo or CanRedo")
	}
}

func TestEditorUndoSetRestoresCell(t *testing.T) {
	ed, st, g := editGame(t)
	g.Copies[WhiteCopy].Cells[0] = Cell{Text: "e4", Clock: "1:30", Note: "pencil"}
	st.cells[WhiteCopy][0] = g.Copies[WhiteCopy].Cells[0]
	if err := ed.SetCell(WhiteCopy, 0, Cell{Text: "e2-e4"}); err != nil {
		t.Fatal(err)
	}
	if err := ed.Undo(); err != nil {
		t.Fatal(err)
	}
	if got := g.Copies[WhiteCopy].Cells[0]; got != (Cell{Text: "e4", Clock: "1:30", Note: "pencil"}) {
		t.Errorf("after undo: %+v", got)
	}
	if want := []string{`set white 0 "e2-e4"`, `set white 0 "e4"`}; !slices.Equal(st.calls, want) {
		t.Errorf("store calls %q, want %q", st.calls, want)
	}
	st.holds(t, g)
}

func TestEditorRefusals(t *testing.T) {
	ed, st, g := editGame(t)
	before := snap(g)
	for _, tc := range []struct {
		name  string
		edit  func() error
		index int
	}{
		{"set before the first", func() error { return ed.SetCell(WhiteCopy, -1, Cell{Text: "e4"}) }, -1},
		{"set past the end", func() error { return ed.SetCell(BlackCopy, 4, Cell{Text: "e4"}) }, 4},
		{"insert past the end", func() error { return ed.InsertCell(BlackCopy, 4, Cell{}) }, 4},
		{"insert before the first", func() error { return ed.InsertCell(WhiteCopy, -1, Cell{}) }, -1},
		{"delete past the end", func() error { return ed.DeleteCell(BlackCopy, 3) }, 3},
		{"delete before the first", func() error { return ed.DeleteCell(WhiteCopy, -1) }, -1},
	} {
		err := tc.edit()
		var ee *EditError
		if !errors.As(err, &ee) || ee.Code != "edit-bad-index" || ee.Index != tc.index {
			t.Errorf("%s: %v, want edit-bad-index at %d", tc.name, err, tc.index)
		}
	}
	for _, tc := range []struct {
		name string
		f    func() error
		code string
	}{{"undo", ed.Undo, "edit-nothing-to-undo"}, {"redo", ed.Redo, "edit-nothing-to-redo"}} {
		var ee *EditError
		if err := tc.f(); !errors.As(err, &ee) || string(ee.Code) != tc.code || err.Error() != tc.code {
			t.Errorf("%s with nothing to %s: %v, want %s", tc.name, tc.name, err, tc.code)
		}
	}
	// Writing what is there already, or the same language, is no edit.
	if err := ed.SetCell(WhiteCopy, 1, Cell{Text: "e5"}); err != nil {
		t.Fatal(err)
	}
	if err := ed.SetLang(BlackCopy, "de"); err != nil {
		t.Fatal(err)
	}
	if len(st.calls) != 0 || ed.CanUndo() || ed.CanRedo() {
		t.Errorf("refused edits reached the store (%q) or the undo stack", st.calls)
	}
	if !snap(g).equal(before) {
		t.Error("refused edits changed the game")
	}
}

func TestEditorLang(t *testing.T) {
	ed, st, g := editGame(t)
	rec := reconcile(t, g)
	if rec.Plies[2].Status != PlyAgreed {
		t.Fatalf("ply 3 with Black's copy in German: %s", rec.Plies[2].Status)
	}
	if err := ed.SetLang(BlackCopy, "fr"); err != nil {
		t.Fatal(err)
	}
	st.holds(t, g)
	// In French S is no piece letter: Sf3 is no longer read as Nf3.
	if got := reconcile(t, g).Plies[2].Copies[BlackCopy].Reading.Status.String(); got == "ok" {
		t.Errorf("Sf3 on a French copy reads %s", got)
	}
	if err := ed.Undo(); err != nil {
		t.Fatal(err)
	}
	if g.Copies[BlackCopy].Lang != "de" {
		t.Errorf("after undo: %q", g.Copies[BlackCopy].Lang)
	}
	if err := ed.Redo(); err != nil {
		t.Fatal(err)
	}
	if g.Copies[BlackCopy].Lang != "fr" {
		t.Errorf("after redo: %q", g.Copies[BlackCopy].Lang)
	}
	st.holds(t, g)
	if want := []string{"lang black fr", "lang black de", "lang black fr"}; !slices.Equal(st.calls, want) {
		t.Errorf("store calls %q, want %q", st.calls, want)
	}
}

// TestEditorCopyResult: the result written on a copy is one edit, stored
// before the game in memory takes it, undone and redone as any other.
func TestEditorCopyResult(t *testing.T) {
	ed, st, g := editGame(t)
	if err := ed.SetCopyResult(WhiteCopy, "1-0"); err != nil {
		t.Fatal(err)
	}
	if err := ed.SetCopyResult(WhiteCopy, "1-0"); err != nil { // the same: no edit
		t.Fatal(err)
	}
	st.holds(t, g)
	if err := ed.Undo(); err != nil {
		t.Fatal(err)
	}
	if g.Copies[WhiteCopy].Result != "" {
		t.Errorf("after undo: %q", g.Copies[WhiteCopy].Result)
	}
	st.holds(t, g)
	st.fail = errDiskFull
	if err := ed.Redo(); !errors.Is(err, errDiskFull) || g.Copies[WhiteCopy].Result != "" {
		t.Errorf("redo refused by the store: %v, memory %q", err, g.Copies[WhiteCopy].Result)
	}
	if err := ed.Redo(); err != nil || g.Copies[WhiteCopy].Result != "1-0" {
		t.Errorf("redo: %v, %q", err, g.Copies[WhiteCopy].Result)
	}
	st.holds(t, g)
	if want := []string{"result white 1-0", "result white ", "result white 1-0", "result white 1-0"}; !slices.Equal(st.calls, want) {
		t.Errorf("store calls %q, want %q", st.calls, want)
	}
}

func TestEditorDecisions(t *testing.T) {
	ed, st, g := editGame(t)
	// Black's copy: 2.Sf3 is Nf3; make White's copy differ: 2.Nc3.
	if err := ed.SetCell(WhiteCopy, 2, Cell{Text: "Nc3"}); err != nil {
		t.Fatal(err)
	}
	if s := reconcile(t, g).Plies[2].Status; s != PlyDiffer {
		t.Fatalf("ply 3: %s", s)
	}
	if err := ed.Decide(3, "g1f3", "IA"); err != nil {
		t.Fatal(err)
	}
	if err := ed.Decide(3, "b1c3", "IA"); err != nil {
		t.Fatal(err)
	}
	wantPly(t, reconcile(t, g), 3, PlyDecided, "b1c3")
	// Undo the second decision: the first is in force again, recorded anew.
	if err := ed.Undo(); err != nil {
		t.Fatal(err)
	}
	wantPly(t, reconcile(t, g), 3, PlyDecided, "g1f3")
	// Undo the first: a withdrawal is recorded; the copies differ again.
	if err := ed.Undo(); err != nil {
		t.Fatal(err)
	}
	wantPly(t, reconcile(t, g), 3, PlyDiffer, "b1c3")
	// Redo both.
	if err := ed.Redo(); err != nil {
		t.Fatal(err)
	}
	if err := ed.Redo(); err != nil {
		t.Fatal(err)
	}
	wantPly(t, reconcile(t, g), 3, PlyDecided, "b1c3")
	st.holds(t, g)

	// Nothing is ever deleted: every step appended a decision, in order,
	// each at its own time.
	want := []string{
		`set white 2 "Nc3"`,
		`decide 3 "g1f3" IA`, `decide 3 "b1c3" IA`,
		`decide 3 "g1f3" IA`, `decide 3 "" IA`,
		`decide 3 "g1f3" IA`, `decide 3 "b1c3" IA`,
	}
	if !slices.Equal(st.calls, want) {
		t.Errorf("store calls\n %q\nwant\n %q", st.calls, want)
	}
	var moves []string
	for i, d := range g.Decisions {
		moves = append(moves, d.Move)
		if d.Ply != 3 || d.By != "IA" || d.At.IsZero() || d.At.Location() != time.UTC {
			t.Errorf("decision %d: %+v", i, d)
		}
		if i > 0 && !d.At.After(g.Decisions[i-1].At) {
			t.Errorf("decision %d not after decision %d", i, i-1)
		}
	}
	if !slices.Equal(moves, []string{"g1f3", "b1c3", "g1f3", "", "g1f3", "b1c3"}) {
		t.Errorf("decision history %q", moves)
	}
}

func TestEditorHeader(t *testing.T) {
	ed, st, g := editGame(t)
	cells := slices.Clone(g.Copies[WhiteCopy].Cells)
	h := Game{Round: 4, Board: 1, White: Player{Name: "Anand", Rating: 2750}, Black: Player{Name: "Carlsen"},
		Result: "1/2-1/2", Date: "2026.11.23", Tags: map[string]string{"ECO": "C67", "Annotator": "IA"},
		FEN: "", ID: 99, Copies: [2]Copy{{Lang: "xx"}}, Decisions: []Decision{{Ply: 1, Move: "e2e4"}}}
	if err := ed.SetHeader(h); err != nil {
		t.Fatal(err)
	}
	// Only the header changed: not the ID, the copies or the decisions.
	if g.ID != 7 || g.Round != 4 || g.Board != 1 || g.White.Rating != 2750 || g.Result != "1/2-1/2" || g.Date != "2026.11.23" || g.Tags["ECO"] != "C67" {
		t.Errorf("after SetHeader: %+v", HeaderOf(g))
	}
	if !slices.Equal(g.Copies[WhiteCopy].Cells, cells) || g.Copies[WhiteCopy].Lang != "en" || len(g.Decisions) != 0 {
		t.Error("SetHeader changed the copies or the decisions")
	}
	st.holds(t, g)

	// The caller goes on using its header value for the next edit.
	h.Tags["ECO"] = "C68"
	if g.Tags["ECO"] != "C67" {
		t.Errorf("the caller's map changed the game: ECO %q, the store still has %q", g.Tags["ECO"], st.header.Tags["ECO"])
	}
	h.Result = "1-0"
	if err := ed.SetHeader(h); err != nil {
		t.Fatal(err)
	}
	st.holds(t, g)
	if err := ed.Undo(); err != nil {
		t.Fatal(err)
	}
	if g.Result != "1/2-1/2" || g.Tags["ECO"] != "C67" {
		t.Errorf("after undo: result %q, ECO %q; want 1/2-1/2, C67", g.Result, g.Tags["ECO"])
	}
	st.holds(t, g)
	if err := ed.Undo(); err != nil {
		t.Fatal(err)
	}
	if g.Round != 3 || g.Board != 12 || g.Result != "" || g.White.Rating != 0 || !maps.Equal(g.Tags, map[string]string{"ECO": "C65"}) {
		t.Errorf("after undoing both: %+v", HeaderOf(g))
	}
	st.holds(t, g)
}

func TestEditorStoreErrors(t *testing.T) {
	ed, st, g := editGame(t)
	if err := ed.SetCell(WhiteCopy, 0, Cell{Text: "d4"}); err != nil {
		t.Fatal(err)
	}
	if err := ed.SetCell(WhiteCopy, 1, Cell{Text: "d5"}); err != nil {
		t.Fatal(err)
	}
	if err := ed.Undo(); err != nil { // one edit to redo
		t.Fatal(err)
	}
	before := snap(g)
	decisions := len(g.Decisions)
	edits := []struct {
		name string
		f    func() error
	}{
		{"set", func() error { return ed.SetCell(WhiteCopy, 2, Cell{Text: "c4"}) }},
		{"append", func() error { return ed.SetCell(BlackCopy, 3, Cell{Text: "Sc6"}) }},
		{"insert", func() error { return ed.InsertCell(BlackCopy, 0, Cell{Text: "d4"}) }},
		{"delete", func() error { return ed.DeleteCell(WhiteCopy, 3) }},
		{"lang", func() error { return ed.SetLang(WhiteCopy, "de") }},
		{"decide", func() error { return ed.Decide(1, "d2d4", "IA") }},
		{"header", func() error { return ed.SetHeader(Game{Result: "1-0", Tags: map[string]string{"ECO": "D00"}}) }},
		{"undo", ed.Undo},
		{"redo", ed.Redo},
	}
	for _, e := range edits {
		st.fail = errDiskFull
		if err := e.f(); !errors.Is(err, errDiskFull) {
			t.Errorf("%s: %v, want the store's error", e.name, err)
		}
		if !snap(g).equal(before) || len(g.Decisions) != decisions {
			t.Errorf("%s: a refused edit changed the game", e.name)
		}
		st.holds(t, g)
		if len(ed.undo) != 1 || len(ed.redo) != 1 {
			t.Errorf("%s: undo %d, redo %d edits; want 1 and 1", e.name, len(ed.undo), len(ed.redo))
		}
	}
	// The stacks still work: redo, undo, undo.
	for _, f := range []func() error{ed.Redo, ed.Undo, ed.Undo} {
		if err := f(); err != nil {
			t.Fatal(err)
		}
	}
	if got := g.Copies[WhiteCopy].Cells[:2]; !slices.Equal(got, texts("e4", "e5")) {
		t.Errorf("after undoing all: %v", got)
	}
	st.holds(t, g)
}

func TestEditorNewEditClearsRedo(t *testing.T) {
	ed, st, g := editGame(t)
	for _, c := range []string{"c4", "c5"} {
		if err := ed.SetCell(WhiteCopy, len(g.Copies[WhiteCopy].Cells), Cell{Text: c}); err != nil {
			t.Fatal(err)
		}
	}
	if err := ed.Undo(); err != nil {
		t.Fatal(err)
	}
	if err := ed.Undo(); err != nil {
		t.Fatal(err)
	}
	if !ed.CanRedo() {
		t.Fatal("nothing to redo")
	}
	if err := ed.SetLang(WhiteCopy, "de"); err != nil {
		t.Fatal(err)
	}
	if ed.CanRedo() {
		t.Error("a new edit left the redo stack")
	}
	var ee *EditError
	if err := ed.Redo(); !errors.As(err, &ee) || ee.Code != "edit-nothing-to-redo" {
		t.Errorf("redo after a new edit: %v", err)
	}
	if err := ed.Undo(); err != nil {
		t.Fatal(err)
	}
	if g.Copies[WhiteCopy].Lang != "en" || len(g.Copies[WhiteCopy].Cells) != 4 || ed.CanUndo() {
		t.Errorf("after undo: %q, %d cells, CanUndo %v", g.Copies[WhiteCopy].Lang, len(g.Copies[WhiteCopy].Cells), ed.CanUndo())
	}
	st.holds(t, g)
}

func TestEditorRandomUndoRedo(t *testing.T) {
	// Random edits of every kind, then undo all and redo all: each state
	// on the way back and forth is exactly the one recorded on the way.
	rng := rand.New(rand.NewSource(4))
	for round := 0; round < 20; round++ {
		ed, st, g := editGame(t)
		states := []snapshot{snap(g)}
		for len(ed.undo) < 40 {
			side := Side(rng.Intn(2))
			n := len(g.Copies[side].Cells)
			text := []string{"e4", "Nf3", "", "O-O", "Sc6", "d5 (=)"}[rng.Intn(6)]
			var err error
			switch rng.Intn(7) {
			case 0, 1:
				err = ed.SetCell(side, rng.Intn(n+1), Cell{Text: text, Clock: fmt.Sprint(rng.Intn(90))})
			case 2:
				err = ed.InsertCell(side, rng.Intn(n+1), Cell{Text: text})
			case 3:
				if n == 0 {
					continue
				}
				err = ed.DeleteCell(side, rng.Intn(n))
			case 4:
				err = ed.SetLang(side, []string{"en", "de", "fr"}[rng.Intn(3)])
			case 5:
				err = ed.Decide(1+rng.Intn(4), []string{"e2e4", "g1f3", ""}[rng.Intn(3)], "IA")
			case 6:
				h := HeaderOf(g)
				h.Result = []Result{"1-0", "0-1", "1/2-1/2", ""}[rng.Intn(4)]
				h.Tags = map[string]string{"Round": fmt.Sprint(rng.Intn(9))}
				err = ed.SetHeader(h)
			}
			if err != nil {
				t.Fatal(err)
			}
			st.holds(t, g)
			if len(ed.undo) == len(states) { // the edit was one (not a no-op)
				states = append(states, snap(g))
			}
		}
		for i := len(states) - 2; i >= 0; i-- {
			if err := ed.Undo(); err != nil {
				t.Fatal(err)
			}
			if !snap(g).equal(states[i]) {
				t.Fatalf("round %d, undo to state %d:\n %+v\nwant\n %+v", round, i, snap(g), states[i])
			}
			st.holds(t, g)
		}
		if ed.CanUndo() {
			t.Fatal("more to undo than was edited")
		}
		for i := 1; i < len(states); i++ {
			if err := ed.Redo(); err != nil {
				t.Fatal(err)
			}
			if !snap(g).equal(states[i]) {
				t.Fatalf("round %d, redo to state %d:\n %+v\nwant\n %+v", round, i, snap(g), states[i])
			}
			st.holds(t, g)
		}
		if ed.CanRedo() {
			t.Fatal("more to redo than was undone")
		}
	}
}
