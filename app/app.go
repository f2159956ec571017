// Package app is the Fyne desktop GUI of Scoresheet.
package app

import (
	"fyne.io/fyne/v2"
	fyneapp "fyne.io/fyne/v2/app"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
)

// ID is the application identifier (also in FyneApp.toml).
const ID = "org.scoresheet.Scoresheet"

// Name is the application's display name.
const Name = "Scoresheet"

// Run opens the main window and blocks until the application quits.
func Run() {
	a := fyneapp.NewWithID(ID)
	w := a.NewWindow(Name)
	w.SetContent(container.NewCenter(widget.NewLabel(Name)))
	w.Resize(fyne.NewSize(800, 600))
	w.ShowAndRun()
}
