package app

import (
	"encoding/json"
	"io/fs"
	"os"
	"strings"
	"sync"
	"text/template"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"

	"scoresheet/locales"
)

// UILanguages are the UI languages, by code, in menu order.
var UILanguages = []string{"en", "de", "fr", "nl", "es", "it", "hr"}

// translator holds every locale's messages and the chosen UI language.
// The messages are also given to Fyne's lang package; the translator
// itself picks the language so that it can change while the app runs.
type translator struct {
	mu   sync.RWMutex
	lang string
	msgs map[string]map[string]string
}

var tr = newTranslator()

func newTranslator() *translator {
	t := &translator{lang: "en", msgs: map[string]map[string]string{}}
	names, _ := fs.Glob(locales.FS, "*.json")
	for _, name := range names {
		data, err := locales.FS.ReadFile(name)
		if err != nil {
			continue
		}
		m := map[string]string{}
		if json.Unmarshal(data, &m) == nil {
			code := strings.TrimSuffix(name, ".json")
			t.msgs[code] = m
			// Fyne's own words. (lang.AddTranslationsFS cannot read the
			// top folder of an embed.FS: it asks for "./de.json".)
			_ = lang.AddTranslationsForLocale(data, fyne.Locale(code))
		}
	}
	return t
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
	return "en"
}

// SetLanguage chooses the UI language ("de"); unknown codes mean English.
// Fyne's own words (the file chooser's, a menu's Quit) follow it too.
func SetLanguage(code string) {
	tr.mu.Lock()
	if _, ok := tr.msgs[code]; !ok {
		code = "en"
	}
	changed := tr.lang != code
	tr.lang = code
	tr.mu.Unlock()
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
	tr.mu.RLock()
	defer tr.mu.RUnlock()
	return tr.lang
}

// T translates key in the UI language, falling back to English and then
// to fallback (or the key). Messages may be templates over data.
func T(key string, data ...any) string {
	return TF(key, key, data...)
}

// TF is T with a fallback text for keys no locale has.
func TF(key, fallback string, data ...any) string {
	tr.mu.RLock()
	msg, ok := tr.msgs[tr.lang][key]
	if !ok {
		msg, ok = tr.msgs["en"][key]
	}
	tr.mu.RUnlock()
	if !ok {
		msg = fallback
	}
	if len(data) == 0 || !strings.Contains(msg, "{{") {
		return msg
	}
	tpl, err := template.New(key).Option("missingkey=zero").Parse(msg)
	if err != nil {
		return msg
	}
	var b strings.Builder
	if tpl.Execute(&b, data[0]) != nil {
		return msg
	}
	return b.String()
}

// languageName returns a UI language's name in that language.
func languageName(code string) string {
	return TF("ui.language."+code, code)
}
