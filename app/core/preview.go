package core

import (
	"image"

	"scoresheet/export"
	"scoresheet/sheet"
	"scoresheet/trf"
)

// Preview draws the first page of the PDF that Export writes of the
// scope's games in format f (export.PreviewDPI), with no PDF written and
// only the games that page shows read: the first game for scoresheets
// and forms, the first round's games for the results list (a round of
// byes alone before it comes first, as in the list). progress,
// when not nil, is told how many of those are read. It fails as Export
// does: "export-format" for a format that is not a PDF, "export-nogame"
// for a scope with no games.
func Preview(st sheet.EventStore, ev *sheet.Event, f Format, scope Scope, opt Options, progress func(done, total int)) (*image.RGBA, error) {
	if !f.IsPDF() {
		return nil, &ExportError{Code: "export-format", Value: string(f)}
	}
	filter := scope.Filter()
	if filter.Board == 0 {
		// The first board of the scope (the store gives games by round
		// and board): its game alone, or its round for the results list.
		first, err := firstBoard(st, filter.Round)
		if err != nil {
			return nil, err
		}
		filter.Round = first[0]
		if f != FormatResults {
			filter.Board = first[1]
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
			if byes, err = RoundByes(st, scope.Round); err != nil {
				return nil, err
			}
		}
		return export.PreviewResults(ev, games, byes, pdf)
	}
	return export.PreviewPDF(ev, games, pdf)
}

// firstBoard returns the round and board of the first game of round (of
// the event when round is 0), or none.
func firstBoard(st sheet.EventStore, round int) ([2]int, error) {
	boards, err := st.Boards()
	if err != nil {
		return [2]int{}, err
	}
	for _, b := range boards {
		if round == 0 || b[0] == round {
			return b, nil
		}
	}
	return [2]int{round, 0}, nil
}
