package cli

import (
	"errors"
	"fmt"
	"strings"

	"scoresheet/export"
	"scoresheet/locales"
	"scoresheet/rules"
	"scoresheet/sheet"
)

// The core packages report errors as codes with positions, never as
// sentences. On the command line they are said in English from the
// app's own translations (locales/en.json), followed by the code in
// brackets so that scripts and bug reports keep the stable identifier.

// message returns the English text of a locale key, or "" when en.json
// has none.
func message(key string) string {
	msg, _ := locales.Lookup(locales.Default, key)
	return msg
}

// said joins a message and its code: "text [code]", or the code alone
// when there is no text.
func said(key, code string) string {
	if m := message(key); m != "" {
		return strings.TrimRight(m, ".") + " [" + code + "]"
	}
	return code
}

// fenFieldNames names the six FEN fields in the order of rules.FieldBoard
// and the rest.
var fenFieldNames = [...]string{"", "pieces", "side to move", "castling rights", "en passant square", "halfmove clock", "move number"}

// Explain says err for a person: where and what, in English, with the
// code. Errors that carry no code are said as they are.
func Explain(err error) string {
	var fe *rules.FENError
	if errors.As(err, &fe) {
		where := fmt.Sprintf("character %d", fe.Offset+1)
		if fe.Field >= 1 && fe.Field < len(fenFieldNames) {
			where += ", field " + fmt.Sprint(fe.Field) + " (" + fenFieldNames[fe.Field] + ")"
		}
		if fe.Rank != 0 {
			where += fmt.Sprintf(", rank %d", fe.Rank)
		}
		if fe.Char != 0 {
			where += fmt.Sprintf(", %q", fe.Char)
		}
		return "FEN " + where + ": " + said("fen."+string(fe.Code), string(fe.Code))
	}
	var se *sheet.StoreError
	if errors.As(err, &se) {
		s := said("store."+string(se.Code), string(se.Code))
		if se.Path != "" {
			s = se.Path + ": " + s
		}
		if se.Err != nil {
			s += " (" + se.Err.Error() + ")"
		}
		return s
	}
	var te *sheet.TimeControlError
	if errors.As(err, &te) {
		return fmt.Sprintf("character %d: %s", te.Offset+1, said("tc."+te.Code, te.Code))
	}
	var ee *sheet.EditError
	if errors.As(err, &ee) {
		return said("edit."+ee.Code, ee.Code)
	}
	var oe *export.OutError
	if errors.As(err, &oe) {
		return oe.Path + ": " + said("ui.export.error."+oe.Code, oe.Code)
	}
	var we *export.WriteError
	if errors.As(err, &we) {
		return said("ui.export.error."+we.Code, we.Code) + ": " + we.Err.Error()
	}
	return err.Error()
}
