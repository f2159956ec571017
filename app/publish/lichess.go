package publish

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
	"time"

	"scoresheet/app/core"
)

// LichessURL is Lichess's address; another (a test's server, a
// self-hosted lila) is given with --lichess-url.
const LichessURL = "https://lichess.org"

// PushLimit is how many games one push may hold (Lichess's API): a
// longer round is pushed as several requests, in board order.
const PushLimit = 100

// Lichess pushes a round to a Lichess broadcast round:
// POST {URL}/api/broadcast/round/{Round}/push, the PGN as text/plain,
// the token as "Authorization: Bearer" (scope study:write), never in the
// URL. Lichess answers 200 with one entry per game (its tags and moves
// read, or its error), 400 with the push's error, 401/403 for a token it
// does not take.
type Lichess struct {
	URL     string // LichessURL when empty
	Round   string // the broadcast round's id
	token   string
	Client  *http.Client // with its timeout; a client of 30 s when nil
	Timeout time.Duration
}

// NewLichess returns the target with the token read from tokenFile (its
// first line, blanks trimmed). The token is never said: an unreadable
// or empty file is a *core.PublishError "publish-token" naming the file.
func NewLichess(baseURL, round, tokenFile string) (*Lichess, error) {
	data, err := os.ReadFile(tokenFile)
	if err != nil {
		return nil, &core.PublishError{Code: core.PublishToken, Detail: tokenFile}
	}
	token, _, _ := strings.Cut(string(data), "\n")
	token = strings.TrimSpace(token)
	if token == "" || strings.ContainsAny(token, " \t\r") {
		return nil, &core.PublishError{Code: core.PublishToken, Detail: tokenFile}
	}
	if baseURL == "" {
		baseURL = LichessURL
	}
	if u, err := url.Parse(baseURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, &core.PublishError{Code: core.PublishStatus, Detail: "--lichess-url " + baseURL}
	}
	if round == "" || strings.ContainsAny(round, "/?#% ") {
		return nil, &core.PublishError{Code: core.PublishRefused, Detail: "round id " + strconv.Quote(round)}
	}
	return &Lichess{URL: strings.TrimRight(baseURL, "/"), Round: round, token: token}, nil
}

// Name says the target.
func (l *Lichess) Name() string { return "lichess" }

// Send pushes every written board, PushLimit games a request, in board
// order, and reads Lichess's answer for each game.
func (l *Lichess) Send(ctx context.Context, boards []core.BoardPGN) Result {
	res := Result{Boards: initialStatuses(boards)}
	var chunk []int // indexes into boards
	flush := func() bool {
		if len(chunk) == 0 {
			return true
		}
		ok := l.push(ctx, boards, chunk, &res)
		chunk = chunk[:0]
		return ok
	}
	for i, b := range boards {
		if b.Err != nil {
			continue
		}
		chunk = append(chunk, i)
		if len(chunk) == PushLimit && !flush() {
			return res
		}
	}
	flush()
	return res
}

// pushAnswer is Lichess's answer to a push: games for 200, error for 400.
type pushAnswer struct {
	Games []struct {
		Tags  map[string]string `json:"tags"`
		Moves int               `json:"moves"`
		Error string            `json:"error"`
	} `json:"games"`
	Error string `json:"error"`
}

// push sends the boards at idx in one request and records the answer in
// res; false when the sending must stop (no answer, token refused).
func (l *Lichess) push(ctx context.Context, boards []core.BoardPGN, idx []int, res *Result) bool {
	var body bytes.Buffer
	for _, i := range idx {
		body.Write(boards[i].PGN)
	}
	endpoint := l.URL + "/api/broadcast/round/" + url.PathEscape(l.Round) + "/push"
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, endpoint, &body)
	if err != nil {
		res.Err = &core.PublishError{Code: core.PublishStatus, Detail: l.redact(err.Error())}
		res.Fatal = true
		return false
	}
	req.Header.Set("Authorization", "Bearer "+l.token)
	req.Header.Set("Content-Type", "text/plain; charset=utf-8")
	resp, err := l.client().Do(req)
	if err != nil {
		res.Err, res.Retry = &core.PublishError{Code: core.PublishNetwork, Detail: l.redact(networkDetail(err))}, true
		return false
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, 16<<20))
	if err != nil {
		res.Err, res.Retry = &core.PublishError{Code: core.PublishNetwork, Detail: l.redact(networkDetail(err))}, true
		return false
	}
	var ans pushAnswer
	jsonErr := json.Unmarshal(data, &ans)
	switch {
	case resp.StatusCode == http.StatusUnauthorized || resp.StatusCode == http.StatusForbidden:
		res.Err, res.Fatal = &core.PublishError{Code: core.PublishAuth, Detail: l.redact(resp.Status)}, true
		return false
	case resp.StatusCode == http.StatusBadRequest:
		detail := ans.Error
		if detail == "" {
			detail = resp.Status
		}
		res.Err = &core.PublishError{Code: core.PublishRefused, Detail: l.redact(detail)}
		for _, i := range idx {
			res.Boards[i].State, res.Boards[i].Err = Refused, &core.PublishError{Code: core.PublishRefused, Board: boards[i].Board, Detail: l.redact(detail)}
		}
		return true
	case resp.StatusCode != http.StatusOK || jsonErr != nil:
		// A server's error or a proxy's page: passing, tried again.
		res.Err, res.Retry = &core.PublishError{Code: core.PublishStatus, Detail: l.redact(resp.Status)}, true
		return false
	}
	for k, i := range idx {
		if k >= len(ans.Games) {
			break // no word of this game: it stays Waiting
		}
		g := ans.Games[k]
		if g.Error != "" {
			res.Boards[i].State, res.Boards[i].Err = Refused, &core.PublishError{Code: core.PublishRefused, Board: boards[i].Board, Detail: l.redact(g.Error)}
			continue
		}
		res.Boards[i].State, res.Boards[i].Moves = Sent, g.Moves
	}
	return true
}

func (l *Lichess) client() *http.Client {
	if l.Client != nil {
		return l.Client
	}
	t := l.Timeout
	if t == 0 {
		t = 30 * time.Second
	}
	l.Client = &http.Client{Timeout: t}
	return l.Client
}

// redact removes the token from a text that will be shown: Lichess's
// answer or a network error never holds it, but nothing said may.
func (l *Lichess) redact(s string) string {
	if l.token == "" {
		return s
	}
	return strings.ReplaceAll(s, l.token, "***")
}

// networkDetail says a network error without Go's "Post URL:" prefix.
func networkDetail(err error) string {
	var ue *url.Error
	if errors.As(err, &ue) {
		if ue.Timeout() {
			return "timeout"
		}
		return ue.Err.Error()
	}
	return err.Error()
}
