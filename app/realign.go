package app

import "scoresheet/sheet"

// realignNotes says, in the Cell panel, that a copy is proposed to be
// realigned at this ply (the arbiter check's words, with the key that
// accepts it and a button doing the same), or that the ply is read as if
// an earlier proposal were accepted.
func (gv *gameView) realignNotes(p *sheet.Ply) []panelRow {
	var rows []panelRow
	if p.Depends > 0 {
		rows = append(rows, panelRow{text: T("ui.realign.depends", map[string]any{"Ply": p.Depends})})
	}
	if p.Realign == nil || p.Realign.Accepted {
		return rows
	}
	for _, f := range gv.s.Checks() {
		if f.Ply == p.Ply && f.Copy == p.Realign.Copy.Who() && f.Texts[1] == p.Realign.DecisionText() {
			rows = append(rows, panelRow{text: checkText(f)},
				panelRow{text: T("ui.realign.accept"), button: true, do: func() { gv.do(gv.s.AcceptRealign()) }})
		}
	}
	return rows
}
