package app

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"scoresheet/app/session/sessiontest"
	"scoresheet/sheet"
	"scoresheet/sheet/sqlitestore"
)

// TestWindowHeaderPlayerDetails: each player's title, FIDE ID and
// federation are typed in the header form and saved when the cursor
// leaves the field, as the names are; a value that does not read is
// refused where it is and the game keeps its own; a window opened on the
// file again shows them.
func TestWindowHeaderPlayerDetails(t *testing.T) {
	m, s := newTestWindow(t)
	d := m.gv.header.details
	set := func(e *leaveEntry, text string) {
		t.Helper()
		m.win.Canvas().Focus(e)
		e.SetText("")
		test.Type(e, text)
		m.win.Canvas().Focus(m.gv.entry) // the cursor leaves the field: it is saved
	}
	set(d[sheet.WhiteCopy].title, "GM")
	set(d[sheet.WhiteCopy].fideID, "1503014")
	set(d[sheet.WhiteCopy].federation, "NOR")
	set(d[sheet.BlackCopy].title, "WIM")
	set(d[sheet.BlackCopy].fideID, "14500000")
	set(d[sheet.BlackCopy].federation, "CRO")
	want := [2]sheet.Player{
		{Title: "GM", FideID: "1503014", Federation: "NOR"},
		{Title: "WIM", FideID: "14500000", Federation: "CRO"},
	}
	stored := func() [2]sheet.Player {
		t.Helper()
		g, err := s.Store().Game(s.Game().ID)
		if err != nil {
			t.Fatal(err)
		}
		return [2]sheet.Player{
			{Title: g.White.Title, FideID: g.White.FideID, Federation: g.White.Federation},
			{Title: g.Black.Title, FideID: g.Black.FideID, Federation: g.Black.Federation},
		}
	}
	if got := stored(); got != want {
		t.Fatalf("stored %+v, want %+v", got, want)
	}
	// Fields that do not read: refused where they are, marked, nothing saved.
	for _, bad := range []struct {
		e    *leaveEntry
		text string
	}{
		{d[sheet.BlackCopy].federation, "Croatia"}, {d[sheet.BlackCopy].federation, "cro"},
		{d[sheet.WhiteCopy].fideID, "15O3014"}, {d[sheet.WhiteCopy].title, "Grandmaster"},
	} {
		set(bad.e, bad.text)
		if bad.e.Validate() == nil {
			t.Errorf("%q is not refused", bad.text)
		}
		if bad.e.Text != bad.text {
			t.Errorf("the refused %q was changed to %q", bad.text, bad.e.Text)
		}
		if got := stored(); got != want {
			t.Fatalf("after %q: stored %+v, want %+v", bad.text, got, want)
		}
	}
	// The event opened again, in a new window: the form shows what the
	// file holds.
	path := s.Store().Location()
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	st, err := sqlitestore.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	again := openTestWindow(t, sessiontest.Open(t, st))
	for side, p := range want {
		got := again.gv.header.details[side]
		if got.title.Text != p.Title || got.fideID.Text != p.FideID || got.federation.Text != p.Federation {
			t.Errorf("%s shown as %q %q %q, want %+v", sheet.Side(side), got.title.Text, got.fideID.Text, got.federation.Text, p)
		}
	}
}

// Issue 31: placeholders looked like values (a grey "GM" in the Title
// field, the time control). The narrow fields show none; a wide field's
// example is said as one.
func TestPlaceholdersAreNotValues(t *testing.T) {
	m, _ := newTestWindow(t)
	for _, d := range m.gv.header.details {
		for _, e := range []*leaveEntry{d.title, d.federation, d.fideID} {
			if e.PlaceHolder != "" {
				t.Errorf("a player's field shows %q while empty", e.PlaceHolder)
			}
		}
	}
	f := newEventForm(m, sheet.Event{Name: "Open"})
	if !strings.HasPrefix(f.tc.PlaceHolder, "e.g. ") {
		t.Errorf("the time control's placeholder %q is not said as an example", f.tc.PlaceHolder)
	}
}
