package app

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"scoresheet/sheet"
)

// realignNotes says, in the Cell panel, that a copy is proposed to be
// realigned at this ply (the arbiter check's words, with the key that
// accepts it and a button doing the same), or that the ply is read as if
// an earlier proposal were accepted.
func (gv *gameView) realignNotes(p *sheet.Ply) []fyne.CanvasObject {
	var objs []fyne.CanvasObject
	if p.Depends > 0 {
		objs = append(objs, wrapped(widget.NewLabel(T("ui.realign.depends", map[string]any{"Ply": p.Depends}))))
	}
	if p.Realign == nil || p.Realign.Accepted {
		return objs
	}
	for _, f := range gv.s.Checks() {
		if f.Ply == p.Ply && f.Copy == p.Realign.Copy.Who() && f.Texts[1] == p.Realign.DecisionText() {
			objs = append(objs, wrapped(widget.NewLabel(checkText(f))))
			objs = append(objs, widget.NewButton(T("ui.realign.accept"), func() { gv.do(gv.s.AcceptRealign()) }))
		}
	}
	return objs
}
