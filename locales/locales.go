// Package locales holds every word Scoresheet shows or prints, in every
// language: one JSON file per language ("en.json", "de.json", ...)
// mapping message keys to text, in the format of Fyne's lang package,
// and the one loader that reads them (load.go), used by the window, the
// CLI, the PDFs and the workbooks. The languages are the files: adding
// a language is adding its file.
//
// The stable codes of the core packages are translated under these keys
// (codes_test.go checks that every code has its key):
//
//	status.<rules.CellStatus>          the verdict on a written cell
//	finding.<rules.Code>               a reading finding
//	fen.<rules.FENErrorCode>           what is wrong with a FEN
//	ply.<sheet.PlyStatus>              how the move at a ply was found from the two copies
//	check.<sheet.CheckCode>            an arbiter check
//	store.<sheet.StoreErrorCode>       an event file error
//	edit.<sheet.EditError code>        a refused edit
//	tc.<sheet.TimeControlError code>   a time control that does not read
//	pgn.<pgn.ProblemCode>              a problem of a PGN file
//	ui.export.error.<export.OutError code>  a file an export may not write
//
// PDFs and workbooks print short words that fit a column or a footnote,
// under print.*: print.finding.<rules.Code>, print.check.<sheet.CheckCode>,
// print.ply.<sheet.PlyStatus>, print.state.<the game state of export>,
// and plain words (print.page). Where the printed word is the window's
// own (Round, White, Event), they share the window's key
// (ui.header.round).
//
// Fyne's own words (its file chooser's, its entries' menu) are under
// their English text ("Cancel", "Open", "Show Hidden Files"), which is the
// key Fyne's lang package looks them up by.
//
// A PGN move problem (pgn.Problem with a Ply) carries a rules.Code
// (finding.*) or a rules.CellStatus (status.*) instead of a ProblemCode.
//
// The rule or article a code applies is not part of the text: the app
// shows it separately, as it shows the ply. check.* messages are
// templates over the data the app passes for a sheet.CheckFinding (its
// fields, with Side and Copy translated, and Texts also as Text0 and
// Text1); they use only Count, Want, Period and Texts. The messages of
// the other codes take no template data.
package locales

import "embed"

// FS holds the translation files. en.json is the reference: every other
// file has exactly its keys.
//
//go:embed *.json
var FS embed.FS
