// Package cli implements Scoresheet's headless command line: the
// subcommands run by "scoresheet COMMAND [ARGS]".
//
// It must not import Fyne, so that it builds and runs without a display.
package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"scoresheet/app/core"
	"scoresheet/sheet"
	"scoresheet/sheet/location"
)

// Exit codes returned by Main.
const (
	ExitOK    = 0 // success
	ExitError = 1 // the command failed
	ExitUsage = 2 // bad command line
	// ExitUnreachable: the event's server could not be reached; what the
	// command did not acknowledge was not saved (run it again once the
	// server is back: what it acknowledged is stored).
	ExitUnreachable = 3
	// ExitHeld: another connection held the event on its server (its
	// lock) longer than the command waits; the command said who, as far
	// as the server tells. What it printed as stored is stored.
	ExitHeld = 4
)

// exitFor is the exit code of a command that failed with err.
func exitFor(err error) int {
	switch sheet.StoreErrorCodeOf(err) {
	case sheet.StoreUnreachable:
		return ExitUnreachable
	case sheet.StoreHeld:
		return ExitHeld
	}
	return ExitError
}

// IO holds the standard streams a command reads and writes.
type IO struct {
	Stdin  io.Reader
	Stdout io.Writer
	Stderr io.Writer
}

// command is one subcommand of the table.
type command struct {
	name    string // as typed after "scoresheet"
	summary string // one line, shown by "scoresheet help"
	args    string // synopsis after the name, e.g. "[--divide] FEN DEPTH"
	help    string // longer description, shown by "scoresheet help NAME"

	// setup defines the command's flags on fs and returns the function
	// that runs the command on the positional arguments left after
	// flag parsing. The run function returns an exit code; on a usage
	// error it reports on stderr, may call fs.Usage, and returns ExitUsage.
	setup func(fs *flag.FlagSet) (run func(args []string, stdio IO) int)
}

// commands is the subcommand table, in the order "help" lists it.
// It is filled in init to break the initialisation cycle with "help".
var commands []*command

func init() {
	commands = []*command{
		helpCommand,
		perftCommand,
		checkCommand,
		validateCommand,
		eventCommand,
		importCommand,
		exportCommand,
		publishCommand,
	}
}

// lookup returns the command called name, or nil.
func lookup(name string) *command {
	for _, c := range commands {
		if c.name == name {
			return c
		}
	}
	return nil
}

// Main runs the command line args (without the program name) and
// returns the process exit code. Everything it prints goes through
// core.TerminalWriter: names, cells, file names and errors quoting them
// come from other people's files, and a control character among them
// printed raw would act on the terminal (set its title, clear it).
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	location.SetFace("cli")
	out, errOut := core.NewTerminalWriter(stdout), core.NewTerminalWriter(stderr)
	defer out.Flush()
	defer errOut.Flush()
	return runMain(args, IO{Stdin: stdin, Stdout: out, Stderr: errOut})
}

// runMain runs the command line args on stdio.
func runMain(args []string, stdio IO) int {
	stderr := stdio.Stderr
	if len(args) == 0 {
		printMainUsage(stderr)
		return ExitUsage
	}
	name := args[0]
	switch name {
	case "-h", "-help", "--help":
		name = "help"
	}
	if strings.HasPrefix(name, "-") {
		// Leading flags are reserved for the GUI (e.g. --event FILE).
		fmt.Fprintf(stderr, "scoresheet: unknown flag %s\n\n", name)
		printMainUsage(stderr)
		return ExitUsage
	}
	c := lookup(name)
	if c == nil {
		fmt.Fprintf(stderr, "scoresheet: unknown command %q\n\n", name)
		printMainUsage(stderr)
		return ExitUsage
	}
	return c.execute(args[1:], stdio)
}

// execute parses the command's flags and runs it.
func (c *command) execute(args []string, stdio IO) int {
	fs := flag.NewFlagSet("scoresheet "+c.name, flag.ContinueOnError)
	fs.SetOutput(stdio.Stderr)
	fs.Usage = func() {} // printed below, to stdout for -h, stderr otherwise
	run := c.setup(fs)
	err := fs.Parse(args)
	fs.Usage = func() { c.printUsage(stdio.Stderr, fs) }
	switch {
	case errors.Is(err, flag.ErrHelp):
		c.printUsage(stdio.Stdout, fs)
		return ExitOK
	case err != nil:
		// The flag package has already reported the error.
		fs.Usage()
		return ExitUsage
	}
	return run(fs.Args(), stdio)
}

// printUsage writes the command's usage, description and flags to w.
func (c *command) printUsage(w io.Writer, fs *flag.FlagSet) {
	fmt.Fprintf(w, "Usage: scoresheet %s", c.name)
	if c.args != "" {
		fmt.Fprintf(w, " %s", c.args)
	}
	fmt.Fprintf(w, "\n\n%s\n", c.summary)
	if c.help != "" {
		fmt.Fprintf(w, "\n%s\n", strings.TrimSpace(c.help))
	}
	hasFlags := false
	fs.VisitAll(func(*flag.Flag) { hasFlags = true })
	if hasFlags {
		fmt.Fprintf(w, "\nFlags:\n")
		out := fs.Output()
		fs.SetOutput(w)
		fs.PrintDefaults()
		fs.SetOutput(out)
	}
}

// printMainUsage writes the program usage and the command list to w.
func printMainUsage(w io.Writer) {
	fmt.Fprintf(w, "Usage: scoresheet [COMMAND [ARGS]]\n\n")
	fmt.Fprintf(w, "Without a command, scoresheet opens the desktop app.\n\n")
	fmt.Fprintf(w, "Commands:\n")
	width := 0
	for _, c := range commands {
		width = max(width, len(c.name))
	}
	for _, c := range commands {
		fmt.Fprintf(w, "  %-*s  %s\n", width, c.name, c.summary)
	}
	fmt.Fprintf(w, "\nRun \"scoresheet help COMMAND\" for a command's usage.\n")
}

// plural says a count with its noun: "1 game", "2 games".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
