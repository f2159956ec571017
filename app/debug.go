package app

import (
	"fmt"
	"image"
	"image/color"
	"os"
	"runtime/pprof"
	"sync"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
)

// What the window reports of itself for measurements, asked for by the
// environment (never by a user's setting):
//
//   - SCORESHEET_CPUPROFILE=FILE writes a CPU profile of the whole run
//     (go tool pprof FILE), to see where a key's time goes in the real
//     window, painting included.
//   - SCORESHEET_KEYLOG=FILE writes a line for every key the cell has
//     handled, "key UNIXNANO N", and for every frame drawn after one,
//     "frame UNIXNANO N", N the keys handled so far (bench/arbiter.sh
//     reads it: the time from the last key to the screen showing it, and
//     how many keys the screen was behind). A frame is seen drawn by a
//     one-pixel raster in the window that each key refreshes: Fyne's
//     painter calls its generator while it draws the frame that holds
//     it, before the frame is shown.
const (
	envCPUProfile = "SCORESHEET_CPUPROFILE"
	envKeyLog     = "SCORESHEET_KEYLOG"
)

// startProfile starts the CPU profile the environment asks for; the
// function it returns stops it.
func startProfile() func() {
	path := os.Getenv(envCPUProfile)
	if path == "" {
		return func() {}
	}
	f, err := os.Create(path)
	if err == nil {
		err = pprof.StartCPUProfile(f)
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "scoresheet: %s: %v\n", envCPUProfile, err)
		return func() {}
	}
	return func() {
		pprof.StopCPUProfile()
		f.Close()
	}
}

// keyLog writes the key log (nil: none asked for).
type keyLog struct {
	mu     sync.Mutex
	f      *os.File
	keys   int
	drawn  int // the keys handled at the last frame logged
	probe  *canvas.Raster
	pixels *image.NRGBA
}

func openKeyLog() *keyLog {
	path := os.Getenv(envKeyLog)
	if path == "" {
		return nil
	}
	f, err := os.Create(path)
	if err != nil {
		fmt.Fprintf(os.Stderr, "scoresheet: %s: %v\n", envKeyLog, err)
		return nil
	}
	kl := &keyLog{f: f, pixels: image.NewNRGBA(image.Rect(0, 0, 1, 1))}
	kl.pixels.Set(0, 0, color.Transparent)
	kl.probe = canvas.NewRaster(kl.frame)
	kl.probe.SetMinSize(fyne.NewSquareSize(1))
	return kl
}

// key records a key handled; the next frame drawn will show it.
func (kl *keyLog) key() {
	if kl == nil {
		return
	}
	kl.mu.Lock()
	kl.keys++
	fmt.Fprintf(kl.f, "key %d %d\n", time.Now().UnixNano(), kl.keys)
	kl.mu.Unlock()
	kl.probe.Refresh()
}

// frame is the probe's generator: the painter draws a frame.
func (kl *keyLog) frame(w, h int) image.Image {
	kl.mu.Lock()
	if kl.keys != kl.drawn {
		kl.drawn = kl.keys
		fmt.Fprintf(kl.f, "frame %d %d\n", time.Now().UnixNano(), kl.keys)
	}
	kl.mu.Unlock()
	return kl.pixels
}

func (kl *keyLog) close() {
	if kl != nil {
		kl.f.Close()
	}
}
