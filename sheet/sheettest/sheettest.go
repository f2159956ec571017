// Package sheettest makes the sheet values that the tests of the
// packages above sheet write by hand. Package sheet's own tests cannot
// import it (it imports sheet: an import cycle in their test build), so
// they keep their one helper of the kind (texts, in reconcile_test.go).
package sheettest

import "scoresheet/sheet"

// Cells makes one cell per text, as the player wrote it.
func Cells(texts ...string) []sheet.Cell {
	out := make([]sheet.Cell, len(texts))
	for i, t := range texts {
		out[i].Text = t
	}
	return out
}
