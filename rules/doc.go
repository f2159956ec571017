// Package rules is chess and the reading of what a player wrote: the
// positions and legal moves of the Laws of Chess, and the notation reader
// that says which legal move a handwritten cell names, if any, and what is
// wrong with how it is written. It uses the standard library only.
//
// What it holds, by file:
//
//	square.go piece.go bitboard.go   squares, pieces, sets of squares
//	position.go fen.go fen_error.go  positions; FEN read (errors with codes and places) and written
//	attacks.go magics_table.go       attack tables (magic bitboards for the sliding pieces)
//	move.go movegen.go play.go       moves, legal move generation, playing a move
//	status.go                        checkmate, stalemate, dead positions, repetitions
//	san_parse.go write.go            SAN read as the PGN standard has it; moves written in a notation
//	letters.go                       the piece letters of the languages players write in
//	read_cell.go                     ReadCell: one written cell against a position (the reader's entry)
//	read_scan.go read_pattern.go     the reader's stages: the text to tokens, tokens to patterns,
//	read_match.go                    patterns matched against the legal moves
//	read_findings.go                 the verdict on a cell (CellStatus) and its findings (Code)
//	read_cost.go                     how far a writing is from a move, for a reader of handwriting
//	read_sheet.go read_movetext.go   a whole copy read from the start; movetext cut into cells
//	codes.go                         every status and code, listed for the translations (locales/)
//
// Errors and findings carry codes and positions, never sentences: the
// words are in locales/*.json.
package rules
