package app

import (
	"errors"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"scoresheet/app/core"
	"scoresheet/sheet"
	"scoresheet/trf"
)

// importNotesShown is how many notes an import's summary lists; the rest
// are counted.
const importNotesShown = 12

// importFile adds what a file holds to the event, told by its content
// (core.ImportFile): a PGN's games (or a round's pairings, headers
// only), a pairing program's TRF, or a pairing engine's pairing list as
// the round after the last one with boards. New boards' copies take the
// current game's notation language (a TRF's, the event's when the
// current game's copy takes the event's).
func (m *mainWindow) importFile() {
	// The kind is told by content, whatever the file's name.
	m.chooseFile(importTitle(), m.eventDir(), []string{".pgn", ".trf", ".txt"}, m.importPath)
}

// importPath imports the file at path, asking first which round a
// pairing list pairs.
func (m *mainWindow) importPath(path string) {
	opt := core.ImportOptions{Lang: DefaultNotation()}
	if g := m.s.Game(); g != nil {
		opt.Lang = g.Copies[sheet.WhiteCopy].Lang
	}
	if kind, list, err := core.FileKind(path); err == nil && kind == core.KindPairs {
		m.askPairsRound(path, list, opt)
		return
	}
	m.runImport(path, opt)
}

// importTitle is the import's title, without the menu's dots.
func importTitle() string { return strings.TrimSuffix(T("ui.menu.import"), "…") }

// runImport imports path off the UI thread with a progress bar, then
// says what it did; an import that would replace boards holding entries
// asks first (askReplace) and does nothing unless told.
func (m *mainWindow) runImport(path string, opt core.ImportOptions) {
	if err := m.s.Commit(); err != nil {
		m.showErr(err)
	}
	store := m.s.Store()
	var res core.Imported
	m.progress(T("ui.menu.import"), func(report func(int, int)) error {
		var err error
		res, err = core.ImportFile(store, path, opt, report)
		return err
	}, func(err error) {
		if rerr := m.s.Reload(); err == nil {
			err = rerr
		}
		m.navSig = ""
		m.refreshNav()
		for _, r := range m.s.Rounds() {
			m.nav.OpenBranch(roundNode(r))
		}
		var re *core.ReplaceError
		switch {
		case errors.As(err, &re):
			m.askReplace(path, opt, re)
			return
		case err != nil:
			m.showErr(err)
			return
		}
		m.reopenAfterImport()
		m.edited()
		// The status line says what was imported and when (it went on
		// showing the last cell's "Saved" time).
		m.status.SetText(T("ui.status.imported", map[string]any{"Added": res.Added, "File": filepath.Base(path),
			"Time": time.Now().Format(time.TimeOnly), "Path": m.s.Store().Location()}))
		m.message(importTitle(), importSummary(res))
	})
}

// reopenAfterImport opens the board that was open again, as the import
// left it: its header may have taken the file's result, or the board
// may be gone (replaced, or removed as no longer paired), and the window
// must not show, nor write back, what the event no longer holds. A board
// gone gives way to the one now at its round and number, else the first.
func (m *mainWindow) reopenAfterImport() {
	games := m.s.Games()
	if len(games) == 0 {
		return
	}
	g := m.s.Game()
	if g == nil {
		m.openGame(games[0].ID)
		return
	}
	if _, ok := m.s.GameIndex(g.ID); ok {
		m.openGame(g.ID)
		return
	}
	for _, gi := range games {
		if gi.Round == g.Round && gi.Board == g.Board {
			m.openGame(gi.ID)
			return
		}
	}
	m.openGame(games[0].ID)
}

// askPairsRound asks which round a pairing list pairs, proposing the one
// the import would take (the round after the last one with boards, or
// the round the same list made), then imports it as that round.
func (m *mainWindow) askPairsRound(path string, list []byte, opt core.ImportOptions) *keyDialog {
	round, err := core.PairsRound(m.s.Store(), list)
	if err != nil {
		m.showErr(err)
		return nil
	}
	entry := newDialogEntry(m, strconv.Itoa(round))
	entry.Validator = func(s string) error {
		if n, err := strconv.Atoi(strings.TrimSpace(s)); err != nil || n < 1 || n > sheet.MaxRounds {
			return errors.New(T("ui.error.field"))
		}
		return nil
	}
	form := widget.NewForm(widget.NewFormItem(T("ui.header.round"), entry))
	return m.showDialog(dialogSpec{
		title: importTitle(), okText: T("ui.import.pairs.ok"), cancelText: T("ui.cancel"), focus: entry, minWidth: 480,
		content: container.NewVBox(wrapped(widget.NewLabel(T("ui.import.pairs.ask", map[string]any{"Name": filepath.Base(path)}))), form),
		ok: func() error {
			if err := entry.Validate(); err != nil {
				return err
			}
			opt.Round, _ = strconv.Atoi(strings.TrimSpace(entry.Text))
			m.runImport(path, opt)
			return nil
		},
	})
}

// askReplace lists the boards an import would replace (each holds moves
// or a result) and imports again, replacing them, only if the arbiter
// says so; Cancel leaves the event as it was.
func (m *mainWindow) askReplace(path string, opt core.ImportOptions, re *core.ReplaceError) *keyDialog {
	text := T("ui.import.replace.ask", map[string]any{"Count": len(re.Boards)}) + "\n" + noteLines(re.Boards)
	return m.showDialog(dialogSpec{
		title: importTitle(), okText: T("ui.import.replace.ok"), cancelText: T("ui.cancel"), danger: true,
		content: wrapped(widget.NewLabel(text)), minWidth: 520,
		ok: func() error {
			opt.Replace = true
			m.runImport(path, opt)
			return nil
		},
	})
}

// importSummary says what an import did in the arbiter's words: games
// imported, skipped and refused (the first refusal said) for a PGN; for a TRF or a pairing list the boards
// added, updated, kept and removed, the byes, and each note.
func importSummary(res core.Imported) string {
	data := map[string]any{"Added": res.Added, "Skipped": res.Skipped, "Updated": res.Updated, "Kept": res.Kept,
		"Removed": res.Removed, "Replaced": res.Replaced, "Byes": len(res.Byes), "Round": res.Round}
	var lines []string
	switch res.Kind {
	case core.KindTRF:
		lines = append(lines, T("ui.import.done.trf", data))
	case core.KindPairs:
		lines = append(lines, T("ui.import.done.pairs", data))
		for _, b := range res.Byes {
			lines = append(lines, T("ui.import.bye", map[string]any{"Rank": b.Player.Rank, "Name": b.Player.Name, "Code": string(byeCode(b.Result))}))
		}
	default:
		done := T("ui.import.done", data)
		if res.Refused > 0 {
			done += "\n" + T("ui.import.refused", map[string]any{"Refused": res.Refused, "First": errText(res.Refusal)})
		}
		return done
	}
	if res.Replaced > 0 {
		lines = append(lines, T("ui.import.replaced", data))
	}
	if len(res.Notes) > 0 {
		lines = append(lines, noteLines(res.Notes))
	}
	return strings.Join(lines, "\n")
}

// noteLines says an import's notes, a board a line, the first
// importNotesShown of them.
func noteLines(notes []trf.Note) string {
	var lines []string
	for i, n := range notes {
		if i == importNotesShown {
			lines = append(lines, T("ui.import.more", map[string]any{"Count": len(notes) - i}))
			break
		}
		lines = append(lines, T("ui.import.note", map[string]any{"Round": n.Round, "Board": n.Board, "White": n.White,
			"Black": n.Black, "Text": T("trf." + string(n.Code))}))
	}
	return strings.Join(lines, "\n")
}

// byeCode is a bye's result code, Z where the file leaves it blank.
func byeCode(c byte) byte {
	if c == ' ' {
		return 'Z'
	}
	return c
}
