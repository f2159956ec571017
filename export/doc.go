// Package export writes scoresheets out: PGN, PDF and spreadsheet output.
//
// It must not depend on the GUI (scoresheet/app).
package export
