package sheet

// settledPly holds the ply statuses that take a move though a copy's cell
// there may be in doubt: the other copy resolves it, the plies that
// follow settle it, or the arbiter decided it.
var settledPly = map[PlyStatus]bool{PlyResolved: true, PlySettled: true, PlyDecided: true}

// Settled reports whether the ply's move is taken whatever a copy's cell
// there says: a cell illegal, unreadable or ambiguous at a settled ply
// is the player's slip, no error of the record. The window's checks
// (checkCellsInDoubt) and the printed scoresheet (export) both ask this.
func (p *Ply) Settled() bool { return settledPly[p.Status] }
