package core

import (
	"bytes"
	"fmt"
	"sort"

	"scoresheet/pgn"
	"scoresheet/sheet"
)

// BoardPGN is one board of a round as a broadcast shows it: its PGN
// (pgn.WriteBroadcastGame: the export's tags and movetext, Round "R.B"),
// or Err when the game cannot be written (its start position does not
// read), as an export leaves it out.
type BoardPGN struct {
	Board int
	PGN   []byte
	Err   error
	// DoubleForfeit: the game was not played by either (-/-), sent as
	// "*" with its Termination and comment (pgn.WriteBroadcastGame): a
	// face says so beside the board.
	DoubleForfeit bool
}

// BroadcastRound returns every board of the round, in board order, as a
// broadcast shows it. A round with no game is an *ExportError
// "export-nogame".
func BroadcastRound(st sheet.EventStore, ev *sheet.Event, round int) ([]BoardPGN, error) {
	var boards []BoardPGN
	err := st.EachGame(sheet.GameFilter{Round: round}, func(g *sheet.Game) error {
		var buf bytes.Buffer
		b := BoardPGN{Board: g.Board, DoubleForfeit: g.Result == sheet.DoubleForfeit}
		if err := pgn.WriteBroadcastGame(&buf, ev, g); err != nil {
			b.Err = err
		} else {
			b.PGN = buf.Bytes()
		}
		boards = append(boards, b)
		return nil
	})
	if err != nil {
		return nil, err
	}
	if len(boards) == 0 {
		return nil, &ExportError{Code: "export-nogame"}
	}
	sort.SliceStable(boards, func(i, j int) bool { return boards[i].Board < boards[j].Board })
	return boards, nil
}

// JoinPGN returns the boards' PGN one after the other (each game ends
// with a blank line), leaving out those not written.
func JoinPGN(boards []BoardPGN) []byte {
	var out []byte
	for _, b := range boards {
		out = append(out, b.PGN...)
	}
	return out
}

// PublishError is a publication that did not go through: Code is one of
// PublishErrorCodes; Board, when not 0, is the board a broadcast refused;
// Detail is what the other side said (Lichess's error), or the network's
// error, never the token.
type PublishError struct {
	Code   string
	Board  int
	Detail string
}

// The codes of a PublishError.
const (
	// PublishAuth: the broadcast refused the token (401 or 403).
	PublishAuth = "publish-auth"
	// PublishNetwork: no answer (connection refused or dropped, timeout);
	// the push is tried again.
	PublishNetwork = "publish-network"
	// PublishRefused: the broadcast refused the push (400) or one game
	// of it (Board).
	PublishRefused = "publish-refused"
	// PublishStatus: another HTTP status (Detail says which).
	PublishStatus = "publish-status"
	// PublishToken: the token file cannot be read or is empty.
	PublishToken = "publish-token"
	// PublishWrite: the folder's file could not be written.
	PublishWrite = "publish-write"
	// PublishServe: the address cannot be served.
	PublishServe = "publish-serve"
	// PublishRound: no round to publish was given.
	PublishRound = "publish-round"
	// PublishNone: no target was given (Lichess, a folder, an address).
	PublishNone = "publish-none"
)

// PublishErrorCodes are the codes of PublishError, each said by the
// locale key "publish.CODE".
var PublishErrorCodes = []string{PublishAuth, PublishNetwork, PublishRefused, PublishStatus, PublishToken, PublishWrite, PublishServe, PublishRound, PublishNone}

func (e *PublishError) Error() string {
	s := e.Code
	if e.Board > 0 {
		s = fmt.Sprintf("board %d: %s", e.Board, s)
	}
	if e.Detail != "" {
		s += ": " + e.Detail
	}
	return s
}
