package pgn

import (
	"bytes"
	"io"
	"runtime"
	"strings"
	"sync"

	"scoresheet/rules"
)

// Verdict is what validation says about one game.
type Verdict struct {
	File     string
	Index    int // 0-based game number in the file
	Line     int
	White    string
	Black    string
	Plies    int // plies read legally
	Legal    bool
	Warnings bool
	Problems []Problem
}

// Summary counts a validation run.
type Summary struct {
	Games, Plies, GamesWithErrors, GamesWithWarnings int
}

func (s *Summary) merge(o Summary) {
	s.Games += o.Games
	s.Plies += o.Plies
	s.GamesWithErrors += o.GamesWithErrors
	s.GamesWithWarnings += o.GamesWithWarnings
}

func (s *Summary) add(v *Verdict) {
	s.Games++
	s.Plies += v.Plies
	if !v.Legal {
		s.GamesWithErrors++
	}
	if v.Warnings {
		s.GamesWithWarnings++
	}
}

// ValidateOptions set up Validate.
type ValidateOptions struct {
	File    string         // the name problems are reported under
	Letters *rules.Letters // the notation language of the movetext; nil is English
	Jobs    int            // games checked at once; 0 means one per CPU
	// All passes every game to emit; otherwise only games with problems.
	All bool
}

// blockBytes is the size of the blocks the reader hands to workers: big
// enough that per-block work is negligible, small enough that memory does
// not grow with the file (a few blocks are in flight).
// A variable so that tests can cut small files into many blocks.
var blockBytes = 1 << 20

type block struct {
	seq       int
	file      int // index of the Input the block was cut from
	data      []byte
	firstLine int
	last      bool
	verdicts  []Verdict
	summary   Summary
	unclean   bool // the block ended inside a brace comment
}

// Validate checks every game of a PGN stream and calls emit, in file
// order, for each game with problems (or every game with All); the
// *Verdict is emit's during the call only (copy it to keep it). It
// streams: memory holds a few blocks of the file whatever its size.
//
// With several jobs the stream is cut into blocks at a blank line followed
// by a tag line, and each worker splits and checks its own block. Such a
// cut is where the one-pass splitter starts a new game too, unless the
// cut falls inside a brace comment; a worker notices that (its block ends
// inside a comment), and then that block and the next are read again as
// one, so the result is always that of the one-pass reading.
func Validate(r io.Reader, opt ValidateOptions, emit func(*Verdict)) (Summary, error) {
	// r is the caller's to close: hidden from closeInput.
	in := []Input{{Name: opt.File, Open: func() (io.Reader, error) { return struct{ io.Reader }{r}, nil }}}
	sum, _, err := ValidateFiles(in, opt, emit)
	return sum, err
}

// Input is one file of ValidateFiles: its name (what problems are
// reported under) and how to open it when its turn comes. A reader that
// is also an io.Closer is closed once read.
type Input struct {
	Name string
	Open func() (io.Reader, error)
}

// ValidateFiles checks the inputs one after the other, as Validate checks
// each (opt.File is ignored: each verdict names its input), and calls
// emit in order. With several jobs the inputs are one stream of blocks,
// so a worker checks the next file while another ends this one: many
// small files keep every core busy, and memory still holds a few blocks.
// It stops at the first input that cannot be opened or read, after
// emitting the verdicts of the inputs before it, and returns its index
// (-1 when every input was read) with the error.
func ValidateFiles(in []Input, opt ValidateOptions, emit func(*Verdict)) (sum Summary, failed int, err error) {
	jobs := opt.Jobs
	if jobs <= 0 {
		jobs = runtime.NumCPU()
	}
	if jobs == 1 {
		for i, f := range in {
			r, err := f.Open()
			if err != nil {
				return sum, i, err
			}
			o := opt
			o.File = f.Name
			_, err = validateStream(r, o, 0, 0, tally(&sum, o, emit))
			closeInput(r)
			if err != nil {
				return sum, i, err
			}
		}
		return sum, -1, nil
	}
	free := make(chan *block, 2*jobs+2)
	for i := 0; i < cap(free); i++ {
		free <- &block{}
	}
	done, readErr := checkBlocks(in, opt, jobs, free)
	m := &blockMerger{opt: opt, emit: emit, file: -1}
	waiting := map[int]*block{}
	next := 0
	for b := range done {
		waiting[b.seq] = b
		for b, ok := waiting[next]; ok; b, ok = waiting[next] {
			delete(waiting, next)
			next++
			if b.file != m.file {
				m.file, m.games, m.opt.File = b.file, 0, in[b.file].Name
			}
			m.take(b)
			if b.last {
				m.flush()
			}
			free <- b
		}
	}
	m.flush() // what a read error left kept
	if readErr.err != nil {
		return m.sum, readErr.file, readErr.err
	}
	return m.sum, -1, nil
}

// closeInput closes what an Input's Open gave, if it can be closed.
func closeInput(r io.Reader) {
	if c, ok := r.(io.Closer); ok {
		c.Close()
	}
}

// inputError is the reading's error and the index of its input.
type inputError struct {
	file int
	err  error
}

// tally returns a function that counts each verdict in sum and passes on
// to emit those opt asks for: every game with All, else those with
// problems.
func tally(sum *Summary, opt ValidateOptions, emit func(*Verdict)) func(*Verdict) {
	return func(v *Verdict) {
		sum.add(v)
		if opt.All || len(v.Problems) > 0 {
			emit(v)
		}
	}
}

// checkBlocks cuts the stream into blocks (taken from free) and has jobs
// workers check them; the blocks come out on done in any order, each with
// its verdicts. readErr is the reading's error, to be read once done is
// closed.
func checkBlocks(in []Input, opt ValidateOptions, jobs int, free chan *block) (done <-chan *block, readErr *inputError) {
	todo := make(chan *block, jobs)
	out := make(chan *block, jobs)
	readErr = &inputError{file: -1}
	go func() {
		defer close(todo)
		seq := 0
		for i, f := range in {
			r, err := f.Open()
			if err != nil {
				readErr.file, readErr.err = i, err
				return
			}
			// Lone CRs become LFs before the cut, so that blocks count
			// lines as the splitter does.
			err = cutBlocks(&crReader{r: r}, i, &seq, free, todo)
			closeInput(r)
			if err != nil {
				readErr.file, readErr.err = i, err
				return
			}
		}
	}()
	var wg sync.WaitGroup
	for w := 0; w < jobs; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sp := NewSplitter(nil)
			ps := &Parser{Letters: opt.Letters}
			for b := range todo {
				o := opt
				o.File = in[b.file].Name
				ps.File = o.File
				b.verdicts, b.summary = b.verdicts[:0], Summary{}
				sp.Reset(bytes.NewReader(b.data))
				b.unclean = checkChunks(sp, ps, o, tally(&b.summary, o, func(v *Verdict) {
					b.verdicts = append(b.verdicts, *v)
				})) && !b.last
				out <- b
			}
		}()
	}
	go func() {
		wg.Wait()
		close(out)
	}()
	return out, readErr
}

// blockMerger takes the checked blocks in file order and emits their
// verdicts, numbered and placed in the whole stream. A block that ended
// inside a brace comment is read again with the blocks after it, once the
// text is out of the comment.
type blockMerger struct {
	opt        ValidateOptions
	emit       func(*Verdict)
	sum        Summary
	file       int    // the input being merged
	games      int    // games of that input emitted so far: the base of the next block's numbering
	merged     []byte // the blocks to read again together, nil when none
	mergedLine int    // the first line of merged
}

// take emits a block's verdicts, or keeps the block to read again.
func (m *blockMerger) take(b *block) {
	if m.merged == nil && !b.unclean {
		m.sum.merge(b.summary)
		for i := range b.verdicts {
			renumber(&b.verdicts[i], m.games, b.firstLine)
			m.emit(&b.verdicts[i])
		}
		m.games += b.summary.Games
		return
	}
	// Read again with what came before, in this goroutine, once the text
	// is out of the comment. A block after an open comment starts inside
	// it, which its worker did not know: whether the comment closes is
	// asked again.
	open := b.unclean
	if m.merged == nil {
		m.mergedLine = b.firstLine
	} else {
		open = endsInComment(b.data)
	}
	m.merged = append(m.merged, b.data...)
	if open {
		return
	}
	var vs []Verdict
	var part Summary
	stillOpen, _ := validateStream(bytes.NewReader(m.merged), m.opt, m.games, m.mergedLine,
		tally(&part, m.opt, func(v *Verdict) { vs = append(vs, *v) }))
	if stillOpen && !b.last {
		return
	}
	m.sum.merge(part)
	m.games += part.Games
	for i := range vs {
		m.emit(&vs[i])
	}
	m.merged = nil
}

// flush reads what is kept when the stream ended inside a comment.
func (m *blockMerger) flush() {
	if m.merged != nil {
		_, _ = validateStream(bytes.NewReader(m.merged), m.opt, m.games, m.mergedLine, tally(&m.sum, m.opt, m.emit))
		m.merged = nil
	}
}

// renumber places a verdict of a part of the stream in the whole: game
// numbers start at base and lines at firstLine (0 or 1 for the start of
// the stream).
func renumber(v *Verdict, base, firstLine int) {
	v.Index += base
	if firstLine > 1 {
		v.Line += firstLine - 1
		for i := range v.Problems {
			v.Problems[i].Pos.Line += firstLine - 1
		}
	}
}

// endsInComment reports whether data, read from inside a brace comment,
// ends inside one.
func endsInComment(data []byte) bool {
	sp := NewSplitter(io.MultiReader(strings.NewReader("{"), bytes.NewReader(data)))
	for {
		if _, ok := sp.Next(); !ok {
			return sp.InComment()
		}
	}
}

// validateStream checks a stream in one pass; game numbers start at base
// and lines at firstLine (0 or 1 for the start of a file). It reports
// whether the stream ended inside a brace comment.
func validateStream(r io.Reader, opt ValidateOptions, base, firstLine int, each func(*Verdict)) (bool, error) {
	sp := NewSplitter(r)
	ps := &Parser{File: opt.File, Letters: opt.Letters}
	inComment := checkChunks(sp, ps, opt, func(v *Verdict) {
		renumber(v, base, firstLine)
		each(v)
	})
	return inComment, sp.Err()
}

// checkChunks checks every game the splitter yields and reports whether
// the stream ended inside a brace comment.
func checkChunks(sp *Splitter, ps *Parser, opt ValidateOptions, each func(*Verdict)) bool {
	var v Verdict // one for every game: each copies what it keeps
	for {
		c, ok := sp.Next()
		if !ok {
			break
		}
		v = verdictOf(ps.Parse(c), opt.File)
		each(&v)
	}
	return sp.InComment()
}

// cutBlocks reads the stream of input file into blocks of about
// blockBytes, each ending just before a tag line that follows a blank
// line, numbered from *seq on. The last block of the stream has last set.
func cutBlocks(r io.Reader, file int, seq *int, free <-chan *block, todo chan<- *block) error {
	var carry []byte
	line := 1
	eof := false
	for ; !eof; *seq++ {
		b := <-free
		b.seq, b.file, b.last = *seq, file, false
		b.data = append(b.data[:0], carry...)
		carry = carry[:0]
		cut := -1
		for cut < 0 && !eof {
			if cap(b.data)-len(b.data) < blockBytes/2 {
				b.data = append(b.data, make([]byte, blockBytes)...)[:len(b.data)]
			}
			n, err := io.ReadFull(r, b.data[len(b.data):cap(b.data)])
			b.data = b.data[:len(b.data)+n]
			switch err {
			case nil:
			case io.EOF, io.ErrUnexpectedEOF:
				eof = true
			default:
				return err
			}
			if !eof {
				cut = lastCut(b.data)
			}
		}
		if cut >= 0 {
			carry = append(carry, b.data[cut:]...)
			b.data = b.data[:cut]
		}
		b.last = eof
		b.firstLine = line
		line += bytes.Count(b.data, []byte{'\n'})
		todo <- b
	}
	return nil
}

// lastCut returns the start of the last tag line of b that follows a
// blank line, or -1.
func lastCut(b []byte) int {
	for end := len(b); end > 0; {
		i := bytes.LastIndex(b[:end], []byte("\n["))
		if i < 0 {
			return -1
		}
		j := i - 1
		for j >= 0 && (b[j] == '\r' || b[j] == ' ' || b[j] == '\t') {
			j--
		}
		if j >= 0 && b[j] == '\n' && tagName(b[i+1:]) != nil {
			return i + 1
		}
		end = i
	}
	return -1
}

// verdictOf copies what validation keeps of a parsed game (the parser
// reuses its game).
func verdictOf(g *PGNGame, file string) Verdict {
	v := Verdict{File: file, Index: g.Index, Line: g.Line, Plies: g.Plies, Legal: g.Legal(), Warnings: g.HasWarnings}
	if len(g.Problems) > 0 {
		v.Problems = append([]Problem(nil), g.Problems...)
		v.White, v.Black = strings.Clone(g.Tag("White")), strings.Clone(g.Tag("Black"))
		for i := range v.Problems {
			v.Problems[i].Text = strings.Clone(v.Problems[i].Text)
		}
	}
	return v
}
