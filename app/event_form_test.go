package app

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"scoresheet/app/session"
	"scoresheet/app/session/sessiontest"
	"scoresheet/sheet"
	"scoresheet/sheet/sqlitestore"
)

func hasCheck(s *session.Session, code sheet.CheckCode) bool {
	for _, c := range s.Checks() {
		if c.Code == code {
			return true
		}
	}
	return false
}

// The event settings: a new name shows in the title, a time control
// changes the arbiter checks at once, and all of it is in the file.
func TestWindowEventSettings(t *testing.T) {
	m, s := newTestWindow(t)
	test.Type(m.gv.entry, "e4 e5 Sf3 Nc6 ")
	if hasCheck(s, sheet.CheckTimeControl) {
		t.Fatal("time control reached with no time control")
	}

	f := newEventForm(nil, s.Event())
	if f.name.Text != "Test Open" || f.rounds.Text != "1" {
		t.Fatalf("form shows name %q rounds %q", f.name.Text, f.rounds.Text)
	}
	f.name.SetText("Zagreb Open")
	f.site.SetText("Zagreb")
	f.start.SetText("2026.11.20")
	f.tc.SetText("2/600+30:300+30")
	f.rounds.SetText("9")
	f.dates.SetText("2026.11.20 2026.11.21 - 2026.11.23")
	if err := f.tc.Validate(); err != nil {
		t.Fatalf("valid time control refused: %v", err)
	}
	if err := m.applyEvent(f); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(m.win.Title(), "Zagreb Open") {
		t.Errorf("title %q", m.win.Title())
	}
	if !hasCheck(s, sheet.CheckTimeControl) {
		t.Errorf("no %s after the time control 2/600: %+v", sheet.CheckTimeControl, s.Checks())
	}
	if got := len(s.Rounds()); got != 9 {
		t.Errorf("%d rounds in the navigator, want 9", got)
	}
	ev, err := s.Store().Event()
	if err != nil {
		t.Fatal(err)
	}
	if ev.Name != "Zagreb Open" || ev.Site != "Zagreb" || ev.StartDate != "2026.11.20" || ev.TimeControl != "2/600+30:300+30" || len(ev.Rounds) != 9 {
		t.Errorf("stored event %+v", ev)
	}
	if ev.Rounds[1].Date != "2026.11.21" || ev.Rounds[2].Date != "" || ev.Rounds[3].Date != "2026.11.23" {
		t.Errorf("round dates %+v", ev.Rounds)
	}
	if f := newEventForm(nil, ev); f.dates.Text != "2026.11.20 2026.11.21 - 2026.11.23" {
		t.Errorf("the form shows round dates %q", f.dates.Text)
	}
	// The typing goes on in the cell it was in.
	test.Type(m.gv.entry, "Lb5 ")
	if got := shown(m, sheet.WhiteCopy); strings.Join(got, " ") != "e4 e5 Sf3 Nc6 Lb5" {
		t.Errorf("White's copy shows %q", got)
	}

	// A time control that does not read is refused and nothing changes.
	f = newEventForm(nil, s.Event())
	f.tc.SetText("40/90++30")
	if f.tc.Validate() == nil {
		t.Error("the form accepts the time control 40/90++30")
	}
	f.rounds.SetText("many")
	if f.rounds.Validate() == nil {
		t.Error("the form accepts rounds \"many\"")
	}
	f.rounds.SetText("9")
	if _, err := f.event(); err == nil {
		t.Fatal("the form gives an event with the time control 40/90++30")
	}
	f.tc.SetText("40/5400")
	if _, err := f.event(); err != nil {
		t.Fatalf("the form refuses a good event: %v", err)
	}
	for _, bad := range []struct {
		e    *dialogEntry
		text string
	}{{f.name, "  "}, {f.start, "20.11.2026"}, {f.end, "2026.11.31"}, {f.dates, "2026.11.20 tomorrow"}, {f.dates, "- - - - - - - - - 2026.11.30"}} {
		old := bad.e.Text
		bad.e.SetText(bad.text)
		if bad.e.Validate() == nil {
			t.Errorf("the form accepts %q", bad.text)
		}
		if _, err := f.event(); err == nil {
			t.Errorf("the form gives an event with %q", bad.text)
		}
		bad.e.SetText(old)
	}
	f.tc.SetText("40/90++30")
	var te *sheet.TimeControlError
	if err := m.applyEvent(f); !errors.As(err, &te) {
		t.Errorf("applyEvent with a bad time control: %v", err)
	}
	if ev, _ := s.Store().Event(); ev.TimeControl != "2/600+30:300+30" {
		t.Errorf("time control stored after a refusal: %q", ev.TimeControl)
	}
	if !strings.Contains(errText(te), "40/5400+30:1800+30") {
		t.Errorf("the refusal says %q", errText(te))
	}
}

// Issue 31: changing the event's notation read every typed copy again
// without a word (complete boards turned "needs a decision"). The first
// OK says how many copies are read again and how many boards change,
// and changes nothing; OK again applies it.
func TestEventNotationChangeWarns(t *testing.T) {
	path := filepath.Join(t.TempDir(), "event.scoresheet")
	st, err := sqlitestore.Create(path, sheet.Event{Name: "Test Open", Lang: "de", Rounds: []sheet.Round{{Number: 1}}})
	if err != nil {
		t.Fatal(err)
	}
	g := sheet.Game{Round: 1, Board: 1, White: sheet.Player{Name: "Anna"}, Black: sheet.Player{Name: "Bert"}}
	for side := range g.Copies { // no language of their own: read in the event's, German
		for _, m := range []string{"e4", "e5", "Sf3", "Sc6", "Lb5", "a6"} {
			g.Copies[side].Cells = append(g.Copies[side].Cells, sheet.Cell{Text: m})
		}
		g.Copies[side].Result = "1/2-1/2"
	}
	g.Result = "1/2-1/2"
	if _, err := st.AddGame(g); err != nil {
		t.Fatal(err)
	}
	s := sessiontest.Open(t, st)
	m := openTestWindow(t, s)
	before := s.Games()[0].State
	form := newEventForm(m, s.Event())
	kd := m.editEventIn(form)
	form.lang.SetSelectedIndex(langIndex("en"))
	kd.confirm()
	_, boards, err := s.NotationChange("en")
	if err != nil {
		t.Fatal(err)
	}
	if len(m.dialogs) != 1 || !strings.Contains(kd.errMsg.Text, "reads 2 typed copies again") || !strings.Contains(kd.errMsg.Text, fmt.Sprintf("; %d boards change", boards)) {
		t.Fatalf("first OK: dialog open %v, says %q", len(m.dialogs) == 1, kd.errMsg.Text)
	}
	if ev, _ := s.Store().Event(); ev.Lang != "de" || s.Games()[0].State != before {
		t.Fatalf("changed before the second OK: lang %q, state %v", ev.Lang, s.Games()[0].State)
	}
	kd.confirm()
	if ev, _ := s.Store().Event(); len(m.dialogs) != 0 || ev.Lang != "en" {
		t.Fatalf("second OK: dialog open %v, lang %q", len(m.dialogs) == 1, ev.Lang)
	}
	if changed := s.Games()[0].State != before; changed != (boards == 1) {
		t.Errorf("said %d boards change; board 1 went from %v to %v", boards, before, s.Games()[0].State)
	}
}
