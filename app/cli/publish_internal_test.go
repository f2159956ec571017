package cli

import (
	"bytes"
	"context"
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

	"scoresheet/sheet"
	"scoresheet/sheet/sheettest"
	"scoresheet/sheet/sqlitestore"
)

const cliToken = "lip_CLIs3cret"

// publishEvent makes an event with round 1 of two boards, the second a
// double forfeit, and a token file.
func publishEvent(t *testing.T) (event, tokenFile string) {
	t.Helper()
	dir := t.TempDir()
	event = filepath.Join(dir, "ev.scoresheet")
	st, err := sqlitestore.Create(event, sheet.Event{Name: "Open", Site: "Zagreb"})
	if err != nil {
		t.Fatal(err)
	}
	g1 := sheet.Game{Round: 1, Board: 1, White: sheet.Player{Name: "Anna"}, Black: sheet.Player{Name: "Boris"}}
	g1.Copies[sheet.WhiteCopy].Cells = sheettest.Cells("e4", "e5")
	g2 := sheet.Game{Round: 1, Board: 2, White: sheet.Player{Name: "Cleo"}, Black: sheet.Player{Name: "Dan"}, Result: sheet.DoubleForfeit}
	if _, err := st.AddGames([]sheet.Game{g1, g2}); err != nil {
		t.Fatal(err)
	}
	st.Close()
	tokenFile = filepath.Join(dir, "token")
	if err := os.WriteFile(tokenFile, []byte(cliToken+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	return event, tokenFile
}

// cliLichess answers pushes with status; for 200, one entry a game, the
// second refused with gameErr when not "". Each request's URL and
// Authorization are kept; pushed is told of each.
type cliLichess struct {
	status  int
	gameErr string
	mu      sync.Mutex
	urls    []string
	auths   []string
	pushed  chan struct{}
}

func (f *cliLichess) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	f.mu.Lock()
	f.urls = append(f.urls, r.URL.String())
	f.auths = append(f.auths, r.Header.Get("Authorization"))
	f.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(f.status)
	if f.status == 200 {
		games := []map[string]any{}
		for i := range strings.Split(strings.TrimSpace(string(body)), "\n\n[") {
			g := map[string]any{"tags": map[string]string{}, "moves": 2}
			if i == 1 && f.gameErr != "" {
				g = map[string]any{"error": f.gameErr}
			}
			games = append(games, g)
		}
		json.NewEncoder(w).Encode(map[string]any{"games": games})
	} else {
		io.WriteString(w, `{"error":"Unauthorized"}`)
	}
	select {
	case f.pushed <- struct{}{}:
	default:
	}
}

// runPublishCLI runs scoresheet publish with args until the fake has
// been pushed to once (then interrupted), or until it ends by itself.
func runPublishCLI(t *testing.T, f *cliLichess, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	old := publishContext
	publishContext = func() (context.Context, context.CancelFunc) { return ctx, cancel }
	defer func() { publishContext = old }()
	var out, errOut bytes.Buffer
	done := make(chan int, 1)
	go func() { done <- Main(append([]string{"publish"}, args...), strings.NewReader(""), &out, &errOut) }()
	if f != nil {
		select {
		case <-f.pushed:
			// Let the answer be said, then interrupt (as Ctrl-C).
			time.Sleep(200 * time.Millisecond)
			cancel()
		case code = <-done:
			return code, out.String(), errOut.String()
		case <-time.After(10 * time.Second):
			t.Fatal("no push")
		}
	}
	select {
	case code = <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("publish did not end")
	}
	return code, out.String(), errOut.String()
}

func TestPublishCommand(t *testing.T) {
	event, tokenFile := publishEvent(t)
	missing := filepath.Join(t.TempDir(), "none")
	empty := filepath.Join(t.TempDir(), "empty")
	os.WriteFile(empty, []byte("\n"), 0o600)
	tests := []struct {
		name    string
		status  int // the fake's answer; 0: no fake
		gameErr string
		args    []string
		code    int
		stdout  []string
		stderr  []string
	}{
		{name: "no round", args: []string{"--folder", t.TempDir(), event}, code: ExitUsage, stderr: []string{"want --round R"}},
		{name: "no event", args: []string{"--round", "1", "--folder", t.TempDir()}, code: ExitUsage, stderr: []string{"want --round R"}},
		{name: "event first", args: []string{event, "--round", "1", "--folder", t.TempDir(), "extra"}, code: ExitUsage, stderr: []string{"want --round R and one EVENT"}},
		{name: "no target", args: []string{event, "--round", "1"}, code: ExitUsage, stderr: []string{"want --lichess, --folder or --serve"}},
		{name: "lichess without token", args: []string{"--round", "1", "--lichess", "abcdEFGH", event}, code: ExitUsage, stderr: []string{"--lichess and --token-file go together"}},
		{name: "token without lichess", args: []string{"--round", "1", "--token-file", tokenFile, event}, code: ExitUsage, stderr: []string{"want --lichess, --folder or --serve"}},
		{name: "token file missing", args: []string{"--round", "1", "--lichess", "abcdEFGH", "--token-file", missing, event}, code: ExitUsage, stderr: []string{"token file", missing, "[publish-token]"}},
		{name: "token file empty", args: []string{"--round", "1", "--lichess", "abcdEFGH", "--token-file", empty, event}, code: ExitUsage, stderr: []string{"[publish-token]"}},
		{name: "event missing", args: []string{"--round", "1", "--folder", t.TempDir(), missing}, code: ExitError},
		{name: "pushed", status: 200, args: []string{"--round", "1", "--lichess", "abcdEFGH", "--token-file", tokenFile, event}, code: ExitOK,
			stdout: []string{"round 1 to lichess: 2 sent"}},
		{name: "one game refused", status: 200, gameErr: "Illegal move", args: []string{"--round", "1", "--lichess", "abcdEFGH", "--token-file", tokenFile, event}, code: ExitOK,
			stdout: []string{"1 sent, 1 refused"}, stderr: []string{"lichess: round 1 board 2:", "Illegal move"}},
		{name: "token refused", status: 401, args: []string{event, "--round", "1", "--lichess", "abcdEFGH", "--token-file", tokenFile}, code: ExitError,
			stderr: []string{"lichess:", "[publish-auth]"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var f *cliLichess
			args := tt.args
			if tt.status != 0 {
				f = &cliLichess{status: tt.status, gameErr: tt.gameErr, pushed: make(chan struct{}, 1)}
				srv := httptest.NewServer(f)
				defer srv.Close()
				args = append([]string{"--lichess-url", srv.URL}, args...)
			}
			code, stdout, stderr := runPublishCLI(t, f, args...)
			CheckOutput(t, code, stdout, stderr, tt.code, tt.stdout, tt.stderr)
			if strings.Contains(stdout+stderr, cliToken) {
				t.Errorf("the token is said:\n%s\n%s", stdout, stderr)
			}
			if f != nil {
				f.mu.Lock()
				defer f.mu.Unlock()
				for i, u := range f.urls {
					if u != "/api/broadcast/round/abcdEFGH/push" || f.auths[i] != "Bearer "+cliToken {
						t.Errorf("request %d: URL %q, Authorization %q", i, u, f.auths[i])
					}
				}
			}
		})
	}
}

// TestPublishCommandFolderAndServe: --folder and --serve together, the
// address said on stdout, the folder's file written.
func TestPublishCommandFolderAndServe(t *testing.T) {
	event, _ := publishEvent(t)
	dir := t.TempDir()
	file := filepath.Join(dir, "round-1", "games.pgn")
	ctx, cancel := context.WithCancel(context.Background())
	old := publishContext
	publishContext = func() (context.Context, context.CancelFunc) { return ctx, cancel }
	defer func() { publishContext = old }()
	var out, errOut syncBuffer
	done := make(chan int, 1)
	go func() {
		done <- Main([]string{"publish", "--round", "1", "--folder", dir, "--serve", "127.0.0.1:0", event}, strings.NewReader(""), &out, &errOut)
	}()
	deadline := time.Now().Add(10 * time.Second)
	for !strings.Contains(out.String(), "round 1 to "+file) || !strings.Contains(out.String(), "round 1 to http") {
		if time.Now().After(deadline) {
			t.Fatalf("not published:\nstdout: %s\nstderr: %s", out.String(), errOut.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
	if b, err := os.ReadFile(file); err != nil || !strings.Contains(string(b), `[Round "1.2"]`) {
		t.Fatalf("%s: %v\n%s", file, err, b)
	}
	_, rest, ok := strings.Cut(out.String(), "serving round 1 at ")
	url, _, _ := strings.Cut(rest, "\n")
	if !ok || !strings.HasSuffix(url, "/round/1.pgn") {
		t.Fatalf("address not said:\n%s", out.String())
	}
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || resp.Header.Get("ETag") == "" || !strings.Contains(string(b), `[Round "1.1"]`) {
		t.Errorf("GET %s: %d, ETag %q", url, resp.StatusCode, resp.Header.Get("ETag"))
	}
	cancel()
	if code := <-done; code != ExitOK {
		t.Errorf("exit %d after interruption, want 0; stderr: %s", code, errOut.String())
	}
}

// syncBuffer is a buffer written by the command's goroutine and read by
// the test's.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
