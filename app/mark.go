package app

import (
	"strings"

	"scoresheet/sheet"
)

// markLabel names a cell mark in the UI language.
func markLabel(mk sheet.CellMark) string {
	if mk == sheet.MarkNone {
		return T("ui.mark.none")
	}
	return T("ui.mark." + string(mk))
}

// askMark asks what the cursor's cell is beyond what is written in it: a
// draw claimed with this intended move (9.2, 9.3), a sealed move, where
// the player stopped recording under 8.4, or nothing. The arbiter checks
// judge the marked cell at once.
func (m *mainWindow) askMark() *keyDialog {
	if m.s.Game() == nil {
		return nil
	}
	cur := m.s.Cursor()
	cell, _ := m.s.Cell(cur.Side, cur.Index)
	byLabel := map[string]sheet.CellMark{}
	var labels []string
	for _, mk := range sheet.CellMarks() {
		byLabel[markLabel(mk)] = mk
		labels = append(labels, markLabel(mk))
	}
	choice := newDialogSelect(m, labels)
	choice.SetSelected(markLabel(cell.Mark))
	return m.showDialog(dialogSpec{
		title: strings.TrimSuffix(T("ui.menu.mark"), "…"), okText: T("ui.ok"), cancelText: T("ui.cancel"),
		content: choice, focus: choice, minWidth: 520,
		ok: func() error {
			m.gv.do(m.s.SetMark(byLabel[choice.Selected]))
			return nil
		},
	})
}
