package rules

// How far what was written is from a move, for a reader of handwriting.
// The cost is counted in half-edits: a character changed into one that
// looks like it in handwriting (b/6/h, c/e, a/d, 1/7, 3/8, 5/6, g/9/q,
// f/t, S/5, O/0, l/1, and piece letters that look alike) costs one; two
// neighbours swapped (Damerau), a capture or check sign missing or extra,
// cost one; any other character changed, missing or extra costs two. So
// "Rdf1" is one from "Rfd1" and "Nf3" one from "Nt3", but three from
// "Nd2".

// lookAlikes are the groups of characters confused in handwriting.
var lookAlikes = []string{"b6h", "ce", "ad", "17", "38", "56", "g9q", "ft", "S5s", "O0o", "l1I", "NH", "KR", "LC", "TF", "DO", "B8"}

// lookAlike reports whether a and b are different characters that look
// alike in handwriting.
func lookAlike(a, b rune) bool {
	if a == b || a > 127 || b > 127 {
		return false
	}
	return lookAlikeTable[a]&lookAlikeTable[b] != 0
}

// lookAlikeTable holds, per ASCII character, a bit per group it is in.
var lookAlikeTable = func() (t [128]uint32) {
	for i, g := range lookAlikes {
		for _, r := range g {
			t[r] |= 1 << i
		}
	}
	return
}()

// signChar reports whether a character is a sign a player often leaves
// out or adds: capture, check, mate.
func signChar(r rune) bool { return r == 'x' || r == ':' || r == '+' || r == '#' }

// writtenCost is the cost, in half-edits, of turning what was written into
// the spelling of a move (optimal string alignment: each character is
// edited at most once). It keeps three rows of the table, not the table:
// it is computed for every legal move of every doubtful cell, and zeroing
// a whole table cost more than filling the rows.
func writtenCost(a, b []rune) int {
	const maxLen = 24
	if len(a) > maxLen || len(b) > maxLen {
		return 2 * editDistance(a, b)
	}
	var rows [3][maxLen + 1]int
	back2, back, cur := &rows[0], &rows[1], &rows[2] // rows i-2, i-1, i
	for j := 1; j <= len(b); j++ {
		back[j] = back[j-1] + insertCost(b[j-1])
	}
	first := 0 // cur[0]: the cost of the first i written characters, all extra
	for i := 1; i <= len(a); i++ {
		if signChar(a[i-1]) {
			first++
		} else {
			first = i * 2
		}
		cur[0] = first
		for j := 1; j <= len(b); j++ {
			sub := 2
			switch {
			case a[i-1] == b[j-1]:
				sub = 0
			case lookAlike(a[i-1], b[j-1]):
				sub = 1
			}
			v := min(back[j]+insertCost(a[i-1]), cur[j-1]+insertCost(b[j-1]), back[j-1]+sub)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] && a[i-1] != a[i-2] {
				v = min(v, back2[j-2]+1)
			}
			cur[j] = v
		}
		back2, back, cur = back, cur, back2
	}
	return back[len(b)]
}

// insertCost is the cost of a character missing from, or extra in, what
// was written.
func insertCost(r rune) int {
	if signChar(r) {
		return 1
	}
	return 2
}
