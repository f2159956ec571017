//go:build unix

package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"scoresheet/sheet"
	"scoresheet/trf"
)

// fakeEngine writes a shell script standing for a pairing engine: it is
// called as ENGINE [ARGS] INPUT -p OUTPUT, keeps the input it got in
// dir/input.trf, then runs body (with $out the list's path).
func fakeEngine(t *testing.T, dir, body string) string {
	t.Helper()
	f, err := os.CreateTemp(dir, "engine-*.sh")
	if err != nil {
		t.Fatal(err)
	}
	f.Close()
	path := f.Name()
	script := "#!/bin/sh\nfor a; do prev=$a; done\nout=$prev\n" +
		"eval in=\\${$(($# - 2))}\ncp \"$in\" " + filepath.Join(dir, "input.trf") + "\n" + body + "\n"
	if err := os.WriteFile(path, []byte(script), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, 0o700); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestEventPair runs event pair with engines standing for bbpPairings:
// the file the engine gets is export --format trf's, byte for byte, and
// its list becomes the round; no engine, one that fails (its own words
// quoted), cannot start or writes nothing, a round that is not the next,
// and a finished round lacking results are refused with nothing paired.
func TestEventPair(t *testing.T) {
	dir := t.TempDir()
	replayDir, _ := filepath.Abs(filepath.Join("testdata", "replay"))
	ev := filepath.Join(dir, "open.scoresheet")
	mustRun(t, "event", "new", ev, "--name", "Replay Open")
	mustRun(t, "import", "--event", ev, filepath.Join(replayDir, "r0.trf"))
	mustRun(t, "event", "bye", ev, "--round", "1", "--player", "5", "--kind", "H")

	boards := func() int {
		n := 0
		withStore(t, ev, func(st sheet.EventStore) { n, _ = st.CountGames(sheet.GameFilter{}) })
		return n
	}
	refused := []struct {
		name, engine string
		args         []string
		want         []string
	}{
		{"no engine", "", nil, []string{"[engine-none]"}},
		{"fails", fakeEngine(t, dir, "echo 'Invalid line \"001 x\"' >&2; exit 3"), nil,
			[]string{"[engine-failed]", "exit status 3", `  Invalid line "001 x"`}},
		{"not found", filepath.Join(dir, "no-such-engine"), nil, []string{"[engine-start]"}},
		{"no list", fakeEngine(t, dir, "echo paired"), nil, []string{"[engine-no-list]", "  paired"}},
		{"not the next round", fakeEngine(t, dir, "cp "+filepath.Join(replayDir, "pairs1.txt")+" \"$out\""), []string{"--round", "2"},
			[]string{"[trf-list-round]"}},
	}
	for _, tc := range refused {
		mustRun(t, "event", "set", ev, "--pairing-engine", tc.engine)
		code, _, stderr := run(t, "", append([]string{"event", "pair", ev}, tc.args...)...)
		if code != ExitError {
			t.Errorf("%s: exit %d, want %d\n%s", tc.name, code, ExitError, stderr)
		}
		for _, w := range tc.want {
			if !strings.Contains(stderr, w) {
				t.Errorf("%s: stderr lacks %q:\n%s", tc.name, w, stderr)
			}
		}
		if n := boards(); n != 0 {
			t.Fatalf("%s: %d boards after a refused pairing", tc.name, n)
		}
	}

	mustRun(t, "event", "set", ev, "--pairing-engine", fakeEngine(t, dir, "cp "+filepath.Join(replayDir, "pairs1.txt")+" \"$out\""))
	code, stdout, stderr := run(t, "", "event", "pair", ev)
	if code != ExitOK || !strings.Contains(stdout, "round 1 paired by ") || !strings.Contains(stdout, "round 1: 5 boards added") ||
		!strings.Contains(stdout, "round 1: bye H: 5 Eriksen, Eva") {
		t.Fatalf("event pair: exit %d\n%s%s", code, stdout, stderr)
	}
	given, err := os.ReadFile(filepath.Join(dir, "input.trf"))
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(filepath.Join(replayDir, "in1.trf"))
	if err != nil {
		t.Fatal(err)
	}
	if g, w := pairingInput(parseBytes(t, given), 1), pairingInput(parseBytes(t, want), 1); g != w {
		t.Errorf("the engine got:\n%s\nwant the engine's input of round 1:\n%s", g, w)
	}

	// The engine gets what export --format trf writes: round 1 paired,
	// its results entered, the export and the engine's file are one.
	for b := 1; b <= 5; b++ {
		mustRun(t, "event", "result", ev, "--round", "1", "--board", itoa(b), "--game", "1-0")
	}
	out := filepath.Join(dir, "export.trf")
	mustRun(t, "export", "--format", "trf", "--out", out, ev)
	exported, _ := os.ReadFile(out)
	mustRun(t, "event", "set", ev, "--pairing-engine", fakeEngine(t, dir, "exit 1"))
	run(t, "", "event", "pair", ev)
	given, _ = os.ReadFile(filepath.Join(dir, "input.trf"))
	if string(given) != string(exported) {
		t.Errorf("the engine's file is not export --format trf's:\n%s\nexport:\n%s", given, exported)
	}

	// A finished round lacking a result: nothing is given to the engine.
	mustRun(t, "event", "result", ev, "--round", "1", "--board", "3", "--game", "")
	os.Remove(filepath.Join(dir, "input.trf"))
	code, _, stderr = run(t, "", "event", "pair", ev)
	if code != ExitError || !strings.Contains(stderr, "round 1 board 3") || !strings.Contains(stderr, "nothing paired") {
		t.Errorf("pair with a result missing: exit %d\n%s", code, stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, "input.trf")); err == nil {
		t.Errorf("the engine ran on a file lacking a result")
	}
}

func parseBytes(t *testing.T, data []byte) *trf.File {
	t.Helper()
	path := filepath.Join(t.TempDir(), "f.trf")
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
	return parseTRF(t, path)
}
