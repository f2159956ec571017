// Package rules is chess and the reading of what a player wrote: the
// positions and legal moves of the Laws of Chess, and the notation reader
// that says which legal move a handwritten cell names, if any, and what is
// wrong with how it is written. It uses the standard library only.
//
// The model is a Position (read from and written to FEN, its errors with
// codes and places), moves generated with magic bitboards, and Status:
// checkmate, stalemate, dead positions, repetitions. SAN is read as the
// PGN standard has it, and moves are written in any notation's letters
// (Letters: the piece letters of the languages players write in).
//
// The notation reader's entry is ReadCell: one written cell against a
// position. It works in stages (the text to tokens, tokens to patterns,
// patterns matched against the legal moves, ranked by how far a writing
// is from a move for a reader of handwriting) and gives a CellStatus and
// its findings (Code). ReadSheet reads a whole copy from the start.
//
// Errors and findings carry codes and positions, never sentences: the
// words are in locales/*.json.
package rules
