// Package trf reads and writes FIDE's Tournament Report File (TRF16 and
// TRF26, with JaVaFo's XX* extension lines), the one format every
// pairing program reads and writes.
//
// A File keeps every line exactly as read, terminator included, so that
// writing it back gives the same bytes; the parsed fields point into the
// lines by line and column. The only change a File makes is a result
// column of a player's round block (SetResult).
//
// The package knows the event's model (sheet) but nothing of PDFs,
// workbooks or the rest of export.
//
//   - lines.go: splitting into lines (CR, LF or CRLF) and columns
//   - codes.go: the error codes, with line and column
//   - parse.go: Parse, the header lines and the dispatch by record
//   - player.go: the 001 player lines and their round blocks
//   - rounds.go: the games and byes of a round, numbered into boards
//   - write.go: Bytes and SetResult, the results written back
//   - detect.go: Detect, whether bytes are a TRF at all
//   - event.go: the event's fields and a board from a File, the tags
//     that tie a board to its players' starting ranks
//   - plan.go: what importing a File into an event adds, updates and
//     removes, and what it tells the arbiter
package trf
