package app

import (
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// panelRow is a line of a panel beside the copies: a text (bold, or
// after an icon, or with a button beside it that goes to a half-move),
// or a button.
type panelRow struct {
	text         string
	bold         bool
	icon         fyne.Resource
	iconSet      bool // an icon's place before the text (empty for a blank cell)
	button, high bool // a button; it stands out (the move decided)
	do           func()
	goTo         func() // the arrow beside the text (a check's half-move)
}

// key is what the row shows, to tell whether a panel changed.
func (r panelRow) key() string {
	return fmt.Sprintf("%q %v %v %s %v %v %v", r.text, r.bold, r.iconSet, resName(r.icon), r.button, r.high, r.goTo != nil)
}

// resName names a resource ("" for none): the theme makes a new one for
// the same icon each time it is asked.
func resName(r fyne.Resource) string {
	if r == nil {
		return ""
	}
	return r.Name()
}

// kind is the shape of the row's objects: a row of the same kind is
// shown in the objects of the one before.
func (r panelRow) kind() string {
	return fmt.Sprint(r.bold, r.iconSet, r.button, r.goTo != nil)
}

// panelView is a panel's list of rows. A key that changes a row shows it
// in that row's objects (a label's text, a button's), not in new ones: a
// new label is laid out whole, and every key changed the panels.
type panelView struct {
	box   *fyne.Container
	items []panelItem
}

// panelItem is a row as shown.
type panelItem struct {
	kind   string
	key    string // the row it shows (panelRow.key)
	obj    fyne.CanvasObject
	label  *widget.Label
	icon   *widget.Icon
	button *widget.Button
}

func newPanelView() *panelView { return &panelView{box: container.NewVBox()} }

// show shows rows. A row shown before keeps its objects wherever it
// moves: a check that comes or goes above others shifts them, and set
// again in the rows' places every label after it was laid out anew (its
// text shaped, wrapped) at each key, most of a key's time in a window
// typing at 40 keys a second (bench/keepup.sh). A new row takes the
// objects of one of its kind that is gone, else new ones.
func (pv *panelView) show(rows []panelRow) {
	free := map[string][]int{} // the items shown, by what they show
	for j, it := range pv.items {
		free[it.key] = append(free[it.key], j)
	}
	taken := make([]bool, len(pv.items))
	next := make([]panelItem, len(rows))
	var rest []int // the rows shown by no item
	for i, r := range rows {
		k := r.key()
		if l := free[k]; len(l) > 0 {
			j := l[0]
			free[k], taken[j] = l[1:], true
			next[i] = pv.items[j]
			next[i].update(r) // its handlers: the same text may go to another ply
			continue
		}
		rest = append(rest, i)
	}
	byKind := map[string][]int{}
	for j, it := range pv.items {
		if !taken[j] {
			byKind[it.kind] = append(byKind[it.kind], j)
		}
	}
	for _, i := range rest {
		r := rows[i]
		if l := byKind[r.kind()]; len(l) > 0 {
			next[i], byKind[r.kind()] = pv.items[l[0]], l[1:]
			next[i].update(r)
			continue
		}
		next[i] = newPanelItem(r)
	}
	changed := len(next) != len(pv.items)
	for i := range next {
		changed = changed || next[i].obj != pv.items[i].obj
	}
	pv.items = next
	if !changed {
		return
	}
	objs := make([]fyne.CanvasObject, len(pv.items))
	for i, it := range pv.items {
		objs[i] = it.obj
	}
	pv.box.Objects = objs
	pv.box.Refresh()
}

func newPanelItem(r panelRow) panelItem {
	it := panelItem{kind: r.kind()}
	if r.button {
		it.button = widget.NewButton("", nil)
		it.obj = it.button
	} else {
		it.label = wrapped(widget.NewLabel(""))
		if r.bold {
			it.label.TextStyle = fyne.TextStyle{Bold: true}
		}
		it.obj = it.label
		switch {
		case r.iconSet:
			it.icon = widget.NewIcon(nil)
			it.obj = container.NewBorder(nil, nil, it.icon, nil, it.label)
		case r.goTo != nil:
			it.button = widget.NewButtonWithIcon("", theme.NavigateNextIcon(), nil)
			it.obj = container.NewBorder(nil, nil, nil, it.button, it.label)
		}
	}
	it.update(r)
	return it
}

// update shows r in the item's objects, refreshing what changed.
func (it *panelItem) update(r panelRow) {
	it.key = r.key()
	if it.label != nil {
		setLabel(it.label, r.text)
	}
	if it.icon != nil && resName(it.icon.Resource) != resName(r.icon) {
		it.icon.SetResource(r.icon)
	}
	if it.button == nil {
		return
	}
	do := r.do
	if r.goTo != nil {
		do = r.goTo
	}
	it.button.OnTapped = do
	if r.button {
		imp := widget.MediumImportance
		if r.high {
			imp = widget.HighImportance
		}
		if it.button.Text != r.text || it.button.Importance != imp {
			it.button.Text, it.button.Importance = r.text, imp
			it.button.Refresh()
		}
	}
}
