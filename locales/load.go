package locales

import (
	"encoding/json"
	"io/fs"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"text/template"
)

// Default is the reference language: every other file has its keys, and
// a key no other language has is said in it.
const Default = "en"

// table is every embedded language's messages, read once.
type table struct {
	langs []string                     // Default first, then by code
	msgs  map[string]map[string]string // language -> key -> message
	raw   map[string][]byte            // language -> its file, as embedded
}

// loaded reads the embedded files the first time it is called. A file
// that does not parse is left out (TestSameKeys fails on it).
var loaded = sync.OnceValue(func() *table {
	t := &table{msgs: map[string]map[string]string{}, raw: map[string][]byte{}}
	names, _ := fs.Glob(FS, "*.json")
	for _, name := range names {
		data, err := FS.ReadFile(name)
		if err != nil {
			continue
		}
		var m map[string]string
		if json.Unmarshal(data, &m) != nil {
			continue
		}
		lang := strings.TrimSuffix(name, ".json")
		t.msgs[lang], t.raw[lang] = m, data
		t.langs = append(t.langs, lang)
	}
	slices.SortFunc(t.langs, func(a, b string) int {
		switch {
		case a == b:
			return 0
		case a == Default:
			return -1
		case b == Default:
			return 1
		}
		return strings.Compare(a, b)
	})
	return t
})

// Languages returns the codes of the languages that have a file ("en",
// "de", ...): English first, then the others by code.
func Languages() []string { return slices.Clone(loaded().langs) }

// Match returns the language of a language code or locale name ("de",
// "DE", "de-AT", "de_AT.UTF-8": "de"), or "" when no file has it.
func Match(locale string) string {
	locale = strings.ToLower(locale)
	if i := strings.IndexAny(locale, "_-."); i > 0 {
		locale = locale[:i]
	}
	if _, ok := loaded().msgs[locale]; ok {
		return locale
	}
	return ""
}

// File returns a language's file as embedded (nil when there is none),
// for Fyne's lang package, which takes the JSON itself.
func File(lang string) []byte { return loaded().raw[lang] }

// Lookup returns the message of key in the language of lang (see Match),
// else in English; ok is false when neither has the key.
func Lookup(lang, key string) (msg string, ok bool) {
	t := loaded()
	if msg, ok = t.msgs[Match(lang)][key]; ok {
		return msg, true
	}
	msg, ok = t.msgs[Default][key]
	return msg, ok
}

// Text returns the message of key in lang (see Lookup), or the key itself
// when no language has it.
func Text(lang, key string) string {
	if msg, ok := Lookup(lang, key); ok {
		return msg
	}
	return key
}

// Fill renders a message over data: messages may be templates
// ({{.Ply}}), in the format of Fyne's lang package. A message that is no
// template, or does not render (a field the data's type lacks), is
// returned as it is.
func Fill(msg string, data any) string {
	if data == nil || !strings.Contains(msg, "{{") {
		return msg
	}
	tpl, err := parsed(msg)
	if err != nil {
		return msg
	}
	var b strings.Builder
	if tpl.Execute(&b, data) != nil {
		return msg
	}
	return b.String()
}

// templates are the messages parsed so far, by their text: the window
// fills some after every key (the status line, a cell's findings), and
// parsing took longer than filling. A message parses to the same
// template wherever it is used. The messages are the locale files' (a
// few hundred); past maxTemplates a message is parsed each time, so
// that no caller's text can grow the cache without end.
var (
	templates     sync.Map // message -> *template.Template or error
	templateCount atomic.Int32
)

const maxTemplates = 4096

func parsed(msg string) (*template.Template, error) {
	if v, ok := templates.Load(msg); ok {
		if tpl, ok := v.(*template.Template); ok {
			return tpl, nil
		}
		return nil, v.(error)
	}
	tpl, err := template.New("").Option("missingkey=zero").Parse(msg)
	if templateCount.Add(1) <= maxTemplates {
		if err != nil {
			templates.Store(msg, err)
		} else {
			templates.Store(msg, tpl)
		}
	}
	return tpl, err
}
