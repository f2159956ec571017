// Package trf reads and writes FIDE's Tournament Report File (TRF16 and
// TRF26, with JaVaFo's XX* extension lines), the one format every
// pairing program reads and writes.
//
// A File keeps every line exactly as read, terminator included (CR, LF
// or CRLF), so that writing it back (Bytes) gives the same bytes; the
// parsed fields point into the lines by line and column. The only change
// a File makes is a result column of a player's round block (SetResult).
// Detect says whether bytes are a TRF at all; Parse reads the header
// lines, the 001 player lines with their round blocks, and numbers each
// round's games and byes into boards. A Plan is what importing a File
// into an event adds, updates and removes, and what it tells the arbiter.
//
// The package knows the event's model (sheet) but nothing of PDFs,
// workbooks or the rest of export. Errors carry codes with line and
// column; the words are in locales/*.json.
package trf
