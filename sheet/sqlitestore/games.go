package sqlitestore

import (
	"database/sql"
	"errors"
	"sort"

	"scoresheet/sheet"
	"scoresheet/sheet/internal/storekit"
)

// Reading gives back what was written, with these normalisations: an
// empty Tags map, Rounds, Cells or Decisions slice comes back nil, and a
// Decision's At comes back in UTC (the same instant, without a monotonic
// clock reading).

// Event returns the event's own fields and rounds (rounds by number).
func (s *Store) Event() (ev sheet.Event, err error) {
	if err = s.read(func(tx *sql.Tx) (err error) { ev, err = readEvent(tx); return err }); err != nil {
		return sheet.Event{}, err
	}
	return ev, nil
}

// readEvent is Event in tx.
func readEvent(tx *sql.Tx) (sheet.Event, error) {
	ev, err := storekit.ScanEvent(tx.QueryRow(`SELECT ` + storekit.EventColumns + ` FROM event WHERE id = 1`))
	if errors.Is(err, sql.ErrNoRows) {
		return ev, &sheet.StoreError{Code: sheet.StoreCorrupt, Err: sheet.Details("event=")}
	}
	if err != nil {
		return ev, err
	}
	rows, err := tx.Query(`SELECT ` + storekit.RoundColumns + ` FROM round ORDER BY number`)
	if err != nil {
		return ev, err
	}
	defer rows.Close()
	ev.Rounds, err = storekit.Collect(rows, storekit.ScanRound)
	return ev, err
}

func checkEvent(path string, ev sheet.Event) error { return sheet.CheckEvent(path, ev) }

// setEventTx replaces the event's fields and rounds in tx.
func (s *Store) setEventTx(tx *sql.Tx, ev sheet.Event) error {
	if _, err := tx.Exec(`UPDATE event SET name = ?, site = ?, start_date = ?, end_date = ?,
		time_control = ?, kind = ?, lang = ? WHERE id = 1`, storekit.EventValues(ev)...); err != nil { // kind checked by checkEvent
		return err
	}
	if _, err := tx.Exec(`DELETE FROM round`); err != nil {
		return err
	}
	for _, r := range ev.Rounds {
		if _, err := tx.Exec(`INSERT INTO round (number, date) VALUES (?, ?)`, r.Number, r.Date); err != nil {
			return err
		}
	}
	return s.touchEvent(tx)
}

func (s *Store) checkSide(side sheet.Side) error { return sheet.CheckSide(s.path, side) }

func (s *Store) checkHeaderFields(g sheet.Game) error { return sheet.CheckGameFields(s.path, g) }

func (s *Store) notFound(id int64) error { return sheet.NotFound(s.path, id) }

// oneGame returns the error of a statement on game id (res, err from
// tx.Exec), or store-not-found when the statement touched no row.
func (s *Store) oneGame(id int64, res sql.Result, err error) error {
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil {
		return err
	} else if n == 0 {
		return s.notFound(id)
	}
	return nil
}

// AddGame stores a new game (header, both copies with their cells, and
// decisions) and returns its id. g.ID is ignored: the store assigns ids.
// Round and board must be >= 1; another game at the same round and board
// is store-duplicate.
func (s *Store) AddGame(g sheet.Game) (int64, error) {
	if err := s.checkHeaderFields(g); err != nil {
		return 0, err
	}
	var id int64
	err := s.write(func(tx *sql.Tx) error {
		var err error
		id, err = s.insertGame(tx, g)
		return err
	})
	if err != nil {
		return 0, err
	}
	return id, nil
}

// insertGame adds g in tx and returns its id.
func (s *Store) insertGame(tx *sql.Tx, g sheet.Game) (int64, error) {
	res, err := tx.Exec(`INSERT INTO game (`+storekit.HeaderColumns+`)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, storekit.HeaderValues(g)...)
	if err != nil {
		return 0, err
	}
	id, err := res.LastInsertId()
	if err != nil {
		return 0, err
	}
	s.pending.added = append(s.pending.added, id)
	if err := insertTags(tx, id, g.Tags); err != nil {
		return 0, err
	}
	for side, c := range g.Copies {
		if _, err := tx.Exec(`INSERT INTO copy (game_id, side, lang, result, consulted) VALUES (?, ?, ?, ?, ?)`,
			id, side, c.Lang, c.Result, c.Consulted); err != nil {
			return 0, err
		}
		st := tx.Stmt(s.stmtUpsertCell)
		for i, cell := range c.Cells {
			if _, err := st.Exec(cellArgs(id, sheet.Side(side), i, cell)...); err != nil {
				return 0, err
			}
		}
	}
	for i, d := range g.Decisions {
		if err := insertDecision(tx, id, i+1, d); err != nil {
			return 0, err
		}
	}
	return id, nil
}

func insertTags(tx *sql.Tx, id int64, tags map[string]string) error {
	names := make([]string, 0, len(tags))
	for k := range tags {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		if _, err := tx.Exec(`INSERT INTO tag (game_id, name, value) VALUES (?, ?, ?)`, id, k, tags[k]); err != nil {
			return err
		}
	}
	return nil
}

func insertDecision(tx *sql.Tx, id int64, seq int, d sheet.Decision) error {
	_, err := tx.Exec(`INSERT INTO decision (game_id, seq, ply, move, by, at) VALUES (?, ?, ?, ?, ?, ?)`,
		id, seq, d.Ply, d.Move, d.By, sheet.DecisionAt(d))
	return err
}

func cellArgs(id int64, side sheet.Side, index int, c sheet.Cell) []any {
	return storekit.CellValues(id, side, index, c)
}

// updateHeader replaces the header of game g.ID in tx (its copies and
// decisions stay).
func (s *Store) updateHeader(tx *sql.Tx, g sheet.Game) error {
	res, err := tx.Exec(`UPDATE game SET (`+storekit.HeaderColumns+`) =
		(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) WHERE id = ?`, append(storekit.HeaderValues(g), g.ID)...)
	if err := s.oneGame(g.ID, res, err); err != nil {
		return err
	}
	if _, err := tx.Exec(`DELETE FROM tag WHERE game_id = ?`, g.ID); err != nil {
		return err
	}
	if err := insertTags(tx, g.ID, g.Tags); err != nil {
		return err
	}
	return s.touchGame(tx, g.ID)
}

// ConsultCopyIf makes a copy consulted and gives it at least cells cells
// (the ones it lacks added blank after its last, for the arbiter to type
// the half-move he looks up), only if the copy still holds exactly was
// (see InsertCellIf); else store-conflict naming the first cell that
// differs, and nothing is written.
func (s *Store) ConsultCopyIf(id int64, side sheet.Side, was []sheet.Cell, cells int) error {
	if err := s.checkSide(side); err != nil {
		return err
	}
	return s.write(func(tx *sql.Tx) error {
		if err := s.checkCopy(tx, id, side, was); err != nil {
			return err
		}
		return s.consultCopyTx(tx, id, side, cells)
	})
}

// consultCopyTx makes the copy consulted with at least cells cells, in tx.
func (s *Store) consultCopyTx(tx *sql.Tx, id int64, side sheet.Side, cells int) error {
	res, err := tx.Exec(`UPDATE copy SET consulted = 1 WHERE game_id = ? AND side = ?`, id, int(side))
	if err := s.oneGame(id, res, err); err != nil {
		return err
	}
	n, err := s.copyLen(tx, id, side)
	if err != nil {
		return err
	}
	if cells > 0 {
		if err := sheet.CheckCell(side, cells-1, sheet.Cell{}); err != nil {
			return &sheet.StoreError{Code: sheet.StoreOutOfBounds, Path: s.path, Err: err}
		}
	}
	st := tx.Stmt(s.stmtUpsertCell)
	for i := n; i < cells; i++ {
		if _, err := st.Exec(cellArgs(id, side, i, sheet.Cell{})...); err != nil {
			return err
		}
	}
	return s.touchGame(tx, id)
}

// copyLen returns the number of cells of a copy, or store-not-found.
func (s *Store) copyLen(tx *sql.Tx, id int64, side sheet.Side) (int, error) {
	var copies, n int
	if err := tx.Stmt(s.stmtCopyLen).QueryRow(id, int(side), id, int(side)).Scan(&copies, &n); err != nil {
		return 0, err
	}
	if copies == 0 {
		return 0, s.notFound(id)
	}
	return n, nil
}

// checkIndex returns nil when index names a cell of the copy, or the
// place just after its last cell when appends; else store-bad-argument
// (or store-not-found without the copy).
func (s *Store) checkIndex(tx *sql.Tx, id int64, side sheet.Side, index int, appends bool) error {
	n, err := s.copyLen(tx, id, side)
	if err != nil {
		return err
	}
	return sheet.CheckIndex(s.path, id, side, index, n, appends)
}

// setCellTx writes a cell in transaction tx (SetCellIf).
func (s *Store) setCellTx(tx *sql.Tx, id int64, side sheet.Side, index int, c sheet.Cell) error {
	if err := sheet.CheckCellArgs(s.path, side, index, c); err != nil {
		return err
	}
	if err := s.checkIndex(tx, id, side, index, true); err != nil {
		return err
	}
	if _, err := tx.Stmt(s.stmtUpsertCell).Exec(cellArgs(id, side, index, c)...); err != nil {
		return err
	}
	return s.touchGame(tx, id)
}

// insertCellTx inserts a cell at index in tx (index checked): the cells
// from index on move one place later.
func (s *Store) insertCellTx(tx *sql.Tx, id int64, side sheet.Side, index int, c sheet.Cell) error {
	if err := s.checkInsert(tx, id, side, index, c); err != nil {
		return err
	}
	// The primary key is checked row by row, so the cells are moved
	// out of the way first, to negative indexes (k -> -k-2), and then
	// to their new places (-k-2 -> k+1).
	if _, err := tx.Exec(`UPDATE cell SET idx = -idx - 2 WHERE game_id = ? AND side = ? AND idx >= ?`,
		id, int(side), index); err != nil {
		return err
	}
	if _, err := tx.Exec(`UPDATE cell SET idx = -idx - 1 WHERE game_id = ? AND side = ? AND idx < 0`,
		id, int(side)); err != nil {
		return err
	}
	if _, err := tx.Stmt(s.stmtUpsertCell).Exec(cellArgs(id, side, index, c)...); err != nil {
		return err
	}
	return s.touchGame(tx, id)
}

// checkInsert refuses a cell inserted beyond the bounds: too long, or
// one more than a copy holds.
func (s *Store) checkInsert(tx *sql.Tx, id int64, side sheet.Side, index int, c sheet.Cell) error {
	err := sheet.CheckCell(side, index, c)
	if err == nil {
		n, nerr := s.copyLen(tx, id, side)
		if nerr != nil {
			return nerr
		}
		err = sheet.CheckCell(side, n, sheet.Cell{})
	}
	if err != nil {
		return &sheet.StoreError{Code: sheet.StoreOutOfBounds, Path: s.path, Err: err}
	}
	return nil
}

// deleteCellTx removes cell index in tx (index checked): the cells after
// it move one place earlier.
func (s *Store) deleteCellTx(tx *sql.Tx, id int64, side sheet.Side, index int) error {
	if _, err := tx.Exec(`DELETE FROM cell WHERE game_id = ? AND side = ? AND idx = ?`,
		id, int(side), index); err != nil {
		return err
	}
	// As in insertCellTx, through negative indexes: k -> -k -> k-1.
	if _, err := tx.Exec(`UPDATE cell SET idx = -idx WHERE game_id = ? AND side = ? AND idx > ?`,
		id, int(side), index); err != nil {
		return err
	}
	if _, err := tx.Exec(`UPDATE cell SET idx = -idx - 1 WHERE game_id = ? AND side = ? AND idx < 0`,
		id, int(side)); err != nil {
		return err
	}
	return s.touchGame(tx, id)
}

// addDecision appends d to game id, once check (when not nil) has found
// nothing against it in the same transaction.
func (s *Store) addDecision(id int64, d sheet.Decision, check func(tx *sql.Tx) error) error {
	if d.Ply < 1 {
		return &sheet.StoreError{Code: sheet.StoreBadArgument, Path: s.path, Err: sheet.Details("game=%d ply=%d", id, d.Ply)}
	}
	return s.write(func(tx *sql.Tx) error {
		var games, seq int
		if err := tx.QueryRow(`SELECT (SELECT count(*) FROM game WHERE id = ?),
			(SELECT coalesce(max(seq), 0) + 1 FROM decision WHERE game_id = ?)`, id, id).Scan(&games, &seq); err != nil {
			return err
		}
		if games == 0 {
			return s.notFound(id)
		}
		if check != nil {
			if err := check(tx); err != nil {
				return err
			}
		}
		if err := insertDecision(tx, id, seq, d); err != nil {
			return err
		}
		return s.touchGame(tx, id)
	})
}

// DeleteGame removes game id with its copies, cells, tags and decisions.
func (s *Store) DeleteGame(id int64) error {
	return s.write(func(tx *sql.Tx) error {
		res, err := tx.Exec(`DELETE FROM game WHERE id = ?`, id)
		if err := s.oneGame(id, res, err); err != nil {
			return err
		}
		return s.removedGame(id, res, nil)
	})
}

// removedGame counts game id as removed when the statement that deleted
// it (res, err from tx.Exec) touched a row.
func (s *Store) removedGame(id int64, res sql.Result, err error) error {
	if err != nil {
		return err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return err
	}
	if n > 0 {
		s.pending.removed = append(s.pending.removed, id)
	}
	return nil
}

// Game returns game id.
func (s *Store) Game(id int64) (sheet.Game, error) {
	gs, err := s.games(`WHERE id = ?`, id)
	if err != nil {
		return sheet.Game{}, err
	}
	if len(gs) == 0 {
		return sheet.Game{}, s.notFound(id)
	}
	return gs[0], nil
}

// GameAt returns the game at round and board.
func (s *Store) GameAt(round, board int) (sheet.Game, error) {
	gs, err := s.games(`WHERE round = ? AND board = ?`, round, board)
	if err != nil {
		return sheet.Game{}, err
	}
	if len(gs) == 0 {
		return sheet.Game{}, sheet.NotFoundAt(s.path, round, board)
	}
	return gs[0], nil
}

// Games returns every game of the event, by round and board, with one
// query per table.
func (s *Store) Games() ([]sheet.Game, error) {
	return s.games(``)
}

// games reads the games the WHERE clause where (on table game) selects,
// in one read transaction.
func (s *Store) games(where string, args ...any) ([]sheet.Game, error) {
	var games []sheet.Game
	err := s.read(func(tx *sql.Tx) error {
		var err error
		games, err = readGames(tx, `SELECT id FROM game `+where, args...)
		return err
	})
	if err != nil {
		return nil, err
	}
	return games, nil
}

// readGames reads the games whose ids the query sel (with args) selects,
// by round and board, with their tags, copies, cells and decisions: one
// query per table, each with sel as its condition (storekit.GameReader).
func readGames(tx *sql.Tx, sel string, args ...any) ([]sheet.Game, error) {
	var gr storekit.GameReader
	for _, q := range gr.Queries("", sel) {
		if err := eachRow(tx, q.SQL, args, q.Scan); err != nil {
			return nil, err
		}
		if gr.None() {
			return nil, nil
		}
	}
	var lang string
	if err := tx.QueryRow(`SELECT lang FROM event WHERE id = 1`).Scan(&lang); err != nil && !errors.Is(err, sql.ErrNoRows) {
		return nil, err
	}
	return gr.Games(lang)
}

// eachRow calls scan with each row of query (with args) in tx.
func eachRow(tx *sql.Tx, query string, args []any, scan func(r storekit.Scanner) error) error {
	rows, err := tx.Query(query, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	return storekit.Each(rows, scan)
}
