package pgn

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/iotest"

	"scoresheet/internal/xtest"
	"scoresheet/rules"
)

// readGames splits text and parses every game with moves kept. Each game
// gets its own parser, so the returned games share nothing.
func readGames(t testing.TB, text []byte, letters *rules.Letters) []*PGNGame {
	t.Helper()
	sp := NewSplitter(bytes.NewReader(text))
	var games []*PGNGame
	for {
		c, ok := sp.Next()
		if !ok {
			break
		}
		ps := &Parser{File: "t.pgn", Letters: letters, KeepMoves: true}
		games = append(games, ps.Parse(c))
	}
	if err := sp.Err(); err != nil {
		t.Fatal(err)
	}
	return games
}

// problemCodes lists a game's problem codes in order.
func problemCodes(g *PGNGame) []string {
	var cs []string
	for _, p := range g.Problems {
		cs = append(cs, p.Code())
	}
	return cs
}

// firstProblem returns the game's first problem with code, or fails.
func firstProblem[C ~string](t *testing.T, g *PGNGame, code C) Problem {
	t.Helper()
	for _, p := range g.Problems {
		if p.Code() == string(code) {
			return p
		}
	}
	t.Fatalf("game %d: no %s among %v", g.Index, code, g.Problems)
	return Problem{}
}

// sanLine spells a game's legal moves in SAN, replayed from its start.
func sanLine(g *PGNGame) []string {
	pos := *g.Start
	var san []string
	for _, m := range g.Moves {
		if m.Move == rules.NoMove {
			break
		}
		san = append(san, pos.SAN(m.Move))
		pos.Apply(m.Move)
	}
	return san
}

// readerCase is one crafted input of the reader's table; the fuzz test
// starts from the same inputs.
type readerCase struct {
	name  string
	lang  string // notation language, "" for English
	input string
	games int // games the splitter must find
	check func(t *testing.T, gs []*PGNGame)
}

// assertClean asserts that every game is legal and has no problem at all.
func assertClean(t *testing.T, gs []*PGNGame) {
	t.Helper()
	for _, g := range gs {
		if !g.Legal() || len(g.Problems) > 0 {
			t.Errorf("game %d: problems %v", g.Index, g.Problems)
		}
	}
}

func assertLine(t *testing.T, g *PGNGame, san ...string) {
	t.Helper()
	if got := sanLine(g); strings.Join(got, " ") != strings.Join(san, " ") || g.Plies != len(san) {
		t.Errorf("game %d: main line %v (plies %d), want %v", g.Index, got, g.Plies, san)
	}
}

func assertAt(t *testing.T, p Problem, line, col int) {
	t.Helper()
	if p.Pos.Line != line || p.Pos.Col != col {
		t.Errorf("%s at %s, want %d:%d", p.Code(), p.Pos, line, col)
	}
}

var readerCases = []readerCase{
	{name: "bom", input: "\xef\xbb\xbf[Event \"BOM\"]\n[White \"A\"]\n\n1. e4 e5 *\n", games: 1,
		check: func(t *testing.T, gs []*PGNGame) {
			assertClean(t, gs)
			g := gs[0]
			if g.Tags[0].Name != "Event" || g.Tags[0].Value != "BOM" || g.Tags[0].Col != 1 {
				t.Errorf("first tag %+v", g.Tags[0])
			}
			assertLine(t, g, "e4", "e5")
		}},
	{name: "crlf", input: "[Event \"a\"]\r\n[White \"A\"]\r\n\r\n1. e4 e5 2. Nf3\r\nNc6 1-0\r\n\r\n[Event \"b\"]\r\n\r\n1. d4 *\r\n", games: 2,
		check: func(t *testing.T, gs []*PGNGame) {
			assertClean(t, gs)
			if w := gs[0].Tag("White"); w != "A" {
				t.Errorf("White %q", w)
			}
			assertLine(t, gs[0], "e4", "e5", "Nf3", "Nc6")
			if gs[1].Line != 7 || gs[1].Moves[0].Line != 9 || gs[1].Moves[0].Col != 4 {
				t.Errorf("second game at line %d, d4 at %d:%d", gs[1].Line, gs[1].Moves[0].Line, gs[1].Moves[0].Col)
			}
		}},
	{name: "cr only", input: "[Event \"a\"]\r[White \"A\"]\r\r1. e4 e5 *\r\r[Event \"b\"]\r\r1. d4 Ke7 *\r", games: 2,
		check: func(t *testing.T, gs []*PGNGame) {
			assertLine(t, gs[0], "e4", "e5")
			if w := gs[0].Tag("White"); w != "A" || !gs[0].Legal() {
				t.Errorf("White %q, problems %v", w, gs[0].Problems)
			}
			p := firstProblem(t, gs[1], rules.Code("no-legal-move"))
			assertAt(t, p, 8, 7)
		}},
	{name: "latin1", input: "[Event \"a\"]\n[White \"J\xf6rg M\xfcller\"]\n\n1. e4 {Er\xf6ffnung} e5 *\n", games: 1,
		check: func(t *testing.T, gs []*PGNGame) {
			g := gs[0]
			if w := g.Tag("White"); w != "Jörg Müller" || !g.Latin1 {
				t.Errorf("White %q, Latin1 %v", w, g.Latin1)
			}
			if c := g.Moves[0].Comments; len(c) != 1 || c[0] != "Eröffnung" {
				t.Errorf("comment %q", c)
			}
			assertLine(t, g, "e4", "e5")
		}},
	{name: "lower-case tags", input: "[event \"x\"]\n[setup \"1\"]\n[fen \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 1\"]\n\n1... Kd7 2. e4 *\n", games: 1,
		check: func(t *testing.T, gs []*PGNGame) {
			assertClean(t, gs)
			g := gs[0]
			if f := g.Start.FEN(); f != "4k3/8/8/8/8/8/4P3/4K3 b - - 0 1" {
				t.Errorf("start %s", f)
			}
			assertLine(t, g, "Kd7", "e4")
		}},
	{name: "setup fen", input: "[Event \"x\"]\n[SetUp \"1\"]\n[FEN \"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 20\"]\n\n20. O-O O-O-O 21. Rf7 *\n", games: 1,
		check: func(t *testing.T, gs []*PGNGame) {
			assertClean(t, gs)
			assertLine(t, gs[0], "O-O", "O-O-O", "Rf7")
			if f := gs[0].Final.FEN(); f != "2kr3r/5R2/8/8/8/8/8/R5K1 b - - 3 21" {
				t.Errorf("final %s", f)
			}
		}},
	{name: "bad fen", input: "[Event \"x\"]\n[White \"A\"]\n[SetUp \"1\"]\n[FEN \"rnbqkbnr/pppppppp/8/8 w KQkq - 0 1\"]\n\n1. e4 *\n\n[Event \"next\"]\n\n1. d4 *\n", games: 2,
		check: func(t *testing.T, gs []*PGNGame) {
			g := gs[0]
			p := firstProblem(t, g, ProblemBadFEN)
			if g.Legal() || !p.Severe || g.Plies != 0 {
				t.Errorf("bad FEN: legal %v, %+v, plies %d", g.Legal(), p, g.Plies)
			}
			assertAt(t, p, 4, 1)
			assertClean(t, gs[1:])
		}},
	{name: "comments", input: "[Event \"x\"]\n\n{before the moves} 1. e4 {a comment\nover [Event \"three\"]\n\n[Site \"lines\"] 1-0} e5 ; rest of line {not a comment start 0-1\n" +
		"2. Nf3 {(=)} Nc6 {x}{y} ; 3. Ke2\n3. Bb5 *\n", games: 1,
		check: func(t *testing.T, gs []*PGNGame) {
			assertClean(t, gs)
			g := gs[0]
			assertLine(t, g, "e4", "e5", "Nf3", "Nc6", "Bb5")
			if len(g.Comments) != 1 || g.Comments[0] != "before the moves" {
				t.Errorf("game comments %q", g.Comments)
			}
			if c := g.Moves[0].Comments; len(c) != 1 || !strings.HasPrefix(c[0], "a comment\nover") {
				t.Errorf("e4 comments %q", c)
			}
			if !g.Moves[2].DrawOffer || len(g.Moves[3].Comments) != 2 {
				t.Errorf("Nf3 %+v, Nc6 %+v", g.Moves[2], g.Moves[3])
			}
			if g.Moves[4].Line != 8 || g.Result != "*" {
				t.Errorf("Bb5 on line %d, result %q", g.Moves[4].Line, g.Result)
			}
		}},
	{name: "nested variations", input: "1. e4 (1. d4 d5 (1... Nf6 2. c4 (2. Nf3)) 2. c4) e5 (1... c5 {a ) in a comment} 2. Nf3 ; and ( here\n" +
		"d6) 2. Nf3 (2. Bc4 (2. f4 exf4) Nc6) Nc6 *\n", games: 1,
		check: func(t *testing.T, gs []*PGNGame) {
			assertClean(t, gs)
			assertLine(t, gs[0], "e4", "e5", "Nf3", "Nc6")
		}},
	{name: "nags", input: "1. e4 $1 e5!? 2. Nf3?? $14 $140 Nc6 ! 3. Bb5!! a6?! *\n", games: 1,
		check: func(t *testing.T, gs []*PGNGame) {
			assertClean(t, gs)
			g := gs[0]
			assertLine(t, g, "e4", "e5", "Nf3", "Nc6", "Bb5", "a6")
			want := [][]int{{1}, {5}, {4, 14, 140}, {1}, {3}, {6}}
			for i, w := range want {
				if fmt.Sprint(g.Moves[i].NAGs) != fmt.Sprint(w) {
					t.Errorf("move %d %s: NAGs %v, want %v", i, g.Moves[i].Text, g.Moves[i].NAGs, w)
				}
			}
		}},
	{name: "null moves", input: "[Event \"a\"]\n\n1. e4 -- 2. d4 *\n\n[Event \"b\"]\n\n1. e4 e5 2. Z0 Nc6 *\n\n[Event \"c\"]\n\n1. d4 *\n", games: 3,
		check: func(t *testing.T, gs []*PGNGame) {
			for i, at := range [][3]int{{3, 7, 2}, {7, 13, 3}} {
				g := gs[i]
				p := firstProblem(t, g, ProblemNullMove)
				assertAt(t, p, at[0], at[1])
				if g.Legal() || g.IllegalPly != at[2] || g.Plies != at[2]-1 || !p.Severe {
					t.Errorf("game %d: legal %v, illegal ply %d, plies %d", i, g.Legal(), g.IllegalPly, g.Plies)
				}
			}
			assertClean(t, gs[2:])
		}},
	{name: "escape lines", input: "% generated by a program\n[Event \"x\"]\n%[Event \"not a tag\"]\n\n1. e4\n% 1-0 {\n e5 *\n%\n\n[Event \"y\"]\n\n1. d4 *\n", games: 2,
		check: func(t *testing.T, gs []*PGNGame) {
			assertClean(t, gs)
			assertLine(t, gs[0], "e4", "e5")
			if len(gs[0].Tags) != 1 {
				t.Errorf("tags %+v", gs[0].Tags)
			}
		}},
	{name: "leading blank and escape lines", input: "\n \r\n% x\n\n[Event \"a\"]\n\n1. e4 *\n\n\n%y\n\n1. d4 *\n", games: 2,
		check: func(t *testing.T, gs []*PGNGame) {
			assertClean(t, gs)
			if gs[0].Line != 5 || gs[0].Tags[0].Line != 5 || gs[0].Moves[0].Line != 7 || gs[1].Line != 12 {
				t.Errorf("games at lines %d and %d, tag on %d, e4 on %d", gs[0].Line, gs[1].Line, gs[0].Tags[0].Line, gs[0].Moves[0].Line)
			}
		}},
	{name: "missing result", input: "[Event \"x\"]\n\n1. e4 e5\n2. Nf3  \n\n", games: 1,
		check: func(t *testing.T, gs []*PGNGame) {
			g := gs[0]
			p := firstProblem(t, g, ProblemMissingResult)
			if !g.Legal() || p.Severe || len(g.Problems) != 1 || !g.HasWarnings {
				t.Errorf("problems %v", g.Problems)
			}
			assertAt(t, p, 4, 7) // just after the last move
			assertLine(t, g, "e4", "e5", "Nf3")
		}},
	{name: "result mismatch", input: "[Event \"x\"]\n[Result \"1-0\"]\n\n1. e4 e5  0-1\n", games: 1,
		check: func(t *testing.T, gs []*PGNGame) {
			g := gs[0]
			p := firstProblem(t, g, ProblemResultMismatch)
			assertAt(t, p, 4, 11)
			if !g.Legal() || p.Severe || p.Text != "0-1" || g.Result != "0-1" {
				t.Errorf("%+v, result %q", p, g.Result)
			}
		}},
	{name: "result forms", input: "1. e4 e5 1/2-1/2\n\n1. d4 d5 ½-½\n\n[Result \"1/2-1/2\"]\n\n1. c4 c5 1/2\n", games: 3,
		check: func(t *testing.T, gs []*PGNGame) {
			assertClean(t, gs)
			for _, g := range gs {
				if g.Result != "1/2-1/2" {
					t.Errorf("game %d: result %q", g.Index, g.Result)
				}
			}
		}},
	{name: "bad game in the middle", input: "[Event \"1\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n\n[Event \"2\"]\n\n1. e4 e5 2. Ke3 Nc6 3. Nf3 0-1\n\n[Event \"3\"]\n\n1. d4 d5 2. c4 *\n", games: 3,
		check: func(t *testing.T, gs []*PGNGame) {
			assertClean(t, []*PGNGame{gs[0], gs[2]})
			g := gs[1]
			if g.Legal() || g.IllegalPly != 3 || g.Plies != 2 || g.Result != "0-1" {
				t.Errorf("game 2: legal %v, illegal ply %d, plies %d, result %q", g.Legal(), g.IllegalPly, g.Plies, g.Result)
			}
			p := g.Problems[0]
			if fmt.Sprint(problemCodes(g)) != "[no-legal-move]" || p.Ply != 3 || p.Text != "Ke3" || !p.Severe {
				t.Errorf("game 2: %+v", p)
			}
			assertAt(t, p, 7, 13)
			assertLine(t, gs[2], "d4", "d5", "c4")
			if gs[2].Line != 9 || gs[2].Tag("Event") != "3" {
				t.Errorf("game 3 at line %d, tags %v", gs[2].Line, gs[2].Tags)
			}
		}},
	{name: "positions", input: "[Event x]\n[Site \"s\"]\n\n1. e4 e5 )\n  2.Nf3 Qh4 3. Nxh4 Nc6 4. Bb5 Bb4 5. c3 Kf8 6. O-O-O *\n", games: 1,
		check: func(t *testing.T, gs []*PGNGame) {
			g := gs[0]
			assertAt(t, firstProblem(t, g, ProblemTagSyntax), 1, 1)
			assertAt(t, firstProblem(t, g, ProblemUnexpected), 4, 10)
			if g.IllegalPly != 11 || g.Legal() {
				t.Fatalf("illegal ply %d, problems %v", g.IllegalPly, g.Problems)
			}
			last := g.Problems[len(g.Problems)-1]
			assertAt(t, last, 5, 49)
			if g.Moves[2].Line != 5 || g.Moves[2].Col != 5 {
				t.Errorf("Nf3 at %d:%d", g.Moves[2].Line, g.Moves[2].Col)
			}
		}},
	{name: "german", lang: "de", input: "[Event \"x\"]\n\n1.e4 e5 2.Sf3 Sc6 3.Lb5 a6 4.La4 Sf6 5.O-O Le7 6.Te1 b5 7.Lb3 d6 8.c3 O-O 9.h3 Dd7 *\n", games: 1,
		check: func(t *testing.T, gs []*PGNGame) {
			assertClean(t, gs)
			assertLine(t, gs[0], "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5", "Bb3", "d6", "c3", "O-O", "h3", "Qd7")
		}},
	{name: "german in english", input: "1.e4 e5 2.Sf3 Sc6 *\n", games: 1,
		check: func(t *testing.T, gs []*PGNGame) {
			g := gs[0]
			if !g.Legal() || len(g.Problems) != 2 || g.Problems[0].Code() != string(rules.CodeForeignLetter) || g.Problems[1].Ply != 4 {
				t.Errorf("problems %v", g.Problems)
			}
			assertLine(t, g, "e4", "e5", "Nf3", "Nc6")
		}},
	{name: "headers only", input: "[Event \"r\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n[Event \"r\"]\n[White \"C\"]\n[Black \"D\"]\n[Result \"*\"]\n[Event \"r\"]\n[White \"E\"]\n", games: 3,
		check: func(t *testing.T, gs []*PGNGame) {
			for i, w := range []string{"A", "C", "E"} {
				if g := gs[i]; g.Tag("White") != w || g.Plies != 0 || !g.Legal() {
					t.Errorf("game %d: White %q, plies %d, problems %v", i, g.Tag("White"), g.Plies, g.Problems)
				}
			}
		}},
	{name: "games without tags", input: "1. e4 e5 1-0\n1. d4 d5 0-1\n1. c4 *\n", games: 3,
		check: func(t *testing.T, gs []*PGNGame) { assertClean(t, gs) }},
	{name: "variant", input: "[Event \"v\"]\n  [Variant \"Atomic\"]\n\n1. e4 *\n\n[Variant \"From Position\"]\n[FEN \"\"]\n\n1. e4 *\n\n[Variant \" Standard \"]\n\n1. e4 *\n\n[Variant \"normal\"]\n\n1. e4 *\n", games: 4,
		check: func(t *testing.T, gs []*PGNGame) {
			p := firstProblem(t, gs[0], ProblemVariant)
			if !p.Severe || p.Text != "Atomic" || gs[0].Legal() || gs[0].Plies != 0 {
				t.Errorf("%+v", p)
			}
			assertAt(t, p, 2, 3)
			assertClean(t, gs[1:])
		}},
	{name: "comment left open in a variation", input: "1. e4 (1. d4 {open\n", games: 1,
		check: func(t *testing.T, gs []*PGNGame) {
			g := gs[0]
			assertAt(t, firstProblem(t, g, ProblemUnclosedVariation), 1, 7)
			assertAt(t, firstProblem(t, g, ProblemMissingResult), 1, 19)
			assertLine(t, g, "e4")
		}},
	{name: "unclosed", input: "[Event \"x\"]\n\n1. e4 (1. d4 d5 2. c4 e5 *\n", games: 1,
		check: func(t *testing.T, gs []*PGNGame) {
			assertAt(t, firstProblem(t, gs[0], ProblemUnclosedVariation), 3, 7)
		}},
}

func TestReaderTable(t *testing.T) {
	for _, tc := range readerCases {
		t.Run(tc.name, func(t *testing.T) {
			var letters *rules.Letters
			if tc.lang != "" {
				var ok bool
				if letters, ok = rules.LettersFor(tc.lang); !ok {
					t.Fatalf("no language %q", tc.lang)
				}
			}
			gs := readGames(t, []byte(tc.input), letters)
			if len(gs) != tc.games {
				for _, g := range gs {
					t.Logf("game %d line %d tags %v problems %v", g.Index, g.Line, g.Tags, g.Problems)
				}
				t.Fatalf("%d games, want %d", len(gs), tc.games)
			}
			tc.check(t, gs)
		})
	}
}

// TestReadEveryCorpusFile: every file under the PGN corpus, PGN or not,
// reads without a panic, with and without moves kept, and both parses
// agree on the verdicts.
func TestReadEveryCorpusFile(t *testing.T) {
	n := 0
	err := filepath.WalkDir(xtest.Corpus(t, "pgn"), func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		n++
		sp := NewSplitter(bytes.NewReader(data))
		keep := &Parser{File: p, KeepMoves: true}
		fast := &Parser{File: p}
		games := 0
		for {
			c, ok := sp.Next()
			if !ok {
				break
			}
			games++
			g := keep.Parse(c)
			plies, illegal, legal, probs := g.Plies, g.IllegalPly, g.Legal(), len(g.Problems)
			f := fast.Parse(c)
			if f.Plies != plies || f.IllegalPly != illegal || f.Legal() != legal || len(f.Problems) != probs {
				t.Errorf("%s game %d: kept moves and fast parse differ", p, c.Index)
			}
		}
		if sp.Err() != nil {
			t.Errorf("%s: %v", p, sp.Err())
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n < 300 {
		t.Fatalf("only %d corpus files", n)
	}
}

// TestReadLatin1File: the Dortmund file is Latin-1; names come out as UTF-8.
func TestReadLatin1File(t *testing.T) {
	data, err := os.ReadFile(xtest.Corpus(t, "pgn", "medium", "pychess_dortmund.pgn"))
	if err != nil {
		t.Fatal(err)
	}
	gs := readGames(t, data, nil)
	if len(gs) != 347 {
		t.Fatalf("%d games", len(gs))
	}
	g := gs[0]
	if b := g.Tag("Black"); b != "Van Nüss, Alfred" || !g.Latin1 || !g.Legal() {
		t.Errorf("first game: Black %q, Latin1 %v, problems %v", b, g.Latin1, g.Problems)
	}
	names := 0
	for _, g := range gs {
		for _, tag := range g.Tags {
			if strings.Contains(tag.Value, "Réti") {
				names++
			}
		}
		if !g.Legal() {
			t.Errorf("game %d: %v", g.Index, g.Problems)
		}
	}
	if names == 0 {
		t.Error("no Réti in the file")
	}
}

// TestReadHeadersOnly: round files with tag sections and no movetext split
// into one game per tag section.
func TestReadHeadersOnly(t *testing.T) {
	for file, want := range map[string]int{"scalachess_FWWRC.pgn": 605, "scalachess_uzchesscup.pgn": 45} {
		data, err := os.ReadFile(xtest.Corpus(t, "pgn", "medium", file))
		if err != nil {
			t.Fatal(err)
		}
		gs := readGames(t, data, nil)
		if len(gs) != want {
			t.Fatalf("%s: %d games, want %d", file, len(gs), want)
		}
		for _, g := range gs {
			if g.Plies != 0 || !g.Legal() || g.Tag("White") == "" || g.Tag("Black") == "" || len(g.Tags) < 4 {
				t.Fatalf("%s game %d: plies %d, tags %v, problems %v", file, g.Index, g.Plies, g.Tags, g.Problems)
			}
		}
		if w := gs[1].Tag("White"); file == "scalachess_uzchesscup.pgn" && w != "Yakubboev, Nodirbek" {
			t.Errorf("%s second game: White %q", file, w)
		}
	}
}

// TestValidateMixedLineEnds: a file whose games end their lines with LF,
// CR LF or a lone CR gives the same verdicts, lines included, whether it
// is read in one pass or cut into blocks for several jobs.
func TestValidateMixedLineEnds(t *testing.T) {
	defer func(n int) { blockBytes = n }(blockBytes)
	blockBytes = 512
	var b strings.Builder
	ends := []string{"\n", "\r\n", "\r"}
	for i := 0; i < 120; i++ {
		nl := ends[i%3]
		if i%7 == 0 {
			nl = ends[(i/7)%3] // runs of the same line end, so blocks cut inside them too
		}
		fmt.Fprintf(&b, "[Event \"%d\"]%s[White \"W%d\"]%s%s1. e4 e5%s2. Nf3 Ke7 3. Ke3 *%s%s", i, nl, i, nl, nl, nl, nl, nl)
	}
	data := []byte(b.String())
	seq, sumSeq := collect(t, data, 1)
	if sumSeq.Games != 120 || sumSeq.GamesWithErrors != 120 {
		t.Fatalf("summary %+v", sumSeq)
	}
	for i, v := range seq {
		// Each game has 5 lines; its illegal move is on its 5th.
		if v.Line != 6*i+1 || v.Problems[0].Pos.Line != 6*i+5 || v.Problems[0].Ply != 5 {
			t.Fatalf("game %d at line %d, problem %+v", i, v.Line, v.Problems[0])
		}
	}
	par, sumPar := collect(t, data, 2)
	if sumPar != sumSeq || fmt.Sprint(par) != fmt.Sprint(seq) {
		t.Fatalf("jobs 2 differ: %+v\n%v", sumPar, par)
	}
}

// TestCRReader: lone CRs become LFs and CR LF pairs stay, however the
// reads fall; a file may end on a CR.
func TestCRReader(t *testing.T) {
	in := "a\rb\r\nc\r\r\nd\r\re\n\r"
	want := "a\nb\r\nc\n\r\nd\n\ne\n\n"
	readers := map[string]func() io.Reader{
		"whole":    func() io.Reader { return strings.NewReader(in) },
		"one byte": func() io.Reader { return iotest.OneByteReader(strings.NewReader(in)) },
		"half":     func() io.Reader { return iotest.HalfReader(strings.NewReader(in)) },
		"data err": func() io.Reader { return iotest.DataErrReader(iotest.OneByteReader(strings.NewReader(in))) },
	}
	for name, r := range readers {
		for _, size := range []int{1, 2, 3, 512} {
			cr := &crReader{r: r()}
			var out []byte
			buf := make([]byte, size)
			for {
				n, err := cr.Read(buf)
				out = append(out, buf[:n]...)
				if err == io.EOF {
					break
				}
				if err != nil {
					t.Fatal(err)
				}
			}
			if string(out) != want {
				t.Errorf("%s, reads of %d: %q, want %q", name, size, out, want)
			}
		}
	}
	// The splitter reads the same games whatever the reads.
	text := "[Event \"a\"]\r\r1. e4 *\r\r[Event \"b\"]\r\n\r\n1. d4 *\r\n[Event \"c\"]\n\n1. c4 *\r"
	var first []string
	for name, r := range map[string]io.Reader{"whole": strings.NewReader(text), "one byte": iotest.OneByteReader(strings.NewReader(text))} {
		sp := NewSplitter(r)
		var got []string
		for {
			c, ok := sp.Next()
			if !ok {
				break
			}
			got = append(got, fmt.Sprintf("%d:%q", c.Line, c.Text))
		}
		if len(got) != 3 || first != nil && fmt.Sprint(got) != fmt.Sprint(first) {
			t.Errorf("%s: %v, first %v", name, got, first)
		}
		first = got
	}
}

// TestValidateCommentAcrossBlocks: a brace comment that opens in one block
// and closes two blocks later, over a block that reads clean on its own,
// gives the verdicts of the one-pass reading whatever the block size.
func TestValidateCommentAcrossBlocks(t *testing.T) {
	defer func(n int) { blockBytes = n }(blockBytes)
	text := "[Event \"1\"]\n\n1. e4 {open\n\n" +
		"[Event \"in the comment\"]\n\n1. d4 d5 *\n\n" +
		"[Event \"still in it\"]\n\n1. c4 } e5 *\n\n" +
		"[Event \"2\"]\n\n1. Nf3 Ke7 *\n\n" +
		"[Event \"3\"]\n\n1. f4 {a {b} c} *\n" // comments do not nest: c is movetext
	data := []byte(text)
	blockBytes = 1 << 20
	seq, sumSeq := collect(t, data, 1)
	if len(seq) != 3 || seq[0].Plies != 2 || !seq[0].Legal || seq[1].Legal || seq[1].Line != 13 || seq[2].Legal || seq[2].Line != 17 {
		t.Fatalf("one pass: %+v", seq)
	}
	for bb := 8; bb <= 128; bb += 4 {
		blockBytes = bb
		par, sumPar := collect(t, data, 2)
		if sumPar != sumSeq || fmt.Sprint(par) != fmt.Sprint(seq) {
			t.Fatalf("blocks of %d bytes: %+v\n%v\none pass: %v", bb, sumPar, par, seq)
		}
	}
}
