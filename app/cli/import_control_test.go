package cli

import (
	"bytes"
	"strings"
	"testing"

	"scoresheet/internal/xtest"
	"scoresheet/sheet"
)

// TestImportControlCharInComment: a control character in a PGN comment
// or tag value (a NUL, an ESC), near the start of the file, is what
// validate says it is, the warning pgn-control-char, and the game is
// imported as written (issue 23, item 8: the whole file was refused as a
// TRF control character because it fell in the first 64 KiB read to
// tell the file's kind). A control character between the moves, or UTF-16
// without its mark, is still no text: refused, nothing stored
// (TestImportTRFRefused).
func TestImportControlCharInComment(t *testing.T) {
	dir := t.TempDir()
	good := "[Event \"E\"]\n[Round \"1\"]\n[Board \"1\"]\n[White \"Ev\x1b]0;x\x07il\"]\n[Black \"B\"]\n[Result \"*\"]\n\n" +
		"1. e4 {a\x00b} e5 ; c\x01\n% d\x02\n2. Nf3 *\n"
	in := xtest.WriteFile(t, dir, "nul.pgn", []byte(good))
	vcode, vout, _ := run(t, "", "validate", in)
	if vcode != ExitOK || !strings.Contains(vout, "pgn-control-char") {
		t.Fatalf("validate: exit %d, %q; want exit 0 and the warning", vcode, vout)
	}
	ev := newEvent(t)
	code, out, e := run(t, "", "import", "--event", ev, in)
	if code != ExitOK || out != "1 game imported, 0 skipped\n" || e != "" {
		t.Fatalf("import: exit %d, stdout %q, stderr %q; want the game imported", code, out, e)
	}
	withStore(t, ev, func(st sheet.EventStore) {
		g, err := st.GameAt(1, 1)
		if err != nil {
			t.Fatal(err)
		}
		if g.White.Name != "Ev\x1b]0;x\x07il" || len(g.Copies[sheet.WhiteCopy].Cells) != 3 {
			t.Errorf("white %q, %d cells", g.White.Name, len(g.Copies[sheet.WhiteCopy].Cells))
		}
	})

}

// TestValidateNotText: validate given a file that is no text (an event
// file, UTF-16 without its mark) says so at its line and column, as
// import does, and checks nothing: before, an event file was one "game"
// whose line listed tens of thousands of codes.
func TestValidateNotText(t *testing.T) {
	dir := t.TempDir()
	data := append([]byte("SQLite format 3\x00"), bytes.Repeat([]byte("\x01\x00zz"), 20000)...)
	in := xtest.WriteFile(t, dir, "open.scoresheet", data)
	code, out, e := run(t, "", "validate", in)
	if code != ExitUsage || out != "" || !strings.Contains(e, in+":1:16: A control character") || len(e) > 400 {
		t.Errorf("exit %d, stdout %.300q, stderr %.300q (%d bytes); want exit 2 and the file said not text", code, out, e, len(e))
	}
	// A NUL in a comment is the game's warning, not the file refused.
	in = xtest.WriteFile(t, dir, "nul.pgn", []byte("[Event \"E\"]\n[Result \"*\"]\n\n1. e4 {a\x00b} e5 *\n"))
	if code, out, e := run(t, "", "validate", in); code != ExitOK || !strings.Contains(out, "pgn-control-char") {
		t.Errorf("NUL in a comment: exit %d, %q %q", code, out, e)
	}
}

// TestImportUTF16: a PGN in UTF-16 with its byte order mark (a file
// PowerShell wrote) is read as its mark says, by import and validate
// alike, names outside ASCII too; before, it was refused as no text at
// its first NUL.
func TestImportUTF16(t *testing.T) {
	text := "[Event \"E\"]\r\n[Round \"1\"]\r\n[Board \"1\"]\r\n[White \"Đurđević, 𝔸\"]\r\n[Black \"B\"]\r\n[Result \"1-0\"]\r\n\r\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\r\n"
	for _, big := range []bool{false, true} {
		in := xtest.WriteFile(t, t.TempDir(), "g.pgn", []byte(utf16Text(text, big)))
		if code, out, e := run(t, "", "validate", in); code != ExitOK || !strings.HasPrefix(out, "games 1, plies 7,") {
			t.Errorf("validate (big endian %v): exit %d, %q %q", big, code, out, e)
		}
		ev := newEvent(t)
		code, out, e := run(t, "", "import", "--event", ev, in)
		if code != ExitOK || out != "1 game imported, 0 skipped\n" {
			t.Fatalf("import (big endian %v): exit %d, stdout %q, stderr %q", big, code, out, e)
		}
		withStore(t, ev, func(st sheet.EventStore) {
			g, err := st.GameAt(1, 1)
			if err != nil || g.White.Name != "Đurđević, 𝔸" || len(g.Copies[sheet.WhiteCopy].Cells) != 7 {
				t.Errorf("game %q %d cells %v", g.White.Name, len(g.Copies[sheet.WhiteCopy].Cells), err)
			}
		})
	}
}
