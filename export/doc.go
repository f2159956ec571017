// Package export writes an event's games out for people: filled PDF
// scoresheets and blank forms (gofpdf), and workbooks (excelize), and,
// through package pgn (export/pgn, which also reads PGN), the games in
// PGN. The printed words are in locales/*.json (print.*), in the language
// the caller asks for.
//
// What it holds, by file:
//
//	games.go games_pgn.go     Games: where a writer takes its games from, one at a time;
//	                          WriteGamesFrom: an event's games in PGN
//	pdf_game.go               a game analysed for printing: moves taken, findings, checks, state
//	pdf.go pdf_sheet.go       WritePDF and WriteForms: filled scoresheets and blank forms
//	pdf_layout.go             the page: header, move grid, result and signatures, footnotes
//	page.go page_image.go     what the layout draws on: the PDF's page (gofpdf), or an image
//	preview.go                the first page of a PDF export drawn as an image, no PDF written
//	pdf_text.go pdf_draw.go   text in any script, cut into runs of one font and direction
//	pdf_fonts.go fonts_app.go the fonts (DejaVu Sans, a CJK fallback; fonts/), also for the app
//	pdf_shape.go pdf_bidi.go  shaping (Arabic joined, marks placed) and right-to-left order
//	xlsx.go xlsx_spill.go     WriteXLSX: one sheet of games and one per game, streamed to disk
//	out_check.go              CheckOut: a file an export must not replace (an event file, another format)
//	labels.go                 the printed words, from locales/
//
// It must not depend on the GUI (scoresheet/app).
package export
