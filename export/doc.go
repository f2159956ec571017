// Package export writes an event's games out for people: filled PDF
// scoresheets and blank forms (gofpdf), workbooks (excelize), the
// results as CSV and PDF, and, through package pgn, the games in PGN
// (WriteGamesFrom). The printed words are in locales/*.json (print.*), in
// the language the caller asks for.
//
// Every writer takes its games one at a time from Games. A game is
// analysed once for printing (moves taken, findings, checks, state), then
// laid out on a page (header, move grid, result and signatures,
// footnotes). The layout draws on a page (an interface with two sides:
// the PDF's page, or an image),
// which is how the window's preview shows the first page before any
// PDF is written. Text in any script is cut into runs of one font and
// direction, shaped (Arabic joined, marks placed) and ordered right to
// left where it must be; the fonts (DejaVu Sans, a CJK fallback) are
// embedded and shared with the app. CheckOut refuses a path an export
// must not replace (an event file, another format).
//
// It must not depend on the GUI (scoresheet/app).
package export
