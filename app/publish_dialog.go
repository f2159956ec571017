package app

import (
	"errors"
	"sort"
	"strconv"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"scoresheet/app/core"
	"scoresheet/app/publish"
)

// The window's face of scoresheet publish (docs/window.md, Event ->
// Publish round...): a form for where the round goes, then the
// publishing's state, a line per board (sent, refused with Lichess's
// reason, waiting), kept up to date while it runs.

// lichessServer is the Lichess the window pushes to (a test's server;
// the CLI's --lichess-url says another).
var lichessServer = publish.LichessURL

// publishView is the open status dialog's labels.
type publishView struct {
	kd           *keyDialog
	head, boards *widget.Label
}

// askPublish shows the publishing under way, or asks where to publish a
// round.
func (m *mainWindow) askPublish() *keyDialog {
	if m.pub != nil {
		return m.showPublishing()
	}
	st := m.s.Store()
	if st == nil {
		return nil
	}
	round := ""
	if g := m.s.Game(); g != nil && g.Round > 0 {
		round = strconv.Itoa(g.Round)
	}
	roundE, lichess, token := newDialogEntry(m, round), newDialogEntry(m, ""), newDialogEntry(m, "")
	folder, serve := newDialogEntry(m, ""), newDialogEntry(m, "")
	lichess.SetPlaceHolder(example("abcdEFGH")) // "e.g.": not a value (issue 31)
	serve.SetPlaceHolder(example("0.0.0.0:8080"))
	form := widget.NewForm(widget.NewFormItem(T("ui.publish.round"), roundE),
		widget.NewFormItem(T("ui.publish.lichess"), lichess), widget.NewFormItem(T("ui.publish.token"), token),
		widget.NewFormItem(T("ui.publish.folder"), folder), widget.NewFormItem(T("ui.publish.serve"), serve))
	intro := wrapped(widget.NewLabel(T("ui.publish.intro")))
	loc := st.Location()
	return m.showDialog(dialogSpec{
		title: strings.TrimSuffix(T("ui.menu.publish"), "…"), okText: T("ui.publish.start"), cancelText: T("ui.cancel"),
		content: container.NewBorder(intro, nil, nil, nil, form), focus: roundE, minWidth: 760,
		ok: func() error {
			r, err := strconv.Atoi(strings.TrimSpace(roundE.Text))
			if err != nil || r <= 0 {
				return &core.PublishError{Code: core.PublishRound}
			}
			o := publish.Options{Round: r, Lichess: strings.TrimSpace(lichess.Text), TokenFile: strings.TrimSpace(token.Text), LichessURL: lichessServer,
				Folder: strings.TrimSpace(folder.Text), Serve: strings.TrimSpace(serve.Text)}
			wp, err := startPublishing(loc, o, m.publishNotify())
			if err != nil {
				return err
			}
			m.pub = wp
			m.showPublishing()
			return nil
		},
	})
}

// publishNotify is how the publishing tells the window: through fyne.Do
// in the app; tests read it themselves (refreshPublishing) on their
// goroutine.
func (m *mainWindow) publishNotify() func() {
	if !m.live {
		return nil
	}
	return func() { fyne.Do(m.refreshPublishing) }
}

// showPublishing shows the publishing's state: Stop ends it, Close
// leaves it running (the menu shows it again).
func (m *mainWindow) showPublishing() *keyDialog {
	v := &publishView{head: wrapped(widget.NewLabel("")), boards: widget.NewLabel("")}
	scroll := container.NewVScroll(v.boards) // 100 boards scroll, the buttons stay
	scroll.SetMinSize(fyne.NewSize(0, 320))
	m.pubView = v
	v.kd = m.showDialog(dialogSpec{
		title:  T("ui.publish.title", map[string]any{"Round": m.pub.opts.Round, "Event": m.pub.event}),
		okText: T("ui.publish.stop"), cancelText: T("ui.publish.close"),
		content: container.NewBorder(v.head, nil, nil, nil, scroll), minWidth: 760,
		ok: func() error {
			m.stopPublishing()
			m.say(T("ui.publish.stopped"))
			return nil
		},
		cancel: func() { m.pubView = nil },
	})
	m.refreshPublishing()
	return v.kd
}

// refreshPublishing shows the publishing's state in its dialog, when
// open (the UI thread).
func (m *mainWindow) refreshPublishing() {
	v := m.pubView
	if v == nil || m.pub == nil || v.kd.closed {
		return
	}
	head, boards := publishText(m.pub.snapshot())
	v.head.SetText(strings.Join(head, "\n"))
	v.boards.SetText(strings.Join(boards, "\n"))
}

// stopPublishing ends the publishing, if any, and waits for it.
func (m *mainWindow) stopPublishing() {
	m.pub.stop()
	m.pub, m.pubView = nil, nil
}

// publishText says a publishing: a line per target (where, and how its
// last sending went), then a line per board with its state at each
// target.
func publishText(s publishSnapshot) (head, boards []string) {
	for _, name := range s.order {
		head = append(head, targetLine(s, name))
	}
	if r, ok := s.last[""]; ok && r.Err != nil {
		// The event could not be read (a server away): tried again.
		head = append(head, T("ui.publish.retry", map[string]any{"Target": T("ui.publish.target.event"), "Error": errText(r.Err), "In": r.RetryIn.String()}))
	}
	if s.addr != "" {
		head = append(head, T("ui.publish.serving", map[string]any{"URL": "http://" + s.addr + s.path}))
	}
	if s.ended != nil {
		head = append(head, T("ui.publish.ended", map[string]any{"Error": errText(s.ended)}))
	}
	states := map[int][]string{}
	for _, name := range s.order {
		r, ok := s.last[name]
		if !ok {
			continue
		}
		for _, b := range r.Boards {
			st := boardState(b)
			if len(s.order) > 1 {
				st = T("ui.publish.target."+name) + ": " + st
			}
			states[b.Board] = append(states[b.Board], st)
		}
	}
	var nums []int
	for b := range states {
		nums = append(nums, b)
	}
	sort.Ints(nums)
	for _, b := range nums {
		boards = append(boards, T("ui.publish.board", map[string]any{"Board": b, "States": strings.Join(states[b], " · ")}))
	}
	if len(boards) == 0 {
		boards = append(boards, T("ui.publish.nothing"))
	}
	return head, boards
}

// targetLine says where a target is and how its last sending went.
func targetLine(s publishSnapshot, name string) string {
	where := ""
	switch name {
	case "lichess":
		where = s.opts.Lichess
	case "folder":
		where = (&publish.Folder{Dir: s.opts.Folder, Round: s.opts.Round}).Path()
	case "http":
		where = s.addr
	}
	target := T("ui.publish.target."+name) + " (" + where + ")"
	r, ok := s.last[name]
	switch {
	case s.sending[name]:
		return T("ui.publish.sending", map[string]any{"Target": target})
	case !ok || r.At.IsZero():
		return T("ui.publish.notyet", map[string]any{"Target": target})
	case r.Fatal:
		return T("ui.publish.refusedall", map[string]any{"Target": target, "Error": errText(r.Err)})
	case r.Retry:
		return T("ui.publish.retry", map[string]any{"Target": target, "Error": errText(r.Err), "In": r.RetryIn.Round(time.Second).String()})
	case r.Err != nil:
		return T("ui.publish.refusedall", map[string]any{"Target": target, "Error": errText(r.Err)})
	}
	return T("ui.publish.done", map[string]any{"Target": target, "Time": r.At.Format("15:04:05")})
}

// boardState says one board's state at a target: Lichess's own words
// for a game refused.
func boardState(b publish.BoardStatus) string {
	switch b.State {
	case publish.Sent:
		if b.DoubleForfeit {
			return T("ui.publish.state.sent-double-forfeit")
		}
		if b.Moves > 0 {
			return T("ui.publish.state.sent-plies", map[string]any{"Plies": b.Moves})
		}
		return T("ui.publish.state.sent")
	case publish.Refused, publish.NotWritten:
		reason := ""
		var pe *core.PublishError
		if errors.As(b.Err, &pe) && pe.Detail != "" {
			reason = pe.Detail // Lichess's words
		} else if b.Err != nil {
			reason = errText(b.Err)
		}
		return T("ui.publish.state."+string(b.State), map[string]any{"Reason": reason})
	}
	return T("ui.publish.state.waiting")
}
