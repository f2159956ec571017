package app

import (
	"errors"
	"fmt"
	"image/color"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"scoresheet/app/core"
	"scoresheet/app/session"
	"scoresheet/sheet"
	"scoresheet/sheet/location"
)

// mainWindow is the app's window: the navigator of rounds and boards on
// the left, the game being typed on the right, the saved state below.
type mainWindow struct {
	app      fyne.App
	win      fyne.Window
	s        *session.Session
	gv       *gameView
	nav      *navTree
	tips     *tipLayer // the navigator's tooltips
	status   *widget.Label
	navSig   string                     // the boards in the navigator, in order
	navLines map[int64]session.GameInfo // each board's line as last drawn

	pinging       chan struct{}     // closed to stop asking an unreachable server (offline.go)
	resends       int               // the writes kept refused again, times in a row (offline.go)
	serverSilent  string            // the status line that said the idle window's server stopped answering (server_watch.go)
	lastExportDir string            // the folder of the last export saved
	lastSave      *saveDialog       // the last export's save dialog (for tests)
	dialogs       []*keyDialog      // the dialogs open, the top one last
	busy          sync.WaitGroup    // work off the UI thread (import, export) until its result is shown
	timers        uiTimers          // a message's hold, a tooltip's delay: stopped with the window
	pub           *windowPublishing // the round being published (Event -> Publish round...), stopped with the window
	pubView       *publishView      // its dialog, when open
	// live: what other writers change is shown as it comes (the app;
	// tests apply changes themselves, on the test's goroutine).
	live   bool
	keyLog *keyLog // the keys and frames, for measurements (debug.go); nil: none
}

func newMainWindow(a fyne.App, w fyne.Window, s *session.Session) *mainWindow {
	m := &mainWindow{app: a, win: w, s: s, keyLog: openKeyLog()}
	m.build()
	return m
}

// build makes the window's content in the UI language (again after the
// language changes).
func (m *mainWindow) build() {
	m.win.SetTitle(T("app.title") + " — " + m.s.Event().Name)
	if loc := m.s.Store().Location(); !location.IsServer(loc) {
		registerEventMIME(filepath.Ext(loc)) // before any file dialog lists its folder
	}
	m.gv = newGameView(m.s, func() fyne.Canvas { return m.win.Canvas() })
	m.gv.onEdit = m.edited
	m.gv.onErr = m.showErr
	m.gv.onSay = m.say
	m.gv.onShortcut = m.shortcut
	if m.keyLog != nil {
		m.gv.entry.afterKey = m.keyLog.key
	}
	m.status = widget.NewLabel("")
	m.status.Truncation = fyne.TextTruncateEllipsis // a long path must not widen the window
	m.tips = newTipLayer(&m.timers)
	if m.keyLog != nil {
		m.tips.layer.Add(m.keyLog.probe)
		m.keyLog.probe.Resize(fyne.NewSquareSize(1))
	}
	m.nav = m.newNav()
	width := canvas.NewRectangle(color.Transparent)
	width.SetMinSize(fyne.NewSize(navMinWidth, 0))
	split := container.NewHSplit(container.NewStack(width, m.nav), m.gv.content)
	split.Offset = navShare
	m.win.SetContent(container.NewStack(container.NewBorder(nil, m.status, nil, nil, split), m.tips.layer))
	m.win.SetMainMenu(m.menu())
	m.addShortcuts()
	if m.s.Game() != nil {
		m.gv.load()
		m.nav.Select(gameNode(m.s.Game().ID))
	}
	m.edited()
}

// navMinWidth is the navigator's least width: a board's state, number
// and a few letters of each name; longer names are cut with "…".
// Together with the game view's least width it keeps the window within a
// 1280 px wide screen. navShare is its share of a wider window: at
// 1366x768 about 290 px (it was 0.17, 232 px, with room for one name),
// the game view keeps more than its least width.
const (
	navMinWidth = 200
	navShare    = 0.21
)

func gameNode(id int64) string { return "g" + strconv.FormatInt(id, 10) }
func roundNode(r int) string   { return "r" + strconv.Itoa(r) }

// newNav makes the navigator: rounds, then boards with their state.
func (m *mainWindow) newNav() *navTree {
	t := &navTree{m: m}
	t.ChildUIDs = func(id widget.TreeNodeID) []widget.TreeNodeID {
		if id == "" {
			var out []string
			for _, r := range m.s.Rounds() {
				out = append(out, roundNode(r))
			}
			return out
		}
		if strings.HasPrefix(id, "r") {
			r, _ := strconv.Atoi(id[1:])
			var out []string
			for _, g := range m.s.GamesOf(r) {
				out = append(out, gameNode(g.ID))
			}
			return out
		}
		return nil
	}
	t.IsBranch = func(id widget.TreeNodeID) bool { return id == "" || strings.HasPrefix(id, "r") }
	t.CreateNode = func(branch bool) fyne.CanvasObject { return newNavRow(m.tips) }
	t.UpdateNode = func(id widget.TreeNodeID, branch bool, o fyne.CanvasObject) {
		row := o.(*navRow)
		if strings.HasPrefix(id, "r") {
			row.setRound(T("ui.nav.round", map[string]any{"Round": id[1:]}))
			return
		}
		gid, _ := strconv.ParseInt(id[1:], 10, 64)
		g, _ := m.s.Info(gid)
		row.setBoard(g)
	}
	t.ExtendBaseWidget(t)
	t.OnSelected = func(id widget.TreeNodeID) {
		if !strings.HasPrefix(id, "g") {
			t.ToggleBranch(id)
			return
		}
		gid, _ := strconv.ParseInt(id[1:], 10, 64)
		if g := m.s.Game(); g != nil && g.ID == gid {
			return
		}
		m.openGame(gid)
		t.passFocusOn = true
	}
	for _, r := range m.s.Rounds() {
		t.OpenBranch(roundNode(r))
	}
	return t
}

func navLabel(g session.GameInfo) string {
	s := boardLabel(g)
	if g.Result != "" {
		s += "  " + string(g.Result)
	}
	return s + "  · " + T("ui.state."+string(g.State))
}

// boardLabel names a board: "Board 3: Anna – Bert".
func boardLabel(g session.GameInfo) string {
	s := T("ui.nav.board", map[string]any{"Board": g.Board})
	if g.White != "" || g.Black != "" {
		s += ": " + g.White + " – " + g.Black
	}
	return s
}

// stateIcon shows a board's state; the colours tell them apart at a
// glance (the line's tooltip says it in words).
func stateIcon(s sheet.GameState) fyne.Resource {
	switch s {
	case sheet.GameComplete:
		return theme.NewSuccessThemedResource(theme.ConfirmIcon())
	case sheet.GameNeedsDecision:
		return theme.NewErrorThemedResource(theme.QuestionIcon())
	case sheet.GameFindings, sheet.GameBadStart:
		return theme.NewWarningThemedResource(theme.WarningIcon())
	case sheet.GameInProgress:
		return theme.DocumentCreateIcon()
	}
	return theme.FileIcon()
}

func (m *mainWindow) openGame(id int64) {
	if err := m.s.OpenGame(id); err != nil {
		m.showErr(err)
		return
	}
	m.gv.load()
	m.nav.Select(gameNode(id))
}

// edited updates the navigator and the saved state after an edit.
func (m *mainWindow) edited() {
	m.refreshNav()
	at, err := m.s.Saved()
	switch {
	case m.s.Offline() != nil:
		m.goOffline()
	case err != nil:
		setLabel(m.status, statusErr(err))
	case at.IsZero():
		setLabel(m.status, T("ui.status.open", map[string]any{"Path": placeName(m.s.Store().Location())}))
	default:
		setLabel(m.status, T("ui.status.saved", map[string]any{"Time": at.Format(time.TimeOnly), "Path": placeName(m.s.Store().Location())}))
	}
}

// refreshNav redraws what changed in the navigator. An edit usually
// changes one board's line (its state, names or result): that line alone
// is redrawn, since redrawing every board of a round on each keystroke
// costs more than the rest of the keystroke. A board added, removed or
// moved redraws the tree. Boards are compared by what their line shows
// (GameInfo), not by its words: saying 30 lines in words was most of the
// navigator's time per key.
func (m *mainWindow) refreshNav() {
	var sig strings.Builder
	sig.WriteString(Language())
	for _, g := range m.s.Games() {
		fmt.Fprintf(&sig, "|%d %d %d", g.ID, g.Round, g.Board)
	}
	if sig.String() != m.navSig || m.navLines == nil {
		m.navSig = sig.String()
		m.navLines = map[int64]session.GameInfo{}
		for _, g := range m.s.Games() {
			m.navLines[g.ID] = g
		}
		m.nav.Refresh()
		return
	}
	for _, g := range m.s.Games() {
		if g != m.navLines[g.ID] {
			m.navLines[g.ID] = g
			m.nav.RefreshItem(gameNode(g.ID))
		}
	}
}

// errText says an error in the UI language: the store's and the
// editor's errors are codes.
func errText(err error) string {
	var ns *session.NotSavedError
	s := core.Explainer{Lang: Language(), SaysConflicts: errors.As(err, &ns), Place: placeName}.Explain(err)
	var se *sheet.StoreError
	if errors.As(err, &se) && se.Rescue != "" {
		s += " " + T("ui.store.rescued", map[string]any{"Path": se.Rescue})
	}
	var fc *sheet.FieldConflict
	switch {
	case errors.As(err, &ns) && ns.Field != "":
		held := ""
		if errors.As(err, &fc) {
			held = fc.Held
		}
		text := ns.Text
		if ns.Field == "event.kind" {
			text = kindLabel(sheet.EventKind(text))
		}
		s += " " + T("ui.store.field-not-saved", map[string]any{"Field": fieldLabel(ns.Field), "Text": text, "Held": held})
	case errors.As(err, &ns):
		// The cell's sentence says it all (the other writer, the text kept,
		// F8): the store's general words before it would push it out of
		// the status line.
		s = ""
		cell := T("ui.cell.title", map[string]any{"Ply": ns.Index + 1, "Copy": T("ui.copy." + ns.Side.String())})
		key := "ui.store.not-saved"
		if errors.As(err, &se) && location.IsServer(se.Path) {
			key = "ui.store.not-saved-server" // no file to read again from
		}
		s = T(key, map[string]any{"Cell": cell, "Text": sheet.ShortText(ns.Text)})
	}
	return s
}

func (m *mainWindow) showErr(err error) {
	if err == nil {
		return
	}
	if m.s.Offline() != nil && session.OfflineErr(err) {
		m.goOffline() // said on the status line: a dialog would take the focus at every key
		return
	}
	if refusedWhileTyping(err) {
		// The arbiter is typing: no dialog takes the focus (the keys after
		// it went to the dialog and were lost); the status line says it,
		// and the cell shows what the event holds.
		m.say(statusErr(err))
	} else {
		m.status.SetText(T("ui.status.error", map[string]any{"Error": errText(err)}))
		m.message(T("ui.error.title"), errText(err))
	}
	if sheet.StoreErrorCodeOf(err) == sheet.StoreConflict {
		m.traceLive() // refused over another writer's change: what the window now shows
	}
}

// stepBoard opens the next (1) or previous (-1) board.
func (m *mainWindow) stepBoard(d int) {
	games := m.s.Games()
	if len(games) == 0 {
		return
	}
	i := 0
	if g := m.s.Game(); g != nil {
		if k, ok := m.s.GameIndex(g.ID); ok {
			i = (k + d + len(games)) % len(games)
		}
	}
	if g := m.s.Game(); g != nil && g.ID == games[i].ID {
		m.gv.focus() // the only board: the cursor stays where it is
		return
	}
	m.openGame(games[i].ID)
}

func (m *mainWindow) menu() *fyne.MainMenu {
	// Fyne runs a menu's shortcut whatever is over the window: a dialog
	// open waits for its answer. (The open menu is an overlay too: it
	// must not count.) An item's key is the key table's for its action.
	item := func(key string, a keyAction, fn func()) *fyne.MenuItem {
		it := fyne.NewMenuItem(T(key), func() {
			if len(m.dialogs) == 0 {
				traceKey(inMenu, a)
				fn()
			}
		})
		if a != "" {
			it.Shortcut = menuShortcut(a)
		}
		return it
	}
	file := fyne.NewMenu(T("ui.menu.event"),
		// Another event ends this session: texts kept are asked about first.
		item("ui.menu.new", actNewEvent, func() { m.unlessKept(m.newEvent) }),
		item("ui.menu.open", actOpenEvent, func() { m.unlessKept(m.openEvent) }),
		item("ui.menu.open-server", "", func() { m.unlessKept(m.openServer) }),
		item("ui.menu.eventsettings", actEventSettings, func() { m.editEvent() }),
		fyne.NewMenuItemSeparator(),
		item("ui.menu.addboard", actAddBoard, func() { m.addBoard() }),
		item("ui.menu.mark", actMark, func() { m.askMark() }),
		item("ui.menu.deleteboard", "", func() { m.askDeleteBoard() }),
		item("ui.menu.import", actImport, m.importFile),
		item("ui.menu.byes", "", func() { m.askByes() }),
		item("ui.menu.publish", "", func() { m.askPublish() }),
		fyne.NewMenuItemSeparator(),
		item("ui.menu.export.game", "", func() { m.exportScope(session.ScopeGame) }),
		item("ui.menu.export.round", "", func() { m.exportScope(session.ScopeRound) }),
		item("ui.menu.export.event", "", func() { m.exportScope(session.ScopeEvent) }),
		fyne.NewMenuItemSeparator(),
		quitItem(),
	)
	var langs []*fyne.MenuItem
	for _, code := range UILanguages {
		code := code
		it := fyne.NewMenuItem(languageName(code), func() { m.setLanguage(code) })
		it.Checked = Language() == code
		langs = append(langs, it)
	}
	langItem := fyne.NewMenuItem(T("ui.menu.language"), nil)
	langItem.ChildMenu = fyne.NewMenu("", langs...)
	settings := fyne.NewMenu(T("ui.menu.settings"), langItem,
		item("ui.menu.arbiter", "", func() { m.askArbiter() }))
	help := fyne.NewMenu(T("ui.menu.help"), item("ui.menu.keys", "", func() { m.showKeys() }), item("ui.menu.about", "", func() { m.showAbout() }))
	return fyne.NewMainMenu(file, settings, help)
}

// quitItem is the menu's Quit in the UI language (Fyne adds its own in
// the system's language when the first menu has none; it fills in the
// action).
func quitItem() *fyne.MenuItem {
	it := fyne.NewMenuItem(T("ui.menu.quit"), nil)
	it.IsQuit = true
	return it
}

// setLanguage switches the UI language and remembers it.
func (m *mainWindow) setLanguage(code string) {
	SetLanguage(code)
	m.app.Preferences().SetString(prefLanguage, code)
	m.build()
}

const (
	prefLanguage = "ui.language"
	prefArbiter  = "arbiter"
	prefServer   = "server.location" // the last server's location opened
)

// switchTo replaces the session by one on another event; it reports
// whether it did.
func (m *mainWindow) switchTo(st sheet.EventStore) bool {
	s, err := session.NewSession(st)
	if err != nil {
		st.Close()
		m.showErr(err)
		return false
	}
	s.Arbiter = m.s.Arbiter
	m.stopPinging()
	m.s.Close()
	m.s = s
	if m.live {
		m.watch(s)
		m.useJournal()
		m.watchServer(s)
	}
	if gs := s.Games(); len(gs) > 0 {
		if err := s.OpenGame(gs[0].ID); err != nil {
			m.showErr(err)
		}
	}
	m.build()
	return true
}

// newEvent asks where the new event goes: a file's path, with a folder
// dialog to choose where, or a server's location typed beside it. Not
// Fyne's save dialog: it creates (truncates) the chosen file before it
// returns, so choosing an existing event and confirming "overwrite"
// emptied it, the open one included. Creating refuses a path where a
// file exists, or an event name the server holds already, with a
// message in the dialog, which stays open.
func (m *mainWindow) newEvent() {
	path := newDialogEntry(m, filepath.Join(m.eventDir(), "event"+eventExt))
	server := m.serverEntry("")
	m.showDialog(dialogSpec{
		title: strings.TrimSuffix(T("ui.menu.new"), "…"), okText: T("ui.ok"), cancelText: T("ui.cancel"),
		content: container.NewVBox(m.pathRow(path), m.serverRow(server)), focus: path, minWidth: 640,
		ok: func() error {
			loc := path.Text
			if strings.TrimSpace(server.Text) != "" {
				loc = strings.TrimSpace(server.Text)
			}
			return m.createEvent(loc)
		},
	})
}

// createEvent makes the event at loc and opens it; an event that cannot
// be made is the error.
func (m *mainWindow) createEvent(loc string) error {
	st, err := location.Create(loc, sheet.Event{Name: location.Name(loc), Rounds: []sheet.Round{{Number: 1}}})
	if err != nil {
		return err
	}
	m.remember(loc)
	if m.switchTo(st) {
		if len(m.s.Games()) == 0 { // a new event on a server: its first board, as the app's first start makes
			if id, err := m.s.AddGame(1, 1, DefaultNotation()); err == nil {
				m.openGame(id)
			}
		}
		m.editEvent() // name, time control and rounds of the new event
	}
	return nil
}

// openServer asks for the location of an event on a server (the open
// one's, else the last one opened is there) and opens it; one that does
// not open is said in the dialog, which stays open.
func (m *mainWindow) openServer() {
	last := m.app.Preferences().String(prefServer)
	if loc := m.s.Store().Location(); location.IsServer(loc) {
		last = loc
	}
	server := m.serverEntry(last)
	m.showDialog(dialogSpec{
		title: strings.TrimSuffix(T("ui.menu.open-server"), "…"), okText: T("ui.ok"), cancelText: T("ui.cancel"),
		content: m.serverRow(server), focus: server, minWidth: 640,
		ok: func() error { return m.openAt(strings.TrimSpace(server.Text)) },
	})
}

// openEvent opens the event file chosen in the window's file chooser.
func (m *mainWindow) openEvent() {
	m.chooseFile(strings.TrimSuffix(T("ui.menu.open"), "…"), m.eventDir(), m.eventExts(), func(path string) {
		m.showErr(m.openAt(path))
	})
}

// openAt opens the event at loc, a file or a server's location.
func (m *mainWindow) openAt(loc string) error {
	st, err := location.Open(loc)
	if err != nil {
		return err
	}
	m.remember(loc)
	m.switchTo(st)
	return nil
}

// remember keeps a server's location for the next Open (it holds no
// password: a location with one is refused).
func (m *mainWindow) remember(loc string) {
	if location.IsServer(loc) {
		m.app.Preferences().SetString(prefServer, loc)
	}
}

// serverEntry is the field a server's location is typed in.
func (m *mainWindow) serverEntry(text string) *dialogEntry {
	e := newDialogEntry(m, text)
	e.SetPlaceHolder(example("postgres://arbiter@192.168.1.10/venue?event=Open"))
	return e
}

// serverRow labels the server's field and says what goes in it.
func (m *mainWindow) serverRow(e *dialogEntry) fyne.CanvasObject {
	hint := wrapped(widget.NewLabel(T("ui.open.server-hint")))
	hint.Importance = widget.LowImportance
	return container.NewVBox(container.NewBorder(nil, nil, widget.NewLabel(T("ui.open.server")), nil, e), hint)
}

// progress runs work off the UI thread with a progress bar; done runs
// on the UI thread after it.
func (m *mainWindow) progress(title string, work func(report func(done, total int)) error, done func(error)) {
	bar := widget.NewProgressBar()
	d := dialog.NewCustomWithoutButtons(title, container.NewPadded(bar), m.win)
	d.Show()
	m.busy.Add(1)
	go func() {
		defer m.busy.Done()
		err := work(func(n, total int) {
			fyne.Do(func() {
				if total > 0 {
					bar.SetValue(float64(n) / float64(total))
				}
			})
		})
		fyne.Do(func() {
			d.Hide()
			done(err)
		})
	}()
}
