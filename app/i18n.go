package app

import (
	"os"
	"strings"
	"sync"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"

	"scoresheet/locales"
)

// UILanguages are the UI languages, by code, in menu order: the
// languages of locales/, English first.
var UILanguages = locales.Languages()

// uiLang is the chosen UI language. The translator picks it itself, not
// Fyne's lang package, so that it can change while the app runs.
var uiLang = struct {
	mu   sync.RWMutex
	code string
}{code: locales.Default}

// Fyne's own words (its file chooser's, its entries' menu) are in
// locales/ under their English text. (lang.AddTranslationsFS cannot read
// the top folder of an embed.FS: it asks for "./de.json".)
func init() {
	for _, code := range UILanguages {
		_ = lang.AddTranslationsForLocale(locales.File(code), fyne.Locale(code))
	}
}

// SystemLanguage returns the system's UI language if Scoresheet has it,
// else English.
func SystemLanguage() string {
	code := lang.SystemLocale().LanguageString()
	code, _, _ = strings.Cut(code, "-")
	for _, l := range UILanguages {
		if l == code {
			return l
		}
	}
	return locales.Default
}

// SetLanguage chooses the UI language ("de"); unknown codes mean English.
// Fyne's own words (the file chooser's, a menu's Quit) follow it too.
func SetLanguage(code string) {
	uiLang.mu.Lock()
	if locales.File(code) == nil {
		code = locales.Default
	}
	changed := uiLang.code != code
	uiLang.code = code
	uiLang.mu.Unlock()
	if changed || os.Getenv("LANGUAGE") != code {
		setFyneLanguage(code)
	}
}

// setFyneLanguage makes Fyne's lang package speak the UI language. It
// has no setter: it reads the locale from the environment (LANGUAGE
// first, as gettext does) whenever translations are added, so the
// language is put there and an empty set of translations added. Its
// words (the file chooser's Open, Cancel, Folder...) are in locales/ under
// their English text, the key Fyne looks them up by: Fyne has no Dutch,
// Italian or Croatian of its own.
func setFyneLanguage(code string) {
	os.Setenv("LANGUAGE", code)
	_ = lang.AddTranslationsForLocale([]byte("{}"), fyne.Locale(code))
}

// Language returns the UI language.
func Language() string {
	uiLang.mu.RLock()
	defer uiLang.mu.RUnlock()
	return uiLang.code
}

// T translates key in the UI language, falling back to English and then
// to the key. Messages may be templates over data.
func T(key string, data ...any) string {
	return TF(key, key, data...)
}

// TF is T with a fallback text for keys no locale has.
func TF(key, fallback string, data ...any) string {
	msg, ok := locales.Lookup(Language(), key)
	if !ok {
		msg = fallback
	}
	if len(data) == 0 {
		return msg
	}
	return locales.Fill(msg, data[0])
}

// languageName returns a UI language's name in that language.
func languageName(code string) string {
	return TF("ui.language."+code, code)
}
