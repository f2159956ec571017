// Package session is the window's state and its edits, without the
// window: the event open, the board open, the cursor in a copy's cells,
// typing, undo and redo, decisions, the header, exports and their
// preview, other writers' changes read live, and going offline and back
// when the event's server cannot be reached. The window (package app)
// draws it and turns keys into its calls; it imports no Fyne
// (deps_test.go), so its tests need no display.
package session
