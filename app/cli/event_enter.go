package cli

import (
	"bufio"
	"fmt"
	"io"

	"scoresheet/sheet"
)

// enterer stores the cells of one copy as `event enter` reads them,
// through sheet.Editor as the window does (a draw offer "(=)" is the
// cell's flag, sheet.TypedDrawOffer; the result ending the movetext is
// the copy's, Editor.WriteResult). Each cell is written only if it still
// holds what this run read (Editor.WriteCell): a cell another writer
// changed meanwhile is never overwritten. After the first cell that
// cannot be saved nothing more is written (the cells after it would
// stand at the wrong plies); every cell read from then on is listed on
// stderr as not saved, and the run exits 1.
type enterer struct {
	ed     *sheet.Editor // the game as this run last saw it, and its writes
	side   sheet.Side
	next   int // index of the next cell to write
	out    *bufio.Writer
	stdio  IO
	failed error // the first write that failed
	// reader reconciles the game after each cell to say its status,
	// reading again only what the cell changed: a whole reading per
	// cell made 400 unreadable cells take half a minute.
	reader *sheet.Reader
}

// run reads the input and stores it; it returns the exit code. Lines
// of any length are read (enterInput): one too long to be a copy is said
// and not stored, the lines after it are.
func (e *enterer) run(in io.Reader) int {
	defer e.out.Flush()
	tooLong, err := enterInput(in, e.stdio.Stderr,
		func(text string) error { e.store(text); return nil },
		func(result string) error { e.setResult(result); return nil })
	if err != nil {
		e.fail(err)
		fmt.Fprintf(e.stdio.Stderr, "scoresheet event enter: the rest of the input was not read\n")
	}
	if e.failed != nil {
		return exitFor(e.failed)
	}
	if tooLong > 0 {
		return ExitError
	}
	return ExitOK
}

// store writes the next cell, or, after a failure, lists it as not saved.
func (e *enterer) store(text string) {
	ply := e.next + 1
	if e.failed == nil {
		if err := e.write(text); err != nil {
			e.fail(err)
		}
	}
	if e.failed != nil {
		fmt.Fprintf(e.stdio.Stderr, "not saved\t%d\t%s\n", ply, sheet.ShortText(text))
		e.next++
		return
	}
	rec, err := e.reader.Reconcile(e.ed.Game())
	status := "?"
	if err == nil && ply-1 < len(rec.Plies) {
		if cc := rec.Plies[ply-1].Copies[e.side]; cc != nil {
			status = cc.Reading.Status.String()
		}
	}
	fmt.Fprintf(e.out, "%d\t%s\t%s\n", ply, text, status)
	if err := e.out.Flush(); err != nil {
		e.fail(err)
	}
}

// write stores text at the next cell if that cell still holds what this
// run saw there, keeping the cell's clock and note. "(=)" in the text is
// the cell's draw offer, as the window stores it.
func (e *enterer) write(text string) error {
	rest, offer := sheet.TypedDrawOffer(text)
	c := sheet.Cell{Text: rest, DrawOffer: offer}
	if cells := e.ed.Game().Copies[e.side].Cells; e.next < len(cells) {
		c.Clock, c.Note = cells[e.next].Clock, cells[e.next].Note
	}
	if err := e.ed.WriteCell(e.side, e.next, c); err != nil {
		return err
	}
	e.next++
	return nil
}

// setResult stores the result that ended the movetext: it is the result
// written on this copy; the game takes it too while it has none (a
// result it has is never overwritten: a copy that differs is a check).
func (e *enterer) setResult(result string) {
	if e.failed == nil {
		if err := e.storeResult(result); err != nil {
			e.fail(err)
		}
	}
	if e.failed != nil {
		fmt.Fprintf(e.stdio.Stderr, "not saved\tresult\t%s\n", result)
	}
}

// Both are written only if they still hold what this run read: a result
// another writer set meanwhile is not overwritten (store-conflict).
func (e *enterer) storeResult(text string) error {
	return e.ed.WriteResult(e.side, sheet.Result(text))
}

// fail says why nothing more is saved, once: the error, and for a
// conflict the cell another writer changed and what it holds now.
func (e *enterer) fail(err error) {
	if e.failed != nil {
		return
	}
	e.failed = err
	e.out.Flush()
	fmt.Fprintf(e.stdio.Stderr, "scoresheet event enter: %s\n", Explain(err))
	sayConflict(e.stdio, "enter", err)
	fmt.Fprintf(e.stdio.Stderr, "scoresheet event enter: these cells were not saved (ply, text):\n")
}
