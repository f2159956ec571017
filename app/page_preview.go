package app

import (
	"image"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
)

// pagePreview shows a printed page as large as the window allows, its
// width filling the dialog and the page scrolling down, so that the small
// print of a scoresheet can be read on a laptop's 1366x768 screen (a
// whole page fitted into the height would be too small to read). How the
// image is made (Preview) is not its business.
type pagePreview struct {
	img    *canvas.Image
	scroll *container.Scroll
}

// previewSize is the page's width and the visible height for a window of
// size win: the space the save dialog leaves around the page.
func previewSize(win fyne.Size) (width, height float32) {
	width, height = 900, 560
	if win.Width > 0 && win.Height > 0 {
		width = max(320, min(width, win.Width-140))
		height = max(240, win.Height-300)
	}
	return width, height
}

func newPagePreview(img image.Image, win fyne.Size) *pagePreview {
	p := &pagePreview{img: canvas.NewImageFromImage(img)}
	p.img.FillMode = canvas.ImageFillContain
	p.img.ScaleMode = canvas.ImageScaleSmooth
	width, height := previewSize(win)
	b := img.Bounds()
	if b.Dx() > 0 {
		p.img.SetMinSize(fyne.NewSize(width, width*float32(b.Dy())/float32(b.Dx())))
	}
	p.scroll = container.NewVScroll(p.img)
	p.scroll.SetMinSize(fyne.NewSize(width, min(height, p.img.MinSize().Height)))
	return p
}
