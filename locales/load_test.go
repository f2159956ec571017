package locales

import (
	"io/fs"
	"slices"
	"strings"
	"testing"
)

// TestLanguagesAreTheFiles: the language list is the embedded files,
// English first, then by code.
func TestLanguagesAreTheFiles(t *testing.T) {
	names, err := fs.Glob(FS, "*.json")
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, n := range names {
		if n != Default+".json" {
			want = append(want, strings.TrimSuffix(n, ".json"))
		}
	}
	slices.Sort(want)
	want = append([]string{Default}, want...)
	got := Languages()
	if !slices.Equal(got, want) {
		t.Errorf("Languages() = %v, want %v", got, want)
	}
	got[0] = "xx" // a copy: the caller cannot change the list
	if Languages()[0] != Default {
		t.Error("Languages returns the loader's own slice")
	}
	for _, l := range want {
		if len(File(l)) == 0 {
			t.Errorf("File(%q) is empty", l)
		}
	}
}

func TestMatch(t *testing.T) {
	for _, tc := range []struct{ locale, want string }{
		{"de", "de"}, {"DE", "de"}, {"de-AT", "de"}, {"de_AT.UTF-8", "de"}, {"hr_HR", "hr"},
		{"", ""}, {"xx", ""}, {"C.UTF-8", ""}, {"-de", ""},
	} {
		if got := Match(tc.locale); got != tc.want {
			t.Errorf("Match(%q) = %q, want %q", tc.locale, got, tc.want)
		}
	}
}

func TestLookupFallsBack(t *testing.T) {
	for _, tc := range []struct {
		lang, key, want string
		ok              bool
	}{
		{"de", "ui.header.round", "Runde", true},
		{"de_CH", "ui.header.round", "Runde", true},
		{"xx", "ui.header.round", "Round", true}, // unknown language: English
		{"", "ui.header.round", "Round", true},
		{"de", "no-such-key", "", false},
	} {
		got, ok := Lookup(tc.lang, tc.key)
		if got != tc.want || ok != tc.ok {
			t.Errorf("Lookup(%q, %q) = %q, %v; want %q, %v", tc.lang, tc.key, got, ok, tc.want, tc.ok)
		}
	}
	if got := Text("de", "no-such-key"); got != "no-such-key" {
		t.Errorf("Text of a key no language has = %q, want the key", got)
	}
}

func TestFill(t *testing.T) {
	type data struct{ Ply int }
	for _, tc := range []struct {
		msg  string
		data any
		want string
	}{
		{"Half-move {{.Ply}}", data{7}, "Half-move 7"},
		{"Half-move {{.Ply}}", nil, "Half-move {{.Ply}}"},       // no data: as it is
		{"Half-move {{.Ply", data{7}, "Half-move {{.Ply"},       // no template: as it is
		{"Half-move {{.Nope}}", data{7}, "Half-move {{.Nope}}"}, // does not render: as it is
		{"plain", data{7}, "plain"},
	} {
		if got := Fill(tc.msg, tc.data); got != tc.want {
			t.Errorf("Fill(%q, %v) = %q, want %q", tc.msg, tc.data, got, tc.want)
		}
	}
}
