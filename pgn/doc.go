// Package pgn reads, checks and writes chess games in PGN (Portable Game
// Notation): the format Scoresheet imports games and pairings from and
// exports an event's games to. It knows sheet's games and rules' moves,
// and nothing of PDFs, workbooks or the window.
//
// Reading goes in two steps: a Splitter cuts a stream into one chunk of
// text per game in bounded memory, a Parser reads a chunk into a PGNGame
// (PGNMove, Tag), every move checked by the notation reader. Validate
// checks every game of a stream, in parallel blocks, reported in file
// order. WriteGame and WriteGames write games in the PGN export format,
// with what PGN cannot hold ([%copy], [%realign], [%tag]) in comments
// after the move; ExactTag and TagIndex read those back.
//
// Problems carry codes (ProblemCode, listed by ProblemCodes for the
// translations) and positions, never sentences: the words are in
// locales/*.json (pgn.<ProblemCode>).
package pgn
