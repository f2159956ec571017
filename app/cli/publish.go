package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"scoresheet/app/core"
	"scoresheet/app/publish"
)

var publishCommand = &command{
	name:    "publish",
	summary: "keep a round published: to a Lichess broadcast round, a folder, or over HTTP",
	args:    "EVENT --round R [--lichess ROUNDID --token-file FILE [--lichess-url URL]] [--folder DIR] [--serve ADDR]",
	help: `
Publishes every board of round R, as PGN export writes it (tags, moves,
clock times) with Round "R.B" and Board, then keeps running: the round is
sent again within about 2 seconds of any change to the event (a window's
typing, another command), never more than once a second, until
interrupted (Ctrl-C). The event is only read.
  --lichess ROUNDID  pushes to the Lichess broadcast round (8 characters,
                     in its URL), PGN 100 games a request in board order;
                     the token (scope study:write) is read from
                     --token-file and never printed; --lichess-url is
                     another server (a self-hosted lila, a test).
  --folder DIR       writes DIR/round-R/games.pgn whole on each change
                     (the folder Lichess Broadcaster watches).
  --serve ADDR       serves http://ADDR/round/R.pgn (with ETag and
                     If-None-Match) for Lichess's source-URL polling and
                     the venue's screens.
A game Lichess refuses is said with its board and Lichess's words; a
refused token ends the command (exit 1); a network failure is said and
tried again after 1, 2, 4 ... 30 seconds.`,
	setup: func(fs *flag.FlagSet) func([]string, IO) int {
		var o publishOptions
		fs.IntVar(&o.round, "round", 0, "the round to publish (required)")
		fs.StringVar(&o.lichess, "lichess", "", "the Lichess broadcast round's id")
		fs.StringVar(&o.tokenFile, "token-file", "", "file holding the Lichess API token (with --lichess)")
		fs.StringVar(&o.lichessURL, "lichess-url", publish.LichessURL, "the Lichess server")
		fs.StringVar(&o.folder, "folder", "", "write DIR/round-R/games.pgn")
		fs.StringVar(&o.serve, "serve", "", "serve /round/R.pgn over HTTP at this address (host:port)")
		return func(args []string, stdio IO) int { return runPublish(fs, &o, args, stdio) }
	},
}

type publishOptions struct {
	round                                         int
	lichess, tokenFile, lichessURL, folder, serve string
}

// publishContext is the publishing's life: until SIGINT or SIGTERM (a
// test replaces it).
var publishContext = func() (context.Context, context.CancelFunc) {
	return signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
}

func runPublish(fs *flag.FlagSet, o *publishOptions, args []string, stdio IO) int {
	if len(args) > 1 && !strings.HasPrefix(args[0], "-") {
		// EVENT first, its flags after it (as "event" commands take
		// them): the flag package stopped at EVENT.
		if err := fs.Parse(args[1:]); err != nil {
			fs.Usage()
			return ExitUsage
		}
		args = append([]string{args[0]}, fs.Args()...)
	}
	switch {
	case len(args) != 1 || o.round <= 0:
		fmt.Fprintf(stdio.Stderr, "scoresheet publish: want --round R and one EVENT\n")
		fs.Usage()
		return ExitUsage
	case o.lichess == "" && o.folder == "" && o.serve == "":
		fmt.Fprintf(stdio.Stderr, "scoresheet publish: want --lichess, --folder or --serve\n")
		return ExitUsage
	case (o.lichess == "") != (o.tokenFile == ""):
		fmt.Fprintf(stdio.Stderr, "scoresheet publish: --lichess and --token-file go together\n")
		return ExitUsage
	}
	targets, server, err := publishTargets(*o)
	if err != nil {
		fmt.Fprintf(stdio.Stderr, "scoresheet publish: %s\n", Explain(err))
		return ExitUsage
	}
	if server != nil {
		defer server.Close()
		fmt.Fprintf(stdio.Stdout, "serving round %d at http://%s%s\n", o.round, server.Addr(), server.Path())
	}
	st, err := openStore(args[0], "publish", stdio)
	if err != nil {
		fmt.Fprintf(stdio.Stderr, "scoresheet publish: %s\n", Explain(err))
		return exitFor(err)
	}
	defer st.Close()
	if _, err := st.Event(); err != nil {
		fmt.Fprintf(stdio.Stderr, "scoresheet publish: %s\n", Explain(err))
		return exitFor(err)
	}
	ctx, stop := publishContext()
	defer stop()
	p := &publish.Publisher{Store: st, Round: o.round, Targets: targets, Report: func(r publish.Report) { sayPublished(stdio, r, targets) }}
	if err := p.Run(ctx); err != nil {
		return ExitError // said by the report
	}
	return ExitOK
}

// publishTargets makes the targets the flags name (publish.Options);
// server is the HTTP target, listening, when --serve is given.
func publishTargets(o publishOptions) (targets []publish.Target, server *publish.Server, err error) {
	return publish.Options{Round: o.round, Lichess: o.lichess, TokenFile: o.tokenFile, LichessURL: o.lichessURL, Folder: o.folder, Serve: o.serve}.Targets()
}

// sayPublished says a sending's outcome: a line on stdout for what went,
// a line on stderr for each board refused or not written and for a
// sending that failed.
func sayPublished(stdio IO, r publish.Report, targets []publish.Target) {
	if r.Sending {
		return
	}
	where := r.Target
	if where == "" {
		where = "event"
	}
	for _, t := range targets {
		if f, ok := t.(*publish.Folder); ok && t.Name() == r.Target {
			where = f.Path()
		}
	}
	counts := map[publish.State]int{}
	for _, b := range r.Boards {
		counts[b.State]++
		if b.Err != nil {
			fmt.Fprintf(stdio.Stderr, "scoresheet publish: %s: round %d board %d: %s\n", where, r.Round, b.Board, boardError(b))
		}
	}
	switch {
	case r.Fatal:
		fmt.Fprintf(stdio.Stderr, "scoresheet publish: %s: %s\n", where, Explain(r.Err))
	case r.Retry:
		fmt.Fprintf(stdio.Stderr, "scoresheet publish: %s: %s; trying again in %s\n", where, Explain(r.Err), r.RetryIn)
	case r.Err != nil && !allRefused(r):
		fmt.Fprintf(stdio.Stderr, "scoresheet publish: %s: %s\n", where, Explain(r.Err))
	}
	if len(r.Boards) > 0 && !r.Retry && !r.Fatal {
		var parts []string
		for _, s := range []publish.State{publish.Sent, publish.Refused, publish.NotWritten, publish.Waiting} {
			if counts[s] > 0 {
				parts = append(parts, fmt.Sprintf("%d %s", counts[s], s))
			}
		}
		fmt.Fprintf(stdio.Stdout, "round %d to %s: %s\n", r.Round, where, strings.Join(parts, ", "))
	}
}

// boardError says why a board did not go: Lichess's words for a refused
// one (the board is said by the line), the export's for one not written.
func boardError(b publish.BoardStatus) string {
	var pe *core.PublishError
	if errors.As(b.Err, &pe) {
		e := *pe
		e.Board = 0
		return Explain(&e)
	}
	return Explain(b.Err)
}

// allRefused: every board is refused with the push's error (a 400), said
// board by board already.
func allRefused(r publish.Report) bool {
	for _, b := range r.Boards {
		if b.State != publish.Refused {
			return false
		}
	}
	return len(r.Boards) > 0
}
