package cli

import (
	"scoresheet/app/core"
	"scoresheet/locales"
)

// english says errors on the command line: in English from the app's
// own translations (locales/en.json), each followed by its code in
// brackets so that scripts and bug reports keep the stable identifier.
var english = core.EnglishCodes

// Explain says err for a person: where and what, in English, with the
// code. Errors that carry no code are said as they are.
func Explain(err error) string { return english.Explain(err) }

// said says a code the CLI reports itself: "text [code]".
func said(key, code string) string { return english.Said(key, code) }

// message returns the English text of a locale key, or "".
func message(key string) string {
	s, _ := locales.Lookup(locales.Default, key)
	return s
}
