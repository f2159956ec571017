package rules

// LookAlikeMoves returns the legal moves of p, other than the one the
// writing names, that the same writing names with one of its characters
// read as a character that looks like it in handwriting (read_cost.go's
// groups: b/6/h, c/e, a/d, 1/7, 3/8, 5/6, g/9/q, f/t, S/5, O/0, l/1 and
// the piece letters that look alike): "h5" where b5 is legal too, "Nc3"
// where Ne3 is. None when the writing names no move (ok or nonstandard).
// A cell that one copy alone has written, and that names one of two
// legal moves that look alike, is a reader's guess, not a reading.
func LookAlikeMoves(p *Position, written string, l *Letters) []Move {
	ms, _ := LookAlikeReadings(p, written, l)
	return ms
}

// LookAlikeReadings is LookAlikeMoves with, for each move, whether the
// writing read with its look-alike names it in correct notation (true)
// or only as nonstandard (false: "Bxe4" where the look-alike takes
// nothing, a check mark where it gives none).
func LookAlikeReadings(p *Position, written string, l *Letters) ([]Move, []bool) {
	if l == nil {
		l = English
	}
	named := func(text string) (Move, bool) {
		rd := ReadMove(p, text, l)
		if rd.Status != StatusOK && rd.Status != StatusNonstandard {
			return NoMove, false
		}
		return rd.Move, rd.Status == StatusOK
	}
	m, _ := named(written)
	if m == NoMove {
		return nil, nil
	}
	var out []Move
	var correct []bool
	rs := []rune(written)
	for i, r := range rs {
		if r > 127 || lookAlikeTable[r] == 0 {
			continue
		}
		for _, g := range lookAlikes {
			for _, a := range g {
				if a == r || !lookAlike(a, r) {
					continue
				}
				alt := string(rs[:i]) + string(a) + string(rs[i+1:])
				if o, ok := named(alt); o != NoMove && o != m && !containsMove(out, o) {
					out = append(out, o)
					correct = append(correct, ok)
				}
			}
		}
	}
	return out, correct
}
