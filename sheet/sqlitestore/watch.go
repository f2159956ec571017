package sqlitestore

import (
	"database/sql"
	"errors"
	"slices"
	"sync"
	"time"

	"scoresheet/sheet"
)

// Every window is live: what another writer commits (another window, the
// CLI, another laptop's window on a server) shows in every window within
// a second. A store tells its owner what others changed (Changes); the
// window reloads only that.
//
// How a store learns that another connection committed: it polls
// PRAGMA data_version on a read-only connection of its own every
// watchPoll. data_version changes exactly when another connection (of
// any process, or this store's own writing connection) has committed to
// the file, and reading it costs no file read and no lock: SQLite keeps
// it in the shared-memory WAL index. The alternatives are worse: file
// change notifications (inotify) are not portable, miss nothing only on
// local disks, and fire on checkpoints too; the -wal file's size or
// time is reused and coarse; reading a counter row takes a read
// transaction each time.
//
// What changed, and whose commit it was: every write transaction adds one
// to the event's seq (consecutive across writers: SQLite has one writer
// at a time), and one to the rev of each game it changes (the event's
// rev for its own fields, rounds and sources). The store records the
// seqs of its own commits. When data_version moves, the watcher reads
// the seq; if every commit since it last looked was its own, nothing
// else is read. Otherwise it reads every game's rev and reports the
// games whose rev moved, appeared or went (and the event, if its rev
// moved): a commit of this store moves the rev it recorded after
// writing, so its own edits are not reported back to it.
//
// Another backend (PostgreSQL) gives the same Changes: it is told of
// commits by LISTEN/NOTIFY instead of polling, and reads the same seq and
// revs.

// watchPoll is how often the watcher reads data_version: well within the
// second a change may take to show, and cheap (a read of shared memory).
const watchPoll = 100 * time.Millisecond

// revStep is how a write transaction moved a revision: from prev (what
// it was before the transaction) to next.
type revStep struct{ prev, next int64 }

// txRevs is what the store's open write transaction changed (the store
// has one connection: one transaction at a time).
type txRevs struct {
	event   *revStep
	games   map[int64]revStep
	added   []int64
	removed []int64
}

func (p *txRevs) game(id, rev int64) {
	if p.games == nil {
		p.games = map[int64]revStep{}
	}
	st, ok := p.games[id]
	if !ok {
		st.prev = rev - 1
	}
	st.next = rev
	p.games[id] = st
}

// touchGame counts a change to game id in the write transaction tx. A
// game that does not exist is no error here: the write says so.
func (s *Store) touchGame(tx *sql.Tx, id int64) error {
	var rev int64
	err := tx.QueryRow(`UPDATE game SET rev = rev + 1 WHERE id = ? RETURNING rev`, id).Scan(&rev)
	if errors.Is(err, sql.ErrNoRows) {
		return nil
	}
	if err != nil {
		return err
	}
	s.pending.game(id, rev)
	return nil
}

// touchEvent counts a change to the event's fields, rounds or sources.
func (s *Store) touchEvent(tx *sql.Tx) error {
	var rev int64
	if err := tx.QueryRow(`UPDATE event SET rev = rev + 1 WHERE id = 1 RETURNING rev`).Scan(&rev); err != nil {
		return err
	}
	if s.pending.event == nil {
		s.pending.event = &revStep{prev: rev - 1}
	}
	s.pending.event.next = rev
	return nil
}

// nextSeq counts the write transaction tx in the event's seq and returns
// its number.
func nextSeq(tx *sql.Tx) (int64, error) {
	var seq int64
	err := tx.QueryRow(`UPDATE event SET seq = seq + 1 WHERE id = 1 RETURNING seq`).Scan(&seq)
	return seq, err
}

// revTracker is what the store knows of the event's revisions: those it
// last read or wrote in sequence. Its mutex orders the store's commits
// against the watcher's reading, so that the watcher never sees a commit
// of this store before the store has recorded it as its own.
type revTracker struct {
	mu    sync.Mutex
	on    bool    // the watcher runs: commits are recorded
	seq   int64   // the event's seq the watcher last read
	own   []int64 // seqs of this store's commits after seq
	event int64
	games map[int64]int64
}

// commit runs the commit of the write transaction numbered seq, which
// changed p, and records it as the store's own.
func (t *revTracker) commit(seq int64, p *txRevs, commit func() error) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	if err := commit(); err != nil {
		return err
	}
	if !t.on {
		return nil
	}
	t.own = append(t.own, seq)
	// A revision moves on from what the store knew only if nobody else
	// moved it meanwhile; else it stays behind, and the watcher reports
	// the game when it reads the revisions.
	if p.event != nil && t.event == p.event.prev {
		t.event = p.event.next
	}
	for id, st := range p.games {
		if rev, ok := t.games[id]; ok && rev == st.prev {
			t.games[id] = st.next
		}
	}
	for _, id := range p.added {
		if _, ok := t.games[id]; ok {
			t.games[id] = -1 // an id used again: reported when read
		} else {
			t.games[id] = 0
		}
	}
	for _, id := range p.removed {
		delete(t.games, id)
	}
	return nil
}

// revisions are the event's seq and revisions as one read transaction
// sees them.
type revisions struct {
	seq, event int64
	games      map[int64]int64
}

// readSeq reads the event's seq.
func readSeq(tx *sql.Tx) (int64, error) {
	var seq int64
	err := tx.QueryRow(`SELECT seq FROM event WHERE id = 1`).Scan(&seq)
	return seq, err
}

// readRevisions reads every revision.
func readRevisions(tx *sql.Tx) (revisions, error) {
	r := revisions{games: map[int64]int64{}}
	if err := tx.QueryRow(`SELECT seq, rev FROM event WHERE id = 1`).Scan(&r.seq, &r.event); err != nil {
		return r, err
	}
	rows, err := tx.Query(`SELECT id, rev FROM game`)
	if err != nil {
		return r, err
	}
	defer rows.Close()
	for rows.Next() {
		var id, rev int64
		if err := rows.Scan(&id, &rev); err != nil {
			return r, err
		}
		r.games[id] = rev
	}
	return r, rows.Err()
}

// start takes r as what the store knows, and records commits from now on.
func (t *revTracker) start(r revisions) {
	t.on = true
	t.seq, t.event, t.games, t.own = r.seq, r.event, r.games, nil
}

// step reads the event's seq in tx and, when another writer committed
// since the last step, the revisions: it returns what others changed.
// Call it with t.mu held.
func (t *revTracker) step(tx *sql.Tx) (sheet.Change, error) {
	seq, err := readSeq(tx)
	if err != nil || seq == t.seq {
		return sheet.Change{}, err
	}
	ours := 0
	for _, s := range t.own {
		if s <= seq {
			ours++
		}
	}
	others := seq-t.seq > int64(ours)
	t.own = slices.DeleteFunc(t.own, func(s int64) bool { return s <= seq })
	t.seq = seq
	if !others {
		return sheet.Change{}, nil
	}
	r, err := readRevisions(tx)
	if err != nil {
		return sheet.Change{}, err
	}
	var ch sheet.Change
	ch.Event = r.event != t.event
	for id, rev := range r.games {
		if old, ok := t.games[id]; !ok || old != rev {
			ch.Games = append(ch.Games, id)
		}
	}
	for id := range t.games {
		if _, ok := r.games[id]; !ok {
			ch.Games = append(ch.Games, id)
		}
	}
	slices.Sort(ch.Games)
	t.seq, t.event, t.games = r.seq, r.event, r.games
	return ch, nil
}

// watcher is the goroutine that polls the event for other writers'
// commits and hands what they changed to Changes' reader.
type watcher struct {
	db   *sql.DB // read-only: it never writes, checkpoints or removes the WAL
	out  chan sheet.Change
	stop chan struct{}
	done chan struct{}
}

// Changes returns a channel that receives, within about a second of
// another writer's commit (another process, or another store on the same
// event), what it changed; the store's own writes are not reported.
// Changes not yet received merge into one. The first call starts the
// watching: what was committed before it is not reported, so a reader
// calls it before it first reads the event. Every call returns the same
// channel, closed when the store closes. If the watching cannot start
// (the file cannot be read), the channel is closed at once.
func (s *Store) Changes() <-chan sheet.Change {
	s.watchOnce.Do(func() {
		s.watch = &watcher{out: make(chan sheet.Change), stop: make(chan struct{}), done: make(chan struct{})}
		if err := s.startWatch(); err != nil {
			close(s.watch.out)
			close(s.watch.done)
			return
		}
		go s.watchLoop()
	})
	if s.watch == nil { // closed before the first call
		ch := make(chan sheet.Change)
		close(ch)
		return ch
	}
	return s.watch.out
}

// startWatch opens the watcher's connection and reads what the store
// knows, as the watching starts.
func (s *Store) startWatch() error {
	if s.closed.Load() {
		return &sheet.StoreError{Code: sheet.StoreClosed, Path: s.path}
	}
	db, err := openDB(s.path, "ro", false)
	if err != nil {
		return classify(s.path, err, sheet.StoreIO)
	}
	s.watch.db = db
	s.revs.mu.Lock()
	defer s.revs.mu.Unlock()
	err = readTx(db, func(tx *sql.Tx) error {
		r, err := readRevisions(tx)
		if err == nil {
			s.revs.start(r)
		}
		return err
	})
	if err != nil {
		db.Close()
		s.watch.db = nil
		return classify(s.path, err, sheet.StoreIO)
	}
	return nil
}

// readTx runs fn in one read transaction on db.
func readTx(db *sql.DB, fn func(tx *sql.Tx) error) error {
	tx, err := db.Begin()
	if err != nil {
		return err
	}
	defer tx.Rollback()
	return fn(tx)
}

// watchLoop polls data_version and sends what others changed, until the
// store closes. A read that fails (a lock held a long while, a file
// being replaced) is tried again at the next poll.
func (s *Store) watchLoop() {
	w := s.watch
	defer close(w.done)
	defer close(w.out)
	tick := time.NewTicker(watchPoll)
	defer tick.Stop()
	version := int64(-1)
	var pending sheet.Change
	for {
		var out chan sheet.Change
		if !pending.Empty() {
			out = w.out
		}
		select {
		case <-w.stop:
			return
		case out <- pending:
			pending = sheet.Change{}
		case <-tick.C:
			var v int64
			if err := w.db.QueryRow(`PRAGMA data_version`).Scan(&v); err != nil || v == version {
				continue
			}
			ch, err := s.watchStep()
			if err != nil {
				continue // version stays: the next poll reads again
			}
			version = v
			pending.Merge(ch)
		}
	}
}

// watchStep reads what others changed since the last step.
func (s *Store) watchStep() (sheet.Change, error) {
	s.revs.mu.Lock()
	defer s.revs.mu.Unlock()
	var ch sheet.Change
	err := readTx(s.watch.db, func(tx *sql.Tx) error {
		var err error
		ch, err = s.revs.step(tx)
		return err
	})
	return ch, err
}

// stopWatch ends the watching and closes its connection (Close).
func (s *Store) stopWatch() {
	s.watchOnce.Do(func() {}) // no watching starts after Close
	w := s.watch
	if w == nil {
		return
	}
	select {
	case <-w.stop:
	default:
		close(w.stop)
	}
	<-w.done
	if w.db != nil {
		w.db.Close()
	}
}
