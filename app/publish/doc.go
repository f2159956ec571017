// Package publish keeps a round published while the arbiters type it: to
// a Lichess broadcast round (its push API), to a folder (the file Lichess
// Broadcaster watches) and over HTTP on the venue's network. It has no
// user interface: the command line (scoresheet publish) and the window
// (Event -> Publish round...) are its two faces, told what happened
// through Report.
//
// The PGN of each board is the export's (core.BroadcastRound): one
// judgement of what a game's PGN is. The whole round is sent each time
// (a round sent in part looks finished too early to Lichess), again
// within about a second of any change another writer commits to the
// event (the store's Changes: the publisher opens its own store, so the
// window's own typing counts as another writer's), never more than once
// a second. The publisher only reads the event.
package publish
