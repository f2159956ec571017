package sheet

// What every EventStore checks of its arguments, in one place: the
// event file (package sqlitestore) and the event on a server (package
// pgstore) refuse the same arguments with the same codes. loc is the
// store's Location, said in the error. How the stores read their rows
// back into games is their own kit (sheet/internal/storekit).

// CheckEvent refuses an event of an unknown kind, a round numbered
// below 1 or above MaxRounds, or two rounds of one number.
func CheckEvent(loc string, ev Event) error {
	if _, ok := ParseEventKind(string(ev.Kind)); !ok {
		return &StoreError{Code: StoreBadArgument, Path: loc, Err: details("kind=%q", ev.Kind)}
	}
	seen := map[int]bool{}
	for _, r := range ev.Rounds {
		if r.Number < 1 || r.Number > MaxRounds {
			return &StoreError{Code: StoreBadArgument, Path: loc, Err: details("round=%d", r.Number)}
		}
		if seen[r.Number] {
			return &StoreError{Code: StoreDuplicate, Path: loc, Err: details("round=%d", r.Number)}
		}
		seen[r.Number] = true
	}
	return nil
}

// CheckSide refuses a side that is neither copy.
func CheckSide(loc string, side Side) error {
	if side != WhiteCopy && side != BlackCopy {
		return &StoreError{Code: StoreBadArgument, Path: loc, Err: details("side=%d", int(side))}
	}
	return nil
}

// CheckGameFields refuses a game stored at round or board below 1, a
// decision before ply 1, a result that is not one, a result on a copy
// that is not one of CopyResults, or a game beyond the bounds (CheckGame:
// store-out-of-bounds).
func CheckGameFields(loc string, g Game) error {
	if g.Round < 1 || g.Board < 1 {
		return &StoreError{Code: StoreBadArgument, Path: loc, Err: details("round=%d board=%d", g.Round, g.Board)}
	}
	for _, d := range g.Decisions {
		if d.Ply < 1 {
			return &StoreError{Code: StoreBadArgument, Path: loc, Err: details("ply=%d", d.Ply)}
		}
	}
	if !g.Result.Known() {
		return &StoreError{Code: StoreBadArgument, Path: loc, Err: details("round=%d board=%d result=%q", g.Round, g.Board, g.Result)}
	}
	for side, c := range g.Copies {
		if !ValidCopyResult(c.Result) {
			return &StoreError{Code: StoreBadArgument, Path: loc, Err: details("side=%s result=%q", Side(side), c.Result)}
		}
	}
	if err := CheckGame(&g); err != nil {
		return &StoreError{Code: StoreOutOfBounds, Path: loc, Err: err}
	}
	return nil
}

// CheckHeader refuses a header to write over a game's (SetHeaderIf):
// a round or board below 1, a result that is not one, more tags than a
// game holds; CheckGameFields on the header alone.
func CheckHeader(loc string, g Game) error {
	return CheckGameFields(loc, Game{Round: g.Round, Board: g.Board, Tags: g.Tags, Result: g.Result})
}

// CheckCellArgs refuses a cell of an unknown mark (store-bad-argument) or
// beyond the bounds (CheckCell: store-out-of-bounds).
func CheckCellArgs(loc string, side Side, index int, c Cell) error {
	if _, ok := ParseCellMark(string(c.Mark)); !ok {
		return &StoreError{Code: StoreBadArgument, Path: loc, Err: details("mark=%q", c.Mark)}
	}
	if err := CheckCell(side, index, c); err != nil {
		return &StoreError{Code: StoreOutOfBounds, Path: loc, Err: err}
	}
	return nil
}

// CheckCopyResult refuses a result written on a copy that is neither
// one of CopyResults nor "" (none written).
func CheckCopyResult(loc string, id int64, side Side, result Result) error {
	if !ValidCopyResult(result) {
		return &StoreError{Code: StoreBadArgument, Path: loc, Err: details("game=%d side=%s result=%q", id, side, result)}
	}
	return nil
}

// CheckDecision refuses a decision before ply 1.
func CheckDecision(loc string, id int64, d Decision) error {
	if d.Ply < 1 {
		return &StoreError{Code: StoreBadArgument, Path: loc, Err: details("game=%d ply=%d", id, d.Ply)}
	}
	return nil
}

// NotFound is the error of a game id the event does not hold.
func NotFound(loc string, id int64) error {
	return &StoreError{Code: StoreNotFound, Path: loc, Err: details("game=%d", id)}
}

// NotFoundAt is the error of a round and board the event has no game at.
func NotFoundAt(loc string, round, board int) error {
	return &StoreError{Code: StoreNotFound, Path: loc, Err: details("round=%d board=%d", round, board)}
}

// BadIndex is the error of a cell index outside a copy of n cells.
func BadIndex(loc string, id int64, side Side, index, n int) error {
	return &StoreError{Code: StoreBadArgument, Path: loc,
		Err: details("game=%d side=%s index=%d cells=%d", id, side, index, n)}
}

// Conflict is the error of a conditional write refused: the cell at
// index holds held (nil: no cell), not what the writer saw.
func Conflict(loc string, id int64, side Side, index int, held *Cell) error {
	return &StoreError{Code: StoreConflict, Path: loc,
		Err: &CellConflict{Game: id, Side: side, Index: index, Held: held}}
}

// Details is the short key=value detail of a store error that names no
// cause of its own ("game=3 side=white").
func Details(format string, args ...any) error { return details(format, args...) }

// DecisionAt is how every store keeps a decision's time: RFC 3339 with
// nanoseconds, in UTC, so that it reads back to the same instant.
func DecisionAt(d Decision) string { return decisionTime(d.At) }

// CheckIndex returns nil when index names a cell of a copy of n cells,
// or the place just after its last cell when appends; else
// store-bad-argument.
func CheckIndex(loc string, id int64, side Side, index, n int, appends bool) error {
	last := n - 1
	if appends {
		last = n
	}
	if index < 0 || index > last {
		return BadIndex(loc, id, side, index, n)
	}
	return nil
}
