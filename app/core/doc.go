// Package core is what the window (package app) and the command line
// (package app/cli) share, free of any user interface: importing a PGN
// file into an event with progress told to an observer (Import), the
// export of a scope of games in a format (Export), and saying an error
// in a language with its position (Explainer). A game's analysis (its
// reconciled moves, checks, state and the checks' severities) is
// sheet.Analyse, which the PDF and the workbook use too.
//
// Both faces import core; neither imports the other (deps_test.go).
package core
