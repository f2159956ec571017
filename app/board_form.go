package app

import (
	"errors"
	"strconv"
	"strings"

	"fyne.io/fyne/v2/widget"

	"scoresheet/sheet"
)

// boardForm is what Add board asks: the players' names, the round and the
// board (the open game's round and its next free board, prefilled).
type boardForm struct {
	white, black, round, board *dialogEntry
}

func (m *mainWindow) newBoardForm() *boardForm {
	round := 1
	if g := m.s.Game(); g != nil {
		round = g.Round
	}
	f := &boardForm{
		white: newDialogEntry(m, ""), black: newDialogEntry(m, ""),
		round: newDialogEntry(m, strconv.Itoa(round)), board: newDialogEntry(m, strconv.Itoa(m.s.NextBoard(round))),
	}
	f.white.SetPlaceHolder(T("ui.header.white"))
	f.black.SetPlaceHolder(T("ui.header.black"))
	for _, e := range []*dialogEntry{f.round, f.board} {
		e.Validator = func(s string) error {
			if _, ok := positive(s); !ok {
				return errors.New(T("ui.error.number"))
			}
			return nil
		}
	}
	return f
}

// positive reads a round or board number.
func positive(s string) (int, bool) {
	n, err := strconv.Atoi(strings.TrimSpace(s))
	return n, err == nil && n > 0
}

// addBoard asks for a new board's players, round and board; Enter in any
// field adds it and opens it, the cursor in White's first cell.
func (m *mainWindow) addBoard() *keyDialog {
	f := m.newBoardForm()
	form := widget.NewForm(
		widget.NewFormItem(T("ui.header.white"), f.white), widget.NewFormItem(T("ui.header.black"), f.black),
		widget.NewFormItem(T("ui.header.round"), f.round), widget.NewFormItem(T("ui.header.board"), f.board),
	)
	return m.showDialog(dialogSpec{
		title: strings.TrimSuffix(T("ui.menu.addboard"), "…"), okText: T("ui.ok"), cancelText: T("ui.cancel"),
		content: form, focus: f.white, minWidth: 420,
		ok: func() error { return m.addBoardFrom(f) },
	})
}

func (m *mainWindow) addBoardFrom(f *boardForm) error {
	r, ok1 := positive(f.round.Text)
	b, ok2 := positive(f.board.Text)
	if !ok1 || !ok2 {
		return errors.New(T("ui.error.number"))
	}
	g := sheet.Game{Round: r, Board: b}
	lang := m.newBoardLang()
	g.White.Name, g.Black.Name = strings.TrimSpace(f.white.Text), strings.TrimSpace(f.black.Text)
	g.Copies[0].Lang, g.Copies[1].Lang = lang, lang
	id, err := m.s.AddBoard(g)
	if err != nil {
		return err
	}
	m.nav.Refresh()
	m.nav.OpenBranch(roundNode(r))
	m.openGame(id)
	return nil
}

// newBoardLang is the notation language of a new board's copies: the
// event's ("") when the event has one, so that the event settings change
// it for every board; in an event without one (made before events had a
// language, or by "event new" without --lang), the open board's, else
// the UI language's, as before.
func (m *mainWindow) newBoardLang() string {
	if m.s.Event().Lang != "" {
		return ""
	}
	if g := m.s.Game(); g != nil {
		return g.Copies[sheet.WhiteCopy].Lang
	}
	return DefaultNotation()
}

// askDeleteBoard deletes the open board after the arbiter confirms, with
// how many cells would go: the only edit that cannot be undone. Enter
// deletes (the dialog says what), Escape keeps it.
func (m *mainWindow) askDeleteBoard() *keyDialog {
	g := m.s.Game()
	if g == nil {
		return nil
	}
	info, _ := m.s.Info(g.ID)
	msg := T("ui.delete.confirm", map[string]any{
		"Round": g.Round, "Board": boardLabel(info),
		"Cells": len(g.Copies[sheet.WhiteCopy].Cells) + len(g.Copies[sheet.BlackCopy].Cells),
	})
	id := g.ID
	return m.showDialog(dialogSpec{
		title: strings.TrimSuffix(T("ui.menu.deleteboard"), "…"), okText: T("ui.delete"), cancelText: T("ui.cancel"),
		content: wrapped(widget.NewLabel(msg)), danger: true, minWidth: 420,
		ok: func() error { m.deleteBoard(id); return nil },
	})
}

func (m *mainWindow) deleteBoard(id int64) {
	if err := m.s.DeleteGame(id); err != nil {
		m.showErr(err)
	}
	m.build()
	if g := m.s.Game(); g != nil {
		m.nav.Select(gameNode(g.ID))
	}
}
