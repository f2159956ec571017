// Package locales embeds the app's translations, one JSON file per
// language ("en.json", "de.json", ...) mapping message keys to text, in
// the format of Fyne's lang package.
package locales

import "embed"

// FS holds the translation files. en.json is the reference: every other
// file has exactly its keys.
//
//go:embed *.json
var FS embed.FS
