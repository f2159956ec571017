package app

import (
	"strings"
	"testing"

	"scoresheet/app/cli"
	"scoresheet/rules"
	"scoresheet/sheet"
)

// The window says an error where the command line does: the same
// position, in the UI language, without the code in brackets.
func TestErrTextKeepsThePosition(t *testing.T) {
	_, fenErr := rules.ParseFEN("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNP w KQkq - 0 1")
	_, tcErr := sheet.ParseTimeControl("40/5400+30:x")
	defer SetLanguage(Language())
	for _, tc := range []struct {
		lang string
		err  error
		want string
	}{
		{"en", fenErr, "FEN character 43, field 1 (pieces), rank 1, 'P': "},
		{"de", fenErr, "FEN Zeichen 43, Feld 1 (Figuren), Reihe 1, 'P': "},
		{"en", tcErr, "character 12: "},
		{"fr", tcErr, "caractère 12: "},
	} {
		SetLanguage(tc.lang)
		got := errText(tc.err)
		if !strings.HasPrefix(got, tc.want) || strings.Contains(got, "[") {
			t.Errorf("%s: window says %q, want it to start %q, without the code", tc.lang, got, tc.want)
		}
		if where, _, _ := strings.Cut(cli.Explain(tc.err), ": "); tc.lang == "en" && !strings.HasPrefix(got, where) {
			t.Errorf("command line says %q, window %q", cli.Explain(tc.err), got)
		}
	}
}
