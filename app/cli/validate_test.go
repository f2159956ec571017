package cli_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"

	"scoresheet/internal/xtest"
)

const (
	legalPGN = `[Event "Club"]
[White "Anna"]
[Black "Bert"]
[Result "1-0"]

1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0

[Event "Club"]
[White "Carl"]
[Black "Dora"]
[Result "1/2-1/2"]

1. d4 d5 2. c4 e6 1/2-1/2
`
	// Game 2 has an illegal third ply on line 13; game 3 lacks its result.
	illegalPGN = `[Event "Club"]
[White "Anna"]
[Black "Bert"]
[Result "1-0"]

1. e4 e5 1-0

[Event "Club"]
[White "Carl"]
[Black "Dora"]

1. e4 e5
  2. Ke3 Nc6 0-1

[Event "Club"]
[White "Emil"]
[Black "Fritz"]

1. c4 c5
`
	germanPGN = "[Event \"Verein\"]\n[White \"Anna\"]\n[Black \"Bert\"]\n\n1.e4 e5 2.Sf3 Sc6 3.Lb5 a6 4.La4 Sf6 5.O-O Le7 6.Te1 b5 7.Lb3 d6 8.c3 O-O 9.h3 Dd7 1/2-1/2\n"
)

var summaryRe = regexp.MustCompile(`^games (\d+), plies (\d+), games with errors (\d+), games with warnings (\d+), seconds \d+\.\d{3}$`)

// outputLines splits stdout into the game lines and the summary line.
func outputLines(t *testing.T, stdout string) (games []string, summary []string) {
	t.Helper()
	lines := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
	last := lines[len(lines)-1]
	m := summaryRe.FindStringSubmatch(last)
	if m == nil {
		t.Fatalf("last line is no summary: %q", last)
	}
	return lines[:len(lines)-1], m[1:]
}

func TestValidateExitCodes(t *testing.T) {
	legal := xtest.WriteFile(t, t.TempDir(), "legal.pgn", []byte(legalPGN))
	illegal := xtest.WriteFile(t, t.TempDir(), "illegal.pgn", []byte(illegalPGN))
	german := xtest.WriteFile(t, t.TempDir(), "german.pgn", []byte(germanPGN))
	tests := []struct {
		name   string
		args   []string
		code   int
		stderr string // a substring stderr must contain; "" means stderr must be empty
	}{
		{"legal file", []string{"validate", legal}, 0, ""},
		{"legal file, one job", []string{"validate", "--jobs", "1", legal}, 0, ""},
		{"illegal game", []string{"validate", illegal}, 1, ""},
		{"illegal game in the second file", []string{"validate", legal, illegal}, 1, ""},
		{"german movetext", []string{"validate", "--lang", "de", german}, 0, ""},
		{"german movetext read as english", []string{"validate", german}, 1, ""}, // 9... Dd7: D is no English letter, and ambiguous among languages
		{"missing file", []string{"validate", filepath.Join(t.TempDir(), "nope.pgn")}, 2, "no such file"},
		{"missing second file", []string{"validate", legal, filepath.Join(t.TempDir(), "nope.pgn")}, 2, "no such file"},
		{"unreadable: a directory", []string{"validate", t.TempDir()}, 2, "is a directory"},
		{"bad --lang", []string{"validate", "--lang", "xx", legal}, 2, `unknown language "xx"`},
		{"no files", []string{"validate"}, 2, "at least one FILE"},
		{"no files with flags", []string{"validate", "--json", "--lang", "de"}, 2, "Usage: scoresheet validate"},
		{"jobs 0", []string{"validate", "--jobs", "0", legal}, 2, "--jobs >= 1"},
		// More jobs than cores check nothing faster: bounded and said (100,000 ran out of memory).
		{"jobs 100000", []string{"validate", "--jobs", "100000", legal}, 0, fmt.Sprintf("--jobs 100000: %d cores, %d games checked at once", runtime.NumCPU(), runtime.NumCPU())},
		{"jobs as many as cores", []string{"validate", "--jobs", fmt.Sprint(runtime.NumCPU()), legal}, 0, ""},
		{"bad flag", []string{"validate", "--nope", legal}, 2, "-nope"},
		{"help", []string{"validate", "-h"}, 0, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := run(t, tt.args...)
			if code != tt.code {
				t.Errorf("exit code %d, want %d\nstdout:\n%s\nstderr:\n%s", code, tt.code, stdout, stderr)
			}
			if tt.stderr == "" && stderr != "" || !strings.Contains(stderr, tt.stderr) {
				t.Errorf("stderr %q, want %q", stderr, tt.stderr)
			}
		})
	}
}

func TestValidateOutput(t *testing.T) {
	illegal := xtest.WriteFile(t, t.TempDir(), "illegal.pgn", []byte(illegalPGN))
	legal := xtest.WriteFile(t, t.TempDir(), "legal.pgn", []byte(legalPGN))
	for _, jobs := range []string{"1", "2"} {
		code, stdout, _ := run(t, "validate", "--jobs", jobs, legal, illegal)
		if code != 1 {
			t.Fatalf("jobs %s: exit %d", jobs, code)
		}
		games, sum := outputLines(t, stdout)
		want := []string{
			illegal + `:13:6: game 2 (Carl - Dora): error ply 3 "Ke3": no-legal-move`,
			illegal + `:19:9: game 3 (Emil - Fritz): warning: pgn-missing-result`,
		}
		if strings.Join(games, "\n") != strings.Join(want, "\n") {
			t.Errorf("jobs %s: game lines\n%s\nwant\n%s", jobs, strings.Join(games, "\n"), strings.Join(want, "\n"))
		}
		// 6 and 4 plies in the legal file; 2, 2 (up to the illegal ply) and 2 in the other.
		if strings.Join(sum, " ") != "5 16 1 1" {
			t.Errorf("jobs %s: summary %v", jobs, sum)
		}
	}
	code, stdout, _ := run(t, "validate", legal)
	if games, sum := outputLines(t, stdout); code != 0 || len(games) != 0 || strings.Join(sum, " ") != "2 10 0 0" {
		t.Errorf("legal file: exit %d, output\n%s", code, stdout)
	}
}

func TestValidateJSON(t *testing.T) {
	illegal := xtest.WriteFile(t, t.TempDir(), "illegal.pgn", []byte(illegalPGN))
	code, stdout, stderr := run(t, "validate", "--json", illegal)
	if code != 1 || stderr != "" {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	type problem struct {
		Line  int    `json:"line"`
		Col   int    `json:"col"`
		Code  string `json:"code"`
		Ply   int    `json:"ply"`
		Text  string `json:"text"`
		Error bool   `json:"error"`
	}
	type game struct {
		File     string    `json:"file"`
		Game     int       `json:"game"`
		Line     int       `json:"line"`
		White    string    `json:"white"`
		Black    string    `json:"black"`
		Plies    int       `json:"plies"`
		Legal    bool      `json:"legal"`
		Warnings bool      `json:"warnings"`
		Problems []problem `json:"problems"`
	}
	var games []game
	var summary map[string]map[string]float64
	sc := bufio.NewScanner(strings.NewReader(stdout))
	for sc.Scan() {
		line := sc.Bytes()
		if summary != nil {
			t.Fatalf("a line after the summary: %s", line)
		}
		var raw map[string]json.RawMessage
		if err := json.Unmarshal(line, &raw); err != nil {
			t.Fatalf("not JSON: %s: %v", line, err)
		}
		if _, ok := raw["summary"]; ok {
			if err := json.Unmarshal(line, &summary); err != nil {
				t.Fatalf("summary %s: %v", line, err)
			}
			continue
		}
		var g game
		dec := json.NewDecoder(strings.NewReader(string(line)))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&g); err != nil {
			t.Fatalf("game %s: %v", line, err)
		}
		games = append(games, g)
	}
	if len(games) != 3 || summary == nil {
		t.Fatalf("%d games, summary %v:\n%s", len(games), summary, stdout)
	}
	s := summary["summary"]
	if s["games"] != 3 || s["plies"] != 6 || s["games_with_errors"] != 1 || s["games_with_warnings"] != 1 {
		t.Errorf("summary %v", s)
	}
	if _, ok := s["seconds"]; !ok {
		t.Errorf("summary without seconds: %v", s)
	}
	first := games[0]
	if first.File != illegal || first.Game != 1 || first.Line != 1 || !first.Legal || first.Plies != 2 || first.Problems == nil || len(first.Problems) != 0 {
		t.Errorf("game 1: %+v", first)
	}
	bad := games[1]
	wantProblem := problem{Line: 13, Col: 6, Code: "no-legal-move", Ply: 3, Text: "Ke3", Error: true}
	if bad.Game != 2 || bad.Line != 8 || bad.Legal || bad.White != "Carl" || bad.Black != "Dora" || bad.Plies != 2 ||
		len(bad.Problems) != 1 || bad.Problems[0] != wantProblem {
		t.Errorf("game 2: %+v", bad)
	}
	warn := games[2]
	if warn.Game != 3 || !warn.Legal || !warn.Warnings || len(warn.Problems) != 1 ||
		warn.Problems[0] != (problem{Line: 19, Col: 9, Code: "pgn-missing-result"}) {
		t.Errorf("game 3: %+v", warn)
	}
}
