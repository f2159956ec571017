package app

import (
	"errors"
	"maps"
	"slices"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"scoresheet/sheet"
)

// headerForm is the game's header: players, ratings, round, board,
// date, result, and each player's title, FIDE ID and federation. A field
// is saved when the cursor leaves it; a field that does not read (round
// "Q1", federation "Croatia") is refused where it is, marked as the
// event settings mark theirs, and the game keeps its value.
type headerForm struct {
	gv                       *gameView
	white, black, wElo, bElo *leaveEntry
	round, board, date       *leaveEntry
	details                  [2]playerDetails // by sheet.Side
	result                   *widget.Select
	box                      *fyne.Container
	loading                  bool
}

// playerDetails are the fields of a player as the pairing program and
// FIDE know him: title, FIDE ID, federation.
type playerDetails struct {
	title, fideID, federation *leaveEntry
}

// A forfeit (FIDE: "+" / "-" on the pairing list) has no result token in
// PGN: it is the result with the tag Termination "rules infraction", the
// PGN standard's (9.8.1) word for an administrative forfeit, which the
// PGN export writes as it writes every tag of the game.
const (
	terminationTag = "Termination"
	forfeitTerm    = "rules infraction"
	forfeitWhite   = "1-0 forfeit" // the values of the result choice, shown in words
	forfeitBlack   = "0-1 forfeit"
)

var results = []string{"", "1-0", "0-1", "1/2-1/2", "*", forfeitWhite, forfeitBlack}

// resultName shows a result choice in the UI language.
func resultName(r string) string {
	switch r {
	case forfeitWhite:
		return T("ui.result.forfeit.white")
	case forfeitBlack:
		return T("ui.result.forfeit.black")
	}
	return r
}

// resultChoice is the choice a game's result and tags make.
func resultChoice(g *sheet.Game) string {
	if g.Tags[terminationTag] == forfeitTerm {
		switch g.Result {
		case "1-0":
			return forfeitWhite
		case "0-1":
			return forfeitBlack
		}
	}
	return g.Result
}

// setResult writes a result choice into a game: the result, and the
// Termination tag for a forfeit (removed when a forfeit is undone).
func setResult(g *sheet.Game, choice string) {
	g.Tags = maps.Clone(g.Tags)
	forfeit := choice == forfeitWhite || choice == forfeitBlack
	switch {
	case forfeit:
		if g.Tags == nil {
			g.Tags = map[string]string{}
		}
		g.Tags[terminationTag] = forfeitTerm
		g.Result = strings.TrimSuffix(choice, " forfeit")
	default:
		if g.Tags[terminationTag] == forfeitTerm {
			delete(g.Tags, terminationTag)
		}
		g.Result = choice
	}
}

func newHeaderForm(gv *gameView) *headerForm {
	h := &headerForm{gv: gv}
	mk := func(ph string, valid func(string) bool) *leaveEntry {
		e := newLeaveEntry(h.save)
		e.SetPlaceHolder(ph)
		e.shortcut = gv.shortcut
		if valid != nil {
			e.Validator = func(s string) error {
				if !valid(strings.TrimSpace(s)) {
					return errors.New(T("ui.error.field"))
				}
				return nil
			}
		}
		return e
	}
	number := func(s string) bool { _, ok := positive(s); return ok }
	h.white, h.black = mk(T("ui.header.white"), nil), mk(T("ui.header.black"), nil)
	h.wElo, h.bElo = mk(T("ui.header.rating"), validRating), mk(T("ui.header.rating"), validRating)
	h.round, h.board = mk(T("ui.header.round"), number), mk(T("ui.header.board"), number)
	h.date = mk("YYYY.MM.DD", func(s string) bool { return s == "" || sheet.IsPGNDate(s) })
	for i := range h.details {
		h.details[i] = playerDetails{title: mk("GM", validTitle), fideID: mk("", validFideID), federation: mk("CRO", validFederation)}
	}
	var names []string
	for _, r := range results {
		names = append(names, resultName(r))
	}
	h.result = widget.NewSelect(names, func(string) { h.save() })
	h.result.PlaceHolder = T("ui.header.result")
	lab := func(k string) *widget.Label { return widget.NewLabel(T(k)) }
	h.box = container.NewVBox(
		container.NewGridWithColumns(4,
			container.NewBorder(nil, nil, lab("ui.header.white"), nil, h.white),
			container.NewBorder(nil, nil, lab("ui.header.rating"), nil, h.wElo),
			container.NewBorder(nil, nil, lab("ui.header.black"), nil, h.black),
			container.NewBorder(nil, nil, lab("ui.header.rating"), nil, h.bElo),
		),
		container.NewGridWithColumns(4,
			container.NewBorder(nil, nil, lab("ui.header.round"), nil, h.round),
			container.NewBorder(nil, nil, lab("ui.header.board"), nil, h.board),
			container.NewBorder(nil, nil, lab("ui.header.date"), nil, h.date),
			container.NewBorder(nil, nil, lab("ui.header.result"), nil, container.New(capWidth{120}, h.result)),
		),
		container.NewGridWithColumns(2, h.detailCells(lab)...),
	)
	return h
}

// detailCells lays out White's details, then Black's, each field with
// its label: the row's halves stand under the players' names. The title
// and the federation are as wide as their longest value (WGM, CRO) and
// the FIDE ID takes the rest, at least its 11 digits: in six equal
// columns it showed 7 of them at 1366x768.
func (h *headerForm) detailCells(lab func(string) *widget.Label) []fyne.CanvasObject {
	var out []fyne.CanvasObject
	for _, d := range h.details {
		title := container.NewBorder(nil, nil, lab("ui.header.title"), nil, container.New(fixedWidth{fieldWidth("WGM")}, d.title))
		fed := container.NewBorder(nil, nil, lab("ui.header.federation"), nil, container.New(fixedWidth{fieldWidth("CRO")}, d.federation))
		id := container.NewBorder(nil, nil, lab("ui.header.fideid"), nil, container.New(minWidth{fieldWidth("99999999999")}, d.fideID))
		// In Tab's order: title, FIDE ID, federation (NewBorder would put
		// the FIDE ID, its center, first).
		out = append(out, container.New(layout.NewBorderLayout(nil, nil, title, fed), title, id, fed))
	}
	return out
}

// fieldWidth is the width of an entry that shows sample whole beside its
// validation mark.
func fieldWidth(sample string) float32 {
	pad := theme.InnerPadding()
	return fyne.MeasureText(sample, theme.TextSize(), fyne.TextStyle{}).Width + 4*pad + theme.IconInlineSize() + 2*theme.InputBorderSize()
}

// fixedWidth lays out one object w wide; minWidth at least w wide.
type (
	fixedWidth struct{ w float32 }
	minWidth   struct{ w float32 }
)

func (f fixedWidth) MinSize(objs []fyne.CanvasObject) fyne.Size {
	return fyne.NewSize(f.w, objs[0].MinSize().Height)
}

func (f fixedWidth) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	objs[0].Move(fyne.NewPos(0, 0))
	objs[0].Resize(size)
}

func (m minWidth) MinSize(objs []fyne.CanvasObject) fyne.Size {
	ms := objs[0].MinSize()
	return fyne.NewSize(max(ms.Width, m.w), ms.Height)
}

func (m minWidth) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	objs[0].Move(fyne.NewPos(0, 0))
	objs[0].Resize(size)
}

// fideTitles are the titles FIDE awards, as the TRF and PGN write them.
var fideTitles = []string{"GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM"}

// validTitle: none, or a FIDE title.
func validTitle(s string) bool { return s == "" || slices.Contains(fideTitles, s) }

// validFideID: none, or a FIDE ID: digits, as many as the TRF's column
// has room for (11).
func validFideID(s string) bool { return len(s) <= 11 && allBetween(s, '0', '9') }

// validFederation: none, or a federation's three capital letters (CRO).
func validFederation(s string) bool { return s == "" || len(s) == 3 && allBetween(s, 'A', 'Z') }

// allBetween reports whether every character of s is one of lo..hi.
func allBetween(s string, lo, hi rune) bool {
	for _, r := range s {
		if r < lo || r > hi {
			return false
		}
	}
	return true
}

// validRating: none, or an Elo number.
func validRating(s string) bool {
	if s == "" {
		return true
	}
	n, err := strconv.Atoi(s)
	return err == nil && n >= 0 && n <= 4000
}

func itoa0(n int) string {
	if n == 0 {
		return ""
	}
	return strconv.Itoa(n)
}

func (h *headerForm) load() {
	g := h.gv.s.Game()
	if g == nil {
		return
	}
	h.loading = true
	defer func() { h.loading = false }()
	h.white.SetText(g.White.Name)
	h.black.SetText(g.Black.Name)
	h.wElo.SetText(itoa0(g.White.Rating))
	h.bElo.SetText(itoa0(g.Black.Rating))
	h.round.SetText(itoa0(g.Round))
	h.board.SetText(itoa0(g.Board))
	h.date.SetText(g.Date)
	for i, p := range [2]sheet.Player{g.White, g.Black} {
		d := h.details[i]
		d.title.SetText(p.Title)
		d.fideID.SetText(p.FideID)
		d.federation.SetText(p.Federation)
	}
	h.result.SetSelectedIndex(max(0, indexOf(results, resultChoice(g))))
}

// showResult shows the game's result when it changed by another way than
// the choice (a result typed after a copy's last move, undo).
func (h *headerForm) showResult() {
	g := h.gv.s.Game()
	if g == nil {
		return
	}
	i := max(0, indexOf(results, resultChoice(g)))
	if h.result.SelectedIndex() == i {
		return
	}
	h.loading = true
	h.result.SetSelectedIndex(i)
	h.loading = false
}

func indexOf(list []string, s string) int {
	for i, v := range list {
		if v == s {
			return i
		}
	}
	return -1
}

// field reads an entry when it is valid; else the game keeps old.
func field[T any](e *leaveEntry, old T, read func(string) T) T {
	if e.Validator != nil && e.Validator(e.Text) != nil {
		return old
	}
	return read(strings.TrimSpace(e.Text))
}

// save applies the form to the game when it differs (one undo step).
func (h *headerForm) save() {
	g := h.gv.s.Game()
	if g == nil || h.loading {
		return
	}
	n := *g
	atoi := func(s string) int { v, _ := strconv.Atoi(s); return v }
	n.White.Name, n.Black.Name = strings.TrimSpace(h.white.Text), strings.TrimSpace(h.black.Text)
	n.White.Rating = field(h.wElo, g.White.Rating, atoi)
	n.Black.Rating = field(h.bElo, g.Black.Rating, atoi)
	n.Round = field(h.round, g.Round, atoi)
	n.Board = field(h.board, g.Board, atoi)
	same := func(s string) string { return s }
	n.Date = field(h.date, g.Date, same)
	for i, p := range [2]*sheet.Player{&n.White, &n.Black} {
		d := h.details[i]
		p.Title = field(d.title, p.Title, same)
		p.FideID = field(d.fideID, p.FideID, same)
		p.Federation = field(d.federation, p.Federation, same)
	}
	if i := h.result.SelectedIndex(); i >= 0 {
		setResult(&n, results[i])
	}
	if n.White == g.White && n.Black == g.Black && n.Round == g.Round && n.Board == g.Board && n.Date == g.Date &&
		n.Result == g.Result && maps.Equal(n.Tags, g.Tags) {
		return
	}
	if err := h.gv.s.SetHeader(n); err != nil {
		h.gv.onErr(err)
		h.load()
	}
	h.gv.refresh()
}

// capWidth lays out one object in all the space given but asks for at
// most max wide: the result choice's longest name ("0-1 par forfait
// (-/+)") would otherwise widen all four columns of the header, and the
// window past a laptop's screen; the column is wider than that anyway.
type capWidth struct{ max float32 }

func (c capWidth) MinSize(objs []fyne.CanvasObject) fyne.Size {
	ms := objs[0].MinSize()
	return fyne.NewSize(min(ms.Width, c.max), ms.Height)
}

func (c capWidth) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	objs[0].Move(fyne.NewPos(0, 0))
	objs[0].Resize(size)
}
