package cli

import (
	"encoding/json"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// "check --json" and "event show --json" give a cell's findings in one
// shape: the same cell written the same way has the same finding objects,
// field for field.
func TestOneFindingShape(t *testing.T) {
	const cells = "e4\ne5\nNc3\nNc6\nNe2\n" // Ne2: both knights can go
	code, out, e := run(t, cells, "check", "--json")
	if code != ExitOK {
		t.Fatal(e)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	var ply struct{ Findings []map[string]any }
	if err := json.Unmarshal([]byte(lines[4]), &ply); err != nil || len(ply.Findings) == 0 {
		t.Fatalf("check: %v, %s", err, lines[4])
	}

	ev := filepath.Join(t.TempDir(), "e.scoresheet")
	newOneGameEvent(t, ev)
	if code, _, e := run(t, cells, "event", "enter", ev, "--round", "1", "--board", "1", "--copy", "white"); code != ExitOK {
		t.Fatal(e)
	}
	code, out, e = run(t, "", "event", "show", ev, "--json")
	if code != ExitOK {
		t.Fatal(e)
	}
	var doc struct {
		Games []struct {
			Moves []struct {
				Copies map[string]struct{ Findings []map[string]any }
			}
		}
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	shown := doc.Games[0].Moves[4].Copies["white"].Findings
	if !reflect.DeepEqual(shown, ply.Findings) {
		t.Errorf("event show gives %v, check gives %v", shown, ply.Findings)
	}
	for _, key := range []string{"code", "severity", "ply", "article", "rule", "offset", "end"} {
		if _, ok := ply.Findings[0][key]; !ok {
			t.Errorf("finding without %q: %v", key, ply.Findings[0])
		}
	}
}
