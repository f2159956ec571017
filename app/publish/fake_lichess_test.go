package publish

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"scoresheet/pgn"
)

// push is one request the fake Lichess received.
type push struct {
	auth, path, query string
	games             []*pgn.PGNGame
	body              string
}

// fakeLichess answers the push API as its specification says: 200 with
// one entry per game (tags and moves, or error), 400 with an error, 401;
// answer decides, per request, what it answers.
type fakeLichess struct {
	srv    *httptest.Server
	pushes chan push
	mu     sync.Mutex
	answer func(n int, p push, w http.ResponseWriter) bool // true: answered
	n      int
}

func newFakeLichess(t *testing.T) *fakeLichess {
	f := &fakeLichess{pushes: make(chan push, 100)}
	f.srv = httptest.NewServer(http.HandlerFunc(f.serve)) // 127.0.0.1
	t.Cleanup(f.srv.Close)
	return f
}

func (f *fakeLichess) serve(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	p := push{auth: r.Header.Get("Authorization"), path: r.URL.Path, query: r.URL.RawQuery, body: string(body), games: readPGN(string(body))}
	f.mu.Lock()
	f.n++
	n, answer := f.n, f.answer
	f.mu.Unlock()
	if r.Method != http.MethodPost || !strings.HasPrefix(r.URL.Path, "/api/broadcast/round/") || !strings.HasSuffix(r.URL.Path, "/push") {
		http.NotFound(w, r)
		return
	}
	if answer != nil && answer(n, p, w) {
		f.pushes <- p
		return
	}
	f.pushes <- p
	writeGames(w, p, nil)
}

// writeGames answers 200 with each game's tags and moves, or the error
// errs gives for its board.
func writeGames(w http.ResponseWriter, p push, errs map[string]string) {
	type entry struct {
		Tags  map[string]string `json:"tags"`
		Moves int               `json:"moves,omitempty"`
		Error string            `json:"error,omitempty"`
	}
	var out struct {
		Games []entry `json:"games"`
	}
	for _, g := range p.games {
		tags := map[string]string{}
		for _, t := range g.Tags {
			tags[t.Name] = t.Value
		}
		e := entry{Tags: tags, Moves: len(g.Moves)}
		if msg, ok := errs[tags["Board"]]; ok {
			e = entry{Tags: tags, Error: msg}
		}
		out.Games = append(out.Games, e)
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(out)
}

// readPGN reads the pushed games with the project's PGN reader.
func readPGN(text string) []*pgn.PGNGame {
	sp := pgn.NewSplitter(strings.NewReader(text))
	ps := &pgn.Parser{KeepMoves: true}
	var games []*pgn.PGNGame
	for {
		c, ok := sp.Next()
		if !ok {
			return games
		}
		// A parser's game is its own until the next: a new parser each.
		ps = &pgn.Parser{KeepMoves: true}
		games = append(games, ps.Parse(c))
	}
}
