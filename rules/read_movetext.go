package rules

import "strings"

// MovetextCell is one cell cut out of movetext, with where it stands:
// Pos is its first character in the movetext (Line, Col in characters,
// Offset in bytes).
type MovetextCell struct {
	Text   string // the cell as written, marks that stood apart joined with one blank
	Pos    Pos    // where the cell starts in the movetext
	Number int    // the move number written before it, or 0
	Black  bool   // the number was written with dots for Black ("12...")
}

// Movetext is a whole sheet written as one text.
type Movetext struct {
	Cells  []MovetextCell
	Result string // the result token that ended the movetext, or ""
}

// SplitMovetext cuts movetext such as "1.e4 e5 2.Nf3 (=) Nc6 3.exd6 e.p."
// into cells: move numbers ("12.", "12...", "12. …", "12") are taken off,
// marks written apart ("e.p.", "(=)", "+", "!?") join the cell before,
// brace comments are skipped, and a result ends the movetext.
func SplitMovetext(text string) Movetext {
	var mt Movetext
	var at PosCounter
	at.Reset(text)
	pendingNumber, pendingBlack := 0, false
	words := movetextWords(text)
	for wi := 0; wi < len(words); wi++ {
		w := words[wi]
		word := text[w[0]:w[1]]
		if res, ok := resultToken(word); ok {
			mt.Result = res
			break
		}
		if n, black, rest, ok := leadingNumber(word); ok {
			pendingNumber, pendingBlack = n, black
			if rest == 0 {
				continue
			}
			w[0] += rest
			word = text[w[0]:w[1]]
		} else if isEllipsis(word) {
			pendingBlack = true
			continue
		}
		if len(mt.Cells) > 0 && isDetachedMark(word, words, wi, text) && !isMissingCell(word, mt.Cells, words, wi, text) {
			c := &mt.Cells[len(mt.Cells)-1]
			c.Text = c.Text + " " + word
			continue
		}
		mt.Cells = append(mt.Cells, MovetextCell{Text: word, Pos: at.At(w[0]), Number: pendingNumber, Black: pendingBlack})
		pendingNumber, pendingBlack = 0, false
	}
	return mt
}

// movetextWords returns the [start, end) of each blank-separated word,
// skipping brace comments and ';' comments to the end of the line.
func movetextWords(s string) [][2]int {
	var out [][2]int
	start := -1
	flush := func(i int) {
		if start >= 0 {
			out = append(out, [2]int{start, i})
			start = -1
		}
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '{':
			flush(i)
			if j := strings.IndexByte(s[i:], '}'); j >= 0 {
				i += j
			} else {
				i = len(s)
			}
		case c == ';':
			flush(i)
			if j := strings.IndexByte(s[i:], '\n'); j >= 0 {
				i += j
			} else {
				i = len(s)
			}
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			flush(i)
		default:
			if start < 0 {
				start = i
			}
		}
	}
	flush(len(s))
	return out
}

// leadingNumber reads "12.", "12...", "12…" or a bare "12" at the front of
// a word; rest is how many bytes it takes (the word's length when the
// word is only a number).
func leadingNumber(w string) (n int, black bool, rest int, ok bool) {
	i := 0
	for i < len(w) && w[i] >= '0' && w[i] <= '9' {
		n = n*10 + int(w[i]-'0')
		i++
	}
	if i == 0 || w[0] == '0' || i > 3 {
		// Four digits are no move number but a cell ("5254", ICCF
		// numeric notation), read as written, as ReadCell does.
		return 0, false, 0, false
	}
	j := i
	dots := 0
	for j < len(w) {
		switch {
		case w[j] == '.':
			dots++
			j++
		case strings.HasPrefix(w[j:], "…"):
			dots += 3
			j += len("…")
		default:
			goto done
		}
	}
done:
	if j == len(w) {
		return n, dots >= 2, 0, true
	}
	if dots == 0 {
		return 0, false, 0, false // "12e4" is not a number and a move
	}
	return n, dots >= 2, j, true
}

// isMissingCell reports whether a lone "?" (or "??") stands for Black's
// missing move rather than a glyph on White's: White's move was numbered
// and the next word numbers White's next move ("12. Nf3 ? 13. Bb5").
func isMissingCell(word string, cells []MovetextCell, words [][2]int, wi int, text string) bool {
	if strings.Trim(word, "?") != "" || wi+1 >= len(words) {
		return false
	}
	prev := cells[len(cells)-1]
	if prev.Number == 0 || prev.Black {
		return false
	}
	n, black, _, ok := leadingNumber(text[words[wi+1][0]:words[wi+1][1]])
	return ok && !black && n == prev.Number+1
}

func isEllipsis(w string) bool { return w == "..." || w == "…" || w == ".." }

// isDetachedMark reports whether word is a mark that belongs to the cell
// before it: "e.p.", "ep" after a move, "(=)", "+", "#", glyphs.
func isDetachedMark(word string, words [][2]int, wi int, text string) bool {
	switch word {
	case "e.":
		return wi+1 < len(words) && text[words[wi+1][0]:words[wi+1][1]] == "p."
	case "p.":
		return wi > 0 && text[words[wi-1][0]:words[wi-1][1]] == "e."
	}
	return MarkApart(word)
}

// ReadMovetext reads a whole sheet written as movetext from start. A
// written move number that does not fit the ply is reported on its cell.
func ReadMovetext(start *Position, text string, l *Letters) ([]SheetMove, Movetext) {
	mt := SplitMovetext(text)
	cells := make([]string, len(mt.Cells))
	for i, c := range mt.Cells {
		cells[i] = c.Text
	}
	moves := ReadSheet(start, cells, l)
	for i := range moves {
		c := mt.Cells[i]
		want := start.fullmove + (i+int(start.turn))/2
		if c.Number != 0 && (c.Number != want || c.Black != (moves[i].Before.turn == Black)) {
			moves[i].Findings = append(moves[i].Findings, Finding{Code: CodeMoveNumberMismatch})
			moves[i].Reading = moves[i].Reading.finish()
		}
	}
	return moves, mt
}
