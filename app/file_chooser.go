package app

import (
	"errors"
	"image/color"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// fileChooser is the window's file dialog (open an event, import, a
// folder to export to), a keyDialog like the others: Fyne's file dialog
// ignored Enter on the selected file (9 Tabs to its Open button) and
// mixed languages (its places, "Home", "Computer", are English whatever
// the language, and "Otvori Datoteka" was its own words glued). Here
// every word is the UI language's; Up and Down choose in the list, Enter
// opens the file chosen (or goes into the folder), Backspace goes up,
// typing a name's first letters goes to it, Escape cancels; the name
// field below takes a name or a path. It lists only what it is for, and
// it never opens a file to learn its type (issue 11: a descriptor of the
// event file opened and closed in the process drops SQLite's locks): it
// reads the folder and asks each name's kind (stat).
type fileChooser struct {
	m        *mainWindow
	kd       *keyDialog
	folders  bool     // it chooses a folder, not a file
	exts     []string // the files it lists, by extension (lower case)
	dir      string
	items    []chooserItem // dir's folders, then its files, by name
	selected int           // in items; -1 none
	list     *chooserList
	where    *widget.Label
	name     *dialogEntry
	pick     func(path string)
	typed    string // type-ahead: the letters typed lately in the list
	typedAt  time.Time
}

// chooserItem is a folder or file the chooser lists.
type chooserItem struct {
	name string
	dir  bool
}

// chooseFile shows a chooser for a file of one of exts (".pgn") in dir;
// pick gets the file chosen.
func (m *mainWindow) chooseFile(title, dir string, exts []string, pick func(path string)) *fileChooser {
	return m.newChooser(title, dir, false, exts, pick)
}

// chooseFolder shows a chooser for a folder, starting in dir.
func (m *mainWindow) chooseFolder(dir string, pick func(path string)) *fileChooser {
	return m.newChooser(T("ui.files.choosefolder"), dir, true, nil, pick)
}

func (m *mainWindow) newChooser(title, dir string, folders bool, exts []string, pick func(string)) *fileChooser {
	fc := &fileChooser{m: m, folders: folders, pick: pick, selected: -1}
	for _, e := range exts {
		fc.exts = append(fc.exts, strings.ToLower(e))
	}
	fc.list = newChooserList(fc)
	fc.where = widget.NewLabel("")
	fc.where.Truncation = fyne.TextTruncateEllipsis
	fc.name = newDialogEntry(m, "")
	places := container.NewHBox(
		widget.NewButtonWithIcon(T("ui.files.up"), theme.MoveUpIcon(), fc.up),
		widget.NewButtonWithIcon(T("ui.files.eventfolder"), theme.FolderOpenIcon(), func() { fc.open(m.eventDir()) }),
		widget.NewButtonWithIcon(T("ui.files.home"), theme.HomeIcon(), func() {
			if home, err := os.UserHomeDir(); err == nil {
				fc.open(home)
			}
		}),
		widget.NewButtonWithIcon(T("ui.files.computer"), theme.ComputerIcon(), func() { fc.open(rootOf(fc.dir)) }),
	)
	label := T("ui.files.name")
	if folders {
		label = T("ui.files.folder")
	}
	listBox := container.NewStack(minSize(fyne.NewSize(680, 320)), fc.list)
	top := container.NewVBox(places, fc.where)
	bottom := container.NewBorder(nil, nil, widget.NewLabel(label), nil, fc.name)
	// In Tab's order: the places, the list, the name.
	content := container.New(layout.NewBorderLayout(top, bottom, nil, nil), top, listBox, bottom)
	okText := T("ui.files.open")
	if folders {
		okText = T("ui.files.choose")
	}
	fc.kd = m.showDialog(dialogSpec{
		title: title, okText: okText, cancelText: T("ui.cancel"), content: content, focus: fc.list,
		ok: fc.accept, inside: fc.goesInside,
	})
	fc.open(dir)
	return fc
}

// minSize is an empty object that asks for size s.
func minSize(s fyne.Size) fyne.CanvasObject {
	r := canvas.NewRectangle(color.Transparent)
	r.SetMinSize(s)
	return r
}

// rootOf is the root of the file system dir is on ("/", "C:\").
func rootOf(dir string) string {
	return filepath.VolumeName(dir) + string(filepath.Separator)
}

// open lists folder dir; a folder that cannot be read is said in the
// dialog and the chooser stays where it was.
func (fc *fileChooser) open(dir string) {
	items, err := listFolder(dir, fc.folders, fc.exts)
	if err != nil {
		fc.kd.say(err)
		return
	}
	fc.kd.say(nil)
	fc.dir, fc.items, fc.selected = filepath.Clean(dir), items, -1
	fc.where.SetText(fc.dir)
	fc.name.SetText("")
	if fc.folders {
		fc.name.SetText(fc.dir)
	}
	fc.list.UnselectAll()
	fc.list.Refresh()
	fc.list.ScrollToTop()
}

// listFolder reads a folder: its folders, then (unless foldersOnly) its
// files with one of exts, each by name without case; hidden names
// (".git") are left out. Only the folder is read and each name stat'ed:
// no file is opened.
func listFolder(dir string, foldersOnly bool, exts []string) ([]chooserItem, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var out []chooserItem
	for _, e := range entries {
		name := e.Name()
		if strings.HasPrefix(name, ".") {
			continue
		}
		isDir := e.IsDir()
		if e.Type()&os.ModeSymlink != 0 { // a link: the kind of what it leads to
			if fi, err := os.Stat(filepath.Join(dir, name)); err == nil {
				isDir = fi.IsDir()
			}
		}
		if !isDir && (foldersOnly || !slices.Contains(exts, strings.ToLower(filepath.Ext(name)))) {
			continue
		}
		out = append(out, chooserItem{name: name, dir: isDir})
	}
	slices.SortFunc(out, func(a, b chooserItem) int {
		if a.dir != b.dir {
			if a.dir {
				return -1
			}
			return 1
		}
		return strings.Compare(strings.ToLower(a.name), strings.ToLower(b.name))
	})
	return out, nil
}

// choose selects item i (the list's highlight and the name field).
func (fc *fileChooser) choose(i int) {
	if i < 0 || i >= len(fc.items) {
		return
	}
	fc.selected = i
	fc.list.Select(i)
	if it := fc.items[i]; !it.dir {
		fc.name.SetText(it.name)
	} else if fc.folders {
		fc.name.SetText(filepath.Join(fc.dir, it.name))
	}
}

// up goes to the parent folder, the folder left selected.
func (fc *fileChooser) up() {
	parent := filepath.Dir(fc.dir)
	if parent == fc.dir {
		return
	}
	left := filepath.Base(fc.dir)
	fc.open(parent)
	for i, it := range fc.items {
		if it.dir && it.name == left {
			fc.choose(i)
		}
	}
}

// target is what OK means now: the name field's file or folder (a name
// in the folder shown, or a path), else the item selected, else (for a
// folder) the folder shown.
func (fc *fileChooser) target() string {
	if text := strings.TrimSpace(fc.name.Text); text != "" {
		if !filepath.IsAbs(text) {
			text = filepath.Join(fc.dir, text)
		}
		return text
	}
	if fc.selected >= 0 && fc.selected < len(fc.items) {
		return filepath.Join(fc.dir, fc.items[fc.selected].name)
	}
	if fc.folders {
		return fc.dir
	}
	return ""
}

// goesInside is OK (Enter) on a folder while choosing a file, or on a
// folder in the list while choosing a folder: the chooser goes into it
// and stays open.
func (fc *fileChooser) goesInside() bool {
	path := fc.target()
	fi, err := os.Stat(path)
	if err != nil || !fi.IsDir() {
		return false
	}
	if fc.folders && (filepath.Clean(path) == fc.dir || fc.m.win.Canvas().Focused() != fyne.Focusable(fc.list)) {
		return false // the folder shown, or typed and confirmed: it is the one chosen
	}
	fc.open(path)
	return true
}

// accept is OK: the file (folder) chosen goes to pick; a name that is not
// there keeps the dialog open, saying so.
func (fc *fileChooser) accept() error {
	path := fc.target()
	if path == "" {
		return errors.New(T("ui.files.nothing"))
	}
	fi, err := os.Stat(path)
	if err != nil || fi.IsDir() != fc.folders {
		return errors.New(T("ui.files.notfound", map[string]any{"Path": path}))
	}
	fc.pick(path)
	return nil
}

// activate is Enter or a double click on item i: into a folder, or the
// file chosen.
func (fc *fileChooser) activate(i int) {
	fc.choose(i)
	fc.kd.confirm()
}

// typeAhead goes to the next item whose name starts with what was typed
// in the last second.
func (fc *fileChooser) typeAhead(r rune) {
	now := time.Now()
	if now.Sub(fc.typedAt) > time.Second {
		fc.typed = ""
	}
	fc.typedAt = now
	fc.typed += strings.ToLower(string(r))
	n := len(fc.items)
	start := max(fc.selected, 0)
	if len([]rune(fc.typed)) == 1 {
		start++ // the same letter again: the next such name
	}
	for k := range n {
		i := (start + k) % n
		if strings.HasPrefix(strings.ToLower(fc.items[i].name), fc.typed) {
			fc.choose(i)
			return
		}
	}
}

// chooserList is the chooser's list: its keys (the key table's) choose,
// open, go up; letters go to a name. The selection is the cursor: the list's own focus mark is
// not drawn (it would be a second one, where the arrows no longer are).
type chooserList struct {
	widget.List
	fc *fileChooser
}

func newChooserList(fc *fileChooser) *chooserList {
	l := &chooserList{fc: fc}
	l.Length = func() int { return len(fc.items) }
	l.CreateItem = func() fyne.CanvasObject { return newChooserRow(fc) }
	l.UpdateItem = func(id widget.ListItemID, o fyne.CanvasObject) { o.(*chooserRow).set(id) }
	l.OnSelected = func(id widget.ListItemID) {
		if id != fc.selected {
			fc.choose(id)
		}
	}
	l.ExtendBaseWidget(l)
	return l
}

func (l *chooserList) FocusGained() { l.Refresh() }
func (l *chooserList) FocusLost()   { l.Refresh() }

func (l *chooserList) TypedKey(k *fyne.KeyEvent) {
	runKey(inFileList, plain(k.Name), l.handlers())
}

// handlers are what the list's keys do.
func (l *chooserList) handlers() map[keyAction]keyHandler {
	fc := l.fc
	const page = 10
	last := func() int { return len(fc.items) - 1 }
	return map[keyAction]keyHandler{
		actChooseNext:     always(func() { fc.choose(min(fc.selected+1, last())) }),
		actChoosePrev:     always(func() { fc.choose(max(fc.selected-1, 0)) }),
		actChooseFirst:    always(func() { fc.choose(0) }),
		actChooseLast:     always(func() { fc.choose(last()) }),
		actChoosePageDown: always(func() { fc.choose(min(fc.selected+page, last())) }),
		actChoosePageUp:   always(func() { fc.choose(max(fc.selected-page, 0)) }),
		actOpenItem:       always(fc.openChosen),
		actFolderUp:       always(fc.up),
		actCancel:         always(fc.kd.dismiss),
	}
}

// openChosen opens the chosen file or folder; nothing chosen: what the
// name field says.
func (fc *fileChooser) openChosen() {
	if fc.selected >= 0 {
		fc.activate(fc.selected)
	} else {
		fc.kd.confirm()
	}
}

func (l *chooserList) TypedRune(r rune) {
	if r != ' ' {
		l.fc.typeAhead(r)
	}
}

// chooserRow is one line of the list: a folder's or a file's icon and
// name. A click chooses it, a double click opens it.
type chooserRow struct {
	widget.BaseWidget
	fc   *fileChooser
	id   int
	icon *widget.Icon
	name *widget.Label
}

func newChooserRow(fc *fileChooser) *chooserRow {
	r := &chooserRow{fc: fc, icon: widget.NewIcon(nil), name: widget.NewLabel("")}
	r.name.Truncation = fyne.TextTruncateEllipsis
	r.ExtendBaseWidget(r)
	return r
}

func (r *chooserRow) set(id int) {
	r.id = id
	it := r.fc.items[id]
	if it.dir {
		r.icon.SetResource(theme.FolderIcon())
	} else {
		r.icon.SetResource(theme.FileIcon())
	}
	r.name.SetText(it.name)
}

func (r *chooserRow) Tapped(*fyne.PointEvent) {
	r.fc.choose(r.id)
	r.fc.m.win.Canvas().Focus(r.fc.list)
}

func (r *chooserRow) DoubleTapped(*fyne.PointEvent) { r.fc.activate(r.id) }

func (r *chooserRow) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(container.NewBorder(nil, nil, r.icon, nil, r.name))
}
