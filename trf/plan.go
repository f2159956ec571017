package trf

import "scoresheet/sheet"

// Notes a plan makes about boards it did not simply add or update
// (words in locales/*.json under "trf.").
const (
	// NoteMoved: the board number the file's order gives is taken by a
	// board that is not the file's (added by hand); the new board gets
	// the next free number.
	NoteMoved Code = "trf-board-moved"
	// NoteResult: the file's result differs from the one entered here;
	// the one entered here is kept.
	NoteResult Code = "trf-result-differs"
	// NoteConflict: the two players' blocks of a pairing give no result
	// together (both claim a win, ...): the board has none until the
	// arbiter enters it, and its checks say so.
	NoteConflict Code = "trf-results-conflict"
	// NoteReplace: a board holding moves or a result whose pairing is
	// not in the file any more: the import would remove it, and does
	// nothing unless told to (replace).
	NoteReplace Code = "trf-would-replace"
)

// Note is something the arbiter is told about one board of an import.
type Note struct {
	Round, Board int
	Code         Code
	White, Black string // the board's players
	ID           int64  // the board's game, when it is already stored
}

// Plan is what importing a File changes in an event.
type Plan struct {
	Event  sheet.Event
	Add    []sheet.Game
	Update []sheet.Game
	Remove []int64 // boards no longer in the file with nothing entered on them
	// Replace are boards no longer in the file that hold moves, a
	// decision or a result (NoteReplace): the import removes them only
	// when the arbiter says so, and without that does nothing at all.
	Replace []Note
	Kept    int // boards of the file already there, left as they are
	Notes   []Note
	Byes    []Bye // the byes of every round present, by round
}

// Import returns the plan for importing f into an event ev holding the
// games existing (all its games, with copies). A board of the file that
// is already there (the same White and Black by starting rank, in its
// round) gets its players' details and, when it has none yet, the file's
// result; its board number and every typed cell stay. A board of an
// earlier import that the file's round no longer has is removed if
// nothing was entered on it, and listed in Replace if something was.
// Boards not from a TRF, and rounds the file does not have, are never
// touched. Importing the same file twice changes nothing.
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
	}
	return pl
}

// ImportList returns the plan for round r of a pairing list, once
// written into f (WithRound, then f read again): the pairs become boards
// in the list's order, numbered from 1 (byes apart), each found again
// where the event already has it, as Import does for one round. Only
// round r's boards are touched; of the event's fields only its rounds
// change, to r when it has fewer (WithRound refuses a round past the
// event's last).
func ImportList(f *File, list *PairingList, r int, ev sheet.Event, existing []sheet.Game) Plan {
	pl := Plan{Event: ev}
	if len(ev.Rounds) < r {
		pl.Event.Rounds = sheet.NumberedRounds(r, sheet.RoundDates(ev.Rounds, r))
	}
	var pairs []Pairing
	for _, p := range list.Pairs {
		if p.Black != 0 {
			pairs = append(pairs, Pairing{Round: r, Board: len(pairs) + 1, White: f.byRank[p.White], Black: f.byRank[p.Black], WhiteResult: ' ', BlackResult: ' '})
		}
	}
	_, pl.Byes = f.Round(r)
	var games []*sheet.Game
	for i := range existing {
		if existing[i].Round == r {
			games = append(games, &existing[i])
		}
	}
	pl.round(f, pairs, games)
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
		case fromTRF && !Entered(g):
			pl.Remove = append(pl.Remove, g.ID)
		case fromTRF:
			pl.Replace = append(pl.Replace, noteOf(g, NoteReplace))
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
			pl.Notes = append(pl.Notes, noteOf(&g, NoteMoved))
		}
		if p.Conflict() {
			pl.Notes = append(pl.Notes, noteOf(&g, NoteConflict))
		}
		taken[g.Board] = true
		pl.Add = append(pl.Add, g)
	}
}

// noteOf is a note about board g.
func noteOf(g *sheet.Game, code Code) Note {
	return Note{Round: g.Round, Board: g.Board, Code: code, White: g.White.Name, Black: g.Black.Name, ID: g.ID}
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
	delete(u.Tags, sheet.TagPairingResult)
	delete(u.Tags, sheet.TagPairingConflict)
	for k, v := range fresh.Tags {
		u.Tags[k] = v
	}
	switch {
	case !u.Result.Decided():
		if fresh.Result != "" {
			u.Result = fresh.Result
		}
	case fresh.Result != "" && fresh.Result != u.Result:
		pl.Notes = append(pl.Notes, noteOf(g, NoteResult))
	}
	if p.Conflict() && !u.Result.Decided() && g.Tags[sheet.TagPairingConflict] != fresh.Tags[sheet.TagPairingConflict] {
		pl.Notes = append(pl.Notes, noteOf(g, NoteConflict))
	}
	if u.Date == "" {
		u.Date = fresh.Date
	}
	if sameHeader(g, &u) {
		pl.Kept++
		return
	}
	pl.Update = append(pl.Update, u)
}

// Entered says something was entered on a board: a cell of either copy,
// a result written on a copy, a decision, or the game's result. An
// import never removes such a board unless the arbiter says so.
func Entered(g *sheet.Game) bool {
	return len(g.Copies[0].Cells) > 0 || len(g.Copies[1].Cells) > 0 || len(g.Decisions) > 0 ||
		g.Copies[0].Result != "" || g.Copies[1].Result != "" || g.Result.Decided()
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
