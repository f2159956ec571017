package pgstore

import (
	"net/url"
	"strings"

	"scoresheet/sheet"
)

// A location names an event on a server the way libpq names a
// database, with the event's name added:
//
//	postgres://USER@HOST[:PORT]/DB?event=NAME[&sslmode=...]
//
// Several events share one database, each under its name. The
// password is never part of a location: a location is typed into the
// window, shown in its status line, said in errors and remembered, so
// libpq's other places hold it (PGPASSWORD, ~/.pgpass or PGPASSFILE, a
// service file's entry), and a location with one is refused without
// being repeated.

// IsLocation reports whether loc names an event on a server rather than
// a file.
func IsLocation(loc string) bool {
	l := strings.ToLower(loc)
	return strings.HasPrefix(l, "postgres://") || strings.HasPrefix(l, "postgresql://")
}

// connKeys are the parameters a location may give besides event: those
// of a connection. Not password (see above), nor servicefile, which
// libpq takes from the environment only.
var connKeys = map[string]bool{
	"host": true, "port": true, "user": true, "dbname": true,
	"sslmode": true, "sslrootcert": true, "sslcert": true, "sslkey": true, "sslcrl": true, "sslsni": true,
	"service": true, "passfile": true, "connect_timeout": true, "application_name": true,
	"target_session_attrs": true, "channel_binding": true,
}

// location is a location read.
type location struct {
	event string // the event's name in the database
	conn  string // the location without its event: the connection string
	shown string // the location as given (it holds no password)
}

// badLocation is the error of a location that does not read; shown is
// what may be said of it (never a password).
func badLocation(shown, detail string) error {
	return &sheet.StoreError{Code: sheet.StoreBadLocation, Path: shown, Err: sheet.Details("%s", detail)}
}

// parseLocation reads loc. Its errors say the location with the
// password left out, and never the parse error of net/url, which quotes
// its input.
func parseLocation(loc string) (location, error) {
	if !IsLocation(loc) {
		return location{}, badLocation("", "scheme")
	}
	u, err := url.Parse(loc)
	if err != nil {
		scheme, _, _ := strings.Cut(loc, "://")
		return location{}, badLocation(scheme+"://", "url")
	}
	// What errors say of it: no password, no query (a misspelt
	// "pasword=" parameter would hold one).
	safe := u.Scheme + "://"
	if u.User != nil {
		safe += u.User.Username() + "@"
	}
	safe += u.Host + u.Path
	if _, has := u.User.Password(); has {
		return location{}, badLocation(safe, "password")
	}
	q, err := url.ParseQuery(u.RawQuery)
	if err != nil {
		return location{}, badLocation(safe, "query")
	}
	names := q["event"]
	if len(names) != 1 || names[0] == "" {
		return location{}, badLocation(safe, "event=")
	}
	for k := range q {
		if k != "event" && !connKeys[k] {
			return location{}, badLocation(safe, k+"=")
		}
	}
	q.Del("event")
	conn := *u
	conn.RawQuery = q.Encode()
	return location{event: names[0], conn: conn.String(), shown: loc}, nil
}

// EventName returns the event's name of a location; ok is false when
// the location does not read.
func EventName(loc string) (name string, ok bool) {
	l, err := parseLocation(loc)
	return l.event, err == nil
}
