// Package pgn reads, checks and writes chess games in PGN (Portable Game
// Notation): the format Scoresheet imports games and pairings from and
// exports an event's games to. It knows sheet's games and rules' moves,
// and nothing of PDFs, workbooks or the window.
//
// What it holds, by file:
//
//	split.go        Splitter: a PGN stream cut into one chunk of text per game, in bounded memory
//	parse.go        Parser: a chunk read into a PGNGame, every move checked by the notation reader
//	game.go         PGNGame, PGNMove, Tag: a game as read
//	problem.go      Problem and ProblemCode: what is wrong in a file, with file, line and column
//	validate.go     Validate: every game of a stream checked, in parallel blocks, in file order
//	write.go        WriteGame, WriteGames, GameTags: games written in PGN export format, what
//	                PGN cannot hold ([%copy], [%realign], [%tag]) in comments after the move
//	tagcomment.go   ExactTag: a tag's value as Scoresheet wrote it, from its [%tag] comment; TagIndex: every tag looked up in one step
//	codes.go        ProblemCodes: every problem code, listed for the translations (locales/)
//
// Problems carry codes and positions, never sentences: the words are in
// locales/*.json (pgn.<ProblemCode>).
package pgn
