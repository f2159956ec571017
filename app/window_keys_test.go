package app

import (
	"fmt"
	"image"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/test"

	"scoresheet/app/session"
	"scoresheet/pgn"
	"scoresheet/sheet"
)

// The keyboard test: every shortcut from every focus, every dialog closed
// with Enter and with Escape. Keys are given as Fyne's desktop driver
// gives them (press, typeKey, typeText): a shortcut to the menu first,
// then to the focused widget when it takes shortcuts, else to the canvas;
// a key or a rune to the focused widget, else to the canvas.

func press(m *mainWindow, s fyne.Shortcut) {
	for _, menu := range m.win.MainMenu().Items {
		if pressMenu(menu.Items, s) {
			return
		}
	}
	c := m.win.Canvas()
	if f, ok := c.Focused().(fyne.Shortcutable); ok {
		f.TypedShortcut(s)
		return
	}
	c.(fyne.Shortcutable).TypedShortcut(s)
}

func pressMenu(items []*fyne.MenuItem, s fyne.Shortcut) bool {
	for _, it := range items {
		if it.Shortcut != nil && it.Shortcut.ShortcutName() == s.ShortcutName() && it.Action != nil {
			it.Action()
			return true
		}
		if it.ChildMenu != nil && pressMenu(it.ChildMenu.Items, s) {
			return true
		}
	}
	return false
}

func ctrlKey(k fyne.KeyName) *desktop.CustomShortcut {
	return &desktop.CustomShortcut{KeyName: k, Modifier: fyne.KeyModifierControl}
}

func ctrlPress(m *mainWindow, k fyne.KeyName) { press(m, ctrlKey(k)) }

func typeKey(m *mainWindow, k fyne.KeyName) {
	c := m.win.Canvas()
	ev := &fyne.KeyEvent{Name: k}
	if f := c.Focused(); f != nil {
		f.TypedKey(ev)
		return
	}
	c.OnTypedKey()(ev)
}

func typeText(m *mainWindow, s string) {
	c := m.win.Canvas()
	for _, r := range s {
		if f := c.Focused(); f != nil {
			f.TypedRune(r)
		} else {
			c.OnTypedRune()(r)
		}
	}
}

// menuAction runs the menu item labelled with key's text.
func menuAction(t *testing.T, m *mainWindow, key string) {
	t.Helper()
	for _, menu := range m.win.MainMenu().Items {
		for _, it := range menu.Items {
			if it.Label == T(key) {
				it.Action()
				return
			}
		}
	}
	t.Fatalf("no menu item %q", T(key))
}

// twoBoards opens the window with boards 1 and 2 of round 1, on board 1.
func twoBoards(t *testing.T) (*mainWindow, *session.Session, int64) {
	m, s := newTestWindow(t)
	id, err := s.AddBoard(sheet.Game{Round: 1, Board: 2, White: sheet.Player{Name: "Cleo"}})
	if err != nil {
		t.Fatal(err)
	}
	m.refreshNav()
	return m, s, id
}

func focused(m *mainWindow) fyne.Focusable { return m.win.Canvas().Focused() }

// focuses are the places the focus can be when a key is pressed.
var focuses = []struct {
	name string
	set  func(m *mainWindow)
}{
	{"cell", func(m *mainWindow) { m.gv.focus() }},
	{"header", func(m *mainWindow) { m.win.Canvas().Focus(m.gv.header.black) }},
	{"navigator", func(m *mainWindow) { m.win.Canvas().Focus(m.nav) }},
	{"result choice", func(m *mainWindow) { m.win.Canvas().Focus(m.gv.header.result) }},
	{"nothing (a click on a label)", func(m *mainWindow) { m.win.Canvas().Unfocus() }},
	{"Cell tab clicked", func(m *mainWindow) {
		m.win.Canvas().Unfocus() // what a click on a tab does first
		m.gv.tabs.SelectIndex(1)
		m.gv.tabs.SelectIndex(0)
	}},
}

func TestKeysWindowShortcutsFromEveryFocus(t *testing.T) {
	for _, f := range focuses {
		t.Run(f.name, func(t *testing.T) {
			m, s, second := twoBoards(t)
			first := s.Game().ID
			test.Type(m.gv.entry, "e4 e5 ")
			f.set(m)

			ctrlPress(m, fyne.KeyPageDown)
			if g := s.Game(); g.ID != second || s.Cursor() != (session.Cursor{Side: sheet.WhiteCopy, Index: 0}) || focused(m) != m.gv.entry {
				t.Fatalf("Ctrl+PageDown: game %d cursor %+v focus %T", g.ID, s.Cursor(), focused(m))
			}
			f.set(m)
			ctrlPress(m, fyne.KeyPageUp)
			if g := s.Game(); g.ID != first || s.Cursor() != (session.Cursor{Side: sheet.WhiteCopy, Index: 2}) || focused(m) != m.gv.entry {
				t.Fatalf("Ctrl+PageUp: game %d cursor %+v (want the first empty cell, 2) focus %T", g.ID, s.Cursor(), focused(m))
			}
			f.set(m)
			ctrlPress(m, fyne.KeyH)
			if focused(m) != m.gv.header.white {
				t.Fatalf("Ctrl+H: focus %T", focused(m))
			}
			f.set(m)
			ctrlPress(m, fyne.KeyL)
			if focused(m) != m.nav {
				t.Fatalf("Ctrl+L: focus %T", focused(m))
			}
			f.set(m)
			ctrlPress(m, fyne.KeyE)
			if focused(m) != m.gv.entry {
				t.Fatalf("Ctrl+E: focus %T", focused(m))
			}
			// The cell's own keys: a draw offer on the cursor's cell, undone.
			f.set(m)
			ctrlPress(m, fyne.KeyJ)
			if c := s.Cursor(); c.Side != sheet.BlackCopy {
				t.Fatalf("Ctrl+J: cursor %+v", c)
			}
			ctrlPress(m, fyne.KeyJ)
			cur := s.Cursor()
			if cur.Side != sheet.WhiteCopy {
				t.Fatalf("Ctrl+J twice: cursor %+v", cur)
			}
			f.set(m)
			ctrlPress(m, fyne.KeyD)
			if c, _ := s.Cell(cur.Side, cur.Index); !c.DrawOffer {
				t.Fatalf("Ctrl+D: cell %d %+v", cur.Index, c)
			}
			f.set(m)
			press(m, &fyne.ShortcutUndo{})
			// In a header field Ctrl+Z undoes the typing in the field (the
			// header change is one undo step when the field is left).
			if c, _ := s.Cell(cur.Side, cur.Index); c.DrawOffer != (f.name == "header") {
				t.Fatalf("Ctrl+Z from the %s: draw offer %v", f.name, c.DrawOffer)
			}
		})
	}
}

// Ctrl+1 chooses the first candidate of the cursor's cell from any focus,
// and the typing goes on in the cell.
func TestKeysChooseCandidateFromEveryFocus(t *testing.T) {
	for _, f := range focuses {
		t.Run(f.name, func(t *testing.T) {
			m, s := newTestWindow(t)
			test.Type(m.gv.entry, "e4 e5 Sf3 Sc6 Lb5 a6 La4 Sf6 O-O Le7 Te1 b5 Lb3 d6 c3 O-O h3 Sb8 d4 Sbd7 Sd2")
			ply, ms := m.gv.candidates()
			if ply == nil || len(ms) < 2 {
				t.Fatalf("Sd2 (two knights) has candidates %v", ms)
			}
			f.set(m)
			ctrlPress(m, fyne.Key2)
			p := s.Reconciled().Plies[ply.Ply-1]
			if p.Decision == nil || p.Move != ms[1] {
				t.Fatalf("Ctrl+2: ply %d decision %+v move %v, want %v", p.Ply, p.Decision, p.Move, ms[1])
			}
			if focused(m) != m.gv.entry || s.Cursor() != (session.Cursor{Side: sheet.WhiteCopy, Index: ply.Ply - 1}) {
				t.Fatalf("after Ctrl+2: focus %T cursor %+v", focused(m), s.Cursor())
			}
		})
	}
}

// Ctrl+H then typing puts the names in the header, not in the cells.
func TestKeysHeaderTyping(t *testing.T) {
	m, s := newTestWindow(t)
	ctrlPress(m, fyne.KeyH)
	m.gv.header.white.SetText("")
	typeText(m, "Đurđević")
	ctrlPress(m, fyne.KeyE)
	if g := s.Game(); g.White.Name != "Đurđević" || len(g.Copies[0].Cells) != 0 {
		t.Fatalf("White %q, cells %+v", g.White.Name, g.Copies[0].Cells)
	}
	typeText(m, "e4")
	if c, _ := s.Cell(sheet.WhiteCopy, 0); c.Text != "e4" {
		t.Fatalf("after Ctrl+E the cell holds %q", c.Text)
	}
}

// A click on a board in the navigator opens it with the focus in its
// first empty cell: typed moves go there. What is typed in the
// navigator goes to the cell too.
func TestKeysNavigatorClick(t *testing.T) {
	m, s, second := twoBoards(t)
	info, _ := s.Info(second)
	test.Tap(navLine(t, m, navLabel(info)))
	if s.Game().ID != second || focused(m) != m.gv.entry {
		t.Fatalf("after the click: game %d, focus %T", s.Game().ID, focused(m))
	}
	typeText(m, "d4")
	typeKey(m, fyne.KeyReturn)
	if c, _ := s.Cell(sheet.WhiteCopy, 0); c.Text != "d4" || s.Cursor().Index != 1 {
		t.Fatalf("typed after the click: cell %q cursor %+v", c.Text, s.Cursor())
	}
	// Keyboard: Ctrl+L (on the open board), Up to board 1, Enter opens it; a rune typed in
	// the navigator goes to the cell.
	ctrlPress(m, fyne.KeyL)
	typeKey(m, fyne.KeyUp) // the open board (2) has the tree's focus: up to board 1
	typeKey(m, fyne.KeyReturn)
	if s.Game().ID == second || focused(m) != m.gv.entry {
		t.Fatalf("Enter in the navigator: game %d focus %T", s.Game().ID, focused(m))
	}
	ctrlPress(m, fyne.KeyL)
	typeText(m, "c4")
	if c, _ := s.Cell(sheet.WhiteCopy, 0); c.Text != "c4" || focused(m) != m.gv.entry {
		t.Fatalf("typed in the navigator: cell %q focus %T", c.Text, focused(m))
	}
	ctrlPress(m, fyne.KeyL)
	typeKey(m, fyne.KeyEscape)
	if focused(m) != m.gv.entry {
		t.Fatalf("Escape in the navigator: focus %T", focused(m))
	}
}

// walk visits the objects drawn on the window, as drawn.
func walk(o fyne.CanvasObject, fn func(o fyne.CanvasObject)) {
	fn(o)
	switch w := o.(type) {
	case *fyne.Container:
		for _, c := range w.Objects {
			walk(c, fn)
		}
	case fyne.Widget:
		for _, c := range test.WidgetRenderer(w).Objects() {
			walk(c, fn)
		}
	}
}

// navLine finds the navigator's line (Fyne's tree node) whose row says
// text in words (its tooltip).
func navLine(t *testing.T, m *mainWindow, text string) fyne.Tappable {
	t.Helper()
	var found fyne.Tappable
	walk(m.nav, func(o fyne.CanvasObject) {
		node, ok := o.(fyne.Tappable)
		if !ok || fmt.Sprintf("%T", o) != "*widget.leaf" {
			return
		}
		walk(o, func(in fyne.CanvasObject) {
			if r, ok := in.(*navRow); ok && r.tip == text {
				found = node
			}
		})
	})
	if found == nil {
		t.Fatalf("no line %q in the navigator", text)
	}
	return found
}

// noDialog: no dialog over the window, the focus back in the cell.
func noDialog(t *testing.T, m *mainWindow, what string) {
	t.Helper()
	if len(m.dialogs) != 0 || m.win.Canvas().Overlays().Top() != nil {
		t.Fatalf("%s: a dialog is still open (%d)", what, len(m.dialogs))
	}
	if focused(m) != m.gv.entry {
		t.Fatalf("%s: focus %T, not the cell", what, focused(m))
	}
}

func TestKeysDialogsEnterAndEscape(t *testing.T) {
	m, s := newTestWindow(t)
	c := m.win.Canvas()

	// Event settings (Ctrl+T): Enter in the name field saves, Escape not.
	ctrlPress(m, fyne.KeyT)
	if len(m.dialogs) != 1 {
		t.Fatal("Ctrl+T opened no dialog")
	}
	typeText(m, " B")
	typeKey(m, fyne.KeyEscape)
	noDialog(t, m, "event settings, Escape")
	if s.Event().Name != "Test Open" {
		t.Fatalf("Escape saved the name %q", s.Event().Name)
	}
	ctrlPress(m, fyne.KeyT)
	typeText(m, " B")
	typeKey(m, fyne.KeyReturn)
	noDialog(t, m, "event settings, Enter")
	if s.Event().Name != "Test Open B" {
		t.Fatalf("Enter saved the name %q", s.Event().Name)
	}
	// A field that does not read keeps the dialog open and says why.
	kd := m.editEvent()
	for range 4 {
		c.FocusNext() // name, site, first day, last day, time control
	}
	typeText(m, "x")
	typeKey(m, fyne.KeyReturn)
	if len(m.dialogs) != 1 || !kd.errMsg.Visible() || kd.errMsg.Text == "" {
		t.Fatalf("a bad time control closed the dialog or said nothing: %q", kd.errMsg.Text)
	}
	typeKey(m, fyne.KeyEscape)
	noDialog(t, m, "event settings refused, Escape")

	// Add board (Ctrl+B): the names typed, Enter adds and opens it with
	// the round's date; Escape adds nothing.
	ev := s.Event()
	ev.Rounds[0].Date = "2026.11.20"
	if err := s.SetEvent(ev); err != nil {
		t.Fatal(err)
	}
	n := len(s.Games())
	ctrlPress(m, fyne.KeyB)
	typeText(m, "Xena")
	typeKey(m, fyne.KeyEscape)
	noDialog(t, m, "add board, Escape")
	if len(s.Games()) != n {
		t.Fatal("Escape added a board")
	}
	ctrlPress(m, fyne.KeyB)
	typeText(m, "Xena")
	c.FocusNext()
	typeText(m, "Yves")
	typeKey(m, fyne.KeyReturn)
	noDialog(t, m, "add board, Enter")
	g := s.Game()
	if len(s.Games()) != n+1 || g.White.Name != "Xena" || g.Black.Name != "Yves" || g.Round != 1 || g.Board != 2 || g.Date != "2026.11.20" {
		t.Fatalf("Enter added %+v (%d games)", g, len(s.Games()))
	}
	if info, _ := s.Info(g.ID); !strings.Contains(navLabel(info), "Xena – Yves") {
		t.Fatalf("the navigator says %q", navLabel(info))
	}

	// Delete board: Escape keeps it, Enter deletes it.
	menuAction(t, m, "ui.menu.deleteboard")
	typeKey(m, fyne.KeyEscape)
	noDialog(t, m, "delete board, Escape")
	if len(s.Games()) != n+1 {
		t.Fatal("Escape deleted the board")
	}
	menuAction(t, m, "ui.menu.deleteboard")
	typeKey(m, fyne.KeyReturn)
	noDialog(t, m, "delete board, Enter")
	if len(s.Games()) != n {
		t.Fatal("Enter did not delete the board")
	}

	// Messages (the import's result, errors, About, Keys): nothing has
	// the focus; Enter and Escape close them.
	for _, open := range []struct {
		name string
		fn   func()
	}{
		{"import result", func() { m.message(T("ui.menu.import"), T("ui.import.done", map[string]any{"Added": 2, "Skipped": 0})) }},
		{"error", func() { m.showErr(os.ErrPermission) }},
		{"about", func() { menuAction(t, m, "ui.menu.about") }},
		{"keys", func() { menuAction(t, m, "ui.menu.keys") }},
		{"arbiter", func() { m.askArbiter() }},
	} {
		for _, k := range []fyne.KeyName{fyne.KeyReturn, fyne.KeyEscape} {
			open.fn()
			if len(m.dialogs) != 1 {
				t.Fatalf("%s: %d dialogs", open.name, len(m.dialogs))
			}
			typeKey(m, k)
			noDialog(t, m, open.name+" "+string(k))
		}
	}
	// The file choosers (Ctrl+O, Ctrl+I): Escape closes them; Enter with
	// nothing chosen says so and stays.
	for _, k := range []fyne.KeyName{fyne.KeyO, fyne.KeyI} {
		ctrlPress(m, k)
		if len(m.dialogs) != 1 {
			t.Fatalf("Ctrl+%s: %d dialogs", k, len(m.dialogs))
		}
		typeKey(m, fyne.KeyReturn)
		if top := m.dialogs[len(m.dialogs)-1]; len(m.dialogs) != 1 || !top.errMsg.Visible() {
			t.Fatalf("Ctrl+%s, Enter with nothing chosen: %d dialogs", k, len(m.dialogs))
		}
		typeKey(m, fyne.KeyEscape)
		noDialog(t, m, "Ctrl+"+string(k)+", Escape")
	}
	// Enter on a focused Cancel button cancels.
	m.askArbiter()
	typeText(m, "X")
	c.FocusNext() // Cancel
	if _, ok := focused(m).(*keyButton); !ok {
		t.Fatalf("Tab from the name goes to %T", focused(m))
	}
	typeKey(m, fyne.KeyReturn)
	noDialog(t, m, "arbiter, Cancel")
	if strings.HasSuffix(s.Arbiter, "X") {
		t.Fatalf("Cancel set the arbiter %q", s.Arbiter)
	}
	m.askArbiter()
	typeText(m, "Z")
	typeKey(m, fyne.KeyReturn)
	if !strings.HasSuffix(s.Arbiter, "Z") {
		t.Fatalf("Enter did not set the arbiter: %q", s.Arbiter)
	}
	noDialog(t, m, "arbiter, Enter")
}

// Export: the choices' dialog and the save dialog close with Enter and
// Escape; Enter saves, Escape saves nothing; replacing a file asks.
func TestKeysExportDialogs(t *testing.T) {
	m, s := newTestWindow(t)
	test.Type(m.gv.entry, "e4 e5 ")
	m.app.Preferences().SetInt(prefExportFormat, 0) // PGN
	m.exportScope(session.ScopeGame)
	if _, ok := focused(m).(*dialogSelect); !ok {
		t.Fatalf("the export dialog focuses %T", focused(m))
	}
	typeKey(m, fyne.KeyEscape)
	noDialog(t, m, "export, Escape")

	m.exportScope(session.ScopeGame)
	typeKey(m, fyne.KeyReturn)
	m.busy.Wait() // the export, then its save dialog
	sd := m.lastSave
	want := filepath.Join(filepath.Dir(s.Store().Location()), "Test Open-r1-b1.pgn")
	if focused(m) != sd.path || sd.path.Text != want || sd.path.CursorColumn != len([]rune(want)) {
		t.Fatalf("the save dialog: focus %T path %q caret %d", focused(m), sd.path.Text, sd.path.CursorColumn)
	}
	typeKey(m, fyne.KeyEscape)
	noDialog(t, m, "save, Escape")
	if _, err := os.Stat(want); err == nil {
		t.Fatal("Escape saved the file")
	}
	// Enter saves the export; what is there must read as PGN: an
	// existing file that does not is never replaced (export.CheckOut).
	m.saveExport(pgnJob(t, m), nil, nil)
	typeKey(m, fyne.KeyReturn)
	m.busy.Wait() // the export
	noDialog(t, m, "save, Enter")
	saved, err := os.ReadFile(want)
	if err != nil || !strings.HasPrefix(string(saved), "[Event ") {
		t.Fatalf("Enter saved %q %v", saved, err)
	}
	// The file is there: the question before replacing it.
	one := "[Event \"one\"]\n\n*\n"
	if err := os.WriteFile(want, []byte(one), 0o644); err != nil {
		t.Fatal(err)
	}
	m.saveExport(pgnJob(t, m), nil, nil)
	typeKey(m, fyne.KeyReturn)
	if len(m.dialogs) != 1 {
		t.Fatalf("replacing a file asks nothing (%d dialogs)", len(m.dialogs))
	}
	typeKey(m, fyne.KeyEscape)
	noDialog(t, m, "replace, Escape")
	m.busy.Wait()
	if b, _ := os.ReadFile(want); string(b) != one {
		t.Fatalf("Escape replaced the file: %q", b)
	}
	m.saveExport(pgnJob(t, m), nil, nil)
	typeKey(m, fyne.KeyReturn)
	typeKey(m, fyne.KeyReturn)
	m.busy.Wait()
	noDialog(t, m, "replace, Enter")
	if b, _ := os.ReadFile(want); string(b) != string(saved) {
		t.Fatalf("Enter did not replace the file: %q", b)
	}
}

// The print preview (a PDF's save dialog) closes with Escape and saves
// with Enter too; its page is as wide as the window allows.
func TestKeysPrintPreview(t *testing.T) {
	m, s := newTestWindow(t)
	job, err := s.PrepareExport(session.FormatPDF, session.ScopeGame, session.ExportOptions{})
	if err != nil {
		t.Fatal(err)
	}
	page := image.NewRGBA(image.Rect(0, 0, 910, 1287)) // A4 at 110 dpi
	sd := m.saveExport(job, page, nil)
	width, _ := previewSize(m.win.Canvas().Size())
	if w := sd.preview.MinSize().Width; w != width || w < 800 {
		t.Fatalf("the page is shown %v wide, want %v (800 or more)", w, width)
	}
	typeKey(m, fyne.KeyEscape)
	noDialog(t, m, "preview, Escape")
	if _, err := os.Stat(sd.path.Text); err == nil {
		t.Fatal("Escape saved the PDF")
	}
	sd = m.saveExport(job, page, nil)
	typeKey(m, fyne.KeyReturn)
	m.busy.Wait() // the export
	noDialog(t, m, "preview, Enter")
	if b, err := os.ReadFile(sd.path.Text); err != nil || !strings.HasPrefix(string(b), "%PDF-") {
		t.Fatalf("Enter saved %q %v", b[:min(len(b), 8)], err)
	}
}

// pgnJob prepares the game's PGN export for saveExport.
func pgnJob(t *testing.T, m *mainWindow) *session.ExportJob {
	t.Helper()
	job, err := m.s.PrepareExport(session.FormatPGN, session.ScopeGame, session.ExportOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return job
}

// The header refuses a round that does not read, visibly, and keeps the
// game's; a forfeit is the result with Termination "rules infraction" in
// the PGN.
func TestKeysHeaderRoundAndForfeit(t *testing.T) {
	m, s := newTestWindow(t)
	h := m.gv.header
	m.win.Canvas().Focus(h.round)
	h.round.SetText("Q1")
	ctrlPress(m, fyne.KeyE)
	if s.Game().Round != 1 || h.round.Validate() == nil {
		t.Fatalf("round Q1: game round %d, field error %v", s.Game().Round, h.round.Validate())
	}
	h.round.SetText("1")
	h.result.SetSelectedIndex(slices.Index(results, sheet.WhiteForfeitWin))
	g := s.Game()
	if g.Result != "+/-" || g.Tags["Termination"] != "" {
		t.Fatalf("forfeit stored as %q %v", g.Result, g.Tags)
	}
	var tags []string
	for _, tag := range pgn.GameTags(&sheet.Event{Name: "E"}, g) {
		tags = append(tags, tag.Name+"="+tag.Value)
	}
	if !strings.Contains(strings.Join(tags, " "), "Result=1-0 ") || !strings.Contains(strings.Join(tags, " "), "Termination=rules infraction") {
		t.Fatalf("PGN tags %v", tags)
	}
	if h.result.Selected != T("ui.result.forfeit.white") {
		t.Fatalf("the result shows %q", h.result.Selected)
	}
	h.result.SetSelectedIndex(slices.Index(results, sheet.Drawn))
	if g := s.Game(); g.Result != "1/2-1/2" || g.Tags["Termination"] != "" {
		t.Fatalf("a draw after the forfeit: %q %v", g.Result, g.Tags)
	}
}

// In German, French (and every UI language) the menu's Quit, the notation
// languages and Fyne's own words (the file chooser's) are in the UI
// language.
func TestKeysWordsInUILanguage(t *testing.T) {
	m, _ := newTestWindow(t)
	for _, tt := range []struct{ code, quit, german, cancel string }{
		{"de", "Beenden", "de Deutsch", "Abbrechen"},
		{"fr", "Quitter", "de allemand", "Annuler"},
		{"en", "Quit", "de German", "Cancel"},
		{"nl", "Afsluiten", "de Duits", "Annuleren"},
		{"hr", "Izlaz", "de njemački", "Odustani"},
	} {
		m.setLanguage(tt.code)
		items := m.win.MainMenu().Items[0].Items
		if last := items[len(items)-1]; !last.IsQuit || last.Label != tt.quit {
			t.Errorf("%s: the last item of the first menu is %q", tt.code, last.Label)
		}
		if got := strings.Join(notationNames(), "|"); !strings.Contains(got, tt.german) {
			t.Errorf("%s: notations %s", tt.code, got)
		}
		if got := lang.L("Cancel"); got != tt.cancel {
			t.Errorf("%s: Fyne says Cancel as %q", tt.code, got)
		}
	}
}
