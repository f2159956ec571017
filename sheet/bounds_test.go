package sheet

import (
	"strings"
	"testing"
)

func TestShortText(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"e4", "e4"},
		{strings.Repeat("x", 24), strings.Repeat("x", 24)},
		{strings.Repeat("x", 25), strings.Repeat("x", 24) + "…"},
		{strings.Repeat("é", 20), strings.Repeat("é", 12) + "…"},
	} {
		if got := ShortText(tt.in); got != tt.want {
			t.Errorf("ShortText(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
