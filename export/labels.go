package export

import "scoresheet/locales"

// labeler says the words printed on PDF scoresheets and written into
// workbooks in one language ("de", or a locale such as "de_AT.UTF-8").
// The words are in locales/*.json: the printed ones under print.* (short
// forms that fit a column or a footnote: print.finding.<rules.Code>,
// print.check.<sheet.CheckCode>, print.ply.<sheet.PlyStatus>,
// print.state.<game state>), and the words the window shows too under the
// window's keys (ui.header.round).
type labeler string

// get returns the word of a locale key, in English when the language
// lacks it, and the key itself when no language has it.
func (l labeler) get(key string) string { return locales.Text(string(l), key) }
