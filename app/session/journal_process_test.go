package session_test

import (
	"bufio"
	"os"
	"os/exec"
	"strings"
	"testing"

	"scoresheet/app/session"
	"scoresheet/sheet"
)

// keepAndWait is this test binary run as another window (TestMain):
// it keeps e4 in a journal of its own in dir, says the file's name on
// stdout, and waits on stdin to be killed.
func keepAndWait(dir string) {
	j, err := session.OpenJournal(dir, "/events/open.scoresheet")
	if err == nil {
		err = j.Keep(session.JournalOp{Op: "set-cell", Game: 1, Cell: sheet.Cell{Text: "e4"}})
	}
	if err != nil {
		os.Stdout.WriteString("error " + err.Error() + "\n")
		os.Exit(1)
	}
	os.Stdout.WriteString(j.Path() + "\n")
	bufio.NewReader(os.Stdin).ReadString('\n')
	os.Exit(0)
}

// Another process's journal, while it runs, is not taken; once it is
// killed (SIGKILL on Unix, TerminateProcess on Windows: the operating
// system lets go of its lock), the journal is taken, once.
func TestJournalOfKilledProcess(t *testing.T) {
	dir := t.TempDir()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "SCORESHEET_JOURNAL_WINDOW="+dir)
	stdin, _ := cmd.StdinPipe()
	defer stdin.Close()
	stdout, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	line, err := bufio.NewReader(stdout).ReadString('\n')
	path := strings.TrimSpace(line)
	if err != nil || strings.HasPrefix(path, "error") {
		cmd.Process.Kill()
		cmd.Wait()
		t.Fatalf("the other window: %q %v", line, err)
	}
	left, err := session.LeftJournals(dir, "/events/open.scoresheet")
	if err != nil || len(left) != 0 {
		t.Errorf("a running window's journal taken: %d %v", len(left), err)
	}
	cmd.Process.Kill()
	cmd.Wait()
	left, err = session.LeftJournals(dir, "/events/open.scoresheet")
	if err != nil || len(left) != 1 || left[0].Path() != path || left[0].Len() != 1 {
		t.Fatalf("after the kill: %d journals %v, want %s", len(left), err, path)
	}
	if again, _ := session.LeftJournals(dir, "/events/open.scoresheet"); len(again) != 0 {
		t.Errorf("taken twice")
	}
	left[0].Close()
}
