package pgn

import (
	"bufio"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"scoresheet/rules"
	"scoresheet/sheet"
)

// PGN export format (PGN standard 8): the Seven Tag Roster first, in its
// order, then the other tags in ASCII order; SAN; move numbers per 8.2.2.2;
// lines under 80 characters; the result token equal to the Result tag.
//
// What PGN movetext cannot hold goes into comments after the move, in forms
// that Parser reads back (KeepMoves):
//
//	{(=)}                   the player offered a draw with this move (C.13)
//	{[%clk 1:32:05]}        the clock time written with the move (h:mm:ss)
//	{[%copy white "Sf3"]}   what a copy had written, where it does not name
//	                        exactly the move taken (an illegal, ambiguous or
//	                        unreadable cell, or copies that differ); the text
//	                        is a Go-quoted string with } escaped as \x7d
//	{[%realign black insert]}  a copy out of step is read realigned from this
//	                        move: the half-move was not written on it
//	                        (insert), its cell here was written twice
//	                        (remove), one move spans two of its cells
//	                        (merge) or two moves share one (split); "proposed"
//	                        follows while the arbiter has not accepted it
//
// A game whose moves stop at a ply no move can be taken for ends there;
// the copies' texts of that ply are kept in a comment.
//
// A tag value is a PGN string: \ and " are escaped (8.1.1), and it cannot
// hold a line break, another control character or a byte that is not
// UTF-8. Such a value is written with tabs and line breaks as blanks and
// the rest as U+FFFD, so that every reader reads the file and the name
// still reads; the exact value is kept in a comment before the first
// move, as [%copy] keeps a cell:
//
//	{[%tag White "Anna\nMaria"]}   the White tag as written (a Go-quoted
//	                                string with } escaped as \x7d)
//
// A tag name that is not a PGN symbol (letters, digits, _) is written
// only there.

// CopyResultTag, after "White" or "Black", names the tag holding the
// result written on that player's copy ("WhiteCopyResult"): Scoresheet's
// own tag, written when a result is written on the copy.
const CopyResultTag = "CopyResult"

// sevenTags is the Seven Tag Roster in its order.
var sevenTags = [...]string{"Event", "Site", "Date", "Round", "White", "Black", "Result"}

// GameTags returns the tags of a game in export order.
func GameTags(ev *sheet.Event, g *sheet.Game) []Tag {
	tags := map[string]string{}
	for k, v := range g.Tags {
		if v != "" {
			tags[k] = v
		}
	}
	set := func(k, v string) {
		if v != "" {
			tags[k] = v
		}
	}
	tags["Event"], tags["Site"], tags["Date"] = "?", "?", "????.??.??"
	tags["Round"], tags["White"], tags["Black"], tags["Result"] = "?", "?", "?", "*"
	if ev != nil {
		set("Event", ev.Name)
		set("Site", ev.Site)
		set("TimeControl", pgnTimeControl(ev.TimeControl))
		set("EventDate", ev.StartDate)
		for _, r := range ev.Rounds {
			if r.Number == g.Round {
				set("Date", r.Date)
			}
		}
	}
	set("Date", g.Date)
	if g.Round > 0 {
		tags["Round"] = strconv.Itoa(g.Round)
	}
	if g.Board > 0 {
		tags["Board"] = strconv.Itoa(g.Board)
	}
	set("White", g.White.Name)
	set("Black", g.Black.Name)
	// A forfeit has no token of its own: the result it gives, and the
	// Termination that says it was not played (sheet.Result.PGNResult).
	result, forfeit := g.Result.PGNResult()
	set("Result", result)
	if forfeit {
		tags[sheet.TagTermination] = sheet.TermForfeit
	}
	for i, p := range []struct {
		side string
		pl   sheet.Player
	}{{"White", g.White}, {"Black", g.Black}} {
		if p.pl.Rating > 0 {
			tags[p.side+"Elo"] = strconv.Itoa(p.pl.Rating)
		}
		set(p.side+"FideId", p.pl.FideID)
		set(p.side+"Title", p.pl.Title)
		set(p.side+"Fed", p.pl.Federation)
		// The result written on the player's copy (8.7), which PGN has
		// no tag for: Scoresheet's own, read back on import.
		set(p.side+CopyResultTag, string(g.Copies[i].Result))
	}
	if g.FEN != "" {
		tags["SetUp"], tags["FEN"] = "1", g.FEN
	}
	out := make([]Tag, 0, len(tags))
	for _, k := range sevenTags {
		out = append(out, Tag{Name: k, Value: tags[k]})
		delete(tags, k)
	}
	rest := make([]string, 0, len(tags))
	for k := range tags {
		rest = append(rest, k)
	}
	sort.Strings(rest)
	for _, k := range rest {
		out = append(out, Tag{Name: k, Value: tags[k]})
	}
	return out
}

// pgnTimeControl returns the event's time control for the TimeControl tag
// (PGN standard 9.6.1: periods "moves/seconds" joined by ':', increments
// as "+seconds"), or "" when it does not read.
func pgnTimeControl(tc string) string {
	if _, err := sheet.ParseTimeControl(tc); err != nil {
		return ""
	}
	return tc
}

// escapeTag escapes a tag value: \ and " (PGN standard 8.1.1); tabs and
// line breaks become blanks, other control characters and bytes that are
// not UTF-8 U+FFFD. exact is false when the value was changed so.
func escapeTag(v string) (escaped string, exact bool) {
	if !strings.ContainsFunc(v, func(r rune) bool {
		return r == '\\' || r == '"' || r == utf8.RuneError || unicode.IsControl(r) || r == 0x2028 || r == 0x2029
	}) {
		return v, true
	}
	var b strings.Builder
	exact = true
	for i := 0; i < len(v); {
		r, n := utf8.DecodeRuneInString(v[i:])
		i += n
		switch {
		case r == '\\' || r == '"':
			b.WriteByte('\\')
		case r == utf8.RuneError && n == 1:
			r, exact = utf8.RuneError, false
		case r == '\t' || r == '\n' || r == '\r' || r == '\v' || r == '\f' || r == 0x85 || r == 0x2028 || r == 0x2029:
			r, exact = ' ', false
		case unicode.IsControl(r):
			r, exact = utf8.RuneError, false
		}
		b.WriteRune(r)
	}
	return b.String(), exact
}

// isTagName reports whether s can be a tag's name in PGN: a symbol of
// letters, digits and underscores.
func isTagName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isTagNameByte(s[i]) {
			return false
		}
	}
	return true
}

// tagComment returns [%tag Name "value"], the exact value of a tag that
// PGN cannot hold as it is; the name is Go-quoted when not a symbol.
func tagComment(t Tag) string {
	name := t.Name
	if !isTagName(name) {
		name = quoteCopy(name)
	}
	return "[%tag " + name + " " + quoteCopy(t.Value) + "]"
}

// quoteCopy quotes a copy's text for a [%copy] comment.
func quoteCopy(s string) string {
	return strings.ReplaceAll(strconv.Quote(s), "}", `\x7d`)
}

// formatClock writes seconds as h:mm:ss.
func formatClock(secs int) string {
	return fmt.Sprintf("%d:%02d:%02d", secs/3600, secs/60%60, secs%60)
}

// WriteGame writes one game in PGN export format.
func WriteGame(w io.Writer, ev *sheet.Event, g *sheet.Game) error {
	return writeGame(w, GameTags(ev, g), nil, g)
}

// writeGame writes a game with the tags given (GameTags, or a variant of
// them such as BroadcastTags) and lead, when not empty, as a comment
// before the moves.
func writeGame(w io.Writer, tags []Tag, lead []string, g *sheet.Game) error {
	// The movetext first: a game without one (its start position does
	// not read) writes nothing, not its tags alone.
	words, err := movetextWords(g)
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	var exactTags []string
	for _, t := range tags {
		v, exact := escapeTag(t.Value)
		if !exact || !isTagName(t.Name) {
			exactTags = append(exactTags, tagComment(t))
		}
		if isTagName(t.Name) {
			fmt.Fprintf(bw, "[%s \"%s\"]\n", t.Name, v)
		}
	}
	bw.WriteByte('\n')
	if len(lead) > 0 {
		words = append(splitComment(lead), words...)
	}
	if len(exactTags) > 0 {
		words = append(splitComment(exactTags), words...)
	}
	writeWrapped(bw, words)
	bw.WriteByte('\n')
	return bw.Flush()
}

// WriteGames writes games one after the other, separated by blank lines.
func WriteGames(w io.Writer, ev *sheet.Event, games []sheet.Game) error {
	for i := range games {
		if err := WriteGame(w, ev, &games[i]); err != nil {
			return err
		}
	}
	return nil
}

// movetextWords returns the movetext as words to be wrapped: move numbers,
// moves, comments split at blanks, and the result.
func movetextWords(g *sheet.Game) ([]string, error) {
	rec, err := sheet.Reconcile(g)
	if err != nil {
		return nil, err
	}
	var words []string
	afterComment := true
	for _, ply := range rec.Plies {
		var comment []string
		if ply.Move == rules.NoMove {
			comment = copyTexts(ply, rules.NoMove)
			if len(comment) > 0 {
				words = append(words, splitComment(comment)...)
			}
			break
		}
		p := ply.Before
		if p.Turn() == rules.White {
			words = append(words, strconv.Itoa(p.MoveNumber())+".")
		} else if afterComment {
			words = append(words, strconv.Itoa(p.MoveNumber())+"...")
		}
		words = append(words, p.SAN(ply.Move))
		comment = plyComment(ply)
		if len(comment) > 0 {
			words = append(words, splitComment(comment)...)
		}
		afterComment = len(comment) > 0
	}
	result, _ := g.Result.PGNResult()
	if result == "" {
		result = "*"
	}
	return append(words, result), nil
}

// plyComment returns the parts of the comment after a move: draw offer,
// clock, and the copies' texts that do not name the move taken.
func plyComment(ply sheet.Ply) []string {
	var parts []string
	offer := false
	for _, c := range ply.Copies {
		if c != nil && (c.Cell.DrawOffer || c.Reading.DrawOffer) {
			offer = true
		}
	}
	if offer {
		parts = append(parts, "(=)")
	}
	// The clock written with the move: the mover's own copy first.
	mover := sheet.WhiteCopy
	if ply.Before.Turn() == rules.Black {
		mover = sheet.BlackCopy
	}
	for _, s := range []sheet.Side{mover, 1 - mover} {
		if c := ply.Copies[s]; c != nil {
			if secs, ok := sheet.ParseClock(c.Cell.Clock); ok {
				parts = append(parts, "[%clk "+formatClock(secs)+"]")
				break
			}
		}
	}
	if r := ply.Realign; r != nil {
		text := "[%realign " + r.Copy.String() + " " + string(r.Kind)
		if !r.Accepted {
			text += " proposed"
		}
		parts = append(parts, text+"]")
	}
	return append(parts, copyTexts(ply, ply.Move)...)
}

// copyTexts returns [%copy ...] for each copy whose cell does not read as
// exactly the move taken.
func copyTexts(ply sheet.Ply, taken rules.Move) []string {
	var parts []string
	for s, c := range ply.Copies {
		if c == nil || strings.TrimSpace(c.Cell.Text) == "" {
			continue
		}
		r := c.Reading
		named := (r.Status == rules.StatusOK || r.Status == rules.StatusNonstandard) && r.Move == taken
		if named && taken != rules.NoMove {
			continue
		}
		parts = append(parts, "[%copy "+sheet.Side(s).String()+" "+quoteCopy(c.Cell.Text)+"]")
	}
	return parts
}

// splitComment makes words of a comment's parts, "{" on the first and "}"
// on the last, split at blanks so long comments wrap, but never inside a
// quoted copy text (a line break there would change the text) nor inside
// a [%...] command (the reader takes [%copy white "e4"] with one blank).
func splitComment(parts []string) []string {
	text := "{" + strings.Join(parts, " ") + "}"
	var words []string
	start, quoted, command := -1, false, false
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case quoted && c == '\\':
			i++ // the escaped character belongs to the string
		case c == '"':
			quoted = !quoted
		case !quoted && (c == '[' || c == ']'):
			command = c == '['
		case c == ' ' && !quoted && !command:
			if start >= 0 {
				words = append(words, text[start:i])
				start = -1
			}
			continue
		}
		if start < 0 {
			start = i
		}
	}
	if start >= 0 {
		words = append(words, text[start:])
	}
	return words
}

// writeWrapped writes words separated by single blanks in lines of at most
// 79 characters.
func writeWrapped(w *bufio.Writer, words []string) {
	n := 0
	for _, word := range words {
		switch {
		case n == 0:
		case n+1+len(word) > 79:
			w.WriteByte('\n')
			n = 0
		default:
			w.WriteByte(' ')
			n++
		}
		w.WriteString(word)
		n += len(word)
	}
	w.WriteByte('\n')
}
