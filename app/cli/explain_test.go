package cli

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"scoresheet/rules"
	"scoresheet/sheet"
)

// Errors of the core packages are said in English with their code; the
// texts come from locales/en.json, so a key renamed there shows here.
func TestExplain(t *testing.T) {
	_, fenErr := rules.ParseFEN("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNP w KQkq - 0 1")
	_, tcErr := sheet.ParseTimeControl("40/5400+30:x")
	tests := []struct {
		name string
		err  error
		want []string
	}{
		{"fen", fenErr, []string{"FEN character 43", "field 1 (pieces)", "rank 1", "'P'", "first or eighth rank", "[fen-pawn-back-rank]"}},
		{"store", &sheet.StoreError{Code: sheet.StoreErrorCode("store-corrupt"), Path: "/x/e.scoresheet", Err: errors.New("malformed")}, []string{"/x/e.scoresheet: ", "damaged", "[store-corrupt]", "(malformed)"}},
		{"wrapped store", fmt.Errorf("open: %w", &sheet.StoreError{Code: sheet.StoreErrorCode("store-locked")}), []string{"in use by another program", "[store-locked]"}},
		{"time control", tcErr, []string{"character 12", "cannot be read", "[time-control-syntax]"}},
		{"edit", &sheet.EditError{Code: "edit-nothing-to-undo"}, []string{"Nothing to undo [edit-nothing-to-undo]"}},
		{"unknown code", &sheet.EditError{Code: "edit-new-code"}, []string{"edit-new-code"}},
		{"plain", errors.New("open x: permission denied"), []string{"open x: permission denied"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.err == nil {
				t.Fatal("no error to explain")
			}
			got := Explain(tt.err)
			for _, w := range tt.want {
				if !strings.Contains(got, w) {
					t.Errorf("explain = %q, want it to contain %q", got, w)
				}
			}
		})
	}
}
