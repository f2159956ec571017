package trf

import (
	"math"
	"scoresheet/rules"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Scoring is what each result of a round block scores: the points of
// columns 81-84 are their sum over the player's blocks.
type Scoring struct {
	Win, Draw, Loss [2]float64 // a game played, by the player's colour: [0] White, [1] Black
	ForfeitWin      float64    // +
	ForfeitLoss     float64    // -
	FullBye         float64    // F (and a win code without an opponent)
	HalfBye         float64    // H (and a draw code without an opponent)
	ZeroBye         float64    // Z, or blank: absent
	PairingBye      float64    // U, the pairing-allocated bye
}

// DefaultScoring is the usual system, the pairing programs' default: a
// win, a forfeit win, a full-point and a pairing-allocated bye 1; a draw
// and a half-point bye 1/2; a loss, a forfeit loss and an absence 0.
var DefaultScoring = Scoring{Win: [2]float64{1, 1}, Draw: [2]float64{0.5, 0.5}, ForfeitWin: 1, FullBye: 1, HalfBye: 0.5, PairingBye: 1}

// Points returns what a block scores under s. A pairing with no result
// yet scores nothing.
func (s Scoring) Points(b Block) float64 {
	colour := 0
	if b.Colour == 'b' {
		colour = 1
	}
	c := upper(b.Result)
	if b.Played() {
		switch c {
		case '1', 'W':
			return s.Win[colour]
		case '=', 'D':
			return s.Draw[colour]
		case '0', 'L':
			return s.Loss[colour]
		case '+':
			return s.ForfeitWin
		case '-':
			return s.ForfeitLoss
		case ' ':
			return 0
		}
	}
	switch c {
	case 'F', '1', 'W':
		return s.FullBye
	case 'H', '=', 'D':
		return s.HalfBye
	case 'U', '+':
		return s.PairingBye
	}
	return s.ZeroBye
}

// scoringLine reads a line that sets points of the file's own system,
// into f.scoring: TRF26's 162, JaVaFo's XXS, bbpPairings' BBW, BBD, BBL,
// BBZ, BBF and BBU. ok says the line is one of them.
func (f *File) scoringLine(l *Line, code string) (ok bool, err error) {
	switch {
	case code == "162":
		return true, f.read162(l)
	case code == "XXS":
		return true, f.readXXS(l)
	case len(code) == 3 && code[:2] == "BB" && strings.Contains("WDLZFU", code[2:]):
		v, ok := parsePoints(l.Trimmed(5, max(5, l.Width())))
		if !ok {
			return true, &Error{Pos: rules.Pos{Line: l.Num, Col: 5}, Code: CodeBadScoring, Text: l.Rest(5)}
		}
		f.setBBP(code[2], v)
		return true, nil
	}
	return false, nil
}

// system returns the file's scoring, the default where it says nothing.
func (f *File) system() *scoringLines {
	if f.scoring == nil {
		f.scoring = &scoringLines{s: DefaultScoring}
	}
	return f.scoring
}

// scoringLines is the scoring being read, with what a later line needs
// to know of the earlier ones (an explicit pairing-allocated bye is not
// overridden by a later win).
type scoringLines struct {
	s        Scoring
	explicit bool // the pairing-allocated bye was given its own value
}

// read162 reads a TRF26 162 line: a code at column 6, 15, 24, ... and
// its points in the four columns after it. W is a win (played or by
// forfeit) and a full-point bye, D a draw and a half-point bye, L a loss
// played, A an absence and a forfeit loss (bbpPairings writes Z), P the
// pairing-allocated bye (else as W), X an unknown result (not scored).
func (f *File) read162(l *Line) error {
	sys := f.system()
	for col := 6; col <= l.Width(); col += 9 {
		c := l.Field(col, col)
		if c == " " && strings.TrimSpace(l.Field(col, col+4)) == "" {
			continue
		}
		v, ok := parsePoints(l.Trimmed(col+1, col+4))
		if !ok || !strings.Contains("WDLAZPX", c) {
			return &Error{Pos: rules.Pos{Line: l.Num, Col: col}, Code: CodeBadScoring, Text: l.Field(col, col+4)}
		}
		switch c {
		case "W":
			sys.win(v)
		case "D":
			sys.draw(v)
		case "L":
			sys.s.Loss = [2]float64{v, v}
		case "A", "Z":
			sys.s.ZeroBye, sys.s.ForfeitLoss = v, v
		case "P":
			sys.pairingBye(v)
		}
	}
	return nil
}

// readXXS reads a JaVaFo XXS line: CODE=VALUE pairs (WW BW WD BD WL BL
// ZPB HPB FPB PAB FW FL, and W and D for all wins and all draws), the
// last one given winning.
func (f *File) readXXS(l *Line) error {
	sys := f.system()
	for _, pair := range strings.Fields(l.Rest(5)) {
		name, value, _ := strings.Cut(pair, "=")
		v, ok := parsePoints(value)
		dst := xxsFields(&sys.s)[name]
		if !ok || dst == nil {
			rest := l.Rest(5) // the column in characters, not bytes
			return &Error{Pos: rules.Pos{Line: l.Num, Col: 5 + utf8.RuneCountInString(rest[:max(0, strings.Index(rest, pair))])}, Code: CodeBadScoring, Text: pair}
		}
		for _, d := range dst {
			*d = v
		}
	}
	return nil
}

// xxsFields are the fields of s each XXS code sets.
func xxsFields(s *Scoring) map[string][]*float64 {
	return map[string][]*float64{
		"WW": {&s.Win[0]}, "BW": {&s.Win[1]}, "WD": {&s.Draw[0]}, "BD": {&s.Draw[1]}, "WL": {&s.Loss[0]}, "BL": {&s.Loss[1]},
		"ZPB": {&s.ZeroBye}, "HPB": {&s.HalfBye}, "FPB": {&s.FullBye}, "PAB": {&s.PairingBye},
		"FW": {&s.ForfeitWin}, "FL": {&s.ForfeitLoss},
		"W": {&s.Win[0], &s.Win[1], &s.ForfeitWin, &s.FullBye}, "D": {&s.Draw[0], &s.Draw[1], &s.HalfBye},
	}
}

// setBBP applies one of bbpPairings' own lines (BBW win, also the
// pairing-allocated bye unless BBU gave it; BBD draw; BBL loss; BBZ
// absence; BBF forfeit loss; BBU pairing-allocated bye).
func (f *File) setBBP(c byte, v float64) {
	sys := f.system()
	switch c {
	case 'W':
		sys.win(v)
	case 'D':
		sys.draw(v)
	case 'L':
		sys.s.Loss = [2]float64{v, v}
	case 'Z':
		sys.s.ZeroBye = v
	case 'F':
		sys.s.ForfeitLoss = v
	case 'U':
		sys.pairingBye(v)
	}
}

// win sets the points of every win (played, by forfeit, a full-point
// bye), and of the pairing-allocated bye unless a line gave it its own.
func (sys *scoringLines) win(v float64) {
	sys.s.Win, sys.s.ForfeitWin, sys.s.FullBye = [2]float64{v, v}, v, v
	if !sys.explicit {
		sys.s.PairingBye = v
	}
}

// draw sets the points of a draw and of a half-point bye.
func (sys *scoringLines) draw(v float64) { sys.s.Draw, sys.s.HalfBye = [2]float64{v, v}, v }

// pairingBye gives the pairing-allocated bye points of its own.
func (sys *scoringLines) pairingBye(v float64) { sys.s.PairingBye, sys.explicit = v, true }

// parsePoints reads points as the format writes them ("1.0", ".5", "3").
func parsePoints(s string) (float64, bool) {
	v, err := strconv.ParseFloat(s, 64)
	return v, err == nil && v >= 0 && v < 1000 && !strings.ContainsAny(s, "eExXpP_") && s != "" && s[0] != '+'
}

// Scoring returns the file's point system: its own where a 162, XXS or
// BB* line gives one, else DefaultScoring.
func (f *File) Scoring() Scoring {
	if f.scoring == nil {
		return DefaultScoring
	}
	return f.scoring.s
}

// PlayerPoints returns the points a player's blocks give under the
// file's scoring: every block written, the round to be paired's byes
// among them.
func (f *File) PlayerPoints(p *Player) float64 {
	s := f.Scoring()
	total := 0.0
	for _, b := range p.Rounds {
		total += s.Points(b)
	}
	return total
}

// SetPoints writes every player's points (columns 81-84) as the round
// blocks give them under the file's scoring; a player whose column
// already says that number is left as written ("1" for 1.0). It returns
// how many players' points changed, or an *Error for points that do not
// fit the four columns.
func (f *File) SetPoints() (changed int, err error) {
	for _, p := range f.Players {
		// In tenths, as written: a system's 0.1s add up to 0.30000000000000004.
		want := math.Round(f.PlayerPoints(p)*10) / 10
		if have, err := strconv.ParseFloat(p.Points, 64); (err == nil && math.Round(have*10) == want*10) || (p.Points == "" && want == 0) {
			continue
		}
		text := strconv.FormatFloat(want, 'f', 1, 64)
		if len(text) > 4 {
			return changed, &Error{Pos: rules.Pos{Line: p.Line.Num, Col: 81}, Code: CodeBadNumber, Text: text}
		}
		text = strings.Repeat(" ", 4-len(text)) + text
		for i := range 4 {
			p.Line.set(81+i, text[i])
		}
		p.Points = strings.TrimSpace(text)
		changed++
	}
	return changed, nil
}
