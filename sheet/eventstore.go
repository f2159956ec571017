package sheet

// EventStore is an open event, wherever it is kept: an SQLite file on
// this computer (*Store, this package) or an event on a PostgreSQL
// server that several laptops write at once (package pgstore). The app,
// its command line and the exports use an event only through this
// interface, so that both behave alike: the same reads, the same checks
// of arguments, the same error codes (*StoreError), the same conditional
// writes. The store's contract tests run against both.
//
// Every write is committed before it returns; every method may be called
// from several goroutines at once.
type EventStore interface {
	GameStore // the editor's writes: cells, copies' languages and results, decisions, the header

	// Location says where the event is, as a person would type it again:
	// a file's absolute path, or a postgres:// location (never with a
	// password).
	Location() string
	// Ping returns nil while the event can be read and written, else
	// the error a write would get now (for a server: store-unreachable
	// while it cannot be reached).
	Ping() error
	Close() error

	Event() (Event, error)
	SetEvent(ev Event) error

	Game(id int64) (Game, error)
	GameAt(round, board int) (Game, error)
	Games() ([]Game, error)
	EachGame(f GameFilter, fn func(g *Game) error) error
	CountGames(f GameFilter) (int, error)
	Boards() ([][2]int, error)

	AddGame(g Game) (int64, error)
	AddGames(gs []Game) ([]int64, error)
	DeleteGame(id int64) error
	SetCell(id int64, side Side, index int, c Cell) error

	Source(kind string) (src Source, ok bool, err error)
	Sources() ([]Source, error)
	ApplyImport(plan func(ev Event, games []Game) Import) ([]int64, error)
}

// The event file is an EventStore.
var _ EventStore = (*Store)(nil)

// Location returns the event file's absolute path (Path).
func (s *Store) Location() string { return s.path }

// Ping returns nil while the store takes writes: not after Close, nor
// once its files were lost (store_identity.go).
func (s *Store) Ping() error {
	if s.closed.Load() {
		return &StoreError{Code: StoreClosed, Path: s.path}
	}
	if lost := s.lost.Load(); lost != nil {
		return lost
	}
	return nil
}

// The codes of an event on a server (package pgstore); a file's are in
// store_error.go.
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
)

// StoreCopyDiffers: an event copied (event copy) does not read back as
// the event it was copied from (another program wrote the event during
// the copy); Err names the first difference.
const StoreCopyDiffers StoreErrorCode = "store-copy-differs"
