package storetest

import (
	"errors"
	"fmt"
	"reflect"
	"testing"

	"scoresheet/sheet"
	"scoresheet/sheet/internal/storekit"
	"scoresheet/sheet/sheettest"
)

// eachStore holds games at rounds 1..rounds and boards 1..boards, added
// in reverse order (ids do not follow round and board), each with cells, a tag and a decision.
func eachStore(t *testing.T, b Backend, rounds, boards int) sheet.EventStore {
	t.Helper()
	s := b.newStore(t)
	var gs []sheet.Game
	for i := 0; i < rounds*boards; i++ {
		k := rounds*boards - 1 - i
		g := SampleGame()
		g.Round, g.Board = k/boards+1, k%boards+1
		g.White.Name = fmt.Sprintf("W%d", k)
		g.Tags = map[string]string{"K": fmt.Sprint(k)}
		gs = append(gs, g)
	}
	if _, err := s.AddGames(gs); err != nil {
		t.Fatal(err)
	}
	return s
}

func collect(t *testing.T, s sheet.EventStore, f sheet.GameFilter) []sheet.Game {
	t.Helper()
	var got []sheet.Game
	if err := s.EachGame(f, func(g *sheet.Game) error {
		got = append(got, *g)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return got
}

func testEachGameEqualsGames(t *testing.T, b Backend) {
	for _, n := range []int{0, 1, storekit.GamePage - 1, storekit.GamePage, storekit.GamePage + 1, 2*storekit.GamePage + 5} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			boards := 7
			rounds := (n + boards - 1) / boards
			s := b.newStore(t)
			if n > 0 {
				s = eachStore(t, b, rounds, boards)
			}
			all, err := s.Games()
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range []sheet.GameFilter{{}, {Round: 2}, {Round: 2, Board: 3}, {Board: 5}, {Round: 99}} {
				var want []sheet.Game
				for _, g := range all {
					if (f.Round == 0 || g.Round == f.Round) && (f.Board == 0 || g.Board == f.Board) {
						want = append(want, g)
					}
				}
				got := collect(t, s, f)
				if !reflect.DeepEqual(got, want) {
					t.Fatalf("filter %+v: EachGame gave %d games, Games %d; first difference hidden in %+v", f, len(got), len(want), got)
				}
				c, err := s.CountGames(f)
				if err != nil || c != len(want) {
					t.Fatalf("filter %+v: CountGames %d, %v; want %d", f, c, err, len(want))
				}
			}
		})
	}
}

func testEachGameStopsOnError(t *testing.T, b Backend) {
	s := eachStore(t, b, 3, 50)
	stop := errors.New("stop")
	calls := 0
	err := s.EachGame(sheet.GameFilter{}, func(g *sheet.Game) error {
		calls++
		if calls == storekit.GamePage+2 {
			return stop
		}
		return nil
	})
	if err != stop || calls != storekit.GamePage+2 {
		t.Fatalf("err %v after %d calls; want stop after %d", err, calls, storekit.GamePage+2)
	}
}

func testEachGameLetsFnWrite(t *testing.T, b Backend) {
	s := eachStore(t, b, 2, storekit.GamePage)
	n := 0
	err := s.EachGame(sheet.GameFilter{}, func(g *sheet.Game) error {
		n++
		return sheettest.SetCell(s, g.ID, sheet.WhiteCopy, 0, sheet.Cell{Text: "d4"})
	})
	if err != nil || n != 2*storekit.GamePage {
		t.Fatalf("%d games, %v", n, err)
	}
	gs, _ := s.Games()
	for _, g := range gs {
		if g.Copies[sheet.WhiteCopy].Cells[0].Text != "d4" {
			t.Fatalf("game %d: cell 0 is %q", g.ID, g.Copies[sheet.WhiteCopy].Cells[0].Text)
		}
	}
}

func testAddGamesAllOrNone(t *testing.T, be Backend) {
	s := be.newStore(t)
	a, b := SampleGame(), SampleGame()
	b.Board = 13
	ids, err := s.AddGames([]sheet.Game{a, b})
	if err != nil || len(ids) != 2 || ids[0] == ids[1] {
		t.Fatalf("ids %v, %v", ids, err)
	}
	c := SampleGame()
	c.Board = 14
	_, err = s.AddGames([]sheet.Game{c, a}) // a's round and board are taken
	sheettest.WantCode(t, err, sheet.StoreDuplicate)
	bad := SampleGame()
	bad.Board = 0
	_, err = s.AddGames([]sheet.Game{c, bad})
	sheettest.WantCode(t, err, sheet.StoreBadArgument)
	boards, err := s.Boards()
	if err != nil || !reflect.DeepEqual(boards, [][2]int{{3, 12}, {3, 13}}) {
		t.Fatalf("Boards %v, %v", boards, err)
	}
	g, err := s.Game(ids[1])
	if err != nil {
		t.Fatal(err)
	}
	b.ID = ids[1]
	if !reflect.DeepEqual(g, Normalised(b)) {
		t.Fatalf("read back\n%+v\nwant\n%+v", g, b)
	}
}
