// Package sheettest makes the sheet values that the tests of the
// packages above sheet write by hand, and checks the store errors they
// expect. Package sheet's own tests cannot
// import it (it imports sheet: an import cycle in their test build), so
// they keep their one helper of the kind (texts, in reconcile_test.go).
package sheettest

import (
	"testing"

	"scoresheet/sheet"
)

// Cells makes one cell per text, as the player wrote it.
func Cells(texts ...string) []sheet.Cell {
	out := make([]sheet.Cell, len(texts))
	for i, t := range texts {
		out[i].Text = t
	}
	return out
}

// WantCode fails the test at once unless err is a store error of code.
func WantCode(t testing.TB, err error, code sheet.StoreErrorCode) {
	t.Helper()
	if got := sheet.StoreErrorCodeOf(err); got != code {
		t.Fatalf("error %v: code %q, want %q", err, got, code)
	}
}

// Texts returns the texts of cells, as the player wrote them: Cells read
// back.
func Texts(cells []sheet.Cell) []string {
	var out []string
	for _, c := range cells {
		out = append(out, c.Text)
	}
	return out
}
