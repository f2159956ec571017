package app

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"scoresheet/app/core"
	"scoresheet/app/publish"
	"scoresheet/app/session/sessiontest"
	"scoresheet/sheet"
)

// windowLichess answers pushes: 200 with each game's plies, the second
// game refused with refuse when not ""; status other than 200 answers
// that. Each push's body is kept.
type windowLichess struct {
	mu     sync.Mutex
	status int
	refuse string
	bodies []string
}

func (f *windowLichess) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	b, _ := io.ReadAll(r.Body)
	f.mu.Lock()
	f.bodies = append(f.bodies, string(b))
	status, refuse := f.status, f.refuse
	f.mu.Unlock()
	w.WriteHeader(status)
	if status != 200 {
		io.WriteString(w, `{"error":"no"}`)
		return
	}
	var games []map[string]any
	for i := 0; i < strings.Count(string(b), "[Event "); i++ {
		if i == 1 && refuse != "" {
			games = append(games, map[string]any{"error": refuse})
			continue
		}
		games = append(games, map[string]any{"tags": map[string]string{}, "moves": 0})
	}
	json.NewEncoder(w).Encode(map[string]any{"games": games})
}

func (f *windowLichess) pushes() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.bodies...)
}

// publishWindow opens the window on round 1 (board 1 in play, board 2 a
// double forfeit) with a fake Lichess and a token file.
func publishWindow(t *testing.T, f *windowLichess) (*mainWindow, string) {
	t.Helper()
	s, _ := sessiontest.New(t)
	if _, err := s.Store().AddGame(sheet.Game{Round: 1, Board: 2, White: sheet.Player{Name: "Cleo"}, Black: sheet.Player{Name: "Dan"}, Result: sheet.DoubleForfeit}); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(f)
	t.Cleanup(srv.Close)
	old := lichessServer
	lichessServer = srv.URL
	t.Cleanup(func() { lichessServer = old })
	m := openTestWindow(t, s)
	t.Cleanup(m.stopPublishing) // before the window's cleanup: nothing of it runs after
	token := filepath.Join(t.TempDir(), "token")
	if err := os.WriteFile(token, []byte("lip_W1ndowS3cret\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	return m, token
}

// fillPublish types the publish form's fields (round, Lichess round id,
// token file, folder, address) and confirms it.
func fillPublish(t *testing.T, kd *keyDialog, fields ...string) {
	t.Helper()
	var entries []*dialogEntry
	walk(kd.content, func(o fyne.CanvasObject) {
		if e, ok := o.(*dialogEntry); ok {
			entries = append(entries, e)
		}
	})
	if len(entries) != 5 {
		t.Fatalf("%d entries in the publish form, want 5", len(entries))
	}
	for i, f := range fields {
		entries[i].SetText(f)
	}
	kd.confirm()
}

// waitPublished waits until every target has answered at least pushes
// times in all, then shows the state (as fyne.Do does in the app) and
// returns the dialog's lines.
func waitPublished(t *testing.T, m *mainWindow, cond func(publishSnapshot) bool) (head, boards string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond(m.pub.snapshot()) {
		if time.Now().After(deadline) {
			h, b := publishText(m.pub.snapshot())
			t.Fatalf("not published:\n%s\n%s", strings.Join(h, "\n"), strings.Join(b, "\n"))
		}
		time.Sleep(10 * time.Millisecond)
	}
	m.refreshPublishing()
	return m.pubView.head.Text, m.pubView.boards.Text
}

// answered: every target's last sending is over, after since.
func answered(since time.Time) func(publishSnapshot) bool {
	return func(s publishSnapshot) bool {
		for _, name := range s.order {
			if r, ok := s.last[name]; !ok || s.sending[name] || !r.At.After(since) {
				return false
			}
		}
		return true
	}
}

// TestWindowPublishes: Event -> Publish round... sends the round to
// Lichess and a folder, shows each board's state (sent; refused with
// Lichess's words), sends again what the window types, and stops when
// asked: nothing sent after.
func TestWindowPublishes(t *testing.T) {
	f := &windowLichess{status: 200, refuse: "Illegal move e9"}
	m, token := publishWindow(t, f)
	dir := t.TempDir()
	start := time.Now()
	fillPublish(t, m.askPublish(), "1", "abcdEFGH", token, dir, "")
	if m.pub == nil || m.pubView == nil || len(m.dialogs) != 1 {
		t.Fatalf("publishing %v, status dialog %v, %d dialogs", m.pub, m.pubView, len(m.dialogs))
	}
	if m.pub.event == "" || m.pub.event != m.s.Event().Name { // named in the title: another event may be opened meanwhile
		t.Errorf("publishing names the event %q, want %q", m.pub.event, m.s.Event().Name)
	}
	head, boards := waitPublished(t, m, answered(start))
	for _, want := range []string{"Board 1: Lichess: sent · Folder: sent", "Board 2: Lichess: refused: Illegal move e9 · Folder: sent as * (double forfeit, not played)"} {
		if !strings.Contains(boards, want) {
			t.Errorf("boards lack %q:\n%s", want, boards)
		}
	}
	if !strings.Contains(head, "Lichess (abcdEFGH): sent at") || !strings.Contains(head, "Folder ("+filepath.Join(dir, "round-1", "games.pgn")+"): sent at") {
		t.Errorf("head:\n%s", head)
	}
	if strings.Contains(head+boards, "lip_W1ndowS3cret") {
		t.Error("the token is shown")
	}
	first := f.pushes()
	if len(first) != 1 || !strings.Contains(first[0], `[Round "1.2"]`) || strings.Contains(first[0], "0-0") {
		t.Fatalf("pushes %q", first)
	}

	// The window types a move: sent again within 2 s.
	typed := time.Now()
	test.Type(m.gv.entry, "e4 ")
	waitPublished(t, m, func(publishSnapshot) bool { return len(f.pushes()) >= 2 })
	t.Logf("a move typed in the window pushed %v after", time.Since(typed))
	if d := time.Since(typed); d > 2*time.Second {
		t.Errorf("typed move sent %v after, want within 2 s", d)
	}
	if p := f.pushes(); !strings.Contains(p[len(p)-1], "1. e4") {
		t.Errorf("last push lacks the typed move:\n%s", p[len(p)-1])
	}

	// Stop: the dialog's OK; nothing is sent after.
	m.pubView.kd.confirm()
	if m.pub != nil || len(m.dialogs) != 0 {
		t.Fatalf("still publishing after Stop")
	}
	n := len(f.pushes())
	test.Type(m.gv.entry, "e5 ")
	time.Sleep(1500 * time.Millisecond)
	if len(f.pushes()) != n {
		t.Errorf("%d pushes after Stop", len(f.pushes())-n)
	}
}

// TestWindowPublishAsked: what the form lacks is said in it, nothing
// runs; a refused token stops the publishing and says so.
func TestWindowPublishAsked(t *testing.T) {
	f := &windowLichess{status: 401}
	m, token := publishWindow(t, f)
	for _, c := range []struct {
		fields []string
		code   string
	}{
		{[]string{"x", "", "", t.TempDir(), ""}, core.PublishRound},
		{[]string{"1", "", "", "", ""}, core.PublishNone},
		{[]string{"1", "abcdEFGH", "", "", ""}, core.PublishToken},
		{[]string{"1", "abcdEFGH", filepath.Join(t.TempDir(), "none"), "", ""}, core.PublishToken},
	} {
		kd := m.askPublish()
		fillPublish(t, kd, c.fields...)
		if m.pub != nil || kd.closed || !strings.Contains(kd.errMsg.Text, "["+c.code+"]") && !strings.Contains(kd.errMsg.Text, T("publish."+c.code)) {
			t.Errorf("%q: publishing %v, dialog closed %v, said %q; want %s", c.fields, m.pub != nil, kd.closed, kd.errMsg.Text, c.code)
		}
		kd.dismiss()
	}
	fillPublish(t, m.askPublish(), "1", "abcdEFGH", token, "", "")
	head, _ := waitPublished(t, m, func(s publishSnapshot) bool { return s.ended != nil })
	if !strings.Contains(head, T("publish."+core.PublishAuth)) || !strings.Contains(head, "stopped by itself") {
		t.Errorf("token refused, head:\n%s", head)
	}
}

// TestPublishTextStates: a board's line says each state, the refused
// game with Lichess's words, before any answer "waiting".
func TestPublishTextStates(t *testing.T) {
	SetLanguage("en")
	s := publishSnapshot{opts: publish.Options{Round: 3, Lichess: "abcdEFGH"}, order: []string{"lichess"},
		last: map[string]publish.Report{"lichess": {Target: "lichess", Result: publish.Result{Boards: []publish.BoardStatus{
			{Board: 1, State: publish.Sent, Moves: 41},
			{Board: 2, State: publish.Refused, Err: &core.PublishError{Code: core.PublishRefused, Board: 2, Detail: "Cannot parse move"}},
			{Board: 3, State: publish.Waiting},
			{Board: 4, State: publish.Sent, DoubleForfeit: true},
		}}}}, sending: map[string]bool{"lichess": true}}
	head, boards := publishText(s)
	want := []string{"Board 1: sent (41 plies read)", "Board 2: refused: Cannot parse move", "Board 3: waiting", "Board 4: sent as * (double forfeit, not played)"}
	if strings.Join(boards, "|") != strings.Join(want, "|") || len(head) != 1 || head[0] != "Lichess (abcdEFGH): sending…" {
		t.Errorf("head %q\nboards %q\nwant %q", head, boards, want)
	}
}
