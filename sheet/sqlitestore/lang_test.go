package sqlitestore

import (
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
	if err := sheettest.SetEvent(s, ev); err != nil {
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
