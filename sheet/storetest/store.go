package storetest

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"scoresheet/internal/xtest"
	"scoresheet/sheet"
	"scoresheet/sheet/sheettest"
)

// SampleEvent and SampleGame exercise every field, with names in several
// scripts and quotes.
func SampleEvent() sheet.Event {
	return sheet.Event{
		Name:        `Open "Zagreb" ’26 — Ćup`,
		Site:        "Zagreb CRO",
		StartDate:   "2026.11.22",
		EndDate:     "2026.11.30",
		TimeControl: "40/5400+30:1800+30",
		Rounds:      []sheet.Round{{Number: 1, Date: "2026.11.22"}, {Number: 2, Date: "2026.11.23"}, {Number: 9}},
	}
}

func SampleGame() sheet.Game {
	return sheet.Game{
		Round: 3, Board: 12,
		White:  sheet.Player{Name: "Đurđević, Ivan", FideID: "14500000", Rating: 2412, Federation: "SRB", Title: "IM"},
		Black:  sheet.Player{Name: "Крамник, Владимир", FideID: "4101588", Rating: 2753, Federation: "RUS", Title: "GM"},
		Result: "1/2-1/2",
		Date:   "2026.11.24",
		Tags:   map[string]string{"ECO": "C42", "Annotator": `O'Brien "Obi"`, "Remark": "a\nb\tc ✓"},
		FEN:    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
		Copies: [2]sheet.Copy{
			{Lang: "hr", Result: "1/2-1/2", Cells: []sheet.Cell{
				{Text: "e4", Clock: "1:32"},
				{Text: "Sf6", Clock: "92", DrawOffer: true, Note: "(=) im Kreis"},
				{Text: "", Illegible: true},
				{Text: "Lc4", NotRecorded: true},
			}},
			{Lang: "ru", Cells: []sheet.Cell{
				{Text: "е4"}, // Cyrillic е, as written
				{Text: "Кf6", Clock: "1.32.05", Note: `"?"`},
			}},
		},
		Decisions: []sheet.Decision{
			{Ply: 3, Move: "f1c4", By: "IA Müller", At: time.Date(2026, 11, 24, 18, 3, 4, 123456789, time.UTC)},
			{Ply: 3, Move: "", By: "IA Müller", At: time.Date(2026, 11, 24, 18, 5, 0, 0, time.UTC)},
		},
	}
}

func testStoreEventRoundTrip(t *testing.T, b Backend) {
	for _, ev := range []sheet.Event{
		SampleEvent(),
		{},
		{Name: "Kraków ‘Cup’", Rounds: []sheet.Round{{Number: 1}}},
	} {
		t.Run(ev.Name, func(t *testing.T) {
			path := b.Location(t)
			s, err := b.Create(path, ev)
			if err != nil {
				t.Fatal(err)
			}
			got, err := s.Event()
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, ev) {
				t.Errorf("after Create: %#v, want %#v", got, ev)
			}
			ev2 := ev
			ev2.Name += " II"
			ev2.Rounds = append([]sheet.Round{{Number: 5, Date: "2027.01.01"}}, ev2.Rounds...)
			if err := sheettest.SetEvent(s, ev2); err != nil {
				t.Fatal(err)
			}
			s.Close()
			s, err = b.Open(path)
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			got, err = s.Event()
			if err != nil {
				t.Fatal(err)
			}
			want := ev2
			// Rounds come back by number.
			want.Rounds = append(append([]sheet.Round(nil), ev.Rounds...), sheet.Round{Number: 5, Date: "2027.01.01"})
			sortRounds(want.Rounds)
			if !reflect.DeepEqual(got, want) {
				t.Errorf("after SetEvent and reopen: %#v, want %#v", got, want)
			}
		})
	}
}

func sortRounds(rs []sheet.Round) {
	for i := range rs {
		for j := i + 1; j < len(rs); j++ {
			if rs[j].Number < rs[i].Number {
				rs[i], rs[j] = rs[j], rs[i]
			}
		}
	}
}

func testStoreGameRoundTrip(t *testing.T, b Backend) {
	empty := sheet.Game{Round: 1, Board: 1}
	full := SampleGame()
	local := SampleGame()
	local.Round, local.Board = 7, 1
	local.Decisions = []sheet.Decision{{Ply: 1, Move: "e2e4", By: "x",
		At: time.Date(2026, 1, 2, 3, 4, 5, 6, time.FixedZone("CET", 3600))}}
	local.Tags = map[string]string{}
	for _, tc := range []struct {
		name string
		g    sheet.Game
	}{
		{"empty", empty},
		{"every field", full},
		{"local time, empty tag map", local},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := b.Location(t)
			s, err := b.Create(path, sheet.Event{})
			if err != nil {
				t.Fatal(err)
			}
			id, err := s.AddGame(tc.g)
			if err != nil {
				t.Fatal(err)
			}
			want := Normalised(tc.g)
			want.ID = id
			check := func(when string, s sheet.EventStore) {
				t.Helper()
				for _, get := range []struct {
					how string
					f   func() (sheet.Game, error)
				}{
					{"Game", func() (sheet.Game, error) { return s.Game(id) }},
					{"GameAt", func() (sheet.Game, error) { return s.GameAt(tc.g.Round, tc.g.Board) }},
					{"Games", func() (sheet.Game, error) {
						gs, err := s.Games()
						if err != nil || len(gs) != 1 {
							return sheet.Game{}, fmt.Errorf("%d games, %v", len(gs), err)
						}
						return gs[0], nil
					}},
				} {
					got, err := get.f()
					if err != nil {
						t.Fatalf("%s %s: %v", when, get.how, err)
					}
					if !reflect.DeepEqual(got, want) {
						t.Errorf("%s %s:\n got %#v\nwant %#v", when, get.how, got, want)
					}
				}
			}
			check("open", s)
			s.Close()
			s, err = b.Open(path)
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			check("reopened", s)
		})
	}
}

// Normalised is g as the store gives it back.
func Normalised(g sheet.Game) sheet.Game {
	if len(g.Tags) == 0 {
		g.Tags = nil
	}
	if len(g.Decisions) == 0 {
		g.Decisions = nil
	} else {
		ds := make([]sheet.Decision, len(g.Decisions))
		for i, d := range g.Decisions {
			d.At = d.At.UTC().Round(0)
			ds[i] = d
		}
		g.Decisions = ds
	}
	for i := range g.Copies {
		if len(g.Copies[i].Cells) == 0 {
			g.Copies[i].Cells = nil
		}
	}
	return g
}

func testStoreSetHeaderAndLang(t *testing.T, b Backend) {
	s, id := b.withGame(t)
	g, _ := s.Game(id)
	g.Round, g.Board = 4, 2
	g.White.Name, g.Black.Rating = "Nguyễn Ngọc Trường Sơn", 0
	g.Result, g.Date, g.FEN = "0-1", "2026.11.25", ""
	g.Tags = map[string]string{"Round": "4.2"}
	if err := sheettest.SetHeader(s, g); err != nil {
		t.Fatal(err)
	}
	if err := sheettest.SetCopyLang(s, id, sheet.BlackCopy, "de"); err != nil {
		t.Fatal(err)
	}
	g.Copies[sheet.BlackCopy].Lang = "de"
	got, err := s.GameAt(4, 2)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, Normalised(g)) {
		t.Errorf("got %#v\nwant %#v", got, Normalised(g))
	}
	if _, err := s.GameAt(3, 12); sheet.StoreErrorCodeOf(err) != sheet.StoreNotFound {
		t.Errorf("old place: %v", err)
	}
}

func cellTexts(t *testing.T, s sheet.EventStore, id int64, side sheet.Side) string {
	t.Helper()
	g, err := s.Game(id)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Join(sheettest.Texts(g.Copies[side].Cells), " ")
}

func testStoreCellShifting(t *testing.T, b Backend) {
	type op struct {
		kind  string // set, insert, delete
		side  sheet.Side
		index int
		text  string
		code  sheet.StoreErrorCode
	}
	for _, tc := range []struct {
		name         string
		start        []string // white copy
		ops          []op
		white, black string
	}{
		{"append by set", nil, []op{{"set", 0, 0, "e4", ""}, {"set", 0, 1, "e5", ""}, {"set", 0, 2, "Nf3", ""}}, "e4 e5 Nf3", ""},
		{"overwrite", []string{"e4", "e5"}, []op{{"set", 0, 1, "c5", ""}}, "e4 c5", ""},
		// Beyond the end, a writer that saw no cell there finds the copy
		// shorter than it saw (SetCellIf, sheet.BeyondEnd): a conflict.
		{"set beyond end", []string{"e4"}, []op{{"set", 0, 2, "x", sheet.StoreConflict}}, "e4", ""},
		{"set negative", []string{"e4"}, []op{{"set", 0, -1, "x", sheet.StoreBadArgument}}, "e4", ""},
		{"insert at front", []string{"a", "b", "c"}, []op{{"insert", 0, 0, "z", ""}}, "z a b c", ""},
		{"insert in middle", []string{"a", "b", "c"}, []op{{"insert", 0, 1, "z", ""}}, "a z b c", ""},
		{"insert at end", []string{"a", "b", "c"}, []op{{"insert", 0, 3, "z", ""}}, "a b c z", ""},
		{"insert beyond end", []string{"a"}, []op{{"insert", 0, 2, "z", sheet.StoreBadArgument}}, "a", ""},
		{"delete first", []string{"a", "b", "c", "d"}, []op{{"delete", 0, 0, "", ""}}, "b c d", ""},
		{"delete middle", []string{"a", "b", "c", "d"}, []op{{"delete", 0, 2, "", ""}}, "a b d", ""},
		{"delete last", []string{"a", "b", "c", "d"}, []op{{"delete", 0, 3, "", ""}}, "a b c", ""},
		{"delete past end", []string{"a"}, []op{{"delete", 0, 1, "", sheet.StoreBadArgument}}, "a", ""},
		{"delete from empty", nil, []op{{"delete", 1, 0, "", sheet.StoreBadArgument}}, "", ""},
		{"bad side", []string{"a"}, []op{{"set", 2, 0, "x", sheet.StoreBadArgument}, {"insert", -1, 0, "x", sheet.StoreBadArgument}}, "a", ""},
		{"copies are separate", []string{"a", "b"}, []op{
			{"set", 1, 0, "x", ""}, {"insert", 1, 0, "w", ""}, {"delete", 0, 0, "", ""}, {"insert", 0, 1, "c", ""},
		}, "b c", "w x"},
		{"insert and delete back", []string{"a", "b", "c", "d", "e"}, []op{
			{"insert", 0, 2, "X", ""}, {"insert", 0, 2, "Y", ""}, {"delete", 0, 3, "", ""}, {"delete", 0, 2, "", ""},
		}, "a b c d e", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := b.newStore(t)
			g := sheet.Game{Round: 1, Board: 1}
			for _, txt := range tc.start {
				g.Copies[sheet.WhiteCopy].Cells = append(g.Copies[sheet.WhiteCopy].Cells, sheet.Cell{Text: txt, Clock: txt + "'"})
			}
			id, err := s.AddGame(g)
			if err != nil {
				t.Fatal(err)
			}
			for i, o := range tc.ops {
				var err error
				c := sheet.Cell{Text: o.text, Clock: o.text + "'"}
				switch o.kind {
				case "set":
					err = sheettest.SetCell(s, id, o.side, o.index, c)
				case "insert":
					err = sheettest.InsertCell(s, id, o.side, o.index, c)
				case "delete":
					err = sheettest.DeleteCell(s, id, o.side, o.index)
				}
				if got := sheet.StoreErrorCodeOf(err); got != o.code {
					t.Fatalf("op %d %+v: %v, want code %q", i, o, err, o.code)
				}
			}
			if got := cellTexts(t, s, id, sheet.WhiteCopy); got != tc.white {
				t.Errorf("white copy %q, want %q", got, tc.white)
			}
			if got := cellTexts(t, s, id, sheet.BlackCopy); got != tc.black {
				t.Errorf("black copy %q, want %q", got, tc.black)
			}
			// Each cell kept its own other fields through the shifts.
			g2, _ := s.Game(id)
			for side, cp := range g2.Copies {
				for i, c := range cp.Cells {
					if c.Clock != c.Text+"'" {
						t.Errorf("side %d cell %d: %+v", side, i, c)
					}
				}
			}
		})
	}
}

func testStoreArgumentErrors(t *testing.T, b Backend) {
	s, id := b.withGame(t)
	other := SampleGame()
	other.Board = 13
	id2, err := s.AddGame(other)
	if err != nil {
		t.Fatal(err)
	}
	const missing = 999
	for _, tc := range []struct {
		name string
		err  error
		code sheet.StoreErrorCode
	}{
		{"duplicate board", func() error { _, err := s.AddGame(SampleGame()); return err }(), sheet.StoreDuplicate},
		{"round 0", func() error { _, err := s.AddGame(sheet.Game{Round: 0, Board: 1}); return err }(), sheet.StoreBadArgument},
		{"board 0", func() error { _, err := s.AddGame(sheet.Game{Round: 1, Board: 0}); return err }(), sheet.StoreBadArgument},
		{"decision ply 0 in AddGame", func() error {
			_, err := s.AddGame(sheet.Game{Round: 1, Board: 1, Decisions: []sheet.Decision{{Ply: 0}}})
			return err
		}(), sheet.StoreBadArgument},
		{"header moved onto another game", func() error { g := other; g.ID = id2; g.Board = 12; return sheettest.SetHeader(s, g) }(), sheet.StoreDuplicate},
		{"header of missing game", func() error { g := other; g.ID = missing; g.Board = 50; return sheettest.SetHeader(s, g) }(), sheet.StoreNotFound},
		{"header board 0", func() error { g := other; g.ID = id2; g.Board = 0; return sheettest.SetHeader(s, g) }(), sheet.StoreBadArgument},
		{"Game missing", func() error { _, err := s.Game(missing); return err }(), sheet.StoreNotFound},
		{"GameAt missing", func() error { _, err := s.GameAt(3, 14); return err }(), sheet.StoreNotFound},
		{"SetCell missing game", sheettest.SetCell(s, missing, sheet.WhiteCopy, 0, sheet.Cell{}), sheet.StoreNotFound},
		{"InsertCell missing game", sheettest.InsertCell(s, missing, sheet.WhiteCopy, 0, sheet.Cell{}), sheet.StoreNotFound},
		{"DeleteCell missing game", sheettest.DeleteCell(s, missing, sheet.WhiteCopy, 0), sheet.StoreNotFound},
		{"SetCopyLang missing game", sheettest.SetCopyLang(s, missing, sheet.WhiteCopy, "de"), sheet.StoreNotFound},
		{"SetCopyLang bad side", sheettest.SetCopyLang(s, id, sheet.Side(7), "de"), sheet.StoreBadArgument},
		{"AddDecision missing game", sheettest.AddDecision(s, missing, sheet.Decision{Ply: 1}), sheet.StoreNotFound},
		{"AddDecision ply 0", sheettest.AddDecision(s, id, sheet.Decision{Ply: 0}), sheet.StoreBadArgument},
		{"DeleteGame missing", s.DeleteGame(missing), sheet.StoreNotFound},
		{"SetEvent round 0", sheettest.SetEvent(s, sheet.Event{Rounds: []sheet.Round{{Number: 0}}}), sheet.StoreBadArgument},
		{"SetEvent duplicate round", sheettest.SetEvent(s, sheet.Event{Rounds: []sheet.Round{{Number: 2}, {Number: 2}}}), sheet.StoreDuplicate},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sheettest.WantCode(t, tc.err, tc.code)
			var se *sheet.StoreError
			if errors.As(tc.err, &se) && se.Path != s.Location() {
				t.Errorf("path %q, want %q", se.Path, s.Location())
			}
		})
	}
	// Nothing above changed the two games or the event.
	gs, err := s.Games()
	if err != nil || len(gs) != 2 {
		t.Fatalf("%d games, %v", len(gs), err)
	}
	want := Normalised(SampleGame())
	want.ID = id
	if !reflect.DeepEqual(gs[0], want) {
		t.Errorf("game changed: %#v", gs[0])
	}
	if ev, _ := s.Event(); !reflect.DeepEqual(ev, SampleEvent()) {
		t.Errorf("event changed: %#v", ev)
	}
}

func testStoreDecisionsAndDelete(t *testing.T, b Backend) {
	s := b.newStore(t)
	g := SampleGame()
	id, err := s.AddGame(g)
	if err != nil {
		t.Fatal(err)
	}
	d := sheet.Decision{Ply: 5, Move: "g1f3", By: "Đ.", At: time.Date(2026, 11, 24, 19, 0, 0, 1, time.UTC)}
	if err := sheettest.AddDecision(s, id, d); err != nil {
		t.Fatal(err)
	}
	got, _ := s.Game(id)
	want := Normalised(g)
	want.ID = id
	want.Decisions = append(want.Decisions, d)
	if !reflect.DeepEqual(got.Decisions, want.Decisions) {
		t.Errorf("decisions %+v, want %+v", got.Decisions, want.Decisions)
	}
	if err := s.DeleteGame(id); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Game(id); sheet.StoreErrorCodeOf(err) != sheet.StoreNotFound {
		t.Errorf("after delete: %v", err)
	}
	// The cascade removed every row of the game (where the backend can
	// count them; pgstore's tests look at the server's tables).
	if b.Rows != nil {
		for _, table := range []string{"tag", "copy", "cell", "decision"} {
			if n, err := b.Rows(s, table); err != nil || n != 0 {
				t.Errorf("%s: %d rows left, %v", table, n, err)
			}
		}
	}
	// The board is free again.
	if _, err := s.AddGame(g); err != nil {
		t.Errorf("re-adding: %v", err)
	}
}

// AddScrambledGames adds rounds x boards games of 80 cells in a scrambled
// order, each with its number k in a name and a tag.
func AddScrambledGames(tb testing.TB, s sheet.EventStore, rounds, boards int) {
	tb.Helper()
	moves := strings.Fields(xtest.GameSAN)
	for i := 0; i < rounds*boards; i++ {
		k := (i * 7) % (rounds * boards)
		g := sheet.Game{Round: k/boards + 1, Board: k%boards + 1,
			White: sheet.Player{Name: fmt.Sprintf("W%d", k)}, Tags: map[string]string{"K": fmt.Sprint(k)}}
		for j := 0; j < 80; j++ {
			g.Copies[j%2].Cells = append(g.Copies[j%2].Cells, sheet.Cell{Text: moves[j%len(moves)]})
		}
		g.Decisions = []sheet.Decision{{Ply: 1, Move: "e2e4"}}
		if _, err := s.AddGame(g); err != nil {
			tb.Fatal(err)
		}
	}
}

func testStoreGamesOrder(t *testing.T, b Backend) {
	s := b.newStore(t)
	const rounds, boards = 10, 30
	AddScrambledGames(t, s, rounds, boards)
	gs, err := s.Games()
	if err != nil {
		t.Fatal(err)
	}
	if len(gs) != rounds*boards {
		t.Fatalf("%d games", len(gs))
	}
	for i, g := range gs {
		if g.Round != i/boards+1 || g.Board != i%boards+1 {
			t.Fatalf("game %d is round %d board %d", i, g.Round, g.Board)
		}
		k := i
		if g.White.Name != fmt.Sprintf("W%d", k) || g.Tags["K"] != fmt.Sprint(k) ||
			len(g.Copies[0].Cells) != 40 || len(g.Copies[1].Cells) != 40 || len(g.Decisions) != 1 {
			t.Fatalf("game %d: %+v", i, g)
		}
	}
}

func testStoreClosed(t *testing.T, b Backend) {
	s := b.newStore(t)
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	sheettest.WantCode(t, sheettest.SetCell(s, 1, sheet.WhiteCopy, 0, sheet.Cell{}), sheet.StoreClosed)
	_, err := s.Games()
	sheettest.WantCode(t, err, sheet.StoreClosed)
	if err := s.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
}
