package trf

import (
	"bytes"
	"fmt"
	"scoresheet/rules"
	"strconv"
	"strings"

	"scoresheet/sheet"
)

// A pairing engine's pairing list (JaVaFo's and bbpPairings' -p output)
// is one round's pairs: its first line the number of pairs, then one pair
// a line, White's starting rank then Black's, in board order; a 0 for
// Black is the pairing-allocated bye. It says nothing of the players: it
// is read against the event's TRF (WithRound).
//
//	3
//	2 1
//	3 5
//	4 0

// The codes of a pairing list that cannot be taken (trf.Error, Line and
// Col in the list, or Line 0 when the list is read against the event).
const (
	CodeListCount   Code = "trf-list-count"      // the first line is not the number of pairs that follow
	CodeListLine    Code = "trf-list-line"       // a line is not two starting ranks
	CodeListPlayer  Code = "trf-list-player"     // a starting rank the event's TRF has no player for
	CodeListTwice   Code = "trf-list-twice"      // a player in two pairs, or against himself
	CodeListNotFree Code = "trf-list-not-free"   // a player the TRF gives a bye or absence in that round
	CodeListRound   Code = "trf-list-round"      // not the round after the last paired one (nor that round again)
	CodeListPastEnd Code = "trf-list-past-end"   // a round after the event's last
	CodeListPlayed  Code = "trf-list-round-done" // the round is paired with results already: not paired again
	CodeListRematch Code = "trf-list-rematch"    // a pair that met in an earlier round (a forfeit aside): no engine pairs it
	// CodeListRematchGiven is CodeListRematch for a list whose round was
	// given (--round): its words do not ask for the round.
	CodeListRematchGiven Code = "trf-list-rematch-given"
)

// PairingList is a pairing list as read.
type PairingList struct {
	Pairs []ListPair
}

// ListPair is one line of the list: White's and Black's starting ranks
// (Black 0 for a bye), the line it is on and the column of each.
type ListPair struct {
	White, Black int
	Line         int
	Cols         [2]int
}

// DetectPairingList says whether data (a whole file or its first
// kilobytes) is a pairing list: its first line that is not blank a
// number alone, the next one (if any) two numbers. A line cut at the end
// of data counts if what it holds so far fits. The lines after are not
// looked at: a list with a line that does not read is still a list,
// which ParsePairingList refuses at that line (it was read as PGN, "not
// a game", with no word of the line).
func DetectPairingList(data []byte) bool {
	first := true
	for _, l := range splitLines(data) {
		f := strings.Fields(string(l.Text))
		switch {
		case len(f) == 0:
			continue
		case first:
			if len(f) != 1 || !isDigits(f[0]) {
				return false
			}
			first = false
			continue
		}
		return len(f) <= 2 && isDigits(f[0]) && (len(f) == 2 && isDigits(f[1]) || len(f) == 1 && len(l.EOL) == 0)
	}
	return !first
}

// ParsePairingList reads a pairing list; a line that does not read, or
// a count that is not the number of pairs, is an *Error at its line.
func ParsePairingList(data []byte) (*PairingList, error) {
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	if err := CheckText(data); err != nil {
		return nil, err
	}
	list := &PairingList{}
	count, countLine := -1, 0
	for _, l := range splitLines(data) {
		f := strings.Fields(string(l.Text))
		switch {
		case len(f) == 0:
			continue
		case count < 0:
			n, err := strconv.Atoi(f[0])
			if len(f) != 1 || err != nil || n < 0 || n > MaxPlayers {
				return nil, &Error{Pos: rules.Pos{Line: l.Num, Col: 1}, Code: CodeListCount, Text: string(l.Text)}
			}
			count, countLine = n, l.Num
			continue
		}
		w, errW := strconv.Atoi(f[0])
		b, errB := strconv.Atoi(f[len(f)-1])
		if len(f) != 2 || errW != nil || errB != nil || w < 1 || w > MaxPlayers || b < 0 || b > MaxPlayers {
			return nil, &Error{Pos: rules.Pos{Line: l.Num, Col: 1}, Code: CodeListLine, Text: string(l.Text)}
		}
		if len(list.Pairs) == count {
			return nil, &Error{Pos: rules.Pos{Line: countLine, Col: 1}, Code: CodeListCount, Text: fmt.Sprint(count)}
		}
		text := string(l.Text)
		wc := strings.Index(text, f[0])
		bc := wc + len(f[0]) + strings.Index(text[wc+len(f[0]):], f[1])
		list.Pairs = append(list.Pairs, ListPair{White: w, Black: b, Line: l.Num, Cols: [2]int{wc + 1, bc + 1}})
	}
	if count < 0 {
		return nil, &Error{Pos: rules.Pos{Line: 1, Col: 1}, Code: CodeListCount}
	}
	if len(list.Pairs) != count {
		return nil, &Error{Pos: rules.Pos{Line: countLine, Col: 1}, Code: CodeListCount, Text: fmt.Sprint(count)}
	}
	return list, nil
}

// PairedRounds is the last round in which any player has an opponent (0
// before the first pairing); a later round's blocks are byes or
// absences written before it is paired.
func (f *File) PairedRounds() int {
	n := 0
	for _, p := range f.Players {
		for _, b := range p.Rounds {
			if b.Played() {
				n = max(n, b.Round)
			}
		}
	}
	return n
}

// WithRound writes a pairing list as round r of the file, in the
// players' round blocks: a pair as "opponent w" and "opponent b" with
// the result column blank, a bye as "0000 - U", and a player the list
// leaves out as "0000 - Z" (absent) unless his block of round r already
// says a bye asked for before the pairing (H, F), or a 240 record of
// round r asks for one (H, F, Z: his block then says it; the list may
// not pair him). r is
// the round after the last paired one; or that round again, when none
// of its games has a result yet (the engine paired it again). For a new
// round the XXZ lines, which name the players absent from the round to
// be paired, are dropped: that round is paired now. Any other line and
// column stays as it was. rounds is the event's number of rounds (0 when
// it has none): a later round is refused. f is changed only when nil is
// returned; read the file again from Bytes.
func (f *File) WithRound(r, rounds int, list *PairingList) error {
	if err := f.checkListRound(r, rounds); err != nil {
		return err
	}
	asked, err := f.requestsOf(r)
	if err != nil {
		return err
	}
	paired := map[int]bool{}
	for _, p := range list.Pairs {
		for i, rank := range [2]int{p.White, p.Black} {
			col := p.Cols[i]
			if rank == 0 {
				continue
			}
			pl := f.byRank[rank]
			switch {
			case pl == nil:
				return &Error{Pos: rules.Pos{Line: p.Line, Col: col}, Code: CodeListPlayer, Text: strconv.Itoa(rank)}
			case paired[rank] || p.White == p.Black:
				return &Error{Pos: rules.Pos{Line: p.Line, Col: col}, Code: CodeListTwice, Text: strconv.Itoa(rank)}
			case askedBye(pl, r) || asked[rank] != 0:
				return &Error{Pos: rules.Pos{Line: p.Line, Col: col}, Code: CodeListNotFree, Text: strconv.Itoa(rank)}
			}
			paired[rank] = true
		}
	}
	for _, p := range list.Pairs {
		if p.Black != 0 && metBefore(f.byRank[p.White], p.Black, r) > 0 {
			return &Error{Pos: rules.Pos{Line: p.Line, Col: p.Cols[0]}, Code: CodeListRematch, Text: strconv.Itoa(p.White) + " " + strconv.Itoa(p.Black)}
		}
	}
	again := r == f.PairedRounds()
	for _, p := range list.Pairs {
		if p.Black == 0 {
			f.byRank[p.White].writeBlock(r, 0, '-', 'U')
			continue
		}
		f.byRank[p.White].writeBlock(r, p.Black, 'w', ' ')
		f.byRank[p.Black].writeBlock(r, p.White, 'b', ' ')
	}
	for _, pl := range f.Players {
		if !paired[pl.Rank] && !askedBye(pl, r) {
			// Left out: absent, or the bye he asked for (a 240
			// record), never Z for an H.
			kind := asked[pl.Rank]
			if kind == 0 {
				kind = 'Z'
			}
			pl.writeBlock(r, 0, '-', kind)
		}
	}
	if !again {
		f.dropLines("XXZ")
	}
	return nil
}

// Paired says round r of the file is the list: the same pairs, White
// and Black alike, and the same pairing-allocated bye.
func (f *File) Paired(r int, list *PairingList) bool {
	n := 0
	for _, p := range list.Pairs {
		pl := f.byRank[p.White]
		if pl == nil {
			return false
		}
		w, ok := pl.Block(r)
		switch {
		case !ok:
			return false
		case p.Black == 0 && (w.Played() || upper(w.Result) != 'U'):
			return false
		case p.Black != 0 && (w.Opponent != p.Black || w.Colour != 'w'):
			return false
		}
		n++
	}
	for _, p := range f.Players {
		if b, ok := p.Block(r); ok && (b.Colour == 'w' || upper(b.Result) == 'U') {
			n--
		}
	}
	return n == 0
}

// checkListRound says whether round r may take a pairing list: the next
// round to pair, within the event's rounds; or the last paired round
// again while it has no result.
func (f *File) checkListRound(r, rounds int) error {
	last := f.PairedRounds()
	switch {
	case rounds > 0 && r > rounds:
		return &Error{Code: CodeListPastEnd, Text: strconv.Itoa(r)}
	case r < 1 || r > sheet.MaxRounds || (r != last+1 && r != last):
		return &Error{Code: CodeListRound, Text: strconv.Itoa(r)}
	case r == last:
		for _, p := range f.Players {
			if b, ok := p.Block(r); ok && b.Played() && b.Result != ' ' {
				return &Error{Code: CodeListPlayed, Text: strconv.Itoa(r)}
			}
		}
	}
	return nil
}

// metBefore returns the earlier round (before r) in which player p met
// the player of starting rank opp over the board, or 0: a pairing engine
// never pairs two players twice (C.04.1), a forfeit aside, so a list
// that does is an earlier round's, or a new pairing of the last round
// imported as the next.
func metBefore(p *Player, opp, r int) int {
	for _, b := range p.Rounds {
		if b.Round < r && b.Opponent == opp && !b.Forfeit() {
			return b.Round
		}
	}
	return 0
}

// askedBye says the player's block of round r is a bye or absence the
// arbiter gave before the round was paired (H, F, or Z written with
// "0000"), which the list must leave alone; a U or Z written by an
// earlier list of the same round is not.
func askedBye(p *Player, r int) bool {
	b, ok := p.Block(r)
	if !ok || b.Played() {
		return false
	}
	switch upper(b.Result) {
	case 'H', 'F':
		return true
	}
	return false
}

// writeBlock writes round r's block of a player line: the opponent (0000
// for none), the colour and the result. A block at the line's end with
// its result blank is written up to its colour, as the pairing programs
// leave a round not played yet.
func (p *Player) writeBlock(r, opponent int, colour, result byte) {
	col := 92 + 10*(r-1)
	text := fmt.Sprintf("%4d %c %c", opponent, colour, result)
	if opponent == 0 {
		text = fmt.Sprintf("0000 %c %c", colour, result)
	}
	if last := col + offResult; result == ' ' && p.Line.Width() <= last {
		text = text[:offColour+1]
		if i, ok := p.Line.offset(col + offColour + 1); ok { // a result written before
			p.Line.Text, p.Line.cols = p.Line.Text[:i:i], nil
		}
	}
	for i := range len(text) {
		p.Line.set(col+i, text[i])
	}
}

// dropLines removes every line of a record code.
func (f *File) dropLines(code string) {
	kept := f.Lines[:0]
	for _, l := range f.Lines {
		if l.Field(1, 3) != code {
			kept = append(kept, l)
		}
	}
	f.Lines = kept
}
