package sheet

import (
	"errors"
	"strings"
)

// StoreAway reports whether err says the event cannot be written now
// but may be soon: the server cannot be reached, a wait on it ran out,
// another connection or process holds the event's lock, the file's
// folder cannot be read or written (a network share gone). The window
// keeps the arbiter's keys in its journal on such an error and writes
// them when the event answers again (app/session/journal.go); any other
// error is said at once. This is the one place that sets which codes are
// "away".
func StoreAway(err error) bool {
	var se *StoreError
	return errors.As(err, &se) && StoreAwayCode(se.Code)
}

// StoreAwayCode reports whether a store error's code is one of the
// "away" codes (StoreAway). Codes a store adds for a wait that ran out
// or a lock held by another ("...-timeout", "...-held") are away by their
// names, so that a store's new code of that kind needs no change here.
func StoreAwayCode(code StoreErrorCode) bool {
	switch code {
	case StoreUnreachable, StoreLocked, StoreIO:
		return true
	}
	c := string(code)
	return strings.HasSuffix(c, "-timeout") || strings.HasSuffix(c, "-held") || strings.Contains(c, "-timed-out") ||
		strings.Contains(c, "lock-held")
}
