package publish

import (
	"context"
	"time"

	"scoresheet/app/core"
)

// State is what became of one board at a target.
type State string

const (
	// Waiting: not sent yet, or being sent, or to be sent again.
	Waiting State = "waiting"
	// Sent: the target took the game (Lichess: its moves were read).
	Sent State = "sent"
	// Refused: the target refused the game; Err says why.
	Refused State = "refused"
	// NotWritten: the game has no PGN (its start position does not
	// read); Err says why. It is not sent.
	NotWritten State = "not-written"
)

// BoardStatus is one board's State at a target.
type BoardStatus struct {
	Board int
	State State
	Moves int   // plies Lichess read, when Sent to Lichess
	Err   error // why, when Refused or NotWritten
	// DoubleForfeit: a game not played, sent as "*" (core.BoardPGN).
	DoubleForfeit bool
}

// Result is what one sending of the round to a target came to.
type Result struct {
	Boards []BoardStatus // in board order
	// Err: the sending as a whole did not go through (a *core.PublishError
	// or a store's error).
	Err error
	// Retry: Err is passing (no answer, a server's error): the round is
	// sent again after a pause even if nothing changes.
	Retry bool
	// Fatal: Err will not pass by trying again (the token is refused):
	// the publisher stops.
	Fatal bool
}

// Target is where a round is published.
type Target interface {
	// Name says the target: "lichess", "folder" or "http".
	Name() string
	// Send publishes the round's boards (every board, in board order).
	Send(ctx context.Context, boards []core.BoardPGN) Result
}

// Report is told to the face after each sending (and before it, with
// every board Waiting and Sending set).
type Report struct {
	Target  string
	Round   int
	Sending bool
	Result
	// RetryIn: when Retry, how long until the next try.
	RetryIn time.Duration
	At      time.Time // when the sending ended (began, when Sending)
}

// initialStatuses returns the boards' statuses before sending: Waiting, or
// NotWritten for the boards without PGN.
func initialStatuses(boards []core.BoardPGN) []BoardStatus {
	out := make([]BoardStatus, len(boards))
	for i, b := range boards {
		out[i] = BoardStatus{Board: b.Board, State: Waiting, DoubleForfeit: b.DoubleForfeit}
		if b.Err != nil {
			out[i].State, out[i].Err = NotWritten, b.Err
		}
	}
	return out
}
