// Package pgtest starts a throwaway PostgreSQL cluster for the tests of
// one package run: initdb and pg_ctl, as the postgres user when the
// tests run as root (initdb refuses root), in a temporary directory, on
// a free port of 127.0.0.1; stopped and removed after the package's
// tests (Main), and by a watchdog when the test process dies first
// (killed, timed out, panicked), so that no cluster outlives a run.
//
// The cluster holds a user (User) with a password and a database
// (Database) it owns, as docs/tournament.md's venue set-up makes them; clients
// find the password the libpq way, in the passfile named by PGPASSFILE,
// which Need sets for the test process and the programs it starts.
//
// Without PostgreSQL installed a test that needs it is skipped, except
// on CI (CI set), where it fails: make test installs Debian's
// postgresql.
package pgtest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"scoresheet/internal/xtest"
)

// User and Database are what the venue's event is kept as: a user with
// a password and a database it owns.
const (
	User     = "arbiter"
	Database = "venue"
)

// Server is a running throwaway cluster.
type Server struct {
	Port int

	dir       string // the cluster's: data, socket, log (owned by its user)
	clientDir string // the test process's: the passfile
	password  string
	bin       string   // the directory of initdb and pg_ctl
	as        *account // the postgres user when running as root, else nil
	watchdog  *exec.Cmd
	events    atomic.Int64
}

var (
	once     sync.Once
	shared   *Server
	startErr error
	absent   string // why PostgreSQL cannot run here: not installed, no postgres user
)

// Need returns the cluster of this package run, started by its first
// caller. Without PostgreSQL it skips t, or fails it on CI.
func Need(t testing.TB) *Server {
	t.Helper()
	once.Do(func() { shared, startErr = start() })
	if absent != "" {
		xtest.Missing(t, "PostgreSQL is needed: "+absent)
	}
	if startErr != nil {
		t.Fatalf("starting a PostgreSQL cluster: %v", startErr)
	}
	return shared
}

// Main runs the package's tests and then stops the cluster if one was
// started; it returns m.Run's code. Call it from TestMain.
func Main(m *testing.M) int {
	code := m.Run()
	if shared != nil {
		shared.remove()
	}
	return code
}

// binDir finds initdb and pg_ctl: on PATH, else where Debian's
// postgresql-NN puts them (the newest).
func binDir() (string, error) {
	if p, err := exec.LookPath("pg_ctl"); err == nil {
		if _, err := exec.LookPath("initdb"); err == nil {
			return filepath.Dir(p), nil
		}
	}
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	sort.Slice(dirs, func(i, j int) bool {
		vi, _ := strconv.Atoi(filepath.Base(filepath.Dir(dirs[i])))
		vj, _ := strconv.Atoi(filepath.Base(filepath.Dir(dirs[j])))
		return vi > vj
	})
	for _, d := range dirs {
		if _, err := os.Stat(filepath.Join(d, "initdb")); err == nil {
			return d, nil
		}
	}
	return "", errors.New("no initdb and pg_ctl (on PATH or in /usr/lib/postgresql/*/bin)")
}

func start() (*Server, error) {
	bin, err := binDir()
	if err != nil {
		absent = err.Error()
		return nil, nil
	}
	as, err := clusterUser()
	if err != nil {
		absent = err.Error()
		return nil, nil
	}
	s := &Server{bin: bin, as: as, password: randomHex(12)}
	if err := s.makeDirs(); err != nil {
		s.remove()
		return nil, err
	}
	if err := s.initdb(); err != nil {
		s.remove()
		return nil, err
	}
	s.startWatchdog()
	if err := s.listen(); err != nil {
		s.remove()
		return nil, err
	}
	if err := s.setup(); err != nil {
		s.remove()
		return nil, err
	}
	return s, nil
}

func randomHex(n int) string {
	b := make([]byte, n)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// makeDirs makes the cluster's directory, owned by its user, and the
// client's, with the passfile, named by PGPASSFILE from now on. No
// PGPASSWORD is inherited: the passfile is what the tests use.
func (s *Server) makeDirs() error {
	var err error
	if s.dir, err = os.MkdirTemp("", "scoresheet-pg-"); err != nil {
		return err
	}
	if err := s.as.own(s.dir); err != nil {
		return err
	}
	if s.clientDir, err = os.MkdirTemp("", "scoresheet-pgclient-"); err != nil {
		return err
	}
	return nil
}

// run runs a program of the cluster's as its user, in its directory.
func (s *Server) run(name string, args ...string) error {
	cmd := exec.Command(filepath.Join(s.bin, name), args...)
	cmd.Dir = s.dir
	cmd.Env = append(os.Environ(), "LC_ALL=C", "PGTZ=UTC")
	s.as.runAs(cmd)
	out, err := cmd.CombinedOutput()
	if err != nil {
		return fmt.Errorf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
	}
	return nil
}

func (s *Server) data() string { return filepath.Join(s.dir, "data") }

// initdb makes the cluster: its superuser postgres trusted on the Unix
// socket only (the tests' administration), every TCP connection with a
// password (SCRAM), as at a venue.
func (s *Server) initdb() error {
	return s.run("initdb", "-D", s.data(), "-U", "postgres", "-E", "UTF8", "--no-locale",
		"--auth-local=trust", "--auth-host=scram-sha-256", "--no-sync")
}

// listen starts the cluster on a free port, choosing another when the
// one chosen was taken meanwhile.
func (s *Server) listen() error {
	var err error
	for range 5 {
		if s.Port, err = freePort(); err != nil {
			return err
		}
		if err = s.Start(); err == nil {
			return nil
		}
	}
	return err
}

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

// Start starts the cluster (again, after Stop) and waits until it takes
// connections.
func (s *Server) Start() error {
	opts := fmt.Sprintf("-c listen_addresses=127.0.0.1 -c port=%d -c unix_socket_directories=%s -c max_connections=200",
		s.Port, s.dir)
	return s.run("pg_ctl", "-D", s.data(), "-l", filepath.Join(s.dir, "log"), "-w", "-t", "120", "-o", opts, "start")
}

// Stop stops the cluster the way a venue's server goes down: "fast"
// ends every connection and shuts down cleanly, "immediate" as if the
// server lost its power (the data survive through the WAL).
func (s *Server) Stop(mode string) error {
	return s.run("pg_ctl", "-D", s.data(), "-m", mode, "-w", "-t", "120", "stop")
}

// startWatchdog starts a process, in a session of its own so that it
// outlives the test process, that waits for the test process to end and
// then ends the cluster (SIGQUIT: immediate shutdown) and removes its
// directories. After a normal run remove has done that and ends it.
func (s *Server) startWatchdog() {
	script := `while kill -0 "$1" 2>/dev/null; do sleep 1; done
pid=$(head -n 1 "$2/data/postmaster.pid" 2>/dev/null) && kill -QUIT "$pid" 2>/dev/null
sleep 2; rm -rf "$2" "$3"`
	cmd := exec.Command("/bin/sh", "-c", script, "pgtest-watchdog", strconv.Itoa(os.Getpid()), s.dir, s.clientDir)
	detach(cmd)
	if cmd.Start() == nil {
		s.watchdog = cmd
	}
}

// remove stops the cluster and removes its directories and the watchdog.
func (s *Server) remove() {
	if s.Port != 0 {
		s.Stop("fast")
	}
	if s.dir != "" {
		os.RemoveAll(s.dir)
	}
	if s.clientDir != "" {
		os.RemoveAll(s.clientDir)
	}
	if s.watchdog != nil {
		s.watchdog.Process.Kill()
		s.watchdog.Wait()
	}
}

// setup makes the venue's user and database, and the passfile that
// holds the user's password.
func (s *Server) setup() error {
	ctx := context.Background()
	c, err := s.admin(ctx, "postgres")
	if err != nil {
		return err
	}
	defer c.Close(ctx)
	for _, q := range []string{
		fmt.Sprintf(`CREATE ROLE %s LOGIN PASSWORD '%s'`, User, s.password),
		fmt.Sprintf(`CREATE DATABASE %s OWNER %s`, Database, User),
	} {
		if _, err := c.Exec(ctx, q); err != nil {
			return fmt.Errorf("%s: %w", q, err)
		}
	}
	pass := filepath.Join(s.clientDir, "pgpass")
	line := fmt.Sprintf("127.0.0.1:%d:*:%s:%s\n", s.Port, User, s.password)
	if err := os.WriteFile(pass, []byte(line), 0o600); err != nil {
		return err
	}
	os.Setenv("PGPASSFILE", pass)
	os.Unsetenv("PGPASSWORD")
	return nil
}

// admin connects to database db as the superuser, over the Unix socket.
func (s *Server) admin(ctx context.Context, db string) (*pgx.Conn, error) {
	return pgx.Connect(ctx, fmt.Sprintf("host=%s port=%d user=postgres dbname=%s sslmode=disable", s.dir, s.Port, db))
}

// withAdmin runs fn on a connection to database db as the superuser.
func (s *Server) withAdmin(t testing.TB, db string, fn func(ctx context.Context, c *pgx.Conn) error) {
	t.Helper()
	ctx := context.Background()
	c, err := s.admin(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close(ctx)
	if err := fn(ctx, c); err != nil {
		t.Fatal(err)
	}
}

// Exec runs SQL statements as the superuser in database db.
func (s *Server) Exec(t testing.TB, db string, stmts ...string) {
	t.Helper()
	s.withAdmin(t, db, func(ctx context.Context, c *pgx.Conn) error {
		for _, q := range stmts {
			if _, err := c.Exec(ctx, q); err != nil {
				return fmt.Errorf("%s: %w", q, err)
			}
		}
		return nil
	})
}

// Password returns the user's password (to test that it is never said).
func (s *Server) Password() string { return s.password }

// Location returns the location of event name in database db.
func (s *Server) Location(db, name string) string {
	return fmt.Sprintf("postgres://%s@127.0.0.1:%d/%s?event=%s", User, s.Port, db, url.QueryEscape(name))
}

// Event returns the location of a new event, in the venue's database,
// named after the test: each call another.
func (s *Server) Event(t testing.TB) string {
	n := s.events.Add(1)
	return s.Location(Database, fmt.Sprintf("%s #%d", t.Name(), n))
}

// NewDatabase makes an empty database owned by User and returns its name.
func (s *Server) NewDatabase(t testing.TB) string {
	t.Helper()
	name := fmt.Sprintf("db%d_%s", s.events.Add(1), strings.ToLower(randomHex(4)))
	s.Exec(t, "postgres", fmt.Sprintf(`CREATE DATABASE %s OWNER %s`, name, User))
	return name
}

// Terminate ends every connection of User to database db
// (pg_terminate_backend) and returns how many there were.
func (s *Server) Terminate(t testing.TB, db string) int {
	t.Helper()
	var n int
	s.withAdmin(t, "postgres", func(ctx context.Context, c *pgx.Conn) error {
		return c.QueryRow(ctx, `SELECT count(*) FROM (SELECT pg_terminate_backend(pid) FROM pg_stat_activity
			WHERE datname = $1 AND usename = $2) t`, db, User).Scan(&n)
	})
	return n
}

// WaitGone waits until the cluster has no more connections of User to
// db than keep: the terminated backends have ended.
func (s *Server) WaitGone(t testing.TB, db string, keep int) {
	t.Helper()
	s.withAdmin(t, "postgres", func(ctx context.Context, c *pgx.Conn) error {
		for {
			var n int
			if err := c.QueryRow(ctx, `SELECT count(*) FROM pg_stat_activity WHERE datname = $1 AND usename = $2`,
				db, User).Scan(&n); err != nil {
				return err
			}
			if n <= keep {
				return nil
			}
			time.Sleep(20 * time.Millisecond)
		}
	})
}

// StopFor stops the cluster ("fast": every connection ended, a clean
// shutdown) in the middle of a test and returns the function that starts
// it again; the test's end starts it if the test did not, so that the
// package's next tests find it running.
func (s *Server) StopFor(t testing.TB) (start func()) {
	t.Helper()
	if err := s.Stop("fast"); err != nil {
		t.Fatal(err)
	}
	var once sync.Once
	start = func() {
		once.Do(func() {
			if err := s.Start(); err != nil {
				t.Fatal(err)
			}
		})
	}
	t.Cleanup(start)
	return start
}
