package export

import (
	"bytes"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/xuri/excelize/v2"

	"scoresheet/internal/xtest"
	"scoresheet/pgn"
	"scoresheet/sheet"
)

// Names from every script and plane, as arbiters type or paste them
// (issue 13): no export may panic, drop them or write a file that does
// not read.
var scriptNames = []struct{ name, value string }{
	{"latin", "Đurđević, Milan Ščepánek-Øster"},
	{"cyrillic", "Крамник, Владимир"},
	{"greek", "Παπαδόπουλος, Γιώργος"},
	{"chinese", "丁立人"},
	{"chinese-trad", "謝軍 侯逸凡"},
	{"japanese", "羽生善治 はぶ よしはる"},
	{"korean", "김철수"},
	{"arabic", "عبد الله المحمد"},
	{"arabic-digits", "محمد ٢٠٢٦ 12"},
	{"hebrew", "בוריס גלפנד"},
	{"hebrew-points", "שָׁלוֹם"},
	{"devanagari", "विश्वनाथन आनंद"},
	{"thai", "สมชาย"},
	{"emoji", "P 😀"},
	{"emoji-zwj", "👨‍👩‍👧 Team"},
	{"astral-cjk", "𠀋𡈽"},
	{"combining", "Ŝ̌tefan Zoë e\u0301"},
	{"control", "Tab\tNew\nline\x00nul\x7fdel\u0085"},
	{"invalid-utf8", "Bad\xff\xfe\xed\xa0\x80end"},
	{"bidi-controls", "\u202eevil\u202c \u200fמ\u200e"},
	{"quotes", `O"Brien \ "}{ ]`},
	{"mixed", "Ivan Иван 伊万 إيفان איוון"},
	{"long", strings.Repeat("Ж漢ع", 3334)},
}

// scriptGames returns one game per name, White from it and Black from the
// next, with the name also written in a cell (a [%copy] comment in PGN,
// a footnote in the PDF, a cell of the workbook), the event and site too.
func scriptGames() (*sheet.Event, []sheet.Game) {
	ev := &sheet.Event{Name: "Open " + scriptNames[0].value, Site: scriptNames[len(scriptNames)-2].value, StartDate: "2026.11.20"}
	var games []sheet.Game
	for i, n := range scriptNames {
		next := scriptNames[(i+1)%len(scriptNames)]
		g := twoCopies(3, i+1, sheet.Player{Name: n.value, Federation: "X", Title: n.value}, sheet.Player{Name: next.value}, "e4", "e5", "Nf3", n.value)
		g.Result = "*"
		games = append(games, g)
	}
	return ev, games
}

// TestExportScriptsPGN: every name reads back through the project's own
// reader, with no problem: the tag holds it when PGN can, otherwise the
// printable form, with the exact one in a [%tag] comment.
func TestExportScriptsPGN(t *testing.T) {
	ev, games := scriptGames()
	var buf bytes.Buffer
	if err := pgn.WriteGames(&buf, ev, games); err != nil {
		t.Fatal(err)
	}
	sp := pgn.NewSplitter(bytes.NewReader(buf.Bytes()))
	ps := &pgn.Parser{File: "scripts.pgn", KeepMoves: true}
	for i := range games {
		c, ok := sp.Next()
		if !ok {
			t.Fatalf("game %d (%s) missing on read-back", i+1, scriptNames[i].name)
		}
		pg := ps.Parse(c)
		if len(pg.Problems) > 0 {
			t.Errorf("%s: read back with problems %v", scriptNames[i].name, pg.Problems)
		}
		exact := tagComments(t, pg.Comments)
		for _, tag := range pgn.GameTags(ev, &games[i]) {
			got := pg.Tag(tag.Name)
			if e, ok := exact[tag.Name]; ok {
				got = e
			}
			if got != tag.Value {
				t.Errorf("%s: tag %s reads back %q, want %q", scriptNames[i].name, tag.Name, got, tag.Value)
			}
		}
		if !copyTextReadBack(pg, scriptNames[i].value) {
			t.Errorf("%s: the cell's text is not read back", scriptNames[i].name)
		}
	}
}

var (
	tagCommentRE  = regexp.MustCompile(`\[%tag (\w+) ("(?:[^"\\]|\\.)*")\]`)
	copyCommentRE = regexp.MustCompile(`\[%copy \w+ ("(?:[^"\\]|\\.)*")\]`)
)

// copyTextReadBack reports whether text is what a copy wrote at some
// move read back, or in a [%copy] comment after the last.
func copyTextReadBack(pg *pgn.PGNGame, text string) bool {
	for _, m := range pg.Moves {
		if m.Written[0] == text {
			return true
		}
		for _, c := range m.Comments {
			for _, sm := range copyCommentRE.FindAllStringSubmatch(c, -1) {
				if v, err := strconv.Unquote(sm[1]); err == nil && v == text {
					return true
				}
			}
		}
	}
	return false
}

// tagComments returns the exact values kept in [%tag] comments.
func tagComments(t *testing.T, comments []string) map[string]string {
	out := map[string]string{}
	for _, c := range comments {
		for _, m := range tagCommentRE.FindAllStringSubmatch(c, -1) {
			v, err := strconv.Unquote(m[2])
			if err != nil {
				t.Fatalf("[%%tag] %s: %v", m[0], err)
			}
			out[m[1]] = v
		}
	}
	return out
}

// TestWriteTagCommentsWrapped: the [%tag] comment of a name with a line
// break keeps it, the tag line reads, a name PGN cannot name is kept.
func TestWriteTagComments(t *testing.T) {
	g := twoCopies(1, 1, sheet.Player{Name: "Anna\nMaria"}, sheet.Player{Name: "B"}, "e4")
	g.Tags = map[string]string{"Bad Name]": "x}y"}
	var buf bytes.Buffer
	if err := pgn.WriteGame(&buf, nil, &g); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	for _, want := range []string{"[White \"Anna Maria\"]\n", `{[%tag White "Anna\nMaria"]`, `[%tag "Bad Name]" "x\x7dy"]}`} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %s:\n%s", want, out)
		}
	}
	if strings.Contains(out, "[Bad") {
		t.Errorf("a tag name that is not a symbol written as a tag:\n%s", out)
	}
}

// TestExportScriptsPDF: scoresheets and forms with every name are written
// and read by poppler, one page per game (two for forms).
func TestExportScriptsPDF(t *testing.T) {
	ev, games := scriptGames()
	for _, forms := range []bool{false, true} {
		var buf bytes.Buffer
		write := WritePDF
		if forms {
			write = WriteForms
		}
		if err := write(&buf, ev, games, PDFOptions{CreationDate: &fixedDate, Notes: true}); err != nil {
			t.Fatalf("forms %v: %v", forms, err)
		}
		file := xtest.WriteFile(t, t.TempDir(), "scripts.pdf", buf.Bytes())
		want := len(games)
		if forms {
			want *= 2
		}
		if n := pageCount(t, file); n != want {
			t.Errorf("forms %v: %d pages, want %d", forms, n, want)
		}
		runTool(t, "pdftotext", file, "-")
	}
}

// TestExportScriptsXLSX: the workbook opens and every name reads back.
func TestExportScriptsXLSX(t *testing.T) {
	ev, games := scriptGames()
	var buf bytes.Buffer
	if err := WriteXLSX(&buf, ev, games, XLSXOptions{CreationDate: &fixedDate}); err != nil {
		t.Fatal(err)
	}
	f, err := excelize.OpenReader(&buf)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := f.GetRows(f.GetSheetName(0))
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != len(games)+1 {
		t.Fatalf("%d rows, want %d", len(rows), len(games)+1)
	}
	for i, g := range games {
		if got := rows[i+1][2]; got != xlsxName(g.White.Name) {
			t.Errorf("%s: White reads back %q, want %q", scriptNames[i].name, got, xlsxName(g.White.Name))
		}
	}
}

// xlsxName returns s as a workbook holds it: XML 1.0 has no other control
// characters than tab and line breaks, and excelize writes U+FFFD for
// them and for each byte that is not UTF-8.
func xlsxName(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		i += n
		if r < 0x20 && r != '\t' && r != '\n' && r != '\r' {
			r = utf8.RuneError
		}
		b.WriteRune(r)
	}
	return b.String()
}

// TestPDFScriptsText: a scoresheet with names in Latin, Cyrillic, Greek,
// Chinese, Arabic, Hebrew and an emoji: the text reads back (pdftotext)
// as written, in logical order, and the fallback fonts are embedded.
func TestPDFScriptsText(t *testing.T) {
	names := []string{"Müller, Jürgen", "Крамник, Владимир", "Παπαδόπουλος 丁立人", "عبد الله المحمد", "בוריס גלפנד", "P 😀 Ivan", "김철수 𠀋", "विश्वनाथन आनंद", "สมชาย"}
	games := []sheet.Game{
		twoCopies(3, 1, sheet.Player{Name: names[0]}, sheet.Player{Name: names[1]}, "e4"),
		twoCopies(3, 2, sheet.Player{Name: names[2]}, sheet.Player{Name: names[3]}, "e4"),
		twoCopies(3, 3, sheet.Player{Name: names[4]}, sheet.Player{Name: names[5]}, "e4"),
		twoCopies(3, 4, sheet.Player{Name: names[6]}, sheet.Player{Name: names[7]}, "e4"),
		twoCopies(3, 5, sheet.Player{Name: names[8]}, sheet.Player{Name: "B"}, "e4"),
	}
	file, _ := renderPDF(t, false, games, PDFOptions{})
	text := string(runTool(t, "pdftotext", file, "-"))
	// poppler marks a right-to-left run with U+202B...U+202C.
	text = strings.NewReplacer("\u202b", "", "\u202c", "").Replace(text)
	lines := strings.Split(text, "\n")
	for _, name := range names {
		if !slices.Contains(lines, name) {
			t.Errorf("pdftotext has no line %q", name)
		}
	}
	fonts := string(runTool(t, "pdffonts", file))
	for _, f := range []string{"dejavusans", "cjkfallback", "emojifallback", "koreanfallback", "devanagarifallback", "thaifallback"} {
		if !strings.Contains(fonts, f) {
			t.Errorf("font %s not embedded:\n%s", f, fonts)
		}
	}
}

// TestPDFNoFallbackUnlessUsed: a document of Latin names embeds DejaVu
// Sans alone: the fallbacks cost nothing where they are not needed.
func TestPDFNoFallbackUnlessUsed(t *testing.T) {
	file, _ := renderPDF(t, true, []sheet.Game{twoCopies(3, 1, pDurdevic, pKramnik, "e4")}, PDFOptions{})
	fonts := string(runTool(t, "pdffonts", file))
	if strings.Contains(fonts, "fallback") {
		t.Errorf("a fallback font embedded:\n%s", fonts)
	}
}

// TestScriptsCovered: what docs/printing.md says prints has a glyph in the
// embedded fonts; what it says prints as U+FFFD has none (so that the
// page is kept true when the fonts change).
func TestScriptsCovered(t *testing.T) {
	for _, c := range []struct {
		name, text string
		prints     bool
	}{
		{"latin", "Đurđević Müller Ščepánek Øster ßÿŁ", true},
		{"greek", "Παπαδόπουλος", true},
		{"cyrillic", "Крамник Ђорђе Їжак", true},
		{"armenian", "Արոնյան", true},
		{"georgian", "ჯობავა", true},
		{"chinese", "丁立人 謝軍 侯逸凡 王皓", true},
		{"japanese", "羽生善治 はぶ よしはる カタカナ", true},
		{"arabic", "عبد الله المحمد", true},
		{"hebrew", "בוריס גלפנד שָׁלוֹם", true},
		{"emoji", "😀🏆♟", true},
		{"korean", "김철수 이창호", true},
		{"devanagari", "विश्वनाथन आनंद", true},
		{"thai", "สมชาย", true},
		{"bengali", "বাংলা", false},
		{"tamil", "தமிழ்", false},
		{"astral-cjk", "𠀋", false},
	} {
		for _, r := range c.text {
			if r == ' ' || unicode.Is(unicode.Mn, r) {
				continue
			}
			has := false
			for _, f := range chain(false) {
				has = has || f.has(r)
			}
			if has != c.prints {
				t.Errorf("%s: %q (%U) has a glyph: %v, want %v", c.name, r, r, has, c.prints)
			}
		}
	}
}

// TestExactTag: the [%tag] comments give back the values as written,
// names that are symbols or quoted (TestTagFromCommentMalformed: nothing
// for a malformed one).
func TestExactTag(t *testing.T) {
	g := twoCopies(1, 1, sheet.Player{Name: "Anna\nMaria", Title: "x\x00"}, sheet.Player{Name: "Bad\xffbyte"}, "e4")
	g.Tags = map[string]string{"Bad Name]": "x}y", "Annotator": "ok"}
	var buf bytes.Buffer
	if err := pgn.WriteGame(&buf, nil, &g); err != nil {
		t.Fatal(err)
	}
	c, _ := pgn.NewSplitter(&buf).Next()
	pg := (&pgn.Parser{KeepMoves: true}).Parse(c)
	for name, want := range map[string]string{"White": "Anna\nMaria", "WhiteTitle": "x\x00", "Black": "Bad\xffbyte", "Bad Name]": "x}y", "Annotator": "ok", "Round": "1"} {
		if got := pg.ExactTag(name); got != want {
			t.Errorf("ExactTag(%q) = %q, want %q", name, got, want)
		}
	}
}
