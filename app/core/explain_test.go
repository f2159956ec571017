package core

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"scoresheet/rules"
	"scoresheet/sheet"
)

// The window (no codes, its language) and the command line (English,
// codes) say an error with the same position.
func TestExplainKeepsThePosition(t *testing.T) {
	_, fenErr := rules.ParseFEN("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNP w KQkq - 0 1")
	_, tcErr := sheet.ParseTimeControl("40/5400+30:x")
	importErr := &ImportError{Path: "r5.pgn", Pos: rules.Pos{Line: 31}, Err: &sheet.StoreError{Code: sheet.StoreDuplicate}}
	de := Explainer{Lang: "de"}
	for _, tc := range []struct {
		name     string
		err      error
		cli, win []string
	}{
		{"fen", fenErr, []string{"FEN character 43, field 1 (pieces), rank 1, 'P': ", "[fen-pawn-back-rank]"},
			[]string{"FEN Zeichen 43, Feld 1 (Figuren), Reihe 1, 'P': "}},
		{"time control", tcErr, []string{"character 12: ", "[time-control-syntax]"}, []string{"Zeichen 12: "}},
		{"import", importErr, []string{"r5.pgn:31: ", "[store-duplicate]"}, []string{"r5.pgn:31: "}},
		{"store", &sheet.StoreError{Code: sheet.StoreLocked, Path: "/e/x.scoresheet"}, []string{"/e/x.scoresheet: ", "[store-locked]"}, []string{"/e/x.scoresheet: "}},
		{"export", &ExportError{Code: "export-nogame"}, []string{"[export-nogame]"}, []string{"Nichts"}},
		{"plain", errors.New("open x: permission denied"), []string{"open x: permission denied"}, []string{"open x: permission denied"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			win := de.Explain(tc.err)
			for face, said := range map[string]string{"command line": EnglishCodes.Explain(tc.err), "window": win} {
				want := tc.cli
				if face == "window" {
					want = tc.win
				}
				if missing := slices.DeleteFunc(slices.Clone(want), func(w string) bool { return strings.Contains(said, w) }); len(missing) > 0 {
					t.Errorf("%s says %q, without %q", face, said, missing)
				}
			}
			if strings.Contains(win, "[") && tc.name != "plain" {
				t.Errorf("window says the code: %q", win)
			}
		})
	}
}
