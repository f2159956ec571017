package app

import (
	"os"
	"strings"
	"testing"

	"scoresheet/internal/pgtest"
	"scoresheet/sheet"
	"scoresheet/sheet/pgstore"
)

// The window's tests on a server share one PostgreSQL cluster, stopped
// when they end.
func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }

// TestOpenDialogServerLocation: Event → Open on a server takes a
// server's location: one with a password is refused in the dialog, which stays
// open and does not repeat the password; the event typed there opens,
// and the next Open offers it again.
func TestOpenDialogServerLocation(t *testing.T) {
	srv := pgtest.Need(t)
	loc := srv.Event(t)
	st, err := pgstore.Create(loc, sheet.Event{Name: "Typed Open"})
	if err != nil {
		t.Fatal(err)
	}
	st.Close()
	m, _ := newTestWindow(t)
	m.openServer()
	kd := m.dialogs[len(m.dialogs)-1]
	field := kd.focus.(*dialogEntry)
	field.SetText(strings.Replace(loc, "arbiter@", "arbiter:hunter2@", 1))
	kd.confirm()
	if len(m.dialogs) != 1 || !kd.errMsg.Visible() || !strings.Contains(kd.errMsg.Text, T("store.store-bad-location")) ||
		strings.Contains(kd.errMsg.Text, "hunter2") {
		t.Fatalf("a location with a password: dialog open %v, says %q", len(m.dialogs) == 1, kd.errMsg.Text)
	}
	field.SetText(loc)
	kd.confirm()
	if len(m.dialogs) != 0 || m.s.Store().Location() != loc || m.s.Event().Name != "Typed Open" {
		t.Fatalf("opened %q (%q), dialogs %d", m.s.Store().Location(), m.s.Event().Name, len(m.dialogs))
	}
	m.openServer()
	if kd := m.dialogs[len(m.dialogs)-1]; kd.focus.(*dialogEntry).Text != loc {
		t.Errorf("the next Open offers %q", kd.focus.(*dialogEntry).Text)
	}
}
