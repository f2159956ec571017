package cli

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"

	"scoresheet/app/session/sessiontest"
	"scoresheet/sheet"
	"scoresheet/sheet/sqlitestore"
)

// TestEnterLongLines: a 70 KB line (a comment and a move) is read, a line
// over the bound is said with its number and not stored, and every line
// after both is stored (bufio.Scanner stopped at the 70 KB line and
// dropped the rest).
func TestEnterLongLines(t *testing.T) {
	file := filepath.Join(t.TempDir(), "e.scoresheet")
	newOneGameEvent(t, file)
	over := maxEnterLine + 100
	in := "e4\n{" + strings.Repeat("x", 70<<10) + "} e5\r\nNf3\n" + strings.Repeat("Nc6 ", over/4) + "\nNc6\n"
	code, out, errOut := run(t, in, "event", "enter", file, "--round", "1", "--board", "1", "--copy", "white")
	if want := "1\te4\tok\n2\te5\tok\n3\tNf3\tok\n4\tNc6\tok\n"; code != ExitError || out != want {
		t.Errorf("exit %d, stdout %q, want %q", code, out, want)
	}
	wantErr := fmt.Sprintf("scoresheet event enter: line 4 (%d bytes, more than %d): The line is too long: nothing of it is stored; the lines after it are [line-too-long]\n", over/4*4+1, maxEnterLine)
	if errOut != wantErr {
		t.Errorf("stderr %q\nwant %q", errOut, wantErr)
	}
	doc := showJSONOf(t, file)
	if cells := doc.Games[0].Copies["white"].Cells; len(cells) != 4 || cells[3].Written != "Nc6" {
		t.Errorf("stored cells %+v", cells)
	}
}

// newOneGameEvent makes an event file with one game: round 1, board 1,
// A - B.
func newOneGameEvent(t testing.TB, path string) {
	t.Helper()
	for _, args := range [][]string{
		{"event", "new", path, "--name", "Open"},
		{"event", "add-game", path, "--round", "1", "--board", "1", "--white", "A", "--black", "B"},
	} {
		var out bytes.Buffer
		if Main(args, strings.NewReader(""), &out, &out) != ExitOK {
			t.Fatal(out.String())
		}
	}
}

// TestEnterReaderLines: line numbers, line ends (LF, CR LF, none at the
// end) and the bound, exactly at it and one over.
func TestEnterReaderLines(t *testing.T) {
	defer func(n int) { maxEnterLine = n }(maxEnterLine)
	maxEnterLine = 4
	got := enterLines(t, "ab\r\n\nabcd\nabcde\r\nabcd\r\nabcdef\nx")
	want := []enterLine{{no: 1, text: "ab"}, {no: 2}, {no: 3, text: "abcd"}, {no: 4, size: 7}, {no: 5, text: "abcd"}, {no: 6, size: 7}, {no: 7, text: "x"}}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("lines %v, want %v", got, want)
	}
}

func enterLines(t testing.TB, in string) []enterLine {
	er := newEnterReader(strings.NewReader(in))
	var out []enterLine
	for {
		l, err := er.next()
		if err != nil {
			return out
		}
		out = append(out, l)
	}
}

// FuzzEnterInput feeds any bytes to event enter's line reader and the
// movetext split it applies to each line: no panic, every byte of the
// input in a line (kept or said too long), line numbers one by one, and
// every cell a piece of its line without a line end.
func FuzzEnterInput(f *testing.F) {
	for _, s := range []string{"e4\ne5\n", "1.e4 e5 2.Nf3 (=) Nc6 3.Bb5 a6 1-0\n", "\r\n\r\n", "{a\n} e4", "12... Nf6 e.p. +", "Sf3\r", "; x\n0-0-0#", "½-½"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		defer func(n int) { maxEnterLine = n }(maxEnterLine)
		maxEnterLine = 64
		total := 0
		for i, l := range enterLines(t, string(data)) {
			if l.no != i+1 {
				t.Fatalf("line %d numbered %d", i+1, l.no)
			}
			if l.size > 0 {
				total += l.size
				continue
			}
			total += len(l.text)
			if strings.ContainsAny(l.text, "\n") || len(l.text) > maxEnterLine {
				t.Fatalf("line %d: %q", l.no, l.text)
			}
			cells, _ := l.cells()
			for _, c := range cells {
				if strings.ContainsAny(c, "\r\n") || !utf8.ValidString(c) && utf8.ValidString(l.text) {
					t.Fatalf("line %q: cell %q", l.text, c)
				}
				for _, w := range strings.Fields(c) {
					if !strings.Contains(l.text, w) {
						t.Fatalf("line %q: cell %q not in it", l.text, c)
					}
				}
			}
		}
		if ends := strings.Count(string(data), "\n"); total < len(data)-ends-strings.Count(string(data), "\r") || total > len(data) {
			t.Fatalf("%d bytes in lines of %d", total, len(data))
		}
	})
}

// maxFuzzCells bounds the cells of one input of FuzzEnterCommand.
const maxFuzzCells = 12

// FuzzEnterCommand runs event enter itself on any short input (lines
// over a bound of 64 bytes included): no panic, exit 1 exactly when a
// line was too long, one output line per cell, and the copy holds exactly
// the cells its lines give, in order: nothing dropped, nothing added.
//
// event enter reconciles the whole game after each cell it stores, and a
// copy of repeated or unreadable cells is the slowest to reconcile (the
// search for a copy out of step): "e4 e5" written 12, 24 and 48 times
// takes 0.09, 0.66 and 2.9 s on a quiet machine. The fuzzing harness
// ends a worker whose one input runs 10 s: it panics "deadlocked!" and
// go test says "fuzzing process hung or terminated unexpectedly: exit
// status 2" (96 such cells do it), what two runs under load said when an
// input could hold 24 cells, slowed by the coverage instrumentation and
// a busy machine. So an input stores at most maxFuzzCells cells: what
// the target searches, the lines read and stored one for one, is all
// there.
func FuzzEnterCommand(f *testing.F) {
	for _, s := range []string{"e4\ne5\n", "1.e4 e5 2.Nf3 (=) Nc6 1-0\n", "\n\nSf3\r\n", strings.Repeat("e4 ", 30) + "\nd4", "{\n} e4 }"} {
		f.Add([]byte(s))
	}
	template := filepath.Join(f.TempDir(), "e.scoresheet")
	newOneGameEvent(f, template)
	event, err := os.ReadFile(template)
	if err != nil {
		f.Fatal(err)
	}
	defer func(n int) { maxEnterLine = n }(maxEnterLine)
	maxEnterLine = 64
	f.Fuzz(func(t *testing.T, data []byte) {
		var want []string
		tooLong := 0
		for _, l := range enterLines(t, string(data)) {
			if l.size > 0 {
				tooLong++
				continue
			}
			cells, _ := l.cells()
			for _, c := range cells {
				rest, _ := sheet.TypedDrawOffer(c) // "(=)" is the cell's flag, as in the window
				want = append(want, rest)
			}
		}
		if len(want) > maxFuzzCells {
			return
		}
		file := filepath.Join(t.TempDir(), "e.scoresheet")
		if err := os.WriteFile(file, event, 0o644); err != nil {
			t.Fatal(err)
		}
		code, out, errOut := run(t, string(data), "event", "enter", file, "--round", "1", "--board", "1", "--copy", "white")
		if code != map[bool]int{false: ExitOK, true: ExitError}[tooLong > 0] || strings.Count(out, "\n") != len(want) ||
			strings.Count(errOut, "[line-too-long]") != tooLong {
			t.Fatalf("exit %d, %d cells, %d too long\nstdout %q\nstderr %q", code, len(want), tooLong, out, errOut)
		}
		got := storedCells(t, file)
		for len(want) > len(got) && want[len(want)-1] == "" {
			want = want[:len(want)-1] // empty cells at the end are not kept
		}
		if !slices.Equal(got, want) {
			t.Fatalf("stored %q, want %q", got, want)
		}
	})
}

// utf16Text is s in UTF-16 with its BOM, as PowerShell's > writes it.
func utf16Text(s string, bigEndian bool) string {
	var b []byte
	put := func(u uint16) {
		if bigEndian {
			b = append(b, byte(u>>8), byte(u))
		} else {
			b = append(b, byte(u), byte(u>>8))
		}
	}
	put(0xfeff)
	for _, u := range utf16.Encode([]rune(s)) {
		put(u)
	}
	return string(b)
}

// storedCells returns the texts of White's copy of round 1 board 1.
func storedCells(t *testing.T, file string) []string {
	t.Helper()
	return sessiontest.Stored(t, file, 1, 1, sheet.WhiteCopy)
}

// TestEnterEncodings: input in UTF-16 (LE or BE, with its BOM, as
// PowerShell writes "> file") or UTF-8 with a BOM is read as its BOM
// says (it was stored as cells full of NULs, exit 0); a line with a NUL
// byte (UTF-16 without a BOM) is no text: said with its number and not
// stored, exit 1.
func TestEnterEncodings(t *testing.T) {
	text := "e4\r\ne5\r\nSf3\r\nSc6 Lb5 1-0\r\n"
	want := []string{"e4", "e5", "Sf3", "Sc6", "Lb5"}
	for _, tt := range []struct{ name, in string }{
		{"UTF-16 LE", utf16Text(text, false)},
		{"UTF-16 BE", utf16Text(text, true)},
		{"UTF-8 with a BOM", "\ufeff" + text},
		{"UTF-8", text},
	} {
		t.Run(tt.name, func(t *testing.T) {
			file := filepath.Join(t.TempDir(), "e.scoresheet")
			newOneGameEvent(t, file)
			code, out, errOut := run(t, tt.in, "event", "enter", file, "--round", "1", "--board", "1", "--copy", "white", "--lang", "de")
			if code != ExitOK || errOut != "" || !strings.HasPrefix(out, "1\te4\tok\n2\te5\tok\n3\tSf3\tok\n") {
				t.Errorf("exit %d, stdout %q, stderr %q", code, out, errOut)
			}
			if got := storedCells(t, file); !slices.Equal(got, want) {
				t.Errorf("stored %q, want %q", got, want)
			}
		})
	}
	file := filepath.Join(t.TempDir(), "e.scoresheet")
	newOneGameEvent(t, file)
	noBOM := utf16Text(text, false)[2:]
	code, out, errOut := run(t, "e4\n"+noBOM, "event", "enter", file, "--round", "1", "--board", "1", "--copy", "white")
	if code != ExitError || out != "1\te4\tok\n" || !strings.Contains(errOut, "line 2: ") || !strings.Contains(errOut, "[not-text]") {
		t.Errorf("UTF-16 without a BOM: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	if got := storedCells(t, file); !slices.Equal(got, []string{"e4"}) {
		t.Errorf("stored %q", got)
	}
	// An odd byte at the end of UTF-16: the input is cut.
	code, _, errOut = run(t, utf16Text("e5\n", false)+"x", "event", "enter", file, "--round", "1", "--board", "1", "--copy", "black")
	if code != ExitError || !strings.Contains(errOut, "[utf16-odd]") {
		t.Errorf("UTF-16 cut: exit %d, stderr %q", code, errOut)
	}
	// The same cut in a file imported is said with the file's name.
	cut := filepath.Join(t.TempDir(), "cut16.pgn")
	if err := os.WriteFile(cut, []byte(utf16Text("[Event \"E\"]\n", true)+"x"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errOut = run(t, "", "import", "--event", file, cut)
	if code == ExitOK || !strings.Contains(errOut, "scoresheet import: "+cut+": ") || !strings.Contains(errOut, "[utf16-odd]") {
		t.Errorf("UTF-16 file cut: exit %d, stderr %q", code, errOut)
	}
}

// TestEnterCellBound: a cell longer than a box holds is said with its
// copy and box, quoting its start only, and nothing from it on is
// stored (the cells after it would stand at the wrong plies); the cells
// before it are.
func TestEnterCellBound(t *testing.T) {
	file := filepath.Join(t.TempDir(), "e.scoresheet")
	newOneGameEvent(t, file)
	long := strings.Repeat("N", 900<<10) // under the line bound, over a box's
	code, out, errOut := run(t, "e4\ne5\n"+long+"\nNc6\n", "event", "enter", file, "--round", "1", "--board", "1", "--copy", "white")
	if code != ExitError || out != "1\te4\tok\n2\te5\tok\n" {
		t.Errorf("exit %d, stdout %q", code, out)
	}
	if len(errOut) > 1000 || !strings.Contains(errOut, "White's copy, box 3") || !strings.Contains(errOut, "[bound-cell-bytes]") ||
		!strings.Contains(errOut, "not saved\t3\tNNNNNNNNNNNNNNNNNNNNNNNN…\n") || !strings.Contains(errOut, "not saved\t4\tNc6\n") {
		t.Errorf("stderr (%d bytes) %q", len(errOut), errOut[:min(len(errOut), 2000)])
	}
	if got := storedCells(t, file); !slices.Equal(got, []string{"e4", "e5"}) {
		t.Errorf("stored %q", got)
	}
}

// TestEnterCopyBound: a copy holding as many cells as a copy holds
// takes no more: the next is said with its box, and not stored.
func TestEnterCopyBound(t *testing.T) {
	file := filepath.Join(t.TempDir(), "e.scoresheet")
	st, err := sqlitestore.Create(file, sheet.Event{Name: "E"})
	if err != nil {
		t.Fatal(err)
	}
	g := sheet.Game{Round: 1, Board: 1}
	g.Copies[sheet.WhiteCopy].Cells = make([]sheet.Cell, sheet.MaxCopyCells)
	if _, err := st.AddGame(g); err != nil {
		t.Fatal(err)
	}
	st.Close()
	from := fmt.Sprint(sheet.MaxCopyCells + 1)
	code, _, errOut := run(t, "e4\n", "event", "enter", file, "--round", "1", "--board", "1", "--copy", "white", "--from", from)
	if code != ExitError || !strings.Contains(errOut, "White's copy, box "+from) ||
		!strings.Contains(errOut, "[bound-copy-cells]") || !strings.Contains(errOut, "not saved\t"+from+"\te4\n") {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
	if got := storedCells(t, file); len(got) != sheet.MaxCopyCells {
		t.Errorf("%d cells stored", len(got))
	}
}
