package core

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"scoresheet/pgn"
	"scoresheet/rules"
	"scoresheet/sheet"
	"scoresheet/trf"
)

// readerErrors returns one real error of each reader, each after text
// in another script than Latin's ASCII so that a column in bytes would
// show: a FEN, a PGN (a problem of the text and a move the notation
// reader refuses), a TRF, and an event file's.
func readerErrors(t *testing.T) map[string]error {
	t.Helper()
	errs := map[string]error{}
	_, errs["fen"] = rules.ParseFEN("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ½")
	sp := pgn.NewSplitter(bytes.NewReader([]byte("[White \"Jörg\"]\n\n1. e4 {Schön} e5 @ 2. Ke9 *\n")))
	c, ok := sp.Next()
	if !ok {
		t.Fatal("no game")
	}
	g := (&pgn.Parser{File: "r1.pgn"}).Parse(c)
	for _, p := range g.Problems {
		errs[p.Code()] = p
	}
	_, errs["trf"] = trf.Parse([]byte("012 Ödön\n001    1 m    Müller, Jörg                      1800 GER    12345678 2000/01/01  0.0    x\n"))
	errs["store"] = &sheet.StoreError{Code: sheet.StoreLocked, Path: "/e/Ödön.scoresheet"}
	return errs
}

// TestExplainEveryReader: each reader's error is said in one place
// (Explainer), where and what, the column in characters: the command
// line's English with codes, the window's (its language, no codes) with
// the same position and the same words.
func TestExplainEveryReader(t *testing.T) {
	errs := readerErrors(t)
	for _, tc := range []struct {
		err          string
		cli, en, de  string
		cliIn, fileN string // ExplainIn(fileN, err) on the command line, when fileN is set
	}{
		{err: "fen",
			cli: "FEN character 59, field 6 (move number): The FEN does not have six fields separated by spaces [fen-field-count]",
			en:  "FEN character 59, field 6 (move number): The FEN does not have six fields separated by spaces.",
			de:  "FEN Zeichen 59, Feld 6 (Zugnummer): "},
		{err: "pgn-unexpected",
			cli: `r1.pgn:3:18: Unexpected text among the moves [pgn-unexpected] "@"`,
			en:  `r1.pgn:3:18: Unexpected text among the moves. "@"`,
			de:  `r1.pgn:3:18: Unerwarteter Text zwischen den Zügen. "@"`},
		{err: "not-algebraic",
			cli: `r1.pgn:3:23, ply 3: This is not algebraic notation [not-algebraic] "Ke9"`,
			en:  `r1.pgn:3:23, ply 3: This is not algebraic notation. "Ke9"`,
			de:  `r1.pgn:3:23, Halbzug 3: Das ist keine algebraische Notation. "Ke9"`},
		{err: "trf",
			cli:   `line 2, column 86: This field must be a number (rating, points, rank or number of rounds) [trf-bad-number] ("   x")`,
			en:    `line 2, column 86: This field must be a number (rating, points, rank or number of rounds). ("   x")`,
			de:    `Zeile 2, Spalte 86: Dieses Feld muss eine Zahl sein (Elo, Punkte, Platz oder Rundenzahl). ("   x")`,
			fileN: "ödön.trf", cliIn: `ödön.trf:2:86: This field must be a number (rating, points, rank or number of rounds) [trf-bad-number] ("   x")`},
		{err: "store",
			cli: "/e/Ödön.scoresheet: ",
			en:  "/e/Ödön.scoresheet: ",
			de:  "/e/Ödön.scoresheet: "},
	} {
		t.Run(tc.err, func(t *testing.T) {
			err := errs[tc.err]
			if err == nil {
				t.Fatalf("the readers gave no %s error: %v", tc.err, errs)
			}
			cli, en, de := EnglishCodes.Explain(err), Explainer{Lang: "en"}.Explain(err), Explainer{Lang: "de"}.Explain(err)
			for _, face := range []struct{ name, got, want string }{{"command line", cli, tc.cli}, {"window (en)", en, tc.en}, {"window (de)", de, tc.de}} {
				if !strings.HasPrefix(face.got, face.want) {
					t.Errorf("%s says\n %q\nwant it to start\n %q", face.name, face.got, face.want)
				}
			}
			// The same words: the window's English is the command line's
			// without the code.
			code := codeOf(err)
			if without := strings.Replace(cli, " ["+code+"]", "", 1); strings.ReplaceAll(en, ".", "") != strings.ReplaceAll(without, ".", "") || strings.Contains(en, "[") {
				t.Errorf("the window says %q, the command line %q", en, cli)
			}
			if tc.fileN != "" {
				if got := EnglishCodes.ExplainIn(tc.fileN, err); got != tc.cliIn {
					t.Errorf("ExplainIn(%q) = %q, want %q", tc.fileN, got, tc.cliIn)
				}
			}
		})
	}
}

// codeOf is the stable code an error of a reader carries.
func codeOf(err error) string {
	var fe *rules.FENError
	var pp pgn.Problem
	var te *trf.Error
	var se *sheet.StoreError
	switch {
	case errors.As(err, &fe):
		return string(fe.Code)
	case errors.As(err, &pp):
		return pp.Code()
	case errors.As(err, &te):
		return string(te.Code)
	case errors.As(err, &se):
		return string(se.Code)
	}
	return ""
}

// TestExplainInNoPlace: an error about the event (no position) is said
// with the file alone, or with no place.
func TestExplainInNoPlace(t *testing.T) {
	err := &trf.Error{Code: trf.CodeNoSource}
	if got, want := EnglishCodes.ExplainIn("c9.trf", err), "c9.trf: "; !strings.HasPrefix(got, want) || !strings.HasSuffix(got, "[trf-no-source]") {
		t.Errorf("ExplainIn says %q", got)
	}
	if got := (Explainer{Lang: "de"}).Explain(err); strings.Contains(got, "Zeile") || strings.Contains(got, "[") || strings.HasPrefix(got, ":") {
		t.Errorf("the window says %q", got)
	}
}
