package cli

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"scoresheet/internal/xtest"
	"scoresheet/sheet"
)

// pipeStdin runs "scoresheet args..." with standard input a real pipe
// fed with data by another goroutine, as "cat file | scoresheet ..." is.
func pipeStdin(t *testing.T, data []byte, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	go func() {
		w.Write(data)
		w.Close()
	}()
	defer r.Close()
	var out, errb bytes.Buffer
	code = Main(args, r, &out, &errb)
	return code, out.String(), errb.String()
}

// boardCount returns how many boards an event holds.
func boardCount(t *testing.T, ev string) (n int) {
	withStore(t, ev, func(st sheet.EventStore) {
		boards, err := st.Boards()
		if err != nil {
			t.Fatal(err)
		}
		n = len(boards)
	})
	return n
}

// TestImportFromPipe: a PGN read from a pipe ("-") is read once, from
// its start: every game of the 32-game and the 232-game corpus files is
// read and stored or said, as when the file is imported by its name, and
// the lines said are the file's (the 232-game file holds several events
// whose round and board numbers meet: 66 of its games are said to be on
// a board already taken, line by line, in both). Before, the first 64 KiB
// went to telling TRF from PGN and were lost.
func TestImportFromPipe(t *testing.T) {
	for _, tc := range []struct {
		file           string
		stored, boards int
	}{
		{"mliebelt_32games.pgn", 32, 32},
		{"mliebelt_twic-01-232games.pgn", 166, 166},
	} {
		t.Run(tc.file, func(t *testing.T) {
			data, err := os.ReadFile(xtest.Corpus(t, "pgn", "medium", tc.file))
			if err != nil {
				t.Fatalf("the PGN corpus is needed: %v", err)
			}
			byName := newEvent(t)
			path := writeFile(t, t.TempDir(), "games.pgn", data)
			wantCode, wantOut, wantErr := run(t, "", "import", "--event", byName, path)
			piped := newEvent(t)
			code, out, e := pipeStdin(t, data, "import", "--event", piped, "-")
			if code != wantCode || out != wantOut || e != strings.ReplaceAll(wantErr, path+":", "-:") {
				t.Errorf("from a pipe: exit %d\n%s%s\nby name: exit %d\n%s%s", code, out, e, wantCode, wantOut, wantErr)
			}
			if n := boardCount(t, piped); n != tc.boards || !strings.HasPrefix(out, plural(tc.stored, "game", "games")+" imported") {
				t.Errorf("%d boards stored, said %q; want %d", n, out, tc.boards)
			}
		})
	}
}

// TestImportFromPipeLines: text that is no game after 64 KiB of games
// is said at its own line of the stream.
func TestImportFromPipeLines(t *testing.T) {
	data, err := os.ReadFile(xtest.Corpus(t, "pgn", "medium", "mliebelt_twic-01-232games.pgn"))
	if err != nil {
		t.Fatal(err)
	}
	lines := bytes.Count(data, []byte("\n"))
	data = append(data, "\nDear arbiter,\nthese are the games.\n"...)
	code, _, e := pipeStdin(t, data, "import", "--event", newEvent(t), "-")
	if want := "-:" + itoa(lines+2) + ": game 233: not a game"; code != ExitError || !strings.Contains(e, want) {
		t.Errorf("exit %d, want %q in\n%s", code, want, e)
	}
}

// TestImportTRFFromPipe: a TRF and a pairing list come through a pipe
// whole, told from their first bytes.
func TestImportTRFFromPipe(t *testing.T) {
	ev := newEvent(t)
	c9, err := os.ReadFile(xtest.Corpus(t, "trf", "bbpPairings_dutch_2025_C9.trf"))
	if err != nil {
		t.Fatal(err)
	}
	if code, out, e := pipeStdin(t, c9, "import", "--event", ev, "-"); code != 0 || !strings.Contains(out, "2 boards added") {
		t.Fatalf("TRF from a pipe: exit %d %s %s", code, out, e)
	}
	if code, out, e := pipeStdin(t, []byte(c9List), "import", "--event", ev, "-"); code != 0 || !strings.Contains(out, "round 2: 2 boards added") {
		t.Fatalf("pairing list from a pipe: exit %d %s %s", code, out, e)
	}
	if n := boardCount(t, ev); n != 4 {
		t.Errorf("%d boards, want 4", n)
	}
}

// c9List is bbpPairings' pairing list for round 2 of the corpus file C9
// ("bbpPairings.exe --dutch bbpPairings_dutch_2025_C9.trf -p", run by
// hand): three pairs, the last a bye.
const c9List = "3\n2 1\n3 5\n4 0\n"
