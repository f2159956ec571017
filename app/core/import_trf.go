package core

import (
	"errors"
	"fmt"
	"path/filepath"

	"scoresheet/sheet"
	"scoresheet/trf"
)

// ReplaceError is an import that would remove or replace boards holding
// moves, a decision or a result (their pairing is not in the file any
// more): nothing was done. Boards lists them; the same import told to
// replace them (ImportOptions.Replace) does.
type ReplaceError struct {
	Boards []trf.Note
}

func (e *ReplaceError) Error() string {
	return fmt.Sprintf("import-would-replace: %d boards", len(e.Boards))
}

// ImportTRF imports a pairing program's TRF (data, read from the file
// name) into an open event: the event's fields, the players, every round
// present as boards (see trf.Import), and the file itself, kept to write
// the results back (export --format trf). All of it is stored in one
// transaction, or nothing: a file that does not read is a *trf.Error, an
// import that would replace boards holding entries without opt.Replace a
// *ReplaceError, and the event is unchanged.
func ImportTRF(st sheet.EventStore, name string, data []byte, opt ImportOptions) (Imported, error) {
	f, err := trf.Parse(data)
	if err != nil {
		return Imported{}, err
	}
	var plan trf.Plan
	_, err = st.ApplyImport("trf", func(base sheet.ImportBase) (sheet.Import, error) {
		plan = trf.Import(f, base.Event, base.Games)
		return applyPlan(&plan, opt, &sheet.Source{Kind: "trf", Name: filepath.Base(name), Body: data})
	})
	if err != nil {
		return Imported{}, err
	}
	return importedOf(KindTRF, 0, &plan, opt), nil
}

// ImportPairs imports a pairing engine's pairing list (data, read from
// the file name) as round opt.Round of an event imported from a TRF (0:
// the round after the last one with boards): the round is written into
// the event's TRF (trf.File.WithRound), and its pairs become boards in
// the list's order (trf.ImportList), White first, the byes listed. In
// one transaction, or nothing: a list that does not read or does not fit
// the event's TRF is a *trf.Error (trf.CodeNoSource without one).
func ImportPairs(st sheet.EventStore, name string, data []byte, opt ImportOptions) (Imported, error) {
	list, err := trf.ParsePairingList(data)
	if err != nil {
		return Imported{}, err
	}
	var plan trf.Plan
	round := opt.Round
	_, err = st.ApplyImport("trf", func(base sheet.ImportBase) (sheet.Import, error) {
		if base.Source == nil {
			return sheet.Import{}, &trf.Error{Code: trf.CodeNoSource}
		}
		f, err := trf.Parse(base.Source.Body)
		if err != nil {
			return sheet.Import{}, err
		}
		// The rounds played are read as the event holds them (results
		// entered, forfeits +/- included), not as the file was imported:
		// a forfeited pair may meet again, a round with results entered
		// is not paired again.
		TakeEventResults(f, base.Games)
		if round = opt.Round; round == 0 {
			round = defaultListRound(f, list, base.Games)
		}
		if err := f.WithRound(round, max(len(base.Event.Rounds), f.Rounds), list); err != nil {
			return sheet.Import{}, roundGiven(err, opt.Round != 0)
		}
		body := f.Bytes()
		if f, err = trf.Parse(body); err != nil {
			return sheet.Import{}, err
		}
		plan = trf.ImportList(f, list, round, base.Event, base.Games)
		return applyPlan(&plan, opt, &sheet.Source{Kind: "trf", Name: base.Source.Name, Body: body})
	})
	if err != nil {
		return Imported{}, err
	}
	return importedOf(KindPairs, round, &plan, opt), nil
}

// roundGiven turns a rematch refused for a list whose round was given
// into the code whose words do not ask for the round.
func roundGiven(err error, given bool) error {
	var te *trf.Error
	if given && errors.As(err, &te) && te.Code == trf.CodeListRematch {
		e := *te
		e.Code = trf.CodeListRematchGiven
		return &e
	}
	return err
}

// defaultListRound is the round a pairing list goes to when none is
// given: the round after the last one with boards; the same list
// imported again is the round it made.
func defaultListRound(f *trf.File, list *trf.PairingList, games []sheet.Game) int {
	if r := f.PairedRounds(); r > 0 && f.Paired(r, list) {
		return r
	}
	return lastRoundWithBoards(games) + 1
}

// PairsRound returns the round a pairing list (data) would go to in the
// event without a round given (ImportPairs), for the window to propose:
// an error when the list does not read or the event has no TRF.
func PairsRound(st sheet.EventStore, data []byte) (int, error) {
	list, err := trf.ParsePairingList(data)
	if err != nil {
		return 0, err
	}
	src, ok, err := st.Source("trf")
	if err != nil {
		return 0, err
	}
	if !ok {
		return 0, &trf.Error{Code: trf.CodeNoSource}
	}
	f, err := trf.Parse(src.Body)
	if err != nil {
		return 0, err
	}
	boards, err := st.Boards()
	if err != nil {
		return 0, err
	}
	var games []sheet.Game
	for _, b := range boards {
		games = append(games, sheet.Game{Round: b[0], Board: b[1]})
	}
	return defaultListRound(f, list, games), nil
}

// lastRoundWithBoards is the highest round of the games (0 for none).
func lastRoundWithBoards(games []sheet.Game) int {
	n := 0
	for _, g := range games {
		n = max(n, g.Round)
	}
	return n
}

// applyPlan turns a plan into what the store applies: the boards it
// would replace go only when opt says so, else the whole import is a
// *ReplaceError. The new boards' copies take opt's notation language.
func applyPlan(plan *trf.Plan, opt ImportOptions, src *sheet.Source) (sheet.Import, error) {
	if len(plan.Replace) > 0 && !opt.Replace {
		return sheet.Import{}, &ReplaceError{Boards: plan.Replace}
	}
	var replace []int64
	for _, n := range plan.Replace {
		replace = append(replace, n.ID)
	}
	for i := range plan.Add {
		for s := range plan.Add[i].Copies {
			plan.Add[i].Copies[s].Lang = opt.Lang // "": the event's
		}
	}
	return sheet.Import{Event: &plan.Event, Remove: plan.Remove, Replace: replace, Update: plan.Update, Add: plan.Add, Source: src}, nil
}

// importedOf says what a plan applied did.
func importedOf(kind Kind, round int, plan *trf.Plan, opt ImportOptions) Imported {
	im := Imported{Kind: kind, Round: round, Added: len(plan.Add), Updated: len(plan.Update), Kept: plan.Kept,
		Removed: len(plan.Remove), Notes: plan.Notes, Byes: plan.Byes}
	if opt.Replace {
		im.Replaced = len(plan.Replace)
	}
	return im
}
