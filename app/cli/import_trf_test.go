package cli

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"scoresheet/internal/xtest"
	"scoresheet/sheet"
	"scoresheet/sheet/sqlitestore"
	"scoresheet/trf"
)

// trfPlayer writes a 001 line with the round blocks given ("   2 w 1").
func trfPlayer(rank int, name string, blocks ...string) string {
	s := fmt.Sprintf("001 %4d %1s%-3s %-33s %4d %-3s %11s %-10s %4s %4s  ", rank, "m", "", name, 2000+rank, "CRO", fmt.Sprint(14100000+rank), "", "0.0", "")
	for _, b := range blocks {
		s += fmt.Sprintf("%-8s  ", b)
	}
	return strings.TrimRight(s, " ")
}

// trfFile joins a header and player lines with CR line ends (as Swiss-
// Manager and bbpPairings write them).
func trfFile(lines ...string) []byte {
	return []byte("012 Test Open\r022 Zagreb\r042 2026/11/20\rXXR 3\r" + strings.Join(lines, "\r") + "\r")
}

func newEvent(t *testing.T) string {
	t.Helper()
	ev := filepath.Join(t.TempDir(), "ev.scoresheet")
	if code, _, e := run(t, "", "event", "new", ev, "--name", "Before"); code != 0 {
		t.Fatal(e)
	}
	return ev
}

// withStore opens the event for a test's own reading and writing.
func withStore(t *testing.T, ev string, fn func(st sheet.EventStore)) {
	t.Helper()
	st, err := sqlitestore.Open(ev)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	fn(st)
}

// TestImportTRFCorpus imports every TRF of the corpus into a new event
// (told by content: the files are copied under a .txt name), checks the
// boards, forfeits, results and byes against the reader's count, and
// exports the TRF back unchanged, byte for byte (but the team fixture's
// points, which are not its blocks').
func TestImportTRFCorpus(t *testing.T) {
	paths, _ := filepath.Glob(xtest.Corpus(t, "trf", "*.trf"))
	if len(paths) < 5 {
		t.Fatalf("want the 5 TRF files of ../shared/corpora/trf, found %d", len(paths))
	}
	for _, path := range paths {
		t.Run(filepath.Base(path), func(t *testing.T) {
			data, _ := os.ReadFile(path)
			ev := newEvent(t)
			in := xtest.WriteFile(t, t.TempDir(), "round.txt", data)
			code, out, e := run(t, "", "import", "--event", ev, in)
			if code != 0 {
				t.Fatalf("import: %d %s", code, e)
			}
			f, err := trf.Parse(data)
			if err != nil {
				t.Fatal(err)
			}
			boards, forfeits, byes := 0, 0, 0
			for r := 1; r <= f.RoundsPresent(); r++ {
				pairs, bs := f.Round(r)
				boards += len(pairs)
				byes += len(bs)
				for _, p := range pairs {
					if p.Forfeit() {
						forfeits++
					}
				}
			}
			if !strings.Contains(out, plural(boards, "board", "boards")+" added,") || strings.Count(out, ": bye ") != byes {
				t.Errorf("import said %q; want %d boards, %d byes", out, boards, byes)
			}
			withStore(t, ev, func(st sheet.EventStore) {
				games, _ := st.Games()
				gotForfeits := 0
				for _, g := range games {
					if g.Result.Forfeit() {
						gotForfeits++
					}
					w, b, ok := trf.Ranks(&g)
					p, bl := f.Player(w), f.Player(b)
					wb, _ := p.Block(g.Round)
					if !ok || p == nil || bl == nil || wb.Opponent != b || wb.Colour != 'w' || g.White.Name != p.Name || g.Black.Name != bl.Name {
						t.Fatalf("round %d board %d: %+v is not the file's pairing", g.Round, g.Board, g)
					}
					if want := (trf.Pairing{Round: g.Round, White: p, Black: bl, WhiteResult: wb.Result, BlackResult: bl.Rounds[g.Round-1].Result}).Result(); g.Result != want {
						t.Errorf("round %d board %d: result %q, want %q", g.Round, g.Board, g.Result, want)
					}
				}
				if len(games) != boards || gotForfeits != forfeits {
					t.Errorf("%d boards (%d forfeits), want %d (%d)", len(games), gotForfeits, boards, forfeits)
				}
				event, _ := st.Event()
				if event.Name != f.Name || len(event.Rounds) < f.RoundsPresent() {
					t.Errorf("event %+v", event)
				}
			})
			outPath := filepath.Join(t.TempDir(), "back.trf")
			if code, _, e := run(t, "", "export", "--format", "trf", "--out", outPath, ev); code != 0 {
				t.Fatalf("export: %s", e)
			}
			back, _ := os.ReadFile(outPath)
			if filepath.Base(path) == "echecsjs_trf26_team.trf" {
				// Its points (a team's game points, 4.0 and 3.5 after one
				// game) are not its players' blocks': they are counted
				// again, and nothing else changes.
				data = bytes.Replace(bytes.Replace(data, []byte("1963/04/13 4.0"), []byte("1963/04/13 1.0"), 1),
					[]byte("1976/07/23 3.5"), []byte("1976/07/23 0.0"), 1)
			}
			if !bytes.Equal(back, data) {
				t.Errorf("exported TRF differs from the file imported:\n%s", back)
			}
		})
	}
}

// TestImportTRFRefused: bytes that are not text and a TRF with a broken
// line are refused with file:line:col, exit status 1, and the event file
// is not changed by a byte.
func TestImportTRFRefused(t *testing.T) {
	dir := t.TempDir()
	ev := newEvent(t)
	good := trfFile(trfPlayer(1, "Alpha, Ann", "   2 w 1"), trfPlayer(2, "Beta, Bea", "   1 b 0"))
	random := make([]byte, 4096)
	for i := range random {
		random[i] = byte(i*7919 + i/13)
	}
	for _, tc := range []struct {
		name string
		data []byte
		want string
	}{
		{"random bytes", random, ":1:1: A control character"},
		{"control character between moves", []byte("[Event \"E\"]\n[Result \"*\"]\n\n1. e4 \x00 e5 *\n"), ":4:7: A control character"},
		{"an event file", []byte("SQLite format 3\x00\x10\x00"), ":1:16: A control character"},
		{"utf-16 without its mark", []byte("[\x00E\x00v\x00"), ":1:2: A control character"},
		{"broken line", bytes.Replace(good, []byte("   1 b 0"), []byte("   1 b 7"), 1), ":6:99: The result is not one of the codes"},
		{"shifted line", bytes.Replace(good, []byte("Beta, Bea "), []byte("Beta, Bea  "), 1), ":6:53:"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before, _ := os.ReadFile(ev)
			in := xtest.WriteFile(t, dir, "in.dat", tc.data)
			code, out, e := run(t, "", "import", "--event", ev, in)
			if code != ExitError || !strings.Contains(e, in+tc.want) || out != "" {
				t.Errorf("exit %d, stdout %q, stderr %q; want exit 1 and %q", code, out, e, tc.want)
			}
			if after, _ := os.ReadFile(ev); !bytes.Equal(before, after) {
				t.Error("the event file changed")
			}
		})
	}
}

// TestImportRefusesText: a text file that is neither PGN nor TRF makes
// no board: each stretch of words is said with its line, and the exit
// status is 1.
func TestImportRefusesText(t *testing.T) {
	ev := newEvent(t)
	in := xtest.WriteFile(t, t.TempDir(), "letter.txt", []byte("Dear arbiter,\nhello world.\n"))
	code, out, e := run(t, "", "import", "--event", ev, in)
	if code != ExitError || !strings.Contains(e, in+":1: game 1: not a game") || out != "0 games imported, 1 skipped\n" {
		t.Errorf("exit %d, stdout %q, stderr %q; want exit 1 and the text refused", code, out, e)
	}
	withStore(t, ev, func(st sheet.EventStore) {
		if boards, err := st.Boards(); err != nil || len(boards) != 0 {
			t.Errorf("boards after importing a letter: %v %v", boards, err)
		}
	})
}
