package trf

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// NewPlayer is a late entry's player line as the arbiter gives it.
type NewPlayer struct {
	Name       string // "Lastname, Firstname", at most 33 characters
	Sex        string // "m", "w" or ""
	Title      string // "GM", "g", ... at most 3
	Rating     int
	Federation string // at most 3
	FideID     string // digits, at most 11
	BirthDate  string // as the file writes it, at most 10 ("1990/05/21")
}

// AddPlayer adds a late entry: a player line after the last one, with
// the next starting rank, and a block for every round already paired
// (earlier[i] the kind of round i+1: Z absent, H or F a bye the arbiter
// gives; Z for a round earlier does not name; one kind alone is every
// round's), each also a 240 record,
// so that the blocks and the records say the same. It returns his
// starting rank. A field that does not fit its columns is an *Error
// CodePlayerField naming it; the file is then unchanged.
func (f *File) AddPlayer(np NewPlayer, earlier []byte) (int, error) {
	if err := np.check(); err != nil {
		return 0, err
	}
	paired := f.PairedRounds()
	if len(earlier) == 1 { // one kind for every round paired
		earlier = []byte(strings.Repeat(string(earlier), paired))
	}
	for i, k := range earlier {
		if !strings.ContainsRune(ByeKinds, rune(k)) {
			return 0, &Error{Code: CodeByeKind, Text: string(rune(k))}
		}
		if i >= paired {
			return 0, &Error{Code: CodeByeRound, Text: strconv.Itoa(i + 1)}
		}
	}
	rank := 0
	for _, p := range f.Players {
		rank = max(rank, p.Rank)
	}
	rank++
	if rank > MaxPlayers {
		return 0, &Error{Code: CodeBadRank, Text: strconv.Itoa(rank)}
	}
	text := fmt.Sprintf("001 %4d %1s%3s %-33s %4s %3s %11s %10s %4s %4s ", rank, np.Sex, np.Title, np.Name,
		ratingText(np.Rating), np.Federation, np.FideID, np.BirthDate, "0.0", "") + " " // column 91 blank
	rs, err := f.Requests()
	if err != nil {
		return 0, err
	}
	for r := 1; r <= paired; r++ {
		kind := byte('Z')
		if r <= len(earlier) {
			kind = earlier[r-1]
		}
		text += fmt.Sprintf("0000 - %c  ", kind) // 10 columns from 92+10(r-1)
		rs = append(rs, Request{Kind: kind, Round: r, Rank: rank})
	}
	l := &Line{Text: []byte(strings.TrimRight(text, " ")), EOL: f.eol(), utf8: true}
	at := f.afterPlayers(f.Lines)
	if at == len(f.Lines) && at > 0 && len(f.Lines[at-1].EOL) == 0 {
		f.Lines[at-1].EOL, l.EOL = l.EOL, nil
	}
	f.Lines = append(f.Lines[:at:at], append([]*Line{l}, f.Lines[at:]...)...)
	if err := f.parsePlayer(l); err != nil {
		return 0, err
	}
	sortRequests(rs)
	f.write240(rs)
	return rank, nil
}

// ratingText is a rating's columns: blank for none.
func ratingText(n int) string {
	if n == 0 {
		return ""
	}
	return strconv.Itoa(n)
}

// check says which field of a late entry does not fit its columns.
func (np NewPlayer) check() error {
	fields := []struct {
		name, value string
		width       int
	}{{"name", np.Name, 33}, {"sex", np.Sex, 1}, {"title", np.Title, 3}, {"federation", np.Federation, 3},
		{"fide-id", np.FideID, 11}, {"birth", np.BirthDate, 10}}
	for _, fl := range fields {
		if utf8.RuneCountInString(fl.value) > fl.width || strings.ContainsAny(fl.value, "\r\n\t") {
			return &Error{Code: CodePlayerField, Text: fl.name + " " + fl.value}
		}
	}
	switch {
	case strings.TrimSpace(np.Name) == "":
		return &Error{Code: CodePlayerField, Text: "name"}
	case np.Rating < 0 || np.Rating > 9999:
		return &Error{Code: CodePlayerField, Text: "rating " + strconv.Itoa(np.Rating)}
	case np.FideID != "" && !isDigits(np.FideID):
		return &Error{Code: CodePlayerField, Text: "fide-id " + np.FideID}
	}
	return nil
}
