package sheet

import (
	"fmt"
	"reflect"
	"runtime"
	"strings"
	"testing"
)

// TestParseResult: every listed result reads as itself, the usual other
// spellings as the result they mean, anything else not at all.
func TestParseResult(t *testing.T) {
	for _, r := range Results {
		if got, ok := ParseResult(string(r)); !ok || got != r {
			t.Errorf("ParseResult(%q) = %q %v", r, got, ok)
		}
	}
	for in, want := range map[string]Result{"½-½": Drawn, "+-": WhiteForfeitWin, "-+": BlackForfeitWin, "--": DoubleForfeit, "-:-": DoubleForfeit} {
		if got, ok := ParseResult(in); !ok || got != want {
			t.Errorf("ParseResult(%q) = %q %v, want %q", in, got, ok, want)
		}
	}
	for _, in := range []string{"1-0 forfeit", "0-0", "1:0 ", "+", "-", "1/2-1/2*", "forfeit"} {
		if got, ok := ParseResult(in); ok {
			t.Errorf("ParseResult(%q) = %q, want refused", in, got)
		}
	}
}

// TestResultKinds: which results end a game, which are forfeits, and
// the points each gives.
func TestResultKinds(t *testing.T) {
	var got []string
	for _, r := range Results {
		w, b, ok := r.Points()
		got = append(got, fmt.Sprintf("%q decided=%v forfeit=%v points=%v/%v/%v", r, r.Decided(), r.Forfeit(), w, b, ok))
	}
	want := []string{
		`"" decided=false forfeit=false points=0/0/false`,
		`"1-0" decided=true forfeit=false points=1/0/true`,
		`"0-1" decided=true forfeit=false points=0/1/true`,
		`"1/2-1/2" decided=true forfeit=false points=0.5/0.5/true`,
		`"*" decided=false forfeit=false points=0/0/false`,
		`"+/-" decided=true forfeit=true points=1/0/true`,
		`"-/+" decided=true forfeit=true points=0/1/true`,
		`"-/-" decided=true forfeit=true points=0/0/true`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if Result("1-0 forfeit").Decided() || ValidCopyResult(WhiteForfeitWin) || ValidCopyResult(Unfinished) || !ValidCopyResult(Drawn) {
		t.Error("an unknown result is decided, or a copy holds a forfeit or *")
	}
}

// TestResultPGN: each result goes to a PGN token (a forfeit with
// Termination "rules infraction") and comes back as itself.
func TestResultPGN(t *testing.T) {
	want := map[Result]string{"": "", "1-0": "1-0", "0-1": "0-1", "1/2-1/2": "1/2-1/2", "*": "*",
		"+/-": "1-0 forfeit", "-/+": "0-1 forfeit", "-/-": "* forfeit"}
	for _, r := range Results {
		tok, forfeit := r.PGNResult()
		got := tok
		if forfeit {
			got += " forfeit"
		}
		if got != want[r] {
			t.Errorf("%q: PGN %q, want %q", r, got, want[r])
		}
		if back, ok := ResultFromPGN(tok, forfeit); !ok || back != r {
			t.Errorf("%q: read back as %q %v", r, back, ok)
		}
	}
	if r, ok := ResultFromPGN("1/2-1/2", true); !ok || r != Drawn {
		t.Errorf("a draw said to end by rules infraction: %q %v, want a draw", r, ok)
	}
	if _, ok := ResultFromPGN("+/-", false); ok {
		t.Error("+/- is no PGN token")
	}
}

// migrationIndex returns the place of a migration in migrations (its
// file's schema version before it runs), found by the function's name so
// that a migration added before it changes nothing here.
func migrationIndex(t *testing.T, m migration) int {
	t.Helper()
	name := runtime.FuncForPC(reflect.ValueOf(m).Pointer()).Name()
	for i, x := range migrations {
		if runtime.FuncForPC(reflect.ValueOf(x).Pointer()).Name() == name {
			return i
		}
	}
	t.Fatalf("%s is not a migration", name)
	return 0
}

// TestMigrateForfeits: a file written before the result type opens with
// its forfeits as results of their own, whichever tag said so (the
// window's Termination, a TRF import's TRFForfeit, the pairing
// program's result tag likewise); those tags go, every other game and
// tag stays, and a forfeit with nothing typed is a complete board.
func TestMigrateForfeits(t *testing.T) {
	game := func(id int, result string) string {
		return fmt.Sprintf(`INSERT INTO game VALUES (%d, 1, %d, 'W', '', 0, '', '', 'B', '', 0, '', '', '%s', '', '')`, id, id, result)
	}
	tag := func(id int, name, value string) string {
		return fmt.Sprintf(`INSERT INTO tag VALUES (%d, '%s', '%s')`, id, name, value)
	}
	stmts := []string{
		game(1, "1-0"), tag(1, "Termination", "rules infraction"), // the window's forfeit
		game(2, "0-1"), tag(2, "TRFForfeit", "1"), tag(2, "TRFResult", "0-1"), tag(2, "TRFWhite", "4"), // a TRF's
		game(3, ""), tag(3, "TRFForfeit", "1"), // a TRF's double forfeit ("- -")
		game(4, "1-0"), tag(4, "Termination", "time forfeit"), // lost on time: played
		game(5, "1/2-1/2"), tag(5, "Termination", "rules infraction"), // no forfeit gives a draw
		game(6, "0-1"), tag(6, "TRFResult", "0-1"),
	}
	for id := 1; id <= 6; id++ {
		stmts = append(stmts, fmt.Sprintf(`INSERT INTO copy VALUES (%d, 0, 'en', ''), (%d, 1, 'en', '')`, id, id))
	}
	path := fileAtVersion(t, migrationIndex(t, migrateForfeits), stmts...)
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	games, err := s.Games()
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, g := range games {
		got = append(got, fmt.Sprintf("%d %s %v %s", g.ID, g.Result, g.Tags, StateOf(&g, &Reconciled{}, nil)))
	}
	want := []string{
		"1 +/- map[] complete",
		"2 -/+ map[TRFResult:-/+ TRFWhite:4] complete",
		"3 -/- map[] complete",
		"4 1-0 map[Termination:time forfeit] empty",
		"5 1/2-1/2 map[Termination:rules infraction] empty",
		"6 0-1 map[TRFResult:0-1] empty",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("migrated:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// A forfeit the pairing program has otherwise is not complete: a
	// check questions it.
	g := games[1]
	g.Tags[TagPairingResult] = "1-0"
	if a := Analyse(&g, Conditions{}); a.State != GameFindings {
		t.Errorf("a forfeit the pairing program has as 1-0: %s, checks %+v", a.State, a.Checks)
	}
}

// TestStoreResult: a game's result is one of Results, forfeits among
// them, stored and read back as such; any other text is refused and
// changes nothing.
func TestStoreResult(t *testing.T) { eachBackend(t, testStoreResult) }

func testStoreResult(t *testing.T, b storeBackend) {
	s := b.newStore(t)
	g := sampleGame()
	g.Result = BlackForfeitWin
	id, err := s.AddGame(g)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := s.Game(id)
	if got.Result != BlackForfeitWin {
		t.Fatalf("stored %q, read %q", BlackForfeitWin, got.Result)
	}
	got.Result = "0-1 forfeit"
	wantCode(t, s.SetHeader(got), StoreBadArgument)
	g.Board, g.Result = 99, "1:0"
	_, err = s.AddGame(g)
	wantCode(t, err, StoreBadArgument)
	if again, _ := s.Game(id); again.Result != BlackForfeitWin {
		t.Errorf("a refused result changed the game: %q", again.Result)
	}
}
