package core

import (
	"bytes"
	"encoding/json"
	"testing"
)

func TestTerminalText(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Müller - Đurđević", "Müller - Đurđević"},
		{"line\n\ttab", "line\n\ttab"},
		{"Evil\x1b]0;pwned\x07\x1b[2J", `Evil\u001b]0;pwned\u0007\u001b[2J`},
		{"cr\rover", `cr\u000dover`},
		{"nul\x00", `nul\u0000`},
		{"del\x7f", `del\u007f`},
		{"csi\u009b2J next\u0085", `csi\u009b2J next\u0085`},
		{"\u00a0nbsp é", "\u00a0nbsp é"},
		{"latin1 \xe9t\xe9", `latin1 \xe9t\xe9`},
		{"cut \xc2", `cut \xc2`},
		{"\xc2\x41", `\xc2A`},
		{"日本 ♔ 🙂", "日本 ♔ 🙂"},
	}
	for _, tt := range tests {
		if got := TerminalText(tt.in); got != tt.want {
			t.Errorf("TerminalText(%q) = %q, want %q", tt.in, got, tt.want)
		}
		// Written byte by byte, as a buffered writer may cut it.
		var buf bytes.Buffer
		w := NewTerminalWriter(&buf)
		for i := range len(tt.in) {
			if n, err := w.Write([]byte{tt.in[i]}); n != 1 || err != nil {
				t.Fatalf("Write: %d %v", n, err)
			}
		}
		if err := w.Flush(); err != nil {
			t.Fatal(err)
		}
		if buf.String() != tt.want {
			t.Errorf("written byte by byte %q: %q, want %q", tt.in, buf.String(), tt.want)
		}
	}
}

// TestTerminalTextJSON: JSON through the terminal's escaping is still
// JSON, and reads back the text as it was (encoding/json writes DEL and
// C1 raw).
func TestTerminalTextJSON(t *testing.T) {
	in := "Evil\x1b[2J\x7f\u009b\u0085 Ž"
	b, err := json.Marshal(map[string]string{"name": in})
	if err != nil {
		t.Fatal(err)
	}
	shown := TerminalText(string(b))
	for _, c := range shown {
		if c < 0x20 || c >= 0x7f && c < 0xa0 {
			t.Fatalf("%q shows a control character", shown)
		}
	}
	var back map[string]string
	if err := json.Unmarshal([]byte(shown), &back); err != nil {
		t.Fatalf("%s: %v", shown, err)
	}
	if back["name"] != in {
		t.Errorf("read back %q, want %q", back["name"], in)
	}
}
