package sheet

import (
	"database/sql"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"
)

// The conditional writes of a game's fields other than its cells (see
// store_conflict.go): the header field by field, a copy's language and
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

func (s *Store) fieldConflict(c *FieldConflict) error { return FieldConflictError(s.path, c) }

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

// SetHeaderIf changes the header of game g.ID from was, the header as
// the writer saw it, to g, field by field: only the fields where g
// differs from was are written (a tag added, changed or removed is one
// field), and only if each of them still holds what was holds; a field
// the writer did not change keeps whatever another writer put there.
// Otherwise nothing is written and the error is store-conflict with a
// *FieldConflict naming the first field another writer changed. Copies
// and decisions are not touched.
func (s *Store) SetHeaderIf(was, g Game) error {
	if err := s.checkHeaderFields(Game{Round: g.Round, Board: g.Board}); err != nil {
		return err
	}
	return s.write(func(tx *sql.Tx) error {
		games, err := readGames(tx, `SELECT id FROM game WHERE id = ?`, g.ID)
		if err != nil {
			return err
		}
		if len(games) == 0 {
			return s.notFound(g.ID)
		}
		next, changed, fc := HeaderIf(games[0], was, g)
		if fc != nil {
			return s.fieldConflict(fc)
		}
		if !changed {
			return nil
		}
		return s.updateHeader(tx, next)
	})
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

// SetCopyLangIf sets a copy's notation language, as SetCopyLang does,
// only if it is still was; else store-conflict (field "white-copy.lang"
// or "black-copy.lang").
func (s *Store) SetCopyLangIf(id int64, side Side, was, lang string) error {
	return setCopyFieldIf(s, id, side, "lang", was, lang)
}

// SetCopyResultIf sets the result written on a copy, as SetCopyResult
// does, only if it is still was; else store-conflict (field
// "white-copy.result" or "black-copy.result").
func (s *Store) SetCopyResultIf(id int64, side Side, was, result Result) error {
	if !ValidCopyResult(result) {
		return &StoreError{Code: StoreBadArgument, Path: s.path, Err: details("game=%d side=%s result=%q", id, side, result)}
	}
	return setCopyFieldIf(s, id, side, "result", was, result)
}

// SetCopyConsultedIf sets whether a copy is consulted, as
// SetCopyConsulted does, only if it is still was; else store-conflict
// (field "white-copy.consulted" or "black-copy.consulted").
func (s *Store) SetCopyConsultedIf(id int64, side Side, was, consulted bool) error {
	return setCopyFieldIf(s, id, side, "consulted", was, consulted)
}

// setCopyFieldIf sets column (lang, result or consulted: this file's
// names, never the caller's text) of a copy to v if it holds was.
func setCopyFieldIf[T ~string | ~bool](s *Store, id int64, side Side, column string, was, v T) error {
	if err := s.checkSide(side); err != nil {
		return err
	}
	return s.write(func(tx *sql.Tx) error {
		var held T
		err := tx.QueryRow(`SELECT `+column+` FROM copy WHERE game_id = ? AND side = ?`, id, int(side)).Scan(&held)
		if errors.Is(err, sql.ErrNoRows) {
			return s.notFound(id)
		}
		if err != nil {
			return err
		}
		if held != was {
			return s.fieldConflict(&FieldConflict{Game: id, Field: side.String() + "-copy." + column, Held: fmt.Sprint(held)})
		}
		if held == v {
			return nil
		}
		if _, err := tx.Exec(`UPDATE copy SET `+column+` = ? WHERE game_id = ? AND side = ?`, v, id, int(side)); err != nil {
			return err
		}
		return s.touchGame(tx, id)
	})
}

func (s *Store) AddDecisionIf(id int64, d Decision, was *Decision) error {
	return s.addDecision(id, d, func(tx *sql.Tx) error {
		var last Decision
		var at string
		err := tx.QueryRow(`SELECT ply, move, by, at FROM decision WHERE game_id = ? AND ply = ?
			ORDER BY seq DESC LIMIT 1`, id, d.Ply).Scan(&last.Ply, &last.Move, &last.By, &at)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			return s.conflictOrNil(DecisionIf(id, d.Ply, nil, "", was))
		case err != nil:
			return err
		}
		return s.conflictOrNil(DecisionIf(id, d.Ply, &last, at, was))
	})
}

// conflictOrNil is store-conflict with c, nil when c is.
func (s *Store) conflictOrNil(c *FieldConflict) error {
	if c == nil {
		return nil
	}
	return s.fieldConflict(c)
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

// SetEventIf changes the event from was, as the writer saw it (a settings
// dialog when it opened), to ev, as SetHeaderIf does the header: only
// the fields ev changes (the list of rounds is one), each only if it
// still holds what was holds; else store-conflict with a *FieldConflict
// ("event.name", "event.time_control", "event.rounds", ...; Game 0).
func (s *Store) SetEventIf(was, ev Event) error {
	if err := checkEvent(s.path, ev); err != nil {
		return err
	}
	return s.write(func(tx *sql.Tx) error {
		cur, err := readEvent(tx)
		if err != nil {
			return err
		}
		next, changed, fc := EventIf(cur, was, ev)
		if fc != nil {
			return s.fieldConflict(fc)
		}
		if !changed {
			return nil
		}
		return s.setEventTx(tx, next)
	})
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

// DeleteGameIf removes game was.ID, as DeleteGame does, only if it is
// still as was (header, copies, cells, decisions): a board another writer
// typed on since the arbiter was asked to confirm is not deleted
// (store-conflict with a *FieldConflict "game").
func (s *Store) DeleteGameIf(was Game) error {
	return s.write(func(tx *sql.Tx) error {
		games, err := readGames(tx, `SELECT id FROM game WHERE id = ?`, was.ID)
		if err != nil {
			return err
		}
		if len(games) == 0 {
			return s.notFound(was.ID)
		}
		if fc := GameIf(&games[0], &was); fc != nil {
			return s.fieldConflict(fc)
		}
		res, err := tx.Exec(`DELETE FROM game WHERE id = ?`, was.ID)
		return s.removedGame(was.ID, res, err)
	})
}
