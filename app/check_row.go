package app

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
)

// checkRow is one check of the Arbiter checks panel that has a half-move
// to go to: its row in the panel and the button that goes there.
type checkRow struct {
	row fyne.CanvasObject
	go2 *widget.Button
}

// stepCheck is Ctrl+K (d = 1) and Ctrl+Shift+K (d = -1): the Arbiter
// checks tab comes up and the focus goes to the next (previous) check's
// button, its row scrolled into view; Space on it puts the cursor on the
// check's half-move, Ctrl+E goes back to the cell. Without a check to go
// to, the tab shows and the focus stays in the cell.
func (gv *gameView) stepCheck(d int) {
	gv.tabs.SelectIndex(1)
	n := len(gv.checkRows)
	c := gv.canvas()
	if n == 0 || c == nil {
		gv.focus()
		return
	}
	next := 0
	if d < 0 {
		next = n - 1
	}
	for i, r := range gv.checkRows {
		if c.Focused() == r.go2 || gv.checkAt == r.go2 {
			next = (i + d + n) % n
		}
	}
	r := gv.checkRows[next]
	gv.checkAt = r.go2
	gv.checks.Refresh() // laid out even if the tab was hidden until now
	scrollIntoView(gv.checkScrl, r.row)
	c.Focus(r.go2)
}

// scrollIntoView scrolls a panel so that its row o is wholly in view (its
// top, if it is taller than the view).
func scrollIntoView(scrl *container.Scroll, o fyne.CanvasObject) {
	y, h := o.Position().Y, o.Size().Height
	off, view := scrl.Offset.Y, scrl.Size().Height
	switch {
	case y < off || h > view:
		scrl.ScrollToOffset(fyne.NewPos(0, y))
	case y+h > off+view:
		scrl.ScrollToOffset(fyne.NewPos(0, y+h-view))
	}
}
