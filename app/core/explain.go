package core

import (
	"errors"
	"fmt"
	"strings"

	"scoresheet/export"
	"scoresheet/locales"
	"scoresheet/pgn"
	"scoresheet/rules"
	"scoresheet/sheet"
	"scoresheet/trf"
)

// The core packages report errors as codes with positions (rules.Pos),
// never as sentences. An Explainer says them in one language from the
// locale files: where (the character, field and rank of a FEN, the
// character of a time control, the file, line and column of a PGN, a
// TRF or an import) and what, so that the window, the command line and
// its JSON say the same: this file is the one place that puts a reader's
// error into words.

// Explainer says errors in the language Lang (a code of locales, English
// when it has no text for a key). Codes adds each error's stable code in
// brackets after its text ("... [store-locked]"): the command line does,
// for scripts and bug reports.
type Explainer struct {
	Lang  string
	Codes bool
	// SaysConflicts: the face says a refused conditional write's cell or
	// field in words itself (the window's "Not saved in ..."), so a
	// store-conflict leaves out its key=value detail.
	SaysConflicts bool
	// Place, when set, says an event's location where an error names it
	// (the window names a server's event by its name, not its address).
	Place func(loc string) string
}

// place says a store's location: as it is, or as Place says it.
func (x Explainer) place(loc string) string {
	if x.Place != nil && loc != "" {
		return x.Place(loc)
	}
	return loc
}

// EnglishCodes says errors where no language is chosen (the command
// line, standard error): in English, each with its code.
var EnglishCodes = Explainer{Lang: locales.Default, Codes: true}

// word returns the text of key, or fallback when no language has it.
func (x Explainer) word(key, fallback string) string {
	if s, ok := locales.Lookup(x.Lang, key); ok && s != "" {
		return s
	}
	return fallback
}

// Said returns the text of a code's key with the code when x says codes:
// "text [code]"; the code alone when there is no text.
func (x Explainer) Said(key, code string) string {
	m := x.word(key, "")
	switch {
	case m == "":
		return code
	case x.Codes:
		return strings.TrimRight(m, ".") + " [" + code + "]"
	}
	return m
}

// Explain says err: where and what. Errors that carry no code are said
// as they are.
func (x Explainer) Explain(err error) string {
	var ie *ImportError
	if errors.As(err, &ie) {
		return x.at(ie.Path, ie.Pos) + ": " + x.Explain(ie.Err)
	}
	var fe *rules.FENError
	if errors.As(err, &fe) {
		return x.fen(fe)
	}
	var se *sheet.StoreError
	var be *sheet.BoundError
	if errors.As(err, &be) {
		s := x.bound(be)
		if errors.As(err, &se) && se.Path != "" {
			s = x.at(se.Path, rules.Pos{}) + ": " + s
		}
		return s
	}
	if errors.As(err, &se) {
		s := x.Said("store."+string(se.Code), string(se.Code))
		if se.Path != "" {
			s = x.at(x.place(se.Path), rules.Pos{}) + ": " + s
		}
		if se.Err != nil && !(x.SaysConflicts && conflictDetail(se.Err)) {
			s += " (" + se.Err.Error() + ")"
		}
		return s
	}
	var te *sheet.TimeControlError
	if errors.As(err, &te) {
		return fmt.Sprintf("%s %d: %s", x.word("explain.character", "character"), te.Offset+1, x.Said("tc."+te.Code, te.Code))
	}
	return x.explainOther(err)
}

// explainOther says the errors of editing, of exports and a PGN problem.
func (x Explainer) explainOther(err error) string {
	var nw *NotWrittenError
	if errors.As(err, &nw) {
		lines := make([]string, len(nw.Games))
		for i, g := range nw.Games {
			lines[i] = locales.Fill(x.word("explain.not-written", "round {{.Round}}, board {{.Board}}: not written"), g) + ": " + x.Explain(g.Err)
		}
		return strings.Join(lines, "\n")
	}
	var pp pgn.Problem
	if errors.As(err, &pp) {
		return x.pgn(pp)
	}
	var ee *sheet.EditError
	if errors.As(err, &ee) {
		return x.Said("edit."+string(ee.Code), string(ee.Code))
	}
	var xe *ExportError
	if errors.As(err, &xe) {
		return x.Said("ui.export.error."+xe.Code, xe.Code)
	}
	var oe *export.OutError
	if errors.As(err, &oe) {
		return oe.Path + ": " + x.Said("ui.export.error."+oe.Code, oe.Code)
	}
	var we *export.WriteError
	if errors.As(err, &we) {
		return x.Said("ui.export.error."+we.Code, we.Code) + ": " + we.Err.Error()
	}
	var tr *trf.Error
	if errors.As(err, &tr) {
		return x.trf("", tr)
	}
	if errors.Is(err, ErrUTF16Odd) {
		return x.Said("ui.enter.utf16-odd", "utf16-odd")
	}
	return err.Error()
}

// bound says which bound of a game is gone beyond, and where: "round 3,
// board 12, White's copy, box 5: A box holds at most 100 bytes ...
// [bound-cell-bytes] “NNNN…”" (the start of the writing only).
func (x Explainer) bound(be *sheet.BoundError) string {
	var where []string
	if be.Round > 0 {
		where = append(where, locales.Fill(x.word("explain.bound-game", "round {{.Round}}, board {{.Board}}"), be))
	}
	if be.Code != sheet.BoundGameTags {
		copyKey := map[sheet.Side]string{sheet.WhiteCopy: "print.copy-white", sheet.BlackCopy: "print.copy-black"}[be.Side]
		data := map[string]any{"Copy": x.word(copyKey, be.Side.String()), "Box": be.Index + 1}
		where = append(where, locales.Fill(x.word("explain.bound-cell", "{{.Copy}}, box {{.Box}}"), data))
	}
	s := locales.Fill(x.Said("bound."+string(be.Code), string(be.Code)), be)
	if len(where) > 0 {
		s = strings.Join(where, ", ") + ": " + s
	}
	if be.Text != "" {
		s += fmt.Sprintf(" %q", be.Text)
	}
	return s
}

// ExplainIn says err as Explain does, in the file named file when err's
// position has no file of its own (a TRF's or a pairing list's error:
// "c9.trf:2:5: ..." on the command line); other errors as Explain says
// them.
func (x Explainer) ExplainIn(file string, err error) string {
	var tr *trf.Error
	if errors.As(err, &tr) {
		return x.trf(file, tr)
	}
	if errors.Is(err, ErrUTF16Odd) {
		return x.at(file, rules.Pos{}) + ": " + x.Explain(err) // the input's end: no line of its own
	}
	return x.Explain(err)
}

// Where says a position in file (or in a text without a name, file
// ""), as every error's is said (at): for the faces that report a place
// of their own input, such as event enter's lines of movetext.
func (x Explainer) Where(file string, p rules.Pos) string { return x.at(file, p) }

// at says where: a position in a named file in the form compilers,
// editors and scripts read ("round1.pgn:3:7", "r5.pgn:31", the file
// alone without a position), in both faces; a position in a text without
// a name in words of the language ("line 2, column 5"); "" for none.
// Every reader's position (rules.Pos) is said here.
func (x Explainer) at(file string, p rules.Pos) string {
	switch {
	case file != "" && p.IsValid():
		return file + ":" + p.String()
	case file != "":
		return file
	case !p.IsValid():
		return ""
	case p.Col == 0:
		return fmt.Sprintf("%s %d", x.word("explain.line", "line"), p.Line)
	}
	return fmt.Sprintf("%s %d, %s %d", x.word("explain.line", "line"), p.Line, x.word("explain.column", "column"), p.Col)
}

// where joins a place and what is said there: "place: what", or what
// alone when there is no place.
func where(place, what string) string {
	if place == "" {
		return what
	}
	return place + ": " + what
}

// pgn says a PGN file's problem: "round1.pgn:3:7: ... "%"": a problem of
// the PGN text (pgn.*), the notation reader's finding about a move
// (finding.*) or the move's status (status.*), with the ply of a move.
func (x Explainer) pgn(pp pgn.Problem) string {
	key := "pgn."
	switch {
	case pp.PGN != "":
	case pp.Move != "":
		key = "finding."
	default:
		key = "status."
	}
	place := x.at(pp.File, pp.Pos)
	if pp.Ply > 0 {
		place += ", " + locales.Fill(x.word("explain.ply", "ply {{.Ply}}"), pp)
	}
	s := where(place, x.Said(key+pp.Code(), pp.Code()))
	if pp.Text != "" {
		s += fmt.Sprintf(" %q", pp.Text)
	}
	return s
}

// trf says a TRF's or pairing list's error in file (or none): "c9.trf:2:5:
// ... ("99999999999")", "line 2, column 5: ..." without a file; an error
// about the event has no place.
func (x Explainer) trf(file string, e *trf.Error) string {
	s := where(x.at(file, e.Pos), x.Said("trf."+string(e.Code), string(e.Code)))
	if e.Text != "" {
		s += fmt.Sprintf(" (%q)", e.Text)
	}
	return s
}

// fenFields names the six FEN fields in the order of rules.FieldBoard
// and the rest, in English when the language has no word.
var fenFields = [...]string{"", "pieces", "side to move", "castling rights", "en passant square", "halfmove clock", "move number"}

// fen says where a FEN does not read: "FEN character 43, field 1
// (pieces), rank 1, 'P': ...".
func (x Explainer) fen(fe *rules.FENError) string {
	where := fmt.Sprintf("%s %d", x.word("explain.character", "character"), fe.Pos.Col) // a FEN is one line
	if fe.Pos.Line > 1 {
		where = x.at("", fe.Pos)
	}
	if fe.Field >= 1 && fe.Field < len(fenFields) {
		name := x.word(fmt.Sprintf("explain.fen-field.%d", fe.Field), fenFields[fe.Field])
		where += fmt.Sprintf(", %s %d (%s)", x.word("explain.field", "field"), fe.Field, name)
	}
	if fe.Rank != 0 {
		where += fmt.Sprintf(", %s %d", x.word("explain.rank", "rank"), fe.Rank)
	}
	if fe.Char != 0 {
		where += fmt.Sprintf(", %q", fe.Char)
	}
	return "FEN " + where + ": " + x.Said("fen."+string(fe.Code), string(fe.Code))
}

// conflictDetail reports whether err is the detail of a store-conflict:
// the cell or the field another writer changed.
func conflictDetail(err error) bool {
	var cc *sheet.CellConflict
	var fc *sheet.FieldConflict
	return errors.As(err, &cc) || errors.As(err, &fc)
}
