package core

import (
	"image"

	"scoresheet/export"
	"scoresheet/export/trf"
	"scoresheet/sheet"
)

// Preview draws the first page of the PDF that Export writes of the
// scope's games in format f (export.PreviewDPI), with no PDF written and
// only the games that page shows read: the first game for scoresheets
// and forms, the first round's games for the results list. progress,
// when not nil, is told how many of those are read. It fails as Export
// does: "export-format" for a format that is not a PDF, "export-nogame"
// for a scope with no games.
func Preview(st *sheet.Store, ev *sheet.Event, f Format, scope Scope, opt Options, progress func(done, total int)) (*image.RGBA, error) {
	if !f.IsPDF() {
		return nil, &ExportError{Code: "export-format", Value: string(f)}
	}
	filter := scope.Filter()
	if f == FormatResults && filter.Round == 0 {
		// The list of every round starts with the first.
		boards, err := st.Boards()
		if err != nil {
			return nil, err
		}
		if len(boards) > 0 {
			filter.Round = boards[0][0]
		}
	}
	total, err := st.CountGames(filter)
	if err != nil {
		return nil, err
	}
	if total == 0 {
		return nil, &ExportError{Code: "export-nogame"}
	}
	games := export.StoreGames(st, filter, total)
	pdf := export.PDFOptions{Paper: opt.Paper, Notation: opt.Notation, Lang: opt.Lang, Progress: progress}
	switch f {
	case FormatForms:
		return export.PreviewForms(ev, games, pdf)
	case FormatResults:
		var byes []trf.Bye // one board's list has none
		if scope.Board == 0 {
			// A round of byes alone before the first game's comes first.
			if byes, err = RoundByes(st, scope.Round); err != nil {
				return nil, err
			}
		}
		return export.PreviewResults(ev, games, byes, pdf)
	}
	return export.PreviewPDF(ev, games, pdf)
}
