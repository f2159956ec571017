package app

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/widget"
)

// panelTabs shows one of the panels beside the copies (the cell's
// findings, the arbiter checks), chosen by a row of buttons above them.
// Fyne's AppTabs has no control the keyboard reaches: the Cell panel,
// once Ctrl+K had shown the checks, came back only with the mouse. These
// buttons are in Tab's order (Space chooses).
type panelTabs struct {
	*fyne.Container // to lay out as such (Fyne draws and walks a *fyne.Container, not a type holding one)
	buttons         []*widget.Button
	panels          []fyne.CanvasObject
	selected        int
	OnSelected      func(i int) // after a choice (not after SelectIndex)
	// onShow brings panel i up to date as it comes up: a hidden panel
	// is not drawn again at each key (gameView.refreshChecks).
	onShow func(i int)
}

// panelTab is a panel and its button's text.
type panelTab struct {
	title string
	panel fyne.CanvasObject
}

func newPanelTabs(tabs ...panelTab) *panelTabs {
	pt := &panelTabs{}
	var heads []fyne.CanvasObject
	for i, tab := range tabs {
		b := widget.NewButton(tab.title, func() {
			pt.SelectIndex(i)
			if pt.OnSelected != nil {
				pt.OnSelected(i)
			}
		})
		pt.buttons = append(pt.buttons, b)
		pt.panels = append(pt.panels, tab.panel)
		heads = append(heads, b)
	}
	heads = append(heads, layout.NewSpacer())
	pt.Container = topFirst(container.NewHBox(heads...), container.NewStack(pt.panels...))
	pt.SelectIndex(0)
	return pt
}

// SelectIndex shows panel i.
func (pt *panelTabs) SelectIndex(i int) {
	pt.selected = i
	if pt.onShow != nil {
		pt.onShow(i)
	}
	for k, p := range pt.panels {
		b := pt.buttons[k]
		if k == i {
			p.Show()
			b.Importance = widget.HighImportance
		} else {
			p.Hide()
			b.Importance = widget.LowImportance
		}
		b.Refresh()
	}
}

// SelectedIndex is the panel shown.
func (pt *panelTabs) SelectedIndex() int { return pt.selected }
