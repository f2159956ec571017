package cli_test

import (
	"bytes"
	"strings"
	"testing"

	"scoresheet/app/cli"
)

const (
	startFEN    = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
	kiwipeteFEN = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
)

// run calls cli.Main with args and returns its exit code and output.
func run(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = cli.Main(args, strings.NewReader(""), &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestCommandLine(t *testing.T) {
	tests := []struct {
		name     string
		args     []string
		code     int
		stdout   []string // substrings stdout must contain
		stderr   []string // substrings stderr must contain
		noStdout bool     // stdout must be empty
		noStderr bool     // stderr must be empty
	}{
		{name: "no args", args: nil, code: 2, stderr: []string{"Usage: scoresheet", "perft"}, noStdout: true},
		{name: "help", args: []string{"help"}, code: 0, stdout: []string{"Usage: scoresheet", "help ", "perft ", "count the leaf nodes"}, noStderr: true},
		{name: "-h", args: []string{"-h"}, code: 0, stdout: []string{"Commands:", "perft"}, noStderr: true},
		{name: "--help", args: []string{"--help"}, code: 0, stdout: []string{"Commands:", "perft"}, noStderr: true},
		{name: "help perft", args: []string{"help", "perft"}, code: 0, stdout: []string{"Usage: scoresheet perft [--divide] FEN DEPTH", "-divide"}, noStderr: true},
		{name: "help help", args: []string{"help", "help"}, code: 0, stdout: []string{"Usage: scoresheet help [COMMAND]"}, noStderr: true},
		{name: "help unknown", args: []string{"help", "nope"}, code: 2, stderr: []string{`unknown command "nope"`}, noStdout: true},
		{name: "help too many", args: []string{"help", "perft", "x"}, code: 2, stderr: []string{"too many"}, noStdout: true},
		{name: "unknown command", args: []string{"nope"}, code: 2, stderr: []string{`unknown command "nope"`, "Commands:"}, noStdout: true},
		{name: "unknown leading flag", args: []string{"--event", "x.json"}, code: 2, stderr: []string{"unknown flag --event", "Usage:"}, noStdout: true},
		{name: "perft -h", args: []string{"perft", "-h"}, code: 0, stdout: []string{"Usage: scoresheet perft"}, noStderr: true},
		{name: "perft bad flag", args: []string{"perft", "--nope", startFEN, "1"}, code: 2, stderr: []string{"-nope", "Usage: scoresheet perft"}, noStdout: true},
		{name: "perft no args", args: []string{"perft"}, code: 2, stderr: []string{"want FEN and DEPTH", "Usage: scoresheet perft"}, noStdout: true},
		{name: "perft one arg", args: []string{"perft", startFEN}, code: 2, stderr: []string{"want FEN and DEPTH"}, noStdout: true},
		{name: "perft depth not integer", args: []string{"perft", startFEN, "x"}, code: 2, stderr: []string{"DEPTH"}, noStdout: true},
		{name: "perft depth negative", args: []string{"perft", startFEN, "-1"}, code: 2, stderr: []string{"DEPTH"}, noStdout: true},
		{name: "perft depth too big", args: []string{"perft", startFEN, "13"}, code: 2, stderr: []string{"DEPTH"}, noStdout: true},
		{name: "perft bad FEN", args: []string{"perft", "not a fen", "1"}, code: 2, stderr: []string{"scoresheet perft: "}, noStdout: true},
		{name: "perft bad FEN board", args: []string{"perft", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "1"}, code: 2, stderr: []string{"scoresheet perft: "}, noStdout: true},
		{name: "perft start depth 0", args: []string{"perft", startFEN, "0"}, code: 0, stdout: []string{"1\n"}, noStderr: true},
		{name: "perft start depth 3", args: []string{"perft", startFEN, "3"}, code: 0, stdout: []string{"8902\n"}, noStderr: true},
		{name: "perft start split FEN", args: append(append([]string{"perft"}, strings.Fields(startFEN)...), "2"), code: 0, stdout: []string{"400\n"}, noStderr: true},
		{name: "perft kiwipete depth 2", args: []string{"perft", kiwipeteFEN, "2"}, code: 0, stdout: []string{"2039\n"}, noStderr: true},
		{name: "perft divide depth 0", args: []string{"perft", "--divide", startFEN, "0"}, code: 2, stderr: []string{"--divide"}, noStdout: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := run(t, tt.args...)
			cli.CheckOutput(t, code, stdout, stderr, tt.code, tt.stdout, tt.stderr)
			if tt.noStdout && stdout != "" {
				t.Errorf("stdout not empty:\n%s", stdout)
			}
			if tt.noStderr && stderr != "" {
				t.Errorf("stderr not empty:\n%s", stderr)
			}
		})
	}
}

func TestPerftExactOutput(t *testing.T) {
	tests := []struct {
		fen   string
		depth string
		want  string
	}{
		{startFEN, "1", "20\n"},
		{startFEN, "3", "8902\n"},
		{kiwipeteFEN, "1", "48\n"},
		{kiwipeteFEN, "2", "2039\n"},
	}
	for _, tt := range tests {
		code, stdout, stderr := run(t, "perft", tt.fen, tt.depth)
		if code != 0 || stdout != tt.want || stderr != "" {
			t.Errorf("perft %q %s = %d, %q, %q; want 0, %q, \"\"", tt.fen, tt.depth, code, stdout, stderr, tt.want)
		}
	}
}

func TestPerftDivide(t *testing.T) {
	code, stdout, stderr := run(t, "perft", "--divide", startFEN, "1")
	if code != 0 || stderr != "" {
		t.Fatalf("exit code %d, stderr %q", code, stderr)
	}
	body, summary, ok := strings.Cut(stdout, "\n\n")
	if !ok {
		t.Fatalf("no blank line before the summary:\n%s", stdout)
	}
	if summary != "Nodes searched: 20\n" {
		t.Errorf("summary = %q, want %q", summary, "Nodes searched: 20\n")
	}
	lines := strings.Split(body, "\n")
	if len(lines) != 20 {
		t.Fatalf("got %d move lines, want 20:\n%s", len(lines), body)
	}
	prev := ""
	for _, l := range lines {
		uci, nodes, ok := strings.Cut(l, ": ")
		if !ok || len(uci) != 4 || nodes != "1" {
			t.Errorf("bad line %q, want \"UCI: 1\"", l)
		}
		if uci <= prev {
			t.Errorf("line %q not sorted after %q", l, prev)
		}
		prev = uci
	}
	for _, m := range []string{"a2a3", "b1c3", "e2e4", "g1f3", "h2h4"} {
		if !strings.Contains(stdout, m+": 1\n") {
			t.Errorf("missing move %s:\n%s", m, stdout)
		}
	}
}

func TestPerftDivideSumsToPerft(t *testing.T) {
	code, stdout, _ := run(t, "perft", "--divide", kiwipeteFEN, "2")
	if code != 0 {
		t.Fatalf("exit code %d", code)
	}
	if !strings.HasSuffix(stdout, "\n\nNodes searched: 2039\n") {
		t.Errorf("divide output does not end with the total 2039:\n%s", stdout)
	}
	if n := strings.Count(stdout, "\n"); n != 48+2 {
		t.Errorf("got %d lines, want 48 moves + blank + total", n)
	}
}
