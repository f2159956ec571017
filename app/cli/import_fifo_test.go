//go:build unix

package cli

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"scoresheet/internal/xtest"
)

// TestImportFromFIFO: a named pipe is read once, from its start: the 232
// games of the corpus file come through as when the file is imported by
// its name, each said game at its own line.
func TestImportFromFIFO(t *testing.T) {
	data, err := os.ReadFile(xtest.Corpus(t, "pgn", "medium", "mliebelt_twic-01-232games.pgn"))
	if err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(t.TempDir(), "games.fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	go func() {
		w, err := os.OpenFile(fifo, os.O_WRONLY, 0)
		if err != nil {
			return
		}
		w.Write(data)
		w.Close()
	}()
	code, out, e := run(t, "", "import", "--event", newEvent(t), fifo)
	if code != ExitError || out != "166 games imported, 66 skipped\n" || !strings.Contains(e, fifo+":4041: game 155: round 9 board 5 exists") {
		t.Errorf("exit %d, stdout %q, stderr\n%s", code, out, e)
	}
}
