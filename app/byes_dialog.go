package app

import (
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"scoresheet/app/core"
	"scoresheet/sheet"
	"scoresheet/trf"
)

// The window's face of event bye, withdraw, add-player and byes: what
// the arbiter is told before a round is paired, kept in the event's TRF
// (core.RequestBye, core.Withdraw, core.AddPlayer) for the pairing
// engine.

// byeActions are the dialog's choices, by their locale keys: a bye of a
// kind, taken back, a withdrawal, a late entry.
var byeActions = []string{"ui.byes.half", "ui.byes.zero", "ui.byes.full", "ui.byes.none", "ui.byes.withdraw", "ui.byes.add"}

// askByes shows the byes asked for and enters one more: the round, the
// player's starting rank, or a late entry's name and rating.
func (m *mainWindow) askByes() *keyDialog {
	st := m.s.Store()
	if st == nil {
		return nil
	}
	list := wrapped(widget.NewLabel(byesText(st)))
	listBox := container.NewVScroll(list) // a long event's byes scroll, the form stays
	listBox.SetMinSize(fyne.NewSize(0, 120))
	var labels []string
	byLabel := map[string]string{}
	for _, k := range byeActions {
		labels = append(labels, T(k))
		byLabel[T(k)] = k
	}
	what := newDialogSelect(m, labels)
	what.SetSelected(labels[0])
	round, player := newDialogEntry(m, ""), newDialogEntry(m, "")
	name, rating := newDialogEntry(m, ""), newDialogEntry(m, "")
	form := widget.NewForm(widget.NewFormItem(T("ui.byes.what"), what), widget.NewFormItem(T("ui.byes.round"), round),
		widget.NewFormItem(T("ui.byes.player"), player), widget.NewFormItem(T("ui.byes.name"), name),
		widget.NewFormItem(T("ui.byes.rating"), rating))
	return m.showDialog(dialogSpec{
		title: strings.TrimSuffix(T("ui.menu.byes"), "…"), okText: T("ui.ok"), cancelText: T("ui.cancel"),
		content: container.NewBorder(listBox, nil, nil, nil, form), focus: what, minWidth: 760,
		ok: func() error {
			return enterBye(st, byLabel[what.Selected], round.Text, player.Text, name.Text, rating.Text)
		},
	})
}

// enterBye does what the dialog says; a number that does not read is
// said as the CLI says a bad field (trf-bad-number), nothing written.
func enterBye(st sheet.EventStore, action, roundText, playerText, nameText, ratingText string) error {
	num := func(s string, blankOK bool) (int, error) {
		s = strings.TrimSpace(s)
		if s == "" && blankOK {
			return 0, nil
		}
		n, err := strconv.Atoi(s)
		if err != nil || n < 0 {
			return 0, &trf.Error{Code: trf.CodeBadNumber, Text: s}
		}
		return n, nil
	}
	if action == "ui.byes.add" {
		r, err := num(ratingText, true)
		if err != nil {
			return err
		}
		_, err = core.AddPlayer(st, trf.NewPlayer{Name: strings.TrimSpace(nameText), Rating: r}, nil)
		return err
	}
	rank, err := num(playerText, false)
	if err != nil {
		return err
	}
	round, err := num(roundText, false)
	if err != nil {
		return err
	}
	if action == "ui.byes.withdraw" {
		_, err = core.Withdraw(st, rank, round)
		return err
	}
	kind := map[string]byte{"ui.byes.half": 'H', "ui.byes.zero": 'Z', "ui.byes.full": 'F', "ui.byes.none": 0}[action]
	return core.RequestBye(st, round, rank, kind)
}

// byesText lists the byes asked for, a line each ("round 4: H 17 Rossi,
// Anna"), or says there are none.
func byesText(st sheet.EventStore) string {
	rs, f, err := core.Requests(st)
	if err != nil {
		return errText(err)
	}
	if len(rs) == 0 {
		return T("ui.byes.empty")
	}
	var lines []string
	for _, q := range rs {
		name := ""
		if p := f.Player(q.Rank); p != nil {
			name = p.Name
		}
		lines = append(lines, T("ui.byes.line", map[string]any{"Round": q.Round, "Kind": string(rune(q.Kind)), "Rank": q.Rank, "Name": name}))
	}
	return strings.Join(lines, "\n")
}
