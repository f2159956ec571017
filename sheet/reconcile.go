package sheet

import (
	"slices"
	"sort"

	"scoresheet/rules"
)

// PlyStatus says how the game's move at one ply was found from the copies.
type PlyStatus string

const (
	PlyAgreed   PlyStatus = "agreed"   // both copies name the same move
	PlySingle   PlyStatus = "single"   // one copy names the move; the other has nothing there
	PlyResolved PlyStatus = "resolved" // one copy names the move, the other's doubtful cell admits it
	PlyDiffer   PlyStatus = "differ"   // the copies name different moves: the arbiter decides
	PlyDoubtful PlyStatus = "doubtful" // neither copy names a move: the arbiter decides
	PlyDecided  PlyStatus = "decided"  // the arbiter decided
	// PlySettled: no copy names a move other than it, and read with the
	// plies that follow on both copies it is the only sensible one (the
	// whole-sheet reading, joint.go).
	PlySettled PlyStatus = "settled"
	PlyNone    PlyStatus = "none" // no move can be taken (nothing written, or the game is over)
	// PlyRealign: a copy is out of step from this ply; the realignment
	// proposed (Ply.Realign) waits for the arbiter, and the plies after it
	// are read as if it were accepted (Ply.Depends).
	PlyRealign PlyStatus = "realign"
	// PlyLookAlike: one copy alone names the move (the other has nothing
	// there), and its writing is one look-alike from another legal move
	// ("h5" where b5 is legal too) that the plies after it read on with as
	// well: the arbiter decides between them (Candidates).
	PlyLookAlike PlyStatus = "look-alike"
)

// NeedsDecision reports whether the arbiter must choose the move, or
// accept or refuse a realignment.
//
// The rule (docs/cli.md: "A copy out of step, and when a move is taken without asking"): a move
// taken without asking that was not played is the worst defect, so a ply
// is taken without the arbiter only when the evidence leaves one sensible
// reading: agreed, single (the other copy has nothing there), resolved
// (the other copy's doubtful cell can stand for the move: ambiguous,
// wrong origin or descriptive with it among its candidates, or at most
// two half-edits of handwriting from it, rules.WrittenCost), decided, and
// the plies read on a realigned copy (which depend on the one proposal).
// Everything else is flagged.
func (s PlyStatus) NeedsDecision() bool {
	return s == PlyDiffer || s == PlyDoubtful || s == PlyRealign || s == PlyLookAlike
}

// CopyCell is what one copy says at one ply.
type CopyCell struct {
	Cell    Cell
	Reading rules.Reading // the cell read in the game's position before the ply
	// Index is the cell's index in its copy: the ply's index unless a
	// realignment lines the copy up otherwise (a merged or split cell is
	// the first cell's index).
	Index int
}

// Ply is one half-move of the reconciled game.
type Ply struct {
	Ply    int
	Before *rules.Position
	After  *rules.Position // Before when Move is NoMove
	// Copies holds each copy's cell at this ply; nil where the copy has none.
	Copies [2]*CopyCell
	Status PlyStatus
	// Move is the move the game goes on with. Where the arbiter must decide
	// it is the candidate with which the rest of both copies replays best,
	// provisionally, so that the rest of the game can still be read.
	Move rules.Move
	// Candidates are the moves the copies could mean, best replay first;
	// set where the copies do not agree.
	Candidates []rules.Move
	Decision   *Decision // the arbiter's decision, when one applies
	// Realign is the realignment of a copy made or proposed at this ply.
	Realign *Realignment
	// Depends is the ply of the first realignment still proposed before
	// this ply: the move is read as if it were accepted. 0 when none.
	Depends int
}

// Reconciled is the game's move list derived from the two copies.
type Reconciled struct {
	Start *rules.Position
	Plies []Ply
	Final *rules.Position
	// Realignments are the realignments the reading rests on, in ply
	// order per copy: accepted by the arbiter, or proposed.
	Realignments []Realignment
	views        [2][]slot
	consulted    [2]bool  // per copy, Copy.Consulted: typed only where the arbiter looked
	cellPly      [2][]int // per copy, the index of the ply each cell is read at, -1 for none
	reads        *cellReads
}

// CellAt returns how cell index of a copy was read, and the ply it was
// read at; nil where the cell is not read (a cell written twice, removed
// by a realignment, or beyond the game).
func (rec *Reconciled) CellAt(side Side, index int) (*CopyCell, *Ply) {
	if index < 0 || index >= len(rec.cellPly[side]) || rec.cellPly[side][index] < 0 {
		return nil, nil
	}
	p := &rec.Plies[rec.cellPly[side][index]]
	return p.Copies[side], p
}

// letters returns the piece letters copy s is read in (CopyLang),
// English when the language is unknown or unset.
func (g *Game) letters(s Side) *rules.Letters {
	if l, ok := rules.LettersFor(g.CopyLang(s)); ok {
		return l
	}
	return rules.English
}

// copyLetters returns the piece letters of both copies.
func (g *Game) copyLetters() [2]*rules.Letters {
	return [2]*rules.Letters{g.letters(WhiteCopy), g.letters(BlackCopy)}
}

// StartPosition returns the game's start position.
func (g *Game) StartPosition() (*rules.Position, error) {
	if g.FEN == "" {
		return rules.NewPosition(), nil
	}
	return rules.ParseFEN(g.FEN)
}

// named returns the move a reading names, or NoMove.
func named(r rules.Reading) rules.Move {
	switch r.Status {
	case rules.StatusOK, rules.StatusNonstandard, rules.StatusIllegal:
		return r.Move // an illegal reading names a move only for a promotion without piece
	}
	return rules.NoMove
}

// Reconcile derives the game's moves from its two copies: where they
// agree, that move; where one copy has nothing, the other fills the gap;
// where they disagree, both and the candidates, and the arbiter's
// decision if there is one. A copy out of step is read realigned, as the
// arbiter accepted or as proposed (realign_find.go). Nothing written is
// changed.
func Reconcile(g *Game) (*Reconciled, error) {
	return reconcileWith(g, newCellReads())
}

// A Reader reconciles a game again and again as it is typed (the window
// after each key, event enter after each cell), reading again only what
// changed: each reading of a cell in a position, and each ply's ranking
// of its candidates, is remembered from one Reconcile to the next (see
// cellReads). It reconciles as Reconcile does, to the same result. A
// Reader is for one goroutine.
type Reader struct {
	reads *cellReads
}

// NewReader returns a Reader that remembers nothing yet.
func NewReader() *Reader {
	reads := newCellReads()
	reads.kept = true
	return &Reader{reads: reads}
}

// Reconcile is Reconcile, reading what an earlier call read as it read it.
func (r *Reader) Reconcile(g *Game) (*Reconciled, error) {
	r.reads.age()
	return reconcileWith(g, r.reads)
}

func reconcileWith(g *Game, reads *cellReads) (*Reconciled, error) {
	start, err := g.StartPosition()
	if err != nil {
		return nil, err
	}
	rulings := latestRealigns(g.Decisions)
	var rs [2][]*Realignment
	for _, r := range rulings {
		if r.accepted != nil {
			rs[r.accepted.Copy] = append(rs[r.accepted.Copy], r.accepted)
		}
	}
	for s := range rs {
		sortByPly(rs[s])
	}
	return proposeRealignments(g, start, rs, rulings, reads), nil
}

// reconcileViews reads the game with the copies lined up by rs. A quick
// reading (looking for copies out of step) does not rank the candidates
// of a ply in doubt by how the game replays after them: where a copy is
// out of step that ranking costs most, and it is done once, at the end.
//
// A quick reading may start from an earlier one, prev, at ply index from:
// the plies before it are taken over unchanged (the copies are lined up
// the same way up to there, and a quick reading looks no further ahead).
func reconcileViews(g *Game, start *rules.Position, rs [2][]*Realignment, quick bool, prev *Reconciled, from int, reads *cellReads) *Reconciled {
	var views [2][]slot
	for s := range rs {
		views[s] = lineUp(g.Copies[s].Cells, rs[s])
	}
	return readViews(g, start, rs, views, quick, prev, from, reads)
}

// readViews is reconcileViews with the copies lined up by rs already
// (views): the final reading reads them as the last quick one lined
// them up. A Reader takes over the plies of its last reading of the same
// kind up to where anything they depend on changed (reconcile_past.go).
func readViews(g *Game, start *rules.Position, rs [2][]*Realignment, views [2][]slot, quick bool, prev *Reconciled, from int, reads *cellReads) *Reconciled {
	rec := &Reconciled{Start: start, reads: reads, views: views, consulted: [2]bool{g.Copies[WhiteCopy].Consulted, g.Copies[BlackCopy].Consulted}}
	letters := g.copyLetters()
	decisions := latestDecisions(g.Decisions)
	n := max(len(rec.views[WhiteCopy]), len(rec.views[BlackCopy]))
	key := ""
	if reads.keeps() {
		key = pastKey(quick, rs, rec.consulted)
	}
	p, depends, i := rec.resume(start, letters, decisions, n, quick, prev, from, key)
	if reads != nil {
		reads.plies += n - i
	}
	for ; i < n; i++ {
		ply := rec.readPly(i, p, depends, letters, decisions, quick)
		if r := ply.Realign; r != nil && !r.Accepted && depends == 0 {
			depends = ply.Ply
		}
		p = ply.After
		rec.Plies = append(rec.Plies, ply)
	}
	rec.Final = p
	rec.index(g)
	reads.remember(key, start, letters, decisions, rec)
	return rec
}

// resume puts into rec.Plies the plies a reading takes over (the
// Reader's past reading of the same kind up to where anything they
// depend on changed, or a quick reading's prev up to from) and returns
// where it goes on: the position, the ply the reading depends on, and
// the index of the next ply to read.
func (rec *Reconciled) resume(start *rules.Position, letters [2]*rules.Letters, decisions map[int]Decision, n int, quick bool, prev *Reconciled, from int, key string) (p *rules.Position, depends, i int) {
	if !quick || prev == nil || from <= 0 || from > len(prev.Plies) {
		prev, from = nil, 0
	}
	if past := rec.reads.past(key); past != nil {
		if k := past.reusable(start, letters, decisions, rec.views, quick, rec.consulted); k > from {
			// A quick reading is the Reader's own: it goes on in the
			// past one's array. The final one is the caller's, kept.
			rec.Plies = past.plies[:k]
			if !quick {
				rec.Plies = append(make([]Ply, 0, n), rec.Plies...)
			}
			takeOver(rec.Plies, rec.views)
			prev, from = nil, k
		}
	}
	if prev != nil {
		rec.Plies = append(make([]Ply, 0, n), prev.Plies[:from]...)
	}
	if from == 0 {
		return start, 0, 0
	}
	last := &rec.Plies[from-1]
	depends = last.Depends
	if r := last.Realign; r != nil && !r.Accepted && depends == 0 {
		depends = from
	}
	return last.After, depends, from
}

// readPly reads ply index i from position p: what each copy names there,
// then the arbiter's decision, else what the copies decide, and the
// realignment at it; depends is the ply the reading depends on so far.
func (rec *Reconciled) readPly(i int, p *rules.Position, depends int, letters [2]*rules.Letters, decisions map[int]Decision, quick bool) Ply {
	reads := rec.reads
	ply := Ply{Ply: i + 1, Before: p, After: p, Depends: depends}
	var moves [2]rules.Move
	for s, view := range rec.views {
		if i >= len(view) {
			continue
		}
		if view[i].r != nil {
			ply.Realign = view[i].r
		}
		if view[i].index >= 0 {
			c := view[i].cell
			ply.Copies[s] = &CopyCell{Cell: c, Reading: reads.cell(p, c, letters[s], !quick), Index: view[i].index}
			moves[s] = named(ply.Copies[s].Reading)
		}
	}
	if d, ok := decisions[ply.Ply]; ok {
		if m, ok := moveFromUCI(p, d.Move); ok {
			ply.Status, ply.Move, ply.Decision = PlyDecided, m, &d
		}
	}
	if ply.Status == "" {
		ply.decide(rec.views, letters, moves, i, quick, reads, rec.consulted)
	}
	if ply.Realign != nil {
		ply.realigned(p)
	}
	if ply.Move != rules.NoMove {
		ply.After = p.Play(ply.Move)
	}
	return ply
}

// realigned sets the status and move of a ply where a copy is realigned:
// an insertion's move where no copy names one, and, while the arbiter has
// not accepted it, the proposal to decide.
func (ply *Ply) realigned(p *rules.Position) {
	r := ply.Realign
	if r.Kind == RealignInsert && r.Accepted {
		r.Move = rules.NoMove
		if m, ok := moveFromUCI(p, r.uci); ok {
			r.Move = m
		}
	}
	if r.Kind == RealignInsert && r.Move != rules.NoMove && ply.Status != PlyDecided &&
		(ply.Status.NeedsDecision() || ply.Status == PlyNone) {
		ply.Status, ply.Move = PlyDecided, r.Move
		ply.Candidates = nil
	}
	if !r.Accepted {
		ply.Status = PlyRealign
		if r.Kind == RealignInsert {
			ply.Move = r.Move
			ply.Candidates = append([]rules.Move{r.Move}, r.Alternatives...)
		}
	}
}

// index records at which ply each cell was read, and the realignments.
func (rec *Reconciled) index(g *Game) {
	for s, view := range rec.views {
		rec.cellPly[s] = make([]int, len(g.Copies[s].Cells))
		for i := range rec.cellPly[s] {
			rec.cellPly[s][i] = -1
		}
		for i, sl := range view {
			if sl.index >= 0 && rec.cellPly[s][sl.index] < 0 {
				rec.cellPly[s][sl.index] = i
			}
			if sl.r != nil {
				rec.Realignments = append(rec.Realignments, *sl.r)
			}
		}
	}
}

// decide sets the status, move and candidates of a ply from what the two
// copies name there.
//
// A quick reading reads the cells without the candidates of a cell that
// names no move (the nearest spellings cost most of reading a copy out of
// step); it reads them where no copy names a move, to go on with the
// nearest.
func (ply *Ply) decide(views [2][]slot, letters [2]*rules.Letters, moves [2]rules.Move, i int, quick bool, reads *cellReads, consulted [2]bool) {
	w, b := moves[WhiteCopy], moves[BlackCopy]
	switch {
	case w != rules.NoMove && w == b:
		ply.Status, ply.Move = PlyAgreed, w
		return
	case w != rules.NoMove && b != rules.NoMove:
		ply.Status = PlyDiffer
		ply.Candidates = []rules.Move{w, b}
	case w != rules.NoMove || b != rules.NoMove:
		if ply.decideOne(views, letters, moves, i, quick, reads, consulted) {
			return
		}
	default:
		ply.Status = PlyDoubtful
		for s, c := range ply.Copies {
			if c == nil {
				continue
			}
			if quick {
				c.Reading = reads.cell(ply.Before, c.Cell, letters[s], true)
			}
			ply.Candidates = appendNew(ply.Candidates, c.Reading.Candidates...)
		}
		if len(ply.Candidates) == 0 {
			// Nothing written later, or the game is over (mate or
			// stalemate: cells written after it name no move).
			if !anythingLater(views, i) || !ply.Before.HasLegalMove() {
				ply.Status = PlyNone
				return
			}
			ply.Candidates = ply.Before.LegalMoves()
		}
	}
	ply.Candidates = uniqueMoves(ply.Candidates)
	switch {
	case !quick:
		ply.rank(views, letters, i, reads)
		ply.jointRank(views, letters, i, reads) // where neither copy names a move
		ply.rankConsulted(views, letters, i, reads, consulted)
	case ply.Status == PlyDiffer:
		ply.glance(views, letters, i, reads)
	}
	if len(ply.Candidates) > 0 {
		ply.Move = ply.Candidates[0]
	}
	if !quick {
		ply.settle(views, letters, i, reads)
	}
}

// decideOne decides a ply where one copy alone names a move: taken from
// it (single, or resolved by the other copy's doubtful cell), and true;
// else the copies differ, with the candidates, and false.
func (ply *Ply) decideOne(views [2][]slot, letters [2]*rules.Letters, moves [2]rules.Move, i int, quick bool, reads *cellReads, consulted [2]bool) bool {
	one, other := WhiteCopy, BlackCopy
	if moves[WhiteCopy] == rules.NoMove {
		one, other = BlackCopy, WhiteCopy
	}
	m := moves[one]
	oc := ply.Copies[other]
	switch {
	case oc == nil || oc.Reading.Status == rules.StatusMissing:
		ply.Status, ply.Move = PlySingle, m
		if !quick {
			ply.lookAlikeAlone(views, letters, one, i, reads, consulted[other] || consulted[one])
		}
		return true
	case admits(ply.Before, oc.Reading, m, letters[other]) &&
		(!consulted[one] && !consulted[other] || ply.lookAlikeAdmitted(one, m, letters) == rules.NoMove):
		ply.Status, ply.Move = PlyResolved, m
		return true
	}
	ply.Status = PlyDiffer
	ply.Candidates = append([]rules.Move{m}, oc.Reading.Candidates...)
	if consulted[one] || consulted[other] {
		ply.Candidates = appendNew(ply.Candidates, ply.lookAlikeAdmitted(one, m, letters))
	}
	return false
}

// rank orders the candidates by how well both copies replay after them
// (rules.ReplayScore, the cells read through reads). The order depends
// on nothing else than the position, the candidates and the cells
// replayed: a ply that a Reader ranked before with the same is ranked as
// it was, without replaying anything.
func (ply *Ply) rank(views [2][]slot, letters [2]*rules.Letters, i int, reads *cellReads) {
	rest := restAfter(views, i)
	var key rankKey
	if reads.keeps() {
		key = newRankKey(ply.Before, ply.Candidates, rest, letters)
		if ranked, ok := reads.rank.get(key); ok {
			copy(ply.Candidates, ranked)
			return
		}
	}
	ply.sortByScore(rest, letters, reads)
	if reads.keeps() {
		reads.rank.put(key, slices.Clone(ply.Candidates))
	}
}

// restAfter returns the cells of both copies after ply i that a replay
// reads: LookaheadPlies cells at most (the rest of a long copy,
// collected at every ply, made reading it quadratic), "" for a cell with
// no writing to read.
func restAfter(views [2][]slot, i int) [2][]string {
	var rest [2][]string
	for s, view := range views {
		for _, sl := range view[min(i+1, len(view)):min(i+1+rules.LookaheadPlies, len(view))] {
			t := sl.cell.Text
			if sl.cell.Illegible || sl.cell.NotRecorded || sl.index < 0 {
				t = ""
			}
			rest[s] = append(rest[s], t)
		}
	}
	return rest
}

// sortByScore orders the candidates by how well both copies' rest
// replays after each, best first, and returns each one's score.
func (ply *Ply) sortByScore(rest [2][]string, letters [2]*rules.Letters, reads *cellReads) map[rules.Move]int {
	score := make(map[rules.Move]int, len(ply.Candidates))
	for _, m := range ply.Candidates {
		q := ply.Before.Play(m)
		score[m] = reads.replayScore(q, rest[WhiteCopy], letters[WhiteCopy]) + reads.replayScore(q, rest[BlackCopy], letters[BlackCopy])
	}
	sort.SliceStable(ply.Candidates, func(a, b int) bool { return score[ply.Candidates[a]] > score[ply.Candidates[b]] })
	return score
}

// lookAlikeAlone asks the arbiter about a ply one copy alone names
// (PlySingle) where its writing is one look-alike from another legal move
// (rules.LookAlikeMoves: "h5" where b5 is legal too) that the rest
// contradicts less than it contradicts the move written.
//
// Where the other copy has nothing there because it is blank (both
// copies typed in full), the plies after it, on both copies, must read
// on better with the look-alike (rules.ReplayScore: "Bb7" later, legal
// only once the b-pawn has gone): where they read on as well with the
// move written, nothing contradicts the writing, and it is taken as one
// copy's word, as two copies' agreeing words are; asking there too would
// ask the arbiter, in the noise benchmark, about 40 more of the 273
// plies one copy alone names, every one of them taken right as it is.
//
// Where the other copy is consulted (typed only where the arbiter was
// asked to look), its blank cell is not a blank: nobody has looked. One
// copy's writing is then all the evidence; so it is where the cell read
// is the consulted copy's own, looked up because the copy typed in full
// has nothing there (1.c4 played, "c4" blank on White's copy, "e4" on
// Black's: two such plies taken wrong on the six other seeds of the
// noise benchmark, 0.05% more asked once they are read so). A look-alike
// that the rest of the game reads on with as far as with the move written
// (consultReadOn) is as likely a reading of it: the arbiter is asked to
// look at the other copy there, or to decide; unless the writing is in
// correct notation and the look-alike reads only as nonstandard ("Dg4"
// written, the look-alike hxg4 without its x): that takes two slips, a
// look-alike and a mark, and on a tie the writing stands (asking there
// too cost 1.4% more of the other copy typed in the noise benchmark, for
// no ply taken wrong); or unless a sensible reader's chess sense takes
// the writing (writingLikelier: the look-alike loses material at a
// glance and the writing does not, or the writing is clearly the better
// move: 12.64% to 9.85% of the other copy typed, none taken wrong).
// Taking the writing on every tie took 0.2% of the plies wrong without
// asking in the consult workflow (issue 32).
func (ply *Ply) lookAlikeAlone(views [2][]slot, letters [2]*rules.Letters, one Side, i int, reads *cellReads, consulted bool) {
	alts, correct := rules.LookAlikeReadings(ply.Before, ply.Copies[one].Cell.Text, letters[one])
	if len(alts) == 0 {
		return
	}
	writtenOK := ply.Copies[one].Reading.Status == rules.StatusOK
	m := ply.Move
	ply.Candidates = append([]rules.Move{m}, alts...)
	var score map[rules.Move]int
	if consulted {
		score = ply.sortByReadOn(views, letters, one, i, reads)
	} else {
		score = ply.sortByScore(restAfter(views, i), letters, reads)
	}
	for k, a := range alts {
		if score[a] > score[m] || (consulted && score[a] == score[m] && (correct[k] || !writtenOK) && !writingLikelier(ply.Before, m, a, writtenOK)) {
			ply.Status, ply.Move = PlyLookAlike, ply.Candidates[0]
			return
		}
	}
	ply.Candidates = nil
}

// glanceAhead is how many plies a quick reading looks ahead to choose
// between the moves two copies name.
const glanceAhead = 4

// glance orders the candidates of a ply where the copies differ, in a
// quick reading, by how many of the next cells of both copies name a move
// after each: where the copies name two legal moves the reading goes on
// with the likelier one, as the final ranking will mostly choose, so that
// the plies after it are not read twice (in two different positions), nor
// taken for a copy out of step. The final reading ranks them properly.
func (ply *Ply) glance(views [2][]slot, letters [2]*rules.Letters, i int, reads *cellReads) {
	if len(ply.Candidates) < 2 {
		return
	}
	score := func(m rules.Move) int {
		p, n := ply.Before.Play(m), 0
		for t := i + 1; t <= i+glanceAhead; t++ {
			next := rules.NoMove
			for s, view := range views {
				if t < len(view) {
					if mo, _ := reads.slotMove(p, view[t], letters[s]); mo != rules.NoMove {
						n++
						next = mo
					}
				}
			}
			if next == rules.NoMove {
				break
			}
			p = p.Play(next)
		}
		return n
	}
	best, bestScore := 0, -1
	for k, m := range ply.Candidates[:min(len(ply.Candidates), 3)] {
		if sc := score(m); sc > bestScore {
			best, bestScore = k, sc
		}
	}
	ply.Candidates[0], ply.Candidates[best] = ply.Candidates[best], ply.Candidates[0]
}

func anythingLater(views [2][]slot, i int) bool {
	for _, view := range views {
		for _, sl := range view[min(i+1, len(view)):] {
			if c := sl.cell; c.Text != "" && !c.Illegible && !c.NotRecorded {
				return true
			}
		}
	}
	return false
}

// admits reports whether a doubtful cell's writing can stand for move m,
// so that the other copy's clear cell settles the ply. The candidates of
// an ambiguous cell, of a cell whose origin is wrong, or of descriptive
// notation ("PxP") all fit what is written. An illegal or unreadable cell admits a move only when its
// writing is a slip of one character from that move ("Nc5" for "Ne5", two
// look-alikes, two neighbours swapped: WrittenCost 2 at most): its
// candidates are merely the nearest spellings, and a move further off is
// a disagreement for the arbiter.
func admits(p *rules.Position, r rules.Reading, m rules.Move, l *rules.Letters) bool {
	switch {
	case r.Status == rules.StatusAmbiguous, hasCode(r.Findings, rules.CodeWrongOrigin), hasCode(r.Findings, rules.CodeDescriptive):
		return containsMove(r.Candidates, m)
	case r.Status == rules.StatusIllegal || r.Status == rules.StatusUnreadable:
		return rules.WrittenCost(p, m, r.Written, l) <= 2
	}
	return false
}

func containsMove(ms []rules.Move, m rules.Move) bool {
	for _, x := range ms {
		if x == m {
			return true
		}
	}
	return false
}

func appendNew(ms []rules.Move, add ...rules.Move) []rules.Move {
	for _, m := range add {
		if !containsMove(ms, m) {
			ms = append(ms, m)
		}
	}
	return ms
}

func uniqueMoves(ms []rules.Move) []rules.Move { return appendNew(nil, ms...) }

// latestDecisions returns, per ply, the last decision made; a decision
// with no move withdraws the earlier ones.
func latestDecisions(ds []Decision) map[int]Decision {
	out := map[int]Decision{}
	for _, d := range ds {
		if _, _, ok := parseRealign(d); ok {
			continue // a ruling on a realignment, not a move
		}
		if d.Move == "" {
			delete(out, d.Ply)
			continue
		}
		out[d.Ply] = d
	}
	return out
}

// moveFromUCI finds the legal move of p written in UCI.
func moveFromUCI(p *rules.Position, uci string) (rules.Move, bool) {
	for _, m := range p.LegalMoves() {
		if m.UCI() == uci {
			return m, true
		}
	}
	return rules.NoMove, false
}
