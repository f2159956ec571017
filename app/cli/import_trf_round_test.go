package cli

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"scoresheet/app/core"
	"scoresheet/internal/xtest"
	"scoresheet/sheet"
	"scoresheet/sheet/sheettest"
)

// Three rounds of four players, as the pairing program writes the file
// round after round.
var (
	// Round 1 paired, not played.
	round1 = trfFile(
		trfPlayer(1, "Alpha, Ann", "   3 w"),
		trfPlayer(2, "Beta, Bea", "   4 b"),
		trfPlayer(3, "Gamma, Gus", "   1 b"),
		trfPlayer(4, "Delta, Dan", "   2 w"),
	)
	// Round 1 results (4-2 a forfeit), round 2 paired.
	round2 = trfFile(
		trfPlayer(1, "Alpha, Ann", "   3 w 1", "   4 b"),
		trfPlayer(2, "Beta, Bea", "   4 b -", "   3 w"),
		trfPlayer(3, "Gamma, Gus", "   1 b 0", "   2 b"),
		trfPlayer(4, "Delta, Dan", "   2 w +", "   1 w"),
	)
	// Round 2 paired again differently (the arbiter corrected a
	// pairing in the pairing program).
	round2Repaired = trfFile(
		trfPlayer(1, "Alpha, Ann", "   3 w 1", "   2 b"),
		trfPlayer(2, "Beta, Bea", "   4 b -", "   1 w"),
		trfPlayer(3, "Gamma, Gus", "   1 b 0", "   4 b"),
		trfPlayer(4, "Delta, Dan", "   2 w +", "   3 w"),
	)
)

// boardsOf lists an event's boards as "round.board white-black result
// cells", by round and board.
func boardsOf(t *testing.T, ev string) string {
	t.Helper()
	var s []string
	withStore(t, ev, func(st sheet.EventStore) {
		games, _ := st.Games()
		for _, g := range games {
			s = append(s, strings.Join([]string{
				itoa(g.Round) + "." + itoa(g.Board), strings.Fields(g.White.Name)[0] + strings.Fields(g.Black.Name)[0],
				string(g.Result), itoa(len(g.Copies[0].Cells)) + "/" + itoa(len(g.Copies[1].Cells))}, " "))
		}
	})
	return strings.Join(s, "\n")
}

func itoa(n int) string { return strconv.Itoa(n) }

// TestImportTRFNextRound: the next round's file adds its boards and
// updates the earlier ones (results, forfeits); nothing is doubled, no
// typed cell is lost. A repaired round whose changed pairing holds a
// typed cell is refused whole, the board listed, until --replace; an
// untyped board whose pairing changed goes.
func TestImportTRFNextRound(t *testing.T) {
	dir := t.TempDir()
	ev := newEvent(t)
	imp := func(data []byte, wantCode int, flags ...string) string {
		t.Helper()
		args := append(append([]string{"import", "--event", ev}, flags...), xtest.WriteFile(t, dir, "round.trf", data))
		code, out, e := run(t, "", args...)
		if code != wantCode {
			t.Fatalf("import: exit %d, want %d; %s %s", code, wantCode, out, e)
		}
		return e
	}
	imp(round1, 0)
	// Both players' first moves typed on round 1, board 1 (Alpha-Gamma).
	withStore(t, ev, func(st sheet.EventStore) {
		g, err := st.GameAt(1, 1)
		if err != nil || !strings.HasPrefix(g.White.Name, "Alpha") {
			t.Fatalf("round 1 board 1: %+v %v", g, err)
		}
		sheettest.SetCell(st, g.ID, sheet.WhiteCopy, 0, sheet.Cell{Text: "e4"})
		sheettest.SetCell(st, g.ID, sheet.BlackCopy, 0, sheet.Cell{Text: "e4"})
	})
	want1 := "1.1 Alpha,Gamma,  1/1\n1.2 Delta,Beta,  0/0"
	if got := boardsOf(t, ev); got != want1 {
		t.Fatalf("after round 1:\n%s\nwant\n%s", got, want1)
	}

	imp(round2, 0)
	imp(round2, 0) // the same file again changes nothing
	want2 := "1.1 Alpha,Gamma, 1-0 1/1\n1.2 Delta,Beta, +/- 0/0\n2.1 Delta,Alpha,  0/0\n2.2 Beta,Gamma,  0/0"
	if got := boardsOf(t, ev); got != want2 {
		t.Fatalf("after round 2:\n%s\nwant\n%s", got, want2)
	}
	// Round 2 board 1 (Delta-Alpha) gets a typed cell, then the round is
	// repaired: Beta-Alpha and Delta-Gamma.
	withStore(t, ev, func(st sheet.EventStore) {
		g, _ := st.GameAt(2, 1)
		sheettest.SetCell(st, g.ID, sheet.WhiteCopy, 0, sheet.Cell{Text: "d4"})
	})
	before, boards := readFile(t, ev), boardsOf(t, ev)
	e := imp(round2Repaired, ExitError)
	if !strings.Contains(e, "round 2 board 1 (Delta, Dan - Alpha, Ann)") || !strings.Contains(e, "[trf-would-replace]") ||
		!strings.Contains(e, "nothing imported: 1 board hold") || strings.Contains(e, "board 2 (") {
		t.Errorf("the board holding a cell is not listed alone: %s", e)
	}
	if got := boardsOf(t, ev); got != boards {
		t.Errorf("a refused import changed the boards:\n%s", got)
	}
	if after := readFile(t, ev); before != after {
		t.Error("a refused import changed the event file")
	}
	// Told to: scores after round 1 are Alpha 1, Delta 1, Beta 0, Gamma
	// 0: Beta-Alpha first (Alpha ranked above Delta), then Delta-Gamma.
	imp(round2Repaired, 0, "--replace")
	want3 := "1.1 Alpha,Gamma, 1-0 1/1\n1.2 Delta,Beta, +/- 0/0\n2.1 Beta,Alpha,  0/0\n2.2 Delta,Gamma,  0/0"
	if got := boardsOf(t, ev); got != want3 {
		t.Errorf("after the repaired round 2:\n%s\nwant\n%s", got, want3)
	}
}

// TestExportTRFResults: results entered here go into both players'
// blocks, and every player's points into columns 81-84 as the blocks
// give them; nothing else changes (round 2's result column, 109, of the
// four player lines, written after the blank the lines ended before; a
// round 1 forfeit that says what the file says changes nothing), and
// the ranks (86-89) from the standings after round 2, points then
// starting rank (the file has no 202 line), said.
func TestExportTRFResults(t *testing.T) {
	dir := t.TempDir()
	ev := newEvent(t)
	if code, _, e := run(t, "", "import", "--event", ev, xtest.WriteFile(t, dir, "round2.trf", round2)); code != 0 {
		t.Fatal(e)
	}
	withStore(t, ev, func(st sheet.EventStore) {
		for _, rb := range [][3]string{{"2", "1", "0-1"}, {"2", "2", "1/2-1/2"}, {"1", "2", "+/-"}} {
			r, _ := strconv.Atoi(rb[0])
			b, _ := strconv.Atoi(rb[1])
			g, err := st.GameAt(r, b)
			if err != nil {
				t.Fatal(err)
			}
			g.Result = sheet.Result(rb[2])
			if err := sheettest.SetHeader(st, g); err != nil {
				t.Fatal(err)
			}
		}
	})
	out := filepath.Join(dir, "back.trf")
	code, said, e := run(t, "", "export", "--format", "trf", "--out", out, ev)
	if code != 0 || !strings.Contains(said, "round 1: 2 results (0 changed in the file)\nround 2: 2 results (2 changed in the file)\n"+
		"ranks after round 2: points, then starting rank (the file names no tie-breaks: no 202 line); 4 changed\n4 players' points set from their rounds") {
		t.Fatalf("export: %d %q %s", code, said, e)
	}
	got, _ := os.ReadFile(out)
	origLines := strings.Split(string(round2), "\r")
	if n := strings.Count(string(got), "\r"); n != len(origLines)-1 {
		t.Fatalf("%d lines, want %d", n, len(origLines)-1)
	}
	// Round 2: Delta (4, White) - Alpha (1) 0-1; Beta (2, White) - Gamma
	// (3) draw. Points: Alpha 1 + 1, Beta 0 (forfeit) + 1/2, Gamma 0 +
	// 1/2, Delta 1 (forfeit) + 0.
	want := map[int]byte{1: '1', 2: '=', 3: '=', 4: '0'}
	points := map[int]string{1: " 2.0", 2: " 0.5", 3: " 0.5", 4: " 1.0"}
	ranks := map[int]string{1: "   1", 2: "   3", 3: "   4", 4: "   2"}
	lines := strings.Split(string(got), "\r")
	for i, l := range lines {
		// The round 2 blocks end at their colour (column 107): the
		// result column is written after a blank.
		orig := origLines[i] + strings.Repeat(" ", max(0, len(l)-len(origLines[i])))
		rank, _ := strconv.Atoi(strings.TrimSpace(l[min(4, len(l)):min(8, len(l))]))
		if strings.HasPrefix(l, "001") && l[80:84] != points[rank] {
			t.Errorf("player %d's points %q, want %q", rank, l[80:84], points[rank])
		}
		if strings.HasPrefix(l, "001") && l[85:89] != ranks[rank] {
			t.Errorf("player %d's rank %q, want %q", rank, l[85:89], ranks[rank])
		}
		for c := range len(l) {
			if l[c] == orig[c] || (c >= 80 && c < 84) || (c >= 85 && c < 89) {
				continue
			}
			if !strings.HasPrefix(l, "001") || c+1 != 109 || want[rank] != l[c] {
				t.Errorf("line %d column %d changed: %q -> %q", i+1, c+1, orig[c], l[c])
			}
			delete(want, rank)
		}
	}
	if len(want) != 0 {
		t.Errorf("results not written for players %v", want)
	}
}

// TestExportResultsCSV: the results list of a round, boards in order
// with starting ranks, forfeits written +/-, and the round's byes.
func TestExportResultsCSV(t *testing.T) {
	dir := t.TempDir()
	ev := newEvent(t)
	if code, _, e := run(t, "", "import", "--event", ev, xtest.WriteFile(t, dir, "round2.trf", round2)); code != 0 {
		t.Fatal(e)
	}
	out := filepath.Join(dir, "r1.csv")
	if code, _, e := run(t, "", "export", "--format", "csv", "--round", "1", "--out", out, ev); code != 0 {
		t.Fatal(e)
	}
	got, _ := os.ReadFile(out)
	want := "Round,Board,No.,White,Rating,Result,No.,Black,Rating\n" +
		"1,1,1,\"Alpha, Ann\",2001,1-0,3,\"Gamma, Gus\",2003\n" +
		"1,2,4,\"Delta, Dan\",2004,+/-,2,\"Beta, Bea\",2002\n"
	if string(got) != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	c5, _ := os.ReadFile(xtest.Corpus(t, "trf", "bbpPairings_dutch_2025_C5.trf"))
	ev2 := newEvent(t)
	run(t, "", "import", "--event", ev2, xtest.WriteFile(t, dir, "c5.trf", c5))
	out3 := filepath.Join(dir, "r3.csv")
	if code, _, e := run(t, "", "export", "--format", "csv", "--round", "3", "--lang", "de", "--out", out3, ev2); code != 0 {
		t.Fatal(e)
	}
	if got, _ := os.ReadFile(out3); !strings.HasSuffix(string(got), "\n3,,4,Test0004 Player0004,2689,Spielfrei Z,,,\n") {
		t.Errorf("round 3 of C5 (a zero-point bye only):\n%s", got)
	}
}

// TestImportFileTakesTRF: the window's import (core.ImportFile) takes a
// TRF by its content, whatever the file's name.
func TestImportFileTakesTRF(t *testing.T) {
	ev := newEvent(t)
	path := xtest.WriteFile(t, t.TempDir(), "pairings.pgn", round2)
	withStore(t, ev, func(st sheet.EventStore) {
		res, err := core.ImportFile(st, path, core.ImportOptions{Lang: "de"}, nil)
		if err != nil || res.Added != 4 || res.Skipped != 0 {
			t.Fatalf("added %d skipped %d err %v", res.Added, res.Skipped, err)
		}
		g, _ := st.GameAt(2, 1)
		if g.Copies[0].Lang != "de" || g.Tags["TRFWhite"] != "4" {
			t.Errorf("round 2 board 1: %+v", g)
		}
	})
}

// TestImportTRFKeepsCopyResult: a board whose only entry is the result
// written on a copy counts as typed: when its pairing changes in the
// next file the import is refused and the board listed, never removed
// with that result.
func TestImportTRFKeepsCopyResult(t *testing.T) {
	dir := t.TempDir()
	ev := newEvent(t)
	for _, f := range [][]byte{round1, round2} {
		if code, out, e := run(t, "", "import", "--event", ev, xtest.WriteFile(t, dir, "round.trf", f)); code != 0 {
			t.Fatalf("import: exit %d %s %s", code, out, e)
		}
	}
	mustRun(t, "event", "result", ev, "--round", "2", "--board", "2", "--black-copy", "0-1") // Beta-Gamma, nothing else typed
	code, _, e := run(t, "", "import", "--event", ev, xtest.WriteFile(t, dir, "round.trf", round2Repaired))
	if code != ExitError || !strings.Contains(e, "round 2 board 2 (Beta, Bea - Gamma, Gus)") || !strings.Contains(e, "[trf-would-replace]") {
		t.Errorf("import of the repaired round: exit %d, the kept board not reported: %s", code, e)
	}
	withStore(t, ev, func(st sheet.EventStore) {
		if g, err := st.GameAt(2, 2); err != nil || !strings.HasPrefix(g.White.Name, "Beta") || g.Copies[sheet.BlackCopy].Result != "0-1" {
			t.Errorf("round 2 board 2: %+v %v", g, err)
		}
	})
}
