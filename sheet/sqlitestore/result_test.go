package sqlitestore

import (
	"fmt"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"scoresheet/sheet"
)

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
		got = append(got, fmt.Sprintf("%d %s %v %s", g.ID, g.Result, g.Tags, sheet.StateOf(&g, &sheet.Reconciled{}, nil)))
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
	g.Tags[sheet.TagPairingResult] = "1-0"
	if a := sheet.Analyse(&g, sheet.Conditions{}); a.State != sheet.GameFindings {
		t.Errorf("a forfeit the pairing program has as 1-0: %s, checks %+v", a.State, a.Checks)
	}
}
