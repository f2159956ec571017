package session

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"time"

	"scoresheet/sheet"
)

// The journal keeps what the arbiter types while the event cannot be
// written (sheet.StoreAway: the server away, a wait that ran out, its
// lock held by another connection, the file's folder gone). Each write
// the editor makes of a game is kept as it would have been sent: the
// conditional write (SetCellIf with the cell it replaces, ...), one JSON
// line appended to a file next to the user's settings, so that a window
// killed meanwhile loses nothing. When the event answers again the
// writes are sent in the order typed, each on its own condition: a cell
// another writer changed meanwhile is refused (store-conflict, said),
// never written over nor shifted; a write already committed before its
// answer was lost succeeds once (sheet.StoreUnreachable). The file goes
// when every write has been sent; a journal found at the next start is
// offered to be written or put aside (never deleted unread).

// JournalOp is one write kept: Op names the store's conditional write,
// the other fields are its arguments (those it does not take are
// empty).
type JournalOp struct {
	Op          string          `json:"op"`
	Game        int64           `json:"game,omitempty"`
	Side        sheet.Side      `json:"side"`
	Index       int             `json:"index"`
	WasCell     *sheet.Cell     `json:"was_cell,omitempty"`
	WasCells    []sheet.Cell    `json:"was_cells,omitempty"`
	Cell        sheet.Cell      `json:"cell"`
	WasText     string          `json:"was_text,omitempty"`
	Text        string          `json:"text,omitempty"`
	WasResult   sheet.Result    `json:"was_result,omitempty"`
	Result      sheet.Result    `json:"result,omitempty"`
	WasBool     bool            `json:"was_bool,omitempty"`
	Bool        bool            `json:"bool,omitempty"`
	Cells       int             `json:"cells,omitempty"`
	WasDecision *sheet.Decision `json:"was_decision,omitempty"`
	Decision    *sheet.Decision `json:"decision,omitempty"`
	WasGame     *sheet.Game     `json:"was_game,omitempty"`
	NewGame     *sheet.Game     `json:"new_game,omitempty"`
}

// The ops: one per conditional write of sheet.GameStore.
const (
	opSetCell       = "set-cell"
	opInsertCell    = "insert-cell"
	opDeleteCell    = "delete-cell"
	opCopyLang      = "copy-lang"
	opCopyResult    = "copy-result"
	opCopyConsulted = "copy-consulted"
	opConsultCopy   = "consult-copy"
	opDecision      = "decision"
	opHeader        = "header"
)

// apply sends the write to the store.
func (op JournalOp) apply(st sheet.GameStore) error {
	switch op.Op {
	case opSetCell:
		return st.SetCellIf(op.Game, op.Side, op.Index, op.WasCell, op.Cell)
	case opInsertCell:
		return st.InsertCellIf(op.Game, op.Side, op.Index, op.WasCells, op.Cell)
	case opDeleteCell:
		return st.DeleteCellIf(op.Game, op.Side, op.Index, op.WasCells)
	case opCopyLang:
		return st.SetCopyLangIf(op.Game, op.Side, op.WasText, op.Text)
	case opCopyResult:
		return st.SetCopyResultIf(op.Game, op.Side, op.WasResult, op.Result)
	case opCopyConsulted:
		return st.SetCopyConsultedIf(op.Game, op.Side, op.WasBool, op.Bool)
	case opConsultCopy:
		return st.ConsultCopyIf(op.Game, op.Side, op.WasCells, op.Cells)
	case opDecision:
		if op.Decision == nil {
			return &JournalError{Code: JournalBad}
		}
		return st.AddDecisionIf(op.Game, *op.Decision, op.WasDecision)
	case opHeader:
		if op.WasGame == nil || op.NewGame == nil {
			return &JournalError{Code: JournalBad}
		}
		return st.SetHeaderIf(*op.WasGame, *op.NewGame)
	}
	return &JournalError{Code: JournalBad}
}

// Cursor is the cell the op writes; ok false for an op of no cell.
func (op JournalOp) Cursor() (Cursor, bool) { return op.cell() }

// cell is the cell the op writes, for the window's "waiting for the
// server" and the refusal's words; ok false for an op of no cell.
func (op JournalOp) cell() (Cursor, bool) {
	switch op.Op {
	case opSetCell, opInsertCell, opDeleteCell:
		return Cursor{op.Side, op.Index}, true
	}
	return Cursor{}, false
}

// JournalCode says why a journal could not be read or written.
type JournalCode string

const (
	JournalIO  JournalCode = "journal-io"  // the file could not be read or written
	JournalBad JournalCode = "journal-bad" // a line that is no write of this program
)

// JournalError is a journal's failure: its code and the file.
type JournalError struct {
	Code JournalCode
	Path string
	Err  error
}

func (e *JournalError) Error() string {
	s := string(e.Code) + " " + e.Path
	if e.Err != nil {
		s += ": " + e.Err.Error()
	}
	return s
}

func (e *JournalError) Unwrap() error { return e.Err }

// journalHead is the journal's first line: the event it is for.
type journalHead struct {
	Location string    `json:"location"`
	Since    time.Time `json:"since"`
}

// Journal is the writes kept for one event.
type Journal struct {
	mu       sync.Mutex
	path     string
	location string
	since    time.Time
	ops      []JournalOp
}

// JournalPath is the file of an event's journal in dir: named by a hash
// of the event's location (a path or a postgres:// address holds
// characters no file name can).
func JournalPath(dir, location string) string {
	sum := sha256.Sum256([]byte(location))
	return filepath.Join(dir, "journal-"+hex.EncodeToString(sum[:8])+".jsonl")
}

// OpenJournal reads the journal of the event at location in dir, empty
// when there is none. A last line cut short (the window killed in the
// middle of writing it) is left out: its write was not kept whole.
func OpenJournal(dir, location string) (*Journal, error) {
	return openJournalAt(JournalPath(dir, location), location)
}

// openJournalAt reads the journal in file path of the event at location.
func openJournalAt(path, location string) (*Journal, error) {
	j := &Journal{path: path, location: location}
	data, err := os.ReadFile(j.path)
	if errors.Is(err, os.ErrNotExist) {
		return j, nil
	}
	if err != nil {
		return nil, &JournalError{Code: JournalIO, Path: j.path, Err: err}
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<24)
	first := true
	for sc.Scan() {
		line := sc.Bytes()
		if first {
			first = false
			var h journalHead
			if err := json.Unmarshal(line, &h); err != nil || h.Location != location {
				return nil, &JournalError{Code: JournalBad, Path: j.path, Err: err}
			}
			j.since = h.Since
			continue
		}
		var op JournalOp
		if err := json.Unmarshal(line, &op); err != nil {
			if !bytes.HasSuffix(data, []byte("\n")) && bytes.HasSuffix(data, line) {
				break // the last line, cut short
			}
			return nil, &JournalError{Code: JournalBad, Path: j.path, Err: err}
		}
		j.ops = append(j.ops, op)
	}
	return j, nil
}

// ReadJournalFile reads a journal's file wherever it is and whatever its
// name (one put aside, one copied from another laptop): the event it is
// for is the one its first line names (Location).
func ReadJournalFile(path string) (*Journal, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, &JournalError{Code: JournalIO, Path: path, Err: err}
	}
	var h journalHead
	err = json.NewDecoder(bufio.NewReader(f)).Decode(&h)
	f.Close()
	if err != nil || h.Location == "" {
		return nil, &JournalError{Code: JournalBad, Path: path, Err: err}
	}
	j, err := openJournalAt(path, h.Location)
	return j, err
}

// Path is the journal's file.
func (j *Journal) Path() string { return j.path }

// Location is the event the journal is for.
func (j *Journal) Location() string { return j.location }

// Len is the number of writes kept.
func (j *Journal) Len() int {
	j.mu.Lock()
	defer j.mu.Unlock()
	return len(j.ops)
}

// Since is when the first write was kept.
func (j *Journal) Since() time.Time { return j.since }

// Ops returns the writes kept, in order.
func (j *Journal) Ops() []JournalOp {
	j.mu.Lock()
	defer j.mu.Unlock()
	return append([]JournalOp(nil), j.ops...)
}

// Keep appends a write to the journal, on disk before it returns (a
// window killed after it loses nothing).
func (j *Journal) Keep(op JournalOp) error {
	j.mu.Lock()
	defer j.mu.Unlock()
	var buf bytes.Buffer
	if len(j.ops) == 0 {
		if _, err := os.Stat(j.path); err == nil {
			// a file left with no write in it (its head alone): begin anew
			os.Remove(j.path)
		}
		j.since = time.Now()
		head, _ := json.Marshal(journalHead{Location: j.location, Since: j.since})
		buf.Write(append(head, '\n'))
	}
	line, err := json.Marshal(op)
	if err != nil {
		return &JournalError{Code: JournalBad, Path: j.path, Err: err}
	}
	buf.Write(append(line, '\n'))
	if err := os.MkdirAll(filepath.Dir(j.path), 0o700); err != nil {
		return &JournalError{Code: JournalIO, Path: j.path, Err: err}
	}
	f, err := os.OpenFile(j.path, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o600)
	if err != nil {
		return &JournalError{Code: JournalIO, Path: j.path, Err: err}
	}
	_, err = f.Write(buf.Bytes())
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return &JournalError{Code: JournalIO, Path: j.path, Err: err}
	}
	j.ops = append(j.ops, op)
	return nil
}

// rewrite keeps only ops (those not yet sent), on disk: the file goes
// when none is left.
func (j *Journal) rewrite(ops []JournalOp) error {
	j.mu.Lock()
	defer j.mu.Unlock()
	j.ops = append([]JournalOp(nil), ops...)
	if len(ops) == 0 {
		if err := os.Remove(j.path); err != nil && !errors.Is(err, os.ErrNotExist) {
			return &JournalError{Code: JournalIO, Path: j.path, Err: err}
		}
		return nil
	}
	var buf bytes.Buffer
	head, _ := json.Marshal(journalHead{Location: j.location, Since: j.since})
	buf.Write(append(head, '\n'))
	for _, op := range ops {
		line, _ := json.Marshal(op)
		buf.Write(append(line, '\n'))
	}
	tmp := j.path + ".tmp"
	if err := os.WriteFile(tmp, buf.Bytes(), 0o600); err != nil {
		return &JournalError{Code: JournalIO, Path: j.path, Err: err}
	}
	if err := os.Rename(tmp, j.path); err != nil {
		return &JournalError{Code: JournalIO, Path: j.path, Err: err}
	}
	return nil
}

// PutAside renames the journal's file so that it is no longer offered
// (the arbiter chose not to write it): it stays in the folder, named
// with the time, for him to look at. It returns the new name.
func (j *Journal) PutAside() (string, error) {
	j.mu.Lock()
	defer j.mu.Unlock()
	to := fmt.Sprintf("%s.aside-%s", j.path, time.Now().Format("20060102-150405"))
	if err := os.Rename(j.path, to); err != nil && !errors.Is(err, os.ErrNotExist) {
		return "", &JournalError{Code: JournalIO, Path: j.path, Err: err}
	}
	j.ops = nil
	return to, nil
}

// Waiting reports whether a cell of game has a write kept, not yet sent.
func (j *Journal) Waiting(game int64, at Cursor) bool {
	j.mu.Lock()
	defer j.mu.Unlock()
	for _, op := range j.ops {
		if c, ok := op.cell(); ok && op.Game == game && c == at {
			return true
		}
	}
	return false
}

// Send sends the writes kept to st in order. A write refused because
// another writer changed what it replaces is not sent again: it is
// returned (refused) for the window to say, and the writes after it go
// on, each on its own condition. When st is away again (sheet.StoreAway)
// sending stops: the writes not sent stay in the journal, and err is
// that error. The journal's file goes when every write was sent.
func (j *Journal) Send(st sheet.GameStore) (refused []JournalRefusal, err error) {
	ops := j.Ops()
	for i, op := range ops {
		werr := op.apply(st)
		if sheet.StoreAway(werr) {
			if rerr := j.rewrite(ops[i:]); rerr != nil {
				return refused, rerr
			}
			return refused, werr
		}
		if werr != nil {
			refused = append(refused, JournalRefusal{Op: op, Err: werr})
		}
	}
	return refused, j.rewrite(nil)
}

// JournalRefusal is a write kept that the event refused when it was sent.
type JournalRefusal struct {
	Op  JournalOp
	Err error
}
