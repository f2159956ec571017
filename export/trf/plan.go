package trf

import "scoresheet/sheet"

// Notes a plan makes about boards it did not simply add or update
// (words in locales/*.json under "trf.").
const (
	// NoteKept: a board with typed cells whose pairing is not in the file
	// any more; it is kept as it is.
	NoteKept Code = "trf-kept-changed-pairing"
	// NoteMoved: the board number the file's order gives is taken by a
	// board kept; the new board gets the next free number.
	NoteMoved Code = "trf-board-moved"
	// NoteResult: the file's result differs from the one entered here;
	// the one entered here is kept.
	NoteResult Code = "trf-result-differs"
)

// Note is something the arbiter is told about one board of an import.
type Note struct {
	Round, Board int
	Code         Code
	White, Black string // the board's players
}

// Plan is what importing a File changes in an event.
type Plan struct {
	Event  sheet.Event
	Add    []sheet.Game
	Update []sheet.Game
	Remove []int64
	Notes  []Note
	Byes   []Bye // the byes of every round present, by round
}

// Import returns the plan for importing f into an event ev holding the
// games existing (all its games, with copies). A board of the file that
// is already there (the same White and Black by starting rank, in its
// round) gets its players' details and, when it has none yet, the file's
// result; its board number and every typed cell stay. A board of an
// earlier import no longer in the file is removed if nothing was typed
// on it, and kept and noted if something was. Boards not from a TRF are
// never touched. Importing the same file twice changes nothing.
func Import(f *File, ev sheet.Event, existing []sheet.Game) Plan {
	pl := Plan{Event: EventFrom(f, ev)}
	byRound := map[int][]*sheet.Game{}
	for i := range existing {
		g := &existing[i]
		byRound[g.Round] = append(byRound[g.Round], g)
	}
	for r := 1; r <= f.RoundsPresent(); r++ {
		pairs, byes := f.Round(r)
		pl.Byes = append(pl.Byes, byes...)
		pl.round(f, pairs, byRound[r])
		delete(byRound, r)
	}
	// Rounds the file no longer has: earlier imports' boards go or stay
	// as in any round.
	for _, games := range byRound {
		pl.round(f, nil, games)
	}
	return pl
}

// round plans one round: pairs from the file, games the event has.
func (pl *Plan) round(f *File, pairs []Pairing, games []*sheet.Game) {
	type key struct{ w, b int }
	inFile := map[key]Pairing{}
	for _, p := range pairs {
		inFile[key{p.White.Rank, p.Black.Rank}] = p
	}
	taken := map[int]bool{}
	matched := map[key]bool{}
	for _, g := range games {
		w, b, fromTRF := Ranks(g)
		p, ok := inFile[key{w, b}]
		switch {
		case fromTRF && ok:
			matched[key{w, b}] = true
			taken[g.Board] = true
			pl.update(f, p, g)
		case fromTRF && !typed(g):
			pl.Remove = append(pl.Remove, g.ID)
		case fromTRF:
			taken[g.Board] = true
			pl.Notes = append(pl.Notes, Note{Round: g.Round, Board: g.Board, Code: NoteKept, White: g.White.Name, Black: g.Black.Name})
		default:
			taken[g.Board] = true
		}
	}
	for _, p := range pairs {
		if matched[key{p.White.Rank, p.Black.Rank}] {
			continue
		}
		g := f.Game(p, pl.Event)
		if taken[g.Board] {
			g.Board = len(pairs) + 1
			for taken[g.Board] {
				g.Board++
			}
			pl.Notes = append(pl.Notes, Note{Round: g.Round, Board: g.Board, Code: NoteMoved, White: g.White.Name, Black: g.Black.Name})
		}
		taken[g.Board] = true
		pl.Add = append(pl.Add, g)
	}
}

// update plans the header of a board already there: the players'
// details from the file; the file's result when the board has none, a
// note when the two differ.
func (pl *Plan) update(f *File, p Pairing, g *sheet.Game) {
	fresh := f.Game(p, pl.Event)
	u := *g
	u.White, u.Black = fresh.White, fresh.Black
	u.Tags = map[string]string{}
	for k, v := range g.Tags {
		u.Tags[k] = v
	}
	delete(u.Tags, TagForfeit)
	delete(u.Tags, sheet.TagPairingResult)
	for k, v := range fresh.Tags {
		u.Tags[k] = v
	}
	switch {
	case u.Result == "" || u.Result == "*":
		u.Result = fresh.Result
	case fresh.Result != "" && fresh.Result != u.Result:
		pl.Notes = append(pl.Notes, Note{Round: g.Round, Board: g.Board, Code: NoteResult, White: g.White.Name, Black: g.Black.Name})
	}
	if u.Date == "" {
		u.Date = fresh.Date
	}
	if !sameHeader(g, &u) {
		pl.Update = append(pl.Update, u)
	}
}

// typed says something was entered on a board: a cell of either copy, a
// result written on a copy, or a decision.
func typed(g *sheet.Game) bool {
	return len(g.Copies[0].Cells) > 0 || len(g.Copies[1].Cells) > 0 || len(g.Decisions) > 0 ||
		g.Copies[0].Result != "" || g.Copies[1].Result != ""
}

// sameHeader says an update would change nothing.
func sameHeader(a, b *sheet.Game) bool {
	if a.White != b.White || a.Black != b.Black || a.Result != b.Result || a.Date != b.Date || len(a.Tags) != len(b.Tags) {
		return false
	}
	for k, v := range a.Tags {
		if b.Tags[k] != v {
			return false
		}
	}
	return true
}
