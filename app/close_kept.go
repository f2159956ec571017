package app

import (
	"strings"

	"fyne.io/fyne/v2/widget"
)

// Texts typed into cells another writer had changed are kept in the
// session until the arbiter writes or drops them (F8, Shift+F8): closing
// the window, or opening another event, dropped them without a word
// (issue 31: nothing typed is dropped without his deciding so). Both ask
// first when any is kept.

// keptLines names each text kept: round, board, half-move, copy, text.
func (m *mainWindow) keptLines() []string {
	var lines []string
	for _, n := range m.s.NotSaved() {
		info, _ := m.s.Info(n.Game)
		cell := T("ui.cell.title", map[string]any{"Ply": n.Index + 1, "Copy": T("ui.copy." + n.Side.String())})
		lines = append(lines, T("ui.close.kept-line", map[string]any{"Round": info.Round, "Board": info.Board, "Cell": cell, "Text": n.Text}))
	}
	return lines
}

// unlessKept runs then at once when no text is kept, else after the
// arbiter confirms that the texts kept are dropped (Escape keeps them
// and the window as it is).
func (m *mainWindow) unlessKept(then func()) *keyDialog {
	lines := m.keptLines()
	if len(lines) == 0 {
		then()
		return nil
	}
	msg := T("ui.close.kept", map[string]any{"Count": len(lines)}) + "\n\n" + strings.Join(lines, "\n")
	return m.showDialog(dialogSpec{
		title: T("ui.close.kept-title"), okText: T("ui.close.drop"), cancelText: T("ui.cancel"),
		content: wrapped(widget.NewLabel(msg)), danger: true, minWidth: 480,
		ok: func() error { then(); return nil },
	})
}
