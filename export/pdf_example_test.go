package export

import (
	"bytes"
	"flag"
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"scoresheet/rules"
	"scoresheet/sheet"
)

// docs/printing.md's picture of a filled scoresheet is made from the PDF:
//
//	go test ./export -run TestExamplePicture -update
//
// and the PDF goldens are rewritten by the same flag (pdf_golden_test.go).
var update = flag.Bool("update", false, "rewrite testdata/scoresheet-example.png (docs/printing.md's picture) and the PDF goldens, export/testdata/*.golden.txt")

const examplePicture = "../testdata/scoresheet-example.png"

// exampleGame is Kasparov–Topalov, Wijk aan Zee 1999, as two players
// might have written it, with clock times, a draw offer and cells an
// arbiter would look at: an ambiguous knight capture, a lower-case piece
// letter and a bishop move that cannot be.
func exampleGame(t testing.TB) sheet.Game {
	moves := strings.Fields(`e4 d6 d4 Nf6 Nc3 g6 Be3 Bg7 Qd2 c6 f3 b5 Nge2 Nbd7 Bh6 Bxh6 Qxh6 Bb7 a3 e5
		O-O-O Qe7 Kb1 a6 Nc1 O-O-O Nb3 exd4 Rxd4 c5 Rd1 Nb6 g3 Kb8 Na5 Ba8 Bh3 d5 Qf4+ Ka7 Rhe1 d4
		Nd5 Nbxd5 exd5 Qd6 Rxd4 cxd4 Re7+ Kb6 Qxd4+ Kxa5 b4+ Ka4 Qc3 Qxd5 Ra7 Bb7 Rxb7 Qc4 Qxf6 Kxa3
		Qxa6+ Kxb4 c3+ Kxc3 Qa1+ Kd2 Qb2+ Kd1 Bf1 Rd2 Rd7 Rxd7 Bxc4 bxc4 Qxh8 Rd3 Qa8 c3 Qa4+ Ke1
		f4 f5 Kc1 Rd2 Qa7`)
	// Clock times as written after each move: two hours for 40 moves,
	// half an hour more from move 41.
	secs := [2]int{120 * 60, 120 * 60}
	for i := range moves {
		if i == 80 || i == 81 {
			secs[i%2] += 30 * 60
		}
		secs[i%2] -= 60 + (i*37)%240
		moves[i] += fmt.Sprintf("@%d:%02d", secs[i%2]/3600, secs[i%2]/60%60)
	}
	moves[37] = strings.Replace(moves[37], "@", "(=)@", 1) // 19...d5 with a draw offer
	g := twoCopies(3, 1, pDurdevic, pKramnik, moves...)
	g.Result = "1-0"
	g.Copies[sheet.BlackCopy].Lang = "ru"
	// Black's copy in Russian letters, as a Russian player writes.
	p := rules.NewPosition()
	ru, _ := rules.LettersFor("ru")
	for i := range g.Copies[sheet.BlackCopy].Cells {
		c := &g.Copies[sheet.BlackCopy].Cells[i]
		m, err := p.ParseSAN(c.Text)
		if err != nil {
			t.Fatalf("ply %d %q: %v", i+1, c.Text, err)
		}
		c.Text = p.Write(m, rules.Notation{Letters: ru})
		p = p.Play(m)
	}
	w, b := g.Copies[sheet.WhiteCopy].Cells, g.Copies[sheet.BlackCopy].Cells
	b[43].Text = "Кxd5"  // 22...Nbxd5: both knights capture on d5
	w[33].Text = "kb8"   // 17...Kb8, lower case
	b[70].Text = "Сf2"   // 36.Bf1: no bishop reaches f2
	w[62].Text = "Qxa6+" // as played; White's copy is clean here
	return g
}

func TestExamplePicture(t *testing.T) {
	g := exampleGame(t)
	v := analyse(testEvent, &g, rules.FigurineNotation, false)
	// Its ambiguous and illegal cells are footnoted; the other copy
	// settles each of them, so the game is complete (sheet.StateOf: no
	// check asks anything of the arbiter), as the window's navigator
	// shows it.
	if v.state != sheet.GameComplete || len(v.notes) < 3 {
		t.Fatalf("example: state %s, %d footnotes", v.state, len(v.notes))
	}
	if !*update {
		f, err := os.Open(examplePicture)
		if err != nil {
			t.Fatalf("%v (go test ./export -run TestExamplePicture -update makes it)", err)
		}
		defer f.Close()
		img, err := png.Decode(f)
		if err != nil {
			t.Fatal(err)
		}
		// A4 upright: 210 × 297.
		if b := img.Bounds(); b.Dx() < 600 || b.Dy()*210 < b.Dx()*290 || b.Dy()*210 > b.Dx()*300 {
			t.Errorf("picture %v is not an A4 page", b)
		}
		return
	}
	file, _ := renderPDF(t, false, []sheet.Game{g}, PDFOptions{Notation: rules.FigurineNotation})
	dir := t.TempDir()
	runTool(t, "pdftoppm", "-r", "110", "-png", "-singlefile", "-f", "1", "-l", "1", file, filepath.Join(dir, "page"))
	data, err := os.ReadFile(filepath.Join(dir, "page.png"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := png.Decode(bytes.NewReader(data)); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(examplePicture, data, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote %s (%d bytes)", examplePicture, len(data))
}
