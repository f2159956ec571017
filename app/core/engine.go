package core

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"scoresheet/sheet"
	"scoresheet/trf"
)

// EngineKind is the kind of the event's source that holds the pairing
// engine's command line (event set --pairing-engine): kept with the
// event, copied with it, through the event store's sources.
const EngineKind = "pairing-engine"

// The codes of a pairing the engine could not make (EngineError).
const (
	EngineNone   = "engine-none"    // no pairing engine set for the event
	EngineStart  = "engine-start"   // the engine's program could not be started
	EngineFailed = "engine-failed"  // the engine exited with an error: its own message quoted
	EngineNoList = "engine-no-list" // the engine wrote no pairing list
)

// EngineError is a pairing the engine did not make: Code says what,
// Output is what the engine said (stderr, else stdout), Err the system's
// error (the exit status, a program not found).
type EngineError struct {
	Code    string
	Command string
	Output  string
	Err     error
}

func (e *EngineError) Error() string {
	s := e.Code
	if e.Err != nil {
		s += ": " + e.Err.Error()
	}
	return s
}

func (e *EngineError) Unwrap() error { return e.Err }

// EngineTimeout bounds an engine's run: bbpPairings pairs 1,000 players
// in seconds; one still running after this is stuck.
var EngineTimeout = 5 * time.Minute

// SetPairingEngine keeps the event's pairing engine: a command line,
// bbpPairings' or JaVaFo's ("" none). It is run as EngineArgs says.
func SetPairingEngine(st sheet.EventStore, command string) error {
	command = strings.TrimSpace(command)
	_, err := st.ApplyImport(EngineKind, func(sheet.ImportBase) (sheet.Import, error) {
		return sheet.Import{Source: &sheet.Source{Kind: EngineKind, Body: []byte(command)}}, nil
	})
	return err
}

// PairingEngine returns the event's pairing engine's command line, ""
// when none is set.
func PairingEngine(st sheet.EventStore) (string, error) {
	src, _, err := st.Source(EngineKind)
	return strings.TrimSpace(string(src.Body)), err
}

// EngineArgs turns the engine's command line into the program and its
// arguments for pairing input into the list output, as both engines
// take them: ENGINE INPUT -p OUTPUT. Words are split at blanks, a
// "quoted" word kept whole. A JaVaFo .jar alone is run with java -jar;
// bbpPairings without a system is told --dutch (FIDE's Dutch system).
func EngineArgs(command, input, output string) []string {
	args := splitCommand(command)
	if len(args) == 0 {
		return nil
	}
	if strings.HasSuffix(strings.ToLower(args[0]), ".jar") {
		args = append([]string{"java", "-ea", "-jar"}, args...)
	}
	base := strings.ToLower(filepath.Base(args[0]))
	if strings.HasPrefix(base, "bbppairings") && !hasSystem(args[1:]) {
		args = append(args, "--dutch")
	}
	return append(args, input, "-p", output)
}

// hasSystem says bbpPairings' arguments name its pairing system.
func hasSystem(args []string) bool {
	for _, a := range args {
		if a == "--dutch" || a == "--burstein" {
			return true
		}
	}
	return false
}

// splitCommand splits a command line at blanks outside double quotes.
func splitCommand(s string) []string {
	var out []string
	var cur strings.Builder
	inWord, quoted := false, false
	for _, c := range s {
		switch {
		case c == '"':
			quoted, inWord = !quoted, true
		case !quoted && (c == ' ' || c == '\t'):
			if inWord {
				out = append(out, cur.String())
				cur.Reset()
			}
			inWord = false
		default:
			cur.WriteRune(c)
			inWord = true
		}
	}
	if inWord {
		out = append(out, cur.String())
	}
	return out
}

// Paired is what Pair did: the round, the engine's command as run, the
// export's counts and the list's import.
type Paired struct {
	Round    int
	Command  []string
	Exported TRFWritten
	Imported Imported
}

// Pair pairs the next round with the event's pairing engine: it writes
// the event's TRF as export --format trf does (TRFResults: a finished
// round lacking results refuses), runs the engine on it, and imports
// its pairing list as that round (ImportPairs). round 0 is the round
// after the last one paired in the event's TRF; another is refused
// (trf.CodeListRound: the engine pairs only the next round). An engine
// not set, not started, failing or writing no list is an *EngineError
// with its own words; nothing is imported then.
func Pair(st sheet.EventStore, round int) (Paired, error) {
	done := Paired{Round: round}
	command, err := PairingEngine(st)
	if err != nil {
		return done, err
	}
	if command == "" {
		return done, &EngineError{Code: EngineNone}
	}
	data, written, err := TRFResults(st, sheet.GameFilter{}, TRFOptions{})
	done.Exported = written
	if err != nil {
		return done, err
	}
	f, err := trf.Parse(data)
	if err != nil {
		return done, err
	}
	next := f.PairedRounds() + 1
	if round == 0 {
		done.Round = next
	} else if round != next {
		return done, &trf.Error{Code: trf.CodeListRound, Text: strconv.Itoa(round)}
	}
	list, args, err := runEngine(command, data)
	done.Command = args
	if err != nil {
		return done, err
	}
	done.Imported, err = ImportPairs(st, "pairing engine", list, ImportOptions{Round: done.Round})
	return done, err
}

// runEngine writes data into a folder of its own, runs the engine on it
// and returns the list it wrote, and the command as run.
func runEngine(command string, data []byte) ([]byte, []string, error) {
	dir, err := os.MkdirTemp("", "scoresheet-pair-")
	if err != nil {
		return nil, nil, err
	}
	defer os.RemoveAll(dir)
	input, output := filepath.Join(dir, "event.trf"), filepath.Join(dir, "pairs.txt")
	if err := os.WriteFile(input, data, 0o600); err != nil {
		return nil, nil, err
	}
	args := EngineArgs(command, input, output)
	ctx, cancel := context.WithTimeout(context.Background(), EngineTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, args[0], args[1:]...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr, cmd.Dir = &stdout, &stderr, dir
	runErr := cmd.Run()
	said := strings.TrimSpace(stderr.String())
	if said == "" {
		said = strings.TrimSpace(stdout.String())
	}
	var exitErr *exec.ExitError
	switch {
	case runErr != nil && !errors.As(runErr, &exitErr):
		return nil, args, &EngineError{Code: EngineStart, Command: command, Output: said, Err: runErr}
	case runErr != nil:
		return nil, args, &EngineError{Code: EngineFailed, Command: command, Output: said, Err: runErr}
	}
	list, err := os.ReadFile(output)
	if err != nil || len(bytes.TrimSpace(list)) == 0 {
		return nil, args, &EngineError{Code: EngineNoList, Command: command, Output: said, Err: err}
	}
	return list, args, nil
}
