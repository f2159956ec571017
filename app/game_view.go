package app

import (
	"fmt"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/widget"

	"scoresheet/app/session"
	"scoresheet/rules"
	"scoresheet/sheet"
)

// gameView is the game being typed: the header form, the two copies
// side by side, and beside them the board, the moves, the selected
// cell's findings and the arbiter checks.
type gameView struct {
	s      *session.Session
	canvas func() fyne.Canvas
	onEdit func() // after every edit: the window updates the navigator and the saved state
	onErr  func(error)
	onSay  func(string) // a word on the status line (mainWindow.say)
	// onShortcut does the window's shortcuts typed in the cell or the
	// header (Fyne gives them to the focused entry, not the window).
	onShortcut func(fyne.Shortcut) bool

	entry    *cellEntry
	handlers map[keyAction]keyHandler // what the cell's keys do (cellHandlers)
	copies   [2]*copyView
	held     *cellView // the cell holding the entry

	header   *headerForm
	board    *boardView
	moves    *movesView
	notation *widget.Select
	noteIdx  int             // 0 figurine, else 1 + index into rules.Languages()
	findings *fyne.Container // the Cell panel's rows (findPanel's box)
	checks   *fyne.Container // the Checks panel's rows (checkPanel's box)
	// findPanel, checkPanel keep the panels' rows from key to key.
	findPanel, checkPanel *panelView
	checkSig              string
	checkStale            bool // the Checks panel, hidden, was not drawn since the checks changed
	// The scrolls of the two panels: their offset is kept within their
	// content when the content changes (see showPanel).
	findScrl, checkScrl *container.Scroll
	findAt              session.Cursor // the cell whose findings are shown
	findSig             string         // what the Cell panel says (refreshFindings)
	checkRows           []checkRow     // the checks with a half-move to go to (Ctrl+K)
	checkAt             *widget.Button // the check Ctrl+K went to last
	tabs                *panelTabs     // Cell and Checks

	content fyne.CanvasObject
}

func newGameView(s *session.Session, canvas func() fyne.Canvas) *gameView {
	gv := &gameView{s: s, canvas: canvas, onEdit: func() {}, onErr: func(error) {}}
	gv.entry = newCellEntry(gv)
	gv.handlers = gv.cellHandlers()
	gv.entry.OnChanged = gv.typed
	gv.copies[0] = newCopyView(gv, sheet.WhiteCopy)
	gv.copies[1] = newCopyView(gv, sheet.BlackCopy)
	gv.header = newHeaderForm(gv)
	gv.board = newBoardView()
	gv.moves = newMovesView()
	gv.notation = widget.NewSelect(notationNames(), func(string) {
		gv.noteIdx = gv.notation.SelectedIndex()
		gv.refreshMoves()
	})
	gv.notation.SetSelectedIndex(0)
	gv.findPanel, gv.checkPanel = newPanelView(), newPanelView()
	gv.findings, gv.checks = gv.findPanel.box, gv.checkPanel.box

	sheets := newSheetsView(gv.copies[0], gv.copies[1])
	// The notation's choice under the word "Moves", not beside it: beside
	// the board the panel is narrow on a laptop's screen.
	movesBox := container.NewBorder(container.NewVBox(widget.NewLabel(T("ui.moves")), gv.notation), nil, nil, nil,
		container.NewVScroll(gv.moves))
	side := container.NewVSplit(
		container.NewBorder(nil, nil, nil, nil, container.NewHSplit(gv.board, movesBox)),
		gv.newTabs())
	split := container.NewHSplit(sheets, side)
	split.Offset = 0.58
	gv.content = topFirst(gv.header.box, split)
	return gv
}

// topFirst lays out top above center. Tab goes through the controls in
// the order of their containers' objects, and container.NewBorder puts
// the center before the top: the header's fields came after the copies,
// and the copies' choices after their cells, where Tab confirms the cell
// and never leaves it. Here the top comes first.
func topFirst(top, center fyne.CanvasObject) *fyne.Container {
	return container.New(layout.NewBorderLayout(top, nil, nil, nil), top, center)
}

// newTabs makes the Cell and Checks panels; a choice of panel leaves the
// focus in the cell, so Ctrl+1 still chooses a candidate. It returns
// what to lay out (the container itself: Fyne walks only *fyne.Container).
func (gv *gameView) newTabs() *fyne.Container {
	gv.findScrl, gv.checkScrl = container.NewVScroll(gv.findings), container.NewVScroll(gv.checks)
	gv.tabs = newPanelTabs(panelTab{T("ui.findings"), gv.findScrl}, panelTab{T("ui.checks"), gv.checkScrl})
	gv.tabs.OnSelected = func(int) { gv.focus() }
	gv.tabs.onShow = func(i int) {
		if i == checksTab && gv.checkStale {
			gv.refreshChecks()
		}
	}
	return gv.tabs.Container
}

func notationNames() []string {
	out := []string{T("ui.notation.figurine")}
	for _, l := range rules.Languages() {
		out = append(out, notationLangName(l))
	}
	return out
}

// notationLangName names a notation language in the UI language: "de
// Deutsch", "de German"; the code first (copies' choices are read by it).
func notationLangName(l *rules.Letters) string {
	return l.Code + " " + TF("ui.notation.lang."+l.Code, l.Name)
}

func (gv *gameView) notationAt() rules.Notation {
	if gv.noteIdx <= 0 {
		return rules.Notation{Figurine: true}
	}
	return rules.Notation{Letters: rules.Languages()[gv.noteIdx-1]}
}

// load shows the session's game, the entry in the cursor's cell. The
// cell views stay (every board is drawn in the same cells), and so does
// the record of which one holds the entry: afterMove takes the entry out
// of it. A panel shows a new board's findings and checks from the top.
func (gv *gameView) load() {
	gv.header.load()
	gv.findScrl.ScrollToOffset(fyne.Position{})
	gv.checkScrl.ScrollToOffset(fyne.Position{})
	gv.afterMove()
}

// typed is the entry's OnChanged: save and judge the cell.
func (gv *gameView) typed(text string) {
	got, err := gv.s.Type(text)
	if err != nil {
		gv.onErr(err)
	}
	if got != text {
		gv.entry.setQuiet(got)
	}
	gv.refresh()
}

// refresh draws everything from the session after an edit: the header's
// fields that are not being edited too (an undo, or another writer, may
// have changed them).
func (gv *gameView) refresh() {
	gv.header.refresh()
	gv.copies[0].refresh()
	gv.copies[1].refresh()
	gv.refreshBoard()
	gv.refreshMoves()
	gv.refreshFindings()
	gv.refreshChecks()
	gv.onEdit()
}

// afterMove puts the entry in the cursor's cell with its text.
func (gv *gameView) afterMove() {
	gv.refresh()
	cur := gv.s.Cursor()
	cv := gv.copies[cur.Side]
	c := cv.cellAt(cur.Index)
	gv.hold(c)
	cell, _ := gv.s.Cell(cur.Side, cur.Index)
	if at, text, ok := gv.s.Typed(); ok && at == cur {
		cell.Text = text // typed while the server could not be reached: kept on screen
	}
	gv.entry.setQuiet(cell.Text)
	gv.focus()
	if c != nil {
		cv.scrollTo(cv.rowY(cur.Index))
	}
}

// hold puts the entry in cell c (nil: in no cell). The entry is one
// widget: it must leave the cell that held it, or that cell goes on
// drawing it, a second cursor showing the text of another cell.
func (gv *gameView) hold(c *cellView) {
	if c == gv.held {
		return
	}
	if gv.held != nil {
		gv.held.stack.Remove(gv.entry)
		gv.held.stack.Refresh()
	}
	if c != nil {
		c.stack.Add(gv.entry)
		c.stack.Refresh()
	}
	gv.held = c
}

// rowY returns the y of a cell's row in its copy.
func (cv *copyView) rowY(i int) float32 {
	r, _ := cv.w.s.RowCol(i)
	if r < 0 || r >= len(cv.rows) {
		return 0
	}
	return cv.vbox.Objects[r].Position().Y
}

// scrollTo keeps a row at y in view.
func (cv *copyView) scrollTo(y float32) {
	off := cv.scrl.Offset.Y
	h := cv.scrl.Size().Height
	if h <= 0 {
		return
	}
	if y < off || y+rowHeight > off+h {
		cv.scrl.ScrollToOffset(fyne.NewPos(0, max(0, y-h/2)))
	}
}

func (gv *gameView) focus() {
	if c := gv.canvas(); c != nil {
		c.Focus(gv.entry)
	}
}

func (gv *gameView) do(err error) {
	if err != nil {
		gv.onErr(err)
	}
	gv.afterMove()
}

func (gv *gameView) next()       { gv.do(gv.s.Next()) }
func (gv *gameView) prev()       { gv.do(gv.s.Prev()) }
func (gv *gameView) switchCopy() { gv.do(gv.s.SwitchCopy()) }

// cellHandlers are what the cell's keys do; which key does which is the
// key table's (keys.go).
func (gv *gameView) cellHandlers() map[keyAction]keyHandler {
	return map[keyAction]keyHandler{
		actNext: always(gv.next), actPrev: always(gv.prev),
		actPrevAtStart: gv.atEdge(gv.entry.atStart, gv.prev),
		actNextAtEnd:   gv.atEdge(gv.entry.atEnd, gv.next),
		actUp:          always(func() { gv.do(gv.s.Up()) }),
		actDown:        always(func() { gv.do(gv.s.Down()) }),
		actSwitchCopy:  always(gv.switchCopy),
		actDraw:        always(func() { gv.do(gv.s.ToggleDraw()) }),
		actUndo:        always(func() { gv.do(gv.s.Undo()) }),
		actRedo:        always(func() { gv.do(gv.s.Redo()) }),
		actInsertCell:  always(func() { gv.do(gv.s.InsertCell()) }),
		actDeleteCell:  always(func() { gv.do(gv.s.DeleteCell()) }),
		actRealign:     always(func() { gv.do(gv.s.AcceptRealign()) }),
		actWriteKept:   always(gv.writeKept),
		actDropKept:    always(gv.dropKept),
		actCandidate:   func(c chord) bool { gv.chooseCandidate(int(c.Key[0] - '1')); return true },
	}
}

// atEdge is Left's and Right's handler: the previous or next cell when
// the caret is at the text's edge, else the entry's own caret move.
func (gv *gameView) atEdge(at func() bool, move func()) keyHandler {
	return func(chord) bool {
		if !at() {
			return false
		}
		move()
		return true
	}
}

// key does a key typed in the cell (cellKeys). Shift with a key the
// table binds only without it is that key (Shift+Enter is Enter): only
// Shift+Tab is a key of its own.
func (gv *gameView) key(c chord) bool {
	if _, ok := bindingFor(inCell, c); !ok && c.Mod == fyne.KeyModifierShift {
		c.Mod = 0
	}
	return runKey(inCell, c, gv.handlers)
}

// shortcut does the cell's shortcuts (Ctrl+D, Ctrl+Z, ...), typed from
// any focus; the others go to the window.
func (gv *gameView) shortcut(s fyne.Shortcut) bool {
	if c, ok := chordOf(s); ok && runKey(inCell, c, gv.handlers) {
		return true
	}
	return gv.onShortcut != nil && gv.onShortcut(s)
}

// leave is Ctrl+Tab (next) and Ctrl+Shift+Tab (previous): the focus
// goes to the next control in Tab's order from wherever it is, the cell
// too, where Tab confirms the cell and goes to the next.
func (gv *gameView) leave(next bool) {
	c := gv.canvas()
	if c == nil {
		return
	}
	if next {
		c.FocusNext()
	} else {
		c.FocusPrevious()
	}
}

func (gv *gameView) tapCell(side sheet.Side, i int) {
	if i < 0 {
		return
	}
	gv.do(gv.s.MoveTo(session.Cursor{Side: side, Index: i}))
}

func (gv *gameView) setLang(side sheet.Side, code string) {
	if g := gv.s.Game(); g == nil || g.Copies[side].Lang == code {
		return
	}
	gv.chosen(gv.copies[side].lang, gv.s.SetLang(side, code))
}

func (gv *gameView) setConsulted(side sheet.Side, consulted bool) {
	if g := gv.s.Game(); g == nil || g.Copies[side].Consulted == consulted {
		return
	}
	gv.chosen(gv.copies[side].mode, gv.s.SetConsulted(side, consulted))
}

func (gv *gameView) setCopyResult(side sheet.Side, result sheet.Result) {
	if g := gv.s.Game(); g == nil || g.Copies[side].Result == result {
		return
	}
	gv.chosen(gv.copies[side].result, gv.s.SetCopyResult(side, result))
}

// chosen redraws after a choice made in a copy's head (sel). A choice
// made from the keyboard keeps the focus there, so that Tab goes on to
// the next control (the other copy's choices); one made with the mouse
// sends the typing back to the cell.
func (gv *gameView) chosen(sel *headSelect, err error) {
	gv.do(err)
	if c := gv.canvas(); c != nil && sel != nil && sel.byKeys {
		c.Focus(sel)
	}
}

// headSelect is a choice in a copy's head (its result, its notation).
type headSelect struct {
	widget.Select
	gv     *gameView
	byKeys bool // the last choice was opened from the keyboard
}

func newHeadSelect(gv *gameView, options []string, changed func(string)) *headSelect {
	s := &headSelect{gv: gv}
	s.Options, s.OnChanged = options, changed
	s.ExtendBaseWidget(s)
	return s
}

func (s *headSelect) Tapped(e *fyne.PointEvent) {
	s.byKeys = false
	s.Select.Tapped(e)
}

func (s *headSelect) TypedKey(k *fyne.KeyEvent) {
	s.byKeys = true
	s.Select.TypedKey(k)
}

// TypedRune: a choice takes no text; what is typed there is the cell's
// (but for the space of Space, which opened the choice).
func (s *headSelect) TypedRune(r rune) {
	if r == ' ' {
		return
	}
	s.gv.focus()
	s.gv.entry.typeRune(r)
}

// selectedPly returns the cursor's ply, or nil.
func (gv *gameView) selectedPly() (*sheet.CopyCell, *sheet.Ply) {
	cur := gv.s.Cursor()
	return gv.s.Reading(cur.Side, cur.Index)
}

func (gv *gameView) refreshBoard() {
	_, p := gv.selectedPly()
	switch {
	case p != nil:
		gv.board.SetPosition(p.After)
	case gv.s.Reconciled() != nil && gv.s.Reconciled().Final != nil:
		gv.board.SetPosition(gv.s.Reconciled().Final)
	}
}

func (gv *gameView) refreshMoves() {
	rec := gv.s.Reconciled()
	if rec == nil {
		return
	}
	n := gv.notationAt()
	var words []string
	for i, p := range rec.Plies {
		if p.Move == rules.NoMove {
			continue
		}
		w := p.Before.Write(p.Move, n)
		if p.Before.Turn() == rules.White {
			w = fmt.Sprintf("%d. %s", p.Before.MoveNumber(), w)
		} else if i == 0 || rec.Plies[i-1].Move == rules.NoMove {
			w = fmt.Sprintf("%d… %s", p.Before.MoveNumber(), w)
		}
		if p.Status.NeedsDecision() {
			w += "?"
		}
		words = append(words, w)
	}
	if g := gv.s.Game(); g != nil && g.Result != "" {
		words = append(words, string(g.Result))
	}
	gv.moves.SetWords(words)
}

// candidates returns the moves the arbiter may choose at the cursor's ply.
func (gv *gameView) candidates() (*sheet.Ply, []rules.Move) {
	cc, p := gv.selectedPly()
	if p == nil {
		return nil, nil
	}
	ms := p.Candidates
	if len(ms) == 0 && cc != nil {
		ms = cc.Reading.Candidates
	}
	return p, ms
}

func (gv *gameView) chooseCandidate(k int) {
	p, ms := gv.candidates()
	if p == nil || k < 0 || k >= len(ms) {
		return
	}
	gv.do(gv.s.Decide(p.Ply, ms[k]))
}

// refreshFindings shows the cursor cell's verdict and findings in words,
// the rule of each, and the candidate moves as buttons. The panel is
// built again only when what it says changes: most keys change nothing
// there, and new labels are laid out (every glyph shaped) anew.
func (gv *gameView) refreshFindings() {
	cur := gv.s.Cursor()
	cc, p := gv.selectedPly()
	color := T("ui.copy." + cur.Side.String())
	rows := []panelRow{{text: T("ui.cell.title", map[string]any{"Ply": cur.Index + 1, "Copy": color}), bold: true}}
	if gv.s.NotLookedUp(cur.Side, cur.Index) {
		// Not a missing move: the arbiter did not look it up (yet).
		rows = append(rows, panelRow{text: T("ui.cell.notlookedup")})
	} else if cc != nil {
		st := cc.Reading.Status
		rows = append(rows, panelRow{text: TF("status."+st.String(), st.String()), icon: statusIcon(st), iconSet: true})
		for _, f := range cc.Reading.Findings {
			rows = append(rows, panelRow{text: TF("finding."+string(f.Code), string(f.Code)) + "  (" + T("ui.rule", map[string]any{"Rule": f.Article()}) + ")"})
		}
	}
	sig := ""
	if p != nil {
		sig = strconv.Itoa(p.Ply) // the buttons decide this ply
		rows = append(rows, panelRow{text: T("ui.ply.status") + ": " + TF("ply."+string(p.Status), string(p.Status))})
		rows = append(rows, gv.realignNotes(p)...)
		if p.Decision != nil {
			rows = append(rows, panelRow{text: T("ui.decided", map[string]any{"Move": p.Before.Write(p.Move, gv.copyNotation(cur.Side)), "By": p.Decision.By})})
		}
		_, ms := gv.candidates()
		if len(ms) > 0 {
			rows = append(rows, panelRow{text: T("ui.candidates")})
			for k, m := range ms {
				label := p.Before.Write(m, gv.copyNotation(cur.Side))
				if k < 9 {
					label = fmt.Sprintf("%s   Ctrl+%d", label, k+1)
				}
				ply := p.Ply
				rows = append(rows, panelRow{text: label, button: true, high: p.Status == sheet.PlyDecided && p.Move == m,
					do: func() { gv.do(gv.s.Decide(ply, m)) }})
			}
		}
	}
	for _, r := range rows {
		sig += "\x00" + r.key()
	}
	if sig == gv.findSig && gv.findAt == cur {
		return
	}
	gv.findSig = sig
	showPanel(gv.findScrl, gv.findPanel, rows, gv.findAt != cur)
	gv.findAt = cur
}

// showPanel shows rows in a panel. A scrolled panel refreshes its
// scroll too, which keeps the offset within the new list: refreshing the
// list alone leaves the offset, and a list shorter than the old one sits
// above the view, the panel empty until the tab is switched. A new list
// (another cell or board) shows from the top. At the top nothing can be
// out of view: the keystroke does not pay for the scroll's layout.
func showPanel(scrl *container.Scroll, pv *panelView, rows []panelRow, top bool) {
	pv.show(rows)
	if scrl.Offset.Y == 0 {
		return
	}
	if top {
		scrl.Offset = fyne.Position{}
	}
	scrl.Refresh()
}

// setLabel sets a label's text when it differs: Fyne's SetText lays the
// text out again (shaping every glyph, wrapping) even when it is the
// same, and the window's labels are set after every key.
func setLabel(l *widget.Label, text string) {
	if l.Text != text {
		l.SetText(text)
	}
}

// wrapped makes a label wrap at word boundaries: the panels beside the
// copies are narrow, and a label that does not wrap would widen the whole
// window past a laptop's screen.
func wrapped(l *widget.Label) *widget.Label {
	l.Wrapping = fyne.TextWrapWord
	return l
}

// copyNotation is the notation a copy is written in.
func (gv *gameView) copyNotation(side sheet.Side) rules.Notation {
	if g := gv.s.Game(); g != nil {
		if l, ok := rules.LettersFor(g.CopyLang(side)); ok {
			return rules.Notation{Letters: l}
		}
	}
	return rules.Notation{}
}

// checkText says an arbiter check's finding in words.
func checkText(f sheet.CheckFinding) string {
	data := map[string]any{
		"Ply": f.Ply, "Article": f.Article, "Side": T("ui.side." + string(f.Side)), "Copy": T("ui.copy." + string(f.Copy)),
		"Count": f.Count, "Want": f.Want, "Period": f.Period, "Text0": f.Texts[0], "Text1": f.Texts[1],
		"Texts": f.Texts, "Plies": f.Plies,
	}
	s := TF("check."+string(f.Code), string(f.Code), data)
	if f.Ply > 0 {
		s = T("ui.check.ply", map[string]any{"Ply": f.Ply}) + ": " + s
	}
	if f.Article != "" {
		s += "  (" + T("ui.rule", map[string]any{"Rule": f.Article}) + ")"
	}
	return s
}

// checksTab is the Checks panel's place in the tabs.
const checksTab = 1

// refreshChecks lists the arbiter checks; each goes to its ply. Hidden
// behind the Cell panel, the list is drawn when it comes up: its labels
// laid out again at each key took most of a key's time while typing.
func (gv *gameView) refreshChecks() {
	if gv.tabs != nil && gv.tabs.SelectedIndex() != checksTab {
		gv.checkStale = true
		return
	}
	gv.checkStale = false
	checks := gv.s.Checks()
	var sig strings.Builder
	sig.WriteString(Language())
	for _, f := range checks {
		fmt.Fprintf(&sig, "|%+v", f) // every field: each can be in the words (Want, Period, Plies)
	}
	if sig.String() == gv.checkSig {
		return
	}
	gv.checkSig = sig.String()
	rows := gv.checkRowsOf(checks)
	showPanel(gv.checkScrl, gv.checkPanel, rows, false)
	gv.checkRows, gv.checkAt = nil, nil
	for _, it := range gv.checkPanel.items {
		if it.button != nil {
			gv.checkRows = append(gv.checkRows, checkRow{it.obj, it.button})
		}
	}
}

// goToCheck puts the cursor on a check's ply, in the copy it names
// (else the copy the cursor is in, or the other when only the other has
// the half-move written: Session.MoveToPly).
func (gv *gameView) goToCheck(f sheet.CheckFinding) {
	if side, ok := f.Copy.Side(); ok {
		gv.do(gv.s.MoveTo(session.Cursor{Side: side, Index: f.Ply - 1}))
		return
	}
	gv.do(gv.s.MoveToPly(gv.s.Cursor().Side, f.Ply-1))
}

// checkRowsOf are the Checks panel's rows for checks.
func (gv *gameView) checkRowsOf(checks []sheet.CheckFinding) []panelRow {
	var rows []panelRow
	if len(checks) == 0 {
		rows = append(rows, panelRow{text: T("ui.checks.none")})
	}
	for _, f := range checks {
		// The text wraps; the button beside it goes to the check's ply.
		r := panelRow{text: checkText(f)}
		if f.Ply > 0 {
			r.goTo = func() { gv.goToCheck(f) }
		}
		rows = append(rows, r)
	}
	return rows
}
