package location

import (
	"bytes"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	_ "modernc.org/sqlite"

	"scoresheet/internal/pgtest"
	"scoresheet/sheet"
	"scoresheet/sheet/sheettest"
	"scoresheet/sheet/sqlitestore"
)

func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }

// richEvent is an event with every field of every part set, in several
// scripts: games over more than one page of EachGame.
func richEvent() (sheet.Event, []sheet.Game, []sheet.Source) {
	ev := sheet.Event{Name: `Open "Zagreb" ’26 — Ćup`, Site: "Zagreb CRO", StartDate: "2026.11.22", EndDate: "2026.11.30",
		TimeControl: "40/5400+30:1800+30", Kind: sheet.KindRapid,
		Rounds: []sheet.Round{{Number: 1, Date: "2026.11.22"}, {Number: 2, Date: "2026.11.23"}, {Number: 9}}, Lang: "de"}
	var games []sheet.Game
	for r := 1; r <= 2; r++ {
		for b := 1; b <= 40; b++ {
			g := sheet.Game{Round: r, Board: b,
				White:  sheet.Player{Name: fmt.Sprintf("Đurđević %d", b), FideID: "14500000", Rating: 2412, Federation: "SRB", Title: "IM"},
				Black:  sheet.Player{Name: fmt.Sprintf("Крамник %d", b), FideID: "4101588", Rating: 2753, Federation: "RUS", Title: "GM"},
				Result: "1/2-1/2", Date: "2026.11.24",
				Tags: map[string]string{"ECO": "C42", "Annotator": `O'Brien "Obi"`, "Remark": "a\nb\tc ✓"},
				Decisions: []sheet.Decision{
					{Ply: 3, Move: "f1c4", By: "IA Müller", At: time.Date(2026, 11, 24, 18, 3, 4, 123456789, time.UTC)},
					{Ply: 3, Move: "", By: "IA Müller", At: time.Date(2026, 11, 24, 18, 5, 0, 1, time.UTC)},
				},
			}
			if b%3 == 0 {
				g.FEN = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
			}
			g.Copies[0] = sheet.Copy{Lang: "hr", Result: "1/2-1/2", Cells: []sheet.Cell{
				{Text: "e4", Clock: "1:32"},
				{Text: "Sf6", Clock: "92", DrawOffer: true, Note: "(=) im Kreis"},
				{Text: "", Illegible: true},
				{Text: "Lc4", NotRecorded: true, Mark: sheet.MarkSealed},
				{Text: "Se5", Mark: sheet.MarkClaimRepetition},
			}}
			g.Copies[1] = sheet.Copy{Lang: "ru", Cells: []sheet.Cell{{Text: "е4"}, {Text: "Кf6", Clock: "1.32.05", Note: `"?"`, Mark: sheet.MarkRecordingStopped}}}
			switch b % 5 {
			case 1: // a forfeit
				g.Result, g.Copies[0].Result = sheet.BlackForfeitWin, ""
			case 2: // a copy consulted, read in the event's language
				g.Copies[1].Consulted, g.Copies[1].Lang = true, ""
			}
			games = append(games, g)
		}
	}
	games = append(games, sheet.Game{Round: 9, Board: 1}) // a game with nothing in it
	srcs := []sheet.Source{{Kind: "trf", Name: "open.trf", Body: []byte("012 Open\r\n001    1 m    Đurđević\r\n\x00\xff")}}
	return ev, games, srcs
}

// newFile makes an event file holding the rich event.
func newFile(t *testing.T) string {
	t.Helper()
	ev, games, srcs := richEvent()
	path := filepath.Join(t.TempDir(), "open.scoresheet")
	s, err := sqlitestore.Create(path, ev)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, err := s.AddGames(games); err != nil {
		t.Fatal(err)
	}
	if _, err := s.ApplyImport("trf", func(sheet.ImportBase) (sheet.Import, error) { return sheet.Import{Source: &srcs[0]}, nil }); err != nil {
		t.Fatal(err)
	}
	return path
}

// readAll reads everything of the event at loc, game ids set to 0.
func readAll(t *testing.T, loc string) (sheet.Event, []sheet.Game, []sheet.Source) {
	t.Helper()
	s, err := Open(loc)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ev, err := s.Event()
	if err != nil {
		t.Fatal(err)
	}
	games, err := s.Games()
	if err != nil {
		t.Fatal(err)
	}
	for i := range games {
		games[i].ID = 0
	}
	srcs, err := s.Sources()
	if err != nil {
		t.Fatal(err)
	}
	return ev, games, srcs
}

// TestCopyReadsBackIdentical: file to server, server to file, file to
// file; each copy holds everything its source does, read back field by
// field here as well as by Copy itself.
func TestCopyReadsBackIdentical(t *testing.T) {
	srv := pgtest.Need(t)
	file := newFile(t)
	server := srv.Event(t)
	home := filepath.Join(t.TempDir(), "home.scoresheet")
	again := filepath.Join(t.TempDir(), "again.scoresheet")
	ev, games, srcs := readAll(t, file)
	if len(games) != 81 || len(srcs) != 1 {
		t.Fatalf("the source holds %d games, %d sources", len(games), len(srcs))
	}
	for _, step := range [][2]string{{file, server}, {server, home}, {home, again}} {
		done, err := Copy(step[0], step[1])
		if n := done.Games; err != nil || n != len(games) || done.Salvaged {
			t.Fatalf("copy %s -> %s: %d games, %v", step[0], step[1], n, err)
		}
		gotEv, gotGames, gotSrcs := readAll(t, step[1])
		if !reflect.DeepEqual(gotEv, ev) || !reflect.DeepEqual(gotSrcs, srcs) {
			t.Fatalf("%s: event %+v sources %+v", step[1], gotEv, gotSrcs)
		}
		for i := range games {
			if !reflect.DeepEqual(gotGames[i], games[i]) {
				t.Fatalf("%s: game %d\n got %+v\nwant %+v", step[1], i, gotGames[i], games[i])
			}
		}
	}
}

// TestCopyNeverReplaces: a copy to a file that exists, or to an event
// name the server holds, is refused, and what was there stays.
func TestCopyNeverReplaces(t *testing.T) {
	srv := pgtest.Need(t)
	file := newFile(t)
	other := filepath.Join(t.TempDir(), "other.scoresheet")
	if err := os.WriteFile(other, []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Copy(file, other)
	if sheet.StoreErrorCodeOf(err) != sheet.StoreExists {
		t.Errorf("to a file there: %v", err)
	}
	if b, _ := os.ReadFile(other); string(b) != "mine" {
		t.Errorf("the file there became %q", b)
	}
	server := srv.Event(t)
	s, err := Create(server, sheet.Event{Name: "Theirs"})
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	_, err = Copy(file, server)
	if sheet.StoreErrorCodeOf(err) != sheet.StoreEventExists {
		t.Errorf("to an event there: %v", err)
	}
	if ev, games, _ := readAll(t, server); ev.Name != "Theirs" || len(games) != 0 {
		t.Errorf("the event there became %q with %d games", ev.Name, len(games))
	}
	if _, err := Copy(filepath.Join(t.TempDir(), "none.scoresheet"), filepath.Join(t.TempDir(), "x.scoresheet")); sheet.StoreErrorCodeOf(err) != sheet.StoreNoFile {
		t.Errorf("from nothing: %v", err)
	}
}

// TestCompareSeesEveryDifference: Compare finds a difference in each
// part of an event.
func TestCompareSeesEveryDifference(t *testing.T) {
	file := newFile(t)
	for _, tc := range []struct {
		name   string
		change func(s sheet.EventStore, g sheet.Game) error
		detail string
	}{
		{"event", func(s sheet.EventStore, g sheet.Game) error {
			ev, _ := s.Event()
			ev.Rounds[2].Date = "2026.11.30"
			return sheettest.SetEvent(s, ev)
		}, "event"},
		{"source", func(s sheet.EventStore, g sheet.Game) error {
			_, err := s.ApplyImport("trf", func(sheet.ImportBase) (sheet.Import, error) {
				return sheet.Import{Source: &sheet.Source{Kind: "trf", Name: "open.trf", Body: []byte("012 Open\r\n")}}, nil
			})
			return err
		}, "source=trf"},
		{"a cell's note", func(s sheet.EventStore, g sheet.Game) error {
			c := g.Copies[0].Cells[1]
			c.Note = "(=) im Kreis."
			return sheettest.SetCell(s, g.ID, sheet.WhiteCopy, 1, c)
		}, "round=1 board=1 copies"},
		{"a decision", func(s sheet.EventStore, g sheet.Game) error {
			return sheettest.AddDecision(s, g.ID, sheet.Decision{Ply: 1, Move: "e2e4", At: time.Unix(0, 0)})
		}, "round=1 board=1 decisions"},
		{"a tag", func(s sheet.EventStore, g sheet.Game) error {
			g.Tags["ECO"] = "C43"
			return sheettest.SetHeader(s, g)
		}, "round=1 board=1 tags"},
		{"a rating", func(s sheet.EventStore, g sheet.Game) error {
			g.Black.Rating++
			return sheettest.SetHeader(s, g)
		}, "round=1 board=1 header"},
		{"a game more", func(s sheet.EventStore, g sheet.Game) error {
			_, err := s.AddGame(sheet.Game{Round: 9, Board: 2})
			return err
		}, "round=9 board=2 extra"},
		{"a game less", func(s sheet.EventStore, g sheet.Game) error {
			gb, _ := s.GameAt(9, 1)
			return s.DeleteGame(gb.ID)
		}, "round=9 board=1 missing"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dst := filepath.Join(t.TempDir(), "copy.scoresheet")
			if _, err := Copy(file, dst); err != nil {
				t.Fatal(err)
			}
			a, err := Open(file)
			if err != nil {
				t.Fatal(err)
			}
			defer a.Close()
			b, err := Open(dst)
			if err != nil {
				t.Fatal(err)
			}
			defer b.Close()
			g, _ := b.GameAt(1, 1)
			if err := tc.change(b, g); err != nil {
				t.Fatal(err)
			}
			err = Compare(a, b)
			var se *sheet.StoreError
			if sheet.StoreErrorCodeOf(err) != sheet.StoreCopyDiffers || !errorsAs(err, &se) || se.Err.Error() != tc.detail {
				t.Errorf("%v, want store-copy-differs %q", err, tc.detail)
			}
		})
	}
}

func errorsAs(err error, target any) bool { return errors.As(err, target) }

// TestCopySalvagesARefusedFile: an event file Open refuses as another
// schema than this program's (a trigger planted in it) is copied as
// data only into a clean event, a file and an event on the server: the
// copy holds every row the file's tables hold, opens as an ordinary
// event, the trigger never fired (it would have rewritten every cell),
// and the file is not written.
func TestCopySalvagesARefusedFile(t *testing.T) {
	file := newFile(t)
	_, games, _ := readAll(t, file)
	db, err := sql.Open("sqlite", "file:"+file)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`CREATE TRIGGER rewrite AFTER INSERT ON cell BEGIN UPDATE cell SET text = 'Bc4'; END`); err != nil {
		t.Fatal(err)
	}
	db.Close()
	if _, err := Open(file); sheet.StoreErrorCodeOf(err) != sheet.StoreForeignSchema {
		t.Fatalf("the planted file opens: %v", err)
	}
	before, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	for _, dst := range []string{filepath.Join(t.TempDir(), "clean.scoresheet"), pgtest.Need(t).Event(t)} {
		done, err := Copy(file, dst)
		if err != nil || !done.Salvaged || done.Games != len(games) || len(done.Skipped) != 0 {
			t.Fatalf("copy to %s: %+v, %v", dst, done, err)
		}
		_, got, _ := readAll(t, dst)
		if !reflect.DeepEqual(got, games) {
			t.Errorf("%s does not hold the file's games", dst)
		}
	}
	if after, _ := os.ReadFile(file); !bytes.Equal(after, before) {
		t.Error("the refused file was written")
	}
}
