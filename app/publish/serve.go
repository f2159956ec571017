package publish

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"scoresheet/app/core"
)

// Server serves the round at /round/R.pgn over HTTP, for Lichess's
// source-URL polling and a venue's screens: with an ETag (the content's
// hash), so that a poller asking If-None-Match gets 304 while nothing
// changed. Until the round is first read it answers 503.
type Server struct {
	Round int
	mu    sync.Mutex
	body  []byte
	etag  string
	srv   *http.Server
	ln    net.Listener
}

// Listen starts serving on addr (host:port; port 0 picks one: Addr says
// which).
func (s *Server) Listen(addr string) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return &core.PublishError{Code: core.PublishServe, Detail: err.Error()}
	}
	s.ln = ln
	s.srv = &http.Server{Handler: s, ReadHeaderTimeout: 10 * time.Second}
	go s.srv.Serve(ln)
	return nil
}

// Addr is the address served.
func (s *Server) Addr() string { return s.ln.Addr().String() }

// Close stops serving.
func (s *Server) Close() error {
	if s.srv == nil {
		return nil
	}
	return s.srv.Close()
}

// Name says the target.
func (s *Server) Name() string { return "http" }

// Path is the path the round is served at.
func (s *Server) Path() string { return "/round/" + strconv.Itoa(s.Round) + ".pgn" }

// Send makes the round the one served.
func (s *Server) Send(_ context.Context, boards []core.BoardPGN) Result {
	body := core.JoinPGN(boards)
	sum := sha256.Sum256(body)
	s.mu.Lock()
	s.body, s.etag = body, `"`+hex.EncodeToString(sum[:12])+`"`
	s.mu.Unlock()
	res := Result{Boards: initialStatuses(boards)}
	for i := range res.Boards {
		if res.Boards[i].State == Waiting {
			res.Boards[i].State = Sent
		}
	}
	return res
}

// ServeHTTP answers GET and HEAD of the round's path.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path != s.Path() {
		http.NotFound(w, r)
		return
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	s.mu.Lock()
	body, etag := s.body, s.etag
	s.mu.Unlock()
	if etag == "" {
		http.Error(w, "not ready", http.StatusServiceUnavailable)
		return
	}
	h := w.Header()
	h.Set("ETag", etag)
	h.Set("Cache-Control", "no-cache")
	h.Set("Access-Control-Allow-Origin", "*")
	if match := r.Header.Get("If-None-Match"); match != "" && etagMatches(match, etag) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	h.Set("Content-Type", "application/x-chess-pgn; charset=utf-8")
	h.Set("Content-Length", strconv.Itoa(len(body)))
	if r.Method == http.MethodHead {
		return
	}
	w.Write(body)
}

// etagMatches reports whether an If-None-Match list names etag (or *).
func etagMatches(list, etag string) bool {
	for _, part := range strings.Split(list, ",") {
		part = strings.TrimSpace(part)
		if part == "*" || part == etag || part == "W/"+etag {
			return true
		}
	}
	return false
}
