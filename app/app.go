// Package app is the Fyne desktop GUI of Scoresheet.
package app

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"fyne.io/fyne/v2"
	fyneapp "fyne.io/fyne/v2/app"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"scoresheet/app/core"
	"scoresheet/app/session"
	"scoresheet/rules"
	"scoresheet/sheet"
	"scoresheet/sheet/location"
	"scoresheet/sheet/sqlitestore"
)

// ID is the application identifier (also in FyneApp.toml).
const ID = "org.scoresheet.Scoresheet"

// Name is the application's display name.
const Name = "Scoresheet"

// Icon is icon.png, set by package main, which embeds it.
var Icon []byte

// Options are the GUI's command-line options.
type Options struct {
	Event        string // event file; "" is the default event
	Round, Board int    // the game to open; 0 for the first
}

// IsGUIArgs reports whether args are the GUI's options (--event FILE
// [--round R --board B]) rather than a CLI command.
func IsGUIArgs(args []string) bool {
	if len(args) == 0 {
		return true
	}
	name := strings.TrimLeft(args[0], "-")
	name, _, _ = strings.Cut(name, "=")
	return strings.HasPrefix(args[0], "-") && (name == "event" || name == "round" || name == "board")
}

// ParseArgs reads the GUI's options.
func ParseArgs(args []string, stderr io.Writer) (Options, error) {
	var o Options
	fs := flag.NewFlagSet("scoresheet", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&o.Event, "event", "", "event to open, a file or a server's location postgres://USER@HOST/DB?event=NAME (created when missing)")
	fs.IntVar(&o.Round, "round", 0, "round of the game to open")
	fs.IntVar(&o.Board, "board", 0, "board of the game to open")
	if err := fs.Parse(args); err != nil {
		return o, err
	}
	if fs.NArg() > 0 {
		return o, fmt.Errorf("scoresheet: unexpected argument %q", fs.Arg(0))
	}
	if (o.Round > 0) != (o.Board > 0) {
		return o, fmt.Errorf("scoresheet: --round and --board go together")
	}
	return o, nil
}

// openSession opens the event, a file or a server's location (creating
// it when missing), and the game to type: the one asked for, else the
// first; an event without games gets board 1 of round 1 (unless another
// laptop adds it first).
func openSession(o Options) (*session.Session, error) {
	path, err := eventPath(o)
	if err != nil {
		return nil, err
	}
	// A new event is in the UI language's notation (a German arbiter
	// mostly gets German sheets): its boards take it, and the event
	// settings change it for all of them.
	st, err := location.OpenOrCreate(path, sheet.Event{Name: location.Name(path), Lang: DefaultNotation(), Rounds: []sheet.Round{{Number: 1}}})
	if err != nil {
		return nil, err
	}
	s, err := session.NewSession(st)
	if err != nil {
		st.Close()
		return nil, err
	}
	if len(s.Games()) == 0 {
		lang := DefaultNotation() // an event without a language of its own: the board has it
		if s.Event().Lang != "" {
			lang = "" // the event's
		}
		_, err := s.AddGame(1, 1, lang)
		if sheet.StoreErrorCodeOf(err) == sheet.StoreDuplicate {
			err = s.Reload()
		}
		if err != nil {
			s.Close()
			return nil, err
		}
	}
	if o.Round > 0 {
		err = s.OpenGameAt(o.Round, o.Board)
	} else {
		err = s.OpenGame(s.Games()[0].ID)
	}
	if err != nil {
		s.Close()
		return nil, err
	}
	return s, nil
}

// eventPath is the event file the options name, else the default event.
func eventPath(o Options) (string, error) {
	if o.Event != "" {
		return o.Event, nil
	}
	return sqlitestore.DefaultEventPath()
}

// isNewEvent reports whether the event is still to be created.
func isNewEvent(o Options) bool {
	path, err := eventPath(o)
	if err != nil {
		return false
	}
	return location.Missing(path)
}

// Run opens the main window and blocks until the application quits; it
// returns the exit code.
func Run(args []string) int {
	// What it prints quotes the command line and the event's path:
	// escaped as the command line's own output is (core.TerminalWriter).
	stderr := core.NewTerminalWriter(os.Stderr)
	defer stderr.Flush()
	o, err := ParseArgs(args, stderr)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	defer startProfile()()
	location.SetFace("window") // in the name of its connections to a server
	a := fyneapp.NewWithID(ID)
	SetLanguage(uiLanguage(a)) // before the session: a first board takes its notation
	created := isNewEvent(o)
	s, err := openSession(o)
	if err != nil {
		// Started from a desktop menu nobody reads stderr: say it in a
		// window too, and touch nothing.
		fmt.Fprintf(stderr, "scoresheet: %s\n", core.EnglishCodes.Explain(err))
		showStartError(a, err)
		return 1
	}
	m := newWindow(a, s)
	m.live = true
	m.watch(s)
	m.useJournal()
	m.watchServer(s)
	w := m.win
	w.SetCloseIntercept(func() { m.unlessKept(w.Close) }) // the window's X and Quit: texts kept asked about
	w.Resize(fyne.NewSize(1280, 720))                     // fits a 1366x768 laptop's screen
	if created {
		m.editEvent() // docs/window.md: a new event shows its settings at once
	}
	w.ShowAndRun()
	m.timers.stop()
	m.stopPublishing()
	m.keyLog.close()
	if err := m.s.Close(); err != nil { // the session open last (Open switches)
		fmt.Fprintf(stderr, "scoresheet: %v\n", err)
		return 1
	}
	return 0
}

// uiLanguage is the UI language chosen in the settings, else the
// system's.
func uiLanguage(a fyne.App) string {
	if code := a.Preferences().StringWithFallback(prefLanguage, ""); code != "" {
		return code
	}
	return SystemLanguage()
}

// DefaultNotation is the notation language of a new event (the window's
// first start) and of a board in an event without one: the UI
// language's (a German arbiter mostly gets German sheets), changed in
// the event settings or on each copy with one choice.
func DefaultNotation() string {
	if _, ok := rules.LettersFor(Language()); ok {
		return Language()
	}
	return "en"
}

// showStartError shows why the event could not be opened, with a button
// that quits (Enter and Escape too).
func showStartError(a fyne.App, err error) {
	w := a.NewWindow(Name)
	quit := widget.NewButton(T("ui.ok"), a.Quit)
	quit.Importance = widget.HighImportance
	w.SetContent(container.NewPadded(container.NewVBox(
		container.NewBorder(nil, nil, widget.NewIcon(theme.ErrorIcon()), nil, wrapped(widget.NewLabel(errText(err)))),
		container.NewHBox(layout.NewSpacer(), quit))))
	w.Canvas().SetOnTypedKey(func(k *fyne.KeyEvent) { // a dialog's OK and Cancel: both quit
		runKey(inDialog, plain(k.Name), map[keyAction]keyHandler{actOK: always(a.Quit), actCancel: always(a.Quit)})
	})
	w.Resize(fyne.NewSize(520, 140))
	w.SetMaster()
	w.ShowAndRun()
}

// newWindow sets the app up (theme, language, arbiter) and makes the
// main window on session s.
func newWindow(a fyne.App, s *session.Session) *mainWindow {
	a.Settings().SetTheme(newTheme())
	SetLanguage(uiLanguage(a))
	s.Arbiter = a.Preferences().StringWithFallback(prefArbiter, s.Arbiter)
	w := a.NewWindow(Name)
	if icon := a.Metadata().Icon; icon != nil {
		w.SetIcon(icon)
	} else if len(Icon) > 0 {
		w.SetIcon(fyne.NewStaticResource("icon.png", Icon))
	}
	m := newMainWindow(a, w, s)
	w.SetMaster()
	return m
}
