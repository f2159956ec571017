package pgstore

import (
	"os"
	"slices"
	"strings"
	"testing"

	"scoresheet/internal/pgtest"
	"scoresheet/sheet"
	"scoresheet/sheet/internal/storekit"
)

func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }

// TestMigrationsMirrorTheFile: the server's schema moves as the event
// file's: one migration here for each of the file's, in its order
// (storekit.MigrationNames, which the file's test compares with its
// own). A migration added to sheet/sqlitestore/schema.go without its
// mirror here fails this test.
func TestMigrationsMirrorTheFile(t *testing.T) {
	var mine []string
	for _, m := range migrations {
		mine = append(mine, m.mirrors)
	}
	if file := storekit.MigrationNames; !slices.Equal(mine, file) {
		t.Fatalf("the server's migrations mirror %q; the file's are %q: add the missing ones to sheet/pgstore/schema.go", mine, file)
	}
}

// TestParseLocation: what a location reads as, and what is refused;
// nothing said of a refused one holds its password.
func TestParseLocation(t *testing.T) {
	const secret = "s3cr3t-Pa55"
	for _, tc := range []struct {
		loc         string
		event, conn string // "" conn: refused
		detail      string
	}{
		{"postgres://arbiter@10.0.0.5/venue?event=Open%202026", "Open 2026", "postgres://arbiter@10.0.0.5/venue", ""},
		{"postgresql://arbiter@venue-server:5433/venue?event=Rapid&sslmode=require", "Rapid", "postgresql://arbiter@venue-server:5433/venue?sslmode=require", ""},
		{"postgres:///venue?service=venue&event=Ж", "Ж", "postgres:///venue?service=venue", ""},
		{"POSTGRES://a@h/d?event=x", "x", "postgres://a@h/d", ""},
		{"postgres://arbiter@h/venue", "", "", "event="},
		{"postgres://arbiter@h/venue?event=", "", "", "event="},
		{"postgres://arbiter@h/venue?event=a&event=b", "", "", "event="},
		{"postgres://arbiter:" + secret + "@h/venue?event=x", "", "", "password"},
		{"postgres://arbiter@h/venue?event=x&password=" + secret, "", "", "password="},
		{"postgres://arbiter@h/venue?event=x&pasword=" + secret, "", "", "pasword="},
		{"postgres://arbiter@h/venue?event=x&pool_max_conns=50", "", "", "pool_max_conns="},
		{"postgres://arbiter@h/venue?event=x&servicefile=/tmp/evil", "", "", "servicefile="},
		{"postgres://ar biter:" + secret + "@h:port/venue?event=x", "", "", "url"},
		{"/home/arbiter/open.scoresheet", "", "", "scheme"},
	} {
		l, err := parseLocation(tc.loc)
		if tc.conn == "" {
			var se *sheet.StoreError
			if sheet.StoreErrorCodeOf(err) != sheet.StoreBadLocation || !errorsAs(err, &se) || se.Err.Error() != tc.detail {
				t.Errorf("%q: %v, want store-bad-location %q", tc.loc, err, tc.detail)
			}
			if err != nil && strings.Contains(err.Error(), secret) {
				t.Errorf("%q: the error says the password: %v", tc.loc, err)
			}
			continue
		}
		if err != nil || l.event != tc.event || l.conn != tc.conn || l.shown != tc.loc {
			t.Errorf("%q: %+v %v, want event %q conn %q", tc.loc, l, err, tc.event, tc.conn)
		}
	}
}

// TestLocationAuth: the password comes the libpq way, from the passfile
// (PGPASSFILE: the tests' cluster), from PGPASSWORD, or from a service
// file's entry; a wrong one is store-auth, and no error says it.
func TestLocationAuth(t *testing.T) {
	srv := pgtest.Need(t)
	loc := srv.Event(t)
	if s, err := Create(loc, sheet.Event{Name: "Auth"}); err != nil {
		t.Fatalf("with the passfile: %v", err)
	} else {
		s.Close()
	}
	dir := t.TempDir()
	t.Setenv("PGPASSFILE", dir+"/none")

	t.Setenv("PGPASSWORD", srv.Password())
	if s, err := Open(loc); err != nil {
		t.Errorf("with PGPASSWORD: %v", err)
	} else {
		s.Close()
	}

	const wrong = "not-the-Password-42"
	t.Setenv("PGPASSWORD", wrong)
	_, err := Open(loc)
	if sheet.StoreErrorCodeOf(err) != sheet.StoreAuth {
		t.Errorf("a wrong password: %v, want store-auth", err)
	}
	if err != nil && (strings.Contains(err.Error(), wrong) || strings.Contains(err.Error(), srv.Password())) {
		t.Errorf("the error says a password: %v", err)
	}

	os.Unsetenv("PGPASSWORD")
	service := dir + "/pg_service.conf"
	conf := "[venue]\nhost=127.0.0.1\nport=" + itoa(srv.Port) + "\nuser=arbiter\ndbname=venue\npassword=" + srv.Password() + "\nsslmode=disable\n"
	if err := os.WriteFile(service, []byte(conf), 0o600); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PGSERVICEFILE", service)
	name, _ := EventName(loc)
	if s, err := Open("postgres:///?service=venue&event=" + urlQuery(name)); err != nil {
		t.Errorf("with the service file: %v", err)
	} else {
		if s.Location() != "postgres:///?service=venue&event="+urlQuery(name) {
			t.Errorf("location %q", s.Location())
		}
		s.Close()
	}
	// sslmode is the location's: this cluster has no TLS.
	_, err = Open("postgres:///?service=venue&sslmode=require&event=" + urlQuery(name))
	if err == nil || !strings.Contains(err.Error(), "TLS") {
		t.Errorf("sslmode=require on a server without TLS: %v", err)
	}
}
