package sheet

// EventStore is an open event, wherever it is kept: an SQLite file on
// this computer (package sheet/sqlitestore) or an event on a PostgreSQL server
// that several laptops write at once (package sheet/pgstore). The app,
// its command line and the exports use an event only through this
// interface, so that both behave alike: the same reads, the same checks
// of arguments, the same error codes (*StoreError), the same conditional
// writes. The store's contract tests run against both.
//
// Every write is committed before it returns; every method may be called
// from several goroutines at once.
//
// It holds what the program uses and no more: the writes of what a
// writer saw are all conditional (the ...If methods); the unconditional
// ones are adding games, deleting a game nobody has open, and imports
// (ApplyImport, which reads and writes in one transaction). Tests set
// events up through the same calls, or sheet/sheettest's helpers over
// them; every store passes sheet/storetest.Run.
type EventStore interface {
	// The editor's writes, each conditional on what the writer saw
	// (eventstore_conflict.go): cells, copies' languages, results and
	// consulted flags, decisions, the header.
	GameStore

	// Location says where the event is, as a person would type it again:
	// a file's absolute path, or a postgres:// location (never with a
	// password).
	Location() string
	// Ping returns nil while the event can be read and written, else
	// the error a write would get now (for a server: store-unreachable
	// while it cannot be reached).
	Ping() error
	Close() error
	// Changes tells what other writers commit (store/watch.go): the file
	// polls its data_version, a server's event is told by LISTEN/NOTIFY.
	Changes() <-chan Change

	Event() (Event, error)
	SetEventIf(was, ev Event) error

	Game(id int64) (Game, error)
	GameAt(round, board int) (Game, error)
	Games() ([]Game, error)
	EachGame(f GameFilter, fn func(g *Game) error) error
	CountGames(f GameFilter) (int, error)
	Boards() ([][2]int, error)

	AddGame(g Game) (int64, error)
	AddGames(gs []Game) ([]int64, error)
	DeleteGame(id int64) error
	DeleteGameIf(was Game) error

	Source(kind string) (src Source, ok bool, err error)
	Sources() ([]Source, error)
	ApplyImport(kind string, plan func(base ImportBase) (Import, error)) ([]int64, error)
}

// The codes of an event on a server (package pgstore); a file's are in
// eventstore_error.go.
const (
	// StoreUnreachable: the server cannot be reached (the network, the
	// server stopped or restarting, the connection cut). The call that
	// got it wrote nothing, except that a write cut during its commit may
	// have been committed: a conditional write (SetCellIf) can be sent
	// again as it was, it succeeds once when the cell holds what it
	// writes.
	StoreUnreachable StoreErrorCode = "store-unreachable"
	// StoreAuth: the server refused the user name or the password.
	StoreAuth StoreErrorCode = "store-auth"
	// StoreNoEvent: the database holds no event of the location's name,
	// or there is no such database.
	StoreNoEvent StoreErrorCode = "store-no-event"
	// StoreEventExists: Create was given the name of an event the
	// database already holds.
	StoreEventExists StoreErrorCode = "store-event-exists"
	// StoreBadLocation: a location that does not read:
	// postgres://USER@HOST[:PORT]/DB?event=NAME, with no password in it
	// (PGPASSWORD, ~/.pgpass or the service file hold it) and no
	// parameter but those of a connection.
	StoreBadLocation StoreErrorCode = "store-bad-location"
	// StoreHeld: another connection held the event's lock (or a lock the
	// call needed) longer than the call waits: a laptop asleep in the
	// middle of a write, a stuck program. Nothing was written. Err is a
	// *LockHolder saying who, as far as the server tells.
	StoreHeld StoreErrorCode = "store-held"
)

// StoreCopyDiffers: an event copied (event copy) does not read back as
// the event it was copied from (another program wrote the event during
// the copy); Err names the first difference.
const StoreCopyDiffers StoreErrorCode = "store-copy-differs"
