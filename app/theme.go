package app

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"

	"scoresheet/export"
)

// appTheme is Fyne's default theme (light or dark as the system says)
// with DejaVu Sans as text font, which has the chess figurines.
type appTheme struct{ fyne.Theme }

var (
	fontRegular = fyne.NewStaticResource("DejaVuSans.ttf", export.DejaVuSans())
	fontBold    = fyne.NewStaticResource("DejaVuSans-Bold.ttf", export.DejaVuSansBold())
)

func newTheme() fyne.Theme { return &appTheme{theme.DefaultTheme()} }

func (t *appTheme) Font(s fyne.TextStyle) fyne.Resource {
	if s.Monospace || s.Symbol || s.Italic {
		return t.Theme.Font(s)
	}
	if s.Bold {
		return fontBold
	}
	return fontRegular
}

// Colours of the cell states, readable on light and dark backgrounds.
var (
	colorOK          = color.NRGBA{0x2e, 0x9d, 0x4a, 0x50}
	colorNonstandard = color.NRGBA{0xe0, 0xb0, 0x10, 0x60}
	colorAmbiguous   = color.NRGBA{0x3a, 0x7b, 0xd5, 0x60}
	colorIllegal     = color.NRGBA{0xd6, 0x3a, 0x3a, 0x70}
	colorUnreadable  = color.NRGBA{0xa0, 0x3a, 0xd6, 0x60}
	colorCursor      = color.NRGBA{0x3a, 0x7b, 0xd5, 0xff}
	// colorNotLookedUp greys a consulted copy's cell not looked up.
	colorNotLookedUp = color.NRGBA{0x80, 0x80, 0x80, 0x30}
	// colorWaiting frames a cell typed while the event was away and not
	// yet written (the journal, app/session/journal.go).
	colorWaiting = color.NRGBA{0xe0, 0x90, 0x10, 0xff}
)
