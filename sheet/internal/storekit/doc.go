// Package storekit is the SQL kit both event stores (sheet/sqlitestore,
// an event file; sheet/pgstore, an event on a PostgreSQL server) share:
// the columns they read, how a row read becomes a game again, the paging
// of EachGame, the reading of a whole event a page at a time, and the
// names of the schema migrations both follow. It is SQL-shaped and knows
// no driver: a row is anything with Scan. The judgements (which
// arguments are refused, what a conditional write finds in conflict, the
// error codes) are the domain's, in package sheet; no store imports
// another, both import this.
package storekit
