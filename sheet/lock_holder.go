package sheet

import (
	"fmt"
	"strconv"
	"time"
)

// LockHolder is who held what a call waited for in vain (StoreHeld), as
// far as the server tells: its pg_stat_activity row. A connection of
// another user may show only its process id (the server hides the rest
// from those without the right to see it).
type LockHolder struct {
	PID    int       // the server's process of that connection; 0: not found (gone meanwhile)
	App    string    // its application_name ("scoresheet window on laptop-3", "psql")
	Client string    // its client address; "" for a local socket or hidden
	Since  time.Time // when its transaction began (else its connection); zero when hidden
	State  string    // "idle in transaction", "active", ...
}

// Error says the holder as key=value details, never as a sentence (the
// faces say it in words: app/core's explainer).
func (h *LockHolder) Error() string {
	s := "pid=" + strconv.Itoa(h.PID)
	if h.App != "" {
		s += fmt.Sprintf(" application=%q", h.App)
	}
	if h.Client != "" {
		s += " client=" + h.Client
	}
	if !h.Since.IsZero() {
		s += " since=" + h.Since.UTC().Format(time.RFC3339)
	}
	if h.State != "" {
		s += fmt.Sprintf(" state=%q", h.State)
	}
	return s
}
