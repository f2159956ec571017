package sheet

// GameFilter selects games: Round and Board, when not 0, are the only
// round and board wanted.
type GameFilter struct {
	Round, Board int
}
