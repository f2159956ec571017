package publish

import (
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"scoresheet/app/core"
	"scoresheet/sheet"
	"scoresheet/sheet/sheettest"
	"scoresheet/sheet/sqlitestore"
)

// typeMove has another writer type a cell on board 2 of round 1.
func typeMove(t *testing.T, path string, ply int, text string) {
	t.Helper()
	other, err := sqlitestore.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	g2, _ := other.GameAt(1, 2)
	if err := sheettest.SetCell(other, g2.ID, sheet.WhiteCopy, ply, sheet.Cell{Text: text}); err != nil {
		t.Fatal(err)
	}
}

// waitFor polls cond until it holds, failing after limit.
func waitFor(t *testing.T, limit time.Duration, what string, cond func() bool) time.Duration {
	t.Helper()
	start := time.Now()
	for !cond() {
		if time.Since(start) > limit {
			t.Fatalf("%s: not within %v", what, limit)
		}
		time.Sleep(10 * time.Millisecond)
	}
	return time.Since(start)
}

// TestFolderWrittenWholeOnEveryChange: DIR/round-1/games.pgn holds every
// board, read back whole; another writer's change is in it within 2 s;
// each write replaces the file whole (a reader polling it never sees half
// a round, and nothing else is left in the folder).
func TestFolderWrittenWholeOnEveryChange(t *testing.T) {
	path := roundEvent(t, 6)
	dir := t.TempDir()
	f := &Folder{Dir: dir, Round: 1}
	if want := filepath.Join(dir, "round-1", "games.pgn"); f.Path() != want {
		t.Fatalf("path %q, want %q", f.Path(), want)
	}
	reports, _, _ := runPublisher(t, path, f)
	if r := nextReport(t, reports); r.Err != nil || len(r.Boards) != 6 || r.Boards[5].State != Sent {
		t.Fatalf("report %+v", r)
	}
	read := func() []byte {
		b, err := os.ReadFile(f.Path())
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	first := read()
	if gs := readPGN(string(first)); len(gs) != 6 || gs[0].Tag("Round") != "1.1" || gs[5].Tag("Round") != "1.6" {
		t.Fatalf("%d games in the file:\n%s", len(gs), first)
	}

	// A reader polls the file while another writer types: every reading
	// is a whole round.
	stop, seen := make(chan struct{}), make(chan int, 1)
	go func() {
		n := 0
		for {
			select {
			case <-stop:
				seen <- n
				return
			default:
			}
			b, err := os.ReadFile(f.Path())
			if err == nil && len(readPGN(string(b))) != 6 {
				seen <- -1
				return
			}
			n++
		}
	}()
	typeMove(t, path, 2, "c4")
	d := waitFor(t, 5*time.Second, "the change in the file", func() bool { return strings.Contains(string(read()), "2. c4") }) // boards 5 and 6 open with c4
	t.Logf("a change in the file %v after it was saved", d)
	if d > 2*time.Second {
		t.Errorf("change written %v after, want within 2 s", d)
	}
	typeMove(t, path, 3, "e6")
	waitFor(t, 5*time.Second, "the second change in the file", func() bool { return strings.Contains(string(read()), "e6") })
	close(stop)
	if n := <-seen; n < 0 {
		t.Fatal("a reader saw the file with not every board")
	} else {
		t.Logf("%d readings of the file while it was written, each a whole round", n)
	}
	entries, _ := os.ReadDir(filepath.Dir(f.Path()))
	if len(entries) != 1 || entries[0].Name() != "games.pgn" {
		t.Errorf("the round's folder holds %v, want games.pgn alone", entries)
	}
}

// TestFolderNotWritable: a folder that cannot be made is said
// (publish-write) and tried again, the event unchanged.
func TestFolderNotWritable(t *testing.T) {
	path := roundEvent(t, 4)
	before := eventGames(t, path)
	blocker := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(blocker, []byte("x"), 0o666); err != nil {
		t.Fatal(err)
	}
	reports, _, _ := runPublisher(t, path, &Folder{Dir: blocker, Round: 1})
	for i := 0; i < 2; i++ {
		r := nextReport(t, reports)
		if code(r.Err) != core.PublishWrite || !r.Retry {
			t.Fatalf("report %d: %+v, want %s tried again", i, r, core.PublishWrite)
		}
	}
	if after := eventGames(t, path); len(after) != len(before) {
		t.Fatal("the event changed")
	}
}

// get asks the server for p with the headers given.
func get(t *testing.T, method, url string, header ...string) (*http.Response, string) {
	t.Helper()
	req, err := http.NewRequest(method, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp, string(b)
}

// TestServeETag: /round/R.pgn serves the whole round with an ETag; the
// same ETag in If-None-Match answers 304 with no body until the round
// changes, then 200 with the change and another ETag. Until the round
// is read it answers 503; other paths 404, other methods 405.
func TestServeETag(t *testing.T) {
	path := roundEvent(t, 4)
	s := &Server{Round: 1}
	if err := s.Listen("127.0.0.1:0"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	url := "http://" + s.Addr() + "/round/1.pgn"
	if resp, _ := get(t, "GET", url); resp.StatusCode != http.StatusServiceUnavailable {
		t.Fatalf("before the first reading: %d, want 503", resp.StatusCode)
	}
	reports, _, _ := runPublisher(t, path, s)
	nextReport(t, reports)

	resp, body := get(t, "GET", url)
	etag := resp.Header.Get("ETag")
	if resp.StatusCode != 200 || etag == "" || !strings.HasPrefix(resp.Header.Get("Content-Type"), "application/x-chess-pgn") {
		t.Fatalf("GET: %d, ETag %q, Content-Type %q", resp.StatusCode, etag, resp.Header.Get("Content-Type"))
	}
	if gs := readPGN(body); len(gs) != 4 || gs[3].Tag("Round") != "1.4" {
		t.Fatalf("%d games served", len(gs))
	}
	for _, match := range []string{etag, "W/" + etag, `"other", ` + etag, "*"} {
		if resp, b := get(t, "GET", url, "If-None-Match", match); resp.StatusCode != http.StatusNotModified || b != "" {
			t.Errorf("If-None-Match %s: %d with %d bytes, want 304 and none", match, resp.StatusCode, len(b))
		}
	}
	if resp, b := get(t, "HEAD", url); resp.StatusCode != 200 || b != "" || resp.Header.Get("ETag") != etag {
		t.Errorf("HEAD: %d, %d bytes, ETag %q", resp.StatusCode, len(b), resp.Header.Get("ETag"))
	}
	for _, c := range []struct {
		method, url string
		want        int
	}{
		{"GET", "http://" + s.Addr() + "/round/2.pgn", 404},
		{"GET", "http://" + s.Addr() + "/", 404},
		{"POST", url, 405},
	} {
		if resp, _ := get(t, c.method, c.url); resp.StatusCode != c.want {
			t.Errorf("%s %s: %d, want %d", c.method, c.url, resp.StatusCode, c.want)
		}
	}

	typeMove(t, path, 2, "c4")
	var changed *http.Response
	d := waitFor(t, 5*time.Second, "the change served", func() bool {
		changed, body = get(t, "GET", url, "If-None-Match", etag)
		return changed.StatusCode == 200
	})
	t.Logf("a change served %v after it was saved", d)
	if d > 2*time.Second {
		t.Errorf("change served %v after, want within 2 s", d)
	}
	if changed.Header.Get("ETag") == etag || !strings.Contains(body, "c4") {
		t.Errorf("after the change: ETag %q (was %q), c4 served: %v", changed.Header.Get("ETag"), etag, strings.Contains(body, "c4"))
	}
}

// TestServeAddressTaken: an address already served is a publish-serve
// error.
func TestServeAddressTaken(t *testing.T) {
	a := &Server{Round: 1}
	if err := a.Listen("127.0.0.1:0"); err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	b := &Server{Round: 1}
	if err := b.Listen(a.Addr()); code(err) != core.PublishServe {
		b.Close()
		t.Fatalf("second listener on %s: %v, want %s", a.Addr(), err, core.PublishServe)
	}
}
