package storetest

import (
	"reflect"
	"strings"
	"testing"

	"scoresheet/sheet"
	"scoresheet/sheet/sheettest"
)

func testStoreEventLang(t *testing.T, b Backend) {
	s := b.newStore(t)
	ev := SampleEvent()
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

func testStoreConsulted(t *testing.T, b Backend) {
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
