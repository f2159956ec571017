package sheet

import (
	"fmt"
	"testing"
)

func TestStoreAway(t *testing.T) {
	for _, c := range []struct {
		err  error
		away bool
	}{
		{&StoreError{Code: StoreUnreachable}, true},
		{&StoreError{Code: StoreLocked}, true},
		{&StoreError{Code: StoreIO}, true},
		{fmt.Errorf("wrapped: %w", &StoreError{Code: StoreUnreachable}), true},
		{&StoreError{Code: "store-lock-held"}, true},
		{&StoreError{Code: "store-statement-timeout"}, true},
		{&StoreError{Code: StoreConflict}, false},
		{&StoreError{Code: StoreCorrupt}, false},
		{&StoreError{Code: StoreReadOnly}, false},
		{fmt.Errorf("store-unreachable"), false}, // words are no code
		{nil, false},
	} {
		if got := StoreAway(c.err); got != c.away {
			t.Errorf("StoreAway(%v) = %v, want %v", c.err, got, c.away)
		}
	}
}
