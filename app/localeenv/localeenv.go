// Package localeenv keeps Fyne quiet under the "C.UTF-8" locale.
//
// Fyne's lang package reads the locale from LC_ALL, LC_MESSAGES or LANG
// in its init function and logs "Fyne error: Error parsing user locale C"
// to stderr when that is "C.UTF-8" (the default in containers and CI),
// even when scoresheet only runs a CLI command. When the locale is C.*
// and LANGUAGE is unset, this package sets LANGUAGE=en, which Fyne reads
// instead; GNU gettext ignores LANGUAGE under the C locale, so programs
// started from scoresheet are not affected.
//
// It works only if it is initialised before fyne.io/fyne/v2/lang. Import
// it from package main. The Go spec initialises packages in import path
// order whenever their imports allow: this package imports only "os",
// which "text/template" (imported by Fyne's lang) also depends on, and
// "scoresheet/app/localeenv" sorts before "text/template", so it
// is initialised first. TestNoFyneLocaleNoise in package main checks it.
package localeenv

import "os"

func init() {
	loc := ""
	for _, v := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		if loc = os.Getenv(v); loc != "" {
			break
		}
	}
	if len(loc) > 2 && loc[:2] == "C." && os.Getenv("LANGUAGE") == "" {
		os.Setenv("LANGUAGE", "en")
	}
}
