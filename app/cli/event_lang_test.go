package cli

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// showJSONOf runs event show --json on file and decodes it into the
// document the command writes.
func showJSONOf(t *testing.T, file string) ShowDoc {
	t.Helper()
	code, out, e := run(t, "", "event", "show", file, "--json")
	if code != 0 {
		t.Fatalf("show: %s", e)
	}
	var doc ShowDoc
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("show --json: %v\n%s", err, out)
	}
	return doc
}

// TestEventLang: event set --lang de, then event enter without --lang
// reads Sf3 as a knight move; a copy given its own language keeps it,
// "--lang event" gives it back the event's, and show says which.
func TestEventLang(t *testing.T) {
	file := newEventGames(t, 1)
	if code, _, e := run(t, "", "event", "set", file, "--lang", "de"); code != 0 {
		t.Fatalf("set --lang de: %s", e)
	}
	code, out, e := run(t, "1.e4 e5 2.Sf3 Sc6\n", "event", "enter", file, "--round", "1", "--board", "1", "--copy", "white")
	if code != 0 || !strings.Contains(out, "3\tSf3\tok") {
		t.Fatalf("enter without --lang in a German event: %d %q %s", code, out, e)
	}
	doc := showJSONOf(t, file)
	if doc.Event.Lang != "de" {
		t.Errorf("event language %q", doc.Event.Lang)
	}
	g := doc.Games[0]
	if m := g.Moves[2]; m.SAN != "Nf3" || m.Copies["white"].Status != "ok" {
		t.Errorf("ply 3: %+v", m)
	}
	if c := g.Copies["white"]; c.Lang != "de" || !c.EventLang {
		t.Errorf("white's copy: lang %q, the event's %v", c.Lang, c.EventLang)
	}
	if code, out, _ := run(t, "", "event", "show", file); code != 0 || !strings.Contains(out, "notation de") {
		t.Errorf("show does not say the event's notation:\n%s", out)
	}

	// A copy with a language of its own keeps it when the event's changes.
	code, out, e = run(t, "1.e4 e5 2.Cf3\n", "event", "enter", file, "--round", "1", "--board", "1", "--copy", "black", "--lang", "fr")
	if code != 0 || !strings.Contains(out, "3\tCf3\tok") {
		t.Fatalf("enter --lang fr: %d %q %s", code, out, e)
	}
	if code, _, e := run(t, "", "event", "set", file, "--lang", "nl"); code != 0 {
		t.Fatalf("set --lang nl: %s", e)
	}
	g = showJSONOf(t, file).Games[0]
	if w, b := g.Copies["white"], g.Copies["black"]; w.Lang != "nl" || !w.EventLang || b.Lang != "fr" || b.EventLang {
		t.Errorf("copies after the event became Dutch: white %q (event's %v), black %q (event's %v)", w.Lang, w.EventLang, b.Lang, b.EventLang)
	}
	if code, _, e := run(t, "", "event", "enter", file, "--round", "1", "--board", "1", "--copy", "black", "--lang", "event"); code != 0 {
		t.Fatalf("enter --lang event: %s", e)
	}
	if b := showJSONOf(t, file).Games[0].Copies["black"]; b.Lang != "nl" || !b.EventLang {
		t.Errorf("black's copy after --lang event: %q (event's %v)", b.Lang, b.EventLang)
	}

	// A new event takes its language at once; add-game's copies take it.
	file2 := filepath.Join(t.TempDir(), "de.scoresheet")
	if code, _, e := run(t, "", "event", "new", file2, "--name", "Open", "--lang", "de"); code != 0 {
		t.Fatalf("new --lang de: %s", e)
	}
	if code, _, e := run(t, "", "event", "add-game", file2, "--round", "1", "--board", "1"); code != 0 {
		t.Fatalf("add-game: %s", e)
	}
	if code, out, e := run(t, "Sf3\n", "event", "enter", file2, "--round", "1", "--board", "1", "--copy", "black"); code != 0 || !strings.Contains(out, "1\tSf3\tok") {
		t.Fatalf("enter in a new German event: %d %q %s", code, out, e)
	}
	for _, args := range [][]string{
		{"event", "set", file, "--lang", "xx"},
		{"event", "set", file, "--lang", "event"},
		{"event", "new", filepath.Join(t.TempDir(), "x.scoresheet"), "--name", "X", "--lang", "klingon"},
		{"event", "add-game", file2, "--round", "1", "--board", "2", "--lang", "xx"},
		{"event", "enter", file2, "--round", "1", "--board", "1", "--copy", "white", "--lang", "xx"},
	} {
		if code, _, e := run(t, "", args...); code != ExitUsage || !strings.Contains(e, "unknown language") {
			t.Errorf("%v: exit %d, %q", args, code, e)
		}
	}
}

// TestEventSetLangSays: event set --lang reads every copy that takes the
// event's notation again; it says how many and which boards changed their
// state, as the window's event settings say it before their second OK
// (core.NotationChangeOf, one judgement). A copy with its own language
// is not read again; the same language again, or no copy typed, says
// nothing.
func TestEventSetLangSays(t *testing.T) {
	file := newEventGames(t, 2)
	if code, out, e := run(t, "", "event", "set", file, "--lang", "fr"); code != 0 || out != "" {
		t.Fatalf("set --lang fr, nothing typed: exit %d, said %q %s", code, out, e)
	}
	for _, c := range []struct {
		board, copy string
		flags       []string
	}{{"1", "white", nil}, {"1", "black", nil}, {"2", "white", nil}, {"2", "black", []string{"--lang", "fr"}}} {
		args := append([]string{"event", "enter", file, "--round", "1", "--board", c.board, "--copy", c.copy}, c.flags...)
		if code, _, e := run(t, "1.e4 e5 2.Re2 Re7 1/2\n", args...); code != 0 {
			t.Fatalf("%q: %s", args, e)
		}
	}
	if code, _, e := run(t, "", "event", "result", file, "--round", "1", "--board", "1", "--game", "1/2-1/2"); code != 0 {
		t.Fatal(e)
	}
	states := func() []string {
		var s []string
		for _, g := range showJSONOf(t, file).Games {
			s = append(s, g.State)
		}
		return s
	}
	before := states()
	code, out, e := run(t, "", "event", "set", file, "--lang", "en")
	want := "notation en: 3 typed copies read again in it; 1 board changed its state:\n  round 1, board 1: complete -> needs a decision\n"
	if code != 0 || out != want {
		t.Fatalf("set --lang en: exit %d, said %q, want %q %s", code, out, want, e)
	}
	if after := states(); before[0] != "complete" || after[0] != "needs-decision" || after[1] != before[1] {
		t.Errorf("states %q, then %q: not what was said", before, after)
	}
	if code, out, _ := run(t, "", "event", "set", file, "--lang", "en"); code != 0 || out != "" {
		t.Errorf("the same language again: exit %d, said %q", code, out)
	}
	if code, out, _ := run(t, "", "event", "set", file, "--lang", "fr"); code != 0 || !strings.HasPrefix(out, "notation fr: 3 typed copies read again in it; 1 board changed its state:\n  round 1, board 1: needs a decision -> complete\n") {
		t.Errorf("back to French: exit %d, said %q", code, out)
	}
}
