package sheet

import (
	"slices"
)

// Change is what other writers committed to the event since the last
// Change: the event's own fields, rounds or sources (Event), and the
// games changed, added or deleted (Games, by id, ascending). A game
// named may be gone: reading it is store-not-found.
type Change struct {
	Event bool
	Games []int64
}

// Empty reports whether nothing changed.
func (c Change) Empty() bool { return !c.Event && len(c.Games) == 0 }

// Merge adds o to c.
func (c *Change) Merge(o Change) {
	c.Event = c.Event || o.Event
	for _, id := range o.Games {
		if i, found := slices.BinarySearch(c.Games, id); !found {
			c.Games = slices.Insert(c.Games, i, id)
		}
	}
}
