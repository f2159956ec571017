package cli

import (
	"database/sql"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"scoresheet/internal/xtest"
	"scoresheet/sheet"
	"scoresheet/sheet/sqlitestore/attacktest"
)

// TestEventFileWithTrigger is issue 23.2 as it was found: a received
// event file carries a trigger; "event enter" printed "Bb5 ok" and the
// file then held Bc4. Every command that opens the file now refuses it,
// naming the trigger, before anything is stored or read.
func TestEventFileWithTrigger(t *testing.T) {
	file := newEventGames(t, 2)
	attacktest.Plant(t, file, attacktest.RewriteTrigger, attacktest.VandalTrigger)
	out := filepath.Join(t.TempDir(), "out.pgn")
	pgnFile := xtest.WriteFile(t, t.TempDir(), "one.pgn", []byte("[Event \"x\"]\n[Round \"2\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n1. e4 *\n"))
	for _, c := range []struct {
		stdin string
		args  []string
	}{
		{"e4\ne5\nNf3\nNc6\nBb5\n", []string{"event", "enter", file, "--round", "1", "--board", "1", "--copy", "white"}},
		{"", []string{"event", "result", file, "--round", "1", "--board", "1", "--game", "1-0"}},
		{"", []string{"event", "set", file, "--name", "Open"}},
		{"", []string{"event", "show", file}},
		{"", []string{"export", "--format", "pgn", "--out", out, file}},
		{"", []string{"import", "--event", file, pgnFile}},
	} {
		code, stdout, stderr := run(t, c.stdin, c.args...)
		if code != ExitError || !strings.Contains(stderr, "[store-foreign-schema]") ||
			!strings.Contains(stderr, "extra=trigger:rewrite") || strings.Contains(stdout, "ok") {
			t.Errorf("%s: exit %d\nstdout: %s\nstderr: %s", strings.Join(c.args[:2], " "), code, stdout, stderr)
		}
	}
	t.Logf("%s", func() string { _, _, e := run(t, "", "event", "show", file); return e }())
	// Nothing ran: the cells, board 2 and the name are as they were.
	db, err := sql.Open("sqlite", file+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var cells, games int
	var name string
	db.QueryRow(`SELECT (SELECT count(*) FROM cell), (SELECT count(*) FROM game), (SELECT name FROM event)`).Scan(&cells, &games, &name)
	if cells != 0 || games != 2 || name != "E" {
		t.Errorf("the file now holds %d cells, %d games, event %q", cells, games, name)
	}
}

// TestEventFileWithEndlessView: the game table replaced by an endless
// recursive view hung every command while a temporary file grew; now
// "event show" is refused at once.
func TestEventFileWithEndlessView(t *testing.T) {
	file := newEventGames(t, 1)
	attacktest.Plant(t, file, `PRAGMA foreign_keys = OFF`, `DROP TABLE game`, attacktest.EndlessGameView)
	done := make(chan string, 1)
	go func() {
		code, _, stderr := run(t, "", "event", "show", file)
		done <- fmt.Sprintf("exit %d: %s", code, stderr)
	}()
	select {
	case stderr := <-done:
		if !strings.HasPrefix(stderr, fmt.Sprintf("exit %d:", ExitError)) ||
			!strings.Contains(stderr, "[store-foreign-schema]") || !strings.Contains(stderr, "extra=view:game") {
			t.Errorf("event show said: %s", stderr)
		}
	case <-time.After(2 * time.Minute):
		// Not a pacing timeout: before the fix "show" never returned.
		t.Fatal("event show has not returned after 2 minutes: the view ran")
	}
}

// TestEventCopyRebuildsARefusedFile is issue 23.2's way out: the file
// refused for its trigger says that "event copy" rebuilds it, and "event
// copy" does: the new file holds the data, opens as an ordinary event,
// and the trigger never fired (the cell stays Bb5).
func TestEventCopyRebuildsARefusedFile(t *testing.T) {
	file := newEventGames(t, 2)
	if code, _, e := run(t, "e4\ne5\nNf3\nNc6\nBb5\n", "event", "enter", file, "--round", "1", "--board", "1", "--copy", "white"); code != 0 {
		t.Fatalf("enter: %s", e)
	}
	attacktest.Plant(t, file, attacktest.RewriteTrigger)
	code, _, stderr := run(t, "", "event", "show", file)
	if code != ExitError || !strings.Contains(stderr, "scoresheet event copy") {
		t.Fatalf("the refusal does not say how to rebuild the file: exit %d: %s", code, stderr)
	}
	clean := filepath.Join(t.TempDir(), "clean.scoresheet")
	code, stdout, stderr := run(t, "", "event", "copy", file, clean)
	if code != ExitOK || !strings.Contains(stdout, "2 games copied") || !strings.Contains(stderr, "nothing of it ran") {
		t.Fatalf("event copy: exit %d\nstdout: %s\nstderr: %s", code, stdout, stderr)
	}
	if got := strings.Join(copyTexts(t, clean, 1, sheet.WhiteCopy), " "); got != "e4 e5 Nf3 Nc6 Bb5" {
		t.Errorf("the clean copy holds %q", got)
	}
}
