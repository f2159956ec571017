// Package sqlitestore keeps an event in one SQLite file on this computer: the
// event file the window and the command line open by its path. Its Store
// is a sheet.EventStore, as an event on a PostgreSQL server is (package
// sheet/pgstore); what every store shares (the interface, its errors and
// codes, the judgements of conditional writes) is package sheet's.
//
// The file is made safe to share and to lose power on: every write is one
// transaction committed before it returns (WAL, synchronous=FULL);
// several writers, windows or command lines, on one machine are kept
// apart by locks and told what the others commit (Changes); a file
// replaced, deleted or damaged under an open store is noticed before a
// write is reported saved; a file from someone else is distrusted until
// its schema is checked, and one that does not pass can only be salvaged
// into a new event (OpenSalvage). Schema migrations run in order when an
// older file is opened.
package sqlitestore
