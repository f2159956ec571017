package app

// F8 and Shift+F8 in a cell (keys.go): the text typed into a cell that
// another writer had changed was refused and kept (app/session/notsaved.go),
// said on the status line and marked on its cell; F8 writes it there
// after all (the arbiter has now seen what the cell holds), Shift+F8
// drops it. The status line says what was done.

// writeKept writes the last text kept into its cell.
func (gv *gameView) writeKept() {
	ok, err := gv.s.RetryNotSaved()
	gv.do(err)
	if ok && err == nil {
		gv.onSay(T("ui.notsaved.written"))
	}
}

// dropKept drops the last text kept.
func (gv *gameView) dropKept() {
	n, ok := gv.s.DropNotSaved()
	gv.refresh()
	if ok {
		cell := T("ui.cell.title", map[string]any{"Ply": n.Index + 1, "Copy": T("ui.copy." + n.Side.String())})
		gv.onSay(T("ui.notsaved.dropped", map[string]any{"Cell": cell, "Text": n.Text}))
	}
}
