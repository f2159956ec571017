package core

import (
	"bufio"
	"io"
	"os"
	"path/filepath"

	"scoresheet/export/trf"
	"scoresheet/sheet"
)

// TRFImported is what ImportTRF did: boards added, updated (players'
// details, results) and removed (earlier pairings no longer in the file,
// with nothing typed on them); the notes on boards kept or moved; and
// each round's byes.
type TRFImported struct {
	Added, Updated, Removed int
	Notes                   []trf.Note
	Byes                    []trf.Bye
}

// ImportTRF imports a pairing program's TRF (data, read from the file
// name) into an open event: the event's fields, the players, every round
// present as boards (see trf.Import), and the file itself, kept to write
// the results back (export --format trf). lang is the notation language
// of the new boards' copies. All of it is stored in one transaction, or
// nothing: a file that does not read is a *trf.Error and the event is
// unchanged. ImportFile (the window's import) and "scoresheet import" call it
// for a file trf.Detect recognises.
func ImportTRF(st sheet.EventStore, name string, data []byte, lang string) (TRFImported, error) {
	f, err := trf.Parse(data)
	if err != nil {
		return TRFImported{}, err
	}
	var plan trf.Plan
	_, err = st.ApplyImport(func(ev sheet.Event, games []sheet.Game) sheet.Import {
		plan = trf.Import(f, ev, games)
		for i := range plan.Add {
			for s := range plan.Add[i].Copies {
				plan.Add[i].Copies[s].Lang = lang
			}
		}
		return sheet.Import{Event: &plan.Event, Remove: plan.Remove, Update: plan.Update, Add: plan.Add,
			Source: &sheet.Source{Kind: "trf", Name: filepath.Base(name), Body: data}}
	})
	if err != nil {
		return TRFImported{}, err
	}
	return TRFImported{Added: len(plan.Add), Updated: len(plan.Update), Removed: len(plan.Remove), Notes: plan.Notes, Byes: plan.Byes}, nil
}

// ReadTRF reads a file whole if it is a TRF (trf.Detect on its first
// 64 KiB); ok is false for any other file, or one that cannot be read
// (the caller's own reading then says why).
func ReadTRF(path string) (data []byte, ok bool) {
	f, err := os.Open(path)
	if err != nil {
		return nil, false
	}
	defer f.Close()
	br := bufio.NewReaderSize(f, 64<<10)
	head, _ := br.Peek(64 << 10)
	if !trf.Detect(head) {
		return nil, false
	}
	data, err = io.ReadAll(br)
	return data, err == nil
}
