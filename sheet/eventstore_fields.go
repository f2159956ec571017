package sheet

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"
)

// The conditional writes of a game's fields other than its cells (see
// eventstore_conflict.go): the header field by field, a copy's language and
// result, the decision at a ply.

// FieldConflict is the detail of a store-conflict on a field of a game
// that is not a cell: which field (a header field, "round", "board",
// "result", "date", "fen", "white.name", "white.rating",
// "white.fide_id", "white.federation", "white.title" and the same for
// black, "tag.NAME"; a copy's "white-copy.lang", "black-copy.result";
// "decision" at Ply; "game", the whole game, for DeleteGameIf; the
// event's "event.name", "event.time_control", "event.rounds"... with Game
// 0), and what it holds now ("" for nothing; for a decision its move).
type FieldConflict struct {
	Game  int64
	Field string
	Ply   int // for "decision"
	Held  string
}

func (c *FieldConflict) Error() string {
	if c.Field == "decision" {
		return fmt.Sprintf("game=%d decision ply=%d held=%q", c.Game, c.Ply, c.Held)
	}
	return fmt.Sprintf("game=%d field=%s held=%q", c.Game, c.Field, c.Held)
}

// headerField is one field of a game's header: its name in a
// FieldConflict, its value as text, and how it is copied between games.
type headerField struct {
	name string
	get  func(g *Game) string
	put  func(dst, src *Game)
}

// headerFields are the header's fields but its tags.
var headerFields = append([]headerField{
	{"round", func(g *Game) string { return strconv.Itoa(g.Round) }, func(d, s *Game) { d.Round = s.Round }},
	{"board", func(g *Game) string { return strconv.Itoa(g.Board) }, func(d, s *Game) { d.Board = s.Board }},
	{"result", func(g *Game) string { return string(g.Result) }, func(d, s *Game) { d.Result = s.Result }},
	{"date", func(g *Game) string { return g.Date }, func(d, s *Game) { d.Date = s.Date }},
	{"fen", func(g *Game) string { return g.FEN }, func(d, s *Game) { d.FEN = s.FEN }},
}, append(playerFields("white", func(g *Game) *Player { return &g.White }),
	playerFields("black", func(g *Game) *Player { return &g.Black })...)...)

func playerFields(side string, p func(*Game) *Player) []headerField {
	return []headerField{
		{side + ".name", func(g *Game) string { return p(g).Name }, func(d, s *Game) { p(d).Name = p(s).Name }},
		{side + ".rating", func(g *Game) string { return strconv.Itoa(p(g).Rating) }, func(d, s *Game) { p(d).Rating = p(s).Rating }},
		{side + ".fide_id", func(g *Game) string { return p(g).FideID }, func(d, s *Game) { p(d).FideID = p(s).FideID }},
		{side + ".federation", func(g *Game) string { return p(g).Federation }, func(d, s *Game) { p(d).Federation = p(s).Federation }},
		{side + ".title", func(g *Game) string { return p(g).Title }, func(d, s *Game) { p(d).Title = p(s).Title }},
	}
}

// HeaderIf is SetHeaderIf's judgement, the same for every store: cur is
// the header the store holds, was the one the writer saw, g the one it
// wants. It returns the header to write (cur with the fields g changed
// from was), whether anything is to be written, or the conflict on the
// first field another writer changed.
func HeaderIf(cur, was, g Game) (next Game, changed bool, conflict *FieldConflict) {
	next = cur
	for _, f := range headerFields {
		if f.get(&g) == f.get(&was) {
			continue
		}
		if held := f.get(&cur); held != f.get(&was) {
			return cur, false, &FieldConflict{Game: g.ID, Field: f.name, Held: held}
		}
		f.put(&next, &g)
		changed = true
	}
	next.Tags = maps.Clone(cur.Tags)
	for _, k := range tagNames(was.Tags, g.Tags) {
		v, ok := g.Tags[k]
		if w, wok := was.Tags[k]; v == w && ok == wok {
			continue
		}
		if held, hok := cur.Tags[k]; held != was.Tags[k] || hok != hasKey(was.Tags, k) {
			return cur, false, &FieldConflict{Game: g.ID, Field: "tag." + k, Held: held}
		}
		if next.Tags == nil {
			next.Tags = map[string]string{}
		}
		if ok {
			next.Tags[k] = v
		} else {
			delete(next.Tags, k)
		}
		changed = true
	}
	return next, changed, nil
}

// tagNames returns the names of the tags of a and b, sorted.
func tagNames(a, b map[string]string) []string {
	names := slices.Collect(maps.Keys(a))
	for k := range b {
		if !hasKey(a, k) {
			names = append(names, k)
		}
	}
	slices.Sort(names)
	return names
}

func hasKey(m map[string]string, k string) bool {
	_, ok := m[k]
	return ok
}

// DecisionIf is AddDecisionIf's judgement, the same for every store:
// last is the last decision at ply the store holds (nil: none), at its
// time as the store keeps it (DecisionAt), was the one the writer saw.
// It returns the conflict, nil when the decision may be added.
func DecisionIf(id int64, ply int, last *Decision, at string, was *Decision) *FieldConflict {
	switch {
	case last == nil && was == nil:
		return nil
	case last == nil:
		return &FieldConflict{Game: id, Field: "decision", Ply: ply}
	case was == nil || was.Move != last.Move || was.By != last.By || decisionTime(was.At) != at:
		return &FieldConflict{Game: id, Field: "decision", Ply: ply, Held: last.Move}
	}
	return nil
}

// decisionTime is a decision's time as the store keeps it.
func decisionTime(t time.Time) string { return t.UTC().Format(time.RFC3339Nano) }

// HeaderField returns the value of g's header field name, as a
// FieldConflict names it ("white.rating", "tag.Annotator"); ok is false
// for a name that is not a header field's.
func HeaderField(g *Game, name string) (v string, ok bool) {
	if k, isTag := strings.CutPrefix(name, "tag."); isTag {
		return g.Tags[k], true
	}
	for _, f := range headerFields {
		if f.name == name {
			return f.get(g), true
		}
	}
	return "", false
}

// eventFields are the event's fields as a FieldConflict names them; its
// rounds are one more ("event.rounds").
var eventFields = []struct {
	name string
	get  func(ev *Event) string
	put  func(dst, src *Event)
}{
	{"event.name", func(ev *Event) string { return ev.Name }, func(d, s *Event) { d.Name = s.Name }},
	{"event.site", func(ev *Event) string { return ev.Site }, func(d, s *Event) { d.Site = s.Site }},
	{"event.start_date", func(ev *Event) string { return ev.StartDate }, func(d, s *Event) { d.StartDate = s.StartDate }},
	{"event.end_date", func(ev *Event) string { return ev.EndDate }, func(d, s *Event) { d.EndDate = s.EndDate }},
	{"event.time_control", func(ev *Event) string { return ev.TimeControl }, func(d, s *Event) { d.TimeControl = s.TimeControl }},
	{"event.kind", func(ev *Event) string { return string(ev.Kind) }, func(d, s *Event) { d.Kind = s.Kind }},
	{"event.lang", func(ev *Event) string { return ev.Lang }, func(d, s *Event) { d.Lang = s.Lang }},
}

// EventIf is SetEventIf's judgement, the same for every store: cur is
// the event the store holds, was the one the writer saw, ev the one it
// wants. It returns the event to write, whether anything is to be
// written, or the conflict on the first field another writer changed.
func EventIf(cur, was, ev Event) (next Event, changed bool, conflict *FieldConflict) {
	next = cur
	for _, f := range eventFields {
		if f.get(&ev) == f.get(&was) {
			continue
		}
		if held := f.get(&cur); held != f.get(&was) {
			return cur, false, &FieldConflict{Field: f.name, Held: held}
		}
		f.put(&next, &ev)
		changed = true
	}
	if !slices.Equal(ev.Rounds, was.Rounds) {
		if !slices.Equal(cur.Rounds, was.Rounds) {
			return cur, false, &FieldConflict{Field: "event.rounds", Held: fmt.Sprint(cur.Rounds)}
		}
		next.Rounds, changed = ev.Rounds, true
	}
	return next, changed, nil
}

// CopyFieldIf is the judgement of SetCopyLangIf, SetCopyResultIf and
// SetCopyConsultedIf, the same for every store: held is what the copy's
// field (column: "lang", "result", "consulted") holds, was what the
// writer saw, v what it writes; again is whether the write is sent again
// after its commit was cut off (a server's), when a field that holds v
// already is its own first sending. It returns whether to write, or the
// conflict (nothing written).
func CopyFieldIf[T comparable](id int64, side Side, column string, held, was, v T, again bool) (write bool, conflict *FieldConflict) {
	if held == v && (held == was || again) {
		return false, nil
	}
	if held != was {
		return false, &FieldConflict{Game: id, Field: side.String() + "-copy." + column, Held: fmt.Sprint(held)}
	}
	return true, nil
}

// GameIf is DeleteGameIf's judgement: the conflict when the game the
// store holds (cur) is no longer as the writer saw it (was), else nil.
func GameIf(cur, was *Game) *FieldConflict {
	if changedScopes(was, cur) != 0 {
		return &FieldConflict{Game: was.ID, Field: "game"}
	}
	return nil
}

// FieldConflictError is the store-conflict error of c at the location loc.
func FieldConflictError(loc string, c *FieldConflict) error {
	return &StoreError{Code: StoreConflict, Path: loc, Err: c}
}
