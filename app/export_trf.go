package app

import (
	"errors"
	"slices"
	"strings"

	"fyne.io/fyne/v2/widget"

	"scoresheet/app/core"
	"scoresheet/app/session"
	"scoresheet/sheet"
	"scoresheet/trf"
)

// runTRF makes the TRF export's file off the UI thread, then shows the
// save dialog saying what it holds. Boards of a finished round without a
// result (core.MissingResultsError) are listed first, as the command
// line lists them: the arbiter enters them, or exports anyway with their
// blocks blank (the command line's --allow-missing).
func (m *mainWindow) runTRF(scope session.ExportScope, job *session.ExportJob) {
	m.progress(T("ui.menu.export."+string(scope)), func(report func(int, int)) error {
		_, err := job.Run(report)
		return err
	}, func(err error) {
		var missing *core.MissingResultsError
		switch {
		case errors.As(err, &missing) && !job.AllowMissing:
			m.showDialog(dialogSpec{
				title: T("ui.export.trf.missingtitle"), okText: T("ui.export.trf.anyway"), cancelText: T("ui.cancel"),
				content: wrapped(widget.NewLabel(missingSaid(missing.Boards))), minWidth: 520,
				ok: func() error {
					job.AllowMissing = true
					m.runTRF(scope, job)
					return nil
				},
			})
		case err != nil:
			m.showErr(err)
		default:
			m.saveExport(job, nil, nil)
		}
	})
}

// missingSaid lists the boards without a result, after the sentence that
// says why the export stopped.
func missingSaid(boards []sheet.Game) string {
	lines := []string{T("ui.export.trf.missing", map[string]any{"Count": len(boards)})}
	for _, g := range boards {
		lines = append(lines, T("ui.import.note", map[string]any{"Round": g.Round, "Board": g.Board, "White": g.White.Name,
			"Black": g.Black.Name, "Text": T("trf." + string(trf.CodeMissingResult))}))
	}
	return strings.Join(lines, "\n")
}

// trfRoundsSaid says, for the save dialog, each round's results, the
// boards written blank (exported anyway), and how the ranks were made,
// in the words the command line says them.
func trfRoundsSaid(done core.TRFWritten) []string {
	var lines []string
	for _, rr := range done.Rounds {
		lines = append(lines, T("ui.export.trf.round", map[string]any{"Round": rr.Round, "Results": rr.Results, "Written": rr.Written}))
	}
	if len(done.Missing) > 0 {
		lines = append(lines, missingSaid(done.Missing))
	}
	r := done.Ranks
	switch {
	case r.Round == 0:
	case slices.Equal(r.TieBreaks, trf.TieBreaksDefault):
		lines = append(lines, T("ui.export.trf.ranksdefault", map[string]any{"Round": r.Round, "Changed": r.Changed}))
	default:
		lines = append(lines, T("ui.export.trf.ranks", map[string]any{"Round": r.Round, "TieBreaks": strings.Join(r.TieBreaks, ", "), "Changed": r.Changed}))
	}
	if len(r.Unknown) > 0 {
		lines = append(lines, T("ui.export.trf.unknown", map[string]any{"Codes": strings.Join(r.Unknown, ", ")}))
	}
	return lines
}
