package app

import (
	"errors"
	"strings"
	"testing"

	"scoresheet/app/core"
	"scoresheet/app/session"
	"scoresheet/app/session/sessiontest"
	"scoresheet/sheet"
)

// TestExportJobLeavesOutBadGame: an export of a round with a game whose
// start position does not read hands out the others' PGN with the error
// that names the board left out (the window saves them and says it).
func TestExportJobLeavesOutBadGame(t *testing.T) {
	s, _ := sessiontest.New(t)
	g := sheet.Game{Round: 1, Board: 2, FEN: "8/8/8 w - - 0 1"}
	if _, err := s.Store().AddGame(g); err != nil {
		t.Fatal(err)
	}
	if err := s.Reload(); err != nil {
		t.Fatal(err)
	}
	data, err := s.Export(session.FormatPGN, session.ScopeRound, session.ExportOptions{}, nil)
	var left *core.NotWrittenError
	if !errors.As(err, &left) || len(left.Games) != 1 || left.Games[0].Board != 2 || !strings.Contains(string(data), `[White "Anna"]`) {
		t.Fatalf("%v\n%s", err, data)
	}
	if got := errText(err); !strings.Contains(got, "round 1, board 2: not written") {
		t.Errorf("the window says %q", got)
	}
}
