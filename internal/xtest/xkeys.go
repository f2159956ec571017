//go:build arbiterbench && linux && cgo

package xtest

// #cgo LDFLAGS: -lX11 -lXtst
// #include <stdlib.h>
// #include <X11/Xlib.h>
// #include <X11/XKBlib.h>
// #include <X11/keysym.h>
// #include <X11/extensions/XTest.h>
//
// // deleteWindow asks window w to close as a window manager's close
// // button does (WM_DELETE_WINDOW).
// static void deleteWindow(Display *d, Window w) {
// 	XEvent ev = {0};
// 	ev.xclient.type = ClientMessage;
// 	ev.xclient.window = w;
// 	ev.xclient.message_type = XInternAtom(d, "WM_PROTOCOLS", False);
// 	ev.xclient.format = 32;
// 	ev.xclient.data.l[0] = XInternAtom(d, "WM_DELETE_WINDOW", False);
// 	ev.xclient.data.l[1] = CurrentTime;
// 	XSendEvent(d, w, False, NoEventMask, &ev);
// 	XSync(d, False);
// }
import "C"

import (
	"fmt"
	"unsafe"
)

// KeySender types into the window that has the focus on an X display
// through the XTEST extension, over one connection for the whole run: a
// key sent by an xdotool of its own took 40 to 230 ms on a loaded
// machine, more than the 40 ms between keys at 25 keys a second, so the
// typing could not be timed. Only the benchmark of the arbiter's work
// uses it (build tag arbiterbench): it needs libXtst's headers
// (xorg-dev), which make run installs.
type KeySender struct {
	d     *C.Display
	shift C.KeyCode
}

// OpenKeySender connects to display (":1").
func OpenKeySender(display string) (*KeySender, error) {
	name := C.CString(display)
	defer C.free(unsafe.Pointer(name))
	d := C.XOpenDisplay(name)
	if d == nil {
		return nil, fmt.Errorf("XOpenDisplay %s failed", display)
	}
	var ev, errb, major, minor C.int
	if C.XTestQueryExtension(d, &ev, &errb, &major, &minor) == 0 {
		C.XCloseDisplay(d)
		return nil, fmt.Errorf("display %s has no XTEST", display)
	}
	return &KeySender{d: d, shift: C.XKeysymToKeycode(d, C.XK_Shift_L)}, nil
}

// Type presses and lets go of the key that types r (with Shift where the
// keyboard needs it: "N", "+"), and returns once the X server has them.
// r must be a Latin-1 character the keyboard has (its keysym is its code).
func (k *KeySender) Type(r rune) error {
	if r > 0xff {
		return fmt.Errorf("%q is not Latin-1", r)
	}
	sym := C.KeySym(r)
	code := C.XKeysymToKeycode(k.d, sym)
	if code == 0 {
		return fmt.Errorf("no key types %q", r)
	}
	shifted := C.XkbKeycodeToKeysym(k.d, code, 0, 0) != sym
	if shifted {
		C.XTestFakeKeyEvent(k.d, C.uint(k.shift), C.True, 0)
	}
	C.XTestFakeKeyEvent(k.d, C.uint(code), C.True, 0)
	C.XTestFakeKeyEvent(k.d, C.uint(code), C.False, 0)
	if shifted {
		C.XTestFakeKeyEvent(k.d, C.uint(k.shift), C.False, 0)
	}
	C.XSync(k.d, C.False)
	return nil
}

// CloseWindow asks the window wid (as xdotool prints it) to close, as a
// window manager's close button does: the app quits as the arbiter's
// would (Fyne has no Ctrl+Q on Linux, and Xvfb no window manager).
func (k *KeySender) CloseWindow(wid string) error {
	var w C.Window
	if _, err := fmt.Sscan(wid, &w); err != nil {
		return fmt.Errorf("window %q: %v", wid, err)
	}
	C.deleteWindow(k.d, w)
	return nil
}

// Close closes the connection.
func (k *KeySender) Close() { C.XCloseDisplay(k.d) }
