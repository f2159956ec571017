package app

import (
	"encoding/json"
	"os"
	"slices"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"scoresheet/sheet"
)

// liveTraceEnv names a file the window appends a line to each time it
// shows what another writer changed, or refuses an edit over it: when,
// and what it shows then (the open board's cells as drawn, the cell
// being typed, the navigator's lines, the checks panel, the status
// line). The end-to-end tests and
// the benchmark of "another window shows it" read it, and an arbiter's
// report of what a window showed can be checked against it.
const liveTraceEnv = "SCORESHEET_LIVE_TRACE"

// liveShown is one line of the trace.
type liveShown struct {
	UnixNano int64               `json:"unix_ns"`
	Round    int                 `json:"round,omitempty"`
	Board    int                 `json:"board,omitempty"`
	Cells    map[string][]string `json:"cells"` // by copy, as drawn, up to the last written
	Entry    string              `json:"entry"` // the cell being typed
	Nav      []string            `json:"nav"`   // each board's line as drawn
	Checks   []string            `json:"checks"`
	Status   string              `json:"status"`
}

// traceLive appends what the window shows to the trace file, if one is
// named; a file that cannot be written is not the arbiter's concern.
func (m *mainWindow) traceLive() {
	path := os.Getenv(liveTraceEnv)
	if path == "" {
		return
	}
	l := liveShown{UnixNano: time.Now().UnixNano(), Cells: map[string][]string{}, Entry: m.gv.entry.Text, Status: m.status.Text}
	if g := m.s.Game(); g != nil {
		l.Round, l.Board = g.Round, g.Board
		for side := range 2 {
			l.Cells[sheet.Side(side).String()] = m.gv.copies[side].drawn()
		}
	}
	for _, g := range m.s.Games() {
		l.Nav = append(l.Nav, navLabel(g)) // as refreshNav drew it
	}
	if m.gv.checkStale { // hidden behind the Cell panel: what it shows when it comes up
		for _, r := range m.gv.checkRowsOf(m.s.Checks()) {
			l.Checks = append(l.Checks, r.text)
		}
	} else {
		for _, o := range m.gv.checks.Objects {
			l.Checks = append(l.Checks, labelTexts(o)...)
		}
	}
	b, err := json.Marshal(l)
	if err != nil {
		return
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600)
	if err != nil {
		return
	}
	f.Write(append(b, '\n'))
	f.Close()
}

// drawn returns the texts the copy's cells show, up to the last written.
func (cv *copyView) drawn() []string {
	var out []string
	for i := 0; ; i++ {
		c := cv.cellAt(i)
		if c == nil {
			break
		}
		out = append(out, c.text.Text)
	}
	for len(out) > 0 && out[len(out)-1] == "" {
		out = out[:len(out)-1]
	}
	return slices.Clip(out)
}

// labelTexts returns the texts of the labels in o, a panel's row.
func labelTexts(o fyne.CanvasObject) []string {
	switch w := o.(type) {
	case *widget.Label:
		return []string{w.Text}
	case *fyne.Container:
		var out []string
		for _, c := range w.Objects {
			out = append(out, labelTexts(c)...)
		}
		return out
	}
	return nil
}
