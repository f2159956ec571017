package app

import (
	"errors"
	"maps"
	"math"
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
	// shown is the header as the fields show it, field by field: what
	// was loaded into each, or saved from it. A field whose text differs
	// from it is being edited; a save writes those fields only, each if
	// no other program changed it meanwhile.
	shown sheet.Game
}

// formField is one entry of the form: how it shows a header field, reads
// it back (a valid text), and copies the field between games.
type formField struct {
	e    *leaveEntry
	get  func(g *sheet.Game) string
	set  func(g *sheet.Game, text string)
	copy func(dst, src *sheet.Game)
}

// fields are the form's entries.
func (h *headerForm) fields() []formField {
	atoi := func(s string) int { v, _ := strconv.Atoi(s); return v }
	fs := []formField{
		{h.round, func(g *sheet.Game) string { return itoa0(g.Round) }, func(g *sheet.Game, t string) { g.Round = atoi(t) },
			func(d, s *sheet.Game) { d.Round = s.Round }},
		{h.board, func(g *sheet.Game) string { return itoa0(g.Board) }, func(g *sheet.Game, t string) { g.Board = atoi(t) },
			func(d, s *sheet.Game) { d.Board = s.Board }},
		{h.date, func(g *sheet.Game) string { return g.Date }, func(g *sheet.Game, t string) { g.Date = t },
			func(d, s *sheet.Game) { d.Date = s.Date }},
	}
	for side, e := range [2][2]*leaveEntry{{h.white, h.wElo}, {h.black, h.bElo}} {
		p := func(g *sheet.Game) *sheet.Player {
			if side == 0 {
				return &g.White
			}
			return &g.Black
		}
		d := h.details[side]
		fs = append(fs,
			formField{e[0], func(g *sheet.Game) string { return p(g).Name }, func(g *sheet.Game, t string) { p(g).Name = t },
				func(d, s *sheet.Game) { p(d).Name = p(s).Name }},
			formField{e[1], func(g *sheet.Game) string { return itoa0(p(g).Rating) }, func(g *sheet.Game, t string) { p(g).Rating = atoi(t) },
				func(d, s *sheet.Game) { p(d).Rating = p(s).Rating }},
			formField{d.title, func(g *sheet.Game) string { return p(g).Title }, func(g *sheet.Game, t string) { p(g).Title = t },
				func(d, s *sheet.Game) { p(d).Title = p(s).Title }},
			formField{d.fideID, func(g *sheet.Game) string { return p(g).FideID }, func(g *sheet.Game, t string) { p(g).FideID = t },
				func(d, s *sheet.Game) { p(d).FideID = p(s).FideID }},
			formField{d.federation, func(g *sheet.Game) string { return p(g).Federation }, func(g *sheet.Game, t string) { p(g).Federation = t },
				func(d, s *sheet.Game) { p(d).Federation = p(s).Federation }},
		)
	}
	return fs
}

// playerDetails are the fields of a player as the pairing program and
// FIDE know him: title, FIDE ID, federation.
type playerDetails struct {
	title, fideID, federation *leaveEntry
}

// results are the result choice's values: every result a game can
// have (sheet.Results), forfeits among them.
var results = sheet.Results

// resultName shows a result in the UI language: a forfeit in words with
// the pairing programs' sign ("1-0 forfeit (+/-)").
func resultName(r sheet.Result) string {
	switch r {
	case sheet.WhiteForfeitWin:
		return T("ui.result.forfeit.white")
	case sheet.BlackForfeitWin:
		return T("ui.result.forfeit.black")
	case sheet.DoubleForfeit:
		return T("ui.result.forfeit.both")
	}
	return string(r)
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
		// No example in these narrow fields: a bare "GM" or "CRO" in grey
		// was taken for the player's title and federation, and "e.g. GM"
		// did not fit; an empty field is plainly empty, and a wrong value
		// is said by the field's check.
		h.details[i] = playerDetails{title: mk("", validTitle), fideID: mk("", validFideID), federation: mk("", validFederation)}
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
			container.NewBorder(nil, nil, lab("ui.header.result"), nil, container.New(capWidth(120), h.result)),
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
		title := container.NewBorder(nil, nil, lab("ui.header.title"), nil, container.New(fixedWidth(fieldWidth("WGM")), d.title))
		fed := container.NewBorder(nil, nil, lab("ui.header.federation"), nil, container.New(fixedWidth(fieldWidth("CRO")), d.federation))
		id := container.NewBorder(nil, nil, lab("ui.header.fideid"), nil, container.New(minWidth(fieldWidth("99999999999")), d.fideID))
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

// widthBounds lays out one object in all the space given and asks for
// its own width held between lo and hi.
type widthBounds struct{ lo, hi float32 }

func (b widthBounds) MinSize(objs []fyne.CanvasObject) fyne.Size {
	ms := objs[0].MinSize()
	return fyne.NewSize(min(max(ms.Width, b.lo), b.hi), ms.Height)
}

func (widthBounds) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	objs[0].Move(fyne.NewPos(0, 0))
	objs[0].Resize(size)
}

// fixedWidth lays out one object w wide; minWidth at least w wide.
func fixedWidth(w float32) widthBounds { return widthBounds{w, w} }
func minWidth(w float32) widthBounds   { return widthBounds{w, math.MaxFloat32} }

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
	for _, f := range h.fields() {
		f.e.SetText(f.get(g))
	}
	h.result.SetSelectedIndex(max(0, slices.Index(results, g.Result)))
	h.shown = headerOf(g)
}

// refresh shows what another program changed in the header: each field
// that is not being edited (its text as shown, and without the focus)
// takes the game's value; a field being edited keeps the arbiter's
// text, and its save is checked against what the field showed.
func (h *headerForm) refresh() {
	g := h.gv.s.Game()
	if g == nil {
		return
	}
	h.loading = true
	defer func() { h.loading = false }()
	var focused fyne.Focusable
	if c := h.gv.canvas(); c != nil {
		focused = c.Focused()
	}
	for _, f := range h.fields() {
		if f.e.Text != f.get(&h.shown) || focused == fyne.Focusable(f.e) {
			continue
		}
		f.copy(&h.shown, g)
		if t := f.get(g); f.e.Text != t {
			f.e.SetText(t)
		}
	}
	h.shown.Result = g.Result
	if !maps.Equal(h.shown.Tags, g.Tags) {
		h.shown.Tags = maps.Clone(g.Tags)
	}
	if i := max(0, slices.Index(results, g.Result)); h.result.SelectedIndex() != i {
		h.result.SetSelectedIndex(i)
	}
}

// headerOf returns the header fields of g, its tags copied.
func headerOf(g *sheet.Game) sheet.Game {
	return sheet.Game{ID: g.ID, Round: g.Round, Board: g.Board, White: g.White, Black: g.Black,
		Result: g.Result, Date: g.Date, Tags: maps.Clone(g.Tags), FEN: g.FEN}
}

// save writes the fields the arbiter changed (one undo step): each
// field whose text differs from what it showed, if it reads (a field
// that does not read is marked where it is and keeps its value). A field
// another program changed meanwhile is not written over: nothing is
// saved, the form shows what the file holds and the window says which
// field and what was typed.
func (h *headerForm) save() {
	g := h.gv.s.Game()
	if g == nil || h.loading {
		return
	}
	was := headerOf(&h.shown)
	was.ID = g.ID
	n := headerOf(&was)
	for _, f := range h.fields() {
		text := strings.TrimSpace(f.e.Text)
		if f.e.Text == f.get(&was) || f.e.Validator != nil && f.e.Validator(f.e.Text) != nil {
			continue
		}
		f.set(&n, text)
	}
	if i := h.result.SelectedIndex(); i >= 0 && results[i] != was.Result {
		n.Result = results[i]
	}
	if n.White == was.White && n.Black == was.Black && n.Round == was.Round && n.Board == was.Board && n.Date == was.Date &&
		n.Result == was.Result && maps.Equal(n.Tags, was.Tags) {
		h.refresh() // a field left unchanged shows what others saved meanwhile
		return
	}
	if err := h.gv.s.SetHeader(was, n); err != nil {
		h.gv.onErr(err)
		h.load()
	} else {
		h.shown = n
		h.refresh()
	}
	h.gv.refresh()
}

// capWidth lays out one object in all the space given but asks for at
// most w wide: the result choice's longest name ("0-1 par forfait
// (-/+)") would otherwise widen all four columns of the header, and the
// window past a laptop's screen; the column is wider than that anyway.
func capWidth(w float32) widthBounds { return widthBounds{0, w} }

// example is a field's placeholder that shows what a value looks like,
// said as an example so that it is not read as the field's value.
func example(text string) string { return T("ui.placeholder.example", map[string]any{"Example": text}) }
