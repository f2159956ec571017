package app

import (
	"errors"
	"strings"
	"testing"
	"time"

	"scoresheet/sheet"
)

// Issue 36's window side: the status line says who holds the event's
// lock as the store tells it; a network's own words are left out.
func TestAwayWhy(t *testing.T) {
	SetLanguage("en")
	held := &sheet.StoreError{Code: "store-lock-held", Path: "postgres://arb@10.0.0.2/venue?event=Open",
		Err: errors.New("held by scoresheet window on\n10.0.0.5 since 22:01")}
	if got := awayWhy(held); !strings.Contains(got, "held by scoresheet window on 10.0.0.5 since 22:01") || strings.Contains(got, "postgres://") {
		t.Errorf("held: %q", got)
	}
	gone := &sheet.StoreError{Code: sheet.StoreUnreachable, Path: "postgres://arb@10.0.0.2/venue?event=Open",
		Err: errors.New("dial tcp 10.0.0.2:5432: connect: connection refused")}
	if got := awayWhy(gone); strings.Contains(got, "dial") || !strings.Contains(got, "cannot be reached") {
		t.Errorf("unreachable: %q", got)
	}
	if got := placeName("postgres://arb@10.0.0.2/venue?event=Venue+Open"); got != "the server's event “Venue Open”" {
		t.Errorf("placeName: %q", got)
	}
}

func TestResendWait(t *testing.T) {
	for n, want := range []time.Duration{500 * time.Millisecond, time.Second, 2 * time.Second, 4 * time.Second, 8 * time.Second, 8 * time.Second} {
		if got := resendWait(n); got != want {
			t.Errorf("resendWait(%d) = %v, want %v", n, got, want)
		}
	}
}
