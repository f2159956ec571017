package locales

import (
	"encoding/json"
	"io/fs"
	"sort"
	"testing"
)

// Load reads one locale file of FS; exported to the tests of package
// locales_test too (it is declared in a test file, so only tests see it).
func Load(t *testing.T, name string) map[string]string {
	t.Helper()
	data, err := FS.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]string
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return m
}

func TestEnglishHasTitle(t *testing.T) {
	if got := Load(t, "en.json")["app.title"]; got != "Scoresheet" {
		t.Errorf(`en.json "app.title" = %q, want "Scoresheet"`, got)
	}
}

// TestSameKeys checks that every locale has exactly the keys of en.json,
// none empty.
func TestSameKeys(t *testing.T) {
	en := Load(t, "en.json")
	names, err := fs.Glob(FS, "*.json")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"de.json", "en.json", "es.json", "fr.json", "hr.json", "it.json", "nl.json"}
	for _, w := range want {
		if i := sort.SearchStrings(names, w); i == len(names) || names[i] != w {
			t.Errorf("locale %s missing", w)
		}
	}
	for _, name := range names {
		m := Load(t, name)
		for k := range en {
			if _, ok := m[k]; !ok {
				t.Errorf("%s lacks key %q", name, k)
			}
		}
		for k, v := range m {
			if _, ok := en[k]; !ok {
				t.Errorf("%s has key %q that en.json lacks", name, k)
			}
			if v == "" {
				t.Errorf("%s: key %q is empty", name, k)
			}
		}
	}
}
