package sqlitestore

import (
	"reflect"
	"strings"
	"testing"

	"scoresheet/rules"
	"scoresheet/sheet"
	"scoresheet/sheet/sheettest"
)

// TestMigrateEventLangConsulted: a file from before the event had a
// notation language opens with none (English), every copy typed in full
// and read in the language it had: a copy without one (an empty code was
// read as English) keeps English, and does not start following the event's.
func TestMigrateEventLangConsulted(t *testing.T) {
	path := fileAtVersion(t, migrationIndex(t, migrateEventLangConsulted),
		`INSERT INTO game (id, round, board, white_name, white_fide_id, white_rating, white_federation,
		white_title, black_name, black_fide_id, black_rating, black_federation, black_title, result, date, fen)
		VALUES (5, 2, 1, 'Anna', '', 0, '', '', 'Ben', '', 0, '', '', '', '', '');
		INSERT INTO copy (game_id, side, lang) VALUES (5, 0, 'de'), (5, 1, '');
		INSERT INTO cell (game_id, side, idx, text, clock, draw_offer, note, illegible, not_recorded)
			VALUES (5, 0, 0, 'e4', '', 0, '', 0, 0), (5, 1, 0, 'e4', '', 0, '', 0, 0)`)
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ev, err := s.Event()
	if err != nil || ev.Lang != "" {
		t.Fatalf("event language %q, %v", ev.Lang, err)
	}
	ev.Lang = "fr"
	if err := s.SetEvent(ev); err != nil {
		t.Fatal(err)
	}
	g, err := s.Game(5)
	if err != nil {
		t.Fatal(err)
	}
	for side, want := range []string{"de", "en"} {
		c := g.Copies[side]
		if c.Lang != want || g.CopyLang(sheet.Side(side)) != want || c.Consulted {
			t.Errorf("%s's copy: lang %q (read in %q), consulted %v; want %q, typed in full",
				sheet.Side(side), c.Lang, g.CopyLang(sheet.Side(side)), c.Consulted, want)
		}
	}
	if g.EventLang != "fr" {
		t.Errorf("the game reads the event's language as %q", g.EventLang)
	}
}

// TestStoreEventLang: the event's language is stored with the event and
// given to every game read, however it is read; a copy without a
// language of its own is read in it, one with its own keeps it.
func TestStoreEventLang(t *testing.T) { eachBackend(t, testStoreEventLang) }

func testStoreEventLang(t *testing.T, b storeBackend) {
	s := b.newStore(t)
	ev := sampleEvent()
	ev.Lang = "de"
	if err := sheettest.SetEvent(s, ev); err != nil {
		t.Fatal(err)
	}
	if got, err := s.Event(); err != nil || got.Lang != "de" {
		t.Fatalf("event language read back as %q (%v)", got.Lang, err)
	}
	g := sheet.Game{Round: 1, Board: 1}
	g.Copies[sheet.BlackCopy].Lang = "fr"
	id, err := s.AddGame(g)
	if err != nil {
		t.Fatal(err)
	}
	read := func() []sheet.Game {
		var out []sheet.Game
		one, err := s.Game(id)
		if err != nil {
			t.Fatal(err)
		}
		at, err := s.GameAt(1, 1)
		if err != nil {
			t.Fatal(err)
		}
		all, err := s.Games()
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, one, at, all[0])
		err = s.EachGame(sheet.GameFilter{}, func(g *sheet.Game) error { out = append(out, *g); return nil })
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	for _, g := range read() {
		if g.EventLang != "de" || g.Copies[sheet.WhiteCopy].Lang != "" || g.CopyLang(sheet.WhiteCopy) != "de" || g.CopyLang(sheet.BlackCopy) != "fr" {
			t.Errorf("game read with event language %q, copies %q %q read in %q %q", g.EventLang,
				g.Copies[sheet.WhiteCopy].Lang, g.Copies[sheet.BlackCopy].Lang, g.CopyLang(sheet.WhiteCopy), g.CopyLang(sheet.BlackCopy))
		}
	}
	ev.Lang = "nl"
	if err := sheettest.SetEvent(s, ev); err != nil {
		t.Fatal(err)
	}
	if g := read()[0]; g.CopyLang(sheet.WhiteCopy) != "nl" || g.CopyLang(sheet.BlackCopy) != "fr" {
		t.Errorf("after the event's language changed: copies read in %q %q", g.CopyLang(sheet.WhiteCopy), g.CopyLang(sheet.BlackCopy))
	}
}

// TestEventLangReads: a copy without its own language is read in the
// event's: "Sf3" is a German knight move; a copy with its own is read in
// that one.
func TestEventLangReads(t *testing.T) {
	g := &sheet.Game{EventLang: "de"}
	g.Copies[sheet.WhiteCopy].Cells = []sheet.Cell{{Text: "Sf3"}}
	g.Copies[sheet.BlackCopy] = sheet.Copy{Lang: "en", Cells: []sheet.Cell{{Text: "Nf3"}}}
	rec, err := sheet.Reconcile(g)
	if err != nil {
		t.Fatal(err)
	}
	p := rec.Plies[0]
	if p.Status != sheet.PlyAgreed || p.Before.SAN(p.Move) != "Nf3" || p.Copies[sheet.WhiteCopy].Reading.Status != rules.StatusOK {
		t.Errorf("Sf3 in the event's German, Nf3 in the copy's English: %s %s", p.Status, p.Before.SAN(p.Move))
	}
	g.EventLang = ""
	if rec, _ = sheet.Reconcile(g); rec.Plies[0].Copies[sheet.WhiteCopy].Reading.Status == rules.StatusOK {
		t.Errorf("Sf3 in English reads as correct notation")
	}
}

// TestStoreConsulted: a copy is typed in full unless it is consulted;
// ConsultCopy makes it consulted and gives it blank cells up to the one
// looked up, keeping those it has, in one go.
func TestStoreConsulted(t *testing.T) { eachBackend(t, testStoreConsulted) }

func testStoreConsulted(t *testing.T, b storeBackend) {
	s := b.newStore(t)
	g := sheet.Game{Round: 1, Board: 1}
	g.Copies[sheet.WhiteCopy].Cells = []sheet.Cell{{Text: "e4"}, {Text: "e5"}}
	g.Copies[sheet.BlackCopy].Cells = []sheet.Cell{{Text: "e4"}}
	id, err := s.AddGame(g)
	if err != nil {
		t.Fatal(err)
	}
	if err := sheettest.ConsultCopy(s, id, sheet.BlackCopy, 5); err != nil {
		t.Fatal(err)
	}
	got, err := s.Game(id)
	if err != nil {
		t.Fatal(err)
	}
	want := []sheet.Cell{{Text: "e4"}, {}, {}, {}, {}}
	if c := got.Copies[sheet.BlackCopy]; !c.Consulted || !reflect.DeepEqual(c.Cells, want) || got.Copies[sheet.WhiteCopy].Consulted {
		t.Errorf("consulted black copy: %+v, white consulted %v", c, got.Copies[sheet.WhiteCopy].Consulted)
	}
	if err := sheettest.ConsultCopy(s, id, sheet.BlackCopy, 2); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.Game(id); len(got.Copies[sheet.BlackCopy].Cells) != 5 {
		t.Errorf("consulting a cell it has changed the copy: %d cells", len(got.Copies[sheet.BlackCopy].Cells))
	}
	if err := sheettest.SetCopyConsulted(s, id, sheet.BlackCopy, false); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.Game(id); got.Copies[sheet.BlackCopy].Consulted {
		t.Error("the copy is still consulted")
	}
	g.Round, g.Copies[sheet.WhiteCopy].Consulted = 2, true
	id2, err := s.AddGame(g)
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := s.Game(id2); !got.Copies[sheet.WhiteCopy].Consulted || got.Copies[sheet.BlackCopy].Consulted {
		t.Errorf("a game added consulted reads back %v %v", got.Copies[sheet.WhiteCopy].Consulted, got.Copies[sheet.BlackCopy].Consulted)
	}
	sheettest.WantCode(t, sheettest.ConsultCopy(s, 999, sheet.BlackCopy, 3), sheet.StoreNotFound)
	sheettest.WantCode(t, sheettest.SetCopyConsulted(s, 999, sheet.BlackCopy, true), sheet.StoreNotFound)
	if err := sheettest.ConsultCopy(s, id, sheet.Side(2), 3); err == nil || !strings.Contains(err.Error(), "side") {
		t.Errorf("side 2: %v", err)
	}
}

// TestCellTyped: what makes a cell of a consulted copy looked up.
func TestCellTyped(t *testing.T) {
	for _, tc := range []struct {
		c    sheet.Cell
		want bool
	}{
		{sheet.Cell{}, false}, {sheet.Cell{Text: "  "}, false}, {sheet.Cell{Text: "-"}, true}, {sheet.Cell{Text: "Nf3"}, true},
		{sheet.Cell{Illegible: true}, true}, {sheet.Cell{NotRecorded: true}, true}, {sheet.Cell{Clock: "1:30"}, true},
		{sheet.Cell{Mark: sheet.MarkSealed}, true}, {sheet.Cell{DrawOffer: true}, true}, {sheet.Cell{Note: "torn"}, true},
	} {
		if got := tc.c.Typed(); got != tc.want {
			t.Errorf("%+v: typed %v, want %v", tc.c, got, tc.want)
		}
	}
}
