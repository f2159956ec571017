package sqlitestore

import (
	"bufio"
	"fmt"
	"os"
	"slices"
	"strconv"
	"testing"

	"scoresheet/internal/xtest"
	"scoresheet/sheet"
	"scoresheet/sheet/storetest"
)

// TestChangesFromAnotherProcess: what another process commits is
// reported: a child process sets a cell.
func TestChangesFromAnotherProcess(t *testing.T) {
	a, b, g1, _ := storetest.TwoStores(t, fileBackend) // the file's: a child process opens its path
	path := b.Location()
	b.Close()
	ch := a.Changes()
	cmd := xtest.Child("TestChangeChild", "SCORESHEET_CHANGE_CHILD="+path, fmt.Sprintf("SCORESHEET_CHANGE_GAME=%d", g1))
	out, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(out)
	if !sc.Scan() || sc.Text() != "written" {
		t.Fatal("the child did not write")
	}
	if err := cmd.Wait(); err != nil {
		t.Fatal(err)
	}
	if c := storetest.NextChange(t, ch); !slices.Equal(c.Games, []int64{g1}) {
		t.Fatalf("%+v, want game %d", c, g1)
	}
	g, err := a.Game(g1)
	if err != nil {
		t.Fatal(err)
	}
	if cells := g.Copies[sheet.WhiteCopy].Cells; len(cells) != 1 || cells[0].Text != "d5" {
		t.Errorf("game %d holds %v", g1, cells)
	}
}

// TestChangeChild is a child of TestChangesFromAnotherProcess.
func TestChangeChild(t *testing.T) {
	path := xtest.ChildEnv(t, "SCORESHEET_CHANGE_CHILD", "TestChangesFromAnotherProcess")
	id, _ := strconv.ParseInt(os.Getenv("SCORESHEET_CHANGE_GAME"), 10, 64)
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := s.SetCellIf(id, sheet.WhiteCopy, 0, nil, sheet.Cell{Text: "d5"}); err != nil {
		t.Fatal(err)
	}
	fmt.Println("written")
}

// TestChangesMerge: changes not yet received merge into one.
func TestChangesMerge(t *testing.T) {
	var c sheet.Change
	c.Merge(sheet.Change{Games: []int64{5, 9}})
	c.Merge(sheet.Change{Event: true, Games: []int64{1, 9, 7}})
	if !c.Event || !slices.Equal(c.Games, []int64{1, 5, 7, 9}) {
		t.Errorf("%+v", c)
	}
}
