package publish

import (
	"context"
	"os"
	"path/filepath"
	"strconv"

	"scoresheet/app/core"
	"scoresheet/internal/atomicfile"
)

// Folder writes the round to DIR/round-R/games.pgn, the layout Lichess
// Broadcaster watches, whole or not at all (atomicfile): a reader never
// sees half a file.
type Folder struct {
	Dir   string
	Round int
}

// Name says the target.
func (f *Folder) Name() string { return "folder" }

// Path is the file written.
func (f *Folder) Path() string {
	return filepath.Join(f.Dir, "round-"+strconv.Itoa(f.Round), "games.pgn")
}

// Send writes the file.
func (f *Folder) Send(_ context.Context, boards []core.BoardPGN) Result {
	res := Result{Boards: initialStatuses(boards)}
	err := os.MkdirAll(filepath.Dir(f.Path()), 0o777)
	if err == nil {
		err = atomicfile.WriteBytes(f.Path(), core.JoinPGN(boards))
	}
	if err != nil {
		res.Err, res.Retry = &core.PublishError{Code: core.PublishWrite, Detail: err.Error()}, true
		return res
	}
	for i := range res.Boards {
		if res.Boards[i].State == Waiting {
			res.Boards[i].State = Sent
		}
	}
	return res
}
