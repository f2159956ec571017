package publish

import (
	"context"
	"errors"
	"net/http"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"scoresheet/app/core"
	"scoresheet/pgn"
	"scoresheet/sheet"
	"scoresheet/sheet/sheettest"
	"scoresheet/sheet/sqlitestore"
)

const testToken = "lip_s3cretT0ken"

// roundEvent makes an event file with round 1: board 1 played with
// clock times, board 2 played in part, board 3 a forfeit, board 4 a
// double forfeit, and more boards of a short game up to boards.
func roundEvent(t *testing.T, boards int) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "ev.scoresheet")
	st, err := sqlitestore.Create(path, sheet.Event{Name: "Open A", Site: "Zagreb", Rounds: []sheet.Round{{Number: 1, Date: "2026.11.28"}}})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	player := func(name, id string, elo int, title string) sheet.Player {
		return sheet.Player{Name: name, FideID: id, Rating: elo, Title: title}
	}
	b1 := sheet.Game{Round: 1, Board: 1, White: player("Anna", "14109603", 2410, "IM"), Black: player("Boris", "14109611", 2305, "FM"), Result: sheet.WhiteWins}
	b1.Copies[sheet.WhiteCopy].Cells = sheettest.Cells("e4", "e5", "Nf3", "Nc6", "Bb5")
	b1.Copies[sheet.WhiteCopy].Cells[0].Clock = "1:29:50"
	b1.Copies[sheet.WhiteCopy].Cells[2].Clock = "1:28:10"
	b1.Copies[sheet.BlackCopy].Cells = sheettest.Cells("e4", "e5", "Nf3", "Nc6", "Bb5")
	b2 := sheet.Game{Round: 1, Board: 2, White: player("Cleo", "", 1900, ""), Black: player("Dan", "", 0, "")}
	b2.Copies[sheet.WhiteCopy].Cells = sheettest.Cells("d4", "d5")
	b3 := sheet.Game{Round: 1, Board: 3, White: player("Eva", "1", 2000, ""), Black: player("Finn", "2", 1950, ""), Result: sheet.WhiteForfeitWin}
	b4 := sheet.Game{Round: 1, Board: 4, White: player("Gus", "3", 1800, ""), Black: player("Hana", "4", 1850, ""), Result: sheet.DoubleForfeit}
	games := []sheet.Game{b1, b2, b3, b4}
	for b := 5; b <= boards; b++ {
		g := sheet.Game{Round: 1, Board: b, White: player("W"+strconv.Itoa(b), "", 0, ""), Black: player("B"+strconv.Itoa(b), "", 0, "")}
		g.Copies[sheet.WhiteCopy].Cells = sheettest.Cells("c4")
		games = append(games, g)
	}
	if _, err := st.AddGames(games); err != nil {
		t.Fatal(err)
	}
	return path
}

// runPublisher runs a publisher of round 1 of path to targets; reports
// come on the channel. It stops at the test's end.
func runPublisher(t *testing.T, path string, targets ...Target) (chan Report, chan error, *Publisher) {
	t.Helper()
	st, err := sqlitestore.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	reports := make(chan Report, 1000)
	p := &Publisher{Store: st, Round: 1, Targets: targets, Report: func(r Report) { reports <- r },
		Backoff: func(int) time.Duration { return 20 * time.Millisecond }}
	ctx, cancel := context.WithCancel(context.Background())
	done, finished := make(chan error, 1), make(chan struct{})
	go func() { done <- p.Run(ctx); close(finished) }()
	t.Cleanup(func() {
		cancel()
		<-finished // not done: a test may have read Run's error
		st.Close()
	})
	return reports, done, p
}

func newLichessTarget(t *testing.T, f *fakeLichess) *Lichess {
	t.Helper()
	tokenFile := filepath.Join(t.TempDir(), "token")
	if err := os.WriteFile(tokenFile, []byte(testToken+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	l, err := NewLichess(f.srv.URL, "abcdEFGH", tokenFile)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// nextPush waits for the fake's next request.
func nextPush(t *testing.T, f *fakeLichess) push {
	t.Helper()
	select {
	case p := <-f.pushes:
		return p
	case <-time.After(10 * time.Second):
		t.Fatal("no push")
	}
	return push{}
}

// nextReport waits for the next report that is not Sending.
func nextReport(t *testing.T, reports chan Report) Report {
	t.Helper()
	for {
		select {
		case r := <-reports:
			if !r.Sending {
				return r
			}
		case <-time.After(10 * time.Second):
			t.Fatal("no report")
		}
	}
}

func tagsOf(p push) []map[string]string {
	var out []map[string]string
	for _, g := range p.games {
		m := map[string]string{}
		for _, tg := range g.Tags {
			m[tg.Name] = tg.Value
		}
		out = append(out, m)
	}
	return out
}

// eventMoves returns each board's moves as the event's export has them.
func eventMoves(t *testing.T, path string) map[int][]string {
	t.Helper()
	st, err := sqlitestore.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	ev, _ := st.Event()
	boards, err := core.BroadcastRound(st, &ev, 1)
	if err != nil {
		t.Fatal(err)
	}
	out := map[int][]string{}
	for _, b := range boards {
		for _, m := range readPGN(string(b.PGN))[0].Moves {
			out[b.Board] = append(out[b.Board], m.Text)
		}
	}
	return out
}

func TestPushWholeRoundThenChange(t *testing.T) {
	f := newFakeLichess(t)
	path := roundEvent(t, 4)
	reports, _, _ := runPublisher(t, path, newLichessTarget(t, f))
	first := nextPush(t, f)
	if first.auth != "Bearer "+testToken || first.path != "/api/broadcast/round/abcdEFGH/push" || strings.Contains(first.query, testToken) {
		t.Fatalf("auth %q path %q query %q", first.auth, first.path, first.query)
	}
	if len(first.games) != 4 {
		t.Fatalf("%d games pushed, want 4", len(first.games))
	}
	tags := tagsOf(first)
	want := []map[string]string{
		{"Event": "Open A", "Site": "Zagreb", "Round": "1.1", "Board": "1", "White": "Anna", "Black": "Boris", "WhiteFideId": "14109603", "BlackFideId": "14109611", "WhiteElo": "2410", "BlackElo": "2305", "WhiteTitle": "IM", "BlackTitle": "FM", "Result": "1-0"},
		{"Round": "1.2", "Board": "2", "White": "Cleo", "WhiteElo": "1900", "Result": "*"},
		{"Round": "1.3", "Board": "3", "Result": "1-0", "Termination": "rules infraction"},
		{"Round": "1.4", "Board": "4", "Result": "*", "Termination": "rules infraction"},
	}
	for i, w := range want {
		for k, v := range w {
			if tags[i][k] != v {
				t.Errorf("game %d: %s = %q, want %q", i+1, k, tags[i][k], v)
			}
		}
		if tags[i]["Result"] == "0-0" {
			t.Errorf("game %d pushed as 0-0", i+1)
		}
	}
	if c := strings.Join(first.games[3].Comments, " "); !strings.Contains(c, pgn.DoubleForfeitComment) {
		t.Errorf("board 4, a double forfeit, pushed without saying it: comments %q", c)
	}
	moves := eventMoves(t, path)
	for i, g := range first.games {
		var got []string
		for _, m := range g.Moves {
			got = append(got, m.Text)
		}
		if !reflect.DeepEqual(got, moves[i+1]) {
			t.Errorf("board %d: moves %v, want %v", i+1, got, moves[i+1])
		}
	}
	if c := first.games[0].Moves[0].Clock; c != "1:29:50" {
		t.Errorf("board 1's first clock %q", c)
	}
	if r := nextReport(t, reports); r.Err != nil || r.Boards[0].State != Sent || r.Boards[0].Moves != 5 {
		t.Fatalf("report %+v", r)
	}

	// Another writer types a move on board 2: sent again within 2 s,
	// the tags of every game as they were.
	other, err := sqlitestore.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	g2, _ := other.GameAt(1, 2)
	typed := time.Now()
	if err := sheettest.SetCell(other, g2.ID, sheet.WhiteCopy, 2, sheet.Cell{Text: "c4"}); err != nil {
		t.Fatal(err)
	}
	second := nextPush(t, f)
	t.Logf("a change re-sent %v after it was saved", time.Since(typed))
	if d := time.Since(typed); d > 2*time.Second {
		t.Errorf("sent again %v after the change, want within 2 s", d)
	}
	if got := second.games[1].Moves; len(got) != 3 || got[2].Text != "c4" {
		t.Errorf("board 2 sent again with %d moves", len(got))
	}
	if !reflect.DeepEqual(tagsOf(second), tags) {
		t.Errorf("tags changed between pushes:\n%v\n%v", tags, tagsOf(second))
	}
	// Two changes at once: one sending, never two within a second.
	sentAt := time.Now()
	sheettest.SetCell(other, g2.ID, sheet.WhiteCopy, 3, sheet.Cell{Text: "e6"})
	nextPush(t, f)
	third := time.Now()
	sheettest.SetCell(other, g2.ID, sheet.WhiteCopy, 4, sheet.Cell{Text: "Nc3"})
	nextPush(t, f)
	t.Logf("two changes at once: sendings %v apart", time.Since(third))
	if gap := time.Since(third); gap < 900*time.Millisecond {
		t.Errorf("two sendings %v apart (after %v), want a second at least", gap, third.Sub(sentAt))
	}
}

func TestRoundOver100BoardsInBoardOrder(t *testing.T) {
	f := newFakeLichess(t)
	path := roundEvent(t, 205)
	runPublisher(t, path, newLichessTarget(t, f))
	board := 0
	for _, n := range []int{100, 100, 5} {
		p := nextPush(t, f)
		if len(p.games) != n {
			t.Fatalf("push of %d games, want %d", len(p.games), n)
		}
		for _, tg := range tagsOf(p) {
			board++
			if tg["Board"] != strconv.Itoa(board) {
				t.Fatalf("board %s where %d was due", tg["Board"], board)
			}
		}
	}
}

func TestAnswersRead(t *testing.T) {
	tests := []struct {
		name   string
		answer func(n int, p push, w http.ResponseWriter) bool
		check  func(t *testing.T, r Report, done chan error)
	}{
		{"game refused", func(_ int, p push, w http.ResponseWriter) bool {
			writeGames(w, p, map[string]string{"2": "Invalid move 3. Ke9"})
			return true
		}, func(t *testing.T, r Report, _ chan error) {
			var pe *core.PublishError
			if r.Boards[1].State != Refused || !errors.As(r.Boards[1].Err, &pe) || pe.Board != 2 || pe.Detail != "Invalid move 3. Ke9" {
				t.Errorf("board 2: %+v", r.Boards[1])
			}
			if r.Boards[0].State != Sent || r.Err != nil {
				t.Errorf("report %+v", r)
			}
		}},
		{"push refused (400)", func(_ int, _ push, w http.ResponseWriter) bool {
			w.WriteHeader(http.StatusBadRequest)
			w.Write([]byte(`{"error":"Cannot push to a round with a source URL"}`))
			return true
		}, func(t *testing.T, r Report, _ chan error) {
			if code(r.Err) != core.PublishRefused || !strings.Contains(r.Err.Error(), "source URL") || r.Retry || r.Boards[3].State != Refused {
				t.Errorf("report %+v", r)
			}
		}},
		{"token refused (401)", func(_ int, _ push, w http.ResponseWriter) bool {
			w.WriteHeader(http.StatusUnauthorized)
			w.Write([]byte(`{"error":"No such token"}`))
			return true
		}, func(t *testing.T, r Report, done chan error) {
			if code(r.Err) != core.PublishAuth || !r.Fatal {
				t.Errorf("report %+v", r)
			}
			if err := <-done; code(err) != core.PublishAuth || strings.Contains(err.Error(), testToken) {
				t.Errorf("Run ended with %v", err)
			}
		}},
		{"token refused (403)", func(_ int, _ push, w http.ResponseWriter) bool {
			w.WriteHeader(http.StatusForbidden)
			return true
		}, func(t *testing.T, r Report, done chan error) {
			if code(r.Err) != core.PublishAuth || code(<-done) != core.PublishAuth {
				t.Errorf("report %+v", r)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFakeLichess(t)
			f.answer = tt.answer
			path := roundEvent(t, 4)
			before := eventGames(t, path)
			reports, done, _ := runPublisher(t, path, newLichessTarget(t, f))
			tt.check(t, nextReport(t, reports), done)
			if after := eventGames(t, path); !reflect.DeepEqual(before, after) {
				t.Error("the event changed")
			}
		})
	}
}

// TestNoAnswerTriedAgain: a slow answer (beyond the client's timeout)
// and a dropped connection are said and tried again until Lichess
// answers.
func TestNoAnswerTriedAgain(t *testing.T) {
	for _, name := range []string{"slow", "dropped"} {
		t.Run(name, func(t *testing.T) {
			f := newFakeLichess(t)
			release := make(chan struct{})
			defer close(release)
			f.answer = func(n int, _ push, w http.ResponseWriter) bool {
				if n > 1 {
					return false
				}
				if name == "slow" {
					<-release // answered after the client gave up
					return true
				}
				conn, _, err := w.(http.Hijacker).Hijack()
				if err == nil {
					conn.Close()
				}
				return true
			}
			l := newLichessTarget(t, f)
			l.Timeout = 300 * time.Millisecond
			path := roundEvent(t, 4)
			reports, _, _ := runPublisher(t, path, l)
			r := nextReport(t, reports)
			if code(r.Err) != core.PublishNetwork || !r.Retry || r.RetryIn <= 0 || strings.Contains(r.Err.Error(), testToken) {
				t.Fatalf("first report %+v", r)
			}
			r = nextReport(t, reports)
			if r.Err != nil || r.Boards[0].State != Sent {
				t.Fatalf("after trying again: %+v", r)
			}
		})
	}
}

func code(err error) string {
	var pe *core.PublishError
	if errors.As(err, &pe) {
		return pe.Code
	}
	return ""
}

func eventGames(t *testing.T, path string) []sheet.Game {
	t.Helper()
	st, err := sqlitestore.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	gs, err := st.Games()
	if err != nil {
		t.Fatal(err)
	}
	return gs
}

func TestTokenFile(t *testing.T) {
	dir := t.TempDir()
	empty := filepath.Join(dir, "empty")
	os.WriteFile(empty, []byte("\n"), 0o600)
	for _, file := range []string{empty, filepath.Join(dir, "missing")} {
		_, err := NewLichess("", "abcdEFGH", file)
		if code(err) != core.PublishToken {
			t.Errorf("%s: %v", file, err)
		}
	}
}
